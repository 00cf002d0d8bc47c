//go:build unix

package kernel

import (
	"fmt"
	"syscall"
	"testing"
)

// cpuNow is the process's CPU time in nanoseconds: a measure that a busy machine distorts
// less than wall time.
func cpuNow() float64 {
	var r syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &r)
	return float64(r.Utime.Nano() + r.Stime.Nano())
}

// BenchmarkPackSlivers packs a 96×256 block (an A panel of Sgemm or Gemm) from a matrix of
// 784 columns in each direction, width and precision, with and without the assembly, and
// reports CPU nanoseconds per packed value.
func BenchmarkPackSlivers(b *testing.B) {
	b.Run("float32", packBench[float32])
	b.Run("float64", packBench[float64])
}

func packBench[T float](b *testing.B) {
	x := make([]T, 1024*1024)
	dst := make([]T, 256*256)
	for _, c := range []struct {
		name  string
		trans bool
		w     int
	}{{"copy6", true, 6}, {"copy16", true, 16}, {"gather6", false, 6}, {"gather8", false, 8}, {"gather16", false, 16}} {
		for _, asm := range []bool{true, false} {
			b.Run(fmt.Sprintf("%s/asm=%v", c.name, asm), func(b *testing.B) {
				defer setAsm(setAsm(asm))
				t := cpuNow()
				for b.Loop() {
					packSlivers(dst, x, 784, c.trans, 0, 96, 0, 256, c.w)
				}
				b.ReportMetric((cpuNow()-t)/float64(b.N)/(96*256), "cpuns/elem")
			})
		}
	}
}
