package classify

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// benchData draws n×d Gaussian features with a linear rule plus 10% label noise, labels
// returned both as classes {0,1} and as signs ±1.
func benchData(n, d int) (*mat.Dense, []int, []float64) {
	r := rand.New(rand.NewPCG(42, 42))
	w := make([]float64, d)
	for j := range w {
		w[j] = r.NormFloat64()
	}
	x := mat.NewDense(n, d, nil)
	y, s := make([]int, n), make([]float64, n)
	for i := 0; i < n; i++ {
		z := 0.0
		for j := 0; j < d; j++ {
			v := r.NormFloat64()
			x.Set(i, j, v)
			z += w[j] * v
		}
		if z > 0 {
			y[i] = 1
		}
		if r.Float64() < 0.1 {
			y[i] = 1 - y[i]
		}
		s[i] = float64(2*y[i] - 1)
	}
	return x, y, s
}

func BenchmarkDecisionTree1e5x20(b *testing.B) {
	x, y, _ := benchData(100_000, 20)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (DecisionTree{}).Fit(x, y); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLogistic1e5x20(b *testing.B) {
	x, y, _ := benchData(100_000, 20)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (LogisticRegression{}).Fit(x, y); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSVM1e5x20(b *testing.B) {
	x, y, _ := benchData(100_000, 20)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (SVM{Intercept: true, Seed: 1}).Fit(x, y); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkKNN(b *testing.B) {
	x, y, _ := benchData(4000, 64)
	q, _, _ := benchData(1000, 64)
	m, _ := KNN{Neighbors: 3}.Fit(x, y)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.Predict(q); err != nil {
			b.Fatal(err)
		}
	}
}
