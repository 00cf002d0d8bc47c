package embed

import (
	"errors"
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// TestPowerIterationCaps: a rotation (eigenvalues e^{±iθ}, equal modulus) never converges, so a
// huge MaxIter used to run unbounded; now MaxIter beyond MaxPowerIter and n²·MaxIter beyond
// MaxPowerWork are errs.ErrTooLarge, and within the caps the rotation stops at MaxIter
// unconverged with its residual reported.
func TestPowerIterationCaps(t *testing.T) {
	c, s := math.Cos(0.3), math.Sin(0.3)
	rot := mat.NewDense(2, 2, []float64{c, -s, s, c})
	if _, err := (PowerIteration{MaxIter: math.MaxInt}).Run(rot); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("MaxIter = MaxInt: err = %v, want ErrTooLarge", err)
	}
	if _, err := (PowerIteration{MaxIter: MaxPowerIter + 1}).Run(rot); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("MaxIter = MaxPowerIter+1: err = %v, want ErrTooLarge", err)
	}
	big := mat.NewDense(300, 300, nil) // 300²·MaxPowerIter > MaxPowerWork
	if _, err := (PowerIteration{MaxIter: MaxPowerIter}).Run(big); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("n²·MaxIter beyond MaxPowerWork: err = %v, want ErrTooLarge", err)
	}
	res, err := PowerIteration{MaxIter: MaxPowerIter}.Run(rot) // at the cap: runs, does not converge
	if err != nil {
		t.Fatal(err)
	}
	if res.Converged || res.Iter != MaxPowerIter || len(res.Trace) != MaxPowerIter {
		t.Errorf("rotation: Converged %v after %d steps (%d trace entries), want false after %d", res.Converged, res.Iter, len(res.Trace), MaxPowerIter)
	}
	// The Rayleigh quotient of any unit v is cos θ; the residual ‖Av − cos θ·v‖ = sin θ.
	if math.Abs(res.Residual-s) > 1e-12 {
		t.Errorf("rotation residual %v, want sin θ = %v", res.Residual, s)
	}
}

// TestPowerIterationConvergedIsChecked: Residual is ‖Av − λv‖ recomputed here with gonum, and
// Converged holds only with the residual inside its documented bound. The Jordan block
// [[1,1],[0,1]] (defective: v_k ∝ (k, 1), step and residual both 1/(k²+1) in closed form) and a
// symmetric matrix with a gap (value against gonum's EigenSym) converge with checked residuals;
// diag(−3, 1), whose iterates flip sign, never passes the step test although its residual goes to 0.
func TestPowerIterationConvergedIsChecked(t *testing.T) {
	cases := []struct {
		name     string
		a        mat.Matrix
		start    []float64
		converge bool
		value    float64
		tol      float64 // on the value: a defective eigenvalue is only √(backward error) accurate
	}{
		{"Jordan", mat.NewDense(2, 2, []float64{1, 1, 0, 1}), []float64{0, 1}, true, 1, 2e-4},
		{"symmetric", mat.NewSymDense(3, []float64{4, 1, 0, 1, 3, 1, 0, 1, 1}), nil, true, 0, 1e-7},
		{"negative dominant", mat.NewDense(2, 2, []float64{-3, 0, 0, 1}), []float64{1, 1}, false, -3, 1e-12},
	}
	var es mat.EigenSym
	if !es.Factorize(cases[1].a.(*mat.SymDense), false) {
		t.Fatal("EigenSym failed")
	}
	cases[1].value = es.Values(nil)[2]
	for _, c := range cases {
		res, err := PowerIteration{Start: c.start, Tol: 1e-8, MaxIter: 100000, Seed: 1}.Run(c.a)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		v := mat.NewVecDense(len(res.Vector), res.Vector)
		var r mat.VecDense
		r.MulVec(c.a, v)
		r.AddScaledVec(&r, -res.Value, v)
		if math.Abs(mat.Norm(&r, 2)-res.Residual) > 1e-15 {
			t.Errorf("%s: Residual %g, recomputed %g", c.name, res.Residual, mat.Norm(&r, 2))
		}
		if res.Converged != c.converge || (res.Converged && res.Residual > 2e-8*math.Abs(res.Value)+1e-14) {
			t.Errorf("%s: Converged %v with residual %g after %d steps, want %v", c.name, res.Converged, res.Residual, res.Iter, c.converge)
		}
		if math.Abs(res.Value-c.value) > c.tol {
			t.Errorf("%s: λ = %v, want %v", c.name, res.Value, c.value)
		}
	}
	res, err := PowerIteration{Start: []float64{0, 1}, Tol: 1e-8}.Run(cases[0].a)
	if err != nil {
		t.Fatal(err)
	}
	k := float64(res.Iter) // v_k ∝ (k, 1)
	if want := 1 / (k*k + 1); math.Abs(res.Residual-want) > 1e-3*want {
		t.Errorf("Jordan: residual %g after %d steps, closed form %g", res.Residual, res.Iter, want)
	}
}

// TestPCARandomizedCaps: PowerIter = MaxInt used to run its subspace iteration without end;
// now PowerIter beyond MaxPCAPowerIter and n·d·l·(2·PowerIter+2) beyond MaxPCAWork are
// errs.ErrTooLarge. At the cap the fit runs and its eigenvalues match gonum's dense SVD.
func TestPCARandomizedCaps(t *testing.T) {
	x := mat.NewDense(40, 6, nil)
	for i := range 40 {
		for j := range 6 {
			x.Set(i, j, math.Sin(float64(i*7+j*j*3+1))*float64(6-j))
		}
	}
	for _, it := range []int{math.MaxInt, MaxPCAPowerIter + 1} {
		if _, err := (PCA{Components: 2, Solver: PCARandomized, PowerIter: it}).Fit(x); !errors.Is(err, errs.ErrTooLarge) {
			t.Errorf("PowerIter = %d: err = %v, want ErrTooLarge", it, err)
		}
	}
	wide := mat.NewDense(2000, 800, nil) // n·d·l·(2·PowerIter+2) = 2000·800·800·2050 > MaxPCAWork
	if _, err := (PCA{Components: 1, Solver: PCARandomized, Oversample: math.MaxInt, PowerIter: MaxPCAPowerIter}).Fit(wide); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("work beyond MaxPCAWork: err = %v, want ErrTooLarge", err)
	}
	m, err := PCA{Components: 2, Solver: PCARandomized, PowerIter: MaxPCAPowerIter, Seed: 3}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	want := centredSingularValues(x)
	for j, v := range m.Values {
		if math.Abs(v-want[j]*want[j]) > 1e-10*want[0]*want[0] {
			t.Errorf("λ_%d = %v, dense SVD %v", j+1, v, want[j]*want[j])
		}
	}
}

// centredSingularValues returns the singular values of x with its column means removed, from
// gonum's dense SVD (the independent reference for PCA's eigenvalues).
func centredSingularValues(x *mat.Dense) []float64 {
	n, d := x.Dims()
	c := mat.DenseCopyOf(x)
	for j := range d {
		var s float64
		for i := range n {
			s += x.At(i, j)
		}
		for i := range n {
			c.Set(i, j, x.At(i, j)-s/float64(n))
		}
	}
	var svd mat.SVD
	svd.Factorize(c, mat.SVDNone)
	return svd.Values(nil)
}

// TestLLEMaxIterCap: LLE.MaxIter had no cap; beyond MaxLLEIter it is errs.ErrTooLarge.
func TestLLEMaxIterCap(t *testing.T) {
	x, _ := helix(40)
	if _, err := (LLE{Neighbors: 6, MaxIter: MaxLLEIter + 1}).Fit(x); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("MaxIter = MaxLLEIter+1: err = %v, want ErrTooLarge", err)
	}
}

// TestPowerTopChecksResidual: with eigenvalues 2 and −2 the iterates of Top's first run
// oscillate in their plane and the Rayleigh quotient 2(a² − b²) is no eigenvalue; Top returned
// it with a nil error. Now a pair whose residual stays above the converged bound is
// errs.ErrSingular. A lone negative dominant eigenvalue (−3) never passes the step test, but its
// residual does, and Top returns it, as gonum's EigenSym does.
func TestPowerTopChecksResidual(t *testing.T) {
	opp := mat.NewSymDense(3, []float64{2, 0, 0, 0, -2, 0, 0, 0, 1})
	if _, _, err := (PowerIteration{Seed: 1, MaxIter: 500}).Top(opp, 1); !errors.Is(err, errs.ErrSingular) {
		t.Errorf("eigenvalues ±2: err = %v, want ErrSingular", err)
	}
	neg := mat.NewSymDense(3, []float64{-3, 0, 0, 0, 1, 0, 0, 0, 0.5})
	vals, _, err := PowerIteration{Seed: 1, MaxIter: 500}.Top(neg, 1)
	var es mat.EigenSym
	es.Factorize(neg, false)
	if err != nil || math.Abs(vals[0]-es.Values(nil)[0]) > 1e-12 {
		t.Errorf("negative dominant: %v, %v, want %v", vals, err, es.Values(nil)[0])
	}
}
