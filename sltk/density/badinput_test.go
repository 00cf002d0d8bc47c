package density

import (
	"errors"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// Bad input to the entry points is an error naming the argument, never a panic or ±Inf.
func TestEntryPointsRejectBadInput(t *testing.T) {
	_, subErr := NewGaussian([]float64{0, 0}, mat.NewSymDense(2, []float64{5e-324, 0, 0, 5e-324}))
	_, _, momErr := (*KDEModel)(nil).Moments1D()
	_, silErr := SilvermanWidth(mat.NewDense(2, 1, []float64{0, 1e200}))
	_, bernErr := BernoulliMixture{K: 1}.Fit((*mat.Dense)(nil))
	_, gldErr := GaussianLogDensity([]float64{0}, []float64{0, -400}, make([]float64, 2))
	x := mat.NewDense(4, 1, []float64{0, 1, 2, 3})
	_, gmlErr := GradientML{Tol: -1}.Fit(x, GaussianLogDensity, []float64{0, 0})
	_, gmmErr := GMM{K: 1, MinVar: -1}.Fit(x)
	_, histErr := Histogram{}.Fit([]float64{-1e308, 1e308})
	_, kdeErr := KDE{}.Fit(mat.NewDense(2, 1, []float64{0, 1e200}))
	for _, c := range []struct {
		name string
		err  error
		want error
		text string
	}{
		{"NewGaussian(subnormal Σ)", subErr, ErrSingular, "numerically singular"},
		{"(*KDEModel)(nil).Moments1D", momErr, ErrNotFitted, "KDEModel.Moments1D"},
		{"SilvermanWidth(1e200)", silErr, ErrNotFinite, "sample[1,0] = 1e+200: squares would overflow"},
		{"BernoulliMixture.Fit(typed nil)", bernErr, ErrEmpty, "nil data"},
		{"GaussianLogDensity(ln σ = −400)", gldErr, ErrNotFinite, "at ln σ = -400"},
		{"Histogram.Fit(±1e308)", histErr, ErrNotFinite, "wider than the float64 range"},
		{"KDE.Fit(1e200)", kdeErr, ErrNotFinite, "density: KDE.Fit: sample[1,0] = 1e+200: squares would overflow"},
		// a hyperparameter error names only the wrong field
		{"GradientML{Tol: -1}", gmlErr, ErrParam, "density: GradientML.Fit: Tol = -1, want finite and > 0"},
		{"GMM{MinVar: -1}", gmmErr, ErrParam, "density: GMM.Fit: MinVar = -1, want finite and ≥ 0"},
	} {
		if !errors.Is(c.err, c.want) || !strings.Contains(c.err.Error(), c.text) {
			t.Errorf("%s: %v; want %v containing %q", c.name, c.err, c.want, c.text)
		}
	}
	if g := (*Gaussian)(nil); g.Dim() != 0 || g.LogDet() != 0 {
		t.Errorf("nil Gaussian: Dim %d, LogDet %v; want 0, 0", g.Dim(), g.LogDet())
	}
}
