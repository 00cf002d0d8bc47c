package synth

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// fixed is a Series that returns the same slice every time.
type fixed []float64

func (f fixed) Generate() ([]float64, error) { return f, nil }

// Column j of a Stack is, bit for bit, what series j generates alone; a prefix of the Stack
// gives the first columns; Wave is column 0 of Sources with the same fields.
func TestStackColumns(t *testing.T) {
	const n = 500
	st := Stack{AR{N: n, Rho: 0.9, Seed: 10}, MA{N: n, Theta: 1, Seed: 13},
		Wave{N: n, Kind: Sine, Period: 37}, Speech{N: n, Seed: 4}}
	s, err := st.Generate()
	if err != nil {
		t.Fatal(err)
	}
	if r, c := s.Dims(); r != n || c != len(st) {
		t.Fatalf("Stack is %d×%d, want %d×%d", r, c, n, len(st))
	}
	for j, g := range st {
		v, _ := g.Generate()
		for i := range n {
			if s.At(i, j) != v[i] {
				t.Fatalf("column %d row %d = %v, series alone gives %v", j, i, s.At(i, j), v[i])
			}
		}
	}
	two, _ := st[:2].Generate()
	if !mat.Equal(two, s.Slice(0, n, 0, 2)) {
		t.Error("st[:2] differs from the first two columns of st")
	}
	src, _ := Sources{N: n, Kinds: []Source{Square}, Period: 20, Seed: 7}.Generate()
	w, _ := Wave{N: n, Kind: Square, Period: 20, Seed: 7}.Generate()
	if !mat.Equal(src, mat.NewDense(n, 1, w)) {
		t.Error("Wave differs from column 0 of Sources")
	}
	mean, sd := stat.PopMeanStdDev(w, nil)
	if math.Abs(mean) > 1e-12 || math.Abs(sd-1) > 1e-12 {
		t.Errorf("Wave mean %v, sd %v, want 0 and 1", mean, sd)
	}
}

func TestStackBadInput(t *testing.T) {
	big := make(fixed, 1<<20)
	many := make(Stack, MaxEntries/len(big)+1)
	for j := range many {
		many[j] = big
	}
	cases := []struct {
		name string
		st   Stack
		want error
	}{
		{"empty", Stack{}, ErrEmpty},
		{"nil stack", nil, ErrEmpty},
		{"nil series", Stack{fixed{1, 2}, nil}, ErrParam},
		{"lengths differ", Stack{fixed{1, 2, 3}, fixed{1, 2}}, ErrShape},
		{"empty series", Stack{fixed{}}, ErrEmpty},
		{"NaN", Stack{fixed{1, math.NaN()}}, ErrNotFinite},
		{"Inf in second", Stack{fixed{1, 2}, fixed{math.Inf(1), 0}}, ErrNotFinite},
		{"bad AR", Stack{AR{N: 10, Rho: 1}}, ErrParam},
		{"bad Wave", Stack{Wave{N: 10, Kind: Source(99)}}, ErrParam},
		{"too many entries", many, ErrTooLarge},
	}
	for _, c := range cases {
		if _, err := c.st.Generate(); !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
	if _, err := (Wave{N: 1, Kind: Sine}).Generate(); !errors.Is(err, ErrParam) {
		t.Errorf("Wave N = 1: err = %v, want ErrParam", err)
	}
}
