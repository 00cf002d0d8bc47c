package ica

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// Evaluate is Match, Matching.Apply and Amari in one call: the same numbers as the three
// separate calls, and column j of Aligned correlates positively with true source j, by the
// |correlation| the matching reports.
func TestEvaluateAgreesWithParts(t *testing.T) {
	s := sources(4, 3000, srcLaplace, srcUniform, srcLaplace)
	a := mixing(5, 3)
	res, err := FastICA{Seed: 1}.Fit(mix(s, a))
	if err != nil {
		t.Fatal(err)
	}
	ev, err := res.Evaluate(s, a)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := Match(res.Sources, s)
	al, _ := m.Apply(res.Sources)
	am, _ := res.Amari(a)
	if ev.Amari != am || !mat.Equal(ev.Aligned, al) || !mat.Equal(ev.Matching.Abs, m.Abs) {
		t.Fatalf("Evaluate differs from Match, Apply and Amari called one by one")
	}
	for i, j := range ev.Matching.Perm {
		c := stat.Correlation(mat.Col(nil, j, ev.Aligned), mat.Col(nil, j, s), nil)
		if c <= 0 || math.Abs(c-ev.Matching.Corr[i]) > 1e-9 {
			t.Errorf("aligned column %d: corr %v, want +%v", j, c, ev.Matching.Corr[i])
		}
	}
	if ev.Amari > 0.05 {
		t.Errorf("Amari index %v of an easy problem, want ≤ 0.05", ev.Amari)
	}
}

func TestEvaluateBadInput(t *testing.T) {
	s := sources(4, 500, srcLaplace, srcUniform)
	a := mixing(5, 2)
	res, err := FastICA{Seed: 1}.Fit(mix(s, a))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name        string
		r           *Result
		src, mixMat mat.Matrix
		want        error
	}{
		{"nil result", nil, s, a, ErrNotFitted},
		{"zero result", &Result{}, s, a, ErrNotFitted},
		{"nil sources", res, nil, a, ErrEmpty},
		{"short sources", res, s.Slice(0, 400, 0, 2), a, ErrParam},
		{"three sources", res, sources(4, 500, srcLaplace, srcUniform, srcLaplace), a, ErrParam},
		{"mixing 3×3", res, s, mixing(5, 3), ErrParam},
		{"nil mixing", res, s, nil, ErrEmpty},
	}
	for _, c := range cases {
		if _, err := c.r.Evaluate(c.src, c.mixMat); !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
}
