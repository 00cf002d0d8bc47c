package classify

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// The fitted weights must be bit-identical whatever the number of cores.
func TestLogisticSameBitsOnAnyCoreCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n, d := 9000, 5
	x := mat.NewDense(n, d, nil)
	y := make([]int, n)
	for i := 0; i < n; i++ {
		z := 0.0
		for j := 0; j < d; j++ {
			v := rng.NormFloat64()
			x.Set(i, j, v)
			z += float64(j+1) * v
		}
		y[i] = 1
		if z+rng.NormFloat64() < 0 {
			y[i] = 0
		}
	}
	var ref []float64
	for _, procs := range []int{1, 2, 3, 8} {
		old := runtime.GOMAXPROCS(procs)
		m, err := LogisticRegression{L2: 0.1}.Fit(x, y)
		runtime.GOMAXPROCS(old)
		if err != nil {
			t.Fatal(err)
		}
		if ref == nil {
			ref = append(append([]float64{}, m.W...), m.B)
			continue
		}
		got := append(append([]float64{}, m.W...), m.B)
		for j := range ref {
			if got[j] != ref[j] {
				t.Fatalf("GOMAXPROCS=%d: weight %d is %v, with 1 core %v", procs, j, got[j], ref[j])
			}
		}
	}
}
