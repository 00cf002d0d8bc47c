package mcmc

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// MeanField is mean-field annealing of the Ising model, seed 001 §3.3 (Algorithm 6 / Fig. 3.2).
// The Gibbs distribution P ∝ e^{−βE} is approximated by the factorising
// Q(s) ∝ exp(−β Σ_k e_k s_k) that minimises D_KL(Q‖P); its stationarity condition gives the mean
// fields and magnetisations
//
//	e_l = −Σ_{i≠l} W_il ⟨s_i⟩,   ⟨s_l⟩ = tanh(−β e_l) = tanh(β Σ_{i≠l} W_il ⟨s_i⟩).
//
// The notes lose the minus sign of e_l (erratum E18), which turns the update into
// ⟨s_l⟩ = −tanh(β Σ W⟨s⟩) and drives the system to high energy; NotesSign reproduces that form
// for demonstration only.
//
// At each β of the geometric schedule Beta0, Beta0·Rate, …, ≤ BetaMax the equations are solved
// by sequential (asynchronous) sweeps in a random order, which cannot oscillate like the
// synchronous update, until no field changes by more than Tol; then β grows. The run starts from
// small random magnetisations (|m| ≤ 1e-3), because m = 0 is an exact fixed point. The answer is
// s_k = sign⟨s_k⟩.
//
// Zero values: Beta0 = ½β_c and BetaMax = 50β_c with β_c = 1/λ_max(W) (1/max_i Σ_j|W_ij| if
// λ_max ≤ 0), Rate = 1.05, Tol = 1e-10, MaxInner = 10000 sweeps. Init, if set, gives the
// starting magnetisations. Cost O(N²) per sweep.
type MeanField struct {
	Beta0, BetaMax, Rate float64
	Tol                  float64
	MaxInner             int
	Init                 []float64
	NotesSign            bool
	Seed                 uint64
}

// MFLevel is the mean-field solution at one β.
type MFLevel struct {
	Beta       float64
	M          []float64 // magnetisations ⟨s_k⟩_Q
	FreeEnergy float64   // F_MF(m) of MeanFieldFreeEnergy
	Iter       int
	Converged  bool
}

// MFResult is the outcome of MeanField.Run.
type MFResult struct {
	M      []float64 // magnetisations at BetaMax
	Spins  []int     // sign(M), +1 for M = 0
	Energy float64   // E(Spins)
	Levels []MFLevel
}

// Run anneals the mean-field equations for couplings w.
func (mf MeanField) Run(w mat.Matrix) (*MFResult, error) {
	wd, n, err := checkCouplings(w)
	if err != nil {
		return nil, err
	}
	b0, bmax, rate, tol, maxInner := mf.Beta0, mf.BetaMax, mf.Rate, mf.Tol, mf.MaxInner
	if b0 == 0 || bmax == 0 {
		bc, err := CriticalBeta(w)
		if err != nil {
			rowMax := 0.0
			for i := 0; i < n; i++ {
				s := 0.0
				for j := 0; j < n; j++ {
					s += math.Abs(wd[i*n+j])
				}
				rowMax = math.Max(rowMax, s)
			}
			if rowMax == 0 {
				rowMax = 1
			}
			bc = 1 / rowMax
		}
		if b0 == 0 {
			b0 = 0.5 * bc
		}
		if bmax == 0 {
			bmax = 50 * bc
		}
	}
	if rate == 0 {
		rate = 1.05
	}
	if tol == 0 {
		tol = 1e-10
	}
	if maxInner == 0 {
		maxInner = 10000
	}
	switch {
	case !(b0 > 0) || !(bmax >= b0) || math.IsInf(bmax, 0):
		return nil, fmt.Errorf("%w: need 0 < Beta0 ≤ BetaMax < ∞, got %g and %g", ErrTemperature, b0, bmax)
	case !(rate > 1) || math.IsInf(rate, 0) || !(tol > 0) || maxInner < 0:
		return nil, fmt.Errorf("%w: Rate = %g (want > 1), Tol = %g, MaxInner = %d", ErrInput, rate, tol, maxInner)
	}
	rng := rand.New(rand.NewPCG(mf.Seed, 0x6d66615f))
	m := make([]float64, n)
	if mf.Init != nil {
		if len(mf.Init) != n {
			return nil, fmt.Errorf("%w: %d initial magnetisations for %d spins", ErrInput, len(mf.Init), n)
		}
		for i, v := range mf.Init {
			if !(v >= -1 && v <= 1) {
				return nil, fmt.Errorf("%w: initial magnetisation %d is %g, want in [−1, 1]", ErrInput, i, v)
			}
			m[i] = v
		}
	} else {
		for i := range m {
			m[i] = 1e-3 * (2*rng.Float64() - 1)
		}
	}
	sign := 1.0
	if mf.NotesSign {
		sign = -1
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	res := &MFResult{}
	for beta := b0; beta <= bmax*(1+1e-12); beta *= rate {
		lv := MFLevel{Beta: beta}
		for lv.Iter < maxInner {
			lv.Iter++
			rng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
			delta := 0.0
			for _, l := range order {
				h := 0.0
				row := wd[l*n : (l+1)*n]
				for i, v := range row {
					h += v * m[i]
				}
				nm := sign * math.Tanh(beta*h)
				// |Δe_l| for the change of m_l is bounded by the field change it causes.
				delta = math.Max(delta, math.Abs(nm-m[l])*colAbsMax(wd, n, l))
				m[l] = nm
			}
			if delta < tol {
				lv.Converged = true
				break
			}
		}
		lv.M = append([]float64(nil), m...)
		lv.FreeEnergy = mfFreeEnergy(wd, n, m, beta)
		res.Levels = append(res.Levels, lv)
	}
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

func colAbsMax(w []float64, n, l int) float64 {
	m := 0.0
	for i := 0; i < n; i++ {
		m = math.Max(m, math.Abs(w[i*n+l]))
	}
	return m
}

// xlogx returns x ln x with 0 ln 0 = 0.
func xlogx(x float64) float64 {
	if x <= 0 {
		return 0
	}
	return x * math.Log(x)
}

func mfFreeEnergy(w []float64, n int, m []float64, beta float64) float64 {
	e := 0.0
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			e -= w[i*n+j] * m[i] * m[j]
		}
	}
	s := 0.0
	for _, v := range m {
		s += xlogx((1+v)/2) + xlogx((1-v)/2)
	}
	return e + s/beta
}

// MeanFieldFreeEnergy returns the Ising mean-field free energy (C11)
//
//	F_MF(m) = −½ Σ_{i≠j} W_ij m_i m_j + (1/β) Σ_i [ (1+m_i)/2 ln((1+m_i)/2) + (1−m_i)/2 ln((1−m_i)/2) ],
//
// i.e. ⟨E⟩_Q − S(Q)/β for the factorising Q with magnetisations m; its stationary points are
// the mean-field equations, and F_MF ≥ F = −(1/β) ln Z with equality only if P factorises.
func MeanFieldFreeEnergy(w mat.Matrix, m []float64, beta float64) (float64, error) {
	wd, n, err := checkCouplings(w)
	if err != nil {
		return 0, err
	}
	if len(m) != n {
		return 0, fmt.Errorf("%w: %d magnetisations for %d spins", ErrInput, len(m), n)
	}
	for i, v := range m {
		if !(v >= -1 && v <= 1) {
			return 0, fmt.Errorf("%w: magnetisation %d is %g", ErrInput, i, v)
		}
	}
	if !(beta > 0) || math.IsInf(beta, 0) {
		return 0, fmt.Errorf("%w: β = %g", ErrTemperature, beta)
	}
	return mfFreeEnergy(wd, n, m, beta), nil
}

// MeanFieldKL returns D_KL(Q‖P) = Σ_s Q(s) ln(Q(s)/P(s)) between the factorising distribution
// Q with magnetisations m and the Gibbs distribution P of W at β, by enumerating all 2^N
// states (N ≤ 24). It equals β(F_MF − F) ≥ 0 (C10), the quantity mean-field annealing minimises.
func MeanFieldKL(w mat.Matrix, m []float64, beta float64) (float64, error) {
	ex, err := IsingExact(w, beta)
	if err != nil {
		return 0, err
	}
	wd, n, _ := checkCouplings(w)
	if len(m) != n {
		return 0, fmt.Errorf("%w: %d magnetisations for %d spins", ErrInput, len(m), n)
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
	return kl, nil
}
