package regress

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// example11 draws the seed's Example 1.1 data: m noisy samples of 2 sin x + x/2 − 1 on [0, 6].
func example11(m int, noise float64, seed uint64) (xs, ys []float64) {
	r := rand.New(rand.NewPCG(seed, seed))
	xs, ys = make([]float64, m), make([]float64, m)
	for i := range xs {
		xs[i] = 6 * (float64(i) + r.Float64()) / float64(m)
		ys[i] = 2*math.Sin(xs[i]) + 0.5*xs[i] - 1 + noise*r.NormFloat64()
	}
	return xs, ys
}

var realisable = []Func{math.Sin, func(x float64) float64 { return x }, func(float64) float64 { return 1 }}

func TestRecoversRealisableTarget(t *testing.T) {
	xs, ys := example11(15, 0, 1)
	m, err := BasisLS{Basis: realisable}.Fit(xs, ys)
	if err != nil {
		t.Fatal(err)
	}
	for j, want := range []float64{2, 0.5, -1} {
		if math.Abs(m.W[j]-want) > 1e-12 {
			t.Errorf("w[%d] = %v, want %v", j, m.W[j], want)
		}
	}
	if m.TrainMSE > 1e-24 {
		t.Errorf("training MSE %v on noise-free data", m.TrainMSE)
	}
}

// Nested classes: the training error never rises with the degree; degree n−1 interpolates.
func TestPolynomialNested(t *testing.T) {
	xs, ys := example11(15, 0.3, 11)
	prev := math.Inf(1)
	for deg := 0; deg <= 14; deg++ {
		basis, err := Polynomial(deg, 6)
		if err != nil {
			t.Fatal(err)
		}
		m, err := BasisLS{Basis: basis}.Fit(xs, ys)
		var cond mat.Condition
		if err != nil && !errors.As(err, &cond) {
			t.Fatal(err)
		}
		if m.TrainMSE > prev+1e-9 {
			t.Errorf("degree %d: training MSE %v > %v at degree %d", deg, m.TrainMSE, prev, deg-1)
		}
		prev = m.TrainMSE
	}
	if prev > 1e-8 {
		t.Errorf("degree 14 on 15 points: training MSE %v, want ≈ 0 (interpolation)", prev)
	}
}

// Against the normal equations on a well-conditioned random problem.
func TestAgainstNormalEquations(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 3))
	xs, ys := make([]float64, 50), make([]float64, 50)
	for i := range xs {
		xs[i], ys[i] = 2*r.Float64()-1, r.NormFloat64()
	}
	basis, _ := Polynomial(3, 0)
	m, err := BasisLS{Basis: basis}.Fit(xs, ys)
	if err != nil {
		t.Fatal(err)
	}
	d, _ := Design(basis, xs)
	var dtd mat.Dense
	var dty, w mat.VecDense
	dtd.Mul(d.T(), d)
	dty.MulVec(d.T(), mat.NewVecDense(50, ys))
	if err := w.SolveVec(&dtd, &dty); err != nil {
		t.Fatal(err)
	}
	for j := range m.W {
		if math.Abs(m.W[j]-w.AtVec(j)) > 1e-10 {
			t.Errorf("w[%d] = %v, normal equations %v", j, m.W[j], w.AtVec(j))
		}
	}
	// The residual is orthogonal to every basis function.
	p, _ := m.Predict(xs)
	for j := range basis {
		s := 0.0
		for i := range xs {
			s += (ys[i] - p[i]) * d.At(i, j)
		}
		if math.Abs(s) > 1e-10 {
			t.Errorf("residual · g_%d = %v", j, s)
		}
	}
}

func TestBadInput(t *testing.T) {
	one := []Func{func(float64) float64 { return 1 }}
	cases := map[string]func() error{
		"mismatch": func() error { _, err := BasisLS{Basis: one}.Fit([]float64{1, 2}, []float64{1}); return err },
		"empty":    func() error { _, err := BasisLS{Basis: one}.Fit(nil, nil); return err },
		"no basis": func() error { _, err := BasisLS{}.Fit([]float64{1}, []float64{1}); return err },
		"too few":  func() error { _, err := BasisLS{Basis: realisable}.Fit([]float64{1, 2}, []float64{1, 2}); return err },
		"NaN x":    func() error { _, err := BasisLS{Basis: one}.Fit([]float64{math.NaN()}, []float64{1}); return err },
		"Inf y":    func() error { _, err := BasisLS{Basis: one}.Fit([]float64{1}, []float64{math.Inf(1)}); return err },
		"bad g":    func() error { _, err := BasisLS{Basis: []Func{math.Log}}.Fit([]float64{-1}, []float64{1}); return err },
		"degree":   func() error { _, err := Polynomial(-1, 1); return err },
		"scale":    func() error { _, err := Polynomial(2, math.NaN()); return err },
		"MSE NaN": func() error {
			m := &Model{Basis: one, W: []float64{1}}
			_, err := m.MSE([]float64{1}, []float64{math.NaN()})
			return err
		},
		"MSE lengths": func() error { m := &Model{Basis: one, W: []float64{1}}; _, err := m.MSE([]float64{1}, nil); return err },
	}
	want := map[string]error{"mismatch": ErrShape, "empty": ErrEmpty, "no basis": ErrEmpty, "too few": ErrShape,
		"NaN x": ErrNotFinite, "Inf y": ErrNotFinite, "bad g": ErrNotFinite, "degree": ErrParam, "scale": ErrParam,
		"MSE NaN": ErrNotFinite, "MSE lengths": ErrShape}
	for name, f := range cases {
		if err := f(); !errors.Is(err, want[name]) {
			t.Errorf("%s: err = %v, want %v", name, err, want[name])
		}
	}
	if _, err := (&Model{}).Predict([]float64{1}); !errors.Is(err, ErrNotFitted) {
		t.Errorf("zero model: %v", err)
	}
	if _, err := (BasisLS{Basis: []Func{nil}}).Fit([]float64{1}, []float64{1}); !errors.Is(err, ErrParam) {
		t.Errorf("nil basis function: %v", err)
	}
}

// TestSingularMessage: a rank-deficient design matrix (two equal basis functions) gives an
// error that says where, wrapping ErrSingular, not gonum's bare text.
func TestSingularMessage(t *testing.T) {
	g := func(x float64) float64 { return x }
	_, err := BasisLS{Basis: []Func{g, g}}.Fit([]float64{1, 2, 3}, []float64{1, 2, 3})
	want := "regress: BasisLS.Fit:"
	if !errors.Is(err, ErrSingular) || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "3×2 design matrix") {
		t.Errorf("got %v, want ErrSingular with %q and the design matrix's size", err, want)
	}
}

func BenchmarkPolynomialFit(b *testing.B) {
	xs, ys := example11(10000, 0.3, 1)
	basis, _ := Polynomial(8, 6)
	for b.Loop() {
		if _, err := (BasisLS{Basis: basis}).Fit(xs, ys); err != nil {
			b.Fatal(err)
		}
	}
}
