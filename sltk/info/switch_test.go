package info

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// Channel.Capacity stops on its checked bracket (upper − lower ≤ tol) or at maxIter. On the Z
// channel, whose capacity has the closed form log₂(1 + (1−p)·p^{p/(1−p)}), a run cut at maxIter
// reports Gap > tol with the truth inside [Bits, Bits + Gap]; a run that stops on the bracket
// reports Gap ≤ tol and is within tol of the closed form; one more iteration of allowance at
// the stopping point changes nothing (the boundary). Hard cases: p = 0 (noiseless, one
// iteration) and p close to 1.
func TestSwitchCapacityStop(t *testing.T) {
	for _, p := range []float64{0, 0.1, 0.5, 0.9, 0.99} {
		ch, err := NewChannel(mat.NewDense(2, 2, []float64{1, 0, p, 1 - p}))
		if err != nil {
			t.Fatal(err)
		}
		want := 1.0
		if p > 0 {
			want = math.Log2(1 + (1-p)*math.Pow(p, p/(1-p)))
		}
		const tol = 1e-10
		full, err := BlahutArimoto{Tol: tol}.Run(ch)
		if err != nil || full.Gap > tol || math.Abs(full.Bits-want) > tol {
			t.Errorf("p = %v: %+v, %v, want %.15g within %g", p, full, err, want, tol)
			continue
		}
		again, _ := BlahutArimoto{Tol: tol, MaxIter: full.Iter}.Run(ch) // MaxIter exactly at the stopping iteration
		if again.Iter != full.Iter || again.Bits != full.Bits || again.Gap != full.Gap {
			t.Errorf("p = %v: maxIter = %d gives %+v, want %+v", p, full.Iter, again, full)
		}
		if full.Iter > 1 {
			cut, _ := BlahutArimoto{Tol: tol, MaxIter: full.Iter - 1}.Run(ch)
			if cut.Gap <= tol || cut.Bits > want+1e-15 || want > cut.Bits+cut.Gap+1e-15 {
				t.Errorf("p = %v: cut at %d: Bits %v, Gap %v, truth %v outside the bracket", p, full.Iter-1, cut.Bits, cut.Gap, want)
			}
		}
	}
}
