package check

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
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

// TestRowsSquarable: the one-pass check returns what Rows followed by Squarable return (the
// same data, dimensions and messages) on contiguous matrices large enough to be split over
// cores, with faults (NaN, ±Inf, beyond ±MaxAbs, several of them in different chunks, the
// first and last entries) and without, on strided and transposed views, nil and empty input.
func TestRowsSquarable(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	const n, d = 1100, 1000 // 1.1·10⁶ entries: several chunks of squarableChunk
	faults := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 2e150, -1.5e151, math.MaxFloat64}
	edge := []float64{MaxAbs, -MaxAbs, 0, math.SmallestNonzeroFloat64}
	var nilDense *mat.Dense
	cases := []mat.Matrix{nil, nilDense, &mat.Dense{}}
	for c := range 12 {
		data := make([]float64, n*d)
		for i := range data {
			data[i] = r.NormFloat64()
		}
		for _, v := range edge {
			data[r.IntN(len(data))] = v
		}
		switch {
		case c == 1:
			data[0] = faults[r.IntN(len(faults))]
		case c == 2:
			data[len(data)-1] = faults[r.IntN(len(faults))]
		case c > 2:
			for range 1 + r.IntN(3) {
				data[r.IntN(len(data))] = faults[r.IntN(len(faults))]
			}
		}
		x := mat.NewDense(n, d, data)
		cases = append(cases, x, x.T())
		if c < 4 {
			cases = append(cases, x.Slice(1, n, 2, d))
		}
	}
	for i, x := range cases {
		data, n1, d1, rowsErr, sqErr := RowsSquarable("x", x)
		wantData, n2, d2, wantRows := Rows("x", x)
		var wantSq error
		if wantRows == nil {
			wantSq = Squarable("x", wantData, d2)
		}
		msg := func(e error) string {
			if e == nil {
				return ""
			}
			return e.Error()
		}
		rmsg := func(e *Error) string {
			if e == nil {
				return ""
			}
			return e.Error()
		}
		if n1 != n2 || d1 != d2 || rmsg(rowsErr) != rmsg(wantRows) || msg(sqErr) != msg(wantSq) {
			t.Fatalf("case %d: %d×%d %v / %v, want %d×%d %v / %v", i, n1, d1, rowsErr, sqErr, n2, d2, wantRows, wantSq)
		}
		if wantRows == nil && wantSq != nil && !errors.Is(sqErr, errs.ErrNotFinite) {
			t.Fatalf("case %d: %v does not wrap ErrNotFinite", i, sqErr)
		}
		if rowsErr == nil && (len(data) != len(wantData) || (len(data) > 0 && &data[0] != &wantData[0] && !equal(data, wantData))) {
			t.Fatalf("case %d: data differ from Rows'", i)
		}
	}
}

func equal(a, b []float64) bool {
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return len(a) == len(b)
}

// TestMatrixFirstNonFinite checks Matrix on a *mat.Dense (the branch-free, parallel scan of
// firstNonFiniteRow) against the plain entry-by-entry scan in row order: NaN, +Inf and −Inf at
// random places, several of them, in groups' first and last rows, on matrices from 1×1 to
// 40000×5 (split over the cores) and on a column slice (stride larger than the width), with
// huge, subnormal and −0 entries around them; 1 and 4 cores.
func TestMatrixFirstNonFinite(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	ref := func(x *mat.Dense) (int, int, bool) {
		n, d := x.Dims()
		for i := range n {
			for j := range d {
				if v := x.At(i, j); math.IsNaN(v) || math.IsInf(v, 0) {
					return i, j, true
				}
			}
		}
		return 0, 0, false
	}
	bad := []float64{math.NaN(), math.Inf(1), math.Inf(-1)}
	odd := []float64{math.MaxFloat64, -math.MaxFloat64, 5e-324, math.Copysign(0, -1)}
	for _, procs := range []int{1, 4} {
		prev := runtime.GOMAXPROCS(procs)
		for trial := range 300 {
			n := []int{1, 2, 63, 64, 65, 129, 1000, 40000}[trial%8]
			d := []int{1, 3, 4, 5, 8, 17}[trial%6]
			x := mat.NewDense(n, d+2, nil)
			for i := range n {
				for j := range d + 2 {
					x.Set(i, j, rng.NormFloat64()*1e3)
					if rng.IntN(50) == 0 {
						x.Set(i, j, odd[rng.IntN(len(odd))])
					}
				}
			}
			for range rng.IntN(4) {
				i := rng.IntN(n)
				switch rng.IntN(3) {
				case 0:
					i = i / finiteRows * finiteRows
				case 1:
					i = min(n-1, i/finiteRows*finiteRows+finiteRows-1)
				}
				x.Set(i, rng.IntN(d+2), bad[rng.IntN(len(bad))])
			}
			for _, m := range []*mat.Dense{x, x.Slice(0, n, 1, d+1).(*mat.Dense)} {
				wi, wj, wantBad := ref(m)
				_, _, err := Matrix("x", m)
				switch {
				case wantBad && (err == nil || err.Fault != NotFinite || err.I != wi || err.J != wj):
					t.Fatalf("procs %d trial %d (%d×%d): err %v, want fault at [%d,%d]", procs, trial, n, d, err, wi, wj)
				case !wantBad && err != nil:
					t.Fatalf("procs %d trial %d: err %v on a finite matrix", procs, trial, err)
				}
			}
		}
		runtime.GOMAXPROCS(prev)
	}
}
