package classify

import (
	"fmt"

	"gonum.org/v1/gonum/mat"
)

func ExampleERMLP() {
	// Lemma 1.6: lift (x1, x2) to (x1, x2, 1); the LP finds a consistent homogeneous separator.
	x := AppendOne(mat.NewDense(4, 2, []float64{2, 2, 0, 0, 3, 1, 1, 0}))
	y := []float64{1, -1, 1, -1}
	w, err := ERMLP(x, y)
	if err != nil {
		panic(err)
	}
	e, _ := TrainingErrors(w, x, y)
	fmt.Println("training errors:", e)
	xor := AppendOne(mat.NewDense(4, 2, []float64{0, 0, 1, 1, 0, 1, 1, 0}))
	_, err = ERMLP(xor, []float64{1, 1, -1, -1})
	fmt.Println(err)
	// Output:
	// training errors: 0
	// classify: data not linearly separable: no w satisfies y_i⟨w, x_i⟩ ≥ 1 for all 4 examples
}

func ExampleLogisticRegression() {
	// A constant feature with 3 positive and 1 negative label: w* = ln 3.
	x := mat.NewDense(4, 1, []float64{1, 1, 1, 1})
	m, _ := LogisticRegression{Tol: 1e-10}.Fit(x, []float64{1, 1, 1, -1})
	fmt.Printf("w = %.6f, P(y=+1) = %.4f\n", m.W[0], Sigmoid(m.W[0]))
	// Output: w = 1.098612, P(y=+1) = 0.7500
}

func ExampleShatteredByRectangles() {
	diamond := mat.NewDense(4, 2, []float64{0, 1, 1, 0, 0, -1, -1, 0})
	square := mat.NewDense(4, 2, []float64{0, 0, 1, 0, 0, 1, 1, 1})
	a, _ := ShatteredByRectangles(diamond)
	b, _ := ShatteredByRectangles(square)
	fmt.Println(a, b)
	// Output: true false
}
