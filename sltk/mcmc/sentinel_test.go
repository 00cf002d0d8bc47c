package mcmc

import (
	"errors"
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// wrapsSentinel reports whether err wraps one of the sentinels of package errs.
func wrapsSentinel(err error) bool { return check.Sentinel(err) != nil }

func TestSentinelsAreTheSharedOnes(t *testing.T) {
	if ErrParam != errs.ErrParam || ErrEmpty != errs.ErrEmpty || ErrNotFinite != errs.ErrNotFinite ||
		ErrShape != errs.ErrShape || ErrProb != errs.ErrProb || ErrDisconnected != errs.ErrDisconnected {
		t.Fatal("mcmc re-exports a sentinel that is not the errs one")
	}
	var nilDense *mat.Dense
	if _, err := NewIsing(nilDense, nil); !errors.Is(err, errs.ErrEmpty) {
		t.Errorf("typed-nil couplings: %v", err)
	}
	w := mat.NewDense(2, 2, []float64{0, 1, 1, 0})
	if _, err := (MeanField{Schedule: gibbs.Schedule{T0: math.Inf(1)}}).Run(w); !errors.Is(err, errs.ErrParam) {
		t.Errorf("T0 = +Inf: %v", err)
	}
}
