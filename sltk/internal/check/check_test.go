package check

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

func TestMatrix(t *testing.T) {
	var nilDense *mat.Dense
	bad := mat.NewDense(2, 3, []float64{1, 2, 3, 4, math.Inf(-1), math.NaN()})
	for _, tc := range []struct {
		name  string
		x     mat.Matrix
		fault Fault
		msg   string
	}{
		{"nil", nil, Nil, "x is nil: empty input"},
		{"nil dense", nilDense, Nil, "x is nil: empty input"},
		{"empty", &mat.Dense{}, Empty, "x is empty (0×0): empty input"},
		{"first non-finite, dense", bad, NotFinite, "x[1,1] = -Inf: value is not finite"},
		{"first non-finite, transposed", bad.T(), NotFinite, "x[1,1] = -Inf: value is not finite"},
		{"finite", mat.NewDense(2, 2, []float64{1, 2, 3, 4}), 0, ""},
	} {
		n, d, err := Matrix("x", tc.x)
		if tc.fault == 0 {
			if err != nil || n != 2 || d != 2 {
				t.Errorf("%s: got %d×%d, %v", tc.name, n, d, err)
			}
			continue
		}
		if err == nil || err.Fault != tc.fault || err.Error() != tc.msg {
			t.Errorf("%s: got %v, want fault %d %q", tc.name, err, tc.fault, tc.msg)
		}
	}
}

func TestRowsSharesContiguousAndCopiesViews(t *testing.T) {
	x := mat.NewDense(3, 2, []float64{1, 2, 3, 4, 5, 6})
	data, n, d, err := Rows("x", x)
	if err != nil || n != 3 || d != 2 || &data[0] != &x.RawMatrix().Data[0] {
		t.Fatalf("contiguous matrix: n=%d d=%d err=%v, want the backing array", n, d, err)
	}
	view := x.Slice(0, 3, 1, 2)
	data, n, d, err = Rows("x", view)
	if err != nil || n != 3 || d != 1 || data[0] != 2 || data[2] != 6 {
		t.Fatalf("view: %v n=%d d=%d err=%v", data, n, d, err)
	}
	if _, _, _, err := Rows("x", (*mat.Dense)(nil)); err == nil || err.Fault != Nil {
		t.Fatalf("typed nil: err = %v", err)
	}
}

func TestErrorUnwrapsToSentinel(t *testing.T) {
	_, _, err := Matrix("x", mat.NewDense(1, 1, []float64{math.NaN()}))
	if !errors.Is(err, errs.ErrNotFinite) {
		t.Fatalf("NaN: %v does not wrap errs.ErrNotFinite", err)
	}
	_, _, err = Matrix("x", (*mat.Dense)(nil))
	if !errors.Is(err, errs.ErrEmpty) {
		t.Fatalf("nil: %v does not wrap errs.ErrEmpty", err)
	}
}

func TestSentinel(t *testing.T) {
	if s := Sentinel(fmt.Errorf("pkg: K = 0: %w", errs.ErrParam)); s != errs.ErrParam {
		t.Errorf("got %v, want errs.ErrParam", s)
	}
	if s := Sentinel(errors.New("plain")); s != nil {
		t.Errorf("plain error: got %v, want nil", s)
	}
}

func TestTypedNil(t *testing.T) {
	for _, x := range []mat.Matrix{(*mat.Dense)(nil), (*mat.SymDense)(nil), (*mat.VecDense)(nil), (*mat.TriDense)(nil)} {
		if _, _, err := Matrix("x", x); err == nil || err.Fault != Nil {
			t.Errorf("%T(nil): %v", x, err)
		}
	}
}
