//go:build unix

package kernel

import (
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

// BenchmarkPackSlivers packs a 96×256 float32 block (an A panel of Sgemm) from a matrix of
// 784 columns in each direction and width and reports CPU nanoseconds per packed value.
func BenchmarkPackSlivers(b *testing.B) {
	x := make([]float32, 1024*1024)
	dst := make([]float32, 256*256)
	for _, c := range []struct {
		name  string
		trans bool
		w     int
	}{{"copy6", true, 6}, {"copy16", true, 16}, {"gather6", false, 6}, {"gather16", false, 16}} {
		b.Run(c.name, func(b *testing.B) {
			t := cpuNow()
			for b.Loop() {
				packSlivers(dst, x, 784, c.trans, 0, 96, 0, 256, c.w)
			}
			b.ReportMetric((cpuNow()-t)/float64(b.N)/(96*256), "cpuns/elem")
		})
	}
}
