package mcmc

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"gonum.org/v1/gonum/mat"
)

// MeanField is mean-field annealing of the Ising model, ML chapter 3 (Stochastic optimisation) §3.3
// (Algorithm 6 / Fig. 3.2). The Gibbs distribution P ∝ e^{−βE} is approximated by the factorising
// Q(s) ∝ exp(−β Σ_k e_k s_k) that minimises D_KL(Q‖P); its stationarity condition gives the mean
// fields and magnetisations
//
//	e_l = −Σ_{i≠l} W_il ⟨s_i⟩,   ⟨s_l⟩ = tanh(−β e_l) = tanh(β Σ_{i≠l} W_il ⟨s_i⟩).
//
// The notes lose the minus sign of e_l (erratum E18), which turns the update into
// ⟨s_l⟩ = −tanh(β Σ W⟨s⟩) and drives the system to high energy; NotesSign reproduces that form
// for demonstration only.
//
// At each temperature T = 1/β of the schedule the equations are solved by sequential
// (asynchronous) sweeps in a random order, which cannot oscillate like the synchronous update,
// until no field changes by more than Tol; then T falls. The run starts from small random
// magnetisations (|m| ≤ 1e-3), because m = 0 is an exact fixed point, and every temperature
// starts by adding a uniform perturbation of at most 1e-6 to each magnetisation (kickMeanField):
// above T_c the magnetisations decay towards that fixed point, and without the kick the sweeps
// would report convergence there after it has become unstable, so the symmetry would break late
// (at about T_c/2 instead of T_c in a 16-spin glass). The answer is s_k = sign⟨s_k⟩.
//
// Zero values: Schedule T0 = 2T_c, TMin = T_c/50 and Cooling = 1/1.05 (β from ½β_c to 50β_c)
// with T_c = 1/β_c = λ_max(W) (max_i Σ_j|W_ij| if λ_max ≤ 0), Tol = 1e-10, MaxIter = 10000
// sweeps per temperature. Init, if set, gives the starting magnetisations. Cost O(N²) per sweep.
type MeanField struct {
	Schedule  gibbs.Schedule
	Tol       float64
	MaxIter   int
	Init      []float64
	NotesSign bool
	Seed      uint64
}

// MFLevel is the mean-field solution at one temperature: the common record (Cost = ⟨E⟩_Q,
// FreeEnergy = F_MF(m) of MeanFieldFreeEnergy) and the magnetisations.
type MFLevel struct {
	gibbs.Level
	M []float64 // magnetisations ⟨s_k⟩_Q
}

// MFResult is the outcome of MeanField.Run.
type MFResult struct {
	M      []float64 // magnetisations at TMin
	Spins  []int     // sign(M), +1 for M = 0
	Energy float64   // E(Spins)
	Levels []MFLevel
}

// MaxMeanFieldWork caps levels × MaxIter × N², the multiply-adds of MeanField.Run's sweeps if
// no level converges (ErrTooLarge beyond; MaxIter itself is at most MaxSteps).
const MaxMeanFieldWork = 1 << 40

// Run anneals the mean-field equations for couplings w on the library's annealing driver.
func (mf MeanField) Run(w mat.Matrix) (*MFResult, error) {
	wd, n, err := checkCouplings("MeanField.Run", w)
	if err != nil {
		return nil, err
	}
	var def gibbs.Schedule
	if mf.Schedule.T0 == 0 || mf.Schedule.TMin == 0 {
		tc := mfCriticalT(w, wd, n)
		def = gibbs.Schedule{T0: 2 * tc, TMin: tc / 50}
	}
	def.Cooling = 1 / 1.05
	sched, err := mf.Schedule.Resolve(def)
	if err != nil {
		return nil, fmt.Errorf("mcmc: MeanField: %w", err)
	}
	if math.IsInf(1/sched.TMin, 0) {
		return nil, fmt.Errorf("mcmc: MeanField: TMin = %g, β = 1/TMin overflows float64 (couplings this small: rescale W): %w",
			sched.TMin, ErrNotFinite)
	}
	tol, maxIter := cmp.Or(mf.Tol, 1e-10), cmp.Or(mf.MaxIter, 10000)
	switch {
	case !(tol > 0):
		return nil, fmt.Errorf("mcmc: MeanField: Tol = %g, want > 0: %w", mf.Tol, ErrParam)
	case maxIter < 0:
		return nil, fmt.Errorf("mcmc: MeanField: MaxIter = %d, want ≥ 0: %w", mf.MaxIter, ErrParam)
	case maxIter > MaxSteps:
		return nil, fmt.Errorf("mcmc: MeanField: MaxIter = %d, limit %d: %w", mf.MaxIter, MaxSteps, ErrTooLarge)
	}
	if work := float64(sched.Levels()) * float64(maxIter) * float64(n) * float64(n); work > MaxMeanFieldWork {
		return nil, fmt.Errorf("mcmc: MeanField: levels × MaxIter × N² = %d × %d × %d² = %.3g, limit %d: %w",
			sched.Levels(), maxIter, n, work, MaxMeanFieldWork, ErrTooLarge)
	}
	rng := rand.New(rand.NewPCG(mf.Seed, mfStream))
	m, err := mf.start(n, rng)
	if err != nil {
		return nil, err
	}
	sign := 1.0
	if mf.NotesSign {
		sign = -1
	}
	init := mat.NewDense(n, 2, nil)
	for i, v := range m {
		init.Set(i, 0, (1-v)/2)
		init.Set(i, 1, (1+v)/2)
	}
	gen, err := MeanFieldAnneal{Schedule: sched, Tol: tol, MaxIter: maxIter, Sequential: true,
		Init: init, Rand: rng}.Run(&isingMF{w: wd, n: n, sign: sign})
	if err != nil {
		return nil, fmt.Errorf("mcmc: MeanField: %w", err)
	}
	res := &MFResult{Levels: make([]MFLevel, len(gen.Levels))}
	for l, lv := range gen.Levels {
		mag, _ := IsingMagnetisations(lv.Q)
		res.Levels[l] = MFLevel{Level: lv.Level, M: mag}
	}
	m, _ = IsingMagnetisations(gen.Q)
	res.M = m
	res.Spins = make([]int, n)
	for i, v := range m {
		res.Spins[i] = 1
		if v < 0 {
			res.Spins[i] = -1
		}
	}
	is, _ := NewIsing(w, res.Spins)
	res.Energy = is.Energy()
	return res, nil
}

// mfCriticalT returns the mean-field critical temperature λ_max(W), or max_i Σ_j |W_ij| (1 for
// W = 0) when λ_max ≤ 0.
func mfCriticalT(w mat.Matrix, wd []float64, n int) float64 {
	if bc, err := CriticalBeta(w); err == nil {
		return 1 / bc
	}
	rowMax := 0.0
	for i := 0; i < n; i++ {
		s := 0.0
		for j := 0; j < n; j++ {
			s += math.Abs(wd[i*n+j])
		}
		rowMax = math.Max(rowMax, s)
	}
	return cmp.Or(rowMax, 1)
}

// start returns the starting magnetisations: Init (checked) or small random values.
func (mf MeanField) start(n int, rng *rand.Rand) ([]float64, error) {
	m := make([]float64, n)
	if mf.Init == nil {
		for i := range m {
			m[i] = 1e-3 * (2*rng.Float64() - 1)
		}
		return m, nil
	}
	if len(mf.Init) != n {
		return nil, fmt.Errorf("mcmc: MeanField: %d initial magnetisations for %d spins: %w", len(mf.Init), n, ErrShape)
	}
	for i, v := range mf.Init {
		if !(v >= -1 && v <= 1) {
			return nil, fmt.Errorf("mcmc: MeanField: Init[%d] = %g, want in [−1, 1]: %w", i, v, ErrParam)
		}
		m[i] = v
	}
	return m, nil
}

// xlogx returns x ln x with 0 ln 0 = 0.
func xlogx(x float64) float64 {
	if x <= 0 {
		return 0
	}
	return x * math.Log(x)
}

// mfEnergy returns ⟨E⟩_Q = −Σ_{i<j} W_ij m_i m_j.
func mfEnergy(w []float64, n int, m []float64) float64 {
	e := 0.0
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			e -= w[i*n+j] * m[i] * m[j]
		}
	}
	return e
}

func mfFreeEnergy(w []float64, n int, m []float64, beta float64) float64 {
	e := mfEnergy(w, n, m)
	s := 0.0
	for _, v := range m {
		s += xlogx((1+v)/2) + xlogx((1-v)/2)
	}
	return e + s/beta
}

// MeanFieldFreeEnergy returns the Ising mean-field free energy (C11) at inverse temperature
// beta = β = 1/T
//
//	F_MF(m) = −½ Σ_{i≠j} W_ij m_i m_j + (1/β) Σ_i [ (1+m_i)/2 ln((1+m_i)/2) + (1−m_i)/2 ln((1−m_i)/2) ],
//
// i.e. ⟨E⟩_Q − S(Q)/β for the factorising Q with magnetisations m; its stationary points are
// the mean-field equations, and F_MF ≥ F = −(1/β) ln Z with equality only if P factorises.
func MeanFieldFreeEnergy(w mat.Matrix, m []float64, beta float64) (float64, error) {
	wd, n, err := checkCouplings("MeanFieldFreeEnergy", w)
	if err != nil {
		return 0, err
	}
	if len(m) != n {
		return 0, fmt.Errorf("mcmc: MeanFieldFreeEnergy: %d magnetisations for %d spins: %w", len(m), n, ErrShape)
	}
	for i, v := range m {
		if !(v >= -1 && v <= 1) {
			return 0, fmt.Errorf("mcmc: MeanFieldFreeEnergy: magnetisation %d is %g: %w", i, v, ErrParam)
		}
	}
	if !(beta > 0) || math.IsInf(beta, 0) {
		return 0, fmt.Errorf("mcmc: MeanFieldFreeEnergy: β = %g: %w", beta, ErrParam)
	}
	return mfFreeEnergy(wd, n, m, beta), nil
}

// MeanFieldKL returns D_KL(Q‖P) = Σ_s Q(s) ln(Q(s)/P(s)) between the factorising distribution
// Q with magnetisations m and the Gibbs distribution P of W at inverse temperature beta = 1/T, by enumerating all 2^N
// states (N ≤ 24). It equals β(F_MF − F) ≥ 0 (C10), the quantity mean-field annealing minimises.
// A magnetisation outside [−1, 1] or NaN is errs.ErrParam; a KL that overflows (β·|E| beyond
// float64) is errs.ErrNotFinite.
func MeanFieldKL(w mat.Matrix, m []float64, beta float64) (float64, error) {
	ex, err := IsingExact(w, beta)
	if err != nil {
		return 0, err
	}
	wd, n, _ := checkCouplings("MeanFieldKL", w)
	if len(m) != n {
		return 0, fmt.Errorf("mcmc: MeanFieldKL: %d magnetisations for %d spins: %w", len(m), n, ErrShape)
	}
	for i, v := range m {
		if !(v >= -1 && v <= 1) {
			return 0, fmt.Errorf("mcmc: MeanFieldKL: m[%d] = %g, want in [−1, 1]: %w", i, v, ErrParam)
		}
	}
	kl := 0.0
	for s := range ex.P {
		lq := 0.0
		for i := 0; i < n; i++ {
			v := m[i]
			if (s>>i)&1 == 0 {
				v = -v
			}
			if v <= -1 {
				lq = math.Inf(-1)
				break
			}
			lq += math.Log((1 + v) / 2)
		}
		if math.IsInf(lq, -1) {
			continue // Q(s) = 0 contributes nothing
		}
		lp := -beta*isingEnergyBits(wd, n, s) - ex.LogZ
		kl += math.Exp(lq) * (lq - lp)
	}
	if math.IsNaN(kl) || math.IsInf(kl, 0) {
		return 0, fmt.Errorf("mcmc: MeanFieldKL: D_KL = %v at β = %g: %w", kl, beta, ErrNotFinite)
	}
	return kl, nil
}

// isingMF is the Ising mean field as a 2-state MeanFieldModel (state 0 = spin −1, state 1 = +1)
// with MeanField's sign option and symmetry-breaking kick. Its fields are e_i(±1) = ∓sign·H_i,
// H_i = Σ_j W_ij m_j, so q_i(+1) − q_i(−1) = tanh(sign·H_i/T).
type isingMF struct {
	w    []float64
	n    int
	sign float64
}

func (im *isingMF) Sites() int  { return im.n }
func (im *isingMF) States() int { return 2 }

func (im *isingMF) Fields(q *mat.Dense, i int, dst []float64) {
	h := 0.0
	for j, v := range im.w[i*im.n : (i+1)*im.n] {
		r := q.RawRowView(j)
		h += v * (r[1] - r[0])
	}
	dst[0], dst[1] = im.sign*h, -im.sign*h
}

func (im *isingMF) Energy(q *mat.Dense) float64 {
	m, _ := IsingMagnetisations(q)
	return mfEnergy(im.w, im.n, m)
}

// Perturb applies kickMeanField to the magnetisations at every level.
func (im *isingMF) Perturb(_ int, q *mat.Dense, rng *rand.Rand) {
	m, _ := IsingMagnetisations(q)
	kickMeanField(m, rng)
	for i, v := range m {
		q.Set(i, 0, (1-v)/2)
		q.Set(i, 1, (1+v)/2)
	}
}
