package frame_test

import (
	"bytes"
	"errors"
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/frame"
)

var sentinels = []error{
	frame.ErrEmpty, frame.ErrRagged, frame.ErrMalformed, frame.ErrColumnName,
	frame.ErrUnknownColumn, frame.ErrNotNumeric, frame.ErrMissing, frame.ErrNotFinite,
	frame.ErrLevel, frame.ErrBadFrame,
}

// FuzzCSVToMatrix feeds arbitrary bytes through ReadCSV (with and without
// NoHeader) and Matrix (all columns). It must never panic; it must either fail with one of the
// package's sentinel errors, or return a matrix of the frame's shape whose
// entries are all finite.
func FuzzCSVToMatrix(f *testing.F) {
	for _, s := range []string{
		"a,b\n1,2\n3,4\n",
		"x\n-1e308\n2.5e-320\n",
		"a,b\n1,\n,2\n",
		"a,b\n1,NaN\n",
		"a,b\n1,Inf\n",
		"a\n1e400\n",
		"a,b\n\"1\",\"2\"\n",
		"a,b\n\"1\n2\",3\n",
		"a,b\n1,2,3\n",
		"a,a\n1,2\n",
		",\n1,2\n",
		"a\n",
		"",
		"\xef\xbb\xbfa\n1\n",
		"a,b\n1,x\"y\n",
		"a,b\ntrue,false\n",
		"a\nNaN\nNA\n",
		"a,b\r\n1,2\r\n",
		"NaN\n1\n",
		"1,2\r3,4\r",
		"a,b\r1,2\r\n3,4",
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, in []byte, noHeader bool) {
		var opts []frame.Option
		if noHeader {
			opts = append(opts, frame.NoHeader())
		}
		df, err := frame.ReadCSV(bytes.NewReader(in), opts...)
		if err != nil {
			checkSentinel(t, err)
			return
		}
		if df.Nrow() == 0 || df.Ncol() == 0 {
			t.Fatalf("ReadCSV returned a %d×%d frame without error", df.Nrow(), df.Ncol())
		}
		x, err := frame.Matrix(df)
		if err != nil {
			checkSentinel(t, err)
			if x != nil {
				t.Fatal("matrix returned next to an error")
			}
			return
		}
		r, c := x.Dims()
		if r != df.Nrow() || c != df.Ncol() {
			t.Fatalf("matrix %d×%d for a %d×%d frame", r, c, df.Nrow(), df.Ncol())
		}
		for i := 0; i < r; i++ {
			for j := 0; j < c; j++ {
				if v := x.At(i, j); math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("entry (%d,%d) = %v", i, j, v)
				}
			}
		}
	})
}

func checkSentinel(t *testing.T, err error) {
	t.Helper()
	for _, s := range sentinels {
		if errors.Is(err, s) {
			return
		}
	}
	t.Fatalf("error %v wraps none of the package's sentinels", err)
}
