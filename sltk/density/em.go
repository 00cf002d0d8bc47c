package density

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/gibbs"
)

// Sentinel errors, defined once in package errs and re-exported here; returned errors wrap one
// of them with the function, the argument and the place, so test with errors.Is.
var (
	ErrEmpty     = errs.ErrEmpty     // nil or empty data
	ErrNotFinite = errs.ErrNotFinite // NaN or ±Inf in data, or a log-likelihood that became non-finite
	ErrShape     = errs.ErrShape     // mismatched dimensions
	ErrParam     = errs.ErrParam     // K, a bandwidth or another option out of range
	ErrProb      = errs.ErrProb      // weights that are not a probability vector
	ErrNotFitted = errs.ErrNotFitted // a zero-value model
	ErrTooLarge  = errs.ErrTooLarge  // a size beyond its documented limit (Max… constants)
	// ErrSingular reports a covariance matrix that is not positive definite, e.g. a Gaussian
	// fitted to p ≤ dim points or to points on a lower-dimensional subspace.
	ErrSingular = errs.ErrSingular
	// ErrDecrease reports an EM step that lowered the log-likelihood by more than round-off.
	// EM never does this, so the error points at a bug in a user model's E- or M-step. It is
	// an errs.ErrBreakdown.
	ErrDecrease = errs.New("density: EM log-likelihood decreased", errs.ErrBreakdown)
)

// EMModel is a latent-variable model that the generic EM loop can fit.
//
// EStep computes the posterior of the latent variables (the responsibilities) under the current
// parameters and returns the log-likelihood log p(X | θ) of the data under those same parameters.
// MStep sets the parameters to the maximiser of E_{p(Z|X,θ_old)}[log p(X, Z | θ)] using the
// responsibilities of the last EStep. A model keeps its own parameters and responsibilities.
type EMModel interface {
	EStep() (logLik float64, err error)
	MStep() error
}

// EM runs Algorithm 5 of SLT appendix B (The EM algorithm, §B.4): alternate E- and M-steps until
// the log-likelihood gains less than Tol (relative to max(1, |log-likelihood|)) or MaxIter
// iterations have run. The seed's loop has no stopping rule; these fields supply one.
//
// The zero value means MaxIter = 500 and Tol = 1e-10.
type EM struct {
	MaxIter int     // maximum number of E/M rounds; 0 means 500
	Tol     float64 // relative gain below which the loop stops; 0 means 1e-10
}

// EMResult is the outcome of one EM run.
type EMResult struct {
	// Trace[t] is log p(X | θ_t) before the t-th M-step; the last entry is the log-likelihood
	// of the returned parameters.
	Trace     []float64
	Iter      int  // number of M-steps performed
	Converged bool // the gain fell below Tol before MaxIter
	Seed      uint64
	Model     EMModel // the fitted model (its parameters are the final ones)
}

// Final returns the log-likelihood of the fitted parameters; a nil or empty result (nothing
// fitted, no data explained) gives gibbs.LogZero, the finite stand-in for ln 0.
func (r *EMResult) Final() float64 {
	if r == nil || len(r.Trace) == 0 {
		return gibbs.LogZero
	}
	return r.Trace[len(r.Trace)-1]
}

// MaxIterations caps every MaxIter of the package (EM, GMM, BernoulliMixture, GradientML,
// DistanceMax): each iteration appends to a trace, so an unbounded cap with an unreachable
// Tol would run and allocate without end (ErrTooLarge beyond).
const MaxIterations = 1 << 24

func (e EM) defaults() (int, float64, error) {
	maxIter, tol := e.MaxIter, e.Tol
	switch {
	case maxIter < 0:
		return 0, 0, fmt.Errorf("density: EM: MaxIter = %d, want ≥ 0: %w", maxIter, ErrParam)
	case maxIter > MaxIterations:
		return 0, 0, fmt.Errorf("density: EM: MaxIter = %d, limit %d: %w", maxIter, MaxIterations, ErrTooLarge)
	case tol < 0 || math.IsNaN(tol):
		return 0, 0, fmt.Errorf("density: EM: Tol = %g, want ≥ 0: %w", tol, ErrParam)
	}
	maxIter = cmp.Or(maxIter, 500)
	tol = cmp.Or(tol, 1e-10)
	return maxIter, tol, nil
}

// decreaseSlack is the drop of the log-likelihood accepted as round-off: EM is monotone in exact
// arithmetic, so any larger drop is reported as ErrDecrease.
func decreaseSlack(ll float64) float64 { return 1e-9 * math.Max(1, math.Abs(ll)) }

// MaxRestarts caps EM.Best: each restart is a full EM run (errs.ErrTooLarge beyond).
const MaxRestarts = 1 << 16

// Run fits m by EM. It returns the log-likelihood trace and an error wrapping ErrDecrease when the
// log-likelihood falls by more than round-off (a bug detector: EM is monotone), or ErrNotFinite when it
// stops being finite. Cost: MaxIter times the cost of one E- and one M-step.
func (e EM) Run(m EMModel) (*EMResult, error) {
	maxIter, tol, err := e.defaults()
	if err != nil {
		return nil, err
	}
	if m == nil {
		return nil, fmt.Errorf("density: EM.Run: nil model: %w", ErrEmpty)
	}
	res := &EMResult{Model: m}
	ll, err := m.EStep()
	if err != nil {
		return nil, fmt.Errorf("density: EM.Run: initial E-step: %w", err)
	}
	if math.IsNaN(ll) || math.IsInf(ll, 1) {
		return nil, fmt.Errorf("density: EM.Run: initial log-likelihood %g: %w", ll, ErrNotFinite)
	}
	res.Trace = append(res.Trace, ll)
	for res.Iter < maxIter {
		if err := m.MStep(); err != nil {
			return res, fmt.Errorf("density: EM.Run: M-step of iteration %d: %w", res.Iter+1, err)
		}
		res.Iter++
		next, err := m.EStep()
		if err != nil {
			return res, fmt.Errorf("density: EM.Run: E-step after iteration %d: %w", res.Iter, err)
		}
		if math.IsNaN(next) || math.IsInf(next, 0) {
			return res, fmt.Errorf("density: EM.Run: log-likelihood %g after iteration %d: %w", next, res.Iter, ErrNotFinite)
		}
		res.Trace = append(res.Trace, next)
		if next < ll-decreaseSlack(ll) {
			return res, fmt.Errorf("density: EM.Run: from %.12g to %.12g at iteration %d: %w", ll, next, res.Iter, ErrDecrease)
		}
		gain := next - ll
		ll = next
		if gain <= tol*math.Max(1, math.Abs(ll)) {
			res.Converged = true
			break
		}
	}
	return res, nil
}

// Best runs EM from restarts independent initialisations and returns the run with the largest
// final log-likelihood, together with the final log-likelihood of every restart (in order).
// newModel builds a freshly initialised model from a seed; the seeds are drawn from a PCG
// generator seeded with seed, so the whole search is reproducible. A restart whose model cannot
// be built or whose run fails makes Best fail, since either means a bug or bad input.
// Cost: restarts times the cost of Run.
func (e EM) Best(restarts int, seed uint64, newModel func(seed uint64) (EMModel, error)) (*EMResult, []float64, error) {
	if restarts < 1 {
		return nil, nil, fmt.Errorf("density: EM.Best: restarts = %d, want ≥ 1: %w", restarts, ErrParam)
	}
	if restarts > MaxRestarts {
		return nil, nil, fmt.Errorf("density: EM.Best: restarts = %d, limit %d: %w", restarts, MaxRestarts, errs.ErrTooLarge)
	}
	if newModel == nil {
		return nil, nil, fmt.Errorf("density: EM.Best: nil model factory: %w", ErrEmpty)
	}
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	var best *EMResult
	finals := make([]float64, 0, restarts)
	for r := 0; r < restarts; r++ {
		s := rng.Uint64()
		m, err := newModel(s)
		if err != nil {
			return nil, nil, fmt.Errorf("density: EM.Best: restart %d: %w", r, err)
		}
		res, err := e.Run(m)
		if err != nil {
			return nil, nil, fmt.Errorf("density: EM.Best: restart %d: %w", r, err)
		}
		res.Seed = s
		finals = append(finals, res.Final())
		if best == nil || res.Final() > best.Final() {
			best = res
		}
	}
	return best, finals, nil
}

// perSample divides log-likelihoods of n samples by n: the mean log-likelihood per sample that
// the fitted models report (LogLik, Trace), comparable across data sets of any size.
func perSample(v []float64, n int) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = x / float64(n)
	}
	return out
}
