package ica

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// gradientFixture whitens four Laplace sources mixed by a fixed matrix and returns a
// non-orthogonal W at which to take gradients.
func gradientFixture(t testing.TB) (*Whitening, *mat.Dense) {
	t.Helper()
	x := mat.NewDense(500, 3, nil)
	for i := range 500 {
		a, b, c := math.Sin(float64(i)*0.37), math.Copysign(1, math.Sin(float64(i)*0.11)),
			math.Log(float64(i%17)+1)-1.5
		x.SetRow(i, []float64{a + 0.5*b, b - 0.3*c, c + 0.2*a})
	}
	wt, err := Whitener{}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	return wt, mat.NewDense(3, 3, []float64{1.5, 0.2, -0.4, 0.3, 0.8, 0.1, -0.2, 0.5, 1.1})
}

// TestGradientNaturalIsPlainTimesWtW: the natural gradient equals the plain gradient times
// WᵀW (the derivation of 2.26), for every score, against a dense reference built from U.
func TestGradientNaturalIsPlainTimesWtW(t *testing.T) {
	wt, w := gradientFixture(t)
	for _, s := range []Score{Logistic, Extended, Cubic} {
		plain, err := Infomax{Plain: true, Score: s}.Gradient(wt, w)
		if err != nil {
			t.Fatal(err)
		}
		nat, err := Infomax{Score: s}.Gradient(wt, w)
		if err != nil {
			t.Fatal(err)
		}
		var wtw, want, d mat.Dense
		wtw.Mul(w.T(), w)
		want.Mul(plain, &wtw)
		d.Sub(&want, nat)
		if e := mat.Norm(&d, math.Inf(1)) / mat.Norm(nat, math.Inf(1)); e > 1e-12 {
			t.Errorf("%v: natural − plain·WᵀW relative error %g", s, e)
		}
		// Reference plain gradient from the definition, sample by sample.
		n, k := wt.U.Dims()
		ref := mat.NewDense(k, k, nil)
		var y mat.VecDense
		for r := range n {
			u := wt.U.RowView(r)
			y.MulVec(w, u)
			for i := range k {
				psi, _ := s.Psi(y.AtVec(i), 1)
				for j := range k {
					ref.Set(i, j, ref.At(i, j)+psi*u.AtVec(j)/float64(n))
				}
			}
		}
		var inv mat.Dense
		if err := inv.Inverse(w); err != nil {
			t.Fatal(err)
		}
		ref.Add(ref, inv.T())
		d.Sub(ref, plain)
		if e := mat.Norm(&d, math.Inf(1)); e > 1e-12 {
			t.Errorf("%v: plain gradient off the definition by %g", s, e)
		}
	}
}

func TestGradientBadInput(t *testing.T) {
	wt, w := gradientFixture(t)
	cases := map[string]struct {
		wt   *Whitening
		w    mat.Matrix
		want error
	}{
		"nil wt":     {nil, w, ErrEmpty},
		"nil w":      {wt, nil, ErrEmpty},
		"2×2 w":      {wt, mat.NewDense(2, 2, []float64{1, 0, 0, 1}), ErrShape},
		"NaN in w":   {wt, mat.NewDense(3, 3, []float64{1, 0, 0, 0, math.NaN(), 0, 0, 0, 1}), ErrNotFinite},
		"singular w": {wt, mat.NewDense(3, 3, []float64{1, 2, 3, 2, 4, 6, 0, 0, 1}), ErrSingular},
	}
	for name, c := range cases {
		if _, err := (Infomax{}).Gradient(c.wt, c.w); !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", name, err, c.want)
		}
	}
	if _, err := (Infomax{Score: 99}).Gradient(wt, w); !errors.Is(err, ErrParam) {
		t.Errorf("bad score: err = %v", err)
	}
}

func ExampleInfomax_Gradient() {
	x := mat.NewDense(4, 2, []float64{1, 0, -1, 0, 0, 2, 0, -2})
	wt, err := Whitener{}.Fit(x)
	if err != nil {
		fmt.Println(err)
		return
	}
	// At W = I on these symmetric data ⟨ψ(y)yᵀ⟩ is diagonal, so both gradients are too.
	g, err := Infomax{}.Gradient(wt, mat.NewDiagDense(2, []float64{1, 1}))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("off-diagonal %.3f %.3f\n", g.At(0, 1), g.At(1, 0))
	// Output:
	// off-diagonal 0.000 0.000
}
