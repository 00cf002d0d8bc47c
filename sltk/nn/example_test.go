package nn_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"

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

// Training in float32, as PyTorch does, learns the same function; the weights it leaves in the
// model are float32 numbers.
func ExamplePrecision() {
	x := mat.NewDense(4, 2, []float64{0, 0, 0, 1, 1, 0, 1, 1})
	y := []int{0, 1, 1, 0}
	m, err := nn.MLP{Hidden: []int{8}, Activation: nn.Tanh, LearningRate: 0.05, MaxIter: 500,
		Patience: 500, Seed: 1, Precision: nn.Float32}.Fit(x, y)
	if err != nil {
		fmt.Println(err)
		return
	}
	pred, _ := m.Predict(x)
	w := m.Params()[0]
	fmt.Println(pred, m.Trace[len(m.Trace)-1].Loss < 0.05, float64(float32(w)) == w)
	// Output: [0 1 1 0] true true
}

// A trained network is saved to a file and loaded back: the loaded model is the same network,
// bit for bit, so it predicts what the trained one predicts without training again.
func ExampleLoad() {
	x := mat.NewDense(6, 1, []float64{-3, -2, -1, 1, 2, 3}) // two classes on a line
	m, err := nn.MLP{Hidden: []int{4}, MaxIter: 50, Seed: 1}.Fit(x, []int{0, 0, 0, 1, 1, 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	dir, err := os.MkdirTemp("", "nn-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "line.nn")
	if err := m.Save(path); err != nil {
		fmt.Println(err)
		return
	}
	loaded, err := nn.Load(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	pred, _ := loaded.Predict(mat.NewDense(2, 1, []float64{-5, 5}))
	fmt.Println(pred, loaded.Iter, slices.Equal(loaded.Params(), m.Params()))
	// Output: [0 1] 50 true
}

// Training with Adam moves the weights of a rarely used input about as far as those of an
// input that every row uses: Adam's step is near the learning rate whatever the gradient's
// size. Here input 1 is nonzero in one row of twenty, input 0 in all of them.
func ExampleModel_ChangeByUse() {
	x := mat.NewDense(20, 2, nil)
	y := make([]int, 20)
	for i := range 20 {
		x.Set(i, 0, float64(i%4)+1)
		y[i] = i % 2
	}
	x.Set(3, 1, 1)
	c := nn.MLP{Hidden: []int{8}, MaxIter: 100, Patience: 100, Seed: 3}
	before, err := c.Initial(2, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	after, err := c.Fit(x, y)
	if err != nil {
		fmt.Println(err)
		return
	}
	ch, err := after.ChangeByUse(before, x, 0.1, 0.5)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(ch.Rare.Inputs, ch.Busy.Inputs, ch.Rare.MeanChange > ch.Busy.MeanChange/2)
	// Output: 1 1 true
}

// The book compares MLP with scikit-learn's MLPClassifier on the digits through the
// recorded result.
func ExampleSklearnDigits() {
	r, err := nn.SklearnDigits()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("scikit-learn %s: mean test accuracy %.4f over %d seeds\n", r.Version, r.Mean,
		len(r.TestAccuracy))
	// Output: scikit-learn 1.2.1: mean test accuracy 0.9706 over 5 seeds
}
