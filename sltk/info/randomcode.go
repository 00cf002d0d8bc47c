package info

import (
	"fmt"
	"math/rand/v2"
)

// MaxCodes caps the number of random codes RandomCodeError averages over.
const MaxCodes = 1 << 20

// RandomCodeError estimates the error probability of Shannon's random code (§10.4.4) averaged
// over the random choice of the code, the quantity P(E) = Σ_K P(K) P_e(K) that the proof of
// the coding theorem bounds. It draws codes independent (M, n)-codes with M = ⌊2^{n·rate}⌋
// words, each letter from p (the capacity-achieving input), and measures each with
// Code.ErrorRate (maximum-likelihood decoding) over trials transmissions through ch. Code k
// and its transmissions are seeded by (seed, k, n), so the estimate is reproducible. Cost
// codes·trials·M·n: codes ≤ MaxCodes, trials ≤ MaxTrials, M·n ≤ MaxCodeLetters and the product
// ≤ MaxCodeWork (ErrTooLarge beyond, before any code is drawn).
func RandomCodeError(ch *Channel, n int, rate float64, p []float64, codes, trials int,
	seed uint64) (float64, error) {
	if ch == nil {
		return 0, fmt.Errorf("info: RandomCodeError: nil channel: %w", ErrParam)
	}
	if codes < 1 {
		return 0, fmt.Errorf("info: RandomCodeError: codes = %d, want ≥ 1: %w", codes, ErrParam)
	}
	if trials < 1 {
		return 0, fmt.Errorf("info: RandomCodeError: trials = %d, want ≥ 1: %w", trials, ErrParam)
	}
	m, err := randomCodeSize("RandomCodeError", n, rate)
	if err != nil {
		return 0, err
	}
	switch {
	case codes > MaxCodes:
		return 0, fmt.Errorf("info: RandomCodeError: codes = %d, limit %d: %w", codes, MaxCodes, ErrTooLarge)
	case trials > MaxTrials:
		return 0, fmt.Errorf("info: RandomCodeError: trials = %d, limit %d: %w", trials, MaxTrials, ErrTooLarge)
	case codes > MaxCodeWork/trials/(m*n):
		return 0, fmt.Errorf("info: RandomCodeError: codes·trials·M·n = %d·%d·%d·%d, limit %d: %w", codes, trials, m, n, MaxCodeWork, ErrTooLarge)
	}
	var sum float64
	for k := range codes {
		rng := rand.New(rand.NewPCG(seed^uint64(k), uint64(n)))
		code, err := RandomCode(rng, n, rate, p)
		if err != nil {
			return 0, fmt.Errorf("info: RandomCodeError: %w", err)
		}
		e, err := code.ErrorRate(ch, trials, seed+uint64(k))
		if err != nil {
			return 0, fmt.Errorf("info: RandomCodeError: %w", err)
		}
		sum += e
	}
	return sum / float64(codes), nil
}
