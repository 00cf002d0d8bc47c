package density

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/floats"
)

// TestLectureCompleteLogLikXij checks the corrected complete-data log-likelihood of the lecture's
// (B.4): with X_ij (not x_j) inside the sum over j, the expectation under the responsibilities
// minus their entropy term equals log p(X | θ) of (B.3), for K = 2, 3, 4 on the movie table.
func TestLectureCompleteLogLikXij(t *testing.T) {
	for _, k := range []int{2, 3, 4} {
		fit, err := BernoulliMixture{K: k, Seed: 3}.Fit(movies)
		if err != nil {
			t.Fatal(err)
		}
		n, d := movies.Dims()
		var skin, vessel, logP float64
		for i := 0; i < n; i++ {
			joint := make([]float64, k)
			for c := 0; c < k; c++ {
				joint[c] = math.Log(fit.Weights[c])
				for j := 0; j < d; j++ {
					x, mu := movies.At(i, j), fit.Means.At(c, j)
					joint[c] += x*math.Log(mu) + (1-x)*math.Log(1-mu)
				}
				if g := fit.Posteriors.At(i, c); g > 0 {
					skin += g * joint[c]
					vessel += g * math.Log(g)
				}
			}
			logP += floats.LogSumExp(joint)
		}
		if math.Abs(skin-vessel-logP) > 1e-8 || math.Abs(logP-float64(n)*fit.LogLik) > 1e-8 {
			t.Fatalf("K=%d: skin − vessel = %.10g, log p(X) = %.10g, fit = %.10g",
				k, skin-vessel, logP, float64(n)*fit.LogLik)
		}
	}
}

// TestLectureFleaArgmaxOverX checks the corrected M-step of the flea (Assumption 3): the
// maximiser is taken over the position x of skin(x, t̂); with it, d(x_i) rises to the optimum.
func TestLectureFleaArgmaxOverX(t *testing.T) {
	phi := func(t float64) float64 { return (1 + math.Sin(t)) / 2 }
	gap := func(x float64) float64 { return 6 + 0.5*(x-0.25) }
	flea := DistanceMax{
		E:   func(x float64) float64 { return math.Asin(2*x - 1) },
		M:   func(t float64) float64 { return math.Min(1, phi(t)+0.25) }, // argmax_x skin(x, t)
		Gap: gap,
	}
	res, err := flea.Run(0.25)
	if err != nil {
		t.Fatal(err)
	}
	if last := res.X[len(res.X)-1]; math.Abs(last-1) > 1e-12 || !res.Converged {
		t.Fatalf("flea ends at %g (converged %v), want 1", last, res.Converged)
	}
}
