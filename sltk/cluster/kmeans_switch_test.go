package cluster

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/kernel"
	"gonum.org/v1/gonum/mat"
)

// refNearest is the nearest-centroid rule written out from its definition: squared Euclidean
// distance summed in coordinate order, ties to the smaller index.
func refNearest(x, cent []float64, k, d int) (int, float64) {
	best, bj := math.Inf(1), 0
	for j := range k {
		s := 0.0
		for t := range d {
			u := x[t] - cent[j*d+t]
			s += u * u
		}
		if s < best {
			best, bj = s, j
		}
	}
	return bj, best
}

// TestKMKernelSwitch covers the switch of the k-means assignment between the four-row kernel
// (where kernel.Asm() and K ≤ kmMaxKP = 256) and the row-by-row kmNearest (K > 256, or
// without the assembly), at K = 255, 256, 257, and the switch inside the kernel path between
// quads of rows and the 0–3 rows left over (n ≡ 0, 1, 2, 3 mod 4), with d = 1, many exact ties
// (small integers) and duplicated centroids, on one worker and on four. The reference is
// refNearest per row; counts must match exactly, the cost and sums to rounding.
func TestKMKernelSwitch(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, k := range []int{1, 255, 256, 257} {
		for _, n := range []int{k, k + 1, k + 2, k + 3, 2*kmMinBlock + 5} {
			for _, d := range []int{1, 3} {
				x := make([]float64, n*d)
				for i := range x {
					x[i] = float64(rng.IntN(7))
				}
				cent := make([]float64, k*d)
				for i := range cent {
					cent[i] = float64(rng.IntN(7)) + 0.5*float64(rng.IntN(2))
				}
				if k > 1 {
					copy(cent[(k-1)*d:], cent[:d]) // a duplicated centroid: always the tie loser
				}
				data, err := kmPrepare("KMeans.Fit", mat.NewDense(n, d, x))
				if err != nil {
					t.Fatal(err)
				}
				for _, workers := range []int{1, 4} {
					e := kmNewEngine(data, k, workers)
					if want := kernel.Asm() && k <= kmMaxKP; (e.ct != nil) != want {
						t.Fatalf("K = %d: kernel in use %v, want %v", k, e.ct != nil, want)
					}
					e.assign(cent)
					counts := make([]int, k)
					sums := make([]float64, k*d)
					cost := 0.0
					for i := range n {
						j, s := refNearest(x[i*d:(i+1)*d], cent, k, d)
						if e.labels[i] != j {
							t.Fatalf("K=%d n=%d d=%d workers=%d: row %d label %d, want %d", k, n, d, workers, i, e.labels[i], j)
						}
						counts[j]++
						cost += s
						for c := range d {
							sums[j*d+c] += x[i*d+c]
						}
					}
					for j := range k {
						if e.counts[j] != counts[j] {
							t.Fatalf("K=%d n=%d: count %d = %d, want %d", k, n, j, e.counts[j], counts[j])
						}
					}
					for i := range sums {
						if math.Abs(e.sums[i]-sums[i]) > 1e-9*math.Max(1, math.Abs(sums[i])) {
							t.Fatalf("K=%d n=%d: sum %d = %v, want %v", k, n, i, e.sums[i], sums[i])
						}
					}
					if math.Abs(e.cost-cost) > 1e-9*math.Max(1, cost) {
						t.Fatalf("K=%d n=%d: cost %v, want %v", k, n, e.cost, cost)
					}
				}
			}
		}
	}
}

// TestDAKernelSwitch covers the same switch in deterministic annealing's E-step (daNewState:
// kernel for K ≤ 256) at K = 255, 256, 257, and its exact/approximate switch (daCut: Gibbs
// weights below e^{−40−log n} of a row's nearest are set to 0): the posteriors of one E-pass must
// agree with the exact log-domain Posteriors within e^{−40}, at a high and a low temperature.
func TestDAKernelSwitch(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, k := range []int{255, 256, 257} {
		n, d := k+3, 2
		x := mat.NewDense(n, d, nil)
		for i := range n {
			x.Set(i, 0, rng.NormFloat64())
			x.Set(i, 1, float64(rng.IntN(3)))
		}
		theta := make([]float64, k*d)
		for i := range theta {
			theta[i] = rng.NormFloat64()
		}
		copy(theta[(k-1)*d:], theta[:d])
		st, err := daNewState(x, n, d, k, 2)
		if err != nil {
			t.Fatal(err)
		}
		if want := kernel.Asm() && kmPadK(k) <= kmMaxKP; (st.ct != nil) != want {
			t.Fatalf("K = %d: kernel in use %v, want %v", k, st.ct != nil, want)
		}
		for _, temp := range []float64{3, 1e-3} {
			got := mat.NewDense(n, k, nil)
			st.daStep(theta, temp, got, false)
			want, err := Posteriors(x, mat.NewDense(k, d, theta), temp)
			if err != nil {
				t.Fatal(err)
			}
			for i := range n {
				for j := range k {
					if diff := math.Abs(got.At(i, j) - want.At(i, j)); !(diff <= math.Exp(-40)) {
						t.Fatalf("K=%d T=%g: p(%d↦%d) = %v, exact %v", k, temp, i, j, got.At(i, j), want.At(i, j))
					}
				}
			}
		}
	}
}
