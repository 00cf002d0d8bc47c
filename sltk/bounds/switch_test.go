package bounds

import (
	"math"
	"testing"
)

// The exact binomial tails take a point-mass path for p ∈ {0, 1} and a log-space sum
// otherwise. Next to the switch (p = 0, the smallest subnormal, 10⁻³⁰⁰, 10⁻¹⁰, 1 − 10⁻¹⁶, 1)
// Pr(X ≥ 1) = 1 − (1−p)ⁿ = −expm1(n·log1p(−p)) and Pr(X ≥ n) = pⁿ, both closed forms, agree
// to 1e-12 relative; n = 1 is included.
func TestSwitchBinomialPointMass(t *testing.T) {
	for _, n := range []int{1, 2, 50} {
		for _, p := range []float64{0, 5e-324, 1e-300, 1e-10, 0.5, 1 - 1e-16, 1} {
			atLeast1 := -math.Expm1(float64(n) * math.Log1p(-p))
			all := math.Pow(p, float64(n))
			for _, c := range []struct {
				k    int
				want float64
			}{{1, atLeast1}, {n, all}, {0, 1}} {
				got, err := BinomialUpperTail(n, p, c.k)
				if err != nil || math.Abs(got-c.want) > 1e-12*c.want {
					t.Errorf("n = %d, p = %v: Pr(X ≥ %d) = %v, %v, want %v", n, p, c.k, got, err, c.want)
				}
			}
		}
	}
}

// Sample sizes for a subnormal δ use ln δ exactly (Go's math.Log returns about −709.09 for
// every subnormal, so before the fix Realizable(0, ½, 5e-324) was 1418 instead of 1489): the
// reference is ln δ = log₂ δ · ln 2, with log₂ exact for a power of two.
func TestSubnormalDeltaLog(t *testing.T) {
	for _, d := range []float64{5e-324, 0x1p-1060, 0x1p-1022, 0x1p-1000} {
		ln := math.Log2(d) * math.Ln2
		got, err := Realizable(0, 0.5, d)
		if err != nil || math.Abs(got-(-ln/0.5)) > 1e-12*(-ln/0.5) {
			t.Errorf("Realizable(0, ½, %v) = %v, %v, want %v", d, got, err, -ln/0.5)
		}
		if v, _ := VC(1, 1, 0.5, d); math.Abs(v-(1-ln)/0.25) > 1e-12*v {
			t.Errorf("VC(1, 1, ½, %v) = %v, want %v", d, v, (1-ln)/0.25)
		}
	}
}
