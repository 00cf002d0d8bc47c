package ica

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"gonum.org/v1/gonum/mat"
)

func twoChannels(n int) *mat.Dense {
	rng := rand.New(rand.NewPCG(1, 2))
	return fuzzdata.Rows(n, 2, func(_ int, row []float64) { row[0], row[1] = rng.NormFloat64(), rng.Float64() })
}

// TestLaggedCovarianceOverflow: ×1e307 data, which Whitener.Fit refuses, gave NaN and +Inf
// entries; now an error wrapping ErrNotFinite, also through Autocorrelations. On ordinary
// data the result equals the defining sum (1/(n−τ)) Σ x_c,i(t) x_c,j(t−τ).
func TestLaggedCovarianceOverflow(t *testing.T) {
	x := twoChannels(200)
	big := mat.DenseCopyOf(x)
	big.Scale(1e307, big)
	if _, err := (Whitener{}).Fit(big); !errors.Is(err, ErrNotFinite) {
		t.Fatalf("Whitener.Fit accepted ×1e307 data: %v", err)
	}
	if c, err := LaggedCovariance(big, 1); !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), "LaggedCovariance") {
		t.Errorf("LaggedCovariance(×1e307): %v, %v", c, err)
	}
	if a, err := Autocorrelations(big, 2); !errors.Is(err, ErrNotFinite) {
		t.Errorf("Autocorrelations(×1e307): %v, %v", a, err)
	}
	n := 200
	mean := []float64{0, 0}
	for i := 0; i < n; i++ {
		mean[0] += x.At(i, 0) / float64(n)
		mean[1] += x.At(i, 1) / float64(n)
	}
	for _, lag := range []int{0, 1, 5} {
		c, err := LaggedCovariance(x, lag)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 2; i++ {
			for j := 0; j < 2; j++ {
				s := 0.0
				for tt := lag; tt < n; tt++ {
					s += (x.At(tt, i) - mean[i]) * (x.At(tt-lag, j) - mean[j])
				}
				if want := s / float64(n-lag); math.Abs(c.At(i, j)-want) > 1e-12 {
					t.Errorf("lag %d C[%d,%d] = %v, want %v", lag, i, j, c.At(i, j), want)
				}
			}
		}
	}
}

// TestTransformHugeData: transforms are linear, so ×1e307 data transform exactly when the
// result fits float64 (reference: s·K(x − Mean/s) computed on unscaled numbers), and give an
// error wrapping ErrNotFinite when it does not (±MaxFloat64 entries times K ≈ 3.5).
func TestTransformHugeData(t *testing.T) {
	x := twoChannels(200)
	w, err := Whitener{}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	const s = 1e307
	big := mat.DenseCopyOf(x)
	big.Scale(s, big)
	u, err := w.Transform(big)
	if err != nil {
		t.Fatalf("Transform(×1e307): %v", err)
	}
	for i := 0; i < 200; i += 37 {
		for k := 0; k < 2; k++ {
			ref := 0.0
			for j := 0; j < 2; j++ {
				ref += w.Matrix.At(k, j) * (x.At(i, j) - w.Mean[j]/s)
			}
			if got := u.At(i, k) / s; math.Abs(got-ref) > 1e-12*math.Max(1, math.Abs(ref)) {
				t.Errorf("u[%d,%d]/s = %v, want %v", i, k, got, ref)
			}
		}
	}
	edge := mat.NewDense(3, 2, []float64{math.MaxFloat64, -math.MaxFloat64, -math.MaxFloat64, math.MaxFloat64, 0, 0})
	if _, err := w.Transform(edge); !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), "Whitening.Transform") {
		t.Errorf("Whitening.Transform(±MaxFloat64): %v", err)
	}
	r, err := FastICA{Seed: 1}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Transform(edge); !errors.Is(err, ErrNotFinite) {
		t.Errorf("Result.Transform(±MaxFloat64): %v", err)
	}
}

// TestMatchHugeData: correlations are scale-invariant; estimates ×1e200 were reported as
// "constant" (the sums overflowed to NaN). Now they match as the unscaled ones do.
func TestMatchHugeData(t *testing.T) {
	truth := twoChannels(100)
	est := mat.NewDense(100, 2, nil)
	for i := 0; i < 100; i++ {
		est.Set(i, 0, -truth.At(i, 1)+0.01*truth.At(i, 0))
		est.Set(i, 1, truth.At(i, 0))
	}
	want, err := Match(est, truth)
	if err != nil {
		t.Fatal(err)
	}
	est.Scale(1e200, est)
	got, err := Match(est, truth)
	if err != nil {
		t.Fatalf("Match(×1e200): %v", err)
	}
	for i := range want.Perm {
		if got.Perm[i] != want.Perm[i] || got.Sign[i] != want.Sign[i] || math.Abs(got.Corr[i]-want.Corr[i]) > 1e-12 {
			t.Errorf("column %d: perm %d sign %v corr %v, want %d %v %v", i, got.Perm[i], got.Sign[i], got.Corr[i],
				want.Perm[i], want.Sign[i], want.Corr[i])
		}
	}
}

// TestLagWorkLimit: 10⁶ lags of a 10⁶-step series would take hours; beyond MaxLagWork
// Autocorrelations and SOBI return ErrTooLarge at once. Small requests are unaffected.
func TestLagWorkLimit(t *testing.T) {
	n := 1 << 16
	x := twoChannels(n)
	if _, err := Autocorrelations(x, n-1); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Autocorrelations(maxLag = n−1 = %d): %v", n-1, err)
	}
	lags := make([]int, 1<<16)
	for i := range lags {
		lags[i] = 1 + i%100
	}
	if _, err := (SOBI{Lags: lags}).Fit(x); !errors.Is(err, ErrTooLarge) {
		t.Errorf("SOBI with 2^16 lags: %v", err)
	}
	if _, err := Autocorrelations(x, 3); err != nil {
		t.Errorf("Autocorrelations(3): %v", err)
	}
}

// TestMaxIterLimit: MaxIter beyond MaxIterations is ErrTooLarge in every iterative method.
func TestMaxIterLimit(t *testing.T) {
	x := twoChannels(300)
	_, err1 := FastICA{MaxIter: MaxIterations + 1}.Fit(x)
	_, err2 := Gradient{MaxIter: 1 << 40}.Fit(x)
	_, err3 := Infomax{MaxIter: 1 << 40}.Fit(x)
	_, err4 := SOBI{MaxIter: 1 << 40}.Fit(x)
	c := mat.NewDense(2, 2, []float64{2, 1, 1, 2})
	_, _, err5 := FFDiag{MaxIter: 1 << 40}.Run([]*mat.Dense{c})
	for i, err := range []error{err1, err2, err3, err4, err5} {
		if !errors.Is(err, ErrTooLarge) {
			t.Errorf("case %d: %v; want ErrTooLarge", i+1, err)
		}
	}
	if _, err := (FastICA{MaxIter: MaxIterations, Seed: 1}).Fit(x); err != nil {
		t.Errorf("FastICA MaxIter = MaxIterations: %v", err)
	}
}
