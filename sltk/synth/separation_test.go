package synth

import (
	"errors"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestSeparation(t *testing.T) {
	sp := Separation{N: 500, Kinds: []Source{Laplace, Voice, Uniform}, Cond: 4, Seed: 7}
	p, err := sp.Generate()
	if err != nil {
		t.Fatal(err)
	}
	q, err := sp.Generate()
	if err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(p.X, q.X) || !mat.Equal(p.A, q.A) {
		t.Error("same fields, different problem")
	}
	var want mat.Dense
	want.Mul(p.S, p.A.T())
	if !mat.EqualApprox(&want, p.X, 1e-12) {
		t.Error("X is not S·Aᵀ")
	}
	if c := mat.Cond(p.A, 2); c < 3.99 || c > 4.01 {
		t.Errorf("cond(A) = %v, want 4", c)
	}
	voice, _ := Speech{N: 500, Seed: 8}.Generate()
	if !mat.Equal(p.S.ColView(1), mat.NewVecDense(500, voice)) {
		t.Error("the Voice column is not Speech with the column's seed")
	}
	if _, err := (Separation{N: 1}).Generate(); !errors.Is(err, ErrParam) {
		t.Errorf("N = 1: got %v, want ErrParam", err)
	}
}
