package embed

import (
	"fmt"
	"math"
	"sync/atomic"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/mat"
)

// MaxObjects caps n, the number of objects of the constant-shift functions and EditDistances
// (errs.ErrTooLarge beyond): ConstantShift.Fit's two n×n eigendecompositions take about 10 s
// and 8·n² bytes per matrix (128 MiB) at the limit.
const MaxObjects = 4096

// dissimilarities validates a dissimilarity matrix for the constant-shift embedding: non-nil,
// square with 2 ≤ n ≤ MaxObjects objects, finite, exactly symmetric, zero diagonal. It returns a
// dense copy, or d itself when it is a *mat.Dense and the caller only reads it (mutable false).
// Cost O(n²).
func dissimilarities(fn string, d mat.Matrix, mutable bool) (*mat.Dense, error) {
	n, c, cerr := check.Matrix("D", d)
	if cerr != nil {
		return nil, inputError(fn, cerr)
	}
	if n != c {
		return nil, fmt.Errorf("embed: %s: D is %d×%d, want square: %w", fn, n, c, errs.ErrShape)
	}
	if n < 2 {
		return nil, fmt.Errorf("embed: %s: %d object, want at least 2: %w", fn, n, errs.ErrParam)
	}
	if n > MaxObjects {
		return nil, fmt.Errorf("embed: %s: %d objects, limit MaxObjects = %d: %w", fn, n, MaxObjects, errs.ErrTooLarge)
	}
	out, ok := d.(*mat.Dense)
	if mutable || !ok {
		out = mat.DenseCopyOf(d)
	}
	raw := out.RawMatrix()
	// fault reports whether row i has a nonzero diagonal or differs from column i.
	fault := func(i int) bool {
		row := raw.Data[i*raw.Stride : i*raw.Stride+n]
		if row[i] != 0 {
			return true
		}
		for j := 0; j < i; j++ {
			if row[j] != raw.Data[j*raw.Stride+i] {
				return true
			}
		}
		return false
	}
	var bad atomic.Bool
	par.Chunks(n, 128, func(lo, hi int) { // rows on all cores; the first fault in order below
		for i := lo; i < hi && !bad.Load(); i++ {
			if fault(i) {
				bad.Store(true)
			}
		}
	})
	for i := 0; bad.Load() && i < n; i++ {
		row := raw.Data[i*raw.Stride : i*raw.Stride+n]
		if v := row[i]; v != 0 {
			return nil, fmt.Errorf("embed: %s: D[%d,%d] = %v, want a zero diagonal: %w", fn, i, i, v, errs.ErrParam)
		}
		for j := 0; j < i; j++ {
			if a, b := row[j], raw.Data[j*raw.Stride+i]; a != b {
				return nil, fmt.Errorf("embed: %s: D[%d,%d] = %v but D[%d,%d] = %v, want symmetric: %w",
					fn, i, j, a, j, i, b, errs.ErrParam)
			}
		}
	}
	return out, nil
}

// CentredSimilarity returns S^c = −½ Q D Q with Q = I − (1/n) e eᵀ, the double centring of the
// dissimilarities D (classical scaling; Roth, Laub, Kawanabe & Buhmann 2003). D must be square,
// finite, symmetric with a zero diagonal (ErrShape, ErrNotFinite, ErrParam otherwise; at least
// two objects). D is a matrix of squared Euclidean distances between n points exactly when S^c
// is positive semidefinite, and then S^c is the Gram matrix of the centred points. The entries
// are S^c_ij = −½(D_ij − r_i − r_j + m) with r the row means and m the grand mean; cost O(n²).
func CentredSimilarity(d mat.Matrix) (*mat.SymDense, error) {
	dd, err := dissimilarities("CentredSimilarity", d, false)
	if err != nil {
		return nil, err
	}
	return centredSimilarity(dd), nil
}

// centredSimilarity double-centres a validated D. The SymDense's storage holds both triangles
// (the lower one, which mat ignores, is read by fitKrylov's matrix products). Cost O(n²).
func centredSimilarity(d *mat.Dense) *mat.SymDense {
	n, _ := d.Dims()
	r := make([]float64, n)
	par.Chunks(n, 128, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			for _, v := range d.RawRowView(i) {
				r[i] += v
			}
		}
	})
	m := 0.0
	for i := range r {
		m += r[i]
		r[i] /= float64(n)
	}
	m /= float64(n * n)
	s := make([]float64, n*n)
	// Upper triangle, then the lower one mirrored; rows split over the cores in pairs (i, n−1−i)
	// of equal total length. Every entry is computed as in a serial loop.
	par.Chunks((n+1)/2, 64, func(lo, hi int) {
		for p := lo; p < hi; p++ {
			for k, i := range [2]int{p, n - 1 - p} {
				if k == 1 && i == p {
					break // the middle row of odd n
				}
				row, out := d.RawRowView(i), s[i*n:(i+1)*n]
				for j := i; j < n; j++ {
					out[j] = -0.5 * (row[j] - r[i] - r[j] + m)
				}
			}
		}
	})
	par.Chunks(n, 128, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			out := s[i*n : (i+1)*n]
			for j := range i {
				out[j] = s[j*n+i]
			}
		}
	})
	return mat.NewSymDense(n, s)
}

// ShiftDissimilarities returns D̃ = D + d0 (e eᵀ − I): every off-diagonal dissimilarity raised
// by the same constant d0, the diagonal kept at zero. With d0 = ShiftResult.Shift, D̃ is a
// matrix of squared Euclidean distances (those of ShiftResult.Embedding with all dimensions).
// D is validated as in CentredSimilarity; d0 must be finite (ErrNotFinite). Cost O(n²).
func ShiftDissimilarities(d mat.Matrix, d0 float64) (*mat.Dense, error) {
	dd, err := dissimilarities("ShiftDissimilarities", d, true)
	if err != nil {
		return nil, err
	}
	if math.IsNaN(d0) || math.IsInf(d0, 0) {
		return nil, fmt.Errorf("embed: ShiftDissimilarities: d0 = %v: %w", d0, errs.ErrNotFinite)
	}
	n, _ := dd.Dims()
	for i := 0; i < n; i++ {
		row := dd.RawRowView(i)
		for j := range row {
			if j != i {
				row[j] += d0
			}
		}
	}
	return dd, nil
}

// ConstantShift is the constant-shift embedding of pairwise dissimilarities (SLT chapter 7;
// Roth, Laub, Kawanabe & Buhmann, "Optimal cluster preserving embedding of nonmetric proximity
// data", IEEE TPAMI 25(12), 2003). Dissimilarities that are not squared Euclidean distances
// have a centred matrix S^c with negative eigenvalues; adding d0 = −2 λ_min(S^c) to every
// off-diagonal entry turns S^c into S̃^c = S^c − λ_min Q ⪰ 0, the Gram matrix of vectors whose
// squared distances are exactly the shifted dissimilarities. The shift changes the pairwise
// clustering cost of every assignment into k clusters by the same constant (d0/2)(n − k), so
// k-means on the vectors minimises the pairwise cost of the original data.
//
// Dims is the number of leading eigen-directions kept (0 means n − 1, all that can carry
// variance; fewer directions drop the small eigenvalues, which denoises). Unlike scikit-learn's
// MDS it is exact, not an iterative stress minimisation; it equals KernelPCA with a precomputed
// kernel S̃^c.
type ConstantShift struct {
	Dims int
}

// ShiftResult is the outcome of ConstantShift.Fit.
type ShiftResult struct {
	// Shift is d0 = −2 λ_min(S^c) ≥ 0, the constant added to every off-diagonal dissimilarity;
	// 0 when S^c is already positive semidefinite up to rounding.
	Shift float64
	// Centred is S^c = −½ Q D Q of the input.
	Centred *mat.SymDense
	// Eigenvalues are those of S^c in descending order; negative ones show that D is not a
	// matrix of squared Euclidean distances. All n of them on Fit's dense path, the leading
	// Dims on its Lanczos path (many objects, few dimensions).
	Eigenvalues []float64
	// Values are the eigenvalues of S̃^c = S^c + (d0/2) Q in descending order, all ≥ 0 (rounding
	// below zero is set to 0). On the n − 1 directions orthogonal to e they are λ_i − λ_min.
	// All n, or the leading Dims, as for Eigenvalues.
	Values []float64
	// Embedding is the n×Dims matrix X = V Λ^{1/2} of the leading eigenvectors of S̃^c scaled by
	// the square roots of Values, one object per row, each column's largest entry positive.
	// With Dims = n − 1, ‖x_i − x_j‖² equals the shifted dissimilarity D_ij + d0 (i ≠ j).
	Embedding *mat.Dense
}

// Fit embeds the n×n dissimilarities d (validated as in CentredSimilarity). Dims outside
// [0, n − 1] is an error wrapping ErrParam.
//
// Up to shiftDenseMax = 200 objects, or when more than min(shiftKrylovDims, n/4) dimensions
// are kept (Dims = 0 keeps all), it runs two dense symmetric eigendecompositions with LAPACK
// (eigenvalues of S^c for the shift, eigenpairs of S̃^c for the embedding), cost O(n³), and
// Eigenvalues and Values hold all n eigenvalues. Otherwise only λ_min(S^c) and the leading
// Dims eigenpairs are needed, and since S̃^c = S^c − λ_min·I on the complement of e (and
// S̃^c e = 0), both are ends of the spectrum of S^c on that complement: λ_min by single-vector
// Lanczos, the leading pairs by block Lanczos (blocks of Dims + 2 vectors, S^c read once per
// block), both with full reorthogonalisation and run side by side (smallestOnE, leadingOnE),
// each Ritz pair accepted when its explicitly computed residual ‖Av − θv‖ is below 10⁻¹⁰ of the
// Gershgorin bound on ‖S^c‖; cost O(n²) per basis vector for up to shiftKrylovIter vectors
// each, on all cores. Then Eigenvalues and Values hold the leading Dims eigenvalues only. If
// either has not converged within shiftKrylovIter vectors, Fit falls back to the dense path.
func (c ConstantShift) Fit(d mat.Matrix) (*ShiftResult, error) {
	const fn = "ConstantShift.Fit"
	dd, err := dissimilarities(fn, d, false)
	if err != nil {
		return nil, err
	}
	n, _ := dd.Dims()
	dims := c.Dims
	if dims == 0 {
		dims = n - 1
	}
	if dims < 1 || dims > n-1 {
		return nil, fmt.Errorf("embed: %s: Dims = %d, want 0 (all) or in [1, %d]: %w", fn, c.Dims, n-1, errs.ErrParam)
	}
	sc := centredSimilarity(dd)
	if n > shiftDenseMax && dims <= shiftKrylovDims && 4*dims <= n {
		res, err := fitKrylov(sc, n, dims)
		if err != nil || res != nil {
			return res, err
		}
		// Not converged within shiftKrylovIter: the dense path below decides.
	}
	var eig mat.EigenSym
	if !eig.Factorize(sc, false) {
		return nil, fmt.Errorf("embed: %s: eigendecomposition of S^c failed: %w", fn, errs.ErrBreakdown)
	}
	raw := eig.Values(nil) // ascending
	shift := math.Max(0, -2*raw[0])
	st := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			q := -1 / float64(n)
			if i == j {
				q++
			}
			st.SetSym(i, j, sc.At(i, j)+shift/2*q)
		}
	}
	if !eig.Factorize(st, true) {
		return nil, fmt.Errorf("embed: %s: eigendecomposition of the shifted S^c failed: %w", fn, errs.ErrBreakdown)
	}
	vals := eig.Values(nil) // ascending: the leading direction is the last column
	var vecs mat.Dense
	eig.VectorsTo(&vecs)
	res := &ShiftResult{Shift: shift, Centred: sc, Eigenvalues: make([]float64, n), Values: make([]float64, n)}
	for i := range raw {
		res.Eigenvalues[i] = raw[n-1-i]
		res.Values[i] = math.Max(0, vals[n-1-i])
	}
	top := mat.NewDense(n, dims, nil)
	for j := 0; j < dims; j++ {
		for i := 0; i < n; i++ {
			top.Set(i, j, vecs.At(i, n-1-j))
		}
	}
	x := signFixed(top)
	for j := 0; j < dims; j++ {
		s := math.Sqrt(res.Values[j])
		for i := 0; i < n; i++ {
			x.Set(i, j, s*x.At(i, j))
		}
	}
	res.Embedding = x
	return res, nil
}

// The switch of ConstantShift.Fit between the dense eigendecompositions and Lanczos.
const (
	shiftDenseMax   = 200 // at most this many objects: always dense
	shiftKrylovDims = 64  // more dimensions kept than this (or than n/4): dense
)

// shiftKrylovIter caps the Lanczos basis of each of the two eigenproblems (a variable so that
// the tests can force the fallback to the dense path).
var shiftKrylovIter = 400

// fitKrylov is ConstantShift.Fit's Lanczos path for n objects and dims dimensions; it returns
// nil, nil when the eigenproblem did not converge. smallestOnE gives λ_min(S^c) and leadingOnE,
// beside it, the leading eigenpairs of S^c on e⊥, which are those of S̃^c (S̃^c = S^c − λ_min·I
// there, and S̃^c e = 0).
func fitKrylov(sc *mat.SymDense, n, dims int) (*ShiftResult, error) {
	a := sc.RawSymmetric().Data // both triangles (centredSimilarity), row-major, stride n
	bound := 0.0                // Gershgorin bound on ‖S^c‖₂
	for i := range n {
		abs := 0.0
		for _, v := range a[i*n : (i+1)*n] {
			abs += math.Abs(v)
		}
		bound = math.Max(bound, abs)
	}
	tol := 1e-10 * math.Max(bound, math.SmallestNonzeroFloat64)
	// The two ends are independent: λ_min on this goroutine, the leading pairs beside it (their
	// serial Rayleigh–Ritz steps then overlap the other's products; each result is the same
	// whatever runs alongside).
	var ends leadingPairs
	var topErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		ends, topErr = leadingOnE(a, n, dims, tol, shiftKrylovIter, 2)
	}()
	low, _, ok, err := smallestOnE(a, n, tol, shiftKrylovIter, 1)
	<-done
	if err == nil {
		err = topErr
	}
	if err != nil {
		return nil, fmt.Errorf("embed: ConstantShift.Fit: Lanczos: %w", err)
	}
	if !ok || !ends.ok {
		return nil, nil
	}
	shift := math.Max(0, -2*low)
	res := &ShiftResult{Shift: shift, Centred: sc, Values: make([]float64, dims)}
	for i := range dims {
		res.Values[i] = math.Max(0, ends.top[i]+shift/2)
	}
	// The leading eigenvalues of S^c: θ_i on the complement of e, and 0 on e.
	res.Eigenvalues = make([]float64, 0, dims+1)
	zero := false
	for i := 0; len(res.Eigenvalues) < dims; i++ {
		if v := ends.top[i]; zero || v >= 0 {
			res.Eigenvalues = append(res.Eigenvalues, v)
			continue
		}
		res.Eigenvalues = append(res.Eigenvalues, 0)
		zero = true
		i--
	}
	x := signFixed(ends.vecs)
	for j := 0; j < dims; j++ {
		s := math.Sqrt(res.Values[j])
		for i := 0; i < n; i++ {
			x.Set(i, j, s*x.At(i, j))
		}
	}
	res.Embedding = x
	return res, nil
}

// EditDistance returns the Levenshtein distance between a and b: the fewest insertions,
// deletions and substitutions of single characters (runes) that turn a into b. It is a metric
// on strings but not a squared Euclidean distance, the standard example of non-metric
// (non-embeddable) proximity data. Dynamic programming over one row; cost O(|a|·|b|) time,
// O(|b|) memory.
func EditDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			sub := prev[j-1]
			if ra[i-1] != rb[j-1] {
				sub++
			}
			cur[j] = min(sub, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// EditDistances returns the n×n matrix of EditDistance between all pairs of words, a symmetric
// dissimilarity matrix with zero diagonal that ConstantShift and cluster.Pairwise accept. No
// words is an error wrapping ErrEmpty, more than MaxObjects words one wrapping ErrTooLarge.
// Cost O(n² L²) for words of length at most L.
func EditDistances(words []string) (*mat.Dense, error) {
	n := len(words)
	if n == 0 {
		return nil, fmt.Errorf("embed: EditDistances: no words: %w", errs.ErrEmpty)
	}
	if n > MaxObjects {
		return nil, fmt.Errorf("embed: EditDistances: %d words, limit MaxObjects = %d: %w", n, MaxObjects, errs.ErrTooLarge)
	}
	d := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < i; j++ {
			v := float64(EditDistance(words[i], words[j]))
			d.Set(i, j, v)
			d.Set(j, i, v)
		}
	}
	return d, nil
}
