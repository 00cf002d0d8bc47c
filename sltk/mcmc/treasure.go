package mcmc

import (
	"fmt"
	"math"
)

// TreasureMinimum is the global minimiser c* = 19 of TreasureLandscape.
const TreasureMinimum = 19

// TreasureLandscape returns a fresh copy of the cost R(c) on the 25 states {0, …, 24} of the
// treasure-hunter example (SLT chapter 2 (MCMC and simulated annealing) §2.4, Fig. 2.1). The
// lecture draws the landscape without numbers; this one has what its text asks for: a walker
// starting at c = 0 must cross three local minima, at 4, 9 and 14 (costs 1, 0.8 and 0.6), before it
// reaches the global minimum c* = 19 (cost 0). Peaks of cost 5 separate the basins, so leaving them
// means climbing 4, 4.2 and 4.4. Cost O(25).
func TreasureLandscape() []float64 {
	return []float64{8, 6, 4, 2, 1, 3, 5, 4, 2, 0.8, 3, 5, 3, 1.5, 0.6, 3, 5, 2.5, 1, 0, 2, 4, 6,
		8, 10}
}

// LogGibbs returns the unnormalised log-probabilities −R(c)/T of the Gibbs distribution of the
// costs at temperature T, the log target that MetropolisMatrix and MH take (the normaliser is
// never needed: Metropolis–Hastings uses only differences). It fails on empty or non-finite
// costs and on a temperature that is not finite and positive. Cost O(len(costs)).
func LogGibbs(costs []float64, T float64) ([]float64, error) {
	if len(costs) == 0 {
		return nil, fmt.Errorf("mcmc: LogGibbs of no costs: %w", ErrEmpty)
	}
	if !(T > 0) || math.IsInf(T, 0) {
		return nil, fmt.Errorf("mcmc: LogGibbs at T = %g, want finite T > 0: %w", T, ErrParam)
	}
	out := make([]float64, len(costs))
	for c, r := range costs {
		if math.IsNaN(r) || math.IsInf(r, 0) {
			return nil, fmt.Errorf("mcmc: LogGibbs: cost[%d] = %g: %w", c, r, ErrNotFinite)
		}
		out[c] = -r / T
		if math.IsInf(out[c], 0) {
			return nil, fmt.Errorf("mcmc: LogGibbs: cost[%d]/T = %g/%g overflows: %w", c, r, T, ErrNotFinite)
		}
	}
	return out, nil
}

// LocalMinima returns, in increasing order, the states of a cost on the path 0 – 1 – … – n−1
// whose cost is strictly below that of each neighbour (an end state has one neighbour): the
// basins in which a walker that only steps ±1 can get stuck. Cost O(n).
func LocalMinima(costs []float64) []int {
	var out []int
	for c, r := range costs {
		if (c == 0 || r < costs[c-1]) && (c == len(costs)-1 || r < costs[c+1]) {
			out = append(out, c)
		}
	}
	return out
}
