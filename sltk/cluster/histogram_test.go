package cluster

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/info"
	"gonum.org/v1/gonum/mat"
)

// histData draws n objects, each a histogram of m draws from one of three 8-bin sources.
func histData(n, m int, seed uint64) (*mat.Dense, []int) {
	src := [][]float64{
		{0.4, 0.3, 0.1, 0.1, 0.05, 0.05, 0, 0},
		{0, 0.05, 0.1, 0.35, 0.35, 0.1, 0.05, 0},
		{0.05, 0, 0, 0.05, 0.1, 0.2, 0.3, 0.3},
	}
	rng := rand.New(rand.NewPCG(seed, 3))
	counts := mat.NewDense(n, 8, nil)
	lab := make([]int, n)
	for i := 0; i < n; i++ {
		lab[i] = i % 3
		for r := 0; r < m; r++ {
			u, acc := rng.Float64(), 0.0
			for j, p := range src[lab[i]] {
				acc += p
				if u < acc {
					counts.Set(i, j, counts.At(i, j)+1)
					break
				}
			}
		}
	}
	h, _ := HistogramsFromCounts(counts)
	return h, lab
}

func TestHistogramDARecoversSources(t *testing.T) {
	h, lab := histData(90, 100, 1)
	res, err := HistogramDA{K: 3, Schedule: gibbs.Schedule{Cooling: 0.85}, Seed: 2}.Fit(h)
	if err != nil {
		t.Fatal(err)
	}
	// Labels agree with the sources up to a permutation.
	perm := map[int]int{}
	for i, l := range res.Labels {
		if p, ok := perm[lab[i]]; ok && p != l {
			t.Fatalf("object %d: source %d split over clusters", i, lab[i])
		}
		perm[lab[i]] = l
	}
	if len(perm) != 3 {
		t.Fatal("sources merged")
	}
	first := res.Levels[0]
	if first.Distinct != 1 {
		t.Fatalf("%d distinct centroids at T0", first.Distinct)
	}
	for _, v := range first.KLToMean {
		if v > 1e-6 {
			t.Fatalf("KL to the mean histogram %g at T0 (O15: all q_k = q̄)", v)
		}
	}
	for _, lv := range res.Levels {
		if math.IsNaN(lv.FreeEnergy) || math.IsInf(lv.FreeEnergy, 0) {
			t.Fatalf("free energy %g at T = %g", lv.FreeEnergy, lv.T)
		}
	}
	if res.Splits[0] > res.Tc*1.2 {
		t.Fatalf("first split at %g, χ² estimate of T_c %g", res.Splits[0], res.Tc)
	}
}

func TestHistogramFreeEnergyMonotone(t *testing.T) {
	// Ex. 18: the update never increases the free energy at fixed T.
	h, _ := histData(60, 50, 4)
	T := 0.05
	prev := math.Inf(1)
	for it := 1; it <= 30; it++ {
		res, err := HistogramDA{K: 3, Schedule: gibbs.Schedule{T0: T, TMin: T}, Noise: 0.3, MaxIter: it, Tol: 1e-300, Seed: 5}.Fit(h)
		if err != nil {
			t.Fatal(err)
		}
		f := res.Levels[0].FreeEnergy
		if f > prev+1e-12*math.Abs(prev) {
			t.Fatalf("F rose from %g to %g after %d iterations", prev, f, it)
		}
		prev = f
	}
}

func TestHistogramCentroidMinimisesWeightedKL(t *testing.T) {
	// O15 / Ex. 17: q* = Σ w p̂ / Σ w minimises Σ w D_KL[p̂ ‖ q] over the simplex.
	h, _ := histData(20, 40, 6)
	rng := rand.New(rand.NewPCG(7, 7))
	w := make([]float64, 20)
	q := make([]float64, 8)
	var sw float64
	for i := range w {
		w[i] = rng.Float64()
		sw += w[i]
	}
	for i := range w {
		for j := 0; j < 8; j++ {
			q[j] += w[i] * h.At(i, j) / sw
		}
	}
	obj := func(q []float64) float64 {
		var s float64
		for i := range w {
			d, err := info.KLNats(h.RawRowView(i), q)
			if err != nil {
				return math.Inf(1)
			}
			s += w[i] * d
		}
		return s
	}
	base := obj(q)
	for trial := 0; trial < 300; trial++ {
		r := make([]float64, 8)
		var s float64
		for j := range r {
			r[j] = math.Max(1e-12, q[j]*(1+0.1*(2*rng.Float64()-1)))
			s += r[j]
		}
		for j := range r {
			r[j] /= s
		}
		if obj(r) < base-1e-12 {
			t.Fatalf("perturbation lowered the weighted KL: %g < %g", obj(r), base)
		}
	}
}

func TestHistogramBadInput(t *testing.T) {
	bad := mat.NewDense(2, 3, []float64{0.5, 0.5, 0.1, 0.2, 0.3, 0.5})
	if _, err := (HistogramDA{K: 1}).Fit(bad); !errors.Is(err, ErrProb) {
		t.Fatal(err)
	}
	h, _ := histData(6, 10, 1)
	if _, err := (HistogramDA{K: 0}).Fit(h); !errors.Is(err, ErrParam) {
		t.Fatal(err)
	}
	if _, err := (HistogramDA{K: 2, Schedule: gibbs.Schedule{T0: -1}}).Fit(h); !errors.Is(err, ErrParam) {
		t.Fatal(err)
	}
	if _, err := HistogramsFromCounts(mat.NewDense(1, 2, []float64{0, 0})); !errors.Is(err, ErrParam) {
		t.Fatal(err)
	}
}

func ExampleHistogramDA() {
	h, _ := histData(90, 100, 1) // 90 histograms of 8 bins from three sources
	res, _ := HistogramDA{K: 3, Schedule: gibbs.Schedule{Cooling: 0.85}, Seed: 2}.Fit(h)
	last := res.Levels[len(res.Levels)-1]
	fmt.Printf("%d distinct centroid histograms; first split at T = %.3f (χ² estimate %.3f)\n", last.Distinct, res.Splits[0], res.Tc)
	// Output:
	// 3 distinct centroid histograms; first split at T = 0.565 (χ² estimate 0.613)
}
