package classify

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

func ExampleERMLP() {
	// Lemma 1.6: lift (x1, x2) to (x1, x2, 1); the LP finds a consistent homogeneous separator.
	x, _ := AppendOne(mat.NewDense(4, 2, []float64{2, 2, 0, 0, 3, 1, 1, 0}))
	y := []int{1, 0, 1, 0}
	w, err := ERMLP(x, y)
	if err != nil {
		panic(err)
	}
	e, _ := TrainingErrors(w, x, y)
	fmt.Println("training errors:", e)
	xor, _ := AppendOne(mat.NewDense(4, 2, []float64{0, 0, 1, 1, 0, 1, 1, 0}))
	_, err = ERMLP(xor, []int{1, 1, 0, 0})
	fmt.Println(err)
	// Output:
	// training errors: 0
	// classify: ERMLP: no w satisfies y_i⟨w, x_i⟩ ≥ 1 for all 4 examples: classify: data not linearly separable
}

func ExampleLogisticRegression() {
	// One binary feature: y = 1 for 1 of 4 examples with x = 0 and for 3 of 4 with x = 1. The
	// fit has an intercept (by default), P(y = 1 | x) = sig(w·x + b), and the maximum likelihood
	// (NoPenalty; the default L2 = 1 would shrink w)
	// matches the frequencies: sig(b) = 1/4, sig(w + b) = 3/4, so b = −ln 3 and w = 2 ln 3.
	x := mat.NewDense(8, 1, []float64{0, 0, 0, 0, 1, 1, 1, 1})
	m, _ := LogisticRegression{NoPenalty: true, Tol: 1e-10}.Fit(x, []int{1, 0, 0, 0, 1, 1, 1, 0})
	fmt.Printf("w = %.6f (2 ln 3 = %.6f), b = %.6f\n", m.W[0], 2*math.Log(3), m.B)
	// Output: w = 2.197225 (2 ln 3 = 2.197225), b = -1.098612
}

func ExampleShatteredByRectangles() {
	diamond := mat.NewDense(4, 2, []float64{0, 1, 1, 0, 0, -1, -1, 0})
	square := mat.NewDense(4, 2, []float64{0, 0, 1, 0, 0, 1, 1, 1})
	a, _ := ShatteredByRectangles(diamond)
	b, _ := ShatteredByRectangles(square)
	fmt.Println(a, b)
	// Output: true false
}
