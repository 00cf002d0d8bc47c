package embed

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestPCARandomizedGemmAgreesWithTransposes pins the randomized PCA that computed AᵀY by
// transposing 512-row blocks and taking dot products (values printed by that code): 3000×30
// data with a decaying spectrum, K = 4. The products on kernel.Gemm, and since then the
// one-pass rounds of the centred sweep (no orthonormalised sketch between A and Aᵀ, B without
// Q), add the same products in other orders; eigenvalues agree within 10⁻¹³ relative and the
// first twelve entries of the directions within 10⁻¹³.
func TestPCARandomizedGemmAgreesWithTransposes(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	x := mat.NewDense(3000, 30, nil)
	for i := range x.RawMatrix().Data {
		x.RawMatrix().Data[i] = rng.NormFloat64() * (1 + 10/float64(1+i%30))
	}
	m, err := PCA{Components: 4, Solver: PCARandomized, Seed: 2}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	values := []float64{364297.385009591, 108998.94275645629, 54912.169536520829, 39300.044339820859}
	comps := []float64{0.99979732710660485, -0.0065175527445888925, 0.0089058465938103345, 0.0044679716101338248, -0.0066575005940727964, -0.99908750765275822, 0.0082601028443802672, 0.022892182762322754, -0.0089228978284384211, 0.0094888314544363285, 0.99794644444542868, 0.038610008329154573}
	for j, v := range values {
		if math.Abs(m.Values[j]-v) > 1e-13*v {
			t.Fatalf("λ_%d = %.17g, the transposing path's %.17g", j, m.Values[j], v)
		}
	}
	for i, v := range comps {
		if got := m.Components.RawMatrix().Data[i]; math.Abs(got-v) > 1e-13 {
			t.Fatalf("direction entry %d = %.17g, the transposing path's %.17g", i, got, v)
		}
	}
}
