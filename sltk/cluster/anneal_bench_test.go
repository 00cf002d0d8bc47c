package cluster

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"gonum.org/v1/gonum/mat"
)

// daBenchData draws n points around 16 random centres in d dimensions.
func daBenchData(n, d int) *mat.Dense {
	rng := rand.New(rand.NewPCG(42, uint64(d)))
	centres := make([][]float64, 16)
	for c := range centres {
		centres[c] = make([]float64, d)
		for j := range centres[c] {
			centres[c][j] = 10 * rng.Float64()
		}
	}
	x, _ := daBlobs(centres, n/16, 0.7, 1, 43)
	return x
}

// DABench is the annealing configuration shared by the benchmarks and the bench/ harness row.
var daBenchConfig = DA{K: 16, Schedule: gibbs.Schedule{Cooling: 0.8}, Tol: 1e-5, MaxIter: 200, Seed: 1}

func benchmarkDA(b *testing.B, d int) {
	x := daBenchData(100_000, d)
	b.ReportAllocs()
	b.ResetTimer()
	var iters int
	for b.Loop() {
		res, err := daBenchConfig.Fit(x)
		if err != nil {
			b.Fatal(err)
		}
		iters = res.Iter
	}
	b.ReportMetric(float64(iters), "inner-iter/op")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(iters), "ns/inner-iter")
}

// BenchmarkDA1e5d2K16 anneals 10^5 points in 2-D with 16 centroids through the full schedule.
func BenchmarkDA1e5d2K16(b *testing.B) { benchmarkDA(b, 2) }

// BenchmarkDA1e5d10K16 anneals 10^5 points in 10-D with 16 centroids through the full schedule.
func BenchmarkDA1e5d10K16(b *testing.B) { benchmarkDA(b, 10) }

func ExampleDA() {
	x, _ := daBlobs([][]float64{{0, 0}, {6, 0}, {3, 5}}, 50, 0.6, 1, 1)
	res, _ := DA{K: 3, Schedule: gibbs.Schedule{Cooling: 0.9}, Seed: 1}.Fit(x)
	fmt.Printf("T_c = 2·λ_max = %.2f, first split at T = %.2f\n", res.Tc, res.Splits[0])
	fmt.Printf("distinct centroids at the end: %d, k-means cost %.1f\n", res.Levels[len(res.Levels)-1].Distinct, res.Cost)
	// Output:
	// T_c = 2·λ_max = 13.48, first split at T = 13.27
	// distinct centroids at the end: 3, k-means cost 103.0
}
