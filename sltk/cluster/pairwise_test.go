package cluster

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"gonum.org/v1/gonum/mat"
)

func pwBlobs(n int, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 7))
	centres := [][2]float64{{-3, -3}, {3, -3}, {0, 3}}
	return fuzzdata.Rows(n, 2, func(i int, row []float64) {
		c := centres[i%3]
		row[0], row[1] = c[0]+0.6*rng.NormFloat64(), c[1]+0.6*rng.NormFloat64()
	})
}

// softMeans returns the K×d weighted means w_q = Σ_i m_iq x_i / Σ_i m_iq of the rows of x under
// the n×K soft assignment m: the centroids that soft k-means pairs with m.
func softMeans(m, x mat.Matrix) *mat.Dense {
	n, k := m.Dims()
	_, d := x.Dims()
	w := mat.NewDense(k, d, nil)
	for q := range k {
		nq := 0.0
		for i := range n {
			nq += m.At(i, q)
			for j := range d {
				w.Set(q, j, w.At(q, j)+m.At(i, q)*x.At(i, j))
			}
		}
		for j := range d {
			w.Set(q, j, w.At(q, j)/nq)
		}
	}
	return w
}

func halfSq(t testing.TB, x mat.Matrix) *mat.Dense {
	t.Helper()
	d, err := SquaredDistances(x)
	if err != nil {
		t.Fatal(err)
	}
	d.Scale(0.5, d)
	return d
}

// Oracle 22: for d = ‖x − x′‖² the pairwise cost of any hard assignment is the k-means cost.
func TestPairwiseCostIsKMeansCostOracle22(t *testing.T) {
	x := pwBlobs(60, 1)
	d, _ := SquaredDistances(x)
	rng := rand.New(rand.NewPCG(2, 2))
	for trial := 0; trial < 20; trial++ {
		k := 1 + trial%5
		labels := make([]int, 60)
		for i := range labels {
			labels[i] = rng.IntN(k)
		}
		got, err := PairwiseCost(d, labels, k)
		if err != nil {
			t.Fatal(err)
		}
		// k-means cost with cluster means.
		sum := make([][2]float64, k)
		cnt := make([]float64, k)
		for i, l := range labels {
			sum[l][0] += x.At(i, 0)
			sum[l][1] += x.At(i, 1)
			cnt[l]++
		}
		want := 0.0
		for i, l := range labels {
			dx, dy := x.At(i, 0)-sum[l][0]/cnt[l], x.At(i, 1)-sum[l][1]/cnt[l]
			want += dx*dx + dy*dy
		}
		want /= 60
		if math.Abs(got-want) > 1e-12*math.Max(1, want) {
			t.Fatalf("trial %d: pairwise %.15g, k-means %.15g", trial, got, want)
		}
	}
}

// Oracle 23: for d = ½‖x − x′‖², c = 1 and any soft assignment, e_q^(α) = ½‖x^(α) − w_q‖².
// Oracle 24: with a full mask (no NaN) the missing-data form gives the same fields.
func TestMeanFieldIsSoftKMeansOracle23(t *testing.T) {
	x := pwBlobs(45, 3)
	d := halfSq(t, x)
	rng := rand.New(rand.NewPCG(3, 3))
	m := fuzzdata.Simplex(rng, 45, 4)
	e, err := PairwiseMeanFields(d, m, false)
	if err != nil {
		t.Fatal(err)
	}
	e2, _ := PairwiseMeanFields(d, m, true)
	w := softMeans(m, x)
	for q := 0; q < 4; q++ {
		for i := 0; i < 45; i++ {
			want := 0.5 * (math.Pow(x.At(i, 0)-w.At(q, 0), 2) + math.Pow(x.At(i, 1)-w.At(q, 1), 2))
			if math.Abs(e.At(i, q)-want) > 1e-10 || math.Abs(e2.At(i, q)-want) > 1e-10 {
				t.Fatalf("e[%d,%d] = %g (mask form %g), want %g", i, q, e.At(i, q), e2.At(i, q), want)
			}
		}
	}
	// The E-step is the deterministic-annealing posterior at T = 2/β.
	beta := 0.7
	soft := mat.NewDense(45, 4, nil)
	pwAssign(e, soft, 1/beta)
	da, err := Posteriors(x, w, 2/beta)
	if err != nil {
		t.Fatal(err)
	}
	if !mat.EqualApprox(soft, da, 1e-12) {
		t.Errorf("pairwise E-step differs from soft k-means posteriors")
	}
}

// A pairwise run on ½‖·‖² ends, at every β, at a fixed point of soft k-means (A21 ≡ A23), and
// recovers well-separated blobs.
func TestPairwiseRunIsSoftKMeans(t *testing.T) {
	x := pwBlobs(90, 4)
	d := halfSq(t, x)
	r, err := Pairwise{K: 3, Schedule: gibbs.Schedule{Cooling: 1 / 1.3}, Seed: 1}.Fit(d)
	if err != nil {
		t.Fatal(err)
	}
	last := r.Levels[len(r.Levels)-1]
	if !last.Converged {
		t.Fatalf("last level did not converge: %+v", last)
	}
	e, _ := PairwiseMeanFields(d, r.Posteriors, false)
	again := mat.NewDense(90, 3, nil)
	pwAssign(e, again, last.T)
	if !mat.EqualApprox(again, r.Posteriors, 1e-6) {
		t.Errorf("final assignments are not a soft k-means fixed point")
	}
	for i := 0; i < 90; i++ {
		if r.Labels[i] != r.Labels[i%3] {
			t.Fatalf("object %d labelled %d, its blob %d", i, r.Labels[i], r.Labels[i%3])
		}
	}
	dd, _ := SquaredDistances(x)
	want, _ := PairwiseCost(dd, r.Labels, 3)
	if math.Abs(2*r.Cost-want) > 1e-12 {
		t.Errorf("cost %g, want half of %g", r.Cost, want)
	}
	for i := 1; i < len(r.Levels); i++ {
		if r.Levels[i].Cost > r.Levels[i-1].Cost+1e-9 {
			t.Errorf("expected cost rose with β at level %d: %g → %g", i, r.Levels[i-1].Cost, r.Levels[i].Cost)
		}
	}
}

// Oracle 26 (critical β of soft k-means = pairwise clustering on ½‖·‖²): 1-D data at ±a with
// M = 2 has the fixed point w = ±a·m, m = tanh(β a² m): 0 for β a² ≤ 1, 0.9575040241·a at 2.
func TestPairwiseCriticalBetaOracle26(t *testing.T) {
	a := 1.5
	n := 40
	x := mat.NewDense(n, 1, nil)
	for i := 0; i < n; i++ {
		x.Set(i, 0, a*float64(1-2*(i%2)))
	}
	d := halfSq(t, x)
	init := mat.NewDense(n, 2, nil)
	for i := 0; i < n; i++ {
		if i%2 == 0 {
			init.SetRow(i, []float64{0.6, 0.4})
		} else {
			init.SetRow(i, []float64{0.4, 0.6})
		}
	}
	for _, c := range []struct{ ba2, want float64 }{{0.9, 0}, {1.5, 0.8585596366}, {2, 0.9575040241}, {3, 0.9949015285}} {
		beta := c.ba2 / (a * a)
		r, err := Pairwise{K: 2, Schedule: gibbs.Schedule{T0: 1 / beta, TMin: 1 / beta}, Init: init, Noise: -1, Tol: 1e-13, MaxIter: 100000}.Fit(d)
		if err != nil {
			t.Fatal(err)
		}
		w0, n0 := 0.0, 0.0
		for i := 0; i < n; i++ {
			w0 += r.Posteriors.At(i, 0) * x.At(i, 0)
			n0 += r.Posteriors.At(i, 0)
		}
		if got := math.Abs(w0/n0) / a; math.Abs(got-c.want) > 1e-6 {
			t.Errorf("βa² = %g: |w|/a = %.10f, want %.10f", c.ba2, got, c.want)
		}
	}
}

func TestPairwiseMissing(t *testing.T) {
	x := pwBlobs(60, 5)
	d := halfSq(t, x)
	rng := rand.New(rand.NewPCG(5, 5))
	for i := 0; i < 60; i++ {
		for j := i + 1; j < 60; j++ {
			if rng.Float64() < 0.3 {
				d.Set(i, j, math.NaN())
				d.Set(j, i, math.NaN())
			}
		}
	}
	if _, err := (Pairwise{K: 3}).Fit(d); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN without Missing: %v", err)
	}
	r, err := Pairwise{K: 3, Schedule: gibbs.Schedule{Cooling: 1 / 1.3}, Missing: true, Seed: 2}.Fit(d)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 60; i++ {
		if r.Labels[i] != r.Labels[i%3] {
			t.Fatalf("with 30%% missing, object %d labelled %d, its blob %d", i, r.Labels[i], r.Labels[i%3])
		}
	}
}

func TestPairwiseBadInput(t *testing.T) {
	good := mat.NewDense(3, 3, []float64{0, 1, 2, 1, 0, 1, 2, 1, 0})
	bad := []*mat.Dense{
		mat.NewDense(3, 3, []float64{0, 1, 2, 1.5, 0, 1, 2, 1, 0}), // not symmetric
		mat.NewDense(3, 3, []float64{0, -1, 2, -1, 0, 1, 2, 1, 0}), // negative
		mat.NewDense(3, 3, []float64{1, 1, 2, 1, 0, 1, 2, 1, 0}),   // diagonal
		mat.NewDense(2, 3, nil),                                    // not square
		mat.NewDense(3, 3, []float64{0, math.Inf(1), 2, math.Inf(1), 0, 1, 2, 1, 0}),
	}
	for i, d := range bad {
		if _, err := (Pairwise{K: 2}).Fit(d); check.Sentinel(err) == nil {
			t.Errorf("case %d: %v", i, err)
		}
	}
	if _, err := (Pairwise{K: 4}).Fit(good); !errors.Is(err, ErrParam) {
		t.Errorf("K > n: %v", err)
	}
	if _, err := (Pairwise{K: 2, Schedule: gibbs.Schedule{Cooling: 1 / 0.5}}).Fit(good); !errors.Is(err, ErrParam) {
		t.Errorf("rate < 1: %v", err)
	}
	if _, err := (Pairwise{K: 2, Schedule: gibbs.Schedule{T0: 1 / (-1)}}).Fit(good); !errors.Is(err, ErrParam) {
		t.Errorf("negative β: %v", err)
	}
}

func ExamplePairwise() {
	// Six objects in two groups: small dissimilarities inside a group, large across.
	d := mat.NewDense(6, 6, nil)
	for i := 0; i < 6; i++ {
		for j := 0; j < 6; j++ {
			switch {
			case i == j:
			case i/3 == j/3:
				d.Set(i, j, 1)
			default:
				d.Set(i, j, 10)
			}
		}
	}
	r, err := Pairwise{K: 2, Seed: 1}.Fit(d)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Labels[0] == r.Labels[2], r.Labels[0] != r.Labels[3], r.Labels[3] == r.Labels[5])
	fmt.Printf("cost %.3f\n", r.Cost)
	// Output:
	// true true true
	// cost 0.333
}
