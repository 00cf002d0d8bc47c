package mcmc

import (
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/gibbs"
)

// Annealed from the paramagnetic phase, the ferromagnet's magnetisation must leave m = 0 at
// β_c and follow the closed-form branch |m| = CurieWeiss(β/β_c), not stay on the unstable
// fixed point m = 0.
func TestMeanFieldBreaksSymmetryAtCritical(t *testing.T) {
	w, _ := Ferromagnet(20, 0.1)
	bc, _ := CriticalBeta(w)
	sched := gibbs.Schedule{T0: 1 / (0.3 * bc), TMin: 1 / (4 * bc), Cooling: 1 / 1.02}
	mf, err := MeanField{Schedule: sched, Seed: 1, Tol: 1e-13, MaxIter: 200000}.Run(w)
	if err != nil {
		t.Fatal(err)
	}
	for _, lv := range mf.Levels {
		c := 1 / lv.T / bc
		want, _ := CurieWeiss(c)
		if got := math.Abs(lv.M[0]); math.Abs(got-want) > 1e-6 {
			t.Fatalf("c = %.3f: |m| = %.6f, want %.6f", c, got, want)
		}
	}
}
