package embed_test

import (
	"fmt"

	"github.com/sltk-book/sltk/sltk/embed"
	"gonum.org/v1/gonum/mat"
)

func ExamplePCA() {
	// Four points on the line x₂ = 2x₁ (plus an offset): one component explains everything.
	// Its sign is scikit-learn's: the scores of the end points tie at ±3.354, the first (row 0,
	// score −3.354 for +u₁) decides, so u₁ points down (scikit-learn 1.2.1 gives the same).
	x := mat.NewDense(4, 2, []float64{1, 1, 2, 3, 3, 5, 4, 7})
	m, _ := embed.PCA{Components: 1}.Fit(x)
	fmt.Printf("u₁ = (%.4f, %.4f), ratio %.3f, residual %.3g\n",
		m.Components.At(0, 0), m.Components.At(1, 0), m.ExplainedVarianceRatio[0], m.Residual)
	z, _ := m.Transform(mat.NewDense(1, 2, []float64{2.5, 4}))
	fmt.Printf("coordinate of the centroid: %.3g\n", z.At(0, 0))
	// Output:
	// u₁ = (-0.4472, -0.8944), ratio 1.000, residual 0
	// coordinate of the centroid: 0
}

func ExamplePowerIteration() {
	a := mat.NewSymDense(2, []float64{2, 1, 1, 2})
	res, _ := embed.PowerIteration{Start: []float64{1, 0}}.Run(a)
	fmt.Printf("λ₁ ≈ %.6f after %d steps, v = (%.4f, %.4f)\n", res.Value, res.Iter, res.Vector[0], res.Vector[1])
	// Output:
	// λ₁ ≈ 3.000000 after 22 steps, v = (0.7071, 0.7071)
}

func ExampleJLDim() {
	k, _ := embed.JLDim(100, 0.5, embed.AnnulusConstant)
	dg, _ := embed.JLDimDG(100, 0.5)
	fmt.Println(k, dg)
	// Output:
	// 5306 222
}
