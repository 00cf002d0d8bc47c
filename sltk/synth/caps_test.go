package synth

import (
	"errors"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestProductCaps: products of two capped counts (N·Dim, K·Dim, N·len(Kinds), n·p) beyond
// MaxEntries are ErrTooLarge before anything is allocated; before the fix they allocated
// (or panicked in makeslice).
func TestProductCaps(t *testing.T) {
	_, _, _, err1 := Blobs{N: 1 << 20, Dim: 1 << 20}.Generate()
	_, _, _, err2 := Blobs{N: 10, K: 1 << 30, Dim: 1 << 10}.Generate()
	_, _, err3 := Labelled{N: 1 << 20, D: 1 << 20, Rule: func([]float64) bool { return true }}.Generate()
	_, err4 := Sources{N: MaxEntries, Kinds: []Source{Sine, Sine}}.Generate()
	_, _, err5 := GaussianMixture{N: MaxEntries, Means: mat.NewDense(1, 2, nil)}.Generate()
	for i, err := range []error{err1, err2, err3, err4, err5} {
		if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "exceeds 134217728") {
			t.Errorf("case %d: %v; want ErrTooLarge", i+1, err)
		}
	}
	// Mix of a 2^20×1 source by a 2^20×1 mixing matrix: 2^40 outputs.
	s := mat.NewDense(1<<20, 1, nil)
	if _, err := Mix(s, s); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Mix 2^20 × 2^20: %v", err)
	}
	// At the boundary: Blobs with N·Dim = MaxEntries/2^10 passes.
	if _, _, _, err := (Blobs{N: 1 << 7, Dim: 1 << 10}).Generate(); err != nil {
		t.Errorf("Blobs 2^7 × 2^10: %v", err)
	}
}

// TestMixingMatrixLimit: m beyond MaxMixingSize is ErrTooLarge (before, m = 10⁶ tried an
// O(m³) factorisation); at small m the singular values are those asked for (closed form:
// 1 … 1/cond geometrically, by gonum's SVD).
func TestMixingMatrixLimit(t *testing.T) {
	for _, m := range []int{MaxMixingSize + 1, 1 << 40, math.MaxInt} {
		if _, err := MixingMatrix(m, 2, 1); !errors.Is(err, ErrTooLarge) {
			t.Errorf("m = %d: %v", m, err)
		}
	}
	for _, m := range []int{1, 3} {
		a, err := MixingMatrix(m, 8, 1)
		if err != nil {
			t.Fatal(err)
		}
		var svd mat.SVD
		if !svd.Factorize(a, mat.SVDNone) {
			t.Fatal("SVD failed")
		}
		for j, v := range svd.Values(nil) {
			want := 1.0
			if m > 1 {
				want = math.Pow(8, -float64(j)/float64(m-1))
			}
			if math.Abs(v-want) > 1e-12 {
				t.Errorf("m = %d: σ_%d = %v, want %v", m, j, v, want)
			}
		}
	}
}

// TestCurveNaN: F returning NaN or ±Inf is an error naming the point (it was passed through
// into ys); so is a response that overflows with the noise.
func TestCurveNaN(t *testing.T) {
	for _, f := range []func(float64) float64{
		func(x float64) float64 { return math.NaN() },
		func(x float64) float64 { return math.Log(x - 0.5) }, // NaN below 0.5
		func(x float64) float64 { return 1 / (x - x) },       // +Inf
	} {
		_, ys, err := Curve{F: f, N: 10}.Generate()
		if !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), "synth: Curve: F(xs[") {
			t.Errorf("Curve with a non-finite F: ys %v, %v", ys, err)
		}
	}
	_, _, err := Curve{F: func(float64) float64 { return 1.7e308 }, N: 10, Noise: 1e308}.Generate()
	if !errors.Is(err, ErrNotFinite) {
		t.Errorf("Curve whose response overflows: %v", err)
	}
	xs, ys, err := Curve{F: math.Sin, N: 5, Seed: 3}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	for i := range xs {
		if ys[i] != math.Sin(xs[i]) {
			t.Errorf("noise-free ys[%d] = %v, want sin(%v)", i, ys[i], xs[i])
		}
	}
}

// TestGeneratorOverflow: centres, means or noise near the float64 limit give an error, not
// rows of ±Inf.
func TestGeneratorOverflow(t *testing.T) {
	_, _, _, err1 := Blobs{N: 50, Box: math.MaxFloat64, Std: 1e308}.Generate()
	_, err2 := SphericalGaussian{N: 50, Mean: []float64{math.MaxFloat64}, Sigma: 1e308}.Generate()
	_, err3 := Mix(mat.NewDense(1, 2, []float64{1e308, 1e308}), mat.NewDense(1, 2, []float64{1, 1}))
	_, _, err4 := Moons{N: 50, Noise: math.MaxFloat64}.Generate()
	_, err5 := MA{N: 10, Theta: 1e200}.Generate()
	for i, err := range []error{err1, err2, err3, err4} {
		if !errors.Is(err, ErrNotFinite) {
			t.Errorf("case %d: %v; want ErrNotFinite", i+1, err)
		}
	}
	if !errors.Is(err5, ErrParam) {
		t.Errorf("MA Theta = 1e200: %v; want ErrParam (θ² overflows)", err5)
	}
}
