package mcmc

import (
	"math"
	"math/rand/v2"
)

// mfKick is the size of the symmetry-breaking perturbation MeanField adds to every
// magnetisation at the start of each temperature.
const mfKick = 1e-6

// kickMeanField adds independent uniform noise in [−mfKick, mfKick] to each magnetisation,
// keeping it in [−1, 1]. m = 0 solves the Ising mean-field equations at every temperature; the
// kick lets the sweeps leave it as soon as it turns unstable (β > β_c), much as thermal noise
// does, while a stable solution absorbs the kick within a few sweeps. Cost O(N).
func kickMeanField(m []float64, rng *rand.Rand) {
	for i, v := range m {
		m[i] = math.Max(-1, math.Min(1, v+mfKick*(2*rng.Float64()-1)))
	}
}
