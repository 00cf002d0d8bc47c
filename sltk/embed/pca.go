package embed

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk"
	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/internal/colsign"
	"github.com/sltk-book/sltk/sltk/internal/kernel"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"
	"gonum.org/v1/gonum/mat"
)

// PCASolver selects how PCA finds the principal components.
type PCASolver int

const (
	// PCAFull takes the singular value decomposition of the centred n×d data A = UΣVᵀ (gonum's
	// mat.SVD, right vectors only): the components are the columns of V and λ_j = σ_j², the
	// eigenvalues of C = AᵀA (Theorem 5.31) without ever forming C, which would square the
	// condition number. Tall data is first reduced by a blocked, parallel QR (TSQR) so that the
	// SVD runs on a small matrix, the data centred block by block inside it. Cost O(n·d²) time,
	// O(n·d) memory for the centred copy (for tall data only the blocks and the stack of R
	// factors, n·d²/1024 entries for d ≤ 128, n·d²/4096 above).
	PCAFull PCASolver = iota
	// PCARandomized sketches the range of A with a Gaussian test matrix of K+Oversample columns,
	// sharpens it by PowerIter rounds of subspace iteration (re-orthonormalised by QR each
	// time), and takes the SVD of the small projected matrix (Halko, Martinsson & Tropp 2011).
	// It reads the data in cache-sized blocks, centring each on the fly, one pass per round.
	// Cost O(n·d·(K+Oversample)·(2·PowerIter+2)) time, O((d+n)·(K+Oversample)) memory beside
	// the data (no centred copy): it pays off when d is large and K ≪ d.
	PCARandomized
)

const pcaStream = 0x7063_615f_726e_64 // "pca_rnd": PCG stream of the randomized sketch

const (
	// MaxPCAPowerIter is the most subspace-iteration rounds PCARandomized runs (PowerIter);
	// a handful suffices in practice (Halko et al. §4.5), beyond this the sketch gains nothing.
	MaxPCAPowerIter = 1 << 10
	// MaxPCAWork caps n·d·l·(2·PowerIter+2), the multiply-adds of PCARandomized with l =
	// min(Components+Oversample, n, d) sketch columns (a few minutes on two cores).
	MaxPCAWork = 1 << 40
)

// PCA is principal component analysis (AFDS chapter 5 (High-dimensional data) §5.5): it centres the
// rows a_i of the data, and finds orthonormal u_1, u_2, … such that u_j maximises Σ_i ⟨a_i, x⟩² =
// ‖Ax‖² over unit x orthogonal to u_1..u_{j−1}. The span of the first K is a best-fit K-dimensional
// subspace (Theorem 5.29): it maximises the variance of the projections and, equivalently
// (Pythagoras), minimises the residual Σ_i dist(a_i, span)².
//
// Zero values: Components = min(n, d) (for PCAFull; PCARandomized needs Components),
// Solver = PCAFull, Oversample = 10, PowerIter = 4 (scikit-learn's defaults), Seed 0. Each
// component's sign is scikit-learn's (svd_flip, both solvers): the projection of the centred
// data on u_j has its largest-magnitude entry (the first on ties) positive, the sign of the
// largest entry of column j of U in A = UΣVᵀ (O(n·d·K) more work). TestPCAMatchesSklearn checks the components
// against scikit-learn's on wine and digits.
type PCA struct {
	Components int
	Solver     PCASolver
	// Oversample is the number of extra sketch columns of PCARandomized.
	Oversample int
	// PowerIter is the number of subspace-iteration rounds of PCARandomized; negative means
	// none (a plain range sketch). At most MaxPCAPowerIter, and n·d·l·(2·PowerIter+2) at most
	// MaxPCAWork (errs.ErrTooLarge).
	PowerIter int
	// Seed selects the Gaussian test matrix of PCARandomized.
	Seed uint64
}

// PCAModel is a fitted PCA. It satisfies sltk.Transformer.
type PCAModel struct {
	// Mean is the centroid μ of the training rows (length d).
	Mean []float64
	// Components is d×K with the orthonormal principal directions u_1..u_K as columns: the
	// transpose of scikit-learn's components_ (K×d, one direction per row), with the same signs.
	Components *mat.Dense
	// Values are the eigenvalues λ_j = ‖A u_j‖² of C = AᵀA of the centred data, decreasing:
	// all min(n, d) of them for PCAFull, the first K for PCARandomized.
	Values []float64
	// ExplainedVariance[j] = λ_j/(n−1), the sample variance along u_j (scikit-learn's
	// explained_variance_), and ExplainedVarianceRatio[j] = λ_j / TotalVariance, for j < K.
	ExplainedVariance      []float64
	ExplainedVarianceRatio []float64
	// TotalVariance is Σ_i ‖a_i − μ‖² = ‖A‖_F² = tr C, the variance in the lecture's sense
	// (no 1/n factor).
	TotalVariance float64
	// Residual is Σ_i dist(a_i, μ + span(u_1..u_K))² = TotalVariance − Σ_{j≤K} λ_j, the squared
	// error of the best-fit subspace (clamped at 0 against rounding).
	Residual float64
	// N is the number of training rows.
	N int
}

var _ sltk.Transformer = (*PCAModel)(nil)

// Fit centres x (n×d, one observation per row) and finds its principal components. Errors wrap
// errs.ErrEmpty (nil or empty x), errs.ErrNotFinite (naming the entry, or a variance beyond
// float64's range), errs.ErrParam
// (Components < 0 or > min(n, d), a bad Solver or Oversample), errs.ErrTooLarge (PCARandomized
// beyond MaxPCAPowerIter or MaxPCAWork) or errs.ErrSingular (every
// column constant: there is no direction of variance and every ratio would be 0/0).
// Rank-deficient data is fine: the trailing λ_j are (numerically) zero and the residual of
// K ≥ rank is zero.
func (p PCA) Fit(x mat.Matrix) (*PCAModel, error) {
	data, n, d, cerr := check.Rows("x", x)
	if err := inputError("PCA.Fit", cerr); err != nil {
		return nil, err
	}
	r := min(n, d)
	k := p.Components
	switch {
	case k < 0 || k > d:
		return nil, fmt.Errorf("embed: PCA.Fit: Components = %d, want 0 ≤ Components ≤ d = %d: %w", k, d, errs.ErrParam)
	case k > n:
		return nil, fmt.Errorf("embed: PCA.Fit: Components = %d exceeds the number of rows n = %d: %w", k, n, errs.ErrParam)
	case p.Solver != PCAFull && p.Solver != PCARandomized:
		return nil, fmt.Errorf("embed: PCA.Fit: Solver = %d is not a known solver: %w", int(p.Solver), errs.ErrParam)
	case p.Solver == PCARandomized && k == 0:
		return nil, fmt.Errorf("embed: PCA.Fit: PCARandomized needs Components ≥ 1: %w", errs.ErrParam)
	case p.Oversample < 0:
		return nil, fmt.Errorf("embed: PCA.Fit: Oversample = %d, want ≥ 0: %w", p.Oversample, errs.ErrParam)
	}
	k = cmp.Or(k, r)
	if p.Solver == PCARandomized {
		if err := p.randomizedLimits(n, d, k); err != nil {
			return nil, err
		}
	}
	mean := columnMeans(data, n, d)
	var values []float64
	var v *mat.Dense
	var total float64
	var err error
	if p.Solver == PCAFull && tallTSQR(n, d) {
		// Centred block by block inside the tall QR: no n×d copy, one pass over x.
		var r *mat.Dense
		r, total = stackedCentredR(data, n, d, mean)
		if err := varianceError(total); err != nil {
			return nil, err
		}
		values, v, err = pcaFull(r)
	} else if p.Solver == PCAFull {
		a := centred(data, n, d, mean)
		// ‖A‖_F² as the dot product of A's entries with themselves, on the kernel (about ten
		// times faster than gonum's overflow-safe mat.Norm, whose square overflows exactly when
		// this sum does: entries beyond about 1e154 make both +Inf, reported below).
		sq := []float64{0}
		kernel.Dots(sq, a.RawMatrix().Data, a.RawMatrix().Data)
		total = sq[0]
		if err := varianceError(total); err != nil {
			return nil, err
		}
		values, v, err = pcaFull(a)
	} else {
		values, v, total, err = p.randomized(data, n, d, mean, k)
	}
	if err != nil {
		return nil, err
	}
	for j, v := range values {
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return nil, fmt.Errorf("embed: PCA.Fit: λ_%d = %v overflows float64: %w", j+1, v, errs.ErrNotFinite)
		}
	}
	comp := mat.DenseCopyOf(v.Slice(0, d, 0, k))
	// Unique up to sign (Remark 5.28): scikit-learn's rule, the largest-magnitude score positive.
	colsign.FixBy(comp, scores(data, n, d, mean, comp))
	m := &PCAModel{Mean: mean, Components: comp, Values: values, TotalVariance: total, N: n}
	m.ExplainedVariance = make([]float64, k)
	m.ExplainedVarianceRatio = make([]float64, k)
	kept := 0.0
	for j := range k {
		m.ExplainedVariance[j] = values[j] / float64(max(n-1, 1))
		m.ExplainedVarianceRatio[j] = values[j] / total
		kept += values[j]
	}
	m.Residual = max(total-kept, 0)
	return m, nil
}

// columnMeans returns the column means of the row-major n×d data. Cost O(n·d).
func columnMeans(data []float64, n, d int) []float64 {
	mean := make([]float64, d)
	for i := range n {
		kernel.AddTo(mean, data[i*d:(i+1)*d]) // the same sums, in the same order, as a loop
	}
	for j := range mean {
		mean[j] /= float64(n)
	}
	return mean
}

// centred returns the n×d data minus mean in every row, as a new matrix. Cost O(n·d).
func centred(data []float64, n, d int, mean []float64) *mat.Dense {
	a := mat.NewDense(n, d, nil)
	raw := a.RawMatrix().Data
	for i := range n {
		out := raw[i*d : (i+1)*d]
		for j, v := range data[i*d : (i+1)*d] {
			out[j] = v - mean[j]
		}
	}
	return a
}

// tsqrRows is the number of rows per block of the tall-skinny QR for d > tsqrNarrow columns,
// and with tsqrRows/4 the bound on d and 4·tsqrRows the least n of the tall path (tallTSQR).
const tsqrRows = 4096

// tsqrNarrow is the most columns for which the tall QR takes blocks of tsqrNarrowRows rows:
// a 1024×128 block (1 MiB) is factored within a core's L2 cache, where the Level-2 Householder
// steps of a 4096-row block stream from L3 (a third less CPU time at d = 64).
const (
	tsqrNarrow     = 128
	tsqrNarrowRows = 1024
)

// tsqrBlockRows returns the rows per block of the tall QR of data with d columns.
func tsqrBlockRows(d int) int {
	if d <= tsqrNarrow {
		return tsqrNarrowRows
	}
	return tsqrRows
}

// tallTSQR reports whether PCAFull reduces n×d data by the tall QR before the SVD: n > 4·tsqrRows,
// n ≥ 8d and d ≤ tsqrRows/4.
func tallTSQR(n, d int) bool { return n > 4*tsqrRows && n >= 8*d && d <= tsqrRows/4 }

// pcaFull returns the squared singular values of a and its right singular vectors. A tall a
// (tallTSQR) is first reduced to the stacked R factors of row blocks (tall-skinny QR:
// A = diag(Q_b)·[R_1; R_2; …] has the singular values and right vectors of the stack), factored
// in parallel, each block small enough to stay in cache, and again while the stack is tall; then
// gonum's SVD runs on the small stack. Block boundaries depend only on n and d, so the result
// does not depend on the number of cores. PCA.Fit hands it the stack of stackedCentredR for
// tall data.
func pcaFull(a *mat.Dense) ([]float64, *mat.Dense, error) {
	if n, d := a.Dims(); tallTSQR(n, d) {
		a = stackedR(a)
	}
	for { // a stack still tall: reduce it again (1/8 or less of the rows each time)
		n, d := a.Dims()
		if n <= 4*tsqrBlockRows(d) || n < 8*d {
			break
		}
		a = stackedR(a)
	}
	var svd mat.SVD
	if !svd.Factorize(a, mat.SVDThinV) {
		return nil, nil, fmt.Errorf("embed: PCA.Fit: the SVD did not converge: %w", errs.ErrSingular)
	}
	s := svd.Values(nil)
	for j := range s {
		s[j] *= s[j]
	}
	var v mat.Dense
	svd.VTo(&v)
	return s, &v, nil
}

// stackedR returns the R factors of the Householder QR of consecutive tsqrBlockRows(d)-row
// blocks of a, stacked (⌈n/rows⌉·d × d; a last block of m < d rows gives an m×d upper trapezoid
// and zero rows). a is overwritten. Cost O(n·d²), blocks on all cores.
func stackedR(a *mat.Dense) *mat.Dense {
	n, d := a.Dims()
	br := tsqrBlockRows(d)
	nb := (n + br - 1) / br
	r := mat.NewDense(nb*d, d, nil)
	par.Chunks(nb, 1, func(lo, hi int) {
		var qr blockQR
		for b := lo; b < hi; b++ {
			qr.factor(a.Slice(b*br, min(n, (b+1)*br), 0, d).(*mat.Dense).RawMatrix(), r, b*d)
		}
	})
	return r
}

// stackedCentredR is stackedR of the centred data A = X − 1μᵀ without forming A: each block of
// the row-major n×d data is centred into a per-core buffer (x_ij − μ_j, as centred computes it)
// and factored there. It also returns ‖A‖_F², the sums of squares of the blocks (on the kernel)
// added in block order (+Inf when it overflows). Cost O(n·d²), one pass over x, O(cores·rows·d)
// memory beside the stack.
func stackedCentredR(data []float64, n, d int, mean []float64) (*mat.Dense, float64) {
	br := tsqrBlockRows(d)
	nb := (n + br - 1) / br
	r := mat.NewDense(nb*d, d, nil)
	sums := make([]float64, nb)
	par.Chunks(nb, 1, func(lo, hi int) {
		var qr blockQR
		buf := make([]float64, br*d)
		for b := lo; b < hi; b++ {
			rows := min(n, (b+1)*br) - b*br
			blk := buf[:rows*d]
			for i := range rows {
				out := blk[i*d : (i+1)*d]
				for j, v := range data[(b*br+i)*d : (b*br+i+1)*d] {
					out[j] = v - mean[j]
				}
			}
			sq := []float64{0}
			kernel.Dots(sq, blk, blk)
			sums[b] = sq[0]
			qr.factor(blas64.General{Rows: rows, Cols: d, Stride: d, Data: blk}, r, b*d)
		}
	})
	total := 0.0
	for _, v := range sums {
		total += v
	}
	return r, total
}

// blockQR holds the scratch of one goroutine's block factorisations.
type blockQR struct{ tau, work []float64 }

// factor overwrites blk by its Householder QR (LAPACK Geqrf) and copies the upper trapezoid R
// into rows [row, row+min(rows, d)) of r.
func (q *blockQR) factor(blk blas64.General, r *mat.Dense, row int) {
	d := blk.Cols
	if len(q.tau) < d {
		q.tau, q.work = make([]float64, d), make([]float64, 1)
	}
	t := q.tau[:min(blk.Rows, d)] // the last block may have fewer rows than columns
	lapack64.Geqrf(blk, t, q.work, -1)
	if int(q.work[0]) > len(q.work) {
		q.work = make([]float64, int(q.work[0]))
	}
	lapack64.Geqrf(blk, t, q.work, len(q.work))
	for i := range min(blk.Rows, d) {
		copy(r.RawRowView(row + i)[i:], blk.Data[i*blk.Stride+i:i*blk.Stride+d])
	}
}

// randomizedRounds returns the number of subspace-iteration rounds and the sketch width l of
// PCARandomized for n×d data and k components, with their documented defaults.
func (p PCA) randomizedRounds(n, d, k int) (rounds, l int) {
	over, rounds := cmp.Or(p.Oversample, 10), cmp.Or(p.PowerIter, 4)
	return max(rounds, 0), min(k+min(over, d), n, d)
}

// randomizedLimits checks PowerIter against MaxPCAPowerIter and the work against MaxPCAWork.
func (p PCA) randomizedLimits(n, d, k int) error {
	rounds, l := p.randomizedRounds(n, d, k)
	if err := check.Size("embed: PCA.Fit", "PowerIter", rounds, MaxPCAPowerIter); err != nil {
		return err
	}
	if work := float64(n) * float64(d) * float64(l) * float64(2*rounds+2); work > MaxPCAWork {
		return fmt.Errorf("embed: PCA.Fit: n·d·l·(2·PowerIter+2) = %d·%d·%d·%d = %.3g multiply-adds, limit %d: %w",
			n, d, l, 2*rounds+2, work, MaxPCAWork, errs.ErrTooLarge)
	}
	return nil
}

// varianceError reports a total variance ‖A‖_F² that overflowed float64 (ErrNotFinite) or is
// zero (ErrSingular: every column constant, no direction of variance), nil otherwise.
func varianceError(total float64) error {
	if math.IsInf(total, 0) {
		return fmt.Errorf("embed: PCA.Fit: the total variance of x overflows float64: %w", errs.ErrNotFinite)
	}
	if !(total > 0) {
		return fmt.Errorf("embed: PCA.Fit: every column of x is constant (total variance 0): %w", errs.ErrSingular)
	}
	return nil
}

// randomized is the range finder with subspace iteration (Halko et al., Algorithm 4.4 and 5.1)
// on the centred data A = X − 1μᵀ, read block by block by a centredSweep (A is never formed).
// It returns the first k squared singular values, the right singular vectors (d×l) and
// ‖A‖_F², summed during the first pass.
//
// A round maps the orthonormal d×l basis Z to orth(C·Z), C = AᵀA, in one pass over the data
// (W = Aᵀ(A·Z), the n×l A·Z living one cache-sized block at a time). Halko et al. orthonormalise
// A·Z between the two products so that no column of it is swamped by the leading direction;
// here the columns are kept apart instead by turning Z, before every pass, into Ritz vectors
// (ritzRotate), so column c of A·Z is close to σ_c·u_c and its product with Aᵀ carries the
// rounding ε·σ_1·σ_c of the orthonormalised path. The span of every round, and so the result,
// is that of the two-pass iteration; only rounding differs (TestPCARandomizedFusedAgrees).
// The last pass forms W = C·Z once more and, with RᵀR = ZᵀW (the Gram matrix of A·Z), the
// l×d B = R⁻ᵀWᵀ = QᵀA for Q = A·Z·R⁻¹, whose SVD gives the components: Halko et al.'s last step
// without an n×l Q. When that Gram matrix is far from diagonal after scaling (no power
// iteration, or rank-deficient data whose sketch columns depend on each other) the last step
// is theirs instead: Q stored, orthonormalised by orthonormalTall, B = QᵀA in two more passes.
// Cost (2·PowerIter+2)·n·d·l multiply-adds in PowerIter+1 passes over X (PowerIter+2 for the
// fallback), O(cores·1024·(d+l) + 16·d·l) memory (O(n·l) more for the fallback).
func (p PCA) randomized(data []float64, n, d int, mean []float64, k int) ([]float64, *mat.Dense, float64, error) {
	rounds, l := p.randomizedRounds(n, d, k)
	rng := rand.New(rand.NewPCG(p.Seed, pcaStream))
	z := mat.NewDense(d, l, nil)
	for i := range z.RawMatrix().Data {
		z.RawMatrix().Data[i] = rng.NormFloat64()
	}
	// Orthonormal columns, the span of the Gaussian ones: then every entry of C·Z, ZᵀCZ and the
	// partial sums of the pass is at most ‖A‖_F², which the first pass checks is finite.
	orthonormalColumns(z)
	sw := newCentredSweep(data, n, d, mean, l)
	w := mat.NewDense(d, l, nil)
	var total float64
	var b *mat.Dense
	for r := range rounds {
		if t := sw.pass(z, nil, w, r == 0); r == 0 {
			if total = t; varianceError(total) != nil {
				return nil, nil, 0, varianceError(total)
			}
		}
		ritzRotate(z, w)
		orthonormalColumns(w)
		z, w = w, z
	}
	if rounds > 0 {
		sw.pass(z, nil, w, false) // the last W = C·Z, for B
		b = sketchFromGram(z, w)
	}
	if b == nil {
		y := mat.NewDense(n, l, nil)
		if t := sw.pass(z, y, nil, rounds == 0); rounds == 0 {
			if total = t; varianceError(total) != nil {
				return nil, nil, 0, varianceError(total)
			}
		}
		orthonormalTall(y, mat.NewDense(n, l, nil), 2)
		sw.pass(nil, y, w, false) // w = AᵀQ = Bᵀ
		b = mat.NewDense(l, d, nil)
		b.Copy(w.T())
	}
	var svd mat.SVD
	if !svd.Factorize(b, mat.SVDThinV) {
		return nil, nil, 0, fmt.Errorf("embed: PCA.Fit: the SVD of the sketch did not converge: %w", errs.ErrSingular)
	}
	s := svd.Values(nil)[:k]
	for j := range s {
		s[j] *= s[j]
	}
	var v mat.Dense
	svd.VTo(&v)
	return s, &v, total, nil
}

// ritzRotate replaces w = C·Z (d×l, Z with orthonormal columns, C symmetric) by C·Z·U, where
// the columns of U are the eigenvectors of the l×l ZᵀCZ = Zᵀw by decreasing eigenvalue: the
// product of C with the Ritz vectors Z·U. Same span, columns nearly orthogonal and sorted, so
// that the Householder QR that follows keeps them apart. Cost O(d·l² + l³).
func ritzRotate(z, w *mat.Dense) {
	_, l := z.Dims()
	var h mat.Dense
	h.Mul(z.T(), w)
	hs := mat.NewSymDense(l, nil)
	for i := range l {
		for j := i; j < l; j++ {
			hs.SetSym(i, j, 0.5*(h.At(i, j)+h.At(j, i)))
		}
	}
	var eig mat.EigenSym
	if !eig.Factorize(hs, true) {
		return // the span is all that matters; the next round may rotate
	}
	var u mat.Dense
	eig.VectorsTo(&u)
	rev := mat.NewDense(l, l, nil)
	for j := range l {
		for i := range l {
			rev.Set(i, j, u.At(i, l-1-j))
		}
	}
	var t mat.Dense
	t.Mul(w, rev)
	w.Copy(&t)
}

// sketchMinPivot is the smallest pivot of the Cholesky factor of the Gram matrix of A·Z scaled
// to unit diagonal that sketchFromGram accepts: every column of A·Z keeps at least a tenth of
// its length off the span of the columns before it. The factor's rounding grows with the
// square of that scaled condition, so this keeps B within a few hundred units of rounding of
// QᵀA; the Ritz vectors of the rounds give pivots near 1, and a smaller pivot means the
// columns depend on each other (rank-deficient data), where only an orthonormalised Q is right.
const sketchMinPivot = 0.1

// sketchFromGram returns B = R⁻ᵀWᵀ (l×d) for W = C·Z and the Cholesky factor R of
// ZᵀW = (A·Z)ᵀ(A·Z), taken on the Gram matrix scaled to unit diagonal, or nil when a column of
// A·Z is zero or a scaled pivot is below sketchMinPivot (the caller then orthonormalises A·Z
// itself). B = QᵀA for the orthonormal Q = A·Z·R⁻¹. Cost O(d·l²).
func sketchFromGram(z, w *mat.Dense) *mat.Dense {
	d, l := z.Dims()
	var h mat.Dense
	h.Mul(z.T(), w)
	scale := make([]float64, l)
	for i := range l {
		if !(h.At(i, i) > 0) {
			return nil
		}
		scale[i] = math.Sqrt(h.At(i, i))
	}
	gs := mat.NewSymDense(l, nil)
	for i := range l {
		for j := i; j < l; j++ {
			gs.SetSym(i, j, 0.5*(h.At(i, j)+h.At(j, i))/(scale[i]*scale[j]))
		}
	}
	var ch mat.Cholesky
	if !ch.Factorize(gs) {
		return nil
	}
	var rs mat.TriDense
	ch.UTo(&rs)
	r := mat.NewDense(l, l, nil) // R = Rs·diag(scale)
	for i := range l {
		if rs.At(i, i) < sketchMinPivot {
			return nil
		}
		for j := i; j < l; j++ {
			r.Set(i, j, rs.At(i, j)*scale[j])
		}
	}
	b := mat.NewDense(l, d, nil)
	b.Copy(w.T())
	rr := r.RawMatrix()
	blas64.Trsm(blas.Left, blas.Trans, 1,
		blas64.Triangular{Uplo: blas.Upper, Diag: blas.NonUnit, N: l, Stride: rr.Stride, Data: rr.Data},
		b.RawMatrix())
	return b
}

// mulRows sets y = a·z for a (n×p) and z (p×q), y may be a: row i of y is the q dot products
// of a_i with the columns of z, on the vectorised kernel, row ranges on all cores (each output
// row is computed on its own, so the result does not depend on the number of cores). Cost
// O(n·p·q), O(p·q) extra memory.
func mulRows(y, a, z *mat.Dense) {
	n, p := a.Dims()
	_, q := z.Dims()
	zt := transposed(z)
	ar, yr := a.RawMatrix(), y.RawMatrix()
	par.Chunks(n, 256, func(lo, hi int) {
		row := make([]float64, q)
		for i := lo; i < hi; i++ {
			kernel.Dots(row, ar.Data[i*ar.Stride:i*ar.Stride+p], zt)
			copy(yr.Data[i*yr.Stride:i*yr.Stride+q], row)
		}
	})
}

// transposed returns the p×q matrix z transposed, row-major: row c is column c of z.
func transposed(z *mat.Dense) []float64 {
	p, q := z.Dims()
	zt := make([]float64, q*p)
	for j := range p {
		for c, v := range z.RawRowView(j) {
			zt[c*p+j] = v
		}
	}
	return zt
}

// scores returns the n×k projections ⟨x_i − μ, v_c⟩ of the rows of the row-major n×d data on
// the columns of v (d×k), centring one row at a time (the centred copy of Fit may have been
// overwritten by the tall QR), in parallel over rows. Cost O(n·d·k) time, O(n·k) memory.
func scores(data []float64, n, d int, mean []float64, v *mat.Dense) *mat.Dense {
	_, k := v.Dims()
	vt := transposed(v)
	out := mat.NewDense(n, k, nil)
	neg := make([]float64, d)
	for j, m := range mean {
		neg[j] = -m
	}
	par.Chunks(n, 256, func(lo, hi int) {
		rows := make([]float64, 2*d)
		r0, r1 := rows[:d], rows[d:]
		i := lo
		for ; i+1 < hi; i += 2 { // two rows per pass over vt, x + (−μ) rounding as x − μ
			copy(rows, data[i*d:(i+2)*d])
			kernel.AddTo(r0, neg)
			kernel.AddTo(r1, neg)
			kernel.Dots2(out.RawRowView(i), out.RawRowView(i+1), r0, r1, vt)
		}
		if i < hi {
			copy(r0, data[i*d:(i+1)*d])
			kernel.AddTo(r0, neg)
			kernel.Dots(out.RawRowView(i), r0, vt)
		}
	})
	return out
}

// orthonormalTall orthonormalises the columns of a tall n×l y as Q = Y·R⁻¹ with R from the
// blocked parallel QR of stackedR (run on scratch, a matrix of y's shape), R⁻¹ applied by
// mulRows. Each further pass repairs what κ(Y) cost the previous one: two passes give columns
// orthonormal to rounding. Short or numerically rank-deficient y go to the Householder
// orthonormalColumns instead. Cost O(passes·n·l²).
func orthonormalTall(y, scratch *mat.Dense, passes int) {
	n, l := y.Dims()
	if n <= 4*tsqrRows || n < 8*l {
		orthonormalColumns(y)
		return
	}
	for range passes {
		scratch.Copy(y)
		g := stackedR(scratch).RawMatrix()
		tau, work := make([]float64, l), make([]float64, 1)
		lapack64.Geqrf(g, tau, work, -1)
		work = make([]float64, int(work[0]))
		lapack64.Geqrf(g, tau, work, len(work))
		lo, hi := math.Inf(1), 0.0
		for i := range l {
			v := math.Abs(g.Data[i*g.Stride+i])
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		if !(lo > 1e-8*hi) {
			orthonormalColumns(y)
			return
		}
		rinv := mat.NewDense(l, l, nil)
		for i := range l {
			copy(rinv.RawRowView(i)[i:], g.Data[i*g.Stride+i:i*g.Stride+l])
		}
		r := rinv.RawMatrix()
		tri := blas64.Triangular{Uplo: blas.Upper, Diag: blas.NonUnit, N: l, Stride: r.Stride, Data: r.Data}
		if !lapack64.Trtri(tri) {
			orthonormalColumns(y)
			return
		}
		mulRows(y, y, rinv)
	}
}

// orthonormalColumns replaces the m×l matrix y (m ≥ l) by the thin Q of its QR factorisation
// (LAPACK Geqrf and Orgqr: O(m·l²), no m×m matrix).
func orthonormalColumns(y *mat.Dense) {
	g := y.RawMatrix()
	tau := make([]float64, g.Cols)
	work := make([]float64, 1)
	lapack64.Geqrf(g, tau, work, -1)
	work = make([]float64, int(work[0]))
	lapack64.Geqrf(g, tau, work, len(work))
	lapack64.Orgqr(g, tau, work, -1)
	if int(work[0]) > len(work) {
		work = make([]float64, int(work[0]))
	}
	lapack64.Orgqr(g, tau, work, len(work))
}

// ready reports ErrNotFitted for a nil or zero model, and checks the exported fields a caller
// may have set: Components finite and d×K, Mean finite with d entries. Cost O(d·K).
func (m *PCAModel) ready(fn string) error {
	if m == nil || check.IsNil(m.Components) {
		return fmt.Errorf("embed: PCAModel.%s: %w", fn, errs.ErrNotFitted)
	}
	d, _, cerr := check.Matrix("Components", m.Components)
	if err := inputError("PCAModel."+fn, cerr); err != nil {
		return err
	}
	if len(m.Mean) != d {
		return fmt.Errorf("embed: PCAModel.%s: Mean has %d entries, Components %d rows: %w", fn, len(m.Mean), d, errs.ErrShape)
	}
	if err := check.Slice("Mean", m.Mean); err != nil {
		return fmt.Errorf("embed: PCAModel.%s: %w", fn, err)
	}
	return nil
}

// finiteResult returns y, or ErrNotFinite when a product of finite inputs overflowed.
func finiteResult(fn string, y *mat.Dense) (*mat.Dense, error) {
	if _, _, cerr := check.Matrix("result", y); cerr != nil {
		return nil, fmt.Errorf("embed: %s: the result overflows; rescale the input: %w", fn, cerr)
	}
	return y, nil
}

// Transform returns the coordinates (x − μ)U_K of the rows of x in the basis of the
// components (n×K). Cost O(n·d·K).
func (m *PCAModel) Transform(x mat.Matrix) (*mat.Dense, error) {
	if err := m.ready("Transform"); err != nil {
		return nil, err
	}
	data, n, d, cerr := check.Rows("x", x)
	if err := inputError("PCAModel.Transform", cerr); err != nil {
		return nil, err
	}
	if d != len(m.Mean) {
		return nil, fmt.Errorf("embed: PCAModel.Transform: x has %d columns, the model was fitted on %d: %w", d, len(m.Mean), errs.ErrShape)
	}
	var z mat.Dense
	z.Mul(centred(data, n, d, m.Mean), m.Components)
	return finiteResult("PCAModel.Transform", &z)
}

// InverseTransform maps coordinates z (n×K) back to μ + zU_Kᵀ in the data space: the
// projection of the original rows onto the best-fit affine subspace. Cost O(n·d·K).
func (m *PCAModel) InverseTransform(z mat.Matrix) (*mat.Dense, error) {
	if err := m.ready("InverseTransform"); err != nil {
		return nil, err
	}
	_, k := m.Components.Dims()
	if err := fittedInput("PCAModel.InverseTransform", "z", z, k); err != nil {
		return nil, err
	}
	var x mat.Dense
	x.Mul(z, m.Components.T())
	n, _ := x.Dims()
	for i := range n {
		row := x.RawRowView(i)
		for j := range row {
			row[j] += m.Mean[j]
		}
	}
	return finiteResult("PCAModel.InverseTransform", &x)
}

// fittedInput validates the input of a fitted model: finite, not empty, with want columns.
func fittedInput(fn, name string, x mat.Matrix, want int) error {
	_, d, cerr := check.Matrix(name, x)
	if err := inputError(fn, cerr); err != nil {
		return err
	}
	if d != want {
		return fmt.Errorf("embed: %s: %s has %d columns, want %d: %w", fn, name, d, want, errs.ErrShape)
	}
	return nil
}

// inputError wraps a validation fault in the matching sentinel (nil for no fault).
func inputError(fn string, cerr *check.Error) error {
	if cerr == nil {
		return nil
	}
	return fmt.Errorf("embed: %s: %w", fn, cerr)
}
