package classify

import (
	"math/rand/v2"
	"syscall"
	"testing"

	"github.com/sltk-book/sltk/sltk/synth"
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

// benchCPU returns the process's user plus system CPU time in nanoseconds: on a shared machine
// it varies far less than the wall-clock ns/op.
func benchCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// benchWorkload times run as the bench rows do (fit and predict on the workload's size) and
// reports the CPU time per run beside the wall time.
func benchWorkload(b *testing.B, run func()) {
	b.ReportAllocs()
	cpu0 := benchCPU()
	for b.Loop() {
		run()
	}
	b.ReportMetric(float64(benchCPU()-cpu0)/float64(b.N), "cpu-ns/op")
}

// BenchmarkRows1e5x20 runs the bench rows "logistic regression (L2, lbfgs)" and "linear SVM
// (hinge, C=1)": fit on 10^5×20 and predict 2·10^4 rows.
func BenchmarkRows1e5x20(b *testing.B) {
	x, y, _ := benchData(120_000, 20)
	xtr, xte := x.Slice(0, 100_000, 0, 20).(*mat.Dense), x.Slice(100_000, 120_000, 0, 20).(*mat.Dense)
	ytr := y[:100_000]
	b.Run("logistic", func(b *testing.B) {
		benchWorkload(b, func() {
			m, err := LogisticRegression{L2: 1, Tol: 1e-6}.Fit(xtr, ytr)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := m.Predict(xte); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("svm", func(b *testing.B) {
		benchWorkload(b, func() {
			m, err := SVM{C: 1, Intercept: true, Tol: 0.1, Seed: 1}.Fit(xtr, ytr)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := m.Predict(xte); err != nil {
				b.Fatal(err)
			}
		})
	})
}

// BenchmarkKNNBlobs runs the bench row "k-NN (k=3) blobs 10^5 train × 64 / 1000 test": 10
// overlapping blobs in 64 dimensions, fit and predict.
func BenchmarkKNNBlobs(b *testing.B) {
	const n, m, d = 100_000, 1000, 64
	x, lab, _, err := synth.Blobs{N: n + m, K: 10, Dim: d, Std: 12, Seed: 7}.Generate()
	if err != nil {
		b.Fatal(err)
	}
	xtr, xte := mat.DenseCopyOf(x.Slice(0, n, 0, d)), mat.DenseCopyOf(x.Slice(n, n+m, 0, d))
	benchWorkload(b, func() {
		mod, err := KNN{Neighbors: 3}.Fit(xtr, lab[:n])
		if err != nil {
			b.Fatal(err)
		}
		if _, err := mod.Predict(xte); err != nil {
			b.Fatal(err)
		}
	})
}
