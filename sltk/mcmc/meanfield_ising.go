package mcmc

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// OnsagerTc is the exact critical temperature 2/ln(1 + √2) ≈ 2.269 of the infinite 2-D square
// Ising lattice with nearest-neighbour coupling J = 1 (Onsager 1944); mean-field theory puts it
// at 4 (Lattice).
var OnsagerTc = 2 / math.Log(1+math.Sqrt2)

// OnsagerMagnetisation returns the exact spontaneous magnetisation of the infinite 2-D square
// Ising lattice with J = 1 at temperature t (Onsager–Yang): (1 − sinh(2/t)⁻⁴)^{1/8} below
// OnsagerTc and 0 above. t must be finite and > 0.
func OnsagerMagnetisation(t float64) (float64, error) {
	if !(t > 0) || math.IsInf(t, 0) {
		return 0, fmt.Errorf("mcmc: OnsagerMagnetisation: T = %g, want finite and > 0: %w", t, ErrParam)
	}
	if t >= OnsagerTc {
		return 0, nil
	}
	s := math.Sinh(2 / t)
	return math.Pow(1-math.Pow(s, -4), 0.125), nil
}

// CurieWeissSolution is the infinite-range (Curie–Weiss) ferromagnet with N spins and couplings
// W_ij = J/N at temperature T, solved exactly and in mean field.
type CurieWeissSolution struct {
	F     float64 // exact free energy −T ln Z
	AbsM  float64 // exact ⟨|Σ_i s_i|⟩/N
	MeanE float64 // exact ⟨E⟩
	VarE  float64 // exact Var E (heat capacity × T²)
	FMF   float64 // mean-field free energy F_Q at the stable solution (≥ F)
	MMF   float64 // mean-field magnetisation m ≥ 0 (the solution of m = tanh(J(N−1)m/(N T)))
}

// MaxCurieWeiss is the most spins CurieWeissExact sums over.
const MaxCurieWeiss = 1 << 24

// CurieWeissExact solves the Curie–Weiss ferromagnet E(s) = −(J/N) Σ_{i<j} s_i s_j with n
// spins at temperature t. The energy depends on s only through M = Σ_i s_i, E = −J(M² − N)/(2N),
// and C(N, d) configurations have d spins down, so Z is a sum of N + 1 terms (log-sum-exp).
// The mean-field solution is uniform, m = tanh(λm/T) with λ = J(N−1)/N the largest eigenvalue
// of W (CurieWeiss), and F_Q = −λNm²/2 − T·N·H₂(m) with H₂ the entropy of a ±1 spin of mean m.
// As N grows F_Q/N − F/N = O(ln N / N): the mean field is exact in the infinite-range limit.
// n in [1, MaxCurieWeiss], j ≥ 0 and t > 0 finite. Cost O(N).
func CurieWeissExact(n int, j, t float64) (*CurieWeissSolution, error) {
	switch {
	case n < 1 || n > MaxCurieWeiss:
		return nil, fmt.Errorf("mcmc: CurieWeissExact: n = %d spins, want in [1, %d]: %w", n, MaxCurieWeiss, ErrParam)
	case !(j >= 0) || math.IsInf(j, 0):
		return nil, fmt.Errorf("mcmc: CurieWeissExact: J = %g, want finite and ≥ 0: %w", j, ErrParam)
	case !(t > 0) || math.IsInf(t, 0):
		return nil, fmt.Errorf("mcmc: CurieWeissExact: T = %g, want finite and > 0: %w", t, ErrParam)
	}
	nf := float64(n)
	energy := func(d int) float64 {
		m := nf - 2*float64(d)
		return -j * (m*m - nf) / (2 * nf)
	}
	logw := make([]float64, n+1)
	lmax := math.Inf(-1)
	lgN, _ := math.Lgamma(nf + 1)
	for d := 0; d <= n; d++ {
		a, _ := math.Lgamma(float64(d) + 1)
		b, _ := math.Lgamma(nf - float64(d) + 1)
		logw[d] = lgN - a - b - energy(d)/t
		lmax = math.Max(lmax, logw[d])
	}
	z, em, mm := 0.0, 0.0, 0.0
	for d, l := range logw {
		p := math.Exp(l - lmax)
		z += p
		em += p * energy(d)
		mm += p * math.Abs(nf-2*float64(d))
	}
	em, mm = em/z, mm/(z*nf)
	ve := 0.0
	for d, l := range logw {
		u := energy(d) - em
		ve += math.Exp(l-lmax) * u * u
	}
	sol := &CurieWeissSolution{F: -t * (lmax + math.Log(z)), AbsM: mm, MeanE: em, VarE: ve / z}
	lam := j * (nf - 1) / nf
	if lam > 0 {
		sol.MMF, _ = CurieWeiss(lam / t)
	}
	m := sol.MMF
	h2 := -xlogx((1+m)/2) - xlogx((1-m)/2)
	sol.FMF = -lam*nf*m*m/2 - t*nf*h2
	if bad := sol.F + sol.VarE + sol.FMF + sol.MeanE; math.IsInf(bad, 0) || math.IsNaN(bad) {
		return nil, fmt.Errorf("mcmc: CurieWeissExact: F = %g, F_Q = %g, Var E = %g at T = %g: %w", sol.F, sol.FMF, sol.VarE, t, ErrNotFinite)
	}
	return sol, nil
}

// IsingSample is the outcome of IsingMetropolis: averages over the sweeps after burn-in.
type IsingSample struct {
	AbsM   float64 // ⟨|Σ_i s_i|⟩/N
	Energy float64 // ⟨E⟩
}

// IsingMetropolis samples the Gibbs distribution of the Ising couplings w at temperature t by
// the Metropolis chain (pick a spin uniformly, flip it with probability min(1, e^{−ΔE/T})) from
// all spins +1, for sweeps sweeps of N proposals, and averages |m| and E, measured after each
// sweep, over the last three quarters of them (the first quarter is burn-in). It is the
// reference for systems too large to enumerate. sweeps ≥ 4, sweeps·N ≤ MaxSteps.
// Cost O(sweeps·N·N) on the dense couplings (a flip updates N local fields).
func IsingMetropolis(w mat.Matrix, t float64, sweeps int, seed uint64) (*IsingSample, error) {
	is, err := NewIsing(w, nil)
	if err != nil {
		return nil, err
	}
	n := is.n
	switch {
	case !(t > 0) || math.IsInf(t, 0):
		return nil, fmt.Errorf("mcmc: IsingMetropolis: T = %g, want finite and > 0: %w", t, ErrParam)
	case sweeps < 4:
		return nil, fmt.Errorf("mcmc: IsingMetropolis: sweeps = %d, want ≥ 4: %w", sweeps, ErrParam)
	case float64(sweeps)*float64(n) > MaxSteps:
		return nil, fmt.Errorf("mcmc: IsingMetropolis: sweeps × N = %d × %d, limit %d: %w", sweeps, n, MaxSteps, ErrTooLarge)
	}
	rng := rand.New(rand.NewPCG(seed, 0x6d657472))
	mag := float64(n)
	var sm, se float64
	burn := sweeps / 4
	for sw := range sweeps {
		for range n {
			k := rng.IntN(n)
			de := is.flipDelta(k)
			if de <= 0 || rng.Float64() < math.Exp(-de/t) {
				mag -= 2 * is.s[k]
				is.flip(k)
			}
		}
		if sw >= burn {
			sm += math.Abs(mag) / float64(n)
			se += is.energy
		}
	}
	cnt := float64(sweeps - burn)
	return &IsingSample{AbsM: sm / cnt, Energy: se / cnt}, nil
}

// IsingAbsMagnetisation returns the exact ⟨|Σ_i s_i|⟩/N of the Ising couplings w at temperature
// t by enumerating the 2^N states (IsingExact; N ≤ 24). Cost O(2^N·N²).
func IsingAbsMagnetisation(w mat.Matrix, t float64) (float64, error) {
	if !(t > 0) || math.IsInf(t, 0) {
		return 0, fmt.Errorf("mcmc: IsingAbsMagnetisation: T = %g, want finite and > 0: %w", t, ErrParam)
	}
	ex, err := IsingExact(w, 1/t)
	if err != nil {
		return 0, err
	}
	n, _ := w.Dims()
	m := 0.0
	for s, p := range ex.P {
		up := 0
		for x := s; x != 0; x &= x - 1 {
			up++
		}
		m += p * math.Abs(float64(2*up-n))
	}
	return m / float64(n), nil
}

// IsingCurve is ⟨|m|⟩ of one coupling matrix along a list of temperatures (IsingCurves).
type IsingCurve struct {
	T          []float64 // the temperatures, in the order given
	Metropolis []float64 // IsingMetropolis estimate at each T
	Exact      []float64 // enumeration (IsingAbsMagnetisation) at each T; nil when N > 24
}

// IsingCurves computes the magnetisation curve ⟨|m|⟩(T) of the Ising couplings w at every
// temperature of temps: the Metropolis estimate (IsingMetropolis with sweeps and seed, the
// same seed at every temperature) and, when the N spins are few enough to enumerate (N ≤ 24),
// the exact value beside it. A chapter that compares a sampler with enumeration over a range
// of temperatures calls it once instead of looping over both. Errors as IsingMetropolis and
// IsingAbsMagnetisation, for the first temperature that fails; an empty temps is ErrEmpty.
// Cost per temperature O(sweeps·N²), plus O(2^N·N²) with Exact.
func IsingCurves(w mat.Matrix, temps []float64, sweeps int, seed uint64) (*IsingCurve, error) {
	if len(temps) == 0 {
		return nil, fmt.Errorf("mcmc: IsingCurves: no temperatures: %w", ErrEmpty)
	}
	c := &IsingCurve{T: slices.Clone(temps)}
	for _, t := range temps {
		s, err := IsingMetropolis(w, t, sweeps, seed) // checks w before w.Dims below
		if err != nil {
			return nil, err
		}
		c.Metropolis = append(c.Metropolis, s.AbsM)
		if n, _ := w.Dims(); n > maxExactSpins {
			continue
		}
		m, err := IsingAbsMagnetisation(w, t)
		if err != nil {
			return nil, err
		}
		c.Exact = append(c.Exact, m)
	}
	return c, nil
}
