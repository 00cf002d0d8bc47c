package neighbors

import (
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
)

// TestBruteMatchesScan checks that Brute returns exactly ScanEuclid's neighbours and distance
// bits: on continuous data, on small integers (many exact ties), on duplicated rows, on large
// and tiny magnitudes (estimate error bound and underflow floor) and on values whose squared
// norms overflow or come near it (the direct fallback), for row counts around the 32-row
// blocks and query counts around the 128-query batches, on one core and on all.
func TestBruteMatchesScan(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	kinds := map[string]func() float64{
		"normal":   r.NormFloat64,
		"integers": func() float64 { return float64(r.IntN(3)) },
		"large":    func() float64 { return 1e150 * r.NormFloat64() },
		"tiny":     func() float64 { return 1e-160 * r.NormFloat64() },
		"overflow": func() float64 { return 1e155 * r.NormFloat64() },
		"nearmax":  func() float64 { return 3e153 * r.NormFloat64() },
		"spread":   func() float64 { return r.NormFloat64() * math.Exp(10*r.NormFloat64()) },
	}
	for name, gen := range kinds {
		for _, sz := range [][3]int{{1, 1, 1}, {5, 3, 2}, {31, 7, 3}, {33, 64, 5}, {100, 10, 1}, {257, 13, 7}, {70, 2, 70}} {
			n, d, k := sz[0], sz[1], sz[2]
			m := 131
			x, qs := make([]float64, n*d), make([]float64, m*d)
			for i := range x {
				x[i] = gen()
			}
			for i := range qs {
				qs[i] = gen()
			}
			if n > 3 { // duplicate rows
				copy(x[2*d:3*d], x[:d])
				copy(qs[:d], x[:d])
			}
			b := NewBrute(x, n, d)
			for _, procs := range []int{1, runtime.NumCPU()} {
				old := runtime.GOMAXPROCS(procs)
				out := make([]Neighbor, m*k)
				b.Search(qs, m, k, out)
				runtime.GOMAXPROCS(old)
				for a := range m {
					want := ScanEuclid(x, n, qs[a*d:(a+1)*d], k, -1, nil)
					got := out[a*k : (a+1)*k]
					if !slices.EqualFunc(got, want, func(p, q Neighbor) bool {
						return p.Index == q.Index && math.Float64bits(p.Dist) == math.Float64bits(q.Dist)
					}) {
						t.Fatalf("%s n=%d d=%d k=%d procs=%d query %d: Brute %v, ScanEuclid %v", name, n, d, k, procs, a, got, want)
					}
				}
			}
		}
	}
}

func BenchmarkBrute(b *testing.B) {
	const n, d, m, k = 20_000, 64, 200, 3
	r := rand.New(rand.NewPCG(7, 8))
	x, qs := make([]float64, n*d), make([]float64, m*d)
	for i := range x {
		x[i] = r.NormFloat64()
	}
	for i := range qs {
		qs[i] = r.NormFloat64()
	}
	b.Run("Brute", func(b *testing.B) {
		out := make([]Neighbor, m*k)
		b.ReportAllocs()
		for b.Loop() {
			NewBrute(x, n, d).Search(qs, m, k, out)
		}
	})
	b.Run("ScanEuclid", func(b *testing.B) {
		buf := make([]Neighbor, 0, k)
		b.ReportAllocs()
		for b.Loop() {
			for a := range m {
				buf = ScanEuclid(x, n, qs[a*d:(a+1)*d], k, -1, buf)
			}
		}
	})
}
