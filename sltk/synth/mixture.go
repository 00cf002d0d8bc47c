package synth

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// GaussianMixture draws N points from a mixture of K Gaussians with full covariances:
// a component q is chosen with probability Weights[q] (default equal; normalised to sum 1), then
// x = Means[q] + L_q z with z standard normal and L_q L_qᵀ = Covs[q].
//
// Means is K×d. Covs holds K symmetric d×d positive semi-definite matrices; nil means the
// identity for every component. L_q is the Cholesky factor when Covs[q] is positive definite and
// V·Λ^{1/2} from its eigendecomposition when it is only semi-definite (a degenerate Gaussian on a
// subspace); a covariance with an eigenvalue below −1e-12·‖Covs[q]‖ is rejected.
// N·d is at most MaxEntries (ErrTooLarge beyond). Cost O(K·d³) to factor, then O(N·d²).
type GaussianMixture struct {
	N       int
	Weights []float64
	Means   mat.Matrix
	Covs    []mat.Symmetric
	Seed    uint64
}

// Generate returns the N×d data and the component label of each row.
func (g GaussianMixture) Generate() (*mat.Dense, []int, error) {
	if err := checkN("GaussianMixture.Generate", g.N); err != nil {
		return nil, nil, err
	}
	if _, _, err := check.Matrix("Means", g.Means); err != nil {
		return nil, nil, fmt.Errorf("synth: GaussianMixture.Generate: %w", err)
	}
	k, d := g.Means.Dims()
	if k == 0 || d == 0 {
		return nil, nil, fmt.Errorf("synth: GaussianMixture.Generate: Means is %d×%d, want at least 1×1: %w", k, d, ErrShape)
	}
	for q := 0; q < k; q++ {
		for j := 0; j < d; j++ {
			if v := g.Means.At(q, j); math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, nil, fmt.Errorf("synth: GaussianMixture.Generate: Means[%d][%d] = %v is not finite: %w", q, j, v, ErrParam)
			}
		}
	}
	if err := checkProduct("GaussianMixture", "N·d", g.N, d); err != nil {
		return nil, nil, err
	}
	cum, err := mixtureCumWeights(g.Weights, k)
	if err != nil {
		return nil, nil, err
	}
	if g.Covs != nil && len(g.Covs) != k {
		return nil, nil, fmt.Errorf("synth: GaussianMixture.Generate: %d covariances for %d means: %w", len(g.Covs), k, ErrShape)
	}
	factors := make([]*mat.Dense, k)
	for q := range factors {
		if g.Covs == nil {
			continue
		}
		if g.Covs[q] == nil {
			return nil, nil, fmt.Errorf("synth: GaussianMixture.Generate: Covs[%d] is nil: %w", q, ErrShape)
		}
		f, err := CovFactor(g.Covs[q])
		if err != nil {
			return nil, nil, fmt.Errorf("synth: GaussianMixture.Generate: component %d: %w", q, err)
		}
		if r, _ := f.Dims(); r != d {
			return nil, nil, fmt.Errorf("synth: GaussianMixture.Generate: Covs[%d] is %d×%d, means have d = %d: %w", q, r, r, d, ErrShape)
		}
		factors[q] = f
	}
	rng := newRand(g.Seed)
	x := mat.NewDense(g.N, d, nil)
	labels := make([]int, g.N)
	z := make([]float64, d)
	for i := 0; i < g.N; i++ {
		u := rng.Float64()
		q := 0
		for q < k-1 && u >= cum[q] {
			q++
		}
		labels[i] = q
		for j := range z {
			z[j] = rng.NormFloat64()
		}
		row := x.RawRowView(i)
		for a := 0; a < d; a++ {
			v := g.Means.At(q, a)
			if factors[q] == nil {
				v += z[a]
			} else {
				frow := factors[q].RawRowView(a)
				for b, zb := range z {
					v += frow[b] * zb
				}
			}
			row[a] = v
		}
	}
	return x, labels, nil
}

func mixtureCumWeights(w []float64, k int) ([]float64, error) {
	cum := make([]float64, k)
	if w == nil {
		for q := range cum {
			cum[q] = float64(q+1) / float64(k)
		}
		return cum, nil
	}
	if len(w) != k {
		return nil, fmt.Errorf("synth: GaussianMixture.Generate: %d weights for %d components: %w", len(w), k, ErrShape)
	}
	total := 0.0
	for q, v := range w {
		if v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("synth: GaussianMixture.Generate: Weights[%d] = %v, want a finite value ≥ 0: %w", q, v, ErrParam)
		}
		total += v
	}
	if total == 0 {
		return nil, fmt.Errorf("synth: GaussianMixture.Generate: Weights sum to 0: %w", ErrParam)
	}
	acc := 0.0
	for q, v := range w {
		acc += v
		cum[q] = acc / total
	}
	return cum, nil
}

// CovFactor returns a d×d matrix L with L·Lᵀ = cov, so that L·z is distributed as N(0, cov) for
// a standard normal z. It uses the Cholesky factor when cov is positive definite and
// V·Λ^{1/2} (eigenvalues within rounding of zero clipped to 0) when it is positive semi-definite.
// It returns an error wrapping ErrParam when cov has NaN/Inf entries or a clearly negative
// eigenvalue. Cost O(d³).
func CovFactor(cov mat.Symmetric) (*mat.Dense, error) {
	if check.IsNil(cov) {
		return nil, fmt.Errorf("synth: CovFactor: cov is nil: %w", ErrEmpty)
	}
	d := cov.SymmetricDim()
	if d == 0 {
		return nil, fmt.Errorf("synth: CovFactor: covariance is 0×0: %w", ErrShape)
	}
	scale := 0.0
	for i := 0; i < d; i++ {
		for j := 0; j < d; j++ {
			v := cov.At(i, j)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("synth: CovFactor: covariance entry (%d,%d) = %v is not finite: %w", i, j, v, ErrParam)
			}
			scale = math.Max(scale, math.Abs(v))
		}
	}
	var chol mat.Cholesky
	if chol.Factorize(cov) {
		var l mat.TriDense
		chol.LTo(&l)
		return mat.DenseCopyOf(&l), nil
	}
	var eig mat.EigenSym
	if !eig.Factorize(cov, true) {
		return nil, fmt.Errorf("synth: CovFactor: eigendecomposition of the covariance failed: %w", ErrParam)
	}
	vals := eig.Values(nil)
	tol := 1e-12 * math.Max(scale, 1e-300) * float64(d)
	var vecs mat.Dense
	eig.VectorsTo(&vecs)
	for j, lam := range vals {
		if lam < -tol {
			return nil, fmt.Errorf("synth: CovFactor: covariance is not positive semi-definite (eigenvalue %d = %.3g): %w", j, lam, ErrParam)
		}
		s := math.Sqrt(math.Max(lam, 0))
		for i := 0; i < d; i++ {
			vecs.Set(i, j, vecs.At(i, j)*s)
		}
	}
	return &vecs, nil
}
