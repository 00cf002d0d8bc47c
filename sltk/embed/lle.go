package embed

import (
	"fmt"
	"math"

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
	// matrix of half-width b, factors G + σI by band Cholesky in O(p·b²), and runs
	// shift-invert subspace iteration with Rayleigh–Ritz on the bottom eigenvectors, each sweep
	// costing O(p·b·s) for s vectors. For manifold data b ≪ p, so this is far cheaper than Dense.
	Band
)

// LLE is locally linear embedding (Roweis & Saul; seed 001 §4.4, Fig. 4.9).
//
// Step 1 finds the K nearest neighbours of every point (k-d tree). Step 2 solves, for each
// point, C w = 1 with the local Gram matrix C_ij = (x − x_{β_i})ᵀ(x − x_{β_j}) regularised as
// C + Reg·tr(C)·I (needed when K exceeds the input dimension, where C is singular) and
// normalises w to sum 1. Step 3 takes the Dim+1 eigenvectors of G = (I−W)ᵀ(I−W) with the
// smallest eigenvalues, discards the constant one (eigenvalue 0) and scales the rest by √p.
//
// Zero values: K = 12, Dim = 2, Reg = 1e-3, Solver = Auto, Tol = 1e-6 (the Band solver stops
// when every wanted Ritz pair has ‖Gu − λu‖ ≤ Tol·λ_Dim + 10⁻¹³‖G‖), MaxIter = 1000 sweeps,
// Seed = 0 (start block of the Band solver).
type LLE struct {
	K       int
	Dim     int
	Reg     float64
	Solver  Solver
	Tol     float64
	MaxIter int
	Seed    uint64
}

// LLEResult is an embedding with the quantities the notes define.
type LLEResult struct {
	// Embedding is p×Dim: centred, with (1/p) UᵀU = I.
	Embedding *mat.Dense
	// Neighbours[α] and Weights[α] are the K neighbours of point α and their reconstruction
	// weights W_{αβ} (summing to 1).
	Neighbours [][]int
	Weights    [][]float64
	// Eigenvalues holds the Dim+1 smallest eigenvalues of G, ascending; the first is ≈ 0.
	Eigenvalues []float64
	// ReconError is E(W) = Σ_α ‖x^(α) − Σ_β W_{αβ} x^(β)‖² and Cost is
	// F(U) = Σ_α ‖u^(α) − Σ_β W_{αβ} u^(β)‖² = p·Σ_{i=1..Dim} λ_i.
	ReconError, Cost float64
	// Iter is the number of subspace sweeps (0 for Dense), Bandwidth the half-width of the
	// reordered G (0 for Dense).
	Iter, Bandwidth int
	Converged       bool
}

func (l LLE) defaults() (LLE, error) {
	if l.K == 0 {
		l.K = 12
	}
	if l.Dim == 0 {
		l.Dim = 2
	}
	if l.Reg == 0 {
		l.Reg = 1e-3
	}
	if l.Tol == 0 {
		l.Tol = 1e-6
	}
	if l.MaxIter == 0 {
		l.MaxIter = 1000
	}
	switch {
	case l.Dim < 1 || l.K < 0 || l.MaxIter < 0:
		return l, fmt.Errorf("%w: Dim = %d, K = %d, MaxIter = %d", ErrInput, l.Dim, l.K, l.MaxIter)
	case !(l.Reg > 0) || math.IsInf(l.Reg, 0) || !(l.Tol > 0):
		return l, fmt.Errorf("%w: need Reg > 0 and Tol > 0, got %g and %g", ErrInput, l.Reg, l.Tol)
	case l.Solver < Auto || l.Solver > Band:
		return l, fmt.Errorf("%w: unknown solver %d", ErrInput, l.Solver)
	case l.K <= l.Dim:
		return l, fmt.Errorf("%w: K = %d neighbours cannot span a %d-dimensional embedding (need K > Dim)", ErrNeighbours, l.K, l.Dim)
	}
	return l, nil
}

// Fit embeds the rows of x (p×N).
func (l LLE) Fit(x mat.Matrix) (*LLEResult, error) {
	l, err := l.defaults()
	if err != nil {
		return nil, err
	}
	rows, err := rowsOf(x)
	if err != nil {
		return nil, err
	}
	p := len(rows)
	if p <= l.Dim+1 {
		return nil, fmt.Errorf("%w: %d points cannot give a %d-dimensional embedding", ErrInput, p, l.Dim)
	}
	nb, err := neighbours(rows, l.K)
	if err != nil {
		return nil, err
	}
	if c := components(nb); c > 1 {
		return nil, fmt.Errorf("%w: %d components with K = %d", ErrDisconnected, c, l.K)
	}
	w, recon := reconstructionWeights(rows, nb, l.Reg)
	res := &LLEResult{Neighbours: nb, Weights: w, ReconError: recon}
	solver := l.Solver
	if solver == Auto {
		solver = Dense
		if p > 600 {
			solver = Band
		}
	}
	var vecs *mat.Dense
	var vals []float64
	if solver == Dense {
		vals, vecs, err = denseBottom(nb, w, l.Dim)
		res.Converged = err == nil
	} else {
		var st bandStats
		vals, vecs, st, err = bandBottom(nb, w, l.Dim, l.Tol, l.MaxIter, l.Seed)
		res.Iter, res.Bandwidth, res.Converged = st.iter, st.band, st.converged
	}
	if err != nil {
		return nil, err
	}
	res.Eigenvalues = vals
	u := mat.NewDense(p, l.Dim, nil)
	sp := math.Sqrt(float64(p))
	for c := 0; c < l.Dim; c++ {
		// Fix the sign: the entry of largest magnitude is positive.
		big := 0
		for i := 0; i < p; i++ {
			if math.Abs(vecs.At(i, c)) > math.Abs(vecs.At(big, c)) {
				big = i
			}
		}
		s := sp
		if vecs.At(big, c) < 0 {
			s = -sp
		}
		for i := 0; i < p; i++ {
			u.Set(i, c, s*vecs.At(i, c))
		}
	}
	res.Embedding = u
	res.Cost = embeddingCost(nb, w, u)
	return res, nil
}

// reconstructionWeights solves the K×K systems of step 2. Cost O(p·(K²·N + K³)).
func reconstructionWeights(rows [][]float64, nb [][]int, reg float64) ([][]float64, float64) {
	k := len(nb[0])
	dim := len(rows[0])
	w := make([][]float64, len(rows))
	z := mat.NewDense(k, dim, nil)
	c := mat.NewSymDense(k, nil)
	ones := mat.NewVecDense(k, nil)
	for i := 0; i < k; i++ {
		ones.SetVec(i, 1)
	}
	var ch mat.Cholesky
	var sol mat.VecDense
	recon := 0.0
	for a, x := range rows {
		for i, b := range nb[a] {
			for j := 0; j < dim; j++ {
				z.Set(i, j, x[j]-rows[b][j])
			}
		}
		c.SymOuterK(1, z)
		tr := 0.0
		for i := 0; i < k; i++ {
			tr += c.At(i, i)
		}
		r := reg * tr
		if tr == 0 { // all neighbours coincide with the point
			r = reg
		}
		for i := 0; i < k; i++ {
			c.SetSym(i, i, c.At(i, i)+r)
		}
		wa := make([]float64, k)
		if ch.Factorize(c) && ch.SolveVecTo(&sol, ones) == nil {
			s := mat.Sum(&sol)
			for i := range wa {
				wa[i] = sol.AtVec(i) / s
			}
		} else {
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
			recon += v * v
		}
	}
	return w, recon
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

// GMatrix returns G = (I − W)ᵀ(I − W) as a dense symmetric matrix (for inspection and tests).
func (r *LLEResult) GMatrix() *mat.SymDense {
	p := len(r.Neighbours)
	m := mat.NewDense(p, p, nil)
	for a := 0; a < p; a++ {
		m.Set(a, a, 1)
		for i, b := range r.Neighbours[a] {
			m.Set(a, b, m.At(a, b)-r.Weights[a][i])
		}
	}
	g := mat.NewSymDense(p, nil)
	g.SymOuterK(1, m.T())
	return g
}

func denseBottom(nb [][]int, w [][]float64, dim int) ([]float64, *mat.Dense, error) {
	r := &LLEResult{Neighbours: nb, Weights: w}
	g := r.GMatrix()
	var eig mat.EigenSym
	if !eig.Factorize(g, true) {
		return nil, nil, fmt.Errorf("%w: eigen-decomposition of G failed", ErrInput)
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
