package embed

import (
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/floats"
)

// tridiag is a symmetric j×j matrix reduced to tridiagonal form, A = H·T·Hᵀ, by LAPACK's
// Dsytrd on its upper triangle: T has diagonal d and off-diagonal e, H = H_{j−2}···H_0 is
// kept as Householder reflectors H_p = I − τ_p·v_p·v_pᵀ (v_p[p] = 1, v_p[0:p] in column p+1
// of a above the diagonal, zero below p). leadingOnE's Rayleigh–Ritz step needs only the few
// largest eigenpairs of its projected matrix; one reduction serves the eigenvalues (Dsterf on
// T, O(j²)) and those eigenvectors (inverse iteration on T, back-transformed by the
// reflectors, O(j²) each), where a full eigendecomposition with vectors (Dsyev) also
// accumulates all j eigenvectors through the QR sweeps, about four times the reduction's
// (4/3)j³ flops, serially.
type tridiag struct {
	j     int
	a     []float64 // j×j, row-major: the reflectors above the superdiagonal
	d, e  []float64 // the diagonal (j) and off-diagonal (j−1) of T
	tau   []float64
	vals  []float64 // eigenvalues of A, ascending (Dsterf)
	tvals []float64 // those of T, which is A times a power of 2
	scale float64   // max row sum of |T|: the scale of its eigenvalues
}

// newTridiag reduces the symmetric matrix held in the upper triangle of t (leading j×j block,
// stride m) and computes its eigenvalues; it reports false if Dsterf did not converge. Cost
// (4/3)j³ flops for the reduction.
func newTridiag(t []float64, m, j int) (*tridiag, bool) {
	tr := &tridiag{j: j, a: make([]float64, j*j), d: make([]float64, j), e: make([]float64, max(j-1, 0)),
		tau: make([]float64, max(j-1, 0))}
	for r := range j {
		copy(tr.a[r*j+r:(r+1)*j], t[r*m+r:r*m+j])
	}
	if j == 0 {
		return tr, true
	}
	// A is scaled by a power of 2 to a largest entry in [1/2, 1) (exact, unless entries are
	// subnormal): Dsterf's own rescaling of very small matrices fails in gonum v0.17.
	anrm := 0.0
	for r := range j {
		for _, v := range tr.a[r*j+r : (r+1)*j] {
			anrm = math.Max(anrm, math.Abs(v))
		}
	}
	sigma := 1.0
	if anrm > 0 && !math.IsInf(anrm, 0) {
		_, exp := math.Frexp(anrm)
		sigma = math.Ldexp(1, -exp)
	}
	if sigma != 1 {
		for r := range j {
			floats.Scale(sigma, tr.a[r*j+r:(r+1)*j])
		}
	}
	work := []float64{0}
	lapackImpl{}.Dsytrd(blas.Upper, j, tr.a, j, tr.d, tr.e, tr.tau, work, -1)
	work = make([]float64, max(1, int(work[0])))
	lapackImpl{}.Dsytrd(blas.Upper, j, tr.a, j, tr.d, tr.e, tr.tau, work, len(work))
	for i := range j {
		s := math.Abs(tr.d[i])
		if i > 0 {
			s += math.Abs(tr.e[i-1])
		}
		if i+1 < j {
			s += math.Abs(tr.e[i])
		}
		tr.scale = math.Max(tr.scale, s)
	}
	tr.tvals = append([]float64(nil), tr.d...)
	e := append(make([]float64, 0, j), tr.e...)
	e = append(e, 0)
	if !(lapackImpl{}).Dsterf(j, tr.tvals, e) {
		return nil, false
	}
	tr.vals = make([]float64, j)
	for i, v := range tr.tvals {
		tr.vals[i] = v / sigma
	}
	return tr, true
}

// vectors returns, as the rows of a len(idx)×j matrix, orthonormal eigenvectors of A for the
// eigenvalues vals[idx[c]] (indices into the ascending vals; nearby eigenvalues are taken in
// the order given). Each comes from inverse iteration on T − σI (three solves by Dgtsv, from a
// seeded random start, as LAPACK's Dstein): σ is the eigenvalue, moved up by 10 ulps of the
// scale of T from the previous one when the two are that close, and within a cluster
// (eigenvalues within 10⁻³ of the scale of T) every iterate is made orthogonal to the
// cluster's vectors found before it, so repeated eigenvalues get an orthonormal basis of their
// eigenspace. The eigenvectors of T are then multiplied by H (its reflectors, O(j²) each).
// ritzLeading checks every resulting Ritz pair explicitly, so a vector that inverse iteration
// got wrong is caught there. Cost O(len(idx)·(j² + j·cluster size)).
func (tr *tridiag) vectors(idx []int) []float64 {
	j := tr.j
	out := make([]float64, len(idx)*j)
	if j == 0 {
		return out
	}
	scale := tr.scale
	if !(scale > 0) {
		scale = 1
	}
	// T/scale, so that the solves cannot overflow however T is scaled.
	d, e := make([]float64, j), make([]float64, max(j-1, 0))
	for i := range d {
		d[i] = tr.d[i] / scale
	}
	for i := range e {
		e[i] = tr.e[i] / scale
	}
	dl, dd, du := make([]float64, max(j-1, 0)), make([]float64, j), make([]float64, max(j-1, 0))
	rng := rand.New(rand.NewPCG(uint64(j), endsStream))
	const ortol, pertol = 1e-3, 10 * 0x1p-52
	first := 0 // the first vector of the current cluster
	prev := math.NaN()
	for c, i := range idx {
		sigma := tr.tvals[i] / scale
		if c > 0 && math.Abs(sigma-prev) > ortol {
			first = c
		}
		if c > 0 && math.Abs(sigma-prev) < pertol {
			sigma = prev + pertol
		}
		prev = sigma
		x := out[c*j : (c+1)*j]
		for r := range x {
			x[r] = 2*rng.Float64() - 1
		}
		for range 3 {
			ok := false
			for try := 0; try < 4 && !ok; try++ {
				for r := range dd {
					dd[r] = d[r] - sigma
				}
				copy(dl, e)
				copy(du, e)
				y := append([]float64(nil), x...)
				if ok = (lapackImpl{}).Dgtsv(j, 1, dl, dd, du, y, 1); ok {
					copy(x, y)
				} else {
					sigma += pertol // an exactly singular pivot: move the shift
				}
			}
			for k := first; k < c; k++ { // against the cluster's earlier vectors
				xk := out[k*j : (k+1)*j]
				floats.AddScaled(x, -floats.Dot(x, xk), xk)
			}
			nrm := floats.Norm(x, 2)
			if !(nrm > 0) || math.IsInf(nrm, 0) {
				for r := range x { // lost: a fresh start (the explicit check decides)
					x[r] = 2*rng.Float64() - 1
				}
				nrm = floats.Norm(x, 2)
			}
			floats.Scale(1/nrm, x)
		}
	}
	// Back to A's basis: H·z = H_{j−2}(···(H_0·z)).
	for c := range idx {
		z := out[c*j : (c+1)*j]
		for p := 0; p+1 < j; p++ {
			tau := tr.tau[p]
			if tau == 0 {
				continue
			}
			s := z[p]
			for r := range p {
				s += tr.a[r*j+p+1] * z[r]
			}
			s *= tau
			for r := range p {
				z[r] -= s * tr.a[r*j+p+1]
			}
			z[p] -= s
		}
	}
	return out
}
