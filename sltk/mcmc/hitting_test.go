package mcmc

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// exactHitting solves (I − P_{−T})h = 1 over the rationals by Gauss–Jordan elimination: the
// independent reference for HittingTimes.
func exactHitting(p [][]*big.Rat, target int) []*big.Rat {
	n := len(p)
	var idx []int
	for c := range n {
		if c != target {
			idx = append(idx, c)
		}
	}
	m := len(idx)
	a := make([][]*big.Rat, m)
	for r, c := range idx {
		a[r] = make([]*big.Rat, m+1)
		for s, d := range idx {
			a[r][s] = new(big.Rat).Neg(p[c][d])
			if r == s {
				a[r][s].Add(a[r][s], big.NewRat(1, 1))
			}
		}
		a[r][m] = big.NewRat(1, 1)
	}
	for c := range m {
		piv := c
		for a[piv][c].Sign() == 0 {
			piv++
		}
		a[c], a[piv] = a[piv], a[c]
		for r := range m {
			if r == c || a[r][c].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Quo(a[r][c], a[c][c])
			for k := c; k <= m; k++ {
				a[r][k].Sub(a[r][k], new(big.Rat).Mul(f, a[c][k]))
			}
		}
	}
	h := make([]*big.Rat, n)
	h[target] = new(big.Rat)
	for r, c := range idx {
		h[c] = new(big.Rat).Quo(a[r][m], a[r][r])
	}
	return h
}

// TestHittingTimesNearlyDecomposable: with the target in the small block of two weakly coupled
// blocks, the hitting times from the other block are of order 1/eps. The LU solve lost a
// relative 5e-8 at eps = 1e-8 and 3% at eps = 1e-14 (h ≈ 1.2e15), with a nil error; the
// subtraction-free state reduction must match the exact rational solution to 1e-12 per state,
// also on both sides of one and two blocks of gthBlock states.
func TestHittingTimesNearlyDecomposable(t *testing.T) {
	for _, n := range []int{2, 4, 9, 30, gthBlock, gthBlock + 1, gthBlock + 2, 2*gthBlock + 2} {
		for _, eps := range []*big.Rat{big.NewRat(1, 100_000_000), big.NewRat(1, 100_000_000_000_000)} {
			m := max(n/2, 1)
			q, _ := twoBlocks(n, m, eps)
			p, _ := twoBlocksRat(n, m, eps)
			want := exactHitting(p, n-1)
			h, err := HittingTimes(q, []int{n - 1})
			if err != nil {
				t.Fatalf("n=%d: %v", n, err)
			}
			want[n-1] = big.NewRat(1, 1) // checkExact is relative; compare the target separately
			if h[n-1] != 0 {
				t.Fatalf("n=%d: h[target] = %v", n, h[n-1])
			}
			h[n-1] = 1
			checkExact(t, fmt.Sprintf("n=%d eps=%s", n, eps.FloatString(14)), h, want, 1e-12)
		}
	}
}

// TestHittingTimesClosedClass: a closed class without targets ({0, 1} here, and a state 3 that
// can fall into it) has infinite hitting times: ErrDisconnected, whatever the elimination order.
func TestHittingTimesClosedClass(t *testing.T) {
	p := mat.NewDense(5, 5, []float64{
		0.5, 0.5, 0, 0, 0,
		0.5, 0.5, 0, 0, 0,
		0, 0, 0.5, 0, 0.5,
		0.25, 0, 0.25, 0.25, 0.25,
		0, 0, 0, 0, 1,
	})
	for _, target := range [][]int{{4}, {2}, {4, 2}} {
		if _, err := HittingTimes(p, target); !errors.Is(err, errs.ErrDisconnected) {
			t.Errorf("targets %v: err = %v, want ErrDisconnected", target, err)
		}
	}
	// Targets {0, 4}: every other state hits them in 2 steps on average (h = 1 + h/2 for 1 and
	// 2; h₃ = 1 + h₂/4 + h₃/4).
	h, err := HittingTimes(p, []int{0, 4})
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range []float64{0, 2, 2, 2, 0} {
		if math.Abs(h[i]-w) > 1e-15 {
			t.Errorf("targets {0, 4}: h = %v, want (0, 2, 2, 2, 0)", h)
		}
	}
}

// TestHittingTimesLimit: beyond MaxStates states (an O(n³) solve) HittingTimes and Stationary
// return errs.ErrTooLarge instead of running for hours.
func TestHittingTimesLimit(t *testing.T) {
	n := MaxStates + 1
	p := mat.NewDense(n, n, nil)
	for i := range n {
		p.Set(i, (i+1)%n, 1)
	}
	if _, err := HittingTimes(p, []int{0}); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("HittingTimes: err = %v, want ErrTooLarge", err)
	}
	if _, err := Stationary(p); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("Stationary: err = %v, want ErrTooLarge", err)
	}
}
