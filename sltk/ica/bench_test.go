package ica

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// benchData returns n observations of d mixed non-Gaussian sources and the mixing matrix.
func benchData(n, d int) (*mat.Dense, *mat.Dense) {
	kinds := []srcKind{srcLaplace, srcUniform, srcSine, srcBinary, srcLaplace, srcUniform, srcSine, srcBinary}
	s := sources(1, n, kinds[:d]...)
	a := mixing(1, d)
	return mix(s, a), a
}

// arData returns n steps of d Gaussian AR(1) series with distinct coefficients, mixed.
func arData(n, d int) (*mat.Dense, *mat.Dense) {
	rng := rand.New(rand.NewPCG(2, 2))
	s := mat.NewDense(n, d, nil)
	for j := range d {
		s.SetCol(j, ar1(rng, -0.7+1.6*float64(j)/float64(d-1), n))
	}
	a := mixing(2, d)
	return mix(s, a), a
}

func benchFit(b *testing.B, n, d int, fit func(mat.Matrix) (*Result, error)) {
	x, a := benchData(n, d)
	benchOn(b, x, a, fit)
}

func benchOn(b *testing.B, x, a *mat.Dense, fit func(mat.Matrix) (*Result, error)) {
	b.ReportAllocs()
	b.ResetTimer()
	var r *Result
	for b.Loop() {
		var err error
		if r, err = fit(x); err != nil {
			b.Fatal(err)
		}
	}
	am, _ := r.Amari(a)
	b.ReportMetric(am, "amari")
	b.ReportMetric(float64(r.Iter), "iters")
}

func BenchmarkWhiten1e6x8(b *testing.B) {
	x, _ := benchData(1_000_000, 8)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (Whitener{}).Fit(x); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFastICASymmetricLogCosh1e6x8(b *testing.B) {
	benchFit(b, 1_000_000, 8, FastICA{Tol: 1e-4, Seed: 1}.Fit)
}

func BenchmarkFastICADeflationExp1e5x4(b *testing.B) {
	benchFit(b, 100_000, 4, FastICA{Contrast: Exp, Mode: Deflation, Seed: 1}.Fit)
}

func BenchmarkFastICASymmetricKurtosis1e5x4(b *testing.B) {
	benchFit(b, 100_000, 4, FastICA{Contrast: Kurtosis, Seed: 1}.Fit)
}

func BenchmarkGradientOnlineKurtosis1e5x4(b *testing.B) {
	benchFit(b, 100_000, 4, Gradient{Contrast: Kurtosis, Online: true, MaxIter: 5, Seed: 1}.Fit)
}

func BenchmarkInfomaxExtendedNatural1e5x4(b *testing.B) {
	benchFit(b, 100_000, 4, Infomax{Score: Extended, Tol: 1e-3}.Fit)
}

func BenchmarkInfomaxExtendedOnline1e5x4(b *testing.B) {
	benchFit(b, 100_000, 4, Infomax{Score: Extended, Online: true, MaxIter: 3}.Fit)
}

func BenchmarkSOBI1e6x8(b *testing.B) {
	x, a := arData(1_000_000, 8)
	benchOn(b, x, a, SOBI{}.Fit)
}

func BenchmarkAMUSE1e6x8(b *testing.B) {
	x, a := arData(1_000_000, 8)
	benchOn(b, x, a, AMUSE{}.Fit)
}

// BenchmarkContrastKernel is one FastICA fixed-point sweep's sums (contrastKernel.run, log
// cosh) over 10⁵ whitened observations of 8 components for 8 units: the two products
// Y = B·U_b and P_b = G'(Y)·U_bᵀ of every block, and the tanh.
func BenchmarkContrastKernel(b *testing.B) {
	x, _ := benchData(100_000, 8)
	wt, err := Whitener{}.Fit(x)
	if err != nil {
		b.Fatal(err)
	}
	n, k := x.RawMatrix().Rows, 8
	kr := newContrastKernel(wt.ut, n, k, LogCosh, 1)
	bm := mixing(3, k).RawMatrix().Data
	for b.Loop() {
		kr.run(bm, k, false)
	}
}
