package mcmc

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// MeanFieldModel is a discrete energy E(s), s = (s_1, …, s_N) with s_i ∈ {0, …, K−1}, seen
// through a factorised distribution Q(s) = Π_i q_i(s_i) stored as an N×K matrix q (row i is
// q_i). The mean-field approximation (SLT chapter 8) chooses Q to minimise the variational free
// energy
//
//	F_Q = ⟨E⟩_Q − T·H(Q),   H(Q) = −Σ_i Σ_a q_i(a) ln q_i(a),
//
// an upper bound on F = −T ln Z with F_Q − F = T·D_KL(Q‖P). Setting the derivative with respect
// to q_i to zero under Σ_a q_i(a) = 1 gives the mean-field equations
//
//	q_i(a) = exp(−e_i(a)/T) / Σ_b exp(−e_i(b)/T),   e_i(a) = ∂⟨E⟩_Q/∂q_i(a).
//
// Fields writes the mean fields e_i(·) of site i into dst (length K); Energy returns ⟨E⟩_Q.
// Neither may keep q. PairwiseEnergy is the model for energies with unary and pairwise terms
// (Ising, Potts, spin glasses).
type MeanFieldModel interface {
	Sites() int
	States() int
	Fields(q *mat.Dense, i int, dst []float64)
	Energy(q *mat.Dense) float64
}

// MeanFieldBatch is a model that computes all N×K mean fields at once (one matrix product, say),
// which the synchronous update uses instead of N calls of Fields.
type MeanFieldBatch interface {
	MeanFieldModel
	AllFields(q, dst *mat.Dense)
}

// MeanFieldPerturber is a model with its own symmetry-breaking perturbation, applied to q at the
// start of every temperature level (level 0 included) instead of the default relative Noise.
type MeanFieldPerturber interface {
	Perturb(level int, q *mat.Dense, rng *rand.Rand)
}

// MeanFieldAnneal solves the mean-field equations of a MeanFieldModel at each temperature of a
// falling schedule, starting every level from the solution of the one before (deterministic or
// mean-field annealing).
//
// Sequential (asynchronous) updates visit the sites in a fresh random order each sweep and set
// q_i from the fields of the current q. When ⟨E⟩_Q is linear in each q_i separately (no
// self-coupling, true of PairwiseEnergy) each such update minimises F_Q over q_i with the other
// sites fixed, so F_Q never increases and the sweeps converge to a fixed point. Synchronous
// updates compute all fields from the old q and then replace every q_i at once; they parallelise
// (MeanFieldBatch) but carry no such guarantee and can oscillate with period two (two coupled
// spins flipping together at low T).
//
// At the start of each level the model's Perturb (MeanFieldPerturber) or else, from the second
// level on, a relative jitter q_i(a) ← q_i(a)·(1 + Noise·(u − ½)), u uniform, rows renormalised,
// nudges q off symmetric fixed points that turned unstable. A level ends when no mean field
// moves by more than Tol between two updates of its site (Converged), or after MaxIter sweeps.
//
// Zero values: Schedule T0 = 2s, TMin = s/100, Cooling = 1/1.05, where s is the largest spread
// max_a e_i(a) − min_a e_i(a) of the fields over the uniform Q and the K constant configurations
// (1 if all vanish); Tol = 1e-9·s; MaxIter = 1000 sweeps per level; Noise = 1e-3 (negative
// disables it); Init nil starts from q_i(a) ∝ 1 + 10⁻³·(2u − 1), u uniform. Rand, if set,
// replaces the generator seeded by Seed (for a caller that drew its own initial Q from the same
// stream). Trace records F_Q after every update (one site when Sequential, one sweep otherwise),
// at the cost of one Energy per update.
//
// Cost per sweep: N calls of Fields (sequential) or one AllFields (synchronous), plus one Energy
// per level; memory O(N·K) per level kept in the result.
type MeanFieldAnneal struct {
	Schedule   gibbs.Schedule
	Tol        float64
	MaxIter    int
	Sequential bool
	Noise      float64
	Init       mat.Matrix
	Trace      bool
	Seed       uint64
	Rand       *rand.Rand
}

// MeanFieldLevel is the mean-field solution at one temperature: the common record (Cost = ⟨E⟩_Q,
// FreeEnergy = F_Q), the marginals Q (N×K), their entropy H(Q) and, with Trace, F_Q after every
// update of the level.
type MeanFieldLevel struct {
	gibbs.Level
	Q       *mat.Dense
	Entropy float64
	Trace   []float64
}

// MeanFieldResult is the outcome of MeanFieldAnneal.Run.
type MeanFieldResult struct {
	Q      *mat.Dense // N×K marginals at the last temperature
	Fields *mat.Dense // N×K mean fields from which Q was computed
	Labels []int      // argmax_a q_i(a) (ties to the smallest state)
	Levels []MeanFieldLevel
	Iter   int // total sweeps
}

// mfStream is the PCG stream word of mean-field annealing ("mfa_").
const mfStream = 0x6d66615f

// MeanFieldEntropy returns H(Q) = −Σ_i Σ_a q_i(a) ln q_i(a) (0 ln 0 = 0) of a factorised
// distribution with marginals q (N×K, rows summing to 1: ErrProb otherwise). Cost O(N·K).
func MeanFieldEntropy(q mat.Matrix) (float64, error) {
	if _, _, err := check.Stochastic("q", q); err != nil {
		return 0, fmt.Errorf("mcmc: MeanFieldEntropy: %w", err)
	}
	return mfEntropy(mat.DenseCopyOf(q)), nil
}

func mfEntropy(q *mat.Dense) float64 {
	h := 0.0
	for _, v := range q.RawMatrix().Data {
		h -= xlogx(v)
	}
	return h
}

// Run anneals the mean-field equations of model. Errors: a model with no sites or states
// (ErrEmpty), an Init of the wrong shape (ErrShape) or not row-stochastic (ErrProb), bad options
// (ErrParam, ErrTooLarge), fields or energies that are not finite (ErrNotFinite).
func (a MeanFieldAnneal) Run(model MeanFieldModel) (*MeanFieldResult, error) {
	if model == nil {
		return nil, fmt.Errorf("mcmc: MeanFieldAnneal.Run: nil model: %w", ErrEmpty)
	}
	if c, ok := model.(checker); ok {
		if err := c.check(); err != nil {
			return nil, fmt.Errorf("mcmc: MeanFieldAnneal.Run: %w", err)
		}
	}
	n, k := model.Sites(), model.States()
	if n < 1 || k < 1 {
		return nil, fmt.Errorf("mcmc: MeanFieldAnneal.Run: %d sites with %d states: %w", n, k, ErrEmpty)
	}
	maxIter := cmp.Or(a.MaxIter, 1000)
	switch {
	case maxIter < 0:
		return nil, fmt.Errorf("mcmc: MeanFieldAnneal: MaxIter = %d, want ≥ 0: %w", a.MaxIter, ErrParam)
	case maxIter > MaxSteps:
		return nil, fmt.Errorf("mcmc: MeanFieldAnneal: MaxIter = %d, limit %d: %w", a.MaxIter, MaxSteps, ErrTooLarge)
	case math.IsNaN(a.Noise) || math.IsInf(a.Noise, 0):
		return nil, fmt.Errorf("mcmc: MeanFieldAnneal: Noise = %g, want a finite number: %w", a.Noise, ErrParam)
	case a.Tol < 0 || math.IsNaN(a.Tol) || math.IsInf(a.Tol, 0):
		return nil, fmt.Errorf("mcmc: MeanFieldAnneal: Tol = %g, want finite and ≥ 0: %w", a.Tol, ErrParam)
	}
	rng := a.Rand
	if rng == nil {
		rng = rand.New(rand.NewPCG(a.Seed, mfStream))
	}
	q, err := a.start(n, k, rng)
	if err != nil {
		return nil, err
	}
	d := &mfDriver{model: model, n: n, k: k, q: q, e: mat.NewDense(n, k, nil), f: make([]float64, k)}
	if b, ok := model.(MeanFieldBatch); ok {
		d.batch = b
	}
	var def gibbs.Schedule
	scale := 1.0
	if a.Schedule.T0 == 0 || a.Schedule.TMin == 0 || a.Tol == 0 {
		if scale, err = d.scale(); err != nil {
			return nil, err
		}
		def = gibbs.Schedule{T0: 2 * scale, TMin: scale / 100}
	}
	def.Cooling = 1 / 1.05
	sched, err := a.Schedule.Resolve(def)
	if err != nil {
		return nil, fmt.Errorf("mcmc: MeanFieldAnneal: %w", err)
	}
	if work := float64(sched.Levels()) * float64(maxIter) * float64(n) * float64(k); work > MaxMeanFieldWork {
		return nil, fmt.Errorf("mcmc: MeanFieldAnneal: levels × MaxIter × N × K = %.3g, limit %d: %w",
			work, MaxMeanFieldWork, ErrTooLarge)
	}
	d.tol, d.maxIter, d.noise, d.seq, d.trace = cmp.Or(a.Tol, 1e-9*scale), maxIter, cmp.Or(a.Noise, 1e-3), a.Sequential, a.Trace
	res := &MeanFieldResult{}
	res.Levels, err = gibbs.Anneal(sched.Temperatures(), 0, func(level int, t float64) (MeanFieldLevel, error) {
		return d.level(level, t, rng)
	})
	if err != nil {
		return nil, fmt.Errorf("mcmc: MeanFieldAnneal: %w", err)
	}
	res.Q, res.Fields = d.q, d.e
	res.Labels = make([]int, n)
	for i := range n {
		row := d.q.RawRowView(i)
		for s := 1; s < k; s++ {
			if row[s] > row[res.Labels[i]] {
				res.Labels[i] = s
			}
		}
	}
	for _, lv := range res.Levels {
		res.Iter += lv.Iter
	}
	return res, nil
}

// start returns the initial marginals: a checked copy of Init or a near-uniform random Q.
func (a MeanFieldAnneal) start(n, k int, rng *rand.Rand) (*mat.Dense, error) {
	q := mat.NewDense(n, k, nil)
	if check.IsNil(a.Init) {
		for i := range n {
			row := q.RawRowView(i)
			s := 0.0
			for c := range row {
				row[c] = 1 + 1e-3*(2*rng.Float64()-1)
				s += row[c]
			}
			for c := range row {
				row[c] /= s
			}
		}
		return q, nil
	}
	if r, c := a.Init.Dims(); r != n || c != k {
		return nil, fmt.Errorf("mcmc: MeanFieldAnneal: Init is %d×%d, want %d×%d: %w", r, c, n, k, ErrShape)
	}
	if _, _, err := check.Stochastic("Init", a.Init); err != nil {
		return nil, fmt.Errorf("mcmc: MeanFieldAnneal: %w", err)
	}
	q.Copy(a.Init)
	return q, nil
}

// mfDriver holds the state of one mean-field annealing run.
type mfDriver struct {
	model   MeanFieldModel
	batch   MeanFieldBatch
	n, k    int
	q, e    *mat.Dense // marginals and the fields they were computed from
	eNew    *mat.Dense // synchronous buffer
	f       []float64
	order   []int
	tol     float64
	noise   float64
	maxIter int
	seq     bool
	trace   bool
}

// scale returns the spread of the fields over the uniform Q and the K constant configurations.
func (d *mfDriver) scale() (float64, error) {
	probe := mat.NewDense(d.n, d.k, nil)
	s := 0.0
	for c := -1; c < d.k; c++ {
		for i := range d.n {
			row := probe.RawRowView(i)
			for a := range row {
				switch {
				case c < 0:
					row[a] = 1 / float64(d.k)
				case a == c:
					row[a] = 1
				default:
					row[a] = 0
				}
			}
		}
		for i := range d.n {
			d.model.Fields(probe, i, d.f)
			lo, hi := math.Inf(1), math.Inf(-1)
			for _, v := range d.f {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
			if math.IsNaN(hi-lo) || math.IsInf(hi-lo, 0) {
				return 0, fmt.Errorf("mcmc: MeanFieldAnneal: field of site %d is %g: %w", i, hi-lo, ErrNotFinite)
			}
			s = math.Max(s, hi-lo)
		}
	}
	return cmp.Or(s, 1), nil
}

// allFields writes the fields of d.q into dst and returns an error if one is not finite.
func (d *mfDriver) allFields(dst *mat.Dense) error {
	if d.batch != nil {
		d.batch.AllFields(d.q, dst)
	} else {
		for i := range d.n {
			d.model.Fields(d.q, i, dst.RawRowView(i))
		}
	}
	for i, v := range dst.RawMatrix().Data {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("mean field %d of site %d is %g: %w", i%d.k, i/d.k, v, ErrNotFinite)
		}
	}
	return nil
}

// freeEnergy returns ⟨E⟩_Q, H(Q) and F_Q of the current marginals.
func (d *mfDriver) freeEnergy(t float64) (e, h, f float64, err error) {
	e, h = d.model.Energy(d.q), mfEntropy(d.q)
	f = e - t*h
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return e, h, f, fmt.Errorf("F_Q = %g at T = %g: %w", f, t, ErrNotFinite)
	}
	return e, h, f, nil
}

// level solves the mean-field equations at temperature t.
func (d *mfDriver) level(level int, t float64, rng *rand.Rand) (MeanFieldLevel, error) {
	if p, ok := d.model.(MeanFieldPerturber); ok {
		p.Perturb(level, d.q, rng)
	} else if level > 0 && d.noise > 0 {
		jitterRows(d.q, d.noise, rng)
	}
	if err := d.allFields(d.e); err != nil {
		return MeanFieldLevel{}, err
	}
	lv := MeanFieldLevel{Level: gibbs.Level{T: t}}
	record := func() error {
		if d.trace {
			_, _, f, err := d.freeEnergy(t)
			if err != nil {
				return err
			}
			lv.Trace = append(lv.Trace, f)
		}
		return nil
	}
	if d.seq && d.order == nil {
		d.order = make([]int, d.n)
		for i := range d.order {
			d.order[i] = i
		}
	}
	if !d.seq && d.eNew == nil {
		d.eNew = mat.NewDense(d.n, d.k, nil)
	}
	for lv.Iter < d.maxIter {
		lv.Iter++
		delta := 0.0
		if d.seq {
			rng.Shuffle(d.n, func(i, j int) { d.order[i], d.order[j] = d.order[j], d.order[i] })
			for _, i := range d.order {
				d.model.Fields(d.q, i, d.f)
				old := d.e.RawRowView(i)
				for a, v := range d.f {
					if math.IsNaN(v) || math.IsInf(v, 0) {
						return lv, fmt.Errorf("mean field %d of site %d is %g: %w", a, i, v, ErrNotFinite)
					}
					delta = math.Max(delta, math.Abs(v-old[a]))
				}
				copy(old, d.f)
				gibbs.SoftmaxCosts(d.q.RawRowView(i), old, t, math.Inf(1))
				if err := record(); err != nil {
					return lv, err
				}
			}
		} else {
			d.assign(t)
			if err := d.allFields(d.eNew); err != nil {
				return lv, err
			}
			for i, v := range d.eNew.RawMatrix().Data {
				delta = math.Max(delta, math.Abs(v-d.e.RawMatrix().Data[i]))
			}
			d.e, d.eNew = d.eNew, d.e
			if err := record(); err != nil {
				return lv, err
			}
		}
		if delta < d.tol {
			lv.Converged = true
			break
		}
	}
	if !d.seq {
		d.assign(t)
	}
	var err error
	if lv.Cost, lv.Entropy, lv.FreeEnergy, err = d.freeEnergy(t); err != nil {
		return lv, err
	}
	lv.Q = mat.DenseCopyOf(d.q)
	return lv, nil
}

// assign sets every row of q to the softmax of its fields at temperature t.
func (d *mfDriver) assign(t float64) {
	for i := range d.n {
		gibbs.SoftmaxCosts(d.q.RawRowView(i), d.e.RawRowView(i), t, math.Inf(1))
	}
}

// jitterRows multiplies every entry of q by 1 + noise·(u − ½), u uniform, and renormalises the
// rows. Cost O(N·K).
func jitterRows(q *mat.Dense, noise float64, rng *rand.Rand) {
	n, _ := q.Dims()
	for i := range n {
		row := q.RawRowView(i)
		s := 0.0
		for a := range row {
			row[a] *= 1 + noise*(rng.Float64()-0.5)
			s += row[a]
		}
		for a := range row {
			row[a] /= s
		}
	}
}
