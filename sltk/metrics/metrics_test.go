package metrics

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestHandComputed checks ARI and NMI against values worked out by hand.
//
// a = 0 0 0 1 1 1, b = 0 0 1 1 2 2: the contingency table is [[2 1 0] [0 1 2]], so
// Σ C(n_ij,2) = 2, Σ C(a_i,2) = 6, Σ C(b_j,2) = 3, C(6,2) = 15, E = 6·3/15 = 1.2 and
// ARI = (2 − 1.2)/((6 + 3)/2 − 1.2) = 8/33. H(A) = ln 2, H(B) = ln 3 and
// I(A;B) = 2·(1/3) ln((1/3)/(1/2·1/3)) = (2/3) ln 2, so NMI = (4/3) ln 2 / ln 6.
//
// a = 0 0 1 1, b = 0 1 0 1 (independent): Σ C(n_ij,2) = 0, E = 2·2/6, ARI = −(2/3)/(2 − 2/3)
// = −1/2 and NMI = 0.
func TestHandComputed(t *testing.T) {
	for _, c := range []struct {
		a, b     []int
		ari, nmi float64
	}{
		{[]int{0, 0, 0, 1, 1, 1}, []int{0, 0, 1, 1, 2, 2}, 8.0 / 33, 4.0 / 3 * math.Ln2 / math.Log(6)},
		{[]int{0, 0, 1, 1}, []int{0, 1, 0, 1}, -0.5, 0},
		{[]int{0, 0, 1, 1, 2, 2}, []int{2, 2, 0, 0, 1, 1}, 1, 1}, // same partition, other ids
		{[]int{3, 3, 3}, []int{0, 0, 0}, 1, 1},                   // one cluster each
	} {
		ari, err := AdjustedRand(c.a, c.b)
		if err != nil || math.Abs(ari-c.ari) > 1e-15 {
			t.Errorf("ARI(%v, %v) = %v, %v; want %v", c.a, c.b, ari, err, c.ari)
		}
		nmi, err := NMI(c.a, c.b)
		if err != nil || math.Abs(nmi-c.nmi) > 1e-15 {
			t.Errorf("NMI(%v, %v) = %v, %v; want %v", c.a, c.b, nmi, err, c.nmi)
		}
	}
}

// TestScikitLearn compares with adjusted_rand_score and normalized_mutual_info_score of
// scikit-learn 1.2.1, computed once with
//
//	from sklearn.metrics import adjusted_rand_score, normalized_mutual_info_score
//
// on the labellings below (the values are pasted as printed by repr).
func TestScikitLearn(t *testing.T) {
	for _, c := range []struct {
		a, b     []int
		ari, nmi float64
	}{
		{[]int{0, 0, 0, 1, 1, 1}, []int{0, 0, 1, 1, 2, 2}, 0.24242424242424243, 0.5158037429793888},
		{[]int{0, 0, 0, 1, 1, 1, 2, 2, 2, 2}, []int{1, 1, 0, 0, 2, 2, 2, 2, 0, 1}, -0.022727272727272728, 0.2673369203999457},
		{[]int{0, 0, 5, 5, 5, 2}, []int{3, 3, 3, 1, 1, 0}, 0.3181818181818182, 0.6853314789615865},
	} {
		ari, _ := AdjustedRand(c.a, c.b)
		nmi, _ := NMI(c.a, c.b)
		if math.Abs(ari-c.ari) > 1e-14 || math.Abs(nmi-c.nmi) > 1e-14 {
			t.Errorf("%v, %v: ARI %v NMI %v; scikit-learn %v, %v", c.a, c.b, ari, nmi, c.ari, c.nmi)
		}
	}
}

// TestProperties: symmetry, bounds, and invariance under renaming the ids.
func TestProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 50; trial++ {
		n := 2 + rng.IntN(60)
		a, b := make([]int, n), make([]int, n)
		for i := range a {
			a[i], b[i] = rng.IntN(4), rng.IntN(5)
		}
		renamed := make([]int, n)
		for i, v := range b {
			renamed[i] = 10 - v
		}
		ab, _ := AdjustedRand(a, b)
		ba, _ := AdjustedRand(b, a)
		ar, _ := AdjustedRand(a, renamed)
		nab, _ := NMI(a, b)
		nba, _ := NMI(b, a)
		nar, _ := NMI(a, renamed)
		if math.Abs(ab-ba) > 1e-12 || math.Abs(ab-ar) > 1e-12 || ab > 1 {
			t.Errorf("ARI: %v %v %v", ab, ba, ar)
		}
		if math.Abs(nab-nba) > 1e-12 || math.Abs(nab-nar) > 1e-12 || nab < 0 || nab > 1 {
			t.Errorf("NMI: %v %v %v", nab, nba, nar)
		}
	}
}

func TestConfusionAndMatchedAccuracy(t *testing.T) {
	truth := []int{0, 0, 0, 1, 1, 2, 2, 2}
	pred := []int{2, 2, 1, 0, 0, 1, 1, 2}
	c, err := ConfusionMatrix(truth, pred)
	if err != nil {
		t.Fatal(err)
	}
	want := mat.NewDense(3, 3, []float64{0, 1, 2, 2, 0, 0, 0, 2, 1})
	if !mat.Equal(c, want) {
		t.Errorf("confusion\n%v\nwant\n%v", mat.Formatted(c), mat.Formatted(want))
	}
	// Best matching: cluster 2 → class 0 (2), 0 → 1 (2), 1 → 2 (2): 6 of 8.
	acc, match, err := MatchedAccuracy(truth, pred)
	if err != nil || acc != 0.75 || fmt.Sprint(match) != "[1 2 0]" {
		t.Errorf("matched accuracy %v, match %v, %v; want 0.75, [1 2 0]", acc, match, err)
	}
	// More clusters than classes: the extra cluster stays unmatched.
	acc, match, _ = MatchedAccuracy([]int{0, 0, 1, 1}, []int{0, 3, 1, 1})
	if acc != 0.75 || fmt.Sprint(match) != "[0 1 -1 -1]" {
		t.Errorf("extra cluster: %v %v", acc, match)
	}
}

func TestBadInput(t *testing.T) {
	if _, err := AdjustedRand(nil, nil); !errors.Is(err, ErrEmpty) {
		t.Errorf("empty: %v", err)
	}
	if _, err := NMI([]int{0, 1}, []int{0}); !errors.Is(err, ErrShape) {
		t.Errorf("lengths: %v", err)
	}
	if _, _, err := MatchedAccuracy([]int{0, -1}, []int{0, 0}); !errors.Is(err, ErrLabel) {
		t.Errorf("negative label: %v", err)
	}
	if _, err := ConfusionMatrix([]int{0, 1 << 40}, []int{0, 0}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("huge label: %v", err)
	}
	if _, _, err := MatchedAccuracy([]int{0, 0}, []int{0, 1 << 40}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("huge predicted label: %v", err)
	}
	// Huge but sparse ids are fine for the hash-based scores.
	if v, err := AdjustedRand([]int{0, 1 << 40}, []int{5, 7}); err != nil || v != 1 {
		t.Errorf("sparse ids: %v, %v", v, err)
	}
}

func ExampleAdjustedRand() {
	truth := []int{0, 0, 0, 1, 1, 1}
	found := []int{1, 1, 1, 0, 0, 0} // the same partition with other ids
	ari, _ := AdjustedRand(truth, found)
	nmi, _ := NMI(truth, found)
	acc, _, _ := MatchedAccuracy(truth, found)
	fmt.Println(ari, nmi, acc)
	// Output: 1 1 1
}

func TestDisagreement(t *testing.T) {
	a := []int{0, 0, 1, 1, 2, 2}
	b := []int{2, 2, 0, 0, 1, 1} // a relabelling: no disagreement
	if d, _ := Disagreement(a, b, 3); d != 0 {
		t.Errorf("relabelled: %g", d)
	}
	c := []int{2, 2, 0, 1, 1, 1}
	if d, _ := Disagreement(a, c, 3); math.Abs(d-1.0/6) > 1e-15 {
		t.Errorf("one change: %g", d)
	}
	// Oracle 28 (ML chapter 4, §4.1.3): two random labelings with M = 2 disagree on just under half the points.
	rng := rand.New(rand.NewPCG(1, 1))
	n := 100000
	x, y := make([]int, n), make([]int, n)
	for i := range x {
		x[i], y[i] = rng.IntN(2), rng.IntN(2)
	}
	if d, _ := Disagreement(x, y, 2); !(d < 0.5 && d > 0.49) {
		t.Errorf("random labelings: %g", d)
	}
	if _, err := Disagreement(a, b[:3], 3); !errors.Is(err, ErrShape) {
		t.Errorf("length mismatch: %v", err)
	}
	if _, err := Disagreement(a, b, 2); !errors.Is(err, ErrLabel) {
		t.Errorf("label out of range: %v", err)
	}
	// The complement of MatchedAccuracy, bit for bit.
	acc, _, _ := MatchedAccuracy(x, y)
	if d, _ := Disagreement(x, y, 2); d != 1-acc {
		t.Errorf("Disagreement %v, 1 − MatchedAccuracy %v", d, 1-acc)
	}
}
