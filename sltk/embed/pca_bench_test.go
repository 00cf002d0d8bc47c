package embed

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func benchPCA(b *testing.B, p PCA) {
	rng := rand.New(rand.NewPCG(1, 64))
	x := mat.NewDense(100_000, 64, nil)
	for i := range x.RawMatrix().Data {
		x.RawMatrix().Data[i] = rng.NormFloat64() * float64(1+i%64)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Fit(x); err != nil {
			b.Fatal(err)
		}
	}
}

// The bench rows' sizes: 10⁵×64, K = 10.
func BenchmarkPCAFull1e5x64(b *testing.B) { benchPCA(b, PCA{Components: 10}) }

func BenchmarkPCARandomized1e5x64(b *testing.B) {
	benchPCA(b, PCA{Components: 10, Solver: PCARandomized, Seed: 1})
}
