package embed

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"github.com/sltk-book/sltk/sltk/synth"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"
	"gonum.org/v1/gonum/mat"
)

// The band path LLE ran before the envelope factor, kept as the reference the envelope must
// match: G + σI assembled as a gonum band matrix, factored by LAPACK's Dpbtrf, solved by
// bandSolve.

// assembleShiftedG forms G + σI = (I−W)ᵀ(I−W) + σI as a symmetric band matrix of the
// half-width the neighbour lists imply, with σ = 10⁻⁹·max G_aa, and returns it with that max.
func assembleShiftedG(nbP [][]int, wP [][]float64) (*mat.SymBandDense, float64) {
	p := len(nbP)
	band := 0
	for a := range nbP {
		lo, hi := a, a
		for _, b := range nbP[a] {
			lo, hi = min(lo, b), max(hi, b)
		}
		band = max(band, hi-lo)
	}
	g := mat.NewSymBandDense(p, band, nil)
	idx := make([]int, 0, len(nbP[0])+1)
	val := make([]float64, 0, len(nbP[0])+1)
	for a := range nbP {
		idx, val = append(idx[:0], a), append(val[:0], 1)
		for i, b := range nbP[a] {
			idx, val = append(idx, b), append(val, -wP[a][i])
		}
		for i := range idx {
			for j := i; j < len(idx); j++ {
				r, c := idx[i], idx[j]
				if r > c {
					r, c = c, r
				}
				g.SetSymBand(r, c, g.At(r, c)+val[i]*val[j])
			}
		}
	}
	gnorm := 0.0
	for a := 0; a < p; a++ {
		gnorm = math.Max(gnorm, g.At(a, a))
	}
	sigma := 1e-9 * gnorm
	for a := 0; a < p; a++ {
		g.SetSymBand(a, a, g.At(a, a)+sigma)
	}
	return g, gnorm
}

// bandSolve overwrites y (n×s, row-major) with (UᵀU)⁻¹y for the upper band Cholesky factor u
// (row i stores U[i, i…i+k]). Both triangular sweeps walk the rows of U contiguously and update
// whole rows of y, so all s right-hand sides are solved in one pass over the factor instead of
// one strided pass per column. Cost 2·n·k·s.
func bandSolve(u blas64.TriangularBand, y *mat.Dense) {
	n, k, st := u.N, u.K, u.Stride
	yr := y.RawMatrix()
	s := yr.Cols
	row := func(i int) []float64 { return yr.Data[i*yr.Stride : i*yr.Stride+s] }
	// Uᵀz = y, right-looking: once z_i is known, remove its contribution from the rows below.
	for i := 0; i < n; i++ {
		ui := u.Data[i*st : i*st+min(k, n-1-i)+1]
		zi := row(i)
		inv := 1 / ui[0]
		for c := range zi {
			zi[c] *= inv
		}
		for t := 1; t < len(ui); t++ {
			f := ui[t]
			if f == 0 {
				continue
			}
			yt := row(i + t)
			for c, v := range zi {
				yt[c] -= f * v
			}
		}
	}
	// Ux = z, backwards.
	for i := n - 1; i >= 0; i-- {
		ui := u.Data[i*st : i*st+min(k, n-1-i)+1]
		xi := row(i)
		for t := 1; t < len(ui); t++ {
			f := ui[t]
			if f == 0 {
				continue
			}
			xt := row(i + t)
			for c, v := range xt {
				xi[c] -= f * v
			}
		}
		inv := 1 / ui[0]
		for c := range xi {
			xi[c] *= inv
		}
	}
}

// oldRCM is rcm as it was written before the adjacency lists became one array sorted by typed
// comparisons (sort.Ints and sort.SliceStable by degree): the reference for the order.
func oldRCM(nb [][]int) []int {
	p := len(nb)
	adj := make([][]int, p)
	for a, row := range nb {
		for _, b := range row {
			adj[a] = append(adj[a], b)
			adj[b] = append(adj[b], a)
		}
	}
	for a := range adj {
		sort.Ints(adj[a])
		u := adj[a][:0]
		for i, v := range adj[a] {
			if i == 0 || v != adj[a][i-1] {
				u = append(u, v)
			}
		}
		adj[a] = u
	}
	for a := range adj {
		sort.SliceStable(adj[a], func(i, j int) bool { return len(adj[adj[a][i]]) < len(adj[adj[a][j]]) })
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

// TestRCMOrderUnchanged: rcm returns the order of oldRCM, tie for tie, on the swiss roll, the
// helix and random neighbour lists (many equal degrees).
func TestRCMOrderUnchanged(t *testing.T) {
	roll, _, _ := synth.SwissRoll{N: 3000, Seed: 1}.Generate()
	hel, _ := helix(500)
	var lists [][][]int
	for _, x := range []mat.Matrix{roll, hel} {
		rows, _ := rowsOf("test", x)
		nb, err := neighbours("test", rows, 9)
		if err != nil {
			t.Fatal(err)
		}
		lists = append(lists, nb)
	}
	rng := rand.New(rand.NewPCG(2, 3))
	for _, p := range []int{2, 7, 200} {
		nb := make([][]int, p)
		for a := range nb {
			for range 1 + rng.IntN(4) {
				if b := rng.IntN(p); b != a {
					nb[a] = append(nb[a], b)
				}
			}
			nb[a] = append(nb[a], (a+1)%p) // connected
		}
		lists = append(lists, nb)
	}
	for c, nb := range lists {
		if got, want := rcm(nb), oldRCM(nb); !slices.Equal(got, want) {
			t.Errorf("case %d: rcm differs from the old order", c)
		}
	}
}

// TestBandSolve: bandSolve agrees with a dense solve of the same symmetric positive definite
// band system.
func TestBandSolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	n, k, s := 40, 5, 3
	a := mat.NewSymBandDense(n, k, nil)
	dense := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j <= min(i+k, n-1); j++ {
			v := rng.NormFloat64()
			if i == j {
				v = 20 + rng.Float64()
			}
			a.SetSymBand(i, j, v)
			dense.SetSym(i, j, v)
		}
	}
	b := mat.NewDense(n, s, nil)
	for i := 0; i < n; i++ {
		for c := 0; c < s; c++ {
			b.Set(i, c, rng.NormFloat64())
		}
	}
	var want mat.Dense
	if err := want.Solve(dense, b); err != nil {
		t.Fatal(err)
	}
	u, ok := lapack64.Pbtrf(a.RawSymBand())
	if !ok {
		t.Fatal("not positive definite")
	}
	got := mat.DenseCopyOf(b)
	bandSolve(u, got)
	var diff mat.Dense
	diff.Sub(got, &want)
	if e := mat.Norm(&diff, math.Inf(1)); e > 1e-12 {
		t.Errorf("band solve differs from dense solve by %g", e)
	}
}

// lleSystem returns the reordered neighbour lists and weights of LLE on x, as bandBottom makes
// them.
func lleSystem(t *testing.T, x mat.Matrix, k int) ([][]int, [][]float64) {
	t.Helper()
	rows, err := rowsOf("test", x)
	if err != nil {
		t.Fatal(err)
	}
	nb, err := neighbours("test", rows, k)
	if err != nil {
		t.Fatal(err)
	}
	w, _ := reconstructionWeights(rows, nb, 1e-3)
	return permuted(nb, w, rcm(nb))
}

// TestEnvelopeMatchesBand: on the swiss roll and the helix, the envelope holds the band
// matrix's G + σI bit for bit with the same half-bandwidth; its Cholesky factor is the band
// factor's Uᵀ within 10⁻⁷ of the row norms √(A_ii), and its solves agree with the dense solve
// of G + σI within 10⁻⁶ relative (σ = 10⁻⁹·max G_aa makes the condition number about 10⁹, and
// the sums run in another order; seen 10⁻⁹ and 8·10⁻⁹, the band solve's 1.7·10⁻⁸); the
// shift-invert iteration on either factor gives the same bottom eigenvalues within 10⁻⁹
// relative and eigenvectors within 10⁻⁶ (seen 3·10⁻¹² and 7·10⁻¹³).
func TestEnvelopeMatchesBand(t *testing.T) {
	roll, _, _ := synth.SwissRoll{N: 3000, Seed: 1}.Generate()
	hel, _ := helix(900)
	for _, c := range []struct {
		name string
		x    mat.Matrix
		k    int
	}{{"swiss roll", roll, 12}, {"helix", hel, 8}} {
		nbP, wP := lleSystem(t, c.x, c.k)
		g, gnorm := assembleShiftedG(nbP, wP)
		env, gnorm2, band := assembleShiftedEnvelope(nbP, wP)
		p := len(nbP)
		if gnorm != gnorm2 || band != g.RawSymBand().K {
			t.Fatalf("%s: max G_aa %v, band %d; band matrix: %v, %d", c.name, gnorm2, band, gnorm, g.RawSymBand().K)
		}
		dense := mat.NewSymDense(p, nil)
		for i := range p {
			for j := max(0, i-band); j <= i; j++ {
				var v float64
				if j >= env.first[i] {
					v = env.row(i)[j-env.first[i]]
				}
				if v != g.At(i, j) {
					t.Fatalf("%s: G[%d,%d] = %v, band matrix %v", c.name, i, j, v, g.At(i, j))
				}
				dense.SetSym(i, j, v)
			}
		}
		u, ok := lapack64.Pbtrf(g.RawSymBand())
		if !ok || !env.cholesky() {
			t.Fatalf("%s: a factorisation failed", c.name)
		}
		worstL := 0.0 // |ΔL_ij| / √(A_ii): row i of L has norm √(A_ii)
		for i := range p {
			for j := env.first[i]; j <= i; j++ {
				got, want := env.row(i)[j-env.first[i]], u.Data[j*u.Stride+i-j]
				worstL = math.Max(worstL, math.Abs(got-want)/math.Sqrt(dense.At(i, i)))
			}
		}
		if worstL > 1e-7 {
			t.Errorf("%s: the envelope factor differs from the band factor's Uᵀ by %.3g of its row norms", c.name, worstL)
		}
		rng := rand.New(rand.NewPCG(5, 6))
		b := mat.NewDense(p, 3, nil)
		for i := range b.RawMatrix().Data {
			b.RawMatrix().Data[i] = rng.NormFloat64()
		}
		var want mat.Dense
		if err := want.Solve(dense, b); err != nil {
			t.Fatal(err)
		}
		got := mat.DenseCopyOf(b)
		env.solve(got)
		var diff mat.Dense
		diff.Sub(got, &want)
		gotB := mat.DenseCopyOf(b)
		bandSolve(u, gotB)
		var diffB mat.Dense
		diffB.Sub(gotB, &want)
		eE := mat.Norm(&diff, math.Inf(1)) / mat.Norm(&want, math.Inf(1))
		eB := mat.Norm(&diffB, math.Inf(1)) / mat.Norm(&want, math.Inf(1))
		t.Logf("%s: solves off the dense solve by %.2g (envelope), %.2g (band)", c.name, eE, eB)
		if eE > 1e-6 {
			t.Errorf("%s: envelope solve differs from the dense solve by %.3g relative", c.name, eE)
		}
		var stE, stB bandStats
		xe, thE, err := subspaceIteration(env.solve, nbP, wP, 2, 1e-6, gnorm, 1000, 0, &stE)
		if err != nil {
			t.Fatal(err)
		}
		xb, thB, err := subspaceIteration(func(y *mat.Dense) { bandSolve(u, y) }, nbP, wP, 2, 1e-6, gnorm, 1000, 0, &stB)
		if err != nil {
			t.Fatal(err)
		}
		worstV, worstX := 0.0, 0.0
		for j := range 2 {
			worstV = math.Max(worstV, math.Abs(thE[j]-thB[j])/thB[j])
			sign := 1.0
			if mat.Dot(xe.ColView(j), xb.ColView(j)) < 0 {
				sign = -1
			}
			for i := range p {
				worstX = math.Max(worstX, math.Abs(xe.At(i, j)-sign*xb.At(i, j)))
			}
		}
		t.Logf("%s: p=%d band %d, factor within %.2g, %d and %d sweeps, eigenvalues within %.2g relative, vectors within %.2g", c.name, p, band, worstL, stE.iter, stB.iter, worstV, worstX)
		if worstV > 1e-9 || worstX > 1e-6 {
			t.Errorf("%s: eigenvalues %.3g relative, vectors %.3g from the band path", c.name, worstV, worstX)
		}
	}
}
