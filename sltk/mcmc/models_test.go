package mcmc

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestCouplingBuilders(t *testing.T) {
	w, err := SpinGlass(16, 3)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := SpinGlass(16, 3)
	if !mat.Equal(w, again) {
		t.Error("SpinGlass: same seed, different couplings")
	}
	if _, err := NewIsing(w, nil); err != nil {
		t.Errorf("SpinGlass couplings rejected: %v", err)
	}
	// Variance of the N(0, 1/N) couplings over a large glass.
	big, _ := SpinGlass(400, 1)
	ss, cnt := 0.0, 0
	for i := 0; i < 400; i++ {
		for j := i + 1; j < 400; j++ {
			ss += big.At(i, j) * big.At(i, j)
			cnt++
		}
	}
	if v := ss / float64(cnt) * 400; math.Abs(v-1) > 0.02 {
		t.Errorf("SpinGlass: N·Var W = %.4f, want 1", v)
	}
	f, _ := Ferromagnet(20, 0.1)
	bc, _ := CriticalBeta(f)
	if math.Abs(bc-1/(19*0.1)) > 1e-12 {
		t.Errorf("Ferromagnet: β_c = %g, want 1/1.9", bc)
	}
	l, _ := Lattice(8, 1)
	lb, _ := CriticalBeta(l)
	if math.Abs(1/lb-4) > 1e-12 {
		t.Errorf("Lattice: T_c = %g, want 4", 1/lb)
	}
	for i := 0; i < 64; i++ {
		if s := mat.Sum(l.RowView(i)); s != 4 {
			t.Errorf("Lattice: spin %d has %g neighbours, want 4", i, s)
		}
	}
}

func TestCouplingBuildersBadInput(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
		want error
	}{
		{"SpinGlass n=0", second(SpinGlass(0, 1)), ErrParam},
		{"SpinGlass huge", second(SpinGlass(MaxSpins+1, 1)), ErrTooLarge},
		{"Ferromagnet NaN", second(Ferromagnet(4, math.NaN())), ErrNotFinite},
		{"Ferromagnet n<0", second(Ferromagnet(-1, 1)), ErrParam},
		{"Lattice side 2", second(Lattice(2, 1)), ErrParam},
		{"Lattice huge", second(Lattice(65, 1)), ErrTooLarge},
		{"Lattice Inf", second(Lattice(4, math.Inf(1))), ErrNotFinite},
		{"CurieWeiss negative", second(CurieWeiss(-1)), ErrParam},
		{"CurieWeiss NaN", second(CurieWeiss(math.NaN())), ErrParam},
	} {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: error %v, want %v", c.name, c.err, c.want)
		}
	}
}

func second[T any](_ T, err error) error { return err }

func TestCurieWeiss(t *testing.T) {
	// Reference roots of m = tanh(cm) from the lecture catalog (computed independently).
	for _, c := range []struct{ c, m float64 }{
		{0, 0}, {0.5, 0}, {1, 0}, {1.5, 0.8585596366}, {2, 0.9575040241}, {3, 0.9949015285},
	} {
		m, err := CurieWeiss(c.c)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(m-c.m) > 1e-9 {
			t.Errorf("CurieWeiss(%g) = %.10f, want %.10f", c.c, m, c.m)
		}
		if math.Abs(m-math.Tanh(c.c*m)) > 1e-15 {
			t.Errorf("CurieWeiss(%g): residual %g", c.c, m-math.Tanh(c.c*m))
		}
	}
	// Near the transition m ≈ √(3(c−1)) (expand tanh to third order).
	m, _ := CurieWeiss(1.0001)
	if want := math.Sqrt(3 * 0.0001); math.Abs(m-want)/want > 1e-3 {
		t.Errorf("CurieWeiss(1.0001) = %g, want ≈ %g", m, want)
	}
}

func ExampleCurieWeiss() {
	for _, c := range []float64{0.5, 1.5, 3} {
		m, _ := CurieWeiss(c)
		fmt.Printf("c = %.1f: m = %.4f\n", c, m)
	}
	// Output:
	// c = 0.5: m = 0.0000
	// c = 1.5: m = 0.8586
	// c = 3.0: m = 0.9949
}

func ExampleSpinGlass() {
	w, _ := SpinGlass(12, 7)
	e0, _, _ := GroundState(w)
	mf, _ := MeanField{Seed: 1}.Run(w)
	fmt.Println(mf.Energy >= e0)
	// Output: true
}
