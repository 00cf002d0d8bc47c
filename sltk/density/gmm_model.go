package density

import (
	"fmt"
	"math"
	"slices"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// IsotropicMixture builds a mixture Σ_q P(q) N(w_q, σ_q² I) from given parameters, e.g. the
// mixture that soft k-means implicitly uses (σ_q² = 1/β and P(q) = 1/M, ML chapter 5 (Probability
// density estimation) §5.2.2): its Posteriors then equal the soft assignments ⟨m_q^(α)⟩ of
// deterministic annealing. weights must be positive and sum to 1 (within 1e-9), vars positive.
func IsotropicMixture(weights []float64, means mat.Matrix, vars []float64) (*GMMResult, error) {
	if check.IsNil(means) {
		return nil, fmt.Errorf("density: IsotropicMixture: nil means: %w", ErrEmpty)
	}
	k, d := means.Dims()
	if k == 0 || d == 0 || len(weights) != k || len(vars) != k {
		return nil, fmt.Errorf("density: IsotropicMixture: %d weights, %d variances and %d×%d means: %w", len(weights), len(vars), k, d, ErrShape)
	}
	sum := 0.0
	for q := 0; q < k; q++ {
		if !(weights[q] > 0) || !(vars[q] > 0) || math.IsInf(vars[q], 0) {
			return nil, fmt.Errorf("density: IsotropicMixture: component %d has weight %g and variance %g: %w", q, weights[q], vars[q], ErrParam)
		}
		sum += weights[q]
	}
	if math.Abs(sum-1) > 1e-9 {
		return nil, fmt.Errorf("density: IsotropicMixture: weights sum to %g: %w", sum, ErrProb)
	}
	m, _, _, err := rowsOf("IsotropicMixture", means, "means")
	if err != nil {
		return nil, err
	}
	r := &GMMResult{Cov: Isotropic, Weights: append([]float64(nil), weights...), Means: mat.NewDense(k, d, slices.Clone(m)),
		Vars: append([]float64(nil), vars...), Covs: make([]*mat.SymDense, k)}
	for q := range r.Covs {
		c := mat.NewSymDense(d, nil)
		for j := 0; j < d; j++ {
			c.SetSym(j, j, vars[q])
		}
		r.Covs[q] = c
	}
	return r, nil
}

// consistent checks a GMMResult built or edited by hand: a known Cov, and K weights, variances
// and d×d covariances for K means of dimension d.
func (r *GMMResult) consistent(k, d int) error {
	if r.Cov != Isotropic && r.Cov != Diagonal && r.Cov != Full {
		return fmt.Errorf("density: GMMResult: Cov = %d is not a covariance type: %w", int(r.Cov), ErrNotFitted)
	}
	if len(r.Weights) != k || len(r.Covs) != k || r.Cov == Isotropic && len(r.Vars) != k {
		return fmt.Errorf("density: GMMResult: %d means, %d weights, %d covariances, %d variances: %w",
			k, len(r.Weights), len(r.Covs), len(r.Vars), ErrNotFitted)
	}
	for q, c := range r.Covs {
		if c == nil || c.SymmetricDim() != d {
			return fmt.Errorf("density: GMMResult: Covs[%d] is not %d×%d: %w", q, d, d, ErrNotFitted)
		}
	}
	return nil
}

// state rebuilds an EM state for the rows of x from the fitted parameters; fn names the
// calling method. Entries beyond check.MaxAbs (1e150), which GMM.Fit refuses, are refused.
func (r *GMMResult) state(fn string, x mat.Matrix) (*gmmState, error) {
	if r == nil || r.Means == nil || len(r.Weights) == 0 || len(r.Covs) == 0 {
		return nil, fmt.Errorf("density: GMMResult: %w", ErrNotFitted)
	}
	data, p, d, err := queryRows("GMMResult."+fn, x, "sample")
	if err != nil {
		return nil, err
	}
	k, dm := r.Means.Dims()
	if d != dm {
		return nil, fmt.Errorf("density: %s: sample has %d columns, mixture has %d: %w", fn, d, dm, ErrShape)
	}
	if err := r.consistent(k, d); err != nil {
		return nil, err
	}
	s := newGMMState(data, p, d, k, r.Cov, 0)
	copy(s.weights, r.Weights)
	copy(s.means, r.Means.RawMatrix().Data)
	if r.Means.RawMatrix().Stride != d {
		for q := 0; q < k; q++ {
			copy(s.means[q*d:(q+1)*d], r.Means.RawRowView(q))
		}
	}
	for q := 0; q < k; q++ {
		switch r.Cov {
		case Isotropic:
			s.vars[q] = r.Vars[q]
		case Diagonal:
			for j := 0; j < d; j++ {
				s.vars[q*d+j] = r.Covs[q].At(j, j)
			}
		case Full:
			var ch mat.Cholesky
			if !ch.Factorize(r.Covs[q]) {
				return nil, fmt.Errorf("density: %s: component %d: %w", fn, q, ErrSingular)
			}
			var l mat.TriDense
			ch.LTo(&l)
			for a := 0; a < d; a++ {
				for b := 0; b <= a; b++ {
					s.lchol[q*d*d+a*d+b] = l.At(a, b)
				}
			}
		}
	}
	s.refreshLogDet()
	return s, nil
}

// Posteriors returns the p×K responsibilities P(q | x^(α)) (rows sum to 1), computed in the log
// domain: the matrix that cluster.Posteriors and the soft clusterings' Posteriors fields hold.
// Cost: one E-step, O(p·K·d) or O(p·K·d²).
func (r *GMMResult) Posteriors(x mat.Matrix) (*mat.Dense, error) {
	return r.posterior("Posteriors", x)
}

// Posterior is Posteriors under its old name.
//
// Deprecated: use Posteriors.
func (r *GMMResult) Posterior(x mat.Matrix) (*mat.Dense, error) { return r.Posteriors(x) }

func (r *GMMResult) posterior(fn string, x mat.Matrix) (*mat.Dense, error) {
	s, err := r.state(fn, x)
	if err != nil {
		return nil, err
	}
	s.rowLL = make([]float64, s.p)
	if _, err := s.EStep(); err != nil {
		return nil, err
	}
	// A row whose density underflows for every component has no responsibilities.
	if err := finiteLogs("GMMResult."+fn, s.rowLL, false); err != nil {
		return nil, err
	}
	return mat.NewDense(s.p, s.k, s.resp), nil
}

// LogDensity returns ln P(x^(α)) = ln Σ_q P(q) N(x^(α); w_q, Σ_q) for every row of x
// (sltk.DensityModel). Cost: one E-step.
func (r *GMMResult) LogDensity(x mat.Matrix) ([]float64, error) {
	s, err := r.state("LogDensity", x)
	if err != nil {
		return nil, err
	}
	s.rowLL = make([]float64, s.p)
	if _, err := s.EStep(); err != nil {
		return nil, err
	}
	if err := finiteLogs("GMMResult.LogDensity", s.rowLL, false); err != nil {
		return nil, err
	}
	return s.rowLL, nil
}

// Score returns the mean log-likelihood (1/p) Σ_α ln P(x^(α)) under the mixture
// (sltk.DensityModel; scikit-learn's GaussianMixture.score). Cost: one E-step.
func (r *GMMResult) Score(x mat.Matrix) (float64, error) {
	return r.score("Score", x)
}

func (r *GMMResult) score(fn string, x mat.Matrix) (float64, error) {
	s, err := r.state(fn, x)
	if err != nil {
		return 0, err
	}
	ll, err := s.EStep()
	if err != nil {
		return 0, err
	}
	if err := finiteLogs("GMMResult."+fn, []float64{ll}, false); err != nil {
		return 0, err
	}
	return ll / float64(s.p), nil
}

// Predict returns the most probable component of every row (ties to the lowest index).
func (r *GMMResult) Predict(x mat.Matrix) ([]int, error) {
	post, err := r.posterior("Predict", x)
	if err != nil {
		return nil, err
	}
	p, k := post.Dims()
	lab := make([]int, p)
	for i := 0; i < p; i++ {
		for q := 1; q < k; q++ {
			if post.At(i, q) > post.At(i, lab[i]) {
				lab[i] = q
			}
		}
	}
	return lab, nil
}

// NumParams returns the number of free parameters: K−1 weights, K·d means and K, K·d or
// K·d(d+1)/2 covariance entries.
func (r *GMMResult) NumParams() int {
	if r == nil || r.Means == nil {
		return 0
	}
	k, d := r.Means.Dims()
	c := k
	switch r.Cov {
	case Diagonal:
		c = k * d
	case Full:
		c = k * d * (d + 1) / 2
	}
	return k - 1 + k*d + c
}

// BIC returns the Bayesian information criterion −2 ln L + (#params) ln p on x; smaller is
// better. It is the usual way to choose the number of components.
func (r *GMMResult) BIC(x mat.Matrix) (float64, error) {
	mean, err := r.score("BIC", x)
	if err != nil {
		return 0, err
	}
	p, _ := x.Dims()
	return -2*mean*float64(p) + float64(r.NumParams())*math.Log(float64(p)), nil
}
