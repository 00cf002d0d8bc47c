package cluster

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestMeanHessianFiniteDifferences checks the corrected Hessian (erratum E17) against central
// differences of the analytic gradient of F at the all-at-the-mean point, and that the seed's
// Q = (2/K²)S is not the Hessian.
func TestMeanHessianFiniteDifferences(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 17))
	n, d, k := 60, 2, 3
	x := mat.NewDense(n, d, nil)
	for i := 0; i < n; i++ {
		x.Set(i, 0, 3+2*rng.NormFloat64())
		x.Set(i, 1, -1+0.7*rng.NormFloat64()+0.3*x.At(i, 0))
	}
	mean := []float64{mat.Sum(x.ColView(0)) / float64(n), mat.Sum(x.ColView(1)) / float64(n)}
	for _, T := range []float64{0.5, 3, 20} {
		h, err := MeanHessian(x, k, T)
		if err != nil {
			t.Fatal(err)
		}
		theta := mat.NewDense(k, d, nil)
		for c := 0; c < k; c++ {
			theta.SetRow(c, mean)
		}
		const eps = 1e-5
		var worst, worstSeed float64
		for c := 0; c < k; c++ {
			for a := 0; a < d; a++ {
				v := theta.At(c, a)
				theta.Set(c, a, v+eps)
				_, gp, _ := FreeEnergy(x, theta, T)
				theta.Set(c, a, v-eps)
				_, gm, _ := FreeEnergy(x, theta, T)
				theta.Set(c, a, v)
				for l := 0; l < k; l++ {
					for b := 0; b < d; b++ {
						fd := (gp.At(l, b) - gm.At(l, b)) / (2 * eps)
						got := h.At(c*d+a, l*d+b)
						worst = math.Max(worst, math.Abs(fd-got)/math.Max(1, math.Abs(fd)))
						// The seed's Q replaces 4S/(TK²) by 2S/K².
						s := got - 4/(T*float64(k*k))*hessScatter(x, mean, a, b) + 2/float64(k*k)*hessScatter(x, mean, a, b)
						worstSeed = math.Max(worstSeed, math.Abs(fd-s)/math.Max(1, math.Abs(fd)))
					}
				}
			}
		}
		if worst > 1e-5 {
			t.Errorf("T = %g: Hessian differs from finite differences by %g", T, worst)
		}
		if worstSeed < 1e-3 {
			t.Errorf("T = %g: the seed's Q should not match (gap %g)", T, worstSeed)
		}
	}
	// The smallest eigenvalue changes sign at T_c.
	tc, _ := CriticalTemperature(x)
	for _, c := range []struct {
		T   float64
		pos bool
	}{{1.05 * tc, true}, {0.95 * tc, false}} {
		h, _ := MeanHessian(x, k, c.T)
		var eig mat.EigenSym
		eig.Factorize(h, false)
		if got := eig.Values(nil)[0] > 0; got != c.pos {
			t.Errorf("T = %g (T_c = %g): smallest eigenvalue positive = %v", c.T, tc, got)
		}
	}
}

func hessScatter(x *mat.Dense, mean []float64, a, b int) float64 {
	n, _ := x.Dims()
	var s float64
	for i := 0; i < n; i++ {
		s += (x.At(i, a) - mean[a]) * (x.At(i, b) - mean[b])
	}
	return s
}

func TestMeanHessianBadInput(t *testing.T) {
	x := mat.NewDense(3, 1, []float64{1, 2, 3})
	if _, err := MeanHessian(x, 0, 1); !errors.Is(err, ErrParam) {
		t.Errorf("K = 0: %v", err)
	}
	if _, err := MeanHessian(x, 2, 0); !errors.Is(err, ErrParam) {
		t.Errorf("T = 0: %v", err)
	}
	if _, err := MeanHessian(mat.NewDense(1, 1, []float64{math.NaN()}), 2, 1); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN: %v", err)
	}
	if _, err := MeanHessian(x, 1<<40, 1); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "MaxHessianSize") {
		t.Errorf("K = 2^40: %v", err)
	}
	if _, err := MeanHessian(x, 2, 5e-324); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "T = 5e-324") {
		t.Errorf("subnormal T: %v", err)
	}
}

func ExampleMeanHessian() {
	// Four points on a line: S = Σ(xᵢ−x̄)² = 5, N = 4, K = 2, T = 1.
	x := mat.NewDense(4, 1, []float64{-1.5, -0.5, 0.5, 1.5})
	h, _ := MeanHessian(x, 2, 1)
	// Diagonal: (2N/K)(1 − 2S/(TN)) + 4S/(TK²) = 4·(1 − 2.5) + 5 = −1; off-diagonal: 5.
	fmt.Printf("%.1f %.1f\n%.1f %.1f\n", h.At(0, 0), h.At(0, 1), h.At(1, 0), h.At(1, 1))
	// Output:
	// -1.0 5.0
	// 5.0 -1.0
}
