package cluster

import (
	"cmp"
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/colsign"
	"github.com/sltk-book/sltk/sltk/internal/matgraph"
	"gonum.org/v1/gonum/mat"
)

// Normalization selects the Laplacian of spectral clustering.
type Normalization int

const (
	// RandomWalk uses the eigenvectors of L_rw = I − D^{−1}S, i.e. D^{−1/2} times those of L_sym
	// (Shi & Malik); it relaxes the normalised cut. It is the zero value because it is
	// scikit-learn's SpectralClustering: its spectral_embedding takes the eigenvectors of the
	// normalised Laplacian L_sym (norm_laplacian=True) and divides row i by √d_i, and k-means
	// clusters those rows unchanged.
	RandomWalk Normalization = iota
	// Symmetric uses L_sym = I − D^{−1/2}SD^{−1/2} and scales every row of the embedding to unit
	// length (Ng, Jordan & Weiss).
	Symmetric
	// Unnormalized uses L = D − S, the lecture's algorithm (AFDS chapter 5 (High-dimensional data) §5.6); it relaxes the ratio
	// cut. Set it explicitly to follow the lecture.
	Unnormalized
)

// denseEigenLimit is the largest n whose Laplacian is diagonalised in full (mat.EigenSym,
// O(n³)); larger graphs use the iterative solver (lanczos) on the K smallest eigenpairs.
// denseFallbackLimit is the largest n for which a failed check of the iterative solver's
// answer falls back to the full eigendecomposition (about 3n² floats, seconds at n = 2000);
// above it the result reports Converged = false instead.
const (
	denseEigenLimit    = 400
	denseFallbackLimit = 2000
)

// SpectralClustering is SPECTRAL CLUSTERING (AFDS chapter 5 (High-dimensional data) §5.6): compute
// a Laplacian of the similarity matrix S, take orthonormal eigenvectors of its K smallest
// eigenvalues as the columns of U (Theorem 5.40: they minimise tr(UᵀLU) over all orthonormal n×K
// matrices, a relaxation of the balanced cut), and cluster the rows of U with k-means (KMeans with
// Restarts starts, k-means++ seeding).
//
// Zero values: Normalization = RandomWalk (scikit-learn's; the lecture's algorithm is
// Unnormalized), Restarts = 10 (scikit-learn's n_init),
// Tol = 1e-10 (eigen-residual ‖Lu − λu‖ relative to the Gershgorin bound of ‖L‖; values below
// 1e-13 are raised to it), MaxIter = min(n, 1000) Lanczos basis vectors, Seed 0 (Lanczos start
// and k-means).
//
// The eigensolver: for n ≤ 400 mat.EigenSym on the whole Laplacian; above, the eigenvectors of
// eigenvalue 0 are the connected components' indicators, written down exactly, and the other
// K − c smallest eigenpairs come from a block Lanczos method on their orthogonal complement
// (see lanczos). Its answer is then checked: every residual ‖Lu − λu‖ within 10·Tol·‖L‖, the
// vectors orthonormal, and exactly c eigenvalues within Tol·‖L‖ of 0. If the check fails (or
// MaxIter is reached) and n ≤ 2000, the full eigendecomposition replaces it (Dense = true);
// above 2000 the result reports Converged = false. A wanted eigenvalue other than 0 of
// multiplicity above K − c + 2 may be missed by the block method; the check cannot see that.
//
// A graph with more than K connected components has more than K zero eigenvalues, and the
// eigenvectors of the K smallest are not determined by the graph: Fit then returns an error
// wrapping errs.ErrDisconnected, as it does for an isolated vertex under a normalised
// Laplacian.
//
// Cost: O(n²) to validate S and find its components (gonum graph/topo); the eigenvectors take
// O(n³) by mat.EigenSym for n ≤ 400 and otherwise O(m·n² + m²·n) for m Lanczos basis vectors
// with full reorthogonalisation, plus O(m³) per Rayleigh–Ritz check (every max(10, m/8)
// vectors) and O(K·n²) for the final check (gonum has no iterative symmetric eigensolver, so
// Lanczos is written here; its projected problems go to mat.EigenSym); a failed check adds
// the O(n³) dense solve (n ≤ 2000). k-means costs O(n·K²) per iteration. Memory O(n² + m·n).
// For example, 2000 points of two moons with a 10-nearest-neighbour graph: K = 2 (two
// components, no iteration) 0.07 s, K = 5 (441 basis vectors) 1.6 s on one shared core.
type SpectralClustering struct {
	K             int
	Normalization Normalization
	Restarts      int
	Tol           float64
	MaxIter       int
	Seed          uint64
}

// SpectralResult is the outcome of SpectralClustering.Fit.
type SpectralResult struct {
	// Labels[i] in [0, K) is the cluster of vertex i.
	Labels []int
	// Embedding is n×K: row i is the point x_i that k-means clustered (after the row
	// normalisation of Symmetric or the D^{−1/2} scaling of RandomWalk). Each eigenvector's
	// largest-magnitude entry is positive.
	Embedding *mat.Dense
	// Eigenvalues are the K smallest eigenvalues of the Laplacian used, ascending.
	Eigenvalues []float64
	// Cost is the k-means objective on the embedding.
	Cost float64
	// Iter is the number of Lanczos basis vectors (0 for n ≤ 400 or when the eigenvalue-0
	// vectors were all K wanted); Converged reports that every eigenpair passed the check of
	// Fit's doc comment; Dense that the eigenpairs came from the full eigendecomposition.
	Iter      int
	Converged bool
	Dense     bool
}

// Fit clusters the vertices of the similarity graph s. Errors wrap errs.ErrEmpty,
// errs.ErrNotFinite, errs.ErrParam (K outside [1, n], a negative similarity, a bad field),
// errs.ErrTooLarge (more than MaxGraphVertices vertices) or errs.ErrDisconnected.
func (sc SpectralClustering) Fit(s mat.Symmetric) (*SpectralResult, error) {
	n, deg, err := similarityInput("SpectralClustering.Fit", s)
	if err != nil {
		return nil, err
	}
	k := sc.K
	switch {
	case k < 1 || k > n:
		return nil, fmt.Errorf("cluster: SpectralClustering.Fit: K = %d, want 1 ≤ K ≤ n = %d: %w", k, n, errs.ErrParam)
	case sc.Normalization < RandomWalk || sc.Normalization > Unnormalized:
		return nil, fmt.Errorf("cluster: SpectralClustering.Fit: Normalization %d is unknown: %w", int(sc.Normalization), errs.ErrParam)
	case sc.Restarts < 0:
		return nil, fmt.Errorf("cluster: SpectralClustering.Fit: Restarts = %d, want ≥ 0: %w", sc.Restarts, errs.ErrParam)
	case sc.MaxIter < 0:
		return nil, fmt.Errorf("cluster: SpectralClustering.Fit: MaxIter = %d, want ≥ 0: %w", sc.MaxIter, errs.ErrParam)
	case sc.Tol < 0 || math.IsNaN(sc.Tol):
		return nil, fmt.Errorf("cluster: SpectralClustering.Fit: Tol = %v, want ≥ 0: %w", sc.Tol, errs.ErrParam)
	}
	labels, c := matgraph.Components(s)
	if c > k {
		return nil, fmt.Errorf("cluster: SpectralClustering.Fit: the graph has %d connected components, more than K = %d, so the eigenvectors of eigenvalue 0 are not determined: %w", c, k, errs.ErrDisconnected)
	}
	op := laplacianOp{full: fullRows(s), n: n, deg: deg}
	if sc.Normalization != Unnormalized {
		if op.inv, err = invSqrtDegrees("SpectralClustering.Fit", deg); err != nil {
			return nil, err
		}
	}
	res := &SpectralResult{}
	var u *mat.Dense
	res.Eigenvalues, u, res.Iter, res.Converged, res.Dense, err = sc.eigen(op, k, labels, c)
	if err != nil {
		return nil, err
	}
	colsign.Fix(u)
	switch sc.Normalization {
	case Symmetric:
		for i := range n {
			row := u.RawRowView(i)
			var norm float64
			for _, v := range row {
				norm += v * v
			}
			if norm > 0 {
				for j := range row {
					row[j] /= math.Sqrt(norm)
				}
			}
		}
	case RandomWalk:
		for i := range n {
			row := u.RawRowView(i)
			for j := range row {
				row[j] *= op.inv[i]
			}
		}
	}
	km, err := KMeans{K: k, Restarts: cmp.Or(sc.Restarts, 10), Seed: sc.Seed}.Fit(u)
	if err != nil {
		return nil, err
	}
	res.Labels, res.Embedding, res.Cost = km.Labels, u, km.Cost
	return res, nil
}

// eigen returns the k smallest eigenpairs of the Laplacian op, whose graph has the connected
// components labels (c of them), by the solver and check of Fit's doc comment: the values,
// the vectors as columns, the Lanczos basis size, whether the check passed and whether the
// dense solver gave them.
func (sc SpectralClustering) eigen(op laplacianOp, k int, labels []int, c int) (vals []float64, u *mat.Dense, iter int, converged, dense bool, err error) {
	tol := math.Max(cmp.Or(sc.Tol, 1e-10), lanczosTolFloor)
	if op.n > denseEigenLimit {
		lz := lanczos{tol: tol, maxIter: cmp.Or(sc.MaxIter, min(op.n, 1000)), seed: sc.Seed}
		if vals, u, iter, converged, err = lz.smallest(op, k, labels, c); err != nil {
			return nil, nil, 0, false, false, err
		}
		converged = converged && op.check(vals, u, c, tol)
	}
	if !converged && op.n <= denseFallbackLimit {
		if vals, u, err = denseSmallest(op, k); err != nil {
			return nil, nil, 0, false, false, err
		}
		dense, converged = true, op.check(vals, u, -1, tol)
	}
	return vals, u, iter, converged, dense, nil
}

// laplacianOp applies L = D − S, or L_sym = I − D^{−1/2}SD^{−1/2} when inv (the D^{−1/2}
// diagonal) is set, without forming it; full holds S row-major with both triangles.
type laplacianOp struct {
	full []float64
	n    int
	deg  []float64
	inv  []float64
}

// fullRows returns S as a row-major n×n slice with both triangles: the storage of a
// *mat.SymDense whose lower triangle already mirrors the upper one (as the graph builders of
// this package fill it), a copy otherwise. Cost O(n²).
func fullRows(s mat.Symmetric) []float64 {
	n := s.SymmetricDim()
	if sd, ok := s.(*mat.SymDense); ok {
		if r := sd.RawSymmetric(); r.Stride == n && mirrored(r.Data, n) {
			return r.Data[:n*n]
		}
	}
	full := make([]float64, n*n)
	for i := range n {
		for j := range n {
			full[i*n+j] = s.At(i, j)
		}
	}
	return full
}

func mirrored(data []float64, n int) bool {
	for i := range n {
		for j := range i {
			if data[i*n+j] != data[j*n+i] {
				return false
			}
		}
	}
	return true
}

// dense returns the Laplacian as a matrix.
func (op laplacianOp) dense() *mat.SymDense {
	l := mat.NewSymDense(op.n, nil)
	for i := range op.n {
		for j := i + 1; j < op.n; j++ {
			v := -op.full[i*op.n+j]
			if op.inv != nil {
				v *= op.inv[i] * op.inv[j]
			}
			l.SetSym(i, j, v)
		}
		if op.inv != nil {
			l.SetSym(i, i, 1)
		} else {
			l.SetSym(i, i, op.deg[i])
		}
	}
	return l
}

// check reports whether the k eigenpairs (vals, columns of u) are right: every residual
// ‖Lu − λu‖ at most 10·tol·‖L‖ (Gershgorin bound), UᵀU within 1e-8 of I, and, when c ≥ 0,
// exactly c eigenvalues within tol·‖L‖ of 0 (the multiplicity of 0 is the number of connected
// components). Cost O(k·n² + k²·n).
func (op laplacianOp) check(vals []float64, u *mat.Dense, c int, tol float64) bool {
	n, k := u.Dims()
	scale := op.normBound()
	x, y := make([]float64, n), make([]float64, n)
	zeros := 0
	for j := range k {
		mat.Col(x, j, u)
		op.apply(x, y)
		var r2 float64
		for i := range y {
			d := y[i] - vals[j]*x[i]
			r2 += d * d
		}
		if !(math.Sqrt(r2) <= 10*tol*scale) {
			return false
		}
		if math.Abs(vals[j]) <= tol*scale {
			zeros++
		}
	}
	var g mat.Dense
	g.Mul(u.T(), u)
	for a := range k {
		for b := range k {
			want := 0.0
			if a == b {
				want = 1
			}
			if !(math.Abs(g.At(a, b)-want) <= 1e-8) {
				return false
			}
		}
	}
	return c < 0 || zeros == c
}

// denseSmallest returns the k smallest eigenpairs of the Laplacian by mat.EigenSym.
func denseSmallest(op laplacianOp, k int) ([]float64, *mat.Dense, error) {
	var e mat.EigenSym
	if !e.Factorize(op.dense(), true) {
		return nil, nil, fmt.Errorf("cluster: SpectralClustering.Fit: the eigendecomposition did not converge: %w", errs.ErrSingular)
	}
	var v mat.Dense
	e.VectorsTo(&v)
	return e.Values(nil)[:k], mat.DenseCopyOf(v.Slice(0, op.n, 0, k)), nil
}
