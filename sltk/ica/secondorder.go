package ica

import (
	"cmp"
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// AMUSE is the second-order method with two shifts, τ = 0 and one lag τ (ML chapter 2 §2.3.2,
// "Source separation with 2 shifts"). It whitens x with the lag-0 covariance, forms the
// lag-τ covariance of the whitened series, symmetrises it and takes its eigenvectors E_τ:
//
//	ŝ = E_τᵀ Λ₀^{-1/2} E₀ᵀ (x − x̄)
//
// (erratum E9: the notes write E_τ Λ₀⁻¹ E₀ x). It uses only temporal structure, so it
// separates sources with distinct lag-τ autocorrelations even when they are Gaussian
// (erratum E38), and it fails when two autocorrelations coincide. Rows of x are time
// steps. Result.Values holds the eigenvalues (the sources' autocorrelations at lag τ), in
// decreasing order with the sources. The method is closed-form: Iterations is 1.
//
// Cost: O(n·d²) for the covariances, O(d³) for the two eigendecompositions.
type AMUSE struct {
	// Lag is τ ≥ 1; zero means 1. It must be shorter than the series.
	Lag int
	// Whiten configures centring and whitening.
	Whiten Whitener
}

// Fit separates the time series x (n×d, rows are time steps).
func (am AMUSE) Fit(x mat.Matrix) (*Result, error) {
	lag := cmp.Or(am.Lag, 1)
	n, _, err := checkData("AMUSE.Fit", x, 2)
	if err != nil {
		return nil, err
	}
	if lag < 0 || lag >= n {
		return nil, fmt.Errorf("ica: AMUSE.Fit: lag %d for a series of length %d (need 1 ≤ lag < n): %w", lag, n, ErrParam)
	}
	wt, err := am.Whiten.Fit(x)
	if err != nil {
		return nil, err
	}
	n, k := wt.U.Dims()
	c := symmetrize(laggedCov(wt.ut, n, k, lag))
	vals, vecs, err := eigSymDesc(c)
	if err != nil {
		return nil, err
	}
	res, err := newResult("AMUSE.Fit", wt, mat.DenseCopyOf(vecs.T()))
	if err != nil {
		return nil, err
	}
	res.Iter, res.Converged, res.Values = 1, true, vals
	return res, nil
}

// eigSymDesc returns the eigenvalues of a symmetric matrix (given as a square Dense) in
// decreasing order and the matching eigenvectors in the columns.
func eigSymDesc(c *mat.Dense) ([]float64, *mat.Dense, error) {
	k, _ := c.Dims()
	sym := mat.NewSymDense(k, nil)
	for i := range k {
		for j := i; j < k; j++ {
			sym.SetSym(i, j, c.At(i, j))
		}
	}
	vals, vecs, ok := eigDesc(sym)
	if !ok {
		return nil, nil, fmt.Errorf("ica: AMUSE.Fit: symmetric eigendecomposition failed: %w", ErrSingular)
	}
	return vals, vecs, nil
}

// eigDesc is gonum's symmetric eigendecomposition with the eigenvalues in decreasing order (gonum
// gives them increasing) and the matching eigenvectors in the columns; ok is false when the
// solver fails. Cost O(k³).
func eigDesc(sym mat.Symmetric) (vals []float64, vecs *mat.Dense, ok bool) {
	var es mat.EigenSym
	if !es.Factorize(sym, true) {
		return nil, nil, false
	}
	k := sym.SymmetricDim()
	asc := es.Values(nil)
	var v mat.Dense
	es.VectorsTo(&v)
	vals = make([]float64, k)
	vecs = mat.NewDense(k, k, nil)
	for i := range k {
		vals[i] = asc[k-1-i]
		for r := range k {
			vecs.Set(r, i, v.At(r, k-1-i))
		}
	}
	return vals, vecs, true
}

// SOBI jointly diagonalises the symmetrised lagged covariances of the whitened series at
// several lags (second-order blind identification; ML chapter 2 §2.3.2 "noise robust algorithms" with
// all weights equal). After whitening the unmixing is a rotation V, found by Jacobi sweeps
// of Givens rotations that each minimise Σ_τ off(Vᵀ C_τ V) over one angle in closed form
// (Cardoso and Souloumiac, 1996). Using many lags makes the estimate robust to noise and to
// lags at which two sources happen to share an autocorrelation. Result.Trace holds the
// joint off-diagonal cost after each sweep.
//
// Cost: O(n·d²·L) for L lagged covariances (L·n·d² at most MaxLagWork, ErrTooLarge beyond),
// then O(L·d³) per sweep.
type SOBI struct {
	// Lags are the time shifts used; nil means 1, 2, …, 10.
	Lags []int
	// MaxIter caps the Jacobi sweeps; zero means 100.
	MaxIter int
	// Tol is the smallest rotation angle (radians) worth applying; zero means 1e-12.
	Tol float64
	// Whiten configures centring and whitening.
	Whiten Whitener
}

// Fit separates the time series x (n×d, rows are time steps).
func (so SOBI) Fit(x mat.Matrix) (*Result, error) {
	lags := so.Lags
	if lags == nil {
		lags = []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	}
	if len(lags) == 0 {
		return nil, fmt.Errorf("ica: SOBI.Fit: SOBI needs at least one lag: %w", ErrParam)
	}
	n, d, err := checkData("SOBI.Fit", x, 2)
	if err != nil {
		return nil, err
	}
	if err := checkLagWork("SOBI.Fit", len(lags), n, d); err != nil {
		return nil, err
	}
	for _, l := range lags {
		if l < 1 || l >= n {
			return nil, fmt.Errorf("ica: SOBI.Fit: lag %d for a series of length %d (need 1 ≤ lag < n): %w", l, n, ErrParam)
		}
	}
	wt, err := so.Whiten.Fit(x)
	if err != nil {
		return nil, err
	}
	n, k := wt.U.Dims()
	mats := make([]*mat.Dense, len(lags))
	for i, l := range lags {
		mats[i] = symmetrize(laggedCov(wt.ut, n, k, l))
	}
	jd := JacobiJointDiag{MaxIter: so.MaxIter, Tol: so.Tol}
	v, info, err := jd.Run(mats)
	if err != nil {
		return nil, err
	}
	res, rerr := newResult("SOBI.Fit", wt, mat.DenseCopyOf(v.T()))
	if rerr != nil {
		return nil, rerr
	}
	res.Iter, res.Converged, res.Trace = info.Iter, info.Converged, info.Trace
	// Values: the lag-τ₁ autocorrelation of each recovered source.
	res.Values = make([]float64, k)
	for i := range k {
		var s float64
		for p := range k {
			for q := range k {
				s += v.At(p, i) * mats[0].At(p, q) * v.At(q, i)
			}
		}
		res.Values[i] = s
	}
	return res, nil
}

// JacobiJointDiag finds an orthogonal V that makes the symmetric matrices Vᵀ C_τ V as diagonal
// as possible, by sweeps over all pairs (p, q) with the closed-form Givens angle of Cardoso
// and Souloumiac. Each rotation cannot increase Σ_τ off(Vᵀ C_τ V), so the cost trace is
// non-increasing. Cost O(L·k³) per sweep for L matrices of size k.
type JacobiJointDiag struct {
	// MaxIter caps the sweeps; zero means 100.
	MaxIter int
	// Tol is the smallest |sin θ| applied; a sweep with no larger rotation ends the run.
	// Zero means 1e-12.
	Tol float64
}

// JDInfo reports a joint diagonalisation run.
type JDInfo struct {
	// Iter counts the sweeps (Jacobi) or multiplicative updates (FFDiag).
	Iter int
	// Converged reports whether the stopping rule was met before MaxIter.
	Converged bool
	// Trace is Σ_τ off(·) after each sweep or update.
	Trace []float64
}

// Run jointly diagonalises mats (each k×k and symmetric; they are not modified). Reaching
// MaxIter is reported by info.Converged = false.
func (jd JacobiJointDiag) Run(mats []*mat.Dense) (*mat.Dense, *JDInfo, error) {
	k, err := checkMats("JacobiJointDiag.Run", mats)
	if err != nil {
		return nil, nil, err
	}
	sweeps, tol := cmp.Or(jd.MaxIter, 100), cmp.Or(jd.Tol, 1e-12)
	switch {
	case sweeps < 0:
		return nil, nil, fmt.Errorf("ica: JacobiJointDiag.Run: MaxIter = %d, want ≥ 0: %w", jd.MaxIter, ErrParam)
	case sweeps > MaxIterations:
		return nil, nil, fmt.Errorf("ica: JacobiJointDiag.Run: MaxIter = %d, limit %d: %w", jd.MaxIter, MaxIterations, ErrTooLarge)
	case !(tol > 0):
		return nil, nil, fmt.Errorf("ica: JacobiJointDiag.Run: Tol = %v, want > 0: %w", jd.Tol, ErrParam)
	}
	m := make([]*mat.Dense, len(mats))
	for i, c := range mats {
		m[i] = mat.DenseCopyOf(c)
	}
	v := mat.NewDense(k, k, nil)
	for i := range k {
		v.Set(i, i, 1)
	}
	info := &JDInfo{}
	for info.Iter < sweeps {
		rotated := false
		for p := 0; p < k-1; p++ {
			for q := p + 1; q < k; q++ {
				var g00, g01, g11 float64
				for _, c := range m {
					a := c.At(p, p) - c.At(q, q)
					b := c.At(p, q) + c.At(q, p)
					g00 += a * a
					g01 += a * b
					g11 += b * b
				}
				ton, toff := g00-g11, 2*g01
				theta := 0.5 * math.Atan2(toff, ton+math.Hypot(ton, toff))
				cs, sn := math.Cos(theta), math.Sin(theta)
				if math.Abs(sn) <= tol {
					continue
				}
				rotated = true
				for _, c := range m {
					givens(c, p, q, cs, sn)
				}
				for r := range k {
					vp, vq := v.At(r, p), v.At(r, q)
					v.Set(r, p, cs*vp+sn*vq)
					v.Set(r, q, -sn*vp+cs*vq)
				}
			}
		}
		info.Iter++
		info.Trace = append(info.Trace, jointOff(m))
		if !rotated {
			info.Converged = true
			break
		}
	}
	return v, info, nil
}

// givens replaces c by GᵀcG for the rotation G acting on coordinates p, q.
func givens(c *mat.Dense, p, q int, cs, sn float64) {
	k, _ := c.Dims()
	for j := range k {
		a, b := c.At(p, j), c.At(q, j)
		c.Set(p, j, cs*a+sn*b)
		c.Set(q, j, -sn*a+cs*b)
	}
	for i := range k {
		a, b := c.At(i, p), c.At(i, q)
		c.Set(i, p, cs*a+sn*b)
		c.Set(i, q, -sn*a+cs*b)
	}
}

func jointOff(m []*mat.Dense) float64 {
	var s float64
	for _, c := range m {
		s += offDiagonal(c)
	}
	return s
}

func checkMats(fn string, mats []*mat.Dense) (int, error) {
	if len(mats) == 0 {
		return 0, fmt.Errorf("ica: %s: no matrices to diagonalise: %w", fn, ErrEmpty)
	}
	var k int
	for i, m := range mats {
		data, r, c, e := check.Rows(fmt.Sprintf("C%d", i), m)
		if e != nil {
			return 0, e
		}
		if i == 0 {
			k = r
		}
		if r != k || c != k {
			return 0, fmt.Errorf("ica: %s: matrix %d is %d×%d, need square and of the size of matrix 0 (%d×%d): %w", fn, i, r, c, k, k, ErrParam)
		}
		if err := check.Squarable(fmt.Sprintf("C%d", i), data, c); err != nil {
			return 0, err
		}
	}
	return k, nil
}

// FFDiag is the fast Frobenius diagonalisation of Ziehe, Laskov, Nolte and Müller (2004), the
// non-orthogonal joint diagonaliser named in ML chapter 2 §2.3.2: minimise Σ_τ off(W C_τ Wᵀ) over
// non-singular W by multiplicative updates W ← (I + Z)W, where Z (zero diagonal) solves the
// linearised problem pair by pair: for i < j,
//
//	min Σ_τ (Z_ij D^τ_jj + Z_ji D^τ_ii + E^τ_ij)²,
//
// with D^τ, E^τ the diagonal and off-diagonal parts of the current W C_τ Wᵀ (the 2×2 normal
// equations of the spec's closed form). If ‖Z‖_F > Theta, Z is scaled down to norm Theta so
// that I + Z stays invertible. No whitening is needed, so it also handles matrices that
// share no positive-definite member. Cost O(L·k³) per update for L matrices.
type FFDiag struct {
	// MaxIter caps the updates; zero means 1000.
	MaxIter int
	// Tol stops when the cost or its decrease falls below it; zero means 1e-14 (relative to
	// the initial cost for the decrease).
	Tol float64
	// Theta bounds ‖Z‖_F; zero means 0.9.
	Theta float64
}

// Run jointly diagonalises mats (each k×k, symmetric) and returns W with W C_τ Wᵀ nearly
// diagonal for all τ. Reaching MaxIter is reported by info.Converged = false.
func (ff FFDiag) Run(mats []*mat.Dense) (*mat.Dense, *JDInfo, error) {
	k, err := checkMats("FFDiag.Run", mats)
	if err != nil {
		return nil, nil, err
	}
	maxIter, tol, theta := cmp.Or(ff.MaxIter, 1000), cmp.Or(ff.Tol, 1e-14), cmp.Or(ff.Theta, 0.9)
	switch {
	case maxIter < 0:
		return nil, nil, fmt.Errorf("ica: FFDiag.Run: MaxIter = %d, want ≥ 0: %w", ff.MaxIter, ErrParam)
	case maxIter > MaxIterations:
		return nil, nil, fmt.Errorf("ica: FFDiag.Run: MaxIter = %d, limit %d: %w", ff.MaxIter, MaxIterations, ErrTooLarge)
	case !(tol > 0):
		return nil, nil, fmt.Errorf("ica: FFDiag.Run: Tol = %v, want > 0: %w", ff.Tol, ErrParam)
	case !(theta > 0 && theta < 1):
		return nil, nil, fmt.Errorf("ica: FFDiag.Run: Theta = %v, want in (0, 1): %w", ff.Theta, ErrParam)
	}
	c := make([]*mat.Dense, len(mats))
	for i, m := range mats {
		c[i] = symmetrize(m)
	}
	w := mat.NewDense(k, k, nil)
	for i := range k {
		w.Set(i, i, 1)
	}
	info := &JDInfo{}
	cost0 := jointOff(c)
	cost := cost0
	z := mat.NewDense(k, k, nil)
	step := mat.NewDense(k, k, nil)
	var tmp mat.Dense
	for info.Iter < maxIter {
		if cost <= tol {
			info.Converged = true
			break
		}
		z.Zero()
		for i := range k {
			for j := i + 1; j < k; j++ {
				var zii, zjj, zij, yij, yji float64
				for _, m := range c {
					dii, djj, e := m.At(i, i), m.At(j, j), m.At(i, j)
					zjj += djj * djj
					zii += dii * dii
					zij += dii * djj
					yij += djj * e
					yji += dii * e
				}
				det := zii*zjj - zij*zij
				if !(math.Abs(det) > 1e-300) {
					continue
				}
				z.Set(i, j, (zij*yji-zii*yij)/det)
				z.Set(j, i, (zij*yij-zjj*yji)/det)
			}
		}
		if nz := mat.Norm(z, 2); nz > theta {
			z.Scale(theta/nz, z)
		}
		step.Copy(z)
		for i := range k {
			step.Set(i, i, 1)
		}
		tmp.Mul(step, w)
		w.Copy(&tmp)
		for _, m := range c {
			tmp.Mul(step, m)
			m.Mul(&tmp, step.T())
		}
		prev := cost
		cost = jointOff(c)
		info.Iter++
		info.Trace = append(info.Trace, cost)
		if cost <= tol || math.Abs(prev-cost) <= tol*cost0 {
			info.Converged = true
			break
		}
	}
	return w, info, nil
}
