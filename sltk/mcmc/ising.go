package mcmc

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// GlauberProb is the heat-bath (Glauber) acceptance probability W = 1/(1 + e^{βΔE}) of ML chapter 3
// (Stochastic optimisation) §3.1 (Algorithm 1), evaluated without overflow: it tends to ½ for every
// ΔE as β → 0, and to a step (1 for ΔE < 0, 0 for ΔE > 0, ½ at ΔE = 0) as β → ∞. Detailed balance
// with the Gibbs distribution follows from (1 + e^x)/(1 + e^{−x}) = e^x. beta is the inverse
// temperature β = 1/T, as in the chapter (the Units section of the root package).
func GlauberProb(beta, dE float64) float64 {
	x := beta * dE
	if math.IsNaN(x) {
		return 0
	}
	if x > 0 {
		e := math.Exp(-x)
		return e / (1 + e)
	}
	return 1 / (1 + math.Exp(x))
}

// Ising is a system of N spins s_i ∈ {−1, +1} with energy E(s) = −½ Σ_{i≠j} W_ij s_i s_j
// (ML chapter 3 (Stochastic optimisation) §3.3, C11), W symmetric with zero diagonal. It keeps the
// local fields h_i = Σ_j W_ij s_j, so a flip costs ΔE_k = 2 s_k h_k to evaluate (O(1)) and O(N) to
// apply. It implements System (a proposal flips one uniformly chosen spin) and BestRecorder, so
// SimulatedAnnealing runs on it; use HeatBath acceptance for the notes' Glauber rule.
type Ising struct {
	n        int
	w        []float64 // row-major N×N
	s        []float64
	h        []float64
	energy   float64
	next     int
	proposed bool
	// Best is the lowest-energy configuration recorded by SimulatedAnnealing (RecordBest).
	Best []int
}

// checkCouplings validates W: square, finite, symmetric (to 1e-12 relative), zero diagonal.
func checkCouplings(fn string, w mat.Matrix) ([]float64, int, error) {
	n, c, cerr := check.Matrix("W", w)
	if cerr != nil {
		return nil, 0, fmt.Errorf("mcmc: %s: couplings: %w", fn, cerr)
	}
	if n != c {
		return nil, 0, fmt.Errorf("mcmc: %s: couplings are %d×%d, want square: %w", fn, n, c, ErrShape)
	}
	out := make([]float64, n*n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			v := w.At(i, j)
			switch {
			case math.IsNaN(v) || math.IsInf(v, 0):
				return nil, 0, fmt.Errorf("mcmc: %s: W[%d,%d] = %g: %w", fn, i, j, v, ErrNotFinite)
			case i == j && v != 0:
				return nil, 0, fmt.Errorf("mcmc: %s: W[%d,%d] = %g, want a zero diagonal: %w", fn, i, i, v, ErrParam)
			case math.Abs(v-w.At(j, i)) > 1e-12*math.Max(1, math.Abs(v)):
				return nil, 0, fmt.Errorf("mcmc: %s: W is not symmetric at (%d,%d): %w", fn, i, j, ErrParam)
			}
			out[i*n+j] = v
		}
	}
	return out, n, nil
}

// NewIsing builds the system with couplings w and initial spins s0 (each ±1; nil means all +1).
func NewIsing(w mat.Matrix, s0 []int) (*Ising, error) {
	wd, n, err := checkCouplings("NewIsing", w)
	if err != nil {
		return nil, err
	}
	is := &Ising{n: n, w: wd, s: make([]float64, n), h: make([]float64, n)}
	for i := range is.s {
		is.s[i] = 1
	}
	if s0 != nil {
		if len(s0) != n {
			return nil, fmt.Errorf("mcmc: NewIsing: %d initial spins for %d sites: %w", len(s0), n, ErrShape)
		}
		for i, v := range s0 {
			if v != 1 && v != -1 {
				return nil, fmt.Errorf("mcmc: NewIsing: spin %d is %d, want ±1: %w", i, v, ErrParam)
			}
			is.s[i] = float64(v)
		}
	}
	is.refresh()
	return is, nil
}

func (is *Ising) refresh() {
	e := 0.0
	for i := 0; i < is.n; i++ {
		h := 0.0
		row := is.w[i*is.n : (i+1)*is.n]
		for j, v := range row {
			h += v * is.s[j]
		}
		is.h[i] = h
		e -= 0.5 * is.s[i] * h
	}
	is.energy = e
}

// N returns the number of spins (0 for a nil or zero Ising: use NewIsing).
func (is *Ising) N() int {
	if is == nil {
		return 0
	}
	return is.n
}

// Spins returns a copy of the current configuration.
func (is *Ising) Spins() []int {
	if is == nil {
		return nil
	}
	out := make([]int, is.n)
	for i, v := range is.s {
		out[i] = int(v)
	}
	return out
}

// Energy returns E(s) of the current configuration.
func (is *Ising) Energy() float64 {
	if is == nil {
		return 0
	}
	return is.energy
}

// FlipDelta returns ΔE_k = E(s with s_k flipped) − E(s) = 2 s_k Σ_{j≠k} W_kj s_j. O(1).
func (is *Ising) FlipDelta(k int) (float64, error) {
	if k < 0 || k >= is.N() {
		return 0, fmt.Errorf("mcmc: Ising.FlipDelta: spin %d of %d: %w", k, is.N(), ErrParam)
	}
	return is.flipDelta(k), nil
}

// Flip flips spin k and updates the local fields. O(N).
func (is *Ising) Flip(k int) error {
	if k < 0 || k >= is.N() {
		return fmt.Errorf("mcmc: Ising.Flip: spin %d of %d: %w", k, is.N(), ErrParam)
	}
	is.flip(k)
	return nil
}

func (is *Ising) flipDelta(k int) float64 { return 2 * is.s[k] * is.h[k] }

func (is *Ising) flip(k int) {
	is.energy += is.flipDelta(k)
	is.s[k] = -is.s[k]
	d := 2 * is.s[k]
	for i := 0; i < is.n; i++ {
		is.h[i] += d * is.w[i*is.n+k]
	}
}

// Cost, Propose, Accept and RecordBest make Ising an annealable System. System has no error
// results: on a nil or zero Ising (or with a nil rng) they do nothing and report 0.
func (is *Ising) Cost() float64 { return is.Energy() }

// Propose picks a uniformly random spin and returns the energy change of flipping it.
func (is *Ising) Propose(rng *rand.Rand) float64 {
	if is.N() == 0 || rng == nil {
		return 0
	}
	is.next = rng.IntN(is.n)
	is.proposed = true
	return is.flipDelta(is.next)
}

// Accept flips the spin last proposed.
func (is *Ising) Accept() {
	if is != nil && is.proposed {
		is.flip(is.next)
		is.proposed = false
	}
}

// RecordBest copies the current configuration into Best.
func (is *Ising) RecordBest() {
	if is != nil {
		is.Best = is.Spins()
	}
}

// isingEnergyBits returns E(s) = −½ Σ_{i≠j} W_ij s_i s_j for the configuration encoded by the bits
// of state (bit i set ⇔ s_i = +1), the encoding used by IsingExact. O(N²).
func isingEnergyBits(w []float64, n int, state int) float64 {
	e := 0.0
	for i := 0; i < n; i++ {
		si := float64(2*((state>>i)&1) - 1)
		for j := i + 1; j < n; j++ {
			sj := float64(2*((state>>j)&1) - 1)
			e -= w[i*n+j] * si * sj
		}
	}
	return e
}

// maxExactSpins bounds exact enumeration (2^N states).
const maxExactSpins = 24

// IsingExact enumerates the Gibbs distribution P(s) = e^{−βE(s)}/Z of all 2^N configurations
// (state index: bit i set ⇔ s_i = +1) at inverse temperature beta = 1/T: the exact reference for the
// samplers and for mean-field annealing. N ≤ 24. Cost O(2^N·N²).
func IsingExact(w mat.Matrix, beta float64) (*Exact, error) {
	wd, n, err := checkCouplings("IsingExact", w)
	if err != nil {
		return nil, err
	}
	if n > maxExactSpins {
		return nil, fmt.Errorf("mcmc: IsingExact: %d spins are too many to enumerate (max %d): %w", n, maxExactSpins, ErrTooLarge)
	}
	if !(beta > 0) || math.IsInf(beta, 0) {
		return nil, fmt.Errorf("mcmc: IsingExact: β = %g: %w", beta, ErrParam)
	}
	return Enumerate(1<<n, func(s int) float64 { return isingEnergyBits(wd, n, s) }, 1/beta)
}

// GroundState returns a configuration of minimum energy and that energy, by visiting all 2^N
// configurations in Gray-code order (one flip, O(N), per step). N ≤ 24. Cost O(2^N·N).
func GroundState(w mat.Matrix) (float64, []int, error) {
	_, n, err := checkCouplings("GroundState", w)
	if err != nil {
		return 0, nil, err
	}
	if n > maxExactSpins {
		return 0, nil, fmt.Errorf("mcmc: GroundState: %d spins are too many to enumerate (max %d): %w", n, maxExactSpins, ErrTooLarge)
	}
	s0 := make([]int, n)
	for i := range s0 {
		s0[i] = -1
	}
	is, _ := NewIsing(w, s0)
	best, bestS := is.Energy(), is.Spins()
	for g := 1; g < 1<<n; g++ {
		is.flip(bits.TrailingZeros(uint(g)))
		if e := is.Energy(); e < best-1e-12*math.Max(1, math.Abs(best)) {
			best, bestS = e, is.Spins()
		}
	}
	return best, bestS, nil
}

// CriticalBeta returns the inverse temperature β_c = 1/λ_max(W) at which the paramagnetic
// solution m = 0 of the mean-field equations m = tanh(βWm) becomes unstable (linearise:
// m = βWm). The notes give no critical temperature; T_c = λ_max, e.g. (N−1)J for a fully
// connected ferromagnet and 4 for the 2-D nearest-neighbour lattice (Onsager's exact value is
// 2.269). The eigenvalues are those of W/2^e with 2^e the power of two just above max|W_ij|
// (an exact scaling; LAPACK panics on tiny couplings such as 1e-300), scaled back. It fails
// with ErrParam when λ_max ≤ 0 (no transition) and with ErrNotFinite when 1/λ_max overflows
// (couplings below about 1e-308). Cost O(N³).
func CriticalBeta(w mat.Matrix) (float64, error) {
	wd, n, err := checkCouplings("CriticalBeta", w)
	if err != nil {
		return 0, err
	}
	scale := 0.0
	for _, v := range wd {
		scale = math.Max(scale, math.Abs(v))
	}
	lmax := 0.0
	if scale > 0 {
		_, e := math.Frexp(scale)
		scale = math.Ldexp(1, e) // a power of two: the scaling is exact
		scaled := make([]float64, len(wd))
		for i, v := range wd {
			scaled[i] = v / scale
		}
		var eig mat.EigenSym
		if !eig.Factorize(mat.NewSymDense(n, scaled), false) {
			return 0, fmt.Errorf("mcmc: CriticalBeta: eigenvalues of W did not converge: %w", ErrParam)
		}
		vals := eig.Values(nil)
		lmax = vals[len(vals)-1] * scale
	}
	if !(lmax > 0) {
		return 0, fmt.Errorf("mcmc: CriticalBeta: λ_max(W) = %g ≤ 0, no mean-field transition: %w", lmax, ErrParam)
	}
	if b := 1 / lmax; !math.IsInf(b, 0) {
		return b, nil
	}
	return 0, fmt.Errorf("mcmc: CriticalBeta: λ_max(W) = %g, β_c = 1/λ_max overflows float64 (rescale W): %w", lmax, ErrNotFinite)
}

// GlauberFrequencies runs the heat-bath chain of §3.2 at the fixed inverse temperature
// beta = 1/T (pick a spin uniformly, flip it with probability GlauberProb(β, ΔE)) for steps
// steps from all spins +1 and returns the fraction of steps spent in each of the 2^N states
// (bit i set ⇔ s_i = +1). By detailed balance the frequencies converge to the Gibbs
// distribution of IsingExact. N ≤ 20, steps ≤ MaxSteps.
// Cost O(steps·N).
func GlauberFrequencies(w mat.Matrix, beta float64, steps int, seed uint64) ([]float64, error) {
	is, err := NewIsing(w, nil)
	if err != nil {
		return nil, err
	}
	if is.n > 20 || steps < 1 {
		return nil, fmt.Errorf("mcmc: GlauberFrequencies: need N ≤ 20 spins and steps ≥ 1, got %d and %d: %w", is.n, steps, ErrParam)
	}
	if steps > MaxSteps {
		return nil, fmt.Errorf("mcmc: GlauberFrequencies: steps = %d, limit %d: %w", steps, MaxSteps, ErrTooLarge)
	}
	if !(beta >= 0) || math.IsInf(beta, 0) {
		return nil, fmt.Errorf("mcmc: GlauberFrequencies: β = %g: %w", beta, ErrParam)
	}
	rng := rand.New(rand.NewPCG(seed, 0x676c6175))
	freq := make([]float64, 1<<is.n)
	state := 1<<is.n - 1
	for t := 0; t < steps; t++ {
		k := rng.IntN(is.n)
		if rng.Float64() < GlauberProb(beta, is.flipDelta(k)) {
			is.flip(k)
			state ^= 1 << k
		}
		freq[state]++
	}
	for i := range freq {
		freq[i] /= float64(steps)
	}
	return freq, nil
}
