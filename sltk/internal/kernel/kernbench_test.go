package kernel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
)

// The benchmarks of the k-means and k-NN kernels against the machine's arithmetic bound. They
// report the CPU time of the process beside the wall time (run them with -cpu 1: on a shared
// machine the CPU time is the kernel's own, the wall time includes the time it waited for a
// core), and from the CPU time the rate of the kernel's arithmetic. Where the CPU has AVX-512
// they also report it per cycle: between the kernel's calls they time fmaPeak512, twelve
// independent chains of 512-bit FMAs, which Zen 5 issues at two per cycle, and take the clock
// from it (perCall). The clock then comes from the same seconds and the same kind of work as
// the kernel's: on the bench machine it measured 3.0–3.4 GHz from one session to the next.

// benchCPUNs is the CPU time (user + system) the process has used, in ns.
func benchCPUNs() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// threadCPUNs is the CPU time the calling thread has used, in ns.
func threadCPUNs() int64 {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts) != nil {
		return 0
	}
	return ts.Nano()
}

// perCall runs fn once per b.Loop iteration on one thread and returns its CPU time per call
// in ns (reported as ns/op) and the clock in GHz (0 without AVX-512): before every call,
// fmaPeak512 runs 12·2¹⁵ vector FMAs (about 60 µs, so that the two reads of the thread's CPU
// time, a system call each, add under 1 %), whose CPU time at two per cycle gives the
// clock.
func perCall(b *testing.B, fn func()) (ns, ghz float64) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	const peak = 1 << 15
	var fnNs, peakNs int64
	calls, wide := 0, true
	for b.Loop() {
		t0 := threadCPUNs()
		if wide {
			wide = benchPeak(peak)
		}
		t1 := threadCPUNs()
		fn()
		t2 := threadCPUNs()
		peakNs, fnNs, calls = peakNs+t1-t0, fnNs+t2-t1, calls+1
	}
	ns = float64(fnNs) / float64(calls)
	b.ReportMetric(ns, "ns/op")
	if wide && peakNs > 0 {
		ghz = float64(12*peak*calls) / 2 / float64(peakNs)
	}
	return ns, ghz
}

// BenchmarkKMNearestQuads times the k-means assignment kernel as package cluster calls it
// (KMStep(kp) rows per call) on n rows of d = 10 against kp = 12 centroids, n = 2¹⁶
// (5 MiB, in L3) and 10⁶ (80 MB, streamed from memory). It reports the CPU time per pass over
// 10⁶ rows (ms/pass) and the rate of the triples u = x − c, u·u, s + u·u (Gtriples/s); the
// arithmetic bound is three vector operations per eight triples on four pipes (Zen 5), 3/32
// cycle per triple, and %bound is the bound's time over the measured one (the bound is 3.1 ms
// per pass at 3.6 GHz).
func BenchmarkKMNearestQuads(b *testing.B) {
	const d, kp = 10, 12
	for _, n := range []int{1 << 16, 1_000_000} {
		rng := rand.New(rand.NewPCG(1, 2))
		x := make([]float64, n*d)
		for i := range x {
			x[i] = rng.NormFloat64()
		}
		ct := make([]float64, d*kp)
		for i := range ct {
			ct[i] = rng.NormFloat64()
		}
		for t := range d { // two padding centroids, as for k = 10
			ct[t*kp+10], ct[t*kp+11] = math.Inf(1), math.Inf(1)
		}
		best, idx := make([]float64, 256), make([]int, 256)
		name := "n65536"
		if n == 1_000_000 {
			name = "n1e6"
		}
		for _, m := range kernelModes[:2] {
			b.Run(name+"/"+m.String(), func(b *testing.B) {
				defer m.set()()
				step := KMStep(kp)
				cpu, ghz := perCall(b, func() {
					i := 0
					for ; i+step <= n; i += step {
						KMNearestQuads(x[i*d:(i+step)*d], step/4, d, ct, kp, best, idx)
					}
					if r := (n - i) / 4 * 4; r > 0 {
						KMNearestQuads(x[i*d:(i+r)*d], r/4, d, ct, kp, best, idx)
					}
				})
				b.ReportMetric(cpu/float64(n)*1e6/1e6, "ms/pass")
				b.ReportMetric(float64(n*kp*d)/cpu, "Gtriples/s")
				if ghz > 0 {
					b.ReportMetric(100*float64(n*kp*d)*3/32/ghz/cpu, "%bound")
				}
			})
		}
	}
}

// BenchmarkSgemmKNN times Sgemm on the products of package neighbors' brute-force search at
// d = 64: a batch of 480 queries times the transpose of 256 rows (480×256×64, one goroutine,
// beta = 0), and the same with 1000 queries' last batch (336); each also with the queries
// and the rows packed once (packedAB, SgemmPackedAB), as package neighbors multiplies them. It reports the CPU-time rate of
// float32 multiply-adds (GFMA/s) and, with the clock, the vector FMA instructions per cycle
// (FMA/cycle: the rate over 16 lanes, or 8 for AVX2, and the clock; Zen 5 issues two).
func BenchmarkSgemmKNN(b *testing.B) {
	const n, d = 256, 64
	for _, m := range []int{480, 336} {
		rng := rand.New(rand.NewPCG(3, 4))
		q := blas32.General{Rows: m, Cols: d, Stride: d, Data: make([]float32, m*d)}
		x := blas32.General{Rows: n, Cols: d, Stride: d, Data: make([]float32, n*d)}
		c := blas32.General{Rows: m, Cols: n, Stride: n, Data: make([]float32, m*n)}
		for i := range q.Data {
			q.Data[i] = float32(rng.NormFloat64())
		}
		for i := range x.Data {
			x.Data[i] = float32(rng.NormFloat64())
		}
		pq := NewPackedA32(m, d)
		pq.Pack(blas.NoTrans, q)
		px := NewPackedB32(d, n)
		px.Pack(blas.Trans, x, 0, 1)
		for _, md := range kernelModes[:2] {
			run := func(name string, product func()) {
				b.Run(fmt.Sprintf("m%d/%v%s", m, md, name), func(b *testing.B) {
					defer md.set()()
					cpu, ghz := perCall(b, product)
					b.ReportMetric(float64(m*n*d)/cpu, "GFMA/s")
					reportFMAPerCycle(b, md, float64(m*n*d)/cpu, ghz)
				})
			}
			run("", func() { SgemmWorkers(1, blas.NoTrans, blas.Trans, 1, q, x, 0, c) })
			// packedAB: the queries packed once per batch and the rows once, as package neighbors
			// keeps them.
			run("/packedAB", func() { SgemmPackedAB(1, pq, px, 1, 0, c) })
		}
	}
}

// BenchmarkSgemmKernelKNN times the micro-kernel alone (sgemmKernelRow over 16 tiles, k = 64,
// the panels packed once) as the product of BenchmarkSgemmKNN calls it.
func BenchmarkSgemmKernelKNN(b *testing.B) {
	const k, tiles = 64, 16
	a := make([]float32, 6*k)
	bb := make([]float32, tiles*16*k)
	c := make([]float32, 6*tiles*16)
	for i := range a {
		a[i] = float32(i%7) - 3
	}
	for i := range bb {
		bb[i] = float32(i%5) - 2
	}
	for _, md := range kernelModes[:2] {
		b.Run(md.String(), func(b *testing.B) {
			defer md.set()()
			cpu, ghz := perCall(b, func() {
				for range 80 { // the 480 rows of a batch
					sgemmKernelRow(k, a, bb, 16*k, c, tiles*16, 1, true, tiles)
				}
			})
			b.ReportMetric(float64(80*6*tiles*16*k)/cpu, "GFMA/s")
			reportFMAPerCycle(b, md, float64(80*6*tiles*16*k)/cpu, ghz)
		})
	}
}

// reportFMAPerCycle reports the vector FMA instructions per cycle of a float32 product that
// ran gfma·10⁹ multiply-adds per second in mode md at ghz GHz: 16 lanes each with AVX-512, 8
// with AVX2 (nothing without a clock, which implies both, or on the Go path, which issues no
// vector instructions).
func reportFMAPerCycle(b *testing.B, md kernelMode, gfma, ghz float64) {
	if ghz == 0 || !md.asm {
		return
	}
	lanes := 8.0
	if md.wide {
		lanes = 16
	}
	b.ReportMetric(gfma/lanes/ghz, "FMA/cycle")
}
