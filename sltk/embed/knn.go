package embed

import (
	"fmt"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/internal/neighbors"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/mat"
)

// Sentinel errors, those of package errs under the same names (errors.Is works with either):
// ErrEmpty and ErrNotFinite for bad data, ErrSingular for a failed factorisation, ErrParam for options out of range (among them a
// neighbourhood size LLE cannot use: Neighbors must exceed Components and be smaller than the
// number of points), ErrDisconnected for a k-nearest-neighbour graph with several components:
// the bottom of the spectrum of G is then degenerate (one zero eigenvalue per component) and
// the embedding is meaningless. A larger Neighbors usually connects the graph.
var (
	ErrEmpty        = errs.ErrEmpty
	ErrNotFinite    = errs.ErrNotFinite
	ErrParam        = errs.ErrParam
	ErrNotFitted    = errs.ErrNotFitted
	ErrSingular     = errs.ErrSingular
	ErrDisconnected = errs.ErrDisconnected
)

// rowsOf validates x (not nil, not empty, finite) and returns its rows as slices of one
// row-major array (internal/check.Rows; no copy for a contiguous *mat.Dense, so the rows must
// not be written to).
func rowsOf(fn string, x mat.Matrix) ([][]float64, error) {
	data, p, d, err := check.Rows("x", x)
	if err != nil {
		return nil, fmt.Errorf("embed: %s: %w", fn, err)
	}
	rows := make([][]float64, p)
	for i := range rows {
		rows[i] = data[i*d : (i+1)*d : (i+1)*d]
	}
	return rows, nil
}

// Neighbors returns, for every row of x, the indices of its k nearest other rows in
// Euclidean distance, nearest first (ties broken by the smaller index). It builds a gonum
// k-d tree (the search is shared with classify.KNN): O(p log p) to build and about
// O(k log p) per query in low dimension, against O(p²) for brute force (ML chapter 4 (Clustering
// and embedding) §4.4.1). Data beyond 1e150 in magnitude is divided by its largest entry first, as
// LLE.Fit does, so that squared distances do not overflow to +Inf (which made every point tie); the
// neighbours are those LLE.Fit finds.
func Neighbors(x mat.Matrix, k int) ([][]int, error) {
	rows, err := rowsOf("Neighbors", x)
	if err != nil {
		return nil, err
	}
	rows, _ = scaledRows(rows)
	return neighbours("Neighbors", rows, k)
}

func neighbours(fn string, rows [][]float64, k int) ([][]int, error) {
	p := len(rows)
	if k < 1 || k >= p {
		return nil, fmt.Errorf("embed: %s: Neighbors = %d, want in [1, %d) (the number of points): %w", fn, k, p, ErrParam)
	}
	tree := neighbors.NewTree(rows)
	out := make([][]int, p)
	// The queries only read the tree and each writes its own row: split over the cores.
	par.Chunks(p, 64, func(lo, hi int) {
		buf := make([]neighbors.Neighbor, 0, k)
		for i := lo; i < hi; i++ {
			buf = tree.Nearest(rows[i], k, i, buf)
			nb := make([]int, k)
			for j, v := range buf {
				nb[j] = v.Index
			}
			out[i] = nb
		}
	})
	return out, nil
}

// components counts the connected components of the symmetrised neighbour graph.
func components(nb [][]int) int {
	parent := make([]int, len(nb))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	c := len(nb)
	for i, row := range nb {
		for _, j := range row {
			a, b := find(i), find(j)
			if a != b {
				parent[a] = b
				c--
			}
		}
	}
	return c
}
