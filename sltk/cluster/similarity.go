package cluster

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/internal/kernel"
	"github.com/sltk-book/sltk/sltk/internal/matgraph"
	"github.com/sltk-book/sltk/sltk/internal/neighbors"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/mat"
)

// MaxGraphVertices caps the number of vertices of the dense similarity graphs of spectral
// clustering: an n×n matrix of 10⁴ vertices takes 800 MB. Larger inputs return an error
// wrapping errs.ErrTooLarge.
const MaxGraphVertices = 10000

// The similarity graphs of AFDS chapter 5 (High-dimensional data) §5.6 (and von Luxburg's tutorial)
// are n×n symmetric matrices S ≥ 0 with S_ii = 0: a self-similarity adds a loop, which changes no
// cut and no unnormalised Laplacian, and scikit-learn's Laplacians drop it too. They are stored
// dense (both triangles filled), which is what the spectral methods below multiply by.

// graphInput validates the n×d data of a similarity graph.
func graphInput(fn string, x mat.Matrix) ([]float64, int, int, error) {
	data, n, d, cerr := check.Rows("x", x)
	if cerr != nil {
		return nil, 0, 0, fmt.Errorf("cluster: %s: %w", fn, cerr)
	}
	if n > MaxGraphVertices {
		return nil, 0, 0, fmt.Errorf("cluster: %s: %d rows exceed MaxGraphVertices = %d: %w", fn, n, MaxGraphVertices, errs.ErrTooLarge)
	}
	return data, n, d, nil
}

func sqDist(a, b []float64) float64 {
	var s float64
	for j, v := range a {
		t := v - b[j]
		s += t * t
	}
	return s
}

// pairGraph fills S_ij = w(‖x_i − x_j‖²) for i ≠ j, rows in parallel: w maps a whole row of
// squared distances in place (so that the Gaussian weights take one call of the vector
// exponential per row), and the diagonal is set to 0 after it. Cost O(n²·d).
func pairGraph(data []float64, n, d int, w func(row []float64)) *mat.SymDense {
	s := make([]float64, n*n)
	par.Chunks(n, 64, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			xi, row := data[i*d:(i+1)*d], s[i*n:(i+1)*n]
			for j := range n {
				row[j] = sqDist(xi, data[j*d:(j+1)*d])
			}
			w(row)
			row[i] = 0
		}
	})
	return mat.NewSymDense(n, s)
}

// GaussianGraph returns the Gaussian similarity S_ij = exp(−Gamma·‖x_i − x_j‖²) of the rows of
// x (Example 5.32 is Gamma = 1; scikit-learn's "rbf" affinity), a complete graph with weights
// in (0, 1], each within 5·10⁻¹⁶ relative of math.Exp's value (the vector exponential of
// internal/kernel, one call per row). Errors wrap errs.ErrEmpty, errs.ErrNotFinite,
// errs.ErrParam (Gamma ≤ 0) or errs.ErrTooLarge (more than MaxGraphVertices rows). Cost
// O(n²·d) time, O(n²) memory.
func GaussianGraph(x mat.Matrix, gamma float64) (*mat.SymDense, error) {
	data, n, d, err := graphInput("GaussianGraph", x)
	if err != nil {
		return nil, err
	}
	if !(gamma > 0) || math.IsInf(gamma, 1) {
		return nil, fmt.Errorf("cluster: GaussianGraph: Gamma = %v, want a finite value > 0: %w", gamma, errs.ErrParam)
	}
	return pairGraph(data, n, d, func(row []float64) {
		for j, d2 := range row {
			row[j] = -gamma * d2
		}
		kernel.Exp(row, row)
	}), nil
}

// EpsilonGraph returns the ε-neighbourhood graph: S_ij = 1 when 0 < ‖x_i − x_j‖ ≤ eps or the two
// points coincide (i ≠ j), 0 otherwise. Errors as GaussianGraph (ErrParam for eps ≤ 0).
// Cost O(n²·d).
func EpsilonGraph(x mat.Matrix, eps float64) (*mat.SymDense, error) {
	data, n, d, err := graphInput("EpsilonGraph", x)
	if err != nil {
		return nil, err
	}
	if !(eps > 0) || math.IsInf(eps, 1) {
		return nil, fmt.Errorf("cluster: EpsilonGraph: eps = %v, want a finite value > 0: %w", eps, errs.ErrParam)
	}
	e2 := eps * eps
	return pairGraph(data, n, d, func(row []float64) {
		for j, d2 := range row {
			row[j] = 0
			if d2 <= e2 {
				row[j] = 1
			}
		}
	}), nil
}

// KNNGraph returns the symmetrised k-nearest-neighbour graph S = (C + Cᵀ)/2, where C_ij = 1
// when x_j is one of the Neighbors nearest rows of x_i (i excluded; ties to the smaller index):
// weight 1 for mutual neighbours and 1/2 for one-sided ones. Neighbors counts other points
// only, while scikit-learn's n_neighbors counts the point itself (kneighbors_graph with
// include_self=True, which SpectralClustering's "nearest_neighbors" affinity uses): KNNGraph(x,
// k) equals that affinity for n_neighbors = k+1 off the diagonal, and the diagonal, where
// scikit-learn has 1, does not enter a Laplacian (TestKNNGraphMatchesSklearn). Neighbours come
// from an exact k-d tree (gonum spatial/kdtree). Errors as GaussianGraph (ErrParam for
// Neighbors outside [1, n−1]). Cost O(n·log n + n·Neighbors) searches in low dimension, O(n²)
// memory.
func KNNGraph(x mat.Matrix, neighborsK int) (*mat.SymDense, error) {
	data, n, d, err := graphInput("KNNGraph", x)
	if err != nil {
		return nil, err
	}
	if neighborsK < 1 || neighborsK > n-1 {
		return nil, fmt.Errorf("cluster: KNNGraph: Neighbors = %d, want 1 ≤ Neighbors ≤ n−1 = %d: %w", neighborsK, n-1, errs.ErrParam)
	}
	rows := make([][]float64, n)
	for i := range rows {
		rows[i] = data[i*d : (i+1)*d]
	}
	tree := neighbors.NewTree(rows)
	s := make([]float64, n*n)
	var buf []neighbors.Neighbor
	for i := range n {
		buf = tree.Nearest(rows[i], neighborsK, i, buf)
		for _, nb := range buf {
			s[i*n+nb.Index] += 0.5
			s[nb.Index*n+i] += 0.5
		}
	}
	return mat.NewSymDense(n, s), nil
}

// similarityInput validates a similarity matrix: not nil or empty, finite, nonnegative, at
// most MaxGraphVertices vertices. It returns the order and the degrees d_i = Σ_{j≠i} S_ij.
func similarityInput(fn string, s mat.Symmetric) (int, []float64, error) {
	n, _, cerr := check.Matrix("s", s)
	if cerr != nil {
		return 0, nil, fmt.Errorf("cluster: %s: %w", fn, cerr)
	}
	if n > MaxGraphVertices {
		return 0, nil, fmt.Errorf("cluster: %s: %d vertices exceed MaxGraphVertices = %d: %w", fn, n, MaxGraphVertices, errs.ErrTooLarge)
	}
	deg := make([]float64, n)
	if sd, ok := s.(*mat.SymDense); ok && sd.RawSymmetric().Uplo == blas.Upper {
		// The stored triangle row by row, each value added to both degrees: the same sums in
		// the same order as the loop below (deg[i] gets S_ji for j < i, then S_ij for j > i),
		// and the same first negative value, without an interface call per entry.
		raw := sd.RawSymmetric()
		for i := range n {
			row := raw.Data[i*raw.Stride : i*raw.Stride+n]
			if v := row[i]; v < 0 {
				return 0, nil, negativeSimilarity(fn, i, i, v)
			}
			for j := i + 1; j < n; j++ {
				v := row[j]
				if v < 0 {
					return 0, nil, negativeSimilarity(fn, i, j, v)
				}
				deg[i] += v
				deg[j] += v
			}
		}
		return n, deg, nil
	}
	for i := range n {
		for j := range n {
			v := s.At(i, j)
			if v < 0 {
				return 0, nil, negativeSimilarity(fn, i, j, v)
			}
			if j != i {
				deg[i] += v
			}
		}
	}
	return n, deg, nil
}

func negativeSimilarity(fn string, i, j int, v float64) error {
	return fmt.Errorf("cluster: %s: s[%d,%d] = %v, want similarities ≥ 0: %w", fn, i, j, v, errs.ErrParam)
}

// Laplacian returns the (unnormalised) Laplacian L = D − S of the similarity matrix s
// (Definition 5.33), D = diag(d_i) with the degrees d_i = Σ_{j≠i} S_ij. L is symmetric positive
// semi-definite (Lemma 5.34: vᵀLv = ½ Σ_ij S_ij (v_i − v_j)², Corollary 5.35), L1 = 0, and the
// multiplicity of its eigenvalue 0 is the number of connected components of the graph S > 0.
// Errors wrap errs.ErrEmpty, errs.ErrNotFinite, errs.ErrParam (a negative similarity) or
// errs.ErrTooLarge. Cost O(n²).
func Laplacian(s mat.Symmetric) (*mat.SymDense, error) {
	n, deg, err := similarityInput("Laplacian", s)
	if err != nil {
		return nil, err
	}
	l := mat.NewSymDense(n, nil)
	for i := range n {
		for j := i + 1; j < n; j++ {
			l.SetSym(i, j, -s.At(i, j))
		}
		l.SetSym(i, i, deg[i])
	}
	return l, nil
}

// NormalizedLaplacian returns the symmetric normalised Laplacian
// L_sym = I − D^{−1/2} S D^{−1/2} (Ng, Jordan & Weiss; von Luxburg §3.2), whose spectrum lies in
// [0, 2]. An isolated vertex (degree 0) makes D^{−1/2} undefined: the error then wraps
// errs.ErrDisconnected. Other errors as Laplacian. Cost O(n²).
func NormalizedLaplacian(s mat.Symmetric) (*mat.SymDense, error) {
	n, deg, err := similarityInput("NormalizedLaplacian", s)
	if err != nil {
		return nil, err
	}
	inv, err := invSqrtDegrees("NormalizedLaplacian", deg)
	if err != nil {
		return nil, err
	}
	l := mat.NewSymDense(n, nil)
	for i := range n {
		for j := i + 1; j < n; j++ {
			l.SetSym(i, j, -s.At(i, j)*inv[i]*inv[j])
		}
		l.SetSym(i, i, 1)
	}
	return l, nil
}

func invSqrtDegrees(fn string, deg []float64) ([]float64, error) {
	inv := make([]float64, len(deg))
	for i, d := range deg {
		if !(d > 0) {
			return nil, fmt.Errorf("cluster: %s: vertex %d has degree 0 (isolated), so D^−1/2 does not exist: %w", fn, i, errs.ErrDisconnected)
		}
		inv[i] = 1 / math.Sqrt(d)
	}
	return inv, nil
}

// Components is ConnectedComponents; in the vocabulary Components is a number of output
// dimensions, not a graph's components.
//
// Deprecated: use ConnectedComponents.
func Components(s mat.Symmetric) ([]int, int, error) { return ConnectedComponents(s) }

// ConnectedComponents labels every vertex of the graph S > 0 with its connected component
// (numbered in order of their smallest vertex) and returns the number of components, using
// gonum's graph/topo on the matrix's nonzero pattern. Errors as Laplacian. Cost O(n²).
func ConnectedComponents(s mat.Symmetric) ([]int, int, error) {
	if _, _, err := similarityInput("ConnectedComponents", s); err != nil {
		return nil, 0, err
	}
	labels, k := matgraph.Components(s)
	return labels, k, nil
}
