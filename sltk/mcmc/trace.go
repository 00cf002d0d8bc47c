package mcmc

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/errs"
)

// LogSpaced picks the steps of an integer trace (a state size per step, as MatchingChain.Run
// returns) at geometrically spaced times 1, ⌊ratio⌋, ⌊ratio²⌋, … below len(trace), each step
// once, for a plot on a logarithmic time axis: ratio 1.03 gives about 78 points per decade
// once the steps are more than 33 apart. It returns the steps and the trace values there as
// float64. A trace shorter than 2 or a ratio not in (1, 2^10] is an error (errs.ErrEmpty,
// errs.ErrParam). Cost O(log(len(trace))/log(ratio)).
func LogSpaced(trace []int, ratio float64) (ts, ys []float64, err error) {
	switch {
	case len(trace) < 2:
		return nil, nil, fmt.Errorf("mcmc: LogSpaced: trace of %d steps, want ≥ 2: %w", len(trace), errs.ErrEmpty)
	case !(ratio > 1 && ratio <= 1<<10):
		return nil, nil, fmt.Errorf("mcmc: LogSpaced: ratio = %v, want in (1, 1024]: %w", ratio, errs.ErrParam)
	}
	last := 0
	for t := 1.0; t < float64(len(trace)); t *= ratio {
		if i := int(math.Floor(t)); i > last {
			ts, ys = append(ts, float64(i)), append(ys, float64(trace[i]))
			last = i
		}
	}
	return ts, ys, nil
}

// WindowMean is the mean of trace[from:to], the time average of a run over a window of steps.
// An empty or out-of-range window is an error (errs.ErrParam). Cost O(to − from).
func WindowMean(trace []int, from, to int) (float64, error) {
	if from < 0 || to > len(trace) || from >= to {
		return 0, fmt.Errorf("mcmc: WindowMean: window [%d, %d) of a trace of %d steps: %w",
			from, to, len(trace), errs.ErrParam)
	}
	m := 0.0
	for i, x := range trace[from:to] {
		m += (float64(x) - m) / float64(i+1)
	}
	return m, nil
}
