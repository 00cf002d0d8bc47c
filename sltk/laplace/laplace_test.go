package laplace

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// fig41 is f(y) = −1 + y² + sin 5y of Fig. 4.1.
var fig41 = Problem{
	F:    func(y []float64) float64 { return -1 + y[0]*y[0] + math.Sin(5*y[0]) },
	Grad: func(g, y []float64) { g[0] = 2*y[0] + 5*math.Cos(5*y[0]) },
	Hess: func(h *mat.SymDense, y []float64) { h.SetSym(0, 0, 2-25*math.Sin(5*y[0])) },
}

// simpson integrates g on [a, b] with n (even) intervals.
func simpson(g func(float64) float64, a, b float64, n int) float64 {
	h := (b - a) / float64(n)
	s := g(a) + g(b)
	for i := 1; i < n; i++ {
		w := 2.0
		if i%2 == 1 {
			w = 4
		}
		s += w * g(a+float64(i)*h)
	}
	return s * h / 3
}

func TestLaplace1DO11(t *testing.T) {
	minima := []struct{ y, f float64 }{
		{-1.4473142236, 0.2793381543}, {-0.2908393150, -1.9086224399},
		{0.8712810831, -1.1781734319}, {2.0120415681, 2.4547877282},
	}
	for _, m := range minima {
		r, err := LogIntegral(fig41, []float64{m.y + 0.01}, 1)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(r.Y[0]-m.y) > 1e-9 || math.Abs(r.F-m.f) > 1e-9 {
			t.Fatalf("minimum near %g: got y = %.10f, f = %.10f", m.y, r.Y[0], r.F)
		}
	}
	r, _ := LogIntegral(fig41, []float64{-0.3}, 1)
	if math.Abs(math.Exp(r.LogDet)-26.83024868) > 1e-6 {
		t.Fatalf("f''(y0) = %g", math.Exp(r.LogDet))
	}
	ms := []float64{0.5, 1, 2, 5, 10, 20, 50, 100, 1000}
	want := []float64{2.472995, 1.869149, 1.356541, 1.052389, 1.012316, 1.005648, 1.002224, 1.001106, 1.000110}
	for i, M := range ms {
		r, err := LogIntegral(fig41, []float64{-0.3}, M)
		if err != nil {
			t.Fatal(err)
		}
		// Exact integral relative to e^{−M f(y0)} to avoid overflow.
		exact := simpson(func(y float64) float64 {
			return math.Exp(-M * (fig41.F([]float64{y}) - r.F))
		}, -8, 8, 400000)
		ratio := exact / math.Exp(r.LogInt+M*r.F)
		if math.Abs(ratio-want[i]) > 2e-6*want[i] {
			t.Fatalf("M = %g: ratio %.7f, want %.6f", M, ratio, want[i])
		}
	}
}

func TestToyO12(t *testing.T) {
	// R(c) = −cᵀc is constant on {±1}^N, so Z = 2^N e^{N/T}; Laplace gives 2^N (1−2/T)^{−N/2}.
	want := map[float64]float64{2.5: 1.498881, 3: 1.241069, 4: 1.101391, 10: 1.011639, 100: 1.000101}
	for T, w := range want {
		p := Problem{
			F:    func(y []float64) float64 { return y[0]*y[0] - T*math.Log(2*math.Cosh(2*y[0]/T)) },
			Grad: func(g, y []float64) { g[0] = 2*y[0] - 2*math.Tanh(2*y[0]/T) },
			Hess: func(h *mat.SymDense, y []float64) {
				c := math.Cosh(2 * y[0] / T)
				h.SetSym(0, 0, 2-4/(T*c*c))
			},
		}
		// Z = (πT)^{−1/2} ∫ exp(−f/T) with M = 1/T.
		r, err := LogIntegral(p, []float64{0.1}, 1/T)
		if err != nil {
			t.Fatal(err)
		}
		lap := r.LogInt - 0.5*math.Log(math.Pi*T)
		if math.Abs(lap-(math.Log(2)-0.5*math.Log(1-2/T))) > 1e-9 {
			t.Fatalf("T = %g: log Z_Lap %g", T, lap)
		}
		if ratio := math.Exp(lap - (math.Log(2) + 1/T)); math.Abs(ratio-w) > 1e-6 {
			t.Fatalf("T = %g: ratio %g, want %g", T, ratio, w)
		}
		// The integral form (4.13) equals 2e^{1/T}.
		in := simpson(func(y float64) float64 { return math.Exp(-p.F([]float64{y}) / T) }, -60*T, 60*T, 200000)
		if z := in / math.Sqrt(math.Pi*T); math.Abs(z-2*math.Exp(1/T)) > 1e-9*z {
			t.Fatalf("T = %g: quadrature %g, 2e^{1/T} = %g", T, z, 2*math.Exp(1/T))
		}
	}
	// At T < 2 the Hessian at 0 is not positive definite.
	p := Problem{
		F:    func(y []float64) float64 { return y[0] * y[0] },
		Grad: func(g, y []float64) { g[0] = 0 },
		Hess: func(h *mat.SymDense, y []float64) { h.SetSym(0, 0, 2-4/1.5) },
	}
	if _, err := LogIntegral(p, []float64{0}, 1); !errors.Is(err, ErrSingular) {
		t.Fatalf("T = 1.5: %v", err)
	}
}

func unitVectors(angles []float64) *mat.Dense {
	x := mat.NewDense(len(angles), 2, nil)
	for i, a := range angles {
		x.Set(i, 0, math.Cos(a))
		x.Set(i, 1, math.Sin(a))
	}
	return x
}

func TestLeastAngleIdentitiesO13(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	x := mat.NewDense(6, 3, nil)
	for i := 0; i < 6; i++ {
		var s float64
		for j := 0; j < 3; j++ {
			v := rng.NormFloat64()
			x.Set(i, j, v)
			s += v * v
		}
		for j := 0; j < 3; j++ {
			x.Set(i, j, x.At(i, j)/math.Sqrt(s))
		}
	}
	labels := make([]int, 6)
	for a := 0; a < 729; a++ {
		v := a
		for i := range labels {
			labels[i] = v % 3
			v /= 3
		}
		r1, _ := LACost(x, labels)
		r2, _ := LACostSquares(x, labels, 3)
		if math.Abs(r1-r2) > 1e-15 {
			t.Fatalf("assignment %d: pairwise %g, squares %g", a, r1, r2)
		}
	}
	x1 := mat.NewDense(5, 1, []float64{1, 1, -1, 1, -1})
	for T, want := range map[float64]float64{0.3: 3.7854564437, 1: 3.3271016117, 3: 3.4050126518} {
		lz, err := LAExactLogZ(x1, 2, T)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(lz-want) > 1e-9 {
			t.Fatalf("T = %g: log Z = %.10f, want %.10f", T, lz, want)
		}
		// α ∫ exp(−(N/T) f) dy by 2-D quadrature with the corrected α.
		g := func(y1 float64) float64 {
			return simpson(func(y2 float64) float64 {
				f := 0.5 * (y1*y1 + y2*y2)
				for _, xi := range []float64{1, 1, -1, 1, -1} {
					a, b := xi*y1/T, xi*y2/T
					m := math.Max(a, b)
					f -= T / 5 * (m + math.Log(math.Exp(a-m)+math.Exp(b-m)))
				}
				return math.Exp(-5 / T * f)
			}, -10, 10, 1000)
		}
		in := simpson(g, -10, 10, 1000)
		la, _ := LALogAlpha(5, 2, 1, T)
		if got := la + math.Log(in); math.Abs(got-want) > 1e-8 {
			t.Fatalf("T = %g: α∫ gives %.10f, want %.10f", T, got, want)
		}
	}
}

func TestLeastAngleLaplaceO14(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	var ang []float64
	for i := 0; i < 6; i++ {
		ang = append(ang, 0.3+0.25*rng.NormFloat64())
	}
	for i := 0; i < 6; i++ {
		ang = append(ang, 2.0+0.25*rng.NormFloat64())
	}
	x := unitVectors(ang)
	tc, _ := LACriticalT(x, 2)
	if tc < 0.2 || tc > 0.4 {
		t.Fatalf("T_c = %g", tc)
	}
	for _, c := range []struct{ T, tol float64 }{{2, 0.01}, {1, 0.03}, {0.5, 0.15}, {0.1, 0.25}, {0.05, 0.05}} {
		exact, err := LAExactLogZ(x, 2, c.T)
		if err != nil {
			t.Fatal(err)
		}
		r, err := LeastAngle{K: 2, T: c.T, Seed: 1}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(r.LogZ-exact) > c.tol {
			t.Fatalf("T = %g: Laplace %g, exact %g", c.T, r.LogZ, exact)
		}
		if (c.T < tc) != (r.Multiplicity == 2) {
			t.Fatalf("T = %g: multiplicity %g with T_c = %g", c.T, r.Multiplicity, tc)
		}
	}
	// Hessian against finite differences of the gradient y − (1/N) Σ P x.
	y := mat.NewDense(2, 2, []float64{0.3, 0.1, -0.2, 0.4})
	T := 0.7
	h, _ := LAHessian(x, y, T)
	grad := func(y *mat.Dense) []float64 {
		p := mat.NewDense(12, 2, nil)
		laPosterior(x, y, T, p)
		var m mat.Dense
		m.Mul(p.T(), x)
		g := make([]float64, 4)
		for k := 0; k < 2; k++ {
			for j := 0; j < 2; j++ {
				g[k*2+j] = y.At(k, j) - m.At(k, j)/12
			}
		}
		return g
	}
	for a := 0; a < 4; a++ {
		yp, ym := mat.DenseCopyOf(y), mat.DenseCopyOf(y)
		yp.Set(a/2, a%2, y.At(a/2, a%2)+1e-6)
		ym.Set(a/2, a%2, y.At(a/2, a%2)-1e-6)
		gp, gm := grad(yp), grad(ym)
		for b := 0; b < 4; b++ {
			if fd := (gp[b] - gm[b]) / 2e-6; math.Abs(fd-h.At(a, b)) > 1e-8 {
				t.Fatalf("H[%d,%d] = %g, finite difference %g", a, b, h.At(a, b), fd)
			}
		}
	}
}

func TestBadInput(t *testing.T) {
	if ErrSingular != errs.ErrSingular || ErrParam != errs.ErrParam || ErrTooLarge != errs.ErrTooLarge {
		t.Fatal("laplace re-exports a sentinel that is not the errs one")
	}
	if _, err := LogDet((*mat.SymDense)(nil)); !errors.Is(err, errs.ErrEmpty) {
		t.Fatal(err)
	}
	if _, err := (LeastAngle{K: 2, T: 1, Tol: -1}).Fit(mat.NewDense(2, 1, []float64{1, -1})); err == nil ||
		!strings.Contains(err.Error(), "Tol = -1") || strings.Contains(err.Error(), "MaxIter") {
		t.Fatalf("the message names only the wrong field: %v", err)
	}
	if _, err := LogDet(mat.NewSymDense(2, []float64{1, 2, 2, 1})); !errors.Is(err, ErrSingular) {
		t.Fatal(err)
	}
	if _, err := (LeastAngle{K: 2, T: 0}).Fit(mat.NewDense(2, 1, []float64{1, -1})); !errors.Is(err, ErrParam) {
		t.Fatal(err)
	}
	if _, err := (LeastAngle{K: 0, T: 1}).Fit(mat.NewDense(2, 1, []float64{1, -1})); !errors.Is(err, ErrParam) {
		t.Fatal(err)
	}
	if _, err := LAExactLogZ(mat.NewDense(30, 1, nil), 3, 1); !errors.Is(err, ErrTooLarge) {
		t.Fatal(err)
	}
	if _, err := LogIntegral(fig41, []float64{math.NaN()}, 1); !errors.Is(err, ErrNotFinite) {
		t.Fatal(err)
	}
}

func ExampleLogIntegral() {
	r, _ := LogIntegral(fig41, []float64{-0.3}, 10)
	fmt.Printf("y0 = %.6f, f(y0) = %.6f, log ∫ ≈ %.4f\n", r.Y[0], r.F, r.LogInt)
	// Output:
	// y0 = -0.290839, f(y0) = -1.908622, log ∫ ≈ 17.2091
}

func ExampleLeastAngle() {
	// Twelve directions in two bundles; Laplace's estimate of log Z against enumeration.
	x := unitVectors([]float64{0.1, 0.3, 0.5, 0.2, 0.4, 0.35, 2.0, 2.2, 1.9, 2.1, 1.8, 2.3})
	exact, _ := LAExactLogZ(x, 2, 0.05)
	r, _ := LeastAngle{K: 2, T: 0.05, Seed: 1}.Fit(x)
	fmt.Printf("log Z: exact %.3f, Laplace %.3f (multiplicity %g)\n", exact, r.LogZ, r.Multiplicity)
	// Output:
	// log Z: exact 49.323, Laplace 49.322 (multiplicity 2)
}
