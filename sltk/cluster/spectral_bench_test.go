package cluster

import (
	"testing"

	"github.com/sltk-book/sltk/sltk/synth"
)

// BenchmarkSpectralMoons3000 is the bench row's workload: 3000 moons, Gaussian graph γ = 30,
// random-walk normalisation (scikit-learn's SpectralClustering), graph construction included.
func BenchmarkSpectralMoons3000(b *testing.B) {
	x, _, _ := synth.Moons{N: 3000, Noise: 0.05, Seed: 1}.Generate()
	b.ReportAllocs()
	for b.Loop() {
		s, err := GaussianGraph(x, 30)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := (SpectralClustering{K: 2, Normalization: RandomWalk, Seed: 1}).Fit(s); err != nil {
			b.Fatal(err)
		}
	}
}
