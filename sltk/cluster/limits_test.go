package cluster

import (
	"errors"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// Counts that drive loops or allocations have limits, and errors name the one field at fault.
func TestLimits(t *testing.T) {
	x := mat.NewDense(6, 1, []float64{0, 0.1, 0.2, 5, 5.1, 5.2})
	_, dErr := Disagreement([]int{0, 1}, []int{1, 0}, 1<<40)
	_, _, pErr := PartitionCost(x, []int{0, 0, 0, 1, 1, 1}, 1<<40)
	_, kErr := KMeans{K: 2, Restarts: 1 << 40}.Fit(x)
	_, sErr := Stability{KMin: 2, KMax: 3, RandomPairs: 1 << 40}.Fit(x)
	_, zErr := Stability{KMin: 2, KMax: 3, Splits: -1}.Fit(x)
	for _, c := range []struct {
		err  error
		is   error
		want string
	}{
		{dErr, ErrTooLarge, "cluster: Disagreement: k = 1099511627776, limit 1024"},
		{pErr, ErrParam, "cluster: PartitionCost: k = 1099511627776, want 1 ≤ k ≤ n = 6"},
		{kErr, ErrTooLarge, "cluster: KMeans.Fit: Restarts = 1099511627776"},
		{sErr, ErrTooLarge, "cluster: Stability.Fit: RandomPairs = 1099511627776, limit 65536"},
		{zErr, ErrParam, "cluster: Stability.Fit: Splits = -1, want ≥ 1"},
	} {
		if !errors.Is(c.err, c.is) || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("got %v, want %v with %q", c.err, c.is, c.want)
		}
	}
}

// Data times 1e307 would overflow squared distances: a clear error instead of a silent +Inf cost.
func TestHugeValues(t *testing.T) {
	x := mat.NewDense(4, 1, []float64{0, 1e307, 2e307, 3e307})
	_, err := KMeans{K: 2}.Fit(x)
	if !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), "cluster: KMeans.Fit: x[1,0] = 1e+307: squares would overflow") {
		t.Errorf("KMeans on 1e307·x: %v", err)
	}
}
