// Package assign solves the linear assignment problem for the other sltk packages: matching
// recovered ICA components to true sources (ica.Match) and relabelling one clustering to agree
// with another (metrics.Disagreement). It is internal because it is a building block, not part
// of the textbook's API.
package assign

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/errs"
)

// ErrInput reports an empty, ragged or non-finite cost matrix; it is an errs.ErrParam.
var ErrInput = errs.New("assign: invalid cost matrix", errs.ErrParam)

// Hungarian solves the linear assignment problem of an n×m cost matrix: it returns match with
// match[i] the column given to row i, all columns distinct, such that Σ_i cost[i][match[i]] is
// smallest. For n ≤ m every row gets a column; for n > m only m rows do and the others get −1.
// To maximise a score (agreements, |correlations|), pass its negation.
//
// The method is the Hungarian algorithm with shortest augmenting paths and dual potentials
// (Kuhn–Munkres in the Jonker–Volgenant form), O(n²·m) time and O(n + m) extra memory, O(k³)
// for a square k×k matrix. It is written here because gonum has no assignment solver.
//
// Cost entries must be finite; an empty matrix, ragged rows, NaN or ±Inf return an error
// wrapping ErrInput.
func Hungarian(cost [][]float64) ([]int, error) {
	n := len(cost)
	if n == 0 || len(cost[0]) == 0 {
		return nil, fmt.Errorf("assign: Hungarian: empty: %w", ErrInput)
	}
	m := len(cost[0])
	for i, row := range cost {
		if len(row) != m {
			return nil, fmt.Errorf("assign: Hungarian: row %d has %d entries, row 0 has %d: %w", i, len(row), m, ErrInput)
		}
		for j, v := range row {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("assign: Hungarian: cost[%d][%d] = %v: %w", i, j, v, ErrInput)
			}
		}
	}
	if n <= m {
		return solve(n, m, func(i, j int) float64 { return cost[i][j] }), nil
	}
	// More rows than columns: assign every column a row on the transpose.
	colToRow := solve(m, n, func(i, j int) float64 { return cost[j][i] })
	match := make([]int, n)
	for i := range match {
		match[i] = -1
	}
	for j, i := range colToRow {
		match[i] = j
	}
	return match, nil
}

// solve assigns each of n rows a distinct one of m ≥ n columns at least total cost c(i, j).
// Rows are added one at a time; each addition grows a shortest-path tree over the columns in
// reduced costs c(i, j) − u_i − v_j until it reaches a free column, then flips the path. Indices
// are 1-based inside, with column 0 a virtual start.
func solve(n, m int, c func(i, j int) float64) []int {
	inf := math.Inf(1)
	u := make([]float64, n+1)
	v := make([]float64, m+1)
	p := make([]int, m+1) // p[j]: row (1-based) assigned to column j, 0 = free
	way := make([]int, m+1)
	minv := make([]float64, m+1)
	used := make([]bool, m+1)
	for i := 1; i <= n; i++ {
		p[0] = i
		j0 := 0
		for j := range minv {
			minv[j], used[j] = inf, false
		}
		for {
			used[j0] = true
			i0, delta, j1 := p[j0], inf, 0
			for j := 1; j <= m; j++ {
				if used[j] {
					continue
				}
				cur := c(i0-1, j-1) - u[i0] - v[j]
				if cur < minv[j] {
					minv[j], way[j] = cur, j0
				}
				if minv[j] < delta {
					delta, j1 = minv[j], j
				}
			}
			for j := 0; j <= m; j++ {
				if used[j] {
					u[p[j]] += delta
					v[j] -= delta
				} else {
					minv[j] -= delta
				}
			}
			j0 = j1
			if p[j0] == 0 {
				break
			}
		}
		for j0 != 0 {
			j1 := way[j0]
			p[j0] = p[j1]
			j0 = j1
		}
	}
	match := make([]int, n)
	for j := 1; j <= m; j++ {
		if p[j] != 0 {
			match[p[j]-1] = j - 1
		}
	}
	return match
}
