package classify

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestKNNTreeMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 3))
	n, d := 500, 3
	x := mat.NewDense(n, d, nil)
	y := make([]int, n)
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			x.Set(i, j, float64(r.IntN(6))) // grid values: many exact distance ties
		}
		y[i] = r.IntN(3)
	}
	q := mat.NewDense(200, d, nil)
	for i := 0; i < 200; i++ {
		for j := 0; j < d; j++ {
			q.Set(i, j, float64(r.IntN(6))+0.5*float64(r.IntN(2)))
		}
	}
	for _, k := range []int{1, 4, 9} {
		kd, _ := KNN{Neighbors: k}.Fit(x, y)
		bf, _ := KNN{Neighbors: k, KDTreeMaxDim: -1}.Fit(x, y)
		if kd.tree == nil || bf.tree != nil {
			t.Fatal("wrong search structure")
		}
		a, _ := kd.Predict(q)
		b, _ := bf.Predict(q)
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("k=%d query %d: kd-tree %d, brute force %d", k, i, a[i], b[i])
			}
		}
		na, _ := kd.Neighbors(q.RawRowView(0))
		nb, _ := bf.Neighbors(q.RawRowView(0))
		if fmt.Sprint(na) != fmt.Sprint(nb) {
			t.Errorf("neighbours differ: %v vs %v", na, nb)
		}
	}
}

func TestKNNOneIsConsistent(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 5))
	x := mat.NewDense(300, 20, nil)
	y := make([]int, 300)
	for i := 0; i < 300; i++ {
		for j := 0; j < 20; j++ {
			x.Set(i, j, r.NormFloat64())
		}
		y[i] = r.IntN(4)
	}
	for _, m := range []Metric{Euclidean, Manhattan, Chebyshev} {
		model, err := KNN{Metric: m}.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := model.Predict(x)
		if acc, _ := Accuracy(p, y); acc != 1 {
			t.Errorf("%v: 1-NN training accuracy %v", m, acc)
		}
	}
}

func TestMetricAxioms(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 7))
	pt := func() []float64 {
		p := make([]float64, 4)
		for j := range p {
			p[j] = float64(r.IntN(3))
		}
		return p
	}
	for _, m := range []Metric{Euclidean, Manhattan, Chebyshev, Hamming} {
		for trial := 0; trial < 300; trial++ {
			a, b, c := pt(), pt(), pt()
			dab, dba := m.Distance(a, b), m.Distance(b, a)
			if dab < 0 || dab != dba || m.Distance(a, a) != 0 {
				t.Fatalf("%v: nonnegativity/symmetry fail", m)
			}
			if dab > m.Distance(a, c)+m.Distance(c, b)+1e-12 {
				t.Fatalf("%v: triangle inequality fails", m)
			}
		}
	}
	if d := Hamming.Distance([]float64{1, 2, 3}, []float64{1, 0, 0}); d != 2 {
		t.Errorf("Hamming = %v", d)
	}
}

func TestKNNBadInput(t *testing.T) {
	x := mat.NewDense(3, 2, []float64{0, 0, 1, 1, 2, 2})
	if _, err := (KNN{Neighbors: 4}).Fit(x, []int{0, 1, 0}); !errors.Is(err, ErrParam) {
		t.Errorf("k > n: %v", err)
	}
	if _, err := (KNN{}).Fit(x, []int{0, -1, 0}); !errors.Is(err, ErrLabel) {
		t.Errorf("label −1: %v", err)
	}
	m, _ := KNN{}.Fit(x, []int{0, 1, 0})
	if _, err := m.Predict(mat.NewDense(1, 3, nil)); !errors.Is(err, ErrShape) {
		t.Errorf("wrong width: %v", err)
	}
}

func TestRectangles(t *testing.T) {
	diamond := mat.NewDense(4, 2, []float64{0, 1, 1, 0, 0, -1, -1, 0})
	if ok, _ := ShatteredByRectangles(diamond); !ok {
		t.Error("diamond should be shattered")
	}
	square := mat.NewDense(4, 2, []float64{0, 0, 1, 0, 0, 1, 1, 1})
	if ok, _ := ShatteredByRectangles(square); ok {
		t.Error("square corners should not be shattered")
	}
	r := rand.New(rand.NewPCG(8, 9))
	for trial := 0; trial < 200; trial++ {
		p := mat.NewDense(5, 2, nil)
		for i := 0; i < 5; i++ {
			p.SetRow(i, []float64{r.Float64(), r.Float64()})
		}
		if ok, _ := ShatteredByRectangles(p); ok {
			t.Fatal("a 5-point set was shattered")
		}
	}
	x := mat.NewDense(4, 2, []float64{0.4, 0.4, 0.6, 0.5, 0.1, 0.9, 0.5, 0.6})
	rect, err := FitRectangle(x, []int{1, 1, 0, 1})
	if err != nil || rect.Lo[0] != 0.4 || rect.Hi[1] != 0.6 || rect.Contains([]float64{0.1, 0.9}) {
		t.Errorf("bounding box %+v, %v", rect, err)
	}
	if _, err := FitRectangle(x, []int{1, 2, 0, 1}); !errors.Is(err, ErrLabel) {
		t.Errorf("label 2: %v", err)
	}
}

func ExampleKNN() {
	x := mat.NewDense(6, 1, []float64{1, 2, 3, 10, 11, 12})
	y := []int{0, 0, 0, 1, 1, 1}
	m, _ := KNN{Neighbors: 3}.Fit(x, y)
	p, _ := m.Predict(mat.NewDense(2, 1, []float64{4, 9}))
	fmt.Println(p)
	// Output: [0 1]
}

func TestFiniteERM(t *testing.T) {
	x := mat.NewDense(6, 1, []float64{0.1, 0.2, 0.3, 0.6, 0.7, 0.9})
	y := []int{0, 0, 1, 1, 1, 1}
	var hs []Hypothesis
	for k := 0; k <= 10; k++ {
		thr := float64(k) / 10
		hs = append(hs, func(v []float64) int {
			if v[0] >= thr {
				return 1
			}
			return 0
		})
	}
	best, errs, err := ERM(hs, x, y)
	if err != nil || best != 3 || errs[best] != 0 || errs[0] != 2.0/6 {
		t.Errorf("ERM: best %d, errs %v, %v", best, errs, err)
	}
	// a penalty that favours small thresholds moves the choice to a zero-error one with less cost
	pen := make([]float64, len(hs))
	for k := range pen {
		pen[k] = 0.01 * float64(k)
	}
	best, _, _ = RegularizedERM(hs, pen, x, y)
	if best != 3 {
		t.Errorf("regularised ERM picked %d", best)
	}
	if _, _, err := ERM(nil, x, y); !errors.Is(err, ErrEmpty) {
		t.Errorf("empty class: %v", err)
	}
}

func TestAccuracyOf(t *testing.T) {
	x := mat.NewDense(4, 1, []float64{0, 1, 10, 11})
	m, err := KNN{}.Fit(x, []int{0, 0, 1, 1})
	if err != nil {
		t.Fatal(err)
	}
	if a, err := AccuracyOf(m, mat.NewDense(2, 1, []float64{0.2, 0.4}), []int{0, 1}); err != nil || a != 0.5 {
		t.Errorf("accuracy %v, %v; want 0.5", a, err)
	}
	if _, err := AccuracyOf(nil, x, []int{0, 0, 1, 1}); !errors.Is(err, ErrNotFitted) {
		t.Errorf("nil classifier: %v", err)
	}
	if _, err := AccuracyOf(m, x, []int{0}); !errors.Is(err, ErrShape) {
		t.Errorf("short labels: %v", err)
	}
}

func TestRectanglePredict(t *testing.T) {
	r := Rectangle{Lo: []float64{0, 0}, Hi: []float64{1, 2}}
	got, err := r.Predict(mat.NewDense(3, 2, []float64{0.5, 1, 1, 2.5, 0, 0}))
	if err != nil || got[0] != 1 || got[1] != 0 || got[2] != 1 {
		t.Errorf("Predict = %v, %v; want [1 0 1]", got, err)
	}
	if _, err := r.Predict(mat.NewDense(1, 3, nil)); !errors.Is(err, ErrShape) {
		t.Errorf("3 columns: %v", err)
	}
	if got, _ := (Rectangle{Empty: true}).Predict(mat.NewDense(1, 2, nil)); got[0] != 0 {
		t.Errorf("empty rectangle labels %v", got)
	}
}

func TestThresholds(t *testing.T) {
	hs, err := Thresholds(4)
	if err != nil || len(hs) != 5 || hs[2]([]float64{0.49}) != 0 || hs[2]([]float64{0.5}) != 1 || hs[0](nil) != 0 {
		t.Errorf("thresholds wrong: %d hypotheses, err %v", len(hs), err)
	}
	if _, err := Thresholds(0); !errors.Is(err, ErrParam) {
		t.Errorf("n = 0: %v, want ErrParam", err)
	}
	if _, err := Thresholds(1 << 40); !errors.Is(err, ErrTooLarge) {
		t.Errorf("n = 2^40: %v, want ErrTooLarge", err)
	}
}

func TestKNNDefaultsAndTies(t *testing.T) {
	x := mat.NewDense(4, 1, []float64{0, 1, 3, 10})
	y := []int{1, 0, 0, 1}
	m, err := KNN{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := m.Predict(mat.NewDense(1, 1, []float64{2.6})); p[0] != 0 {
		t.Errorf("default: %v, want the single nearest neighbour's label 0", p)
	}
	// Equal distances: 0.5 is as far from 0 as from 1; the smaller index (label 1) is nearer.
	if nb, _ := m.Neighbors([]float64{0.5}); nb[0] != 0 {
		t.Errorf("equal distances: nearest %v, want index 0", nb)
	}
	if p, _ := m.Predict(mat.NewDense(1, 1, []float64{0.5})); p[0] != 1 {
		t.Errorf("equal distances: %v, want 1", p)
	}
	// Equal votes: with 2 neighbours of 0.9 (labels 0 at 1, 1 at 0) the nearest one's label wins.
	m2, _ := KNN{Neighbors: 2}.Fit(x, y)
	if p, _ := m2.Predict(mat.NewDense(1, 1, []float64{0.9})); p[0] != 0 {
		t.Errorf("tied vote: %v, want 0 (label of the nearest)", p)
	}
	if p, _ := m2.Predict(mat.NewDense(1, 1, []float64{0.1})); p[0] != 1 {
		t.Errorf("tied vote: %v, want 1 (label of the nearest)", p)
	}
	// A query shorter than the data is measured on the common coordinates.
	if d := Euclidean.Distance([]float64{3, 4}, []float64{0}); d != 3 {
		t.Errorf("mismatched lengths: %v", d)
	}
}
