package cluster_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/cluster"
	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/gibbs"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// blobs returns n points per centre around the given 2-d centres with standard deviation sd.
func paBlobs(centres [][2]float64, n int, sd float64, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 1))
	x := mat.NewDense(n*len(centres), 2, nil)
	for c, m := range centres {
		for i := 0; i < n; i++ {
			x.Set(c*n+i, 0, m[0]+sd*rng.NormFloat64())
			x.Set(c*n+i, 1, m[1]+sd*rng.NormFloat64())
		}
	}
	return x
}

// noisyCopy returns d with every off-diagonal pair multiplied by exp(σ·N(0,1)), symmetrically.
func noisyCopy(d *mat.Dense, sigma float64, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 2))
	n, _ := d.Dims()
	out := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < i; j++ {
			v := d.At(i, j) * math.Exp(sigma*rng.NormFloat64())
			out.Set(i, j, v)
			out.Set(j, i, v)
		}
	}
	return out
}

// TestPairwiseCriticalTEuclidean: for squared distances T_c = 2 λ_max of the covariance
// (normalised by n), the critical temperature of soft k-means.
func TestPairwiseCriticalTEuclidean(t *testing.T) {
	x := paBlobs([][2]float64{{0, 0}, {4, 1}}, 15, 0.5, 3)
	d, _ := cluster.SquaredDistances(x)
	tc, v, err := cluster.PairwiseCriticalT(d)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := x.Dims()
	cov := mat.NewSymDense(2, nil)
	stat.CovarianceMatrix(cov, x, nil)
	cov.ScaleSym(float64(n-1)/float64(n), cov)
	var eig mat.EigenSym
	eig.Factorize(cov, false)
	want := 2 * eig.Values(nil)[1]
	if math.Abs(tc-want) > 1e-10*want {
		t.Errorf("T_c = %v, want 2 λ_max(Σ) = %v", tc, want)
	}
	// The split direction separates the two blobs.
	for i := 0; i < n; i++ {
		if (v[i] > 0) != (v[0] > 0) == (i < 15) {
			t.Errorf("object %d on the wrong side of the split direction", i)
		}
	}
}

// TestPairwiseCriticalTPath: along the annealing path the uniform solution survives above
// T_c and splits within one cooling step below it; the bound T_c ≤ (n−1)/n·d̄ holds.
func TestPairwiseCriticalTPath(t *testing.T) {
	x := paBlobs([][2]float64{{0, 0}, {5, 0}, {2.5, 4}}, 10, 0.6, 5)
	d := noisyCopy(mustSq(t, x), 0.3, 7) // not squared Euclidean any more
	tc, _, err := cluster.PairwiseCriticalT(d)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := d.Dims()
	mean := 0.0
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			mean += d.At(i, j)
		}
	}
	mean /= float64(n * (n - 1))
	if !(tc > 0 && tc <= float64(n-1)/float64(n)*mean) {
		t.Errorf("T_c = %v outside (0, (n−1)/n·d̄ = %v]", tc, float64(n-1)/float64(n)*mean)
	}
	path, err := cluster.Pairwise{K: 3, MaxIter: 5000, Seed: 1}.FitPath(d)
	if err != nil {
		t.Fatal(err)
	}
	for _, lv := range path {
		switch {
		case lv.T > 1.1*tc && lv.Distinct != 1:
			t.Errorf("T = %.4g > T_c = %.4g but %d clusters", lv.T, tc, lv.Distinct)
		case lv.T < tc/1.1 && lv.Distinct < 2:
			t.Errorf("T = %.4g < T_c = %.4g but still one cluster", lv.T, tc)
		}
	}
	// At the end the path finds the exhaustive optimum of this clearly clustered problem.
	best, err := cluster.BestPairwise(mustSub(d, 12), 3)
	if err != nil {
		t.Fatal(err)
	}
	small, err := cluster.Pairwise{K: 3, Seed: 2}.FitPath(mustSub(d, 12))
	if err != nil {
		t.Fatal(err)
	}
	if got := small[len(small)-1].HardCost; math.Abs(got-best.Cost) > 1e-12 {
		t.Errorf("annealing cost %v, exhaustive optimum %v", got, best.Cost)
	}
}

func mustSq(t *testing.T, x *mat.Dense) *mat.Dense {
	d, err := cluster.SquaredDistances(x)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// mustSub keeps objects 0, 1, 2, 3 of each of the three groups of 10 (12 objects).
func mustSub(d *mat.Dense, m int) *mat.Dense {
	idx := []int{0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23}[:m]
	out := mat.NewDense(m, m, nil)
	for a, i := range idx {
		for b, j := range idx {
			out.Set(a, b, d.At(i, j))
		}
	}
	return out
}

func TestPairwiseLogPAClosedForms(t *testing.T) {
	hard := mat.NewDense(4, 2, []float64{1, 0, 1, 0, 0, 1, 0, 1})
	swapped := mat.NewDense(4, 2, []float64{0, 1, 0, 1, 1, 0, 1, 0})
	uniform := mat.NewDense(4, 2, []float64{.5, .5, .5, .5, .5, .5, .5, .5})
	oneOff := mat.NewDense(4, 2, []float64{1, 0, 0.5, 0.5, 0, 1, 0, 1})
	for _, c := range []struct {
		name string
		a, b *mat.Dense
		want float64
	}{
		{"identical hard", hard, hard, 4 * math.Log(2)},
		{"renamed clusters", hard, swapped, 4 * math.Log(2)},
		{"uniform", hard, uniform, 0},
		{"one object half", hard, oneOff, 3*math.Log(2) + math.Log(2*0.5)},
	} {
		got, err := cluster.PairwiseLogPA(c.a, c.b)
		if err != nil || math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: %v, %v; want %v", c.name, got, err, c.want)
		}
	}
	// Disjoint hard posteriors of one object: the floor, not −∞.
	a := mat.NewDense(3, 3, []float64{1, 0, 0, 0, 1, 0, 1, 0, 0})
	b := mat.NewDense(3, 3, []float64{1, 0, 0, 0, 1, 0, 0, 0, 1})
	got, _ := cluster.PairwiseLogPA(a, b)
	if want := 3*math.Log(3) + math.Log(1e-300); math.Abs(got-want) > 1e-9 {
		t.Errorf("disjoint: %v, want %v", got, want)
	}
	if _, err := cluster.PairwiseLogPA(hard, mat.NewDense(4, 3, []float64{1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0})); !errors.Is(err, errs.ErrShape) {
		t.Errorf("K mismatch: %v", err)
	}
	if _, err := cluster.PairwiseLogPA(mat.NewDense(1, 2, []float64{0.7, 0.7}), mat.NewDense(1, 2, []float64{1, 0})); err == nil {
		t.Error("rows not summing to 1 accepted")
	}
}

// TestPairwisePAFindsK: three groups of objects measured twice with independent noise; annealing with up
// to 5 clusters peaks in agreement at 3 effective clusters.
func TestPairwisePAFindsK(t *testing.T) {
	// Object i sits at centre i/12; each matrix sees its own noisy measurement of it.
	centres := [][2]float64{{0, 0}, {5, 0}, {2.5, 4}}
	d1 := mustSq(t, paBlobs(centres, 12, 0.8, 1))
	d2 := mustSq(t, paBlobs(centres, 12, 0.8, 2))
	res, err := cluster.PairwisePA{Pairwise: cluster.Pairwise{K: 5, Seed: 3}}.Fit(d1, d2)
	if err != nil {
		t.Fatal(err)
	}
	if res.KStar != 3 {
		for i, v := range res.LogPA {
			t.Logf("T %.4g  distinct %d/%d  logPA %.3f", res.Path1[i].T, res.Path1[i].Distinct, res.Path2[i].Distinct, v)
		}
		t.Errorf("K* = %d, want 3", res.KStar)
	}
	if res.LogPA[0] > 1e-6 || res.LogPA[0] < -1e-6 {
		t.Errorf("log PA at the first (high) temperature %v, want 0", res.LogPA[0])
	}
}

func ExamplePairwiseCriticalT() {
	// Two pairs: {0, 1} close, {2, 3} close, the pairs 9 apart.
	d := mat.NewDense(4, 4, []float64{
		0, 1, 9, 9,
		1, 0, 9, 9,
		9, 9, 0, 1,
		9, 9, 1, 0,
	})
	tc, v, _ := cluster.PairwiseCriticalT(d)
	// S^c = −½QDQ has its largest eigenvalue 8.5 on the split direction (1, 1, −1, −1)/2,
	// so T_c = 2·8.5/4.
	fmt.Printf("T_c = %.3f, split direction %.2f\n", tc, v)
	// Output: T_c = 4.250, split direction [0.50 0.50 -0.50 -0.50]
}

// TestFitPathFreeEnergy: above T_c the assignments are uniform and the free energy per object
// is the closed form (1/(2n²)) Σ D − T log K; at the last level the mean-field cost equals the
// hard cost; along the path dF/dT = −S (envelope theorem) between close temperatures.
func TestFitPathFreeEnergy(t *testing.T) {
	x := paBlobs([][2]float64{{0, 0}, {5, 0}, {2.5, 4}}, 8, 0.6, 5)
	d := noisyCopy(mustSq(t, x), 0.3, 7)
	n, _ := d.Dims()
	tc, _, _ := cluster.PairwiseCriticalT(d)
	path, err := cluster.Pairwise{K: 3, Seed: 4, Schedule: gibbs.Schedule{Cooling: 0.99}, MaxIter: 5000, Tol: 1e-12}.FitPath(d)
	if err != nil {
		t.Fatal(err)
	}
	sum := mat.Sum(d)
	above, slopes := 0, 0
	for i, lv := range path {
		if lv.T > 1.1*tc {
			want := sum/(2*float64(n*n)) - lv.T*math.Log(3)
			above++
			if math.Abs(lv.FreeEnergy-want) > 1e-6 {
				t.Errorf("T = %.4g: F = %v, want %v", lv.T, lv.FreeEnergy, want)
			}
		}
		if i > 0 && lv.T < 0.9*tc && path[i-1].Distinct == lv.Distinct && lv.Converged && path[i-1].Converged {
			slopes++
			slope := (lv.FreeEnergy - path[i-1].FreeEnergy) / (lv.T - path[i-1].T)
			if s := -(lv.Entropy + path[i-1].Entropy) / 2; math.Abs(slope-s) > 1e-3*math.Max(1, math.Abs(s)) {
				t.Errorf("T = %.4g: dF/dT = %v, −S = %v", lv.T, slope, s)
			}
		}
	}
	if above < 10 || slopes < 10 {
		t.Errorf("only %d levels above T_c and %d slopes checked", above, slopes)
	}
	last := path[len(path)-1]
	if math.Abs(last.Cost-last.HardCost) > 1e-9 {
		t.Errorf("at T = %g mean-field cost %v, hard cost %v", last.T, last.Cost, last.HardCost)
	}
}

// TestHidePairs: the hidden fraction is close to frac, the pattern symmetric, the diagonal
// kept, and Pairwise with Missing accepts the result.
func TestHidePairs(t *testing.T) {
	x := paBlobs([][2]float64{{0, 0}, {5, 0}}, 40, 0.5, 1)
	d := mustSq(t, x)
	h, err := cluster.HidePairs(d, 0.3, 7)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := h.Dims()
	hidden := 0
	for i := 0; i < n; i++ {
		if math.IsNaN(h.At(i, i)) {
			t.Fatalf("diagonal %d hidden", i)
		}
		for j := i + 1; j < n; j++ {
			if math.IsNaN(h.At(i, j)) != math.IsNaN(h.At(j, i)) {
				t.Fatalf("pattern not symmetric at (%d,%d)", i, j)
			}
			if math.IsNaN(h.At(i, j)) {
				hidden++
			} else if h.At(i, j) != d.At(i, j) {
				t.Fatalf("kept entry changed at (%d,%d)", i, j)
			}
		}
	}
	pairs := float64(n * (n - 1) / 2)
	if f := float64(hidden) / pairs; math.Abs(f-0.3) > 4*math.Sqrt(0.3*0.7/pairs) {
		t.Errorf("hidden fraction %v, want 0.3 within 4 standard errors", f)
	}
	if _, err := (cluster.Pairwise{K: 2, Missing: true}).Fit(h); err != nil {
		t.Error(err)
	}
	if _, err := cluster.HidePairs(d, 1, 7); !errors.Is(err, errs.ErrParam) {
		t.Errorf("frac = 1: %v", err)
	}
}

// TestFitPathEndsAtFit: FitPath runs the same annealing as Fit, so its last level is Fit's result.
func TestFitPathEndsAtFit(t *testing.T) {
	x := paBlobs([][2]float64{{0, 0}, {5, 0}, {2.5, 4}}, 10, 0.8, 9)
	d := noisyCopy(mustSq(t, x), 0.3, 3)
	for _, missing := range []bool{false, true} {
		dd := d
		if missing {
			var err error
			if dd, err = cluster.HidePairs(d, 0.3, 1); err != nil {
				t.Fatal(err)
			}
		}
		pc := cluster.Pairwise{K: 3, Seed: 5, Missing: missing}
		fit, err := pc.Fit(dd)
		if err != nil {
			t.Fatal(err)
		}
		path, err := pc.FitPath(dd)
		if err != nil {
			t.Fatal(err)
		}
		last := path[len(path)-1]
		if len(path) != len(fit.Levels) || !mat.Equal(last.Posteriors, fit.Posteriors) || last.HardCost != fit.Cost {
			t.Errorf("missing %v: path of %d levels ends at cost %v, Fit %d levels cost %v",
				missing, len(path), last.HardCost, len(fit.Levels), fit.Cost)
		}
	}
}
