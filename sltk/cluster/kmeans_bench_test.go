package cluster

import (
	"fmt"
	"math"
	"syscall"
	"testing"

	"github.com/sltk-book/sltk/sltk/synth"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// benchBlobs returns overlapping blobs (Std 10 in a box of half-width 10), on which Lloyd needs
// more than 20 iterations, so a capped run does the full 20.
func benchBlobs(b *testing.B, n, d, k int) (*mat.Dense, *mat.Dense) {
	b.Helper()
	x, _, _, err := synth.Blobs{N: n, K: k, Dim: d, Std: 10, Seed: 1}.Generate()
	if err != nil {
		b.Fatal(err)
	}
	init := mat.DenseCopyOf(x.Slice(n-k, n, 0, d))
	return x, init
}

func benchLloyd(b *testing.B, n, d, k int, accel KMeansAccel) {
	x, init := benchBlobs(b, n, d, k)
	km := KMeans{K: k, Init: KMeansGiven, Centroids: init, MaxIter: 20, Accel: accel}
	b.ReportAllocs()
	b.ResetTimer()
	var res *KMeansResult
	cpu0 := benchCPU()
	for b.Loop() {
		var err error
		if res, err = km.Fit(x); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(benchCPU()-cpu0)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(res.Iter), "iter")
}

// benchCPU returns the process's user plus system CPU time in nanoseconds: on a loaded machine
// it varies far less than the wall-clock ns/op.
func benchCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// BenchmarkKMeansLloyd20 runs 20 Lloyd iterations (given start, Tol 0) with each assignment step
// (the results are identical).
func BenchmarkKMeansLloyd20(b *testing.B) {
	for _, accel := range []KMeansAccel{AccelNone, AccelHamerly} {
		b.Run("n=1e6,d=10,k=10,"+accel.String(), func(b *testing.B) { benchLloyd(b, 1_000_000, 10, 10, accel) })
		b.Run("n=1e5,d=2,k=5,"+accel.String(), func(b *testing.B) { benchLloyd(b, 100_000, 2, 5, accel) })
	}
}

// BenchmarkKMeansSeparated runs 20 iterations (at most) on better separated blobs, where the
// bounds of AccelHamerly skip nearly every row after the first iterations.
func BenchmarkKMeansSeparated(b *testing.B) {
	for _, c := range []struct {
		n, d, k int
		std     float64
	}{{1_000_000, 10, 10, 3}, {200_000, 4, 20, 5}} {
		x, _, _, err := synth.Blobs{N: c.n, K: c.k, Dim: c.d, Std: c.std, Seed: 1}.Generate()
		if err != nil {
			b.Fatal(err)
		}
		init := mat.DenseCopyOf(x.Slice(c.n-c.k, c.n, 0, c.d))
		for _, accel := range []KMeansAccel{AccelNone, AccelHamerly} {
			b.Run(fmt.Sprintf("n=%d,d=%d,k=%d,std=%g,%v", c.n, c.d, c.k, c.std, accel), func(b *testing.B) {
				km := KMeans{K: c.k, Init: KMeansGiven, Centroids: init, MaxIter: 20, Accel: accel}
				b.ReportAllocs()
				var res *KMeansResult
				for b.Loop() {
					var err error
					if res, err = km.Fit(x); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(res.Iter), "iter")
			})
		}
	}
}

func BenchmarkKMeansPlusPlusInit(b *testing.B) {
	x, _ := benchBlobs(b, 100_000, 10, 10)
	km := KMeans{K: 10, MaxIter: 1}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := km.Fit(x); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOnlineKMeansEpoch(b *testing.B) {
	x, init := benchBlobs(b, 100_000, 10, 10)
	o := OnlineKMeans{K: 10, Init: KMeansGiven, Centroids: init, MaxIter: 1}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := o.Fit(x); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAssignForms compares (run it with GOMAXPROCS=1: gonum's Gemm spawns its own goroutines), the two ways to compute one assignment step of
// n = 10^6 rows in d = 10 against k = 10 centroids: the direct loop Σ_t (x_t − c_t)² that the
// package uses, and ‖x‖² − 2·x·c + ‖c‖² with the cross terms from blas64.Gemm on blocks of rows.
func BenchmarkAssignForms(b *testing.B) {
	const n, d, k = 1_000_000, 10, 10
	x, init := benchBlobs(b, n, d, k)
	data, err := kmPrepare("KMeans.Fit", x)
	if err != nil {
		b.Fatal(err)
	}
	cent, _ := kmCentroidSlice("KMeans.Fit", init, k, d)
	b.Run("direct", func(b *testing.B) {
		e := kmNewEngine(data, k, 1)
		b.ReportAllocs()
		for b.Loop() {
			e.assign(cent)
		}
	})
	b.Run("gemm", func(b *testing.B) {
		e := kmNewEngine(data, k, 1)
		xn := make([]float64, n)
		for i := range xn {
			for _, v := range data.x[i*d : (i+1)*d] {
				xn[i] += v * v
			}
		}
		cn := make([]float64, k)
		for j := range cn {
			for _, v := range cent[j*d : (j+1)*d] {
				cn[j] += v * v
			}
		}
		g := make([]float64, e.bs*k)
		b.ReportAllocs()
		for b.Loop() {
			for blk := 0; blk < e.nb; blk++ {
				lo, hi := blk*e.bs, min((blk+1)*e.bs, n)
				rows := hi - lo
				xa := blas64.General{Rows: rows, Cols: d, Stride: d, Data: data.x[lo*d : hi*d]}
				ca := blas64.General{Rows: k, Cols: d, Stride: d, Data: cent}
				ga := blas64.General{Rows: rows, Cols: k, Stride: k, Data: g[:rows*k]}
				blas64.Gemm(blas.NoTrans, blas.Trans, -2, xa, ca, 0, ga)
				for r := 0; r < rows; r++ {
					best, bj := math.Inf(1), 0
					for j, v := range g[r*k : (r+1)*k] {
						if s := xn[lo+r] + v + cn[j]; s < best {
							best, bj = s, j
						}
					}
					e.labels[lo+r] = bj
					e.mind[lo+r] = best
				}
			}
		}
	})
}
