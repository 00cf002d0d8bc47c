package embed

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/mat"
)

// Solver selects how LLE finds the bottom eigenvectors of G = (I − W)ᵀ(I − W).
type Solver int

const (
	// Auto uses Dense for p ≤ 600 and Band otherwise.
	Auto Solver = iota
	// Dense forms G as a p×p matrix and calls LAPACK's symmetric eigensolver: O(p³) time,
	// O(p²) memory. Exact and simple; fine up to a few thousand points.
	Dense
	// Band reorders the points by reverse Cuthill–McKee so that the sparse G becomes a band
	// matrix of half-width b, factors G + σI by Cholesky within its envelope (each row from its
	// first nonzero to the diagonal, w_i ≤ b entries) in O(Σ_i w_i²) ≤ O(p·b²), and runs
	// shift-invert subspace iteration with Rayleigh–Ritz on the bottom eigenvectors, each sweep
	// costing O(s·Σ_i w_i) ≤ O(p·b·s) for s vectors. For manifold data b ≪ p, so this is far
	// cheaper than Dense.
	Band
)

// LLE is locally linear embedding (Roweis & Saul; ML chapter 4 (Clustering and embedding) §4.4,
// Fig. 4.9).
//
// Step 1 finds the Neighbors nearest neighbours of every point (k-d tree). Step 2 solves, for
// each point, C w = 1 with the local Gram matrix C_ij = (x − x_{β_i})ᵀ(x − x_{β_j})
// regularised as C + Reg·tr(C)·I (needed when Neighbors exceeds the input dimension, where C
// is singular) and normalises w to sum 1. Step 3 takes the Components+1 eigenvectors of the
// alignment matrix G = (I−W)ᵀ(I−W) with the smallest eigenvalues and discards the constant
// one (eigenvalue 0).
//
// Scaling: the embedding's columns are those unit-norm eigenvectors, centred and orthonormal
// (UᵀU = I), as scikit-learn's LocallyLinearEmbedding returns them. The notes' normalisation
// (1/p) Σ_α u^(α) u^(α)ᵀ = I is √p·U. The objective is then
// Cost = F(U) = Σ_α ‖u^(α) − Σ_β W_{αβ} u^(β)‖² = λ_1 + … + λ_Components, the sum of the bottom
// eigenvalues of G kept for the embedding after the constant one is discarded: the number
// the literature and scikit-learn (reconstruction_error_) report.
//
// Zero values: Neighbors = 12, Components = 2, Reg = 1e-3, Solver = Auto, Tol = 1e-6 (the
// Band solver stops when every wanted Ritz pair has ‖Gu − λu‖ ≤ Tol·λ_Components +
// 10⁻¹³‖G‖), MaxIter = 1000 sweeps (at most MaxLLEIter), Seed = 0 (start block of the Band solver). Data whose
// largest entry exceeds 1e150 in magnitude are divided by it first (the weights do not change
// under isotropic scaling; squared distances would overflow); WeightError, reported in the
// data's units, must still fit in float64, else Fit returns errs.ErrNotFinite ("rescale the
// data").
type LLE struct {
	Neighbors  int
	Components int
	Reg        float64
	Solver     Solver
	Tol        float64
	MaxIter    int
	Seed       uint64
}

// LLEResult is an embedding with the quantities the notes define.
type LLEResult struct {
	// Embedding is p×Components: centred, with unit-norm orthogonal columns (UᵀU = I).
	Embedding *mat.Dense
	// NeighborIndices[α] and Weights[α] are the indices of the Neighbors neighbours of point α and
	// their reconstruction weights W_{αβ} (summing to 1).
	NeighborIndices [][]int
	Weights         [][]float64
	// Eigenvalues holds the Components+1 smallest eigenvalues of G, ascending; the first is
	// ≈ 0 (the discarded constant eigenvector).
	Eigenvalues []float64
	// Cost is F(U) = Σ_{i=1..Components} λ_i on the unit-norm embedding (scikit-learn's
	// reconstruction_error_). WeightError is step 2's E(W) = Σ_α ‖x^(α) − Σ_β W_{αβ} x^(β)‖²
	// on the data as given.
	Cost, WeightError float64
	// Iter is the number of subspace sweeps (0 for Dense), Bandwidth the half-width of the
	// reordered G (0 for Dense). Converged is false when the Band solver reached MaxIter.
	Iter, Bandwidth int
	Converged       bool
}

// MaxLLEIter caps LLE.MaxIter, the Band solver's sweeps (errs.ErrTooLarge beyond).
const MaxLLEIter = 1 << 20

func (l LLE) withDefaults() (LLE, error) {
	out := l
	out.Neighbors, out.Components = cmp.Or(l.Neighbors, 12), cmp.Or(l.Components, 2)
	out.Reg, out.Tol, out.MaxIter = cmp.Or(l.Reg, 1e-3), cmp.Or(l.Tol, 1e-6), cmp.Or(l.MaxIter, 1000)
	switch {
	case out.Components < 1:
		return out, fmt.Errorf("embed: LLE.Fit: Components = %d, want ≥ 1: %w", l.Components, ErrParam)
	case out.Neighbors < 0:
		return out, fmt.Errorf("embed: LLE.Fit: Neighbors = %d, want ≥ 1: %w", l.Neighbors, ErrParam)
	case out.MaxIter < 0:
		return out, fmt.Errorf("embed: LLE.Fit: MaxIter = %d, want ≥ 0: %w", l.MaxIter, ErrParam)
	case out.MaxIter > MaxLLEIter:
		return out, fmt.Errorf("embed: LLE.Fit: MaxIter = %d, limit %d: %w", l.MaxIter, MaxLLEIter, errs.ErrTooLarge)
	case !(out.Reg > 0) || math.IsInf(out.Reg, 0):
		return out, fmt.Errorf("embed: LLE.Fit: Reg = %g, want finite and > 0: %w", l.Reg, ErrParam)
	case !(out.Tol > 0):
		return out, fmt.Errorf("embed: LLE.Fit: Tol = %g, want > 0: %w", l.Tol, ErrParam)
	case l.Solver < Auto || l.Solver > Band:
		return out, fmt.Errorf("embed: LLE.Fit: Solver = %d, want Auto, Dense or Band: %w", l.Solver, ErrParam)
	case out.Neighbors <= out.Components:
		return out, fmt.Errorf("embed: LLE.Fit: Neighbors = %d cannot span a %d-dimensional embedding (want Neighbors > Components): %w", out.Neighbors, out.Components, ErrParam)
	}
	return out, nil
}

// Fit embeds the rows of x (p×N): neighbours, reconstruction weights, bottom eigenvectors.
func (l LLE) Fit(x mat.Matrix) (*LLEResult, error) {
	l, err := l.withDefaults()
	if err != nil {
		return nil, err
	}
	rows, err := rowsOf("LLE.Fit", x)
	if err != nil {
		return nil, err
	}
	p := len(rows)
	if p <= l.Components+1 {
		return nil, fmt.Errorf("embed: LLE.Fit: %d points cannot give a %d-dimensional embedding: %w", p, l.Components, ErrParam)
	}
	rows, scale := scaledRows(rows)
	nb, err := neighbours("LLE.Fit", rows, l.Neighbors)
	if err != nil {
		return nil, err
	}
	if c := components(nb); c > 1 {
		return nil, fmt.Errorf("embed: LLE.Fit: %d components with Neighbors = %d: %w", c, l.Neighbors, ErrDisconnected)
	}
	w, recon := reconstructionWeights(rows, nb, l.Reg)
	res := &LLEResult{NeighborIndices: nb, Weights: w, WeightError: recon * scale * scale}
	if math.IsInf(res.WeightError, 0) || math.IsNaN(res.WeightError) {
		return nil, fmt.Errorf("embed: LLE.Fit: the reconstruction error E(W) = %g·%g² overflows float64; rescale the data: %w", recon, scale, ErrNotFinite)
	}
	vals, vecs, err := l.bottomEigenvectors(nb, w, res)
	if err != nil {
		return nil, err
	}
	res.Eigenvalues = vals
	res.Embedding = signFixed(vecs)
	res.Cost = embeddingCost(nb, w, res.Embedding)
	return res, nil
}

// bottomEigenvectors finds the Components eigenvectors of G above the constant one with the
// solver chosen for p, and records the solver's statistics in res.
func (l LLE) bottomEigenvectors(nb [][]int, w [][]float64, res *LLEResult) ([]float64, *mat.Dense, error) {
	solver := l.Solver
	if solver == Auto {
		solver = Dense
		if len(nb) > 600 {
			solver = Band
		}
	}
	if solver == Dense {
		vals, vecs, err := denseBottom(nb, w, l.Components)
		res.Converged = err == nil
		return vals, vecs, err
	}
	vals, vecs, st, err := bandBottom(nb, w, l.Components, l.Tol, l.MaxIter, l.Seed)
	res.Iter, res.Bandwidth, res.Converged = st.iter, st.band, st.converged
	return vals, vecs, err
}

// scaledRows divides the data by its largest magnitude when that exceeds 1e150, so that
// squared distances cannot overflow; it returns the rows and the factor (1 if unchanged).
func scaledRows(rows [][]float64) ([][]float64, float64) {
	big := 0.0
	for _, r := range rows {
		for _, v := range r {
			big = math.Max(big, math.Abs(v))
		}
	}
	if big <= 1e150 {
		return rows, 1
	}
	out := make([][]float64, len(rows))
	for i, r := range rows {
		out[i] = make([]float64, len(r))
		for j, v := range r {
			out[i][j] = v / big
		}
	}
	return out, big
}

// signFixed returns the orthonormal eigenvectors with each column's sign fixed so that its
// entry of largest magnitude is positive.
func signFixed(vecs *mat.Dense) *mat.Dense {
	p, m := vecs.Dims()
	u := mat.NewDense(p, m, nil)
	for c := 0; c < m; c++ {
		big := 0
		for i := 0; i < p; i++ {
			if math.Abs(vecs.At(i, c)) > math.Abs(vecs.At(big, c)) {
				big = i
			}
		}
		s := 1.0
		if vecs.At(big, c) < 0 {
			s = -1
		}
		for i := 0; i < p; i++ {
			u.Set(i, c, s*vecs.At(i, c))
		}
	}
	return u
}

// reconstructionWeights solves the K×K systems of step 2. Cost O(p·(K²·N + K³)), the points
// split over the cores (each point's weights are its own; the squared residuals are kept per
// point and coordinate and added in the order of a serial loop, so E(W) has the same bits on
// any number of cores).
//
// Each system (C + r·I)w = 1 is small (K = 12 by default), so it is formed and solved in place
// by localSolve, an unblocked Cholesky factorisation and two triangular solves written out:
// gonum's LAPACK calls spend more on their set-up than on K³/6 multiply-adds. mat.Cholesky
// would also estimate the condition number, only to refuse systems beyond 10¹⁶; the regularised
// C + r·I with r = Reg·tr(C) has eigenvalues in [r, tr(C) + r], so its 1-norm condition number
// is below K·(1 + 1/Reg), and while that bound is at most 10¹⁵ no system can be refused.
// Beyond it (Reg below about K·10⁻¹⁵) mat.Cholesky runs with its estimate, and a refused system
// gets the uniform weights 1/K. The weights of the two paths agree within a few units of
// rounding of their condition number (TestReconstructionWeightsPaths).
func reconstructionWeights(rows [][]float64, nb [][]int, reg float64) ([][]float64, float64) {
	k := len(nb[0])
	dim := len(rows[0])
	w := make([][]float64, len(rows))
	flat := make([]float64, len(rows)*k)
	sq := make([]float64, len(rows)*dim)
	estimate := float64(k)*(1+1/reg) > 1e15
	par.Chunks(len(rows), 64, func(lo, hi int) {
		zd := make([]float64, k*dim) // row i: x − x_{β_i}
		cd := make([]float64, k*k)
		for a := lo; a < hi; a++ {
			x := rows[a]
			for i, b := range nb[a] {
				zi, xb := zd[i*dim:(i+1)*dim], rows[b][:dim]
				for j, v := range x[:dim] {
					zi[j] = v - xb[j]
				}
			}
			wa := flat[a*k : (a+1)*k : (a+1)*k]
			var ok bool
			if estimate {
				ok = choleskyWeights(mat.NewDense(k, dim, zd), reg, wa)
			} else {
				ok = localSolve(zd, cd, k, dim, reg, wa)
			}
			if !ok {
				for i := range wa {
					wa[i] = 1 / float64(k)
				}
			}
			w[a] = wa
			for j := 0; j < dim; j++ {
				v := x[j]
				for i, b := range nb[a] {
					v -= wa[i] * rows[b][j]
				}
				sq[a*dim+j] = v * v
			}
		}
	})
	recon := 0.0
	for _, v := range sq {
		recon += v
	}
	return w, recon
}

// localSolve sets wa to the solution of (C + r·I)w = 1 scaled to sum 1, for the k×k Gram
// matrix C_ij = ⟨z_i, z_j⟩ of the rows of z (k×dim, row-major) and r = reg·tr(C) (reg when
// tr(C) = 0: every neighbour coincides with the point). cd (k·k) is scratch for the lower
// Cholesky factor L, row i in cd[i·k:]. It reports false when a pivot is not positive, as
// LAPACK's Potrf would. Cost k²·dim/2 + k³/6 + k² multiply-adds.
func localSolve(z, cd []float64, k, dim int, reg float64, wa []float64) bool {
	tr := 0.0
	for i := range k {
		zi := z[i*dim : (i+1)*dim]
		for j := 0; j <= i; j++ {
			zj := z[j*dim : (j+1)*dim]
			s := 0.0
			for t, v := range zi {
				s += v * zj[t]
			}
			cd[i*k+j] = s
		}
		tr += cd[i*k+i]
	}
	r := reg * tr
	if tr == 0 {
		r = reg
	}
	for i := range k {
		li := cd[i*k : i*k+i+1]
		for j := 0; j < i; j++ {
			lj := cd[j*k : j*k+j+1]
			s := li[j]
			for t, v := range lj[:j] {
				s -= li[t] * v
			}
			li[j] = s / lj[j]
		}
		d := li[i] + r
		for _, v := range li[:i] {
			d -= v * v
		}
		if !(d > 0) {
			return false
		}
		li[i] = math.Sqrt(d)
	}
	for i := range k { // Ly = 1
		li := cd[i*k : i*k+i+1]
		s := 1.0
		for t, v := range li[:i] {
			s -= v * wa[t]
		}
		wa[i] = s / li[i]
	}
	for i := k - 1; i >= 0; i-- { // Lᵀw = y
		s := wa[i]
		for t := i + 1; t < k; t++ {
			s -= cd[t*k+i] * wa[t]
		}
		wa[i] = s / cd[i*k+i]
	}
	sum := 0.0
	for _, v := range wa {
		sum += v
	}
	for i := range wa {
		wa[i] /= sum
	}
	return true
}

// choleskyWeights is localSolve through mat.Cholesky, whose condition estimate refuses
// systems beyond 10¹⁶ (false: the caller takes uniform weights); for Reg so small that
// K·(1 + 1/Reg) exceeds 10¹⁵.
func choleskyWeights(z *mat.Dense, reg float64, wa []float64) bool {
	k, _ := z.Dims()
	c := mat.NewSymDense(k, nil)
	c.SymOuterK(1, z)
	tr := 0.0
	for i := range k {
		tr += c.At(i, i)
	}
	r := reg * tr
	if tr == 0 {
		r = reg
	}
	for i := range k {
		c.SetSym(i, i, c.At(i, i)+r)
	}
	ones := mat.NewVecDense(k, nil)
	for i := range k {
		ones.SetVec(i, 1)
	}
	var ch mat.Cholesky
	var sol mat.VecDense
	if !ch.Factorize(c) || ch.SolveVecTo(&sol, ones) != nil {
		return false
	}
	s := mat.Sum(&sol)
	for i := range wa {
		wa[i] = sol.AtVec(i) / s
	}
	return true
}

// embeddingCost returns F(U) = Σ_α ‖u^(α) − Σ_β W_{αβ} u^(β)‖².
func embeddingCost(nb [][]int, w [][]float64, u *mat.Dense) float64 {
	_, m := u.Dims()
	f := 0.0
	for a := range nb {
		for c := 0; c < m; c++ {
			v := u.At(a, c)
			for i, b := range nb[a] {
				v -= w[a][i] * u.At(b, c)
			}
			f += v * v
		}
	}
	return f
}

// applyG sets dst = G x = (I−W)ᵀ(I−W) x for every column of x, in O(p·K) per column.
func applyG(nb [][]int, w [][]float64, x, dst *mat.Dense) {
	p, s := x.Dims()
	tmp := make([]float64, s)
	dst.Zero()
	for a := 0; a < p; a++ {
		// r = ((I−W) x)_a
		xa := x.RawRowView(a)
		copy(tmp, xa)
		for i, b := range nb[a] {
			xb := x.RawRowView(b)
			for c := range tmp {
				tmp[c] -= w[a][i] * xb[c]
			}
		}
		// dst += (I−W)ᵀ e_a r
		da := dst.RawRowView(a)
		for c := range tmp {
			da[c] += tmp[c]
		}
		for i, b := range nb[a] {
			db := dst.RawRowView(b)
			for c := range tmp {
				db[c] -= w[a][i] * tmp[c]
			}
		}
	}
}

// GMatrix returns G = (I − W)ᵀ(I − W) as a dense symmetric matrix (for inspection and tests),
// or ErrNotFitted for a zero LLEResult.
func (r *LLEResult) GMatrix() (*mat.SymDense, error) {
	if r == nil || len(r.NeighborIndices) == 0 || len(r.Weights) != len(r.NeighborIndices) {
		return nil, fmt.Errorf("embed: LLEResult.GMatrix on a zero value: %w", ErrNotFitted)
	}
	p := len(r.NeighborIndices)
	for a, nb := range r.NeighborIndices {
		if len(r.Weights[a]) != len(nb) || slices.ContainsFunc(nb, func(b int) bool { return b < 0 || b >= p }) {
			return nil, fmt.Errorf("embed: LLEResult.GMatrix: point %d has %d neighbours in [0, %d) and %d weights: %w", a, len(nb), p, len(r.Weights[a]), ErrNotFitted)
		}
	}
	m := mat.NewDense(p, p, nil)
	for a := 0; a < p; a++ {
		m.Set(a, a, 1)
		for i, b := range r.NeighborIndices[a] {
			m.Set(a, b, m.At(a, b)-r.Weights[a][i])
		}
	}
	g := mat.NewSymDense(p, nil)
	g.SymOuterK(1, m.T())
	return g, nil
}

func denseBottom(nb [][]int, w [][]float64, dim int) ([]float64, *mat.Dense, error) {
	g, err := (&LLEResult{NeighborIndices: nb, Weights: w}).GMatrix()
	if err != nil {
		return nil, nil, err
	}
	var eig mat.EigenSym
	if !eig.Factorize(g, true) {
		return nil, nil, fmt.Errorf("embed: LLE.Fit: eigen-decomposition of G failed: %w", ErrSingular)
	}
	all := eig.Values(nil)
	var v mat.Dense
	eig.VectorsTo(&v)
	p := len(nb)
	vecs := mat.NewDense(p, dim, nil)
	vecs.Copy(v.Slice(0, p, 1, dim+1))
	// When the bottom eigenvalues are nearly degenerate the solver may mix a little of the
	// constant vector into them; remove it so that every coordinate is exactly centred.
	centreColumns(vecs)
	orthonormalise(vecs)
	return append([]float64(nil), all[:dim+1]...), vecs, nil
}
