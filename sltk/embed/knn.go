package embed

import (
	"errors"
	"fmt"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/internal/neighbors"
	"gonum.org/v1/gonum/mat"
)

// Sentinel errors of the package.
var (
	// ErrInput reports empty, ragged or non-finite data and invalid options.
	ErrInput = errors.New("embed: invalid input")
	// ErrNeighbours reports a neighbourhood size that LLE cannot use: K must exceed the
	// embedding dimension and be smaller than the number of points.
	ErrNeighbours = errors.New("embed: too few or too many neighbours")
	// ErrDisconnected reports a K-nearest-neighbour graph with several components: the bottom
	// of the spectrum of G is then degenerate (one zero eigenvalue per component) and the
	// embedding is meaningless. A larger K usually connects the graph.
	ErrDisconnected = errors.New("embed: neighbourhood graph is disconnected")
)

// rowsOf copies x into row slices after checking it is non-empty and finite.
func rowsOf(x mat.Matrix) ([][]float64, error) {
	p, d, err := check.Matrix("x", x)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInput, err)
	}
	rows := make([][]float64, p)
	for i := range rows {
		rows[i] = make([]float64, d)
		mat.Row(rows[i], i, x)
	}
	return rows, nil
}

// Neighbours returns, for every row of x, the indices of its k nearest other rows in
// Euclidean distance, nearest first (ties broken by the smaller index). It builds a gonum
// k-d tree (the search is shared with classify.KNN): O(p log p) to build and about O(k log p) per query in low dimension, against
// O(p²) for brute force (seed 001 §4.4.1).
func Neighbours(x mat.Matrix, k int) ([][]int, error) {
	rows, err := rowsOf(x)
	if err != nil {
		return nil, err
	}
	return neighbours(rows, k)
}

func neighbours(rows [][]float64, k int) ([][]int, error) {
	p := len(rows)
	if k < 1 || k >= p {
		return nil, fmt.Errorf("%w: K = %d neighbours for %d points (need 1 ≤ K < p)", ErrNeighbours, k, p)
	}
	tree := neighbors.NewTree(rows)
	out := make([][]int, p)
	buf := make([]neighbors.Neighbor, 0, k)
	for i := range rows {
		buf = tree.Nearest(rows[i], k, i, buf)
		nb := make([]int, k)
		for j, v := range buf {
			nb[j] = v.Index
		}
		out[i] = nb
	}
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
