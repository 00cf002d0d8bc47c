package cluster

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"gonum.org/v1/gonum/mat"
)

func TestDALogPAKernelBruteForceO5(t *testing.T) {
	// Σ over all K^N assignments of p(c|X′)p(c|X″) equals the product formula (Ex. 7).
	x1, _ := daBlobs([][]float64{{0, 0}, {3, 1}}, 4, 1, 1, 31)
	x2, _ := daBlobs([][]float64{{0, 0}, {3, 1}}, 4, 1, 1, 32)
	x1 = mat.DenseCopyOf(x1.Slice(0, 7, 0, 2))
	x2 = mat.DenseCopyOf(x2.Slice(0, 7, 0, 2))
	theta := mat.NewDense(3, 2, []float64{0, 0, 3, 1, 1, 2})
	for _, T := range []float64{0.5, 2, 10} {
		p1, _ := Posteriors(x1, theta, T)
		p2, _ := Posteriors(x2, theta, T)
		var brute float64
		lab := make([]int, 7)
		for a := 0; a < 2187; a++ {
			v := a
			pr := 1.0
			for i := range lab {
				lab[i] = v % 3
				v /= 3
				pr *= p1.At(i, lab[i]) * p2.At(i, lab[i])
			}
			brute += pr
		}
		lk, err := DALogPAKernel(x1, x2, theta, T)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(math.Exp(lk)-brute) > 1e-12*brute {
			t.Fatalf("T = %g: product %g, brute force %g", T, math.Exp(lk), brute)
		}
		if lk > 0 {
			t.Fatal("κ > 1")
		}
	}
}

// daPaired draws two observations of the same objects: shared cluster label, independent noise.
func daPaired(seed uint64) (*mat.Dense, *mat.Dense) {
	centres := [][]float64{{0, 0}, {8, 0}, {4, 7}}
	rng := rand.New(rand.NewPCG(seed, 9))
	n := 180
	x1, x2 := mat.NewDense(n, 2, nil), mat.NewDense(n, 2, nil)
	for i := 0; i < n; i++ {
		c := centres[i%3]
		for j := 0; j < 2; j++ {
			x1.Set(i, j, c[j]+rng.NormFloat64())
			x2.Set(i, j, c[j]+rng.NormFloat64())
		}
	}
	return x1, x2
}

func TestDAPAEstimatesClusters(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		x1, x2 := daPaired(seed)
		res, err := DAPA{DA: DA{K: 6, Schedule: gibbs.Schedule{TMin: 0.05, Cooling: 0.85}, Seed: seed}}.Fit(x1, x2)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(res.LogPA[0]) > 1e-6*float64(180) {
			t.Fatalf("log(|C|κ) = %g above T_c, want 0", res.LogPA[0])
		}
		best := res.LogPA[res.Best] / 180
		if best <= 0 || best > math.Log(6)+1e-12 {
			t.Fatalf("per-point maximum %g", best)
		}
		if res.KPlateau != 3 {
			t.Fatalf("seed %d: plateau rule gives %d clusters (argmax rule %d)", seed, res.KPlateau, res.KStar)
		}
		if last := res.LogPA[len(res.LogPA)-1]; last >= res.LogPA[res.Best] {
			t.Fatal("κ does not fall at low T")
		}
	}
	// Patience stops the schedule early.
	x1, x2 := daPaired(1)
	res, err := DAPA{DA: DA{K: 6, Schedule: gibbs.Schedule{TMin: 0.05, Cooling: 0.85}, Seed: 1}, Patience: 3}.Fit(x1, x2)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Levels) != res.Best+4 {
		t.Fatalf("%d levels after best %d with patience 3", len(res.Levels), res.Best)
	}
	if _, err := (DAPA{DA: DA{K: 2}}).Fit(x1, mat.NewDense(3, 2, nil)); !errors.Is(err, ErrShape) {
		t.Fatal(err)
	}
}

func ExampleDAPA() {
	x1, x2 := daPaired(1)
	res, _ := DAPA{DA: DA{K: 6, Schedule: gibbs.Schedule{TMin: 0.05, Cooling: 0.85}, Seed: 1}}.Fit(x1, x2)
	fmt.Printf("first split at T = %.2f (T_c = %.2f); clusters by PA: %d\n", res.Splits[0], res.Tc, res.KPlateau)
	// Output:
	// first split at T = 21.96 (T_c = 23.84); clusters by PA: 3
}
