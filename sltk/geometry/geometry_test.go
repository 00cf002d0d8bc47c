package geometry_test

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/geometry"
)

// must fails the test binary on an unexpected error (a panic is reported as a failure).
func must(v float64, err error) float64 {
	if err != nil {
		panic(err)
	}
	return v
}

// The unit-ball table of catalog §3.1 (ℓ = 1..8 from the lecture, 9..20 from the closed form).
func TestUnitBallVolumeTable(t *testing.T) {
	vol := []float64{2, 3.1416, 4.1888, 4.9348, 5.2638, 5.1677, 4.7248, 4.0587, 3.2985, 2.5502,
		1.8841, 1.3353, 0.9106, 0.5993, 0.3814, 0.2353, 0.1410, 0.0821, 0.0466, 0.0258}
	p := []float64{1, 7.854e-01, 5.236e-01, 3.084e-01, 1.645e-01, 8.075e-02, 3.691e-02, 1.585e-02,
		6.442e-03, 2.490e-03, 9.200e-04, 3.260e-04, 1.112e-04, 3.658e-05, 1.164e-05, 3.591e-06,
		1.076e-06, 3.134e-07, 8.892e-08, 2.461e-08}
	exact := map[int]float64{2: math.Pi, 3: 4 * math.Pi / 3, 4: math.Pi * math.Pi / 2,
		5: 8 * math.Pi * math.Pi / 15, 6: math.Pow(math.Pi, 3) / 6, 7: 16 * math.Pow(math.Pi, 3) / 105,
		8: math.Pow(math.Pi, 4) / 24}
	argmax, below := 0, 0
	for l := 1; l <= 20; l++ {
		v := must(geometry.UnitBallVolume(l))
		if math.Abs(v-vol[l-1]) > 5e-5 {
			t.Errorf("vol(B^%d) = %.5f, want %.4f", l, v, vol[l-1])
		}
		if e, ok := exact[l]; ok && math.Abs(v-e) > 1e-12*e {
			t.Errorf("vol(B^%d) = %v, want %v", l, v, e)
		}
		if q := must(geometry.BallInCube(l)); math.Abs(q-p[l-1]) > 5e-4*p[l-1] {
			t.Errorf("p_%d = %.4g, want %.4g", l, q, p[l-1])
		}
		if argmax == 0 || v > vol[argmax-1] {
			argmax = l
		}
		if below == 0 && v < 1 {
			below = l
		}
	}
	if argmax != 5 || below != 13 {
		t.Errorf("maximum at ℓ = %d, first below 1 at ℓ = %d; want 5 and 13", argmax, below)
	}
	if v := must(geometry.UnitBallVolume(1000)); !(v >= 0 && v < 1e-300) {
		t.Errorf("vol(B^1000) = %v, want a tiny nonnegative number", v)
	}
}

func TestKNNRadiusAndShell(t *testing.T) {
	if d := must(geometry.KNNRadius(1_000_000, 10, 100)); math.Abs(d-0.8912509) > 1e-7 {
		t.Errorf("kNN radius %v, want 0.8912509", d)
	}
	for _, c := range []struct{ eps, inner float64 }{
		{0.01, 0.36603}, {0.05, 0.0059205}, {0.1, 2.6561e-05}, {0.2, 2.0370e-10}} {
		f := must(geometry.ShellFraction(c.eps, 100))
		if math.Abs((1-f)-c.inner) > 1e-4*c.inner {
			t.Errorf("(1−%v)^100 = %v, want %v", c.eps, 1-f, c.inner)
		}
		if 1-f > math.Exp(-100*c.eps) {
			t.Errorf("Theorem 5.2 fails at ε = %v", c.eps)
		}
	}
}

// The f₄ table of catalog §3.1 and the threshold ℓ ≥ 57 of the cylinder proof.
func TestCylinderFactor(t *testing.T) {
	for _, c := range []struct {
		l          int
		f4, bound4 float64
	}{{2, 1.7479, 1.9524}, {3, 1.5625, 1.9062}, {10, 1.0231, 1.6219}, {20, 0.8035, 1.3125},
		{40, 0.6439, 0.9261}, {56, 0.5849, 0.7543}, {57, 0.5822, 0.7462}, {100, 0.5205, 0.5615}} {
		f := must(geometry.CylinderFactor(4, c.l))
		b := 0.5 + 1.5*math.Pow(15.0/16, float64(c.l-1)/2)
		if math.Abs(f-c.f4) > 6e-5 || math.Abs(b-c.bound4) > 6e-5 || f > b {
			t.Errorf("ℓ = %d: f₄ = %.4f, bound %.4f; want %.4f ≤ %.4f", c.l, f, b, c.f4, c.bound4)
		}
		if (b <= 0.75) != (c.l >= 57) {
			t.Errorf("ℓ = %d: bound %.4f ≤ 3/4 should hold exactly from ℓ = 57", c.l, b)
		}
	}
	// The covering really bounds the volume ratio.
	for l := 2; l <= 60; l++ {
		f := must(geometry.CylinderFactor(4, l))
		v, w := must(geometry.UnitBallVolume(l)), must(geometry.UnitBallVolume(l-1))
		if v > f*w*(1+1e-12) {
			t.Errorf("ℓ = %d: vol ratio %v above f₄ = %v", l, v/w, f)
		}
	}
}

// Theorem 5.4's bound values (catalog §3.1) and the exact tail below them.
func TestEquator(t *testing.T) {
	for _, c := range []struct{ c, want float64 }{
		{1, 1.2131}, {1.5, 0.43287}, {2, 0.13534}, {3, 0.0074060}, {4, 1.6773e-4}} {
		b := must(geometry.EquatorBound(c.c))
		if math.Abs(b-c.want) > 5e-5*c.want+1e-9 {
			t.Errorf("bound(%v) = %v, want %v", c.c, b, c.want)
		}
		for _, l := range []int{3, 10, 100, 1000} {
			tt := c.c / math.Sqrt(float64(l-1))
			if tt > 1 {
				continue
			}
			if e := must(geometry.EquatorTail(l, tt)); e > b {
				t.Errorf("ℓ = %d, c = %v: exact tail %v above the bound %v", l, c.c, e, b)
			}
		}
	}
	// ℓ = 1: x₁ is uniform on [−1, 1]; ℓ = 3: Pr(|x₁| > t) = 1 − (3t − t³)/2.
	if e := must(geometry.EquatorTail(1, 0.3)); math.Abs(e-0.7) > 1e-12 {
		t.Errorf("ℓ = 1 tail %v, want 0.7", e)
	}
	if e := must(geometry.EquatorTail(3, 0.5)); math.Abs(e-(1-(1.5-0.125)/2)) > 1e-12 {
		t.Errorf("ℓ = 3 tail %v, want %v", e, 1-(1.5-0.125)/2)
	}
}

func TestAnnulus(t *testing.T) {
	// ℓ = 1: Pr(0 < |x| < 2) = Pr(|x| < 2) = erf(2/√2).
	if p := must(geometry.AnnulusProb(1, 1)); math.Abs(p-math.Erf(math.Sqrt2)) > 1e-12 {
		t.Errorf("ℓ = 1 annulus %v, want %v", p, math.Erf(math.Sqrt2))
	}
	for _, l := range []int{10, 100, 1000} {
		for _, b := range []float64{1, 2, 3} {
			p := must(geometry.AnnulusProb(l, b))
			lo := must(geometry.AnnulusBound(b, 1.0/96))
			if p < lo {
				t.Errorf("ℓ = %d, b = %v: %v below the bound %v", l, b, p, lo)
			}
		}
	}
}

func TestBadInput(t *testing.T) {
	for i, f := range []func() (float64, error){
		func() (float64, error) { return geometry.UnitBallVolume(0) },
		func() (float64, error) { return geometry.BallInCube(-1) },
		func() (float64, error) { return geometry.ShellFraction(math.NaN(), 3) },
		func() (float64, error) { return geometry.ShellFraction(1.5, 3) },
		func() (float64, error) { return geometry.KNNRadius(10, 11, 3) },
		func() (float64, error) { return geometry.CylinderFactor(0, 3) },
		func() (float64, error) { return geometry.EquatorTail(3, 1.1) },
		func() (float64, error) { return geometry.EquatorBound(0.5) },
		func() (float64, error) { return geometry.EquatorBound(math.Inf(1)) },
		func() (float64, error) { return geometry.AnnulusProb(4, 3) },
		func() (float64, error) { return geometry.AnnulusBound(1, 0) },
	} {
		if _, err := f(); !errors.Is(err, geometry.ErrParam) {
			t.Errorf("case %d: err = %v, want ErrParam", i, err)
		}
	}
}

func ExampleUnitBallVolume() {
	for _, l := range []int{2, 5, 13, 20} {
		v, _ := geometry.UnitBallVolume(l)
		fmt.Printf("vol(B^%d) = %.4f\n", l, v)
	}
	// Output:
	// vol(B^2) = 3.1416
	// vol(B^5) = 5.2638
	// vol(B^13) = 0.9106
	// vol(B^20) = 0.0258
}

// TestEquatorTailHugeDimension: a dimension of MaxInt still gives a probability.
func TestEquatorTailHugeDimension(t *testing.T) {
	if v, err := geometry.EquatorTail(math.MaxInt, 0.5); err != nil || !(v >= 0 && v <= 1) {
		t.Errorf("EquatorTail(MaxInt, 0.5) = %v, %v", v, err)
	}
}
