package nn_test

import (
	"fmt"

	"github.com/sltk-book/sltk/sltk/nn"
	"gonum.org/v1/gonum/mat"
)

// A network with one hidden layer of tanh units learns XOR, the function no single
// perceptron represents.
func ExampleMLP_Fit() {
	x := mat.NewDense(4, 2, []float64{0, 0, 0, 1, 1, 0, 1, 1})
	y := []int{0, 1, 1, 0}
	m, err := nn.MLP{Hidden: []int{8}, Activation: nn.Tanh, LearningRate: 0.05, MaxIter: 500,
		Patience: 500, Seed: 1}.Fit(x, y)
	if err != nil {
		fmt.Println(err)
		return
	}
	pred, _ := m.Predict(x)
	fmt.Println(pred, m.Trace[len(m.Trace)-1].Loss < 0.05)
	// Output: [0 1 1 0] true
}
