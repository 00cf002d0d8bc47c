package ica

import (
	"errors"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// Bad input to the helpers is an error naming the argument, never a panic or NaN.
func TestHelpersRejectBadInput(t *testing.T) {
	sq := mat.NewDense(2, 2, []float64{1, 2, 3, 4})
	for _, c := range []struct {
		name string
		err  error
		want error
		text string
	}{
		{"AmariIndex(typed nil)", second(AmariIndex((*mat.Dense)(nil))), ErrEmpty, "ica: AmariIndex: P is nil"},
		{"Match(nil, x)", second(Match(nil, sq)), ErrEmpty, "ica: Match: est is nil"},
		{"Result{}.Amari", second((&Result{}).Amari(sq)), ErrNotFitted, "no unmixing matrix"},
		{"Symmetrize(2×3)", second(Symmetrize(mat.NewDense(2, 3, nil))), ErrShape, "C is 2×3, want square"},
		{"OffDiagonal(1e308)", second(OffDiagonal(mat.NewDense(2, 2, []float64{0, 1e308, 1e308, 0}))), ErrNotFinite, "overflows"},
		{"Apply(nil)", second((*Matching)(nil).Apply(sq)), ErrNotFitted, "no matching"},
		{"Apply(bad Perm)", second((&Matching{Perm: []int{0, 0}, Sign: []float64{1, 1}}).Apply(sq)), ErrParam, "Perm[1] = 0"},
		{"Kurt(1e308)", second(Kurt([]float64{1e308, -1e308, 0, 0})), ErrNotFinite, "fourth cumulant overflows"},
		{"JacobiJointDiag(nil element)", second2(JacobiJointDiag{}.Run([]*mat.Dense{nil})), ErrEmpty, "C0 is nil"},
	} {
		if !errors.Is(c.err, c.want) || !strings.Contains(c.err.Error(), c.text) {
			t.Errorf("%s: %v; want %v containing %q", c.name, c.err, c.want, c.text)
		}
	}
	// Excess kurtosis is scale-free, so huge values still give the right answer.
	if k, err := ExcessKurt([]float64{1e308, -1e308, 1e308, -1e308}); err != nil || math.Abs(k+2) > 1e-12 {
		t.Errorf("ExcessKurt(±1e308) = %v, %v; want −2", k, err)
	}
	if g, g1, g2 := Kurtosis.Eval(1, 1e308); g != math.MaxFloat64 || g1 != math.MaxFloat64 || g2 != math.MaxFloat64 {
		t.Errorf("Kurtosis.Eval(1e308) = %v, %v, %v; want saturation", g, g1, g2)
	}
}

func second[T any](_ T, err error) error          { return err }
func second2[T, U any](_ T, _ U, err error) error { return err }
