package cluster

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/kernel"
)

// TestKMDistQuadsAgree checks that the distance kernel in use (assembly where available) gives,
// bit for bit, kernel.KMDistQuadsGo and kmDist2 for every pair, and that kernel.KMNearestQuads
// (the one k-means calls) gives kmNearest's distance and index for every row, on random data over many scales and
// shapes, including values whose squares overflow.
func TestKMDistQuadsAgree(t *testing.T) {
	t.Logf("assembly kernel in use: %v", kernel.Asm())
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 300; trial++ {
		d := 1 + rng.IntN(20)
		k := 1 + rng.IntN(40)
		nq := 1 + rng.IntN(5)
		kp := kmPadK(k)
		scale := math.Ldexp(1, rng.IntN(80)-40)
		if trial%50 == 0 {
			scale = 1e160 // squares overflow to +Inf
		}
		x := make([]float64, 4*nq*d)
		cent := make([]float64, k*d)
		for i := range x {
			x[i] = rng.NormFloat64() * scale
		}
		for i := range cent {
			cent[i] = rng.NormFloat64() * scale
		}
		ct := make([]float64, d*kp)
		got := make([]float64, 4*nq*kp)
		want := make([]float64, 4*nq*kp)
		gb, wb := make([]float64, 4*nq), make([]float64, 4*nq)
		gi, wi := make([]int, 4*nq), make([]int, 4*nq)
		if trial%3 == 0 { // exact ties between centroids
			copy(cent[(k-1)*d:], cent[:d])
		}
		kmTranspose(ct, cent, k, d, kp)
		kernel.KMDistQuads(x, nq, d, ct, kp, got, gb, gi)
		kernel.KMDistQuadsGo(x, nq, d, ct, kp, want, wb, wi)
		nqb, nqi := make([]float64, 4*nq), make([]int, 4*nq)
		kernel.KMNearestQuads(x, nq, d, ct, kp, nqb, nqi)
		for r := 0; r < 4*nq; r++ {
			nb, nj := kmNearest(x[r*d:(r+1)*d], cent, k)
			if nqi[r] != nj || math.Float64bits(nqb[r]) != math.Float64bits(nb) {
				t.Fatalf("trial %d (d=%d k=%d): row %d: kernel.KMNearestQuads (%v, %d), kmNearest (%v, %d)",
					trial, d, k, r, nqb[r], nqi[r], nb, nj)
			}
			if gi[r] != nj || math.Float64bits(gb[r]) != math.Float64bits(nb) || wi[r] != nj ||
				math.Float64bits(wb[r]) != math.Float64bits(nb) {
				t.Fatalf("trial %d (d=%d k=%d): row %d: kernel (%v, %d), Go (%v, %d), kmNearest (%v, %d)",
					trial, d, k, r, gb[r], gi[r], wb[r], wi[r], nb, nj)
			}
			for j := 0; j < kp; j++ {
				g, w := got[r*kp+j], want[r*kp+j]
				if math.Float64bits(g) != math.Float64bits(w) {
					t.Fatalf("trial %d (d=%d k=%d): row %d centroid %d: kernel %v, Go %v", trial, d, k, r, j, g, w)
				}
				if j < k {
					if s := kmDist2(x[r*d:(r+1)*d], cent[j*d:(j+1)*d]); math.Float64bits(s) != math.Float64bits(g) {
						t.Fatalf("trial %d: row %d centroid %d: kernel %v, kmDist2 %v", trial, r, j, g, s)
					}
				}
			}
		}
	}
}

// BenchmarkKMDistQuads measures the kernels alone on 65536 rows (5 MiB), d = 10, k = 10: enough
// rows that the branch predictor cannot learn which centroid wins in each row, as it does when
// a few thousand rows are measured over and over, and the per-row search then looks faster
// than it is on real data.
func BenchmarkKMDistQuads(b *testing.B) {
	const n, d, k = 1 << 16, 10, 10
	kp := kmPadK(k)
	rng := rand.New(rand.NewPCG(1, 2))
	x := make([]float64, n*d)
	for i := range x {
		x[i] = rng.NormFloat64()
	}
	ct := make([]float64, d*kp)
	for i := range ct {
		ct[i] = rng.NormFloat64()
	}
	out, best, idx := make([]float64, n*kp), make([]float64, n), make([]int, n)
	b.Run("kernel", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			kernel.KMDistQuads(x, n/4, d, ct, kp, out, best, idx)
		}
	})
	b.Run("go", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			kernel.KMDistQuadsGo(x, n/4, d, ct, kp, out, best, idx)
		}
	})
	// nearest is the kernel k-means calls, as assignBlock calls it: kernel.KMStep(kp) rows per
	// call (256 with the AVX-512 kernel, else 84) into buffers of 256 on the stack. Its CPU time per row is reported beside the wall time.
	b.Run("nearest", func(b *testing.B) {
		b.ReportAllocs()
		var nbest [kmChunk / 4]float64
		var nidx [kmChunk / 4]int
		step := min(kernel.KMStep(kp), kmChunk/4)
		cpu0 := benchCPU()
		for b.Loop() {
			for i := 0; i+step <= n; i += step {
				kernel.KMNearestQuads(x[i*d:(i+step)*d], step/4, d, ct, kp, nbest[:], nidx[:])
			}
		}
		b.ReportMetric(float64(benchCPU()-cpu0)/float64(b.N)/float64(n/step*step), "cpu-ns/row")
	})
}

// TestKMAddRowsAgree checks that kernel.KMAddRows (the assembly where available) adds rows into their
// clusters' sums with the bits of kmAddRow, for widths around the four-lane vectors and repeated
// clusters (a sum read right after it was written).
func TestKMAddRowsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for d := 1; d <= 13; d++ {
		for _, m := range []int{0, 1, 5, 84} {
			k := 1 + rng.IntN(6)
			x := make([]float64, m*d)
			for i := range x {
				x[i] = rng.NormFloat64() * math.Ldexp(1, rng.IntN(60)-30)
			}
			idx := make([]int, m)
			for r := range idx {
				idx[r] = rng.IntN(k)
			}
			got, want := make([]float64, k*d), make([]float64, k*d)
			for i := range got {
				got[i] = rng.NormFloat64()
				want[i] = got[i]
			}
			kernel.KMAddRows(got, x, idx, d)
			for r, j := range idx {
				kmAddRow(want[j*d:(j+1)*d], x[r*d:(r+1)*d])
			}
			for i := range got {
				if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
					t.Fatalf("d=%d m=%d: sum %d: kernel.KMAddRows %v, kmAddRow %v (assembly %v)", d, m, i, got[i], want[i], kernel.Asm())
				}
			}
		}
	}
}
