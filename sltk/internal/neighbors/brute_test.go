package neighbors

import (
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
)

// TestBruteMatchesScan checks that Brute returns exactly ScanEuclid's neighbours and distance
// bits: on continuous data, on small integers (many exact ties), on near-ties (rows on a sphere
// around the query perturbed by 10⁻⁹ relative, far below the float32 estimate's resolution),
// on duplicated rows, on large and tiny magnitudes (float64 screening, estimate error bound and
// underflow floor) and on values whose squared norms overflow or come near it (the direct
// fallback), and with queries outside the float32 range among queries inside it; for row
// counts around the float32 products' blocks (rows32) and the float64 path's 32-row blocks,
// d on both sides of Sgemm's 256-term blocks, query counts of one and two batches, on one
// core and on all. It also checks which screening each kind of data gets.
func TestBruteMatchesScan(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	kinds := map[string]func() float64{
		"normal":   r.NormFloat64,
		"integers": func() float64 { return float64(r.IntN(3)) },
		"nearties": func() float64 { return 0 }, // filled below
		"mixedq":   r.NormFloat64,               // some queries out of the float32 range
		"large":    func() float64 { return 1e150 * r.NormFloat64() },
		"tiny":     func() float64 { return 1e-160 * r.NormFloat64() },
		"overflow": func() float64 { return 1e155 * r.NormFloat64() },
		"nearmax":  func() float64 { return 3e153 * r.NormFloat64() },
		"spread":   func() float64 { return r.NormFloat64() * math.Exp(10*r.NormFloat64()) },
	}
	f32 := map[string]bool{"normal": true, "integers": true, "nearties": true, "mixedq": true,
		"large": false, "tiny": false, "overflow": false, "nearmax": false}
	sizes := [][4]int{{1, 1, 1, 131}, {5, 3, 2, 131}, {31, 7, 3, 131}, {33, 64, 5, 131},
		{100, 10, 1, 131}, {257, 13, 7, 131}, {70, 2, 70, 131}, {255, 64, 3, 7}, {257, 64, 3, 131},
		{600, 64, 4, 1}, {300, 257, 3, 61}, {120, 300, 2, 1000}}
	for name, gen := range kinds {
		for _, sz := range sizes {
			n, d, k, m := sz[0], sz[1], sz[2], sz[3]
			x, qs := make([]float64, n*d), make([]float64, m*d)
			for i := range x {
				x[i] = gen()
			}
			for i := range qs {
				qs[i] = gen()
			}
			if name == "nearties" { // every row at distance ≈ 10 from every query's centre
				for i := range n {
					row := x[i*d : (i+1)*d]
					row[i%d] = 10 * (1 + 1e-9*float64(r.IntN(5)))
				}
				clear(qs)
			}
			if name == "mixedq" {
				for a := 0; a < m; a += 3 {
					qs[a*d] = 1e-30 // below 2⁻⁶⁰: this query is screened in float64
				}
			}
			if n > 3 { // duplicate rows
				copy(x[2*d:3*d], x[:d])
				copy(qs[:d], x[:d])
			}
			b := NewBrute(x, n, d)
			if want, ok := f32[name]; ok && (b.x32 != nil) != want {
				t.Fatalf("%s n=%d d=%d: float32 screening %v, want %v", name, n, d, b.x32 != nil, want)
			}
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

// TestBruteRange32 checks the float32 range test at its edges.
func TestBruteRange32(t *testing.T) {
	for _, c := range []struct {
		v    []float64
		want bool
	}{
		{[]float64{0, 1, -1}, true},
		{[]float64{0x1p-60, -0x1p50}, true},
		{[]float64{0x1p-61}, false},
		{[]float64{0x1.0000000000001p60}, false},
		{[]float64{math.Inf(1)}, false},
		{[]float64{math.NaN()}, false},
	} {
		sq := 0.0
		for _, a := range c.v {
			sq += a * a
		}
		if got := range32(c.v, sq); got != c.want {
			t.Errorf("range32(%v) = %v, want %v", c.v, got, c.want)
		}
	}
	if range32([]float64{1}, 0x1.0000000000001p100) {
		t.Error("range32 accepts a squared norm above 2¹⁰⁰")
	}
	// Every entry against the definition in float comparisons, at the edges and both signs.
	def := func(a float64) bool {
		a = math.Abs(a)
		return a == 0 || (a >= 0x1p-60 && a <= 0x1p60)
	}
	edges := []float64{0, 0x1p-1074, 0x1p-1022, math.Nextafter(0x1p-60, 0), 0x1p-60,
		math.Nextafter(0x1p-60, 1), 1, math.Nextafter(0x1p60, 0), 0x1p60,
		math.Nextafter(0x1p60, math.Inf(1)), math.MaxFloat64, math.Inf(1), math.NaN()}
	rng := rand.New(rand.NewPCG(5, 5))
	for range 2000 {
		edges = append(edges, math.Ldexp(rng.Float64()+0.5, rng.IntN(2200)-1100))
	}
	for _, a := range edges {
		for _, x := range []float64{a, -a} {
			if got := range32([]float64{1, x, 1}, 1); got != def(x) {
				t.Errorf("range32 of %v (bits %#x) = %v, want %v", x, math.Float64bits(x), got, def(x))
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
