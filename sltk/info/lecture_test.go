package info

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestLectureAEPNeedsTheLog checks the corrected asymptotic equipartition property (Theorem 24
// prints −(1/n) p(S₁..Sₙ) → H(S), without the logarithm): for a Bernoulli(0.3) source and
// n = 2000, −(1/n) log₂ p(S₁..Sₙ) is within 0.03 of h(0.3) ≈ 0.881, while the printed quantity
// is below 10⁻¹⁰⁰, nowhere near H.
func TestLectureAEPNeedsTheLog(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 30))
	const n = 2000
	var logp float64
	for range n {
		if rng.Float64() < 0.3 {
			logp += math.Log2(0.3)
		} else {
			logp += math.Log2(0.7)
		}
	}
	h := BinaryEntropy(0.3)
	if got := -logp / n; math.Abs(got-h) > 0.03 {
		t.Errorf("−(1/n) log₂ p = %g, want ≈ H = %g", got, h)
	}
	if printed := math.Exp2(logp) / n; printed > 1e-100 {
		t.Errorf("−(1/n) p = %g, expected ≈ 0", printed)
	}
}

// TestLectureRepetitionCodeRate checks the corrected Example 10: the n-repetition code has
// M = 2 words, a (2, n)-code of rate 1/n; the naïve code with all 2ⁿ words of length n is the
// (2ⁿ, n)-code of rate 1 that the example describes.
func TestLectureRepetitionCodeRate(t *testing.T) {
	for _, n := range []int{1, 3, 5, 8} {
		rep, err := RepetitionCode(n)
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Words) != 2 || math.Abs(rep.Rate()-1/float64(n)) > 1e-15 {
			t.Errorf("n = %d: %d words, rate %g, want 2 and 1/n", n, len(rep.Words), rep.Rate())
		}
		naive := &Code{}
		for w := range 1 << n {
			word := make([]int, n)
			for b := range word {
				word[b] = (w >> (n - 1 - b)) & 1
			}
			naive.Words = append(naive.Words, word)
		}
		if math.Abs(naive.Rate()-1) > 1e-15 {
			t.Errorf("n = %d: naïve code rate %g, want 1", n, naive.Rate())
		}
	}
}
