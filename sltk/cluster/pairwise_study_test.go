package cluster_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/cluster"
	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// TestPairwiseCostDirectedSymmetricPart: the cost of an asymmetric matrix is that of its
// symmetric part for every partition (SLT eq. 9.2), and a hand-computed oracle.
func TestPairwiseCostDirectedSymmetricPart(t *testing.T) {
	// Oracle: objects {0, 1} and {2}; A_01 = 1, A_10 = 3, so H = (1+3)/(2·2) = 1, H/n = 1/3.
	a := mat.NewDense(3, 3, []float64{0, 1, 7, 3, 0, 5, 2, 9, 0})
	h, err := cluster.PairwiseCostDirected(a, []int{0, 0, 1}, 2)
	if err != nil || math.Abs(h-1.0/3) > 1e-15 {
		t.Fatalf("oracle: H/n = %v, %v, want 1/3", h, err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	const n, k = 12, 3
	for trial := range 20 {
		a := mat.NewDense(n, n, nil)
		for i := range n {
			for j := range n {
				if i != j {
					a.Set(i, j, rng.Float64()*5)
				}
			}
		}
		var sym mat.Dense
		sym.Add(a, a.T())
		sym.Scale(0.5, &sym)
		labels := make([]int, n)
		for i := range labels {
			labels[i] = rng.IntN(k)
		}
		got, err := cluster.PairwiseCostDirected(a, labels, k)
		if err != nil {
			t.Fatal(err)
		}
		want, err := cluster.PairwiseCost(&sym, labels, k)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got-want) > 1e-12*want {
			t.Errorf("trial %d: directed %v, symmetric part %v", trial, got, want)
		}
	}
}

func TestPairwiseCostDirectedBadInput(t *testing.T) {
	ok := mat.NewDense(2, 2, []float64{0, 1, 2, 0})
	for _, c := range []struct {
		name   string
		a      mat.Matrix
		labels []int
		k      int
		want   error
	}{
		{"nil", (*mat.Dense)(nil), []int{0}, 1, errs.ErrEmpty},
		{"ragged", mat.NewDense(2, 3, nil), []int{0, 0}, 1, errs.ErrShape},
		{"NaN", mat.NewDense(2, 2, []float64{0, math.NaN(), 1, 0}), []int{0, 0}, 1, errs.ErrNotFinite},
		{"negative", mat.NewDense(2, 2, []float64{0, -1, 1, 0}), []int{0, 0}, 1, errs.ErrParam},
		{"diagonal", mat.NewDense(2, 2, []float64{1, 1, 1, 0}), []int{0, 0}, 1, errs.ErrParam},
		{"labels", ok, []int{0}, 1, errs.ErrShape},
		{"k", ok, []int{0, 0}, 3, errs.ErrParam},
		{"label", ok, []int{0, 2}, 2, errs.ErrLabel},
	} {
		if _, err := cluster.PairwiseCostDirected(c.a, c.labels, c.k); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
}

// TestPairwiseFirstSplitAndCurves: on two separated blobs the path splits just below T_c, the
// probability of the final cluster is 1/K before the split and near 1 at the end, and MeanOwn
// is the row mean of Own.
func TestPairwiseFirstSplitAndCurves(t *testing.T) {
	d := mustSq(t, paBlobs([][2]float64{{0, 0}, {5, 0}}, 10, 0.5, 7))
	path, err := cluster.Pairwise{K: 2, Seed: 1}.FitPath(d)
	if err != nil {
		t.Fatal(err)
	}
	tc, _, err := cluster.PairwiseCriticalT(d)
	if err != nil {
		t.Fatal(err)
	}
	s := cluster.PairwiseFirstSplit(path)
	if s < 1 || path[s-1].T < tc || path[s].T > tc {
		t.Fatalf("first split at level %d, T = %v; T_c = %v", s, path[max(s, 0)].T, tc)
	}
	if got := cluster.PairwiseFirstSplit(path[:s]); got != -1 {
		t.Errorf("path cut before the split: %d, want -1", got)
	}
	cur, err := cluster.PairwisePathCurves(path)
	if err != nil {
		t.Fatal(err)
	}
	l, n := cur.Own.Dims()
	if l != len(path) || n != 20 || len(cur.T) != l || len(cur.MeanOwn) != l {
		t.Fatalf("shapes: Own %d×%d, %d temperatures, %d means", l, n, len(cur.T), len(cur.MeanOwn))
	}
	for lv := range l {
		row := cur.Own.RawRowView(lv)
		m := 0.0
		for _, v := range row {
			m += v / float64(n)
		}
		if math.Abs(m-cur.MeanOwn[lv]) > 1e-12 {
			t.Errorf("level %d: MeanOwn %v, row mean %v", lv, cur.MeanOwn[lv], m)
		}
		if cur.FreeEnergy[lv] != path[lv].FreeEnergy || cur.T[lv] != path[lv].T {
			t.Errorf("level %d: curves differ from the path", lv)
		}
	}
	if math.Abs(cur.MeanOwn[0]-0.5) > 1e-2 || cur.MeanOwn[l-1] < 1-1e-6 {
		t.Errorf("mean probability of the final cluster: %v at T0, %v at TMin", cur.MeanOwn[0], cur.MeanOwn[l-1])
	}
	if _, err := cluster.PairwisePathCurves(nil); !errors.Is(err, errs.ErrEmpty) {
		t.Errorf("empty path: %v", err)
	}
	bad := append([]cluster.PairwiseLevel{{Posteriors: mat.NewDense(3, 2, nil)}}, path...)
	if _, err := cluster.PairwisePathCurves(bad); !errors.Is(err, errs.ErrShape) {
		t.Errorf("levels of unequal shape: %v", err)
	}
}

// TestPairwiseMissingStudy: with nothing hidden every run is the complete fit; the observed
// cost of the truth is its PairwiseCost on the observed pairs; and on average over hidings
// the observed cost of a fixed partition is (1−f) times
// the complete one (SLT eq. 9.13).
func TestPairwiseMissingStudy(t *testing.T) {
	x := paBlobs([][2]float64{{0, 0}, {6, 0}, {3, 5}}, 8, 0.7, 2)
	d, err := cluster.Dissimilarities(x, cluster.Manhattan)
	if err != nil {
		t.Fatal(err)
	}
	truth := make([]int, 24)
	for i := range truth {
		truth[i] = i / 8
	}
	res, err := cluster.PairwiseMissing{Pairwise: cluster.Pairwise{K: 3, Seed: 1},
		Fractions: []float64{0, 0.5}, Hidings: 32}.Fit(d, truth)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Recovered) != 2 || len(res.WorstAgreement) != 2 || len(res.Hidings) != 64 {
		t.Fatalf("%d fractions, %d hidings", len(res.Recovered), len(res.Hidings))
	}
	hTruth, _ := cluster.PairwiseCost(d, truth, 3)
	if res.Recovered[0] != 1 || res.Preferred[0] != 1 || math.Abs(res.RelCost[0]-1) > 1e-12 || res.WorstAgreement[0] != 1 {
		t.Errorf("f = 0: recovered %v, preferred %v, relative cost %v, worst agreement %v; want 1",
			res.Recovered[0], res.Preferred[0], res.RelCost[0], res.WorstAgreement[0])
	}
	if math.Abs(res.Hidings[0].TruthCost-hTruth) > 1e-12 || res.Complete.Cost != res.Hidings[0].Cost {
		t.Errorf("f = 0: truth cost %v, want %v; run cost %v, complete %v",
			res.Hidings[0].TruthCost, hTruth, res.Hidings[0].Cost, res.Complete.Cost)
	}
	ratio := 0.0
	for i, h := range res.Hidings[32:] {
		if h.Fraction != 0.5 || h.Seed != uint64(i) {
			t.Fatalf("hiding %+v out of order", h)
		}
		want, _ := cluster.PairwiseCost(d, h.Labels, 3)
		if math.Abs(h.CompleteCost-want) > 1e-12 {
			t.Errorf("complete cost %v, want %v", h.CompleteCost, want)
		}
		ratio += h.TruthCost / hTruth / 32
	}
	if math.Abs(ratio-0.5) > 0.04 { // σ ≈ 0.01 over 32 hidings
		t.Errorf("mean observed/complete cost of the truth at f = 0.5: %v, want ≈ 0.5", ratio)
	}
}

func TestPairwiseMissingBadInput(t *testing.T) {
	d := mat.NewDense(3, 3, []float64{0, 1, 2, 1, 0, 1, 2, 1, 0})
	truth := []int{0, 0, 1}
	for _, c := range []struct {
		name  string
		s     cluster.PairwiseMissing
		d     mat.Matrix
		truth []int
		want  error
	}{
		{"nil", cluster.PairwiseMissing{Fractions: []float64{0}}, (*mat.Dense)(nil), truth, errs.ErrEmpty},
		{"truth length", cluster.PairwiseMissing{Fractions: []float64{0}}, d, []int{0}, errs.ErrShape},
		{"truth label", cluster.PairwiseMissing{Fractions: []float64{0}}, d, []int{0, 0, -1}, errs.ErrLabel},
		{"no fractions", cluster.PairwiseMissing{}, d, truth, errs.ErrEmpty},
		{"fraction 1", cluster.PairwiseMissing{Fractions: []float64{1}}, d, truth, errs.ErrParam},
		{"NaN fraction", cluster.PairwiseMissing{Fractions: []float64{math.NaN()}}, d, truth, errs.ErrParam},
		{"hidings", cluster.PairwiseMissing{Fractions: []float64{0}, Hidings: -1}, d, truth, errs.ErrParam},
		{"too many", cluster.PairwiseMissing{Fractions: []float64{0}, Hidings: 1 << 40}, d, truth, errs.ErrTooLarge},
		{"K", cluster.PairwiseMissing{Pairwise: cluster.Pairwise{K: 4}, Fractions: []float64{0}}, d, truth, errs.ErrParam},
	} {
		if _, err := c.s.Fit(c.d, c.truth); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
}

// ExamplePairwiseMissing hides a growing share of the distances between 12 points in three
// tight groups: the groups survive until few pairs per object are left.
func ExamplePairwiseMissing() {
	x := mat.NewDense(12, 1, []float64{0, 0.1, 0.2, 0.3, 5, 5.1, 5.2, 5.3, 10, 10.1, 10.2, 10.3})
	d, _ := cluster.SquaredDistances(x)
	truth := []int{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2}
	res, err := cluster.PairwiseMissing{Pairwise: cluster.Pairwise{K: 3, Seed: 1},
		Fractions: []float64{0, 0.3}, Hidings: 4}.Fit(d, truth)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, f := range res.Fractions {
		fmt.Printf("f = %.1f: recovered %.2f, truth preferred %.2f\n", f, res.Recovered[i], res.Preferred[i])
	}
	// Output:
	// f = 0.0: recovered 1.00, truth preferred 1.00
	// f = 0.3: recovered 1.00, truth preferred 1.00
}
