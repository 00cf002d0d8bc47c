package classify

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// liftedExample is the spec's A6 data set, already lifted with a constant 1.
func liftedExample() (*mat.Dense, []int) {
	x := mat.NewDense(6, 3, []float64{2, 2, 1, 0, 0, 1, 3, 1, 1, 1, 0, 1, 3, 3, 1, 0, 1, 1})
	return x, []int{1, 0, 1, 0, 1, 0}
}

// pm returns labels in {0, 1} as the ±1 values of the proofs.
func pm(y []int) []float64 {
	s := make([]float64, len(y))
	for i, v := range y {
		s[i] = float64(2*v - 1)
	}
	return s
}

func closeVec(t *testing.T, name string, got, want []float64, tol float64) {
	t.Helper()
	if !floats.EqualApprox(got, want, tol) {
		t.Errorf("%s = %v, want %v", name, got, want)
	}
}

func TestPerceptronOracle(t *testing.T) {
	x, y := liftedExample()
	r, err := Perceptron{Trace: true}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if r.Updates != 4 || r.Iter != 2 || !r.Converged {
		t.Errorf("updates %d, sweeps %d, converged %v; want 4, 2, true", r.Updates, r.Iter, r.Converged)
	}
	want := [][]float64{{2, 2, 1}, {2, 2, 0}, {1, 2, -1}, {1, 1, -2}}
	for i, w := range want {
		closeVec(t, fmt.Sprintf("w_%d", i+1), r.Trace[i], w, 0)
	}
	g, _ := Margin(r.W, x, y)
	if math.Abs(g-1/math.Sqrt(6)) > 1e-12 {
		t.Errorf("Perceptron margin %v, want 1/√6", g)
	}
	lam, _ := MaxNorm(x)
	if math.Abs(lam*lam-19) > 1e-12 {
		t.Errorf("λ² = %v, want 19", lam*lam)
	}
	// trivial oracle
	x2 := mat.NewDense(4, 2, []float64{1, 2, 2, 1, -1, -2, -2, -1})
	r2, err := Perceptron{}.Fit(x2, []int{1, 1, 0, 0})
	if err != nil || r2.Updates != 1 {
		t.Fatalf("trivial: %v, %v", r2, err)
	}
	closeVec(t, "trivial w", r2.W, []float64{1, 2}, 0)
}

func TestHardMarginSVMOracle(t *testing.T) {
	x, y := liftedExample()
	r, err := HardMarginSVM{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	closeVec(t, "w*", r.W, []float64{2. / 3, 2. / 3, -5. / 3}, 1e-7)
	if math.Abs(r.Margin-math.Sqrt(3.0/11)) > 1e-7 {
		t.Errorf("γ* = %v, want √(3/11)", r.Margin)
	}
	// KKT: all margins ≥ 1, α_i > 0 only where y⟨w,x⟩ = 1
	for i, yi := range pm(y) {
		m := yi * floats.Dot(r.W, x.RawRowView(i))
		if m < 1-1e-7 || (r.Alpha[i] > 1e-9 && math.Abs(m-1) > 1e-7) {
			t.Errorf("KKT fails at %d: margin %v, α %v", i, m, r.Alpha[i])
		}
	}
	// the Perceptron bound (λ/γ*)² = 209/3 ≥ 4 updates
	lam, _ := MaxNorm(x)
	if b := lam * lam / (r.Margin * r.Margin); math.Abs(b-209.0/3) > 1e-5 {
		t.Errorf("bound %v, want 209/3", b)
	}
	x2 := mat.NewDense(4, 2, []float64{1, 2, 2, 1, -1, -2, -2, -1})
	r2, _ := HardMarginSVM{}.Fit(x2, []int{1, 1, 0, 0})
	closeVec(t, "trivial w*", r2.W, []float64{1. / 3, 1. / 3}, 1e-8)
}

func xorData() (*mat.Dense, []int) {
	return mustAppendOne(mat.NewDense(4, 2, []float64{0, 0, 1, 1, 0, 1, 1, 0})), []int{1, 1, 0, 0}
}

func TestNotSeparable(t *testing.T) {
	x, y := xorData()
	if _, err := (HardMarginSVM{MaxIter: 2000}).Fit(x, y); !errors.Is(err, ErrNotSeparable) {
		t.Errorf("hard SVM on XOR: %v", err)
	}
	if _, err := ERMLP(x, y); !errors.Is(err, ErrNotSeparable) {
		t.Errorf("ERM LP on XOR: %v", err)
	}
	if r, err := (Perceptron{MaxIter: 50}).Fit(x, y); err != nil || r.Converged || r.Iter != 50 {
		t.Errorf("Perceptron on XOR: %+v, %v; want Converged = false after 50 sweeps", r, err)
	}
	// the quadratic lift makes XOR separable (x1·x2 and the linear terms)
	q, _ := QuadraticLift(mat.NewDense(4, 2, []float64{0, 0, 1, 1, 0, 1, 1, 0}))
	w, err := ERMLP(mustAppendOne(q), y)
	if err != nil {
		t.Fatal(err)
	}
	if e, _ := TrainingErrors(w, mustAppendOne(q), y); e != 0 {
		t.Errorf("lifted XOR: %d errors", e)
	}
}

func TestERMLP(t *testing.T) {
	x, y := liftedExample()
	w, err := ERMLP(x, y)
	if err != nil {
		t.Fatal(err)
	}
	for i, yi := range pm(y) {
		if m := yi * floats.Dot(w, x.RawRowView(i)); m < 1-1e-9 {
			t.Errorf("example %d: y⟨w,x⟩ = %v < 1", i, m)
		}
	}
}

// separable draws n points in [−1,1]^d labelled by a random hyperplane, dropping points
// closer to it than gap.
func separable(r *rand.Rand, n, d int, gap float64) (*mat.Dense, []int) {
	w := make([]float64, d)
	for j := range w {
		w[j] = r.NormFloat64()
	}
	floats.Scale(1/floats.Norm(w, 2), w)
	x := mat.NewDense(n, d, nil)
	y := make([]int, n)
	for i := 0; i < n; {
		p := make([]float64, d)
		for j := range p {
			p[j] = 2*r.Float64() - 1
		}
		m := floats.Dot(w, p)
		if math.Abs(m) < gap {
			continue
		}
		x.SetRow(i, p)
		y[i] = binary(m)
		i++
	}
	return x, y
}

// TestMistakeBound checks Thm 1.13 on random separable data, with γ* from the hard SVM.
func TestMistakeBound(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 20; trial++ {
		x, y := separable(r, 60, 3, 0.05)
		p, err := Perceptron{}.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		s, err := HardMarginSVM{}.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		lam, _ := MaxNorm(x)
		if bound := math.Pow(lam/s.Margin, 2); float64(p.Updates) > bound {
			t.Errorf("updates %d > (λ/γ*)² = %v", p.Updates, bound)
		}
		pm, _ := Margin(p.W, x, y)
		if pm > s.Margin+1e-9 {
			t.Errorf("Perceptron margin %v exceeds the SVM's %v (Thm 1.15)", pm, s.Margin)
		}
	}
}

func TestLogistic(t *testing.T) {
	// x ≡ 1 with 3 positive and 1 negative label: w* = ln 3.
	x := mat.NewDense(4, 1, []float64{1, 1, 1, 1})
	m, err := LogisticRegression{NoPenalty: true, Tol: 1e-10, NoIntercept: true}.Fit(x, []int{1, 1, 1, 0})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(m.W[0]-math.Log(3)) > 1e-6 || !m.Converged {
		t.Errorf("w = %v (converged %v), want ln 3", m.W, m.Converged)
	}
	s0, _ := Sigmoid(0)
	s3, _ := Sigmoid(3)
	sm3, _ := Sigmoid(-3)
	if s0 != 0.5 || math.Abs(s3-(1-sm3)) > 1e-15 {
		t.Error("sigmoid identities")
	}
	if l, err := LogisticLoss(-800); err != nil || math.Abs(l-800) > 1e-9 {
		t.Errorf("softplus(800) = %v, %v", l, err)
	}
	// noisy data with intercept: gradient vanishes at the optimum
	r := rand.New(rand.NewPCG(7, 8))
	xs, ys := separable(r, 400, 2, 0)
	for i := range ys {
		if r.Float64() < 0.15 {
			ys[i] = 1 - ys[i]
		}
	}
	m, err = LogisticRegression{L2: 0.1}.Fit(xs, ys)
	if err != nil || !m.Converged {
		t.Fatalf("noisy fit: %+v %v", m, err)
	}
}

func TestSoftSVM(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	x, y := separable(r, 300, 2, 0.1)
	m, err := SVM{C: 1000, Tol: 1e-5, MaxIter: 20000}.Fit(mustAppendOne(x), y)
	if err != nil {
		t.Fatal(err)
	}
	h, err := HardMarginSVM{}.Fit(mustAppendOne(x), y)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(m.Margin-h.Margin) > 1e-3*h.Margin {
		t.Errorf("large-C soft margin %v vs hard %v", m.Margin, h.Margin)
	}
	for i := range y {
		if r.Float64() < 0.1 {
			y[i] = 1 - y[i]
		}
	}
	s, err := SVM{C: 1, Intercept: true, Seed: 1}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := s.Predict(x)
	acc := 0
	for i := range p {
		if p[i] == y[i] {
			acc++
		}
	}
	if float64(acc)/float64(len(y)) < 0.8 {
		t.Errorf("soft SVM accuracy %v on 10%% label noise", float64(acc)/float64(len(y)))
	}
}

func TestLifts(t *testing.T) {
	q, _ := QuadraticLift(mat.NewDense(1, 2, []float64{2, 3}))
	closeVec(t, "τ(2,3)", q.RawRowView(0), []float64{4, 6, 9, 2, 3}, 0)
	c, _ := CircleLift(mat.NewDense(1, 2, []float64{3, 4}))
	closeVec(t, "circle lift", c.RawRowView(0), []float64{25, 3, 4}, 0)
	w, b, err := SplitBias([]float64{1, 2, -3})
	if err != nil || b != 3 || len(w) != 2 {
		t.Errorf("SplitBias: %v, %v, %v", w, b, err)
	}
	// points inside/outside the unit circle become separable after the lift
	r := rand.New(rand.NewPCG(11, 12))
	x := mat.NewDense(200, 2, nil)
	y := make([]int, 200)
	for i := 0; i < 200; {
		a, bb := 4*r.Float64()-2, 4*r.Float64()-2
		rr := math.Hypot(a, bb)
		if math.Abs(rr-1) < 0.1 {
			continue
		}
		x.SetRow(i, []float64{a, bb})
		y[i] = 1
		if rr > 1 {
			y[i] = 0
		}
		i++
	}
	l, _ := CircleLift(x)
	if r, err := (Perceptron{MaxIter: 10000}).Fit(mustAppendOne(l), y); err != nil || !r.Converged {
		t.Errorf("Perceptron on lifted circle data: %v", err)
	}
}

func TestLinearBadInput(t *testing.T) {
	x, y := liftedExample()
	bad := append([]int(nil), y...)
	bad[2] = -1
	if _, err := (Perceptron{}).Fit(x, bad); !errors.Is(err, ErrLabel) {
		t.Errorf("label −1: %v", err)
	}
	if _, err := (HardMarginSVM{}).Fit(x, y[:3]); !errors.Is(err, ErrShape) {
		t.Errorf("short y: %v", err)
	}
	xn := mat.DenseCopyOf(x)
	xn.Set(1, 1, math.NaN())
	if _, err := (LogisticRegression{}).Fit(xn, y); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN: %v", err)
	}
	if _, err := (SVM{C: -1}).Fit(x, y); !errors.Is(err, ErrParam) {
		t.Errorf("C < 0: %v", err)
	}
}

func ExamplePerceptron() {
	x := mat.NewDense(6, 3, []float64{2, 2, 1, 0, 0, 1, 3, 1, 1, 1, 0, 1, 3, 3, 1, 0, 1, 1})
	y := []int{1, 0, 1, 0, 1, 0}
	r, _ := Perceptron{}.Fit(x, y)
	fmt.Println("w =", r.W, "updates =", r.Updates)
	// Output: w = [1 1 -2] updates = 4
}

func ExampleHardMarginSVM() {
	x := mat.NewDense(6, 3, []float64{2, 2, 1, 0, 0, 1, 3, 1, 1, 1, 0, 1, 3, 3, 1, 0, 1, 1})
	y := []int{1, 0, 1, 0, 1, 0}
	r, _ := HardMarginSVM{}.Fit(x, y)
	fmt.Printf("w* = (%.4f, %.4f, %.4f), margin %.6f\n", r.W[0], r.W[1], r.W[2], r.Margin)
	// Output: w* = (0.6667, 0.6667, -1.6667), margin 0.522233
}

func mustAppendOne(x mat.Matrix) *mat.Dense {
	out, err := AppendOne(x)
	if err != nil {
		panic(err)
	}
	return out
}

func TestSVMZeroData(t *testing.T) {
	r, err := SVM{}.Fit(mat.NewDense(3, 2, nil), []int{0, 1, 1})
	if err != nil || r.Margin != 0 {
		t.Errorf("all-zero data: margin %v, %v", r.Margin, err)
	}
}

func TestLogisticIntercept(t *testing.T) {
	// Labels 1 exactly when x > 2 (with noise at the boundary): b < 0, w > 0, P(2) ≈ 1/2.
	x := mat.NewDense(6, 1, []float64{0, 1, 2, 2, 3, 4})
	m, err := LogisticRegression{L2: 0.01}.Fit(x, []int{0, 0, 0, 1, 1, 1})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := m.Prob(mat.NewDense(1, 1, []float64{2}))
	if !(m.B < 0 && m.W[0] > 0) || p[0] < 0.45 || p[0] > 0.55 {
		t.Errorf("w = %v, b = %v, P(y=1|x=2) = %v", m.W, m.B, p[0])
	}
	n, _ := LogisticRegression{L2: 0.01, NoIntercept: true}.Fit(x, []int{0, 0, 0, 1, 1, 1})
	if n.B != 0 {
		t.Errorf("NoIntercept: b = %v", n.B)
	}
}

// TestSVMSweepSameBits pins a soft-margin fit to the values the code gave before the sweeps
// read the examples as records with the row ahead prefetched (kernel.DotNext) and clipped
// with comparisons instead of math.Min/Max (printed by that code): the same sweeps and the
// same cost to the bit, on 5000×20 with C = 0.5, no intercept, Seed 3.
func TestSVMSweepSameBits(t *testing.T) {
	x, y, _ := benchData(100_000, 20)
	r, err := SVM{C: 0.5, Seed: 3}.Fit(x.Slice(0, 5000, 0, 20), y[:5000])
	if err != nil {
		t.Fatal(err)
	}
	if r.Iter != 233 || r.Cost != 1084.5374387850841 {
		t.Errorf("Iter %d, Cost %.17g; before: 233, 1084.5374387850841", r.Iter, r.Cost)
	}
}

// TestCheckScaledFallsBack checks that the one-pass check returns exactly what checkX and
// then checkScale return: on a NaN, an Inf and an entry beyond 1e150 (each after the first
// scan block, and one of each in the same row, where the first in row order wins), on a
// strided view, on a non-Dense matrix and on clean data.
func TestCheckScaledFallsBack(t *testing.T) {
	base, _, _ := benchData(20_000, 5)
	for _, c := range []struct {
		name string
		set  map[[2]int]float64
	}{
		{"clean", nil},
		{"nan", map[[2]int]float64{{9000, 2}: math.NaN()}},
		{"inf", map[[2]int]float64{{19_999, 4}: math.Inf(-1)}},
		{"huge", map[[2]int]float64{{8192, 0}: -2e150}},
		{"huge then nan", map[[2]int]float64{{100, 1}: 3e150, {100, 3}: math.NaN()}},
	} {
		x := mat.DenseCopyOf(base)
		for ij, v := range c.set {
			x.Set(ij[0], ij[1], v)
		}
		for _, m := range []mat.Matrix{x, x.Slice(0, 20_000, 1, 5), struct{ mat.Matrix }{x}} {
			wantN, wantD, want := checkX("f", m)
			if want == nil {
				want = checkScale("f", m)
			}
			n, d, got := checkScaled("f", m)
			if fmt.Sprint(got) != fmt.Sprint(want) || (want == nil && (n != wantN || d != wantD)) {
				t.Errorf("%s %T: checkScaled (%d, %d, %v), checkX/checkScale (%d, %d, %v)", c.name, m, n, d, got, wantN, wantD, want)
			}
		}
	}
}
