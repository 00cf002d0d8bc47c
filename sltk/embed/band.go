package embed

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/mat"
)

type bandStats struct {
	iter, band int
	converged  bool
}

// rcm returns the reverse Cuthill–McKee order of the symmetrised neighbour graph:
// perm[new] = old. Breadth-first search from a pseudo-peripheral vertex, visiting neighbours by
// increasing degree, keeps adjacent points close in the order and so keeps G banded.
// Cost O(p·K·log K), in flat arrays and typed sorts (for p < 2³² points).
func rcm(nb [][]int) []int {
	p := len(nb)
	// The symmetrised graph in one array (CSR): each point's neighbours and the points that
	// list it, sorted and without repeats.
	cnt := make([]int, p+1)
	for a, row := range nb {
		cnt[a+1] += len(row)
		for _, b := range row {
			cnt[b+1]++
		}
	}
	for a := range p {
		cnt[a+1] += cnt[a]
	}
	flat := make([]int, cnt[p])
	fill := slices.Clone(cnt[:p])
	for a, row := range nb {
		for _, b := range row {
			flat[fill[a]], flat[fill[b]] = b, a
			fill[a]++
			fill[b]++
		}
	}
	adj := make([][]int, p)
	seen := make([]int, p)
	for a := range adj { // drop repeats, keeping the first of each
		r := flat[cnt[a]:cnt[a]]
		for _, b := range flat[cnt[a]:cnt[a+1]] {
			if seen[b] != a+1 {
				seen[b] = a + 1
				r = append(r, b)
			}
		}
		adj[a] = r
	}
	// Visit neighbours by increasing degree, ties by index: sort the keys degree·2³² + index.
	var keys []uint64
	for a := range adj {
		keys = keys[:0]
		for _, b := range adj[a] {
			keys = append(keys, uint64(len(adj[b]))<<32|uint64(b))
		}
		slices.Sort(keys)
		for i, k := range keys {
			adj[a][i] = int(k & (1<<32 - 1))
		}
	}
	level := make([]int, p)
	bfs := func(start int, order []int) []int {
		for i := range level {
			level[i] = -1
		}
		order = append(order[:0], start)
		level[start] = 0
		for h := 0; h < len(order); h++ {
			for _, v := range adj[order[h]] {
				if level[v] < 0 {
					level[v] = level[order[h]] + 1
					order = append(order, v)
				}
			}
		}
		return order
	}
	start := 0
	for a := range adj {
		if len(adj[a]) < len(adj[start]) {
			start = a
		}
	}
	order := make([]int, 0, p)
	for round := 0; round < 3; round++ {
		order = bfs(start, order)
		last := level[order[len(order)-1]]
		best := order[len(order)-1]
		for _, v := range order {
			if level[v] == last && len(adj[v]) < len(adj[best]) {
				best = v
			}
		}
		if best == start {
			break
		}
		start = best
	}
	order = bfs(start, order)
	for i, j := 0, len(order)-1; i < j; i, j = i+1, j-1 {
		order[i], order[j] = order[j], order[i]
	}
	return order
}

// bandBottom finds the dim smallest non-trivial eigenpairs of G by shift-invert subspace
// iteration on a Cholesky factor of G + σI, in the RCM order: reorder the points, assemble
// G + σI in envelope storage (the rows of the reordered G are its band of half-width b, but
// most are far shorter than b), factor it, iterate, and undo the permutation.
func bandBottom(nb [][]int, w [][]float64, dim int, tol float64, maxIter int, seed uint64) ([]float64, *mat.Dense, bandStats, error) {
	p := len(nb)
	perm := rcm(nb)
	nbP, wP := permuted(nb, w, perm)
	chol, gnorm, band := assembleShiftedEnvelope(nbP, wP)
	st := bandStats{band: band}
	if !chol.cholesky() {
		return nil, nil, st, fmt.Errorf("embed: LLE.Fit: Cholesky factorisation of G + σI failed: %w", ErrSingular)
	}
	x, theta, err := subspaceIteration(chol.solve, nbP, wP, dim, tol, gnorm, maxIter, seed, &st)
	if err != nil {
		return nil, nil, st, err
	}
	vecs := mat.NewDense(p, dim, nil)
	for n, o := range perm {
		for c := 0; c < dim; c++ {
			vecs.Set(o, c, x.At(n, c))
		}
	}
	// The trivial eigenvalue: the Rayleigh quotient of the constant vector (0 up to round-off).
	ones := mat.NewDense(p, 1, nil)
	for i := 0; i < p; i++ {
		ones.Set(i, 0, 1)
	}
	g1 := mat.NewDense(p, 1, nil)
	applyG(nbP, wP, ones, g1)
	vals := []float64{mat.Sum(g1) / float64(p)}
	vals = append(vals, theta[:dim]...)
	return vals, vecs, st, nil
}

// permuted returns the neighbour lists and weights in the numbering perm (new → old).
func permuted(nb [][]int, w [][]float64, perm []int) ([][]int, [][]float64) {
	p := len(nb)
	inv := make([]int, p)
	for n, o := range perm {
		inv[o] = n
	}
	nbP := make([][]int, p)
	wP := make([][]float64, p)
	for n, o := range perm {
		nbP[n] = make([]int, len(nb[o]))
		for i, b := range nb[o] {
			nbP[n][i] = inv[b]
		}
		wP[n] = w[o]
	}
	return nbP, wP
}

// subspaceIteration runs shift-invert subspace iteration with Rayleigh–Ritz on s = dim+4
// vectors from a seeded Gaussian start: solve with the factor of G + σI (solve), centre, orthonormalise,
// project G, rotate to the Ritz vectors. It stops when every wanted Ritz pair has a residual
// ‖Gu − θu‖ ≤ tol·θ_dim + 10⁻¹³‖G‖ (then st.converged) or after maxIter sweeps, and returns the
// Ritz vectors and values.
func subspaceIteration(solve func(y *mat.Dense), nbP [][]int, wP [][]float64, dim int, tol, gnorm float64,
	maxIter int, seed uint64, st *bandStats) (*mat.Dense, []float64, error) {
	p := len(nbP)
	s := min(dim+4, p-1)
	rng := rand.New(rand.NewPCG(seed, 0x5851f42d4c957f2d))
	x := mat.NewDense(p, s, nil)
	for i := 0; i < p; i++ {
		for c := 0; c < s; c++ {
			x.Set(i, c, rng.NormFloat64())
		}
	}
	y := mat.NewDense(p, s, nil)
	gq := mat.NewDense(p, s, nil)
	qc := mat.NewDense(p, s, nil)
	var h mat.Dense
	hs := mat.NewSymDense(s, nil)
	var eig mat.EigenSym
	var v mat.Dense
	var theta []float64
	for it := 1; it <= maxIter; it++ {
		y.Copy(x)
		solve(y)
		centreColumns(y)
		orthonormalise(y)
		qc.Copy(y)
		applyG(nbP, wP, qc, gq)
		h.Mul(qc.T(), gq)
		for i := 0; i < s; i++ {
			for j := i; j < s; j++ {
				hs.SetSym(i, j, 0.5*(h.At(i, j)+h.At(j, i)))
			}
		}
		if !eig.Factorize(hs, true) {
			return nil, nil, fmt.Errorf("embed: LLE.Fit: Rayleigh–Ritz eigen-decomposition failed: %w", ErrSingular)
		}
		theta = eig.Values(theta)
		eig.VectorsTo(&v)
		x.Mul(qc, &v)
		y.Mul(gq, &v) // G x
		st.iter = it
		worst := 0.0
		for c := 0; c < dim; c++ {
			r := 0.0
			for i := 0; i < p; i++ {
				t := y.At(i, c) - theta[c]*x.At(i, c)
				r += t * t
			}
			worst = math.Max(worst, math.Sqrt(r))
		}
		// Residuals are judged against the largest wanted eigenvalue (the bottom of the spectrum
		// can be 10⁻⁸ of ‖G‖), with a floor at the round-off of forming G·x.
		if worst <= tol*theta[dim-1]+1e-13*gnorm {
			st.converged = true
			break
		}
	}
	return x, theta, nil
}

// centreColumns removes the component along the constant vector (the null vector of G).
func centreColumns(y *mat.Dense) {
	p, s := y.Dims()
	for c := 0; c < s; c++ {
		m := 0.0
		for i := 0; i < p; i++ {
			m += y.At(i, c)
		}
		m /= float64(p)
		for i := 0; i < p; i++ {
			y.Set(i, c, y.At(i, c)-m)
		}
	}
}

// orthonormalise makes the columns of y orthonormal by modified Gram–Schmidt applied twice
// ("twice is enough" for full working accuracy). Cost O(p·s²).
func orthonormalise(y *mat.Dense) {
	p, s := y.Dims()
	col := make([][]float64, s)
	for c := range col {
		col[c] = make([]float64, p)
		for i := 0; i < p; i++ {
			col[c][i] = y.At(i, c)
		}
	}
	for pass := 0; pass < 2; pass++ {
		for c := 0; c < s; c++ {
			for k := 0; k < c; k++ {
				d := 0.0
				for i, v := range col[c] {
					d += v * col[k][i]
				}
				for i := range col[c] {
					col[c][i] -= d * col[k][i]
				}
			}
			n := 0.0
			for _, v := range col[c] {
				n += v * v
			}
			n = math.Sqrt(n)
			if n == 0 {
				n = 1
			}
			for i := range col[c] {
				col[c][i] /= n
			}
		}
	}
	for c := range col {
		for i := 0; i < p; i++ {
			y.Set(i, c, col[c][i])
		}
	}
}
