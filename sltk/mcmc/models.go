package mcmc

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// MaxSpins is the most spins the coupling builders SpinGlass, Ferromagnet and Lattice create
// (an N×N matrix; ErrTooLarge beyond).
const MaxSpins = 4096

func spinCount(fn string, n int) error {
	if n < 1 {
		return fmt.Errorf("mcmc: %s: %d spins, want ≥ 1: %w", fn, n, ErrParam)
	}
	return check.Size("mcmc: "+fn, "spins", n, MaxSpins)
}

// SpinGlass returns the couplings of a Sherrington–Kirkpatrick spin glass with n spins:
// W_ij = W_ji drawn from N(0, 1/n) for i < j, zero diagonal. The signs of the couplings
// disagree around many loops (frustration), so the energy landscape E(s) = −½ Σ W_ij s_i s_j
// has many local minima: the standard test bed for simulated and mean-field annealing. The
// same seed gives the same matrix. Cost O(n²).
func SpinGlass(n int, seed uint64) (*mat.Dense, error) {
	if err := spinCount("SpinGlass", n); err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, 99))
	w := mat.NewDense(n, n, nil)
	sd := 1 / math.Sqrt(float64(n))
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			v := rng.NormFloat64() * sd
			w.Set(i, j, v)
			w.Set(j, i, v)
		}
	}
	return w, nil
}

// Ferromagnet returns the couplings of the fully connected (Curie–Weiss) ferromagnet with n
// spins: W_ij = j for every i ≠ j, zero diagonal. Its largest eigenvalue is (n−1)j, with the
// all-ones eigenvector, so the mean-field critical inverse temperature is β_c = 1/((n−1)j).
// Cost O(n²).
func Ferromagnet(n int, j float64) (*mat.Dense, error) {
	if err := spinCount("Ferromagnet", n); err != nil {
		return nil, err
	}
	if math.IsNaN(j) || math.IsInf(j, 0) {
		return nil, fmt.Errorf("mcmc: Ferromagnet: coupling J = %g: %w", j, ErrNotFinite)
	}
	w := mat.NewDense(n, n, nil)
	for a := 0; a < n; a++ {
		for b := 0; b < n; b++ {
			if a != b {
				w.Set(a, b, j)
			}
		}
	}
	return w, nil
}

// Lattice returns the couplings of a side×side square lattice with periodic boundaries
// (a torus): W_ij = j when spins i and j are nearest neighbours, 0 otherwise. Spin r·side+c
// sits in row r, column c. Every spin has four neighbours, so for j > 0 the largest eigenvalue
// is 4j and the mean-field critical temperature is T_c = 4j (Onsager's exact value for the
// infinite lattice is 2j/ln(1+√2) ≈ 2.269j). side ≥ 3, so that the four neighbours differ.
// Cost O(side⁴) for the dense matrix.
func Lattice(side int, j float64) (*mat.Dense, error) {
	if side < 3 {
		return nil, fmt.Errorf("mcmc: Lattice: side %d, want ≥ 3: %w", side, ErrParam)
	}
	if side > MaxSpins/side {
		return nil, fmt.Errorf("mcmc: Lattice: side = %d, limit %d spins: %w", side, MaxSpins, ErrTooLarge)
	}
	if math.IsNaN(j) || math.IsInf(j, 0) {
		return nil, fmt.Errorf("mcmc: Lattice: coupling J = %g: %w", j, ErrNotFinite)
	}
	n := side * side
	w := mat.NewDense(n, n, nil)
	for r := 0; r < side; r++ {
		for c := 0; c < side; c++ {
			i := r*side + c
			for _, nb := range []int{r*side + (c+1)%side, ((r+1)%side)*side + c} {
				w.Set(i, nb, j)
				w.Set(nb, i, j)
			}
		}
	}
	return w, nil
}

// CurieWeiss returns the non-negative solution m of the mean-field equation m = tanh(c·m) of a
// ferromagnet at c = β/β_c: m = 0 for c ≤ 1, and for c > 1 the unique root in (0, 1), found by
// bisection to full precision (−m is the mirror-image solution). It is the closed-form branch
// of the pitchfork bifurcation, independent of the iteration in MeanField. c must be finite
// and ≥ 0. Cost: about 60 evaluations of tanh.
func CurieWeiss(c float64) (float64, error) {
	if !(c >= 0) || math.IsInf(c, 0) {
		return 0, fmt.Errorf("mcmc: CurieWeiss: c = %g, want finite and ≥ 0: %w", c, ErrParam)
	}
	if c <= 1 {
		return 0, nil
	}
	// g(m) = tanh(cm) − m is positive just above 0 (slope c − 1 > 0) and negative at 1.
	lo, hi := 0.0, 1.0
	for hi-lo > 0 {
		mid := lo + (hi-lo)/2
		if mid == lo || mid == hi {
			break
		}
		if math.Tanh(c*mid) > mid {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo, nil
}
