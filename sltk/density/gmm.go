package density

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"

	"github.com/sltk-book/sltk/sltk/cluster"
	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/internal/kernel"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/mat"
)

// CovType is the covariance model of each mixture component.
type CovType int

const (
	// Full components N(w_q, Σ_q) with Σ_q symmetric positive definite: the default, as in
	// scikit-learn (covariance_type="full").
	Full CovType = iota
	// Diagonal components N(w_q, diag(σ_q1², …, σ_qn²)).
	Diagonal
	// Isotropic components N(w_q, σ_q² I), the model of ML chapter 5 (Probability density
	// estimation) §5.2.2 (Algorithm 7).
	Isotropic
)

func (c CovType) String() string {
	switch c {
	case Isotropic:
		return "isotropic"
	case Diagonal:
		return "diagonal"
	case Full:
		return "full"
	}
	return fmt.Sprintf("CovType(%d)", int(c))
}

// GMMInit chooses how EM is started.
type GMMInit int

const (
	// InitPlusPlus starts EM as scikit-learn's init_params="kmeans" does: cluster.KMeans
	// (k-means++ seeding, Lloyd to convergence) partitions the data, and one M-step on that hard
	// partition sets the weights, means and covariances. Unlike scikit-learn, which runs one
	// k-means start (n_init=1), the partition is the best of 10 k-means starts: on iris a single
	// start ends EM at a mean log-likelihood of −1.348 from about 1 seed in 20 (scikit-learn's
	// random_state=2 too), the best of 10 reaches −1.2012 from each of 20 seeds
	// (TestGMMDefaultMatchesSklearn). Cost O(10·iterations·p·K·d) on top of EM.
	InitPlusPlus GMMInit = iota
	// InitNotes is the initialisation of the notes' Algorithm 7: every mean is the sample mean
	// plus a small random vector, P(q) = 1/M, σ_q² = (1/(p·d)) Σ ‖x − μ‖² + ε_q with a small
	// positive scalar ε_q (corrected form of erratum E34).
	InitNotes
	// InitGiven starts from the Means field (K×d), with P(q) = 1/K and every covariance equal to
	// the mean per-coordinate data variance times I; it makes two implementations comparable.
	InitGiven
)

// GMM fits a Gaussian mixture P(x) = Σ_q P(q) N(x; w_q, Σ_q) by expectation–maximisation on
// the package's generic EM loop (ML chapter 5 (Probability density estimation) §5.2.2,
// Algorithm 7).
//
// The M-step for the isotropic model uses the corrected variance
// σ_q² = (1/d) Σ_α P(q|x^(α)) ‖x^(α) − w_q‖² / Σ_α P(q|x^(α)) (erratum E33: the notes' Algorithm 7
// omits the 1/d that their own derivation has).
//
// Covariance collapse (a component shrinking onto one point, where the likelihood is unbounded)
// is prevented by a floor: every variance, or every eigenvalue of a full covariance, is kept
// ≥ MinVar. Clipping at the floor is the exact maximiser of the M-step under that constraint,
// so the log-likelihood still never decreases; the result counts how often the floor was hit.
//
// Zero values: Cov = Full (scikit-learn's default; the notes' Algorithm 7 is Cov = Isotropic),
// MaxIter = 500, Tol = 1e-10 (relative gain of the log-likelihood; scikit-learn stops at an
// absolute gain of 1e-3 after at most 100 iterations, so its score is a little lower), Restarts
// = 1, Init = InitPlusPlus (scikit-learn's k-means start, from the best of 10 k-means runs),
// MinVar = 1e-6 times the mean per-coordinate variance of the data (scikit-learn adds
// reg_covar = 1e-6 to every variance instead). K must be ≥ 1. A fitted GMMResult is an
// sltk.DensityModel (LogDensity, Score) and an sltk.Classifier (Predict: the most probable
// component).
//
// Cost per iteration: O(p·K·d) (isotropic, diagonal) or O(p·K·d² + K·d³) (full), parallel over
// points with a deterministic reduction.
type GMM struct {
	K        int
	Cov      CovType
	MaxIter  int
	Tol      float64
	Restarts int
	Seed     uint64
	Init     GMMInit
	Means    mat.Matrix // K×d initial means for Init == InitGiven
	MinVar   float64
}

// MaxMixtureEntries caps the tables of the mixture fits: K·p (the responsibilities of GMM and
// BernoulliMixture), K·d² (GMM's covariances, allocated for every covariance type) and K·D
// (BernoulliMixture's means); 2²⁷ float64 values, 1 GiB each (ErrTooLarge beyond).
const MaxMixtureEntries = 1 << 27

// GMMResult is a fitted mixture; it also serves as a model for new data.
type GMMResult struct {
	Cov     CovType
	Weights []float64 // P(q), summing to 1
	Means   *mat.Dense
	// Vars[q] is σ_q² for the isotropic model and the mean of the diagonal of Σ_q otherwise.
	Vars []float64
	// Covs[q] is Σ_q (σ_q² I for the isotropic model).
	Covs []*mat.SymDense
	// LogLik is the mean log-likelihood (1/p) Σ_α ln P(x^(α)) of the training data under the
	// returned parameters (scikit-learn's score); Trace holds it after every iteration
	// (non-decreasing).
	LogLik    float64
	Trace     []float64
	Iter      int
	Converged bool
	// Floored counts (component, iteration) pairs at which a variance was raised to MinVar:
	// non-zero means the mixture tried to collapse a component.
	Floored int
	// RestartLogLiks holds the final mean log-likelihood of every restart, in order (not
	// Restarts, the hyperparameter that counts them).
	RestartLogLiks []float64
}

// Fit runs EM from Restarts initialisations on x (p×d) and keeps the best log-likelihood.
func (g GMM) Fit(x mat.Matrix) (*GMMResult, error) {
	data, p, d, err := rowsOf("GMM.Fit", x, "sample")
	if err != nil {
		return nil, err
	}
	switch {
	case g.K < 1:
		return nil, fmt.Errorf("density: GMM.Fit: GMM needs K ≥ 1 components, got %d: %w", g.K, ErrParam)
	case g.K > p:
		return nil, fmt.Errorf("density: GMM.Fit: K = %d components for %d points: %w", g.K, p, ErrParam)
	case g.Cov < Full || g.Cov > Isotropic:
		return nil, fmt.Errorf("density: GMM.Fit: unknown covariance type %v: %w", g.Cov, ErrParam)
	case g.Init < InitPlusPlus || g.Init > InitGiven:
		return nil, fmt.Errorf("density: GMM.Fit: unknown initialisation %d: %w", g.Init, ErrParam)
	case (g.Init == InitGiven) != !check.IsNil(g.Means):
		return nil, fmt.Errorf("density: GMM.Fit: Means must be set exactly when Init is InitGiven: %w", ErrParam)
	case g.Restarts < 0:
		return nil, fmt.Errorf("density: GMM.Fit: Restarts = %d, want ≥ 0: %w", g.Restarts, ErrParam)
	case g.MinVar < 0 || math.IsNaN(g.MinVar) || math.IsInf(g.MinVar, 0):
		return nil, fmt.Errorf("density: GMM.Fit: MinVar = %g, want finite and ≥ 0: %w", g.MinVar, ErrParam)
	case g.K > MaxMixtureEntries/p || g.K > MaxMixtureEntries/(d*d):
		return nil, fmt.Errorf("density: GMM.Fit: K = %d components for %d points in %d dimensions: the responsibilities (K·p) or covariances (K·d²) exceed MaxMixtureEntries = %d: %w",
			g.K, p, d, MaxMixtureEntries, ErrTooLarge)
	}
	var given []float64
	if !check.IsNil(g.Means) {
		k, dm := g.Means.Dims()
		if k != g.K || dm != d {
			return nil, fmt.Errorf("density: GMM.Fit: Means is %d×%d, want %d×%d: %w", k, dm, g.K, d, ErrShape)
		}
		if given, _, _, err = rowsOf("GMM.Fit", g.Means, "Means"); err != nil {
			return nil, err
		}
	}
	mean, totVar := momentsOf(data, p, d)
	floor := cmp.Or(g.MinVar, 1e-6*totVar, 1e-12)
	restarts := max(g.Restarts, 1)
	var team *par.Team
	if p > gmmChunk { // more than one chunk: parallel sections
		team = par.NewTeam(0)
		defer team.Close()
	}
	factory := func(seed uint64) (EMModel, error) {
		s := newGMMState(data, p, d, g.K, g.Cov, floor)
		s.team = team
		err := s.initialise(rand.New(rand.NewPCG(seed, 0xda3e39cb94b95bdb)), g.Init, given, mean, totVar)
		return s, err
	}
	best, finals, err := EM{MaxIter: g.MaxIter, Tol: g.Tol}.Best(restarts, g.Seed, factory)
	if err != nil {
		return nil, err
	}
	s := best.Model.(*gmmState)
	r := s.result()
	r.Trace = perSample(best.Trace, p)
	r.LogLik = r.Trace[len(r.Trace)-1]
	r.Iter = best.Iter
	r.Converged = best.Converged
	r.RestartLogLiks = perSample(finals, p)
	return r, nil
}

func momentsOf(data []float64, p, d int) (mean []float64, perCoordVar float64) {
	mean = make([]float64, d)
	for i := 0; i < p; i++ {
		for j := 0; j < d; j++ {
			mean[j] += data[i*d+j]
		}
	}
	for j := range mean {
		mean[j] /= float64(p)
	}
	for i := 0; i < p; i++ {
		for j := 0; j < d; j++ {
			v := data[i*d+j] - mean[j]
			perCoordVar += v * v
		}
	}
	return mean, perCoordVar / float64(p*d)
}

// gmmState is the EMModel of a Gaussian mixture: parameters, their Cholesky factors and the
// responsibilities of the last E-step.
type gmmState struct {
	data       []float64
	p, d, k    int
	cov        CovType
	floor      float64
	weights    []float64
	means      []float64 // k×d
	vars       []float64 // k (isotropic) or k×d (diagonal)
	lchol      []float64 // k×d×d lower Cholesky factors (full)
	logdet     []float64
	resp       []float64 // p×k
	rowLL      []float64 // ln P(x^(α)) of every row, filled by EStep when not nil
	floored    int
	chunkLL    []float64
	chunkStats [][]float64
	team       *par.Team     // GMM.Fit's goroutines for every parallel section, or nil
	scratch    []*gmmScratch // one per worker of forChunks
}

// gmmScratch is one worker's buffers for a chunk: the log-normalisers of its rows, and for the
// full model its transpose and two more d×chunk (and one chunk-long) work arrays.
type gmmScratch struct{ lse, xt, zs, maha []float64 }

// forChunks calls fn for every fixed chunk of rows (s.chunks() of them) with the running
// worker's scratch: on s.team where GMM.Fit set one, so that the three sections of each
// iteration do not start goroutines every time, else on goroutines started for the call. Each
// chunk writes only its own outputs (rows, chunkLL[c], chunkStats[c]), so the results do not
// depend on the workers.
func (s *gmmState) forChunks(fn func(c, first, last int, sc *gmmScratch)) {
	nc := s.chunks()
	size := (s.p + nc - 1) / nc
	workers := runtime.GOMAXPROCS(0)
	need := min(workers, nc) // WorkerBlocks' worker indices
	if s.team != nil {
		need = s.team.Workers() // any member may take a chunk
	}
	for len(s.scratch) < need {
		sc := &gmmScratch{lse: make([]float64, size)}
		if s.cov == Full {
			sc.xt, sc.zs, sc.maha = make([]float64, s.d*size), make([]float64, s.d*size), make([]float64, size)
		}
		s.scratch = append(s.scratch, sc)
	}
	chunk := func(w, c int) { fn(c, c*size, min((c+1)*size, s.p), s.scratch[w]) }
	if s.team != nil {
		s.team.RunWorker(nc, chunk)
		return
	}
	par.WorkerBlocks(nc, workers, chunk)
}

func newGMMState(data []float64, p, d, k int, cov CovType, floor float64) *gmmState {
	s := &gmmState{data: data, p: p, d: d, k: k, cov: cov, floor: floor,
		weights: make([]float64, k), means: make([]float64, k*d), logdet: make([]float64, k),
		resp: make([]float64, p*k)}
	switch cov {
	case Isotropic:
		s.vars = make([]float64, k)
	case Diagonal:
		s.vars = make([]float64, k*d)
	case Full:
		s.lchol = make([]float64, k*d*d)
	}
	return s
}

func (s *gmmState) initialise(rng *rand.Rand, init GMMInit, given, mean []float64, v float64) error {
	d := s.d
	switch init {
	case InitGiven:
		copy(s.means, given)
	case InitNotes:
		sd := math.Sqrt(v)
		for q := 0; q < s.k; q++ {
			for j := 0; j < d; j++ {
				s.means[q*d+j] = mean[j] + 0.1*sd*rng.NormFloat64()
			}
		}
	default: // scikit-learn's init_params="kmeans": one M-step on the k-means partition
		km, err := cluster.KMeans{K: s.k, Restarts: 10, Seed: rng.Uint64()}.Fit(mat.NewDense(s.p, s.d, s.data))
		if err != nil {
			return fmt.Errorf("density: GMM start-up: %w", err)
		}
		clear(s.resp)
		for i, l := range km.Labels {
			s.resp[i*s.k+l] = 1
		}
		return s.MStep()
	}
	for q := 0; q < s.k; q++ {
		s.weights[q] = 1 / float64(s.k)
		v0 := v
		if init != InitGiven {
			v0 *= 1 + 0.01*rng.Float64() // ε_q of Algorithm 7: a small positive scalar
		}
		v0 = math.Max(v0, s.floor)
		switch s.cov {
		case Isotropic:
			s.vars[q] = v0
		case Diagonal:
			for j := 0; j < d; j++ {
				s.vars[q*d+j] = v0
			}
		case Full:
			l := s.lchol[q*d*d : (q+1)*d*d]
			for j := 0; j < d; j++ {
				l[j*d+j] = math.Sqrt(v0)
			}
		}
	}
	s.refreshLogDet()
	return nil
}

func (s *gmmState) refreshLogDet() {
	d := s.d
	for q := 0; q < s.k; q++ {
		switch s.cov {
		case Isotropic:
			s.logdet[q] = float64(d) * math.Log(s.vars[q])
		case Diagonal:
			t := 0.0
			for j := 0; j < d; j++ {
				t += math.Log(s.vars[q*d+j])
			}
			s.logdet[q] = t
		case Full:
			t := 0.0
			for j := 0; j < d; j++ {
				t += math.Log(s.lchol[q*d*d+j*d+j])
			}
			s.logdet[q] = 2 * t
		}
	}
}

// logJoint fills out[q] = ln P(q) + ln N(x; w_q, Σ_q) for the isotropic and diagonal models
// (the full model works on whole chunks: fullLogJoint).
func (s *gmmState) logJoint(x, out []float64) {
	d := s.d
	c := float64(d) * math.Log(2*math.Pi)
	for q := 0; q < s.k; q++ {
		w := s.means[q*d : q*d+d]
		var m float64
		if s.cov == Isotropic {
			for j, v := range x {
				u := v - w[j]
				m += u * u
			}
			m /= s.vars[q]
		} else {
			vr := s.vars[q*d : q*d+d]
			for j, v := range x {
				u := v - w[j]
				m += u * u / vr[j]
			}
		}
		out[q] = math.Log(s.weights[q]) - 0.5*(c+s.logdet[q]+m)
	}
}

// gmmChunk is the number of rows in a chunk of the parallel sections (the last may be shorter).
const gmmChunk = 4096

func (s *gmmState) chunks() int {
	n := (s.p + gmmChunk - 1) / gmmChunk
	return max(n, 1)
}

// EStep computes the responsibilities P(q|x^(α)) in the log domain and returns Σ_α ln P(x^(α)).
// Points are processed in fixed chunks whose partial sums are added in order, so the result
// does not depend on the number of goroutines.
func (s *gmmState) EStep() (float64, error) {
	nc := s.chunks()
	if len(s.chunkLL) != nc {
		s.chunkLL = make([]float64, nc)
	}
	s.forChunks(func(c, first, last int, sc *gmmScratch) {
		if s.cov == Full {
			s.transposeChunk(first, last, sc.xt)
			s.fullLogJoint(first, last, sc.xt, sc.zs, sc.maha)
		} else {
			for i := first; i < last; i++ {
				s.logJoint(s.data[i*s.d:(i+1)*s.d], s.resp[i*s.k:(i+1)*s.k])
			}
		}
		// Responsibilities in place, the whole chunk in one vector softmax; lse = ln P(x^(α)).
		kernel.SoftmaxRows(s.resp[first*s.k:last*s.k], s.k, sc.lse)
		ll := 0.0
		for i, z := range sc.lse[:last-first] {
			if z != z || z == gibbs.LogZero {
				z = math.Inf(-1) // P(x^(α)) = 0 or not finite: EM reports the log-likelihood
			}
			if s.rowLL != nil {
				s.rowLL[first+i] = z
			}
			ll += z
		}
		s.chunkLL[c] = ll
	})
	ll := 0.0
	for _, v := range s.chunkLL {
		ll += v
	}
	return ll, nil
}

// MStep sets weights, means and covariances to the responsibility-weighted maximum-likelihood
// values, with variances (eigenvalues) clipped at the floor.
func (s *gmmState) MStep() error {
	s.growChunkStats()
	nq, alive := s.updateWeightsAndMeans()
	scatter := s.scatter()
	d := s.d
	for q := 0; q < s.k; q++ {
		if !alive[q] {
			continue
		}
		switch s.cov {
		case Isotropic:
			v := scatter[q] / (float64(d) * nq[q]) // the 1/d of erratum E33
			if v < s.floor {
				v = s.floor
				s.floored++
			}
			s.vars[q] = v
		case Diagonal:
			hit := false
			for j := 0; j < d; j++ {
				v := scatter[q*d+j] / nq[q]
				if v < s.floor {
					v, hit = s.floor, true
				}
				s.vars[q*d+j] = v
			}
			if hit {
				s.floored++
			}
		case Full:
			if err := s.setFullCov(q, scatter[q*d*d:(q+1)*d*d], nq[q]); err != nil {
				return err
			}
		}
	}
	s.refreshLogDet()
	return nil
}

// statLen is the length of one chunk's scatter statistics: K (isotropic), K·d (diagonal) or
// K·d² (full).
func (s *gmmState) statLen() int {
	switch s.cov {
	case Diagonal:
		return s.k * s.d
	case Full:
		return s.k * s.d * s.d
	}
	return s.k
}

// growChunkStats makes room for the per-chunk partial sums of both M-step passes.
func (s *gmmState) growChunkStats() {
	nc := s.chunks()
	if len(s.chunkStats) != nc {
		s.chunkStats = make([][]float64, nc)
	}
	n := max(s.k*(1+s.d), s.statLen())
	for c := range s.chunkStats {
		if len(s.chunkStats[c]) < n {
			s.chunkStats[c] = make([]float64, n)
		}
	}
}

// updateWeightsAndMeans is the first M-step pass: N_q = Σ_α r_αq and Σ_α r_αq x^(α) over fixed
// chunks reduced in order, then P(q) = N_q/p and w_q = Σ r x / N_q. A component with no
// responsibility left (alive false) keeps its old mean and covariance: they do not affect the
// likelihood while its weight is 0.
func (s *gmmState) updateWeightsAndMeans() (nq []float64, alive []bool) {
	d, k := s.d, s.k
	nc := s.chunks()
	stat1 := k * (1 + d)
	s.forChunks(func(c, first, last int, _ *gmmScratch) {
		st := s.chunkStats[c][:stat1]
		clear(st)
		for i := first; i < last; i++ {
			x := s.data[i*d : (i+1)*d]
			r := s.resp[i*k : (i+1)*k]
			for q, rq := range r {
				st[q] += rq
				acc := st[k+q*d : k+(q+1)*d]
				for j, v := range x {
					acc[j] += rq * v
				}
			}
		}
	})
	nq = make([]float64, k)
	sums := make([]float64, k*d)
	for c := 0; c < nc; c++ {
		st := s.chunkStats[c]
		for q := 0; q < k; q++ {
			nq[q] += st[q]
		}
		for i := range sums {
			sums[i] += st[k+i]
		}
	}
	alive = make([]bool, k)
	for q := 0; q < k; q++ {
		s.weights[q] = nq[q] / float64(s.p)
		alive[q] = nq[q] > 1e-12*float64(s.p) && nq[q] > 0
		if alive[q] {
			for j := 0; j < d; j++ {
				s.means[q*d+j] = sums[q*d+j] / nq[q]
			}
		}
	}
	return nq, alive
}

// scatter is the second M-step pass: the responsibility-weighted scatter around the new means
// (Σ r‖x − w‖² per component, per coordinate, or the full d×d matrix), over fixed chunks
// reduced in order.
func (s *gmmState) scatter() []float64 {
	d, k := s.d, s.k
	nc := s.chunks()
	n := s.statLen()
	s.forChunks(func(c, first, last int, sc *gmmScratch) {
		st := s.chunkStats[c][:n]
		clear(st)
		if s.cov == Full {
			s.transposeChunk(first, last, sc.xt)
			s.fullScatter(first, last, sc.xt, sc.zs, sc.maha, st)
			return
		}
		for i := first; i < last; i++ {
			x := s.data[i*d : (i+1)*d]
			r := s.resp[i*k : (i+1)*k]
			for q, rq := range r {
				w := s.means[q*d : (q+1)*d]
				if s.cov == Isotropic {
					t := 0.0
					for j, v := range x {
						e := v - w[j]
						t += e * e
					}
					st[q] += rq * t
					continue
				}
				acc := st[q*d : (q+1)*d]
				for j, v := range x {
					e := v - w[j]
					acc[j] += rq * e * e
				}
			}
		}
	})
	out := make([]float64, n)
	for c := 0; c < nc; c++ {
		for i, v := range s.chunkStats[c][:n] {
			out[i] += v
		}
	}
	return out
}

// setFullCov sets Σ_q = scatter/n_q (lower triangle given), clipping eigenvalues at the floor,
// and stores its Cholesky factor.
func (s *gmmState) setFullCov(q int, lower []float64, n float64) error {
	d := s.d
	cov := mat.NewSymDense(d, nil)
	for a := 0; a < d; a++ {
		for b := 0; b <= a; b++ {
			cov.SetSym(a, b, lower[a*d+b]/n)
		}
	}
	var ch mat.Cholesky
	ok := ch.Factorize(cov)
	minDiag := math.Inf(1)
	if ok {
		var l mat.TriDense
		ch.LTo(&l)
		for a := 0; a < d; a++ {
			minDiag = math.Min(minDiag, l.At(a, a))
		}
	}
	if !ok || minDiag*minDiag < s.floor {
		// Possibly below the floor: clip the spectrum (exact constrained maximiser).
		var eig mat.EigenSym
		if !eig.Factorize(cov, true) {
			return fmt.Errorf("density: EM.Run: eigen-decomposition of component %d covariance failed: %w", q, ErrSingular)
		}
		vals := eig.Values(nil)
		var vecs mat.Dense
		eig.VectorsTo(&vecs)
		hit := false
		for i, v := range vals {
			if v < s.floor {
				vals[i], hit = s.floor, true
			}
		}
		if hit {
			s.floored++
			for a := 0; a < d; a++ {
				for b := 0; b <= a; b++ {
					t := 0.0
					for i, v := range vals {
						t += vecs.At(a, i) * v * vecs.At(b, i)
					}
					cov.SetSym(a, b, t)
				}
			}
		}
		if !ch.Factorize(cov) {
			return fmt.Errorf("density: EM.Run: component %d covariance after clipping: %w", q, ErrSingular)
		}
	}
	var l mat.TriDense
	ch.LTo(&l)
	dst := s.lchol[q*d*d : (q+1)*d*d]
	for a := 0; a < d; a++ {
		for b := 0; b < d; b++ {
			dst[a*d+b] = l.At(a, b)
		}
	}
	return nil
}

func (s *gmmState) result() *GMMResult {
	d, k := s.d, s.k
	r := &GMMResult{Cov: s.cov, Weights: append([]float64(nil), s.weights...),
		Means: mat.NewDense(k, d, append([]float64(nil), s.means...)), Vars: make([]float64, k),
		Covs: make([]*mat.SymDense, k), Floored: s.floored}
	for q := 0; q < k; q++ {
		c := mat.NewSymDense(d, nil)
		switch s.cov {
		case Isotropic:
			r.Vars[q] = s.vars[q]
			for j := 0; j < d; j++ {
				c.SetSym(j, j, s.vars[q])
			}
		case Diagonal:
			for j := 0; j < d; j++ {
				c.SetSym(j, j, s.vars[q*d+j])
				r.Vars[q] += s.vars[q*d+j] / float64(d)
			}
		case Full:
			l := mat.NewTriDense(d, mat.Lower, nil)
			for a := 0; a < d; a++ {
				for b := 0; b <= a; b++ {
					l.SetTri(a, b, s.lchol[q*d*d+a*d+b])
				}
			}
			c.SymOuterK(1, l)
			for j := 0; j < d; j++ {
				r.Vars[q] += c.At(j, j) / float64(d)
			}
		}
		r.Covs[q] = c
	}
	return r
}
