package density

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// BernoulliMixture fits a mixture of K multivariate Bernoulli distributions
//
//	p(x) = Σ_k ν_k Π_j μ_kj^{x_j} (1 − μ_kj)^{1−x_j}     (SLT appendix B (The EM algorithm), eq. B.1)
//
// to binary data by EM (appendix B.3–B.4), keeping the best of Restarts random starts. Entries
// may be missing (NaN, the "?" of Table B.1): their factors are left out of the product, which
// marginalises them exactly. The E-step works in the log domain; the M-step is
//
//	ν_k = (1/n) Σ_i γ_ik,   μ_kj = Σ_{i: x_ij seen} γ_ik x_ij / Σ_{i: x_ij seen} γ_ik,
//
// followed by clipping μ to [Clamp, 1 − Clamp]. The clip is the exact maximiser of the M-step
// objective over that interval (it is concave in μ_kj), so the log-likelihood stays monotone.
// Clipping is needed even with Clamp = 0: round-off can give μ = 1 + ulp and a NaN log(1 − μ).
//
// Cost: O(n·K·D) per EM iteration. The zero value of each field except K means a default.
type BernoulliMixture struct {
	K int // number of components; required, 1 ≤ K ≤ n
	// Clamp keeps μ in [Clamp, 1 − Clamp]; 0 means 1e-6, a negative value means clip to [0, 1]
	// only (the unclamped maximum-likelihood mode; some log-likelihood terms may then be −∞ for
	// points a component cannot generate).
	Clamp    float64
	Restarts int // number of random starts; 0 means 50
	EM       EM  // iteration cap and tolerance of every run
	Seed     uint64
}

// BernoulliFit is a fitted Bernoulli mixture.
type BernoulliFit struct {
	Weights        []float64  // component weights ν_k (the notes' ν)
	Means          *mat.Dense // K×D success probabilities μ_kj, the components' means (the notes' μ)
	LogLik         float64    // mean log-likelihood (1/n) log p(X) of the fitted parameters (eq. B.3 over n)
	Trace          []float64  // mean log-likelihood per iteration of the best run
	RestartLogLiks []float64  // final mean log-likelihood of every restart, in order (as GMMResult)
	Posteriors     *mat.Dense // n×K responsibilities γ_ik under the fitted parameters
	Iter           int
	// Converged reports whether the best run met the tolerance before the iteration cap.
	Converged bool
}

// bernoulliModel implements EMModel.
type bernoulliModel struct {
	x     []float64 // n×D row-major, NaN for missing
	n, d  int
	k     int
	nu    []float64
	mu    []float64 // K×D
	resp  []float64 // n×K
	lo    float64
	hi    float64
	logrw []float64
	lmu   []float64 // log μ, refreshed at every E-step
	l1mu  []float64 // log(1 − μ)
}

func (m *bernoulliModel) componentLog(i, c int) float64 {
	lp := math.Log(m.nu[c])
	row := m.x[i*m.d : (i+1)*m.d]
	l1, l0 := m.lmu[c*m.d:(c+1)*m.d], m.l1mu[c*m.d:(c+1)*m.d]
	for j, v := range row {
		switch v {
		case 1:
			lp += l1[j]
		case 0:
			lp += l0[j]
		}
	}
	return lp
}

// EStep computes γ_ik by a row-wise log-sum-exp and returns log p(X). Cost O(n·K·D).
func (m *bernoulliModel) EStep() (float64, error) {
	if len(m.lmu) != len(m.mu) {
		m.lmu, m.l1mu = make([]float64, len(m.mu)), make([]float64, len(m.mu))
	}
	for i, v := range m.mu {
		m.lmu[i], m.l1mu[i] = math.Log(v), math.Log1p(-v)
	}
	var ll float64
	for i := 0; i < m.n; i++ {
		for c := 0; c < m.k; c++ {
			m.logrw[c] = m.componentLog(i, c)
		}
		lz := gibbs.Softmax(m.resp[i*m.k:(i+1)*m.k], m.logrw)
		if lz == gibbs.LogZero {
			return 0, fmt.Errorf("density: BernoulliMixture.Fit: row %d has probability 0 under every component: %w", i, ErrProb)
		}
		ll += lz
	}
	return ll, nil
}

// MStep sets ν and μ to the maximisers of the expected complete log-likelihood. Cost O(n·K·D).
func (m *bernoulliModel) MStep() error {
	for c := 0; c < m.k; c++ {
		var w float64
		for i := 0; i < m.n; i++ {
			w += m.resp[i*m.k+c]
		}
		m.nu[c] = w / float64(m.n)
		for j := 0; j < m.d; j++ {
			var num, den float64
			for i := 0; i < m.n; i++ {
				v := m.x[i*m.d+j]
				if math.IsNaN(v) {
					continue
				}
				g := m.resp[i*m.k+c]
				num += g * v
				den += g
			}
			if den > 0 {
				m.mu[c*m.d+j] = math.Min(m.hi, math.Max(m.lo, num/den))
			}
		}
	}
	return nil
}

func checkBinary(fn string, x mat.Matrix) ([]float64, int, int, error) {
	if check.IsNil(x) {
		return nil, 0, 0, fmt.Errorf("density: %s: nil data: %w", fn, ErrEmpty)
	}
	n, d := x.Dims()
	if n == 0 || d == 0 {
		return nil, 0, 0, fmt.Errorf("density: %s: data is %d×%d: %w", fn, n, d, ErrEmpty)
	}
	data := make([]float64, n*d)
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			v := x.At(i, j)
			if v != 0 && v != 1 && !math.IsNaN(v) {
				return nil, 0, 0, fmt.Errorf("density: %s: x[%d,%d] = %g, want 0, 1 or NaN (missing): %w", fn, i, j, v, ErrParam)
			}
			data[i*d+j] = v
		}
	}
	return data, n, d, nil
}

func (b BernoulliMixture) bounds() (float64, float64, error) {
	switch {
	case math.IsNaN(b.Clamp) || b.Clamp >= 0.5:
		return 0, 0, fmt.Errorf("density: BernoulliMixture.Fit: Clamp = %g, want < 0.5: %w", b.Clamp, ErrParam)
	case b.Clamp < 0:
		return 0, 1, nil
	case b.Clamp == 0:
		return 1e-6, 1 - 1e-6, nil
	}
	return b.Clamp, 1 - b.Clamp, nil
}

// Fit runs EM from Restarts random starts (μ uniform in [0.05, 0.95], ν uniform) and returns the
// fit with the largest log-likelihood. x is n×D with entries 0, 1 or NaN (missing).
func (b BernoulliMixture) Fit(x mat.Matrix) (*BernoulliFit, error) {
	data, n, d, err := checkBinary("BernoulliMixture.Fit", x)
	if err != nil {
		return nil, err
	}
	if b.K < 1 || b.K > n {
		return nil, fmt.Errorf("density: BernoulliMixture.Fit: K = %d, want 1 ≤ K ≤ n = %d: %w", b.K, n, ErrParam)
	}
	if b.K > MaxMixtureEntries/n || b.K > MaxMixtureEntries/d {
		return nil, fmt.Errorf("density: BernoulliMixture.Fit: K = %d for %d rows of %d bits: K·n or K·D exceeds MaxMixtureEntries = %d: %w",
			b.K, n, d, MaxMixtureEntries, ErrTooLarge)
	}
	lo, hi, err := b.bounds()
	if err != nil {
		return nil, err
	}
	restarts := cmp.Or(b.Restarts, 50)
	k := b.K
	factory := func(seed uint64) (EMModel, error) {
		rng := rand.New(rand.NewPCG(seed, 0x62657231))
		m := &bernoulliModel{x: data, n: n, d: d, k: k, nu: make([]float64, k), mu: make([]float64, k*d),
			resp: make([]float64, n*k), lo: lo, hi: hi, logrw: make([]float64, k)}
		for c := range m.nu {
			m.nu[c] = 1 / float64(k)
		}
		for i := range m.mu {
			m.mu[i] = math.Min(hi, math.Max(lo, 0.05+0.9*rng.Float64()))
		}
		return m, nil
	}
	best, finals, err := b.EM.Best(restarts, b.Seed, factory)
	if err != nil {
		return nil, err
	}
	m := best.Model.(*bernoulliModel)
	trace := perSample(best.Trace, n)
	return &BernoulliFit{
		Weights: append([]float64(nil), m.nu...), Means: mat.NewDense(k, d, append([]float64(nil), m.mu...)),
		LogLik: trace[len(trace)-1], Trace: trace, RestartLogLiks: perSample(finals, n),
		Posteriors: mat.NewDense(n, k, append([]float64(nil), m.resp...)), Iter: best.Iter, Converged: best.Converged,
	}, nil
}

// Predict returns, for one person's ratings obs (length D; NaN = not seen), the posterior over
// components p(k | x_obs) ∝ ν_k Π_{j seen} μ_kj^{x_j}(1−μ_kj)^{1−x_j} and the probability
// P(x_j = 1 | x_obs) = Σ_k p(k|x_obs) μ_kj of liking each item (SLT appendix B (The EM algorithm),
// §B.3.1). Cost O(K·D).
func (f *BernoulliFit) Predict(obs []float64) (post, like []float64, err error) {
	if f == nil || f.Means == nil {
		return nil, nil, fmt.Errorf("density: BernoulliFit.Predict: %w", ErrNotFitted)
	}
	k, d := f.Means.Dims()
	if len(obs) != d {
		return nil, nil, fmt.Errorf("density: BernoulliFit.Predict: %d ratings for %d items: %w", len(obs), d, ErrShape)
	}
	lp := make([]float64, k)
	for c := 0; c < k; c++ {
		lp[c] = math.Log(f.Weights[c])
		for j, v := range obs {
			switch {
			case v == 1:
				lp[c] += math.Log(f.Means.At(c, j))
			case v == 0:
				lp[c] += math.Log1p(-f.Means.At(c, j))
			case !math.IsNaN(v):
				return nil, nil, fmt.Errorf("density: BernoulliFit.Predict: rating %d = %g, want 0, 1 or NaN: %w", j, v, ErrParam)
			}
		}
	}
	post = make([]float64, k)
	if lz := gibbs.Softmax(post, lp); lz == gibbs.LogZero {
		return nil, nil, fmt.Errorf("density: BernoulliFit.Predict: the ratings have probability 0 under every component: %w", ErrProb)
	}
	like = make([]float64, d)
	for c := range post {
		for j := 0; j < d; j++ {
			like[j] += post[c] * f.Means.At(c, j)
		}
	}
	return post, like, nil
}

// Recommend returns the unseen item (NaN in obs) with the largest probability of being liked,
// and that probability. It fails when every item has been seen.
func (f *BernoulliFit) Recommend(obs []float64) (int, float64, error) {
	_, like, err := f.Predict(obs)
	if err != nil {
		return 0, 0, err
	}
	best := -1
	for j, v := range obs {
		if math.IsNaN(v) && (best < 0 || like[j] > like[best]) {
			best = j
		}
	}
	if best < 0 {
		return 0, 0, fmt.Errorf("density: BernoulliFit.Recommend: every item has been rated: %w", ErrParam)
	}
	return best, like[best], nil
}
