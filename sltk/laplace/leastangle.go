package laplace

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// LeastAngle is least-angle clustering at temperature T (SLT chapter 4 (Laplace's method),
// §4.4–4.8): N unit vectors xᵢ in R^D are split into K clusters with the cost
//
//	R(M, X) = −(1/N) Σ_{i<j} Σ_k M_ik M_jk xᵢᵀxⱼ = −(1/2N) Σ_k ‖Σᵢ M_ik xᵢ‖² + 1/2
//
// (eq. 4.22 with the minus sign the seed drops, erratum E22), which rewards similar pairs in a
// cluster. Completing the square turns the partition function over the K^N assignments into
// Z_X = α ∫ exp(−(N/T) f_X(y)) dy over centroids y ∈ R^{K×D}, with
//
//	f_X(y) = ½ Σ_k ‖y_k‖² − (T/N) Σᵢ log Σ_k exp(xᵢᵀy_k/T),   α = e^{−1/(2T)} (2πT/N)^{−KD/2}.
//
// Fit finds the minimiser y* by the fixed point y_k = (1/N) Σᵢ P_ik xᵢ (Exercise 15) and
// returns Laplace's estimate log Z_X ≈ −1/(2T) − (N/T) f_X(y*) − ½ log det ∇²f_X(y*) + log m,
// where m = K!/Π m_j! counts the distinct relabellings of y* (m_j coincident centroids).
//
// The zero value of every field except K and T means a default.
type LeastAngle struct {
	K        int     // clusters, ≥ 1
	T        float64 // temperature, > 0
	Tol      float64 // fixed point stops when max |Δy| < Tol; 0 means 1e-12
	MaxIter  int     // iteration cap per start; 0 means 100000
	Restarts int     // random starts; the lowest f_X wins; 0 means 5
	Seed     uint64
}

// LAResult is the stationary point of least-angle clustering and its Laplace estimate.
type LAResult struct {
	Centroids    *mat.Dense    // K×D minimiser y*: the centroids y_k
	Posteriors   *mat.Dense    // N×K assignment probabilities P_ik at y*
	F            float64       // f_X(y*)
	Hessian      *mat.SymDense // KD×KD Hessian of f_X at y* (block (k,ℓ) = rows kD…, cols ℓD…)
	LogDet       float64
	Multiplicity float64 // K!/Π m_j!
	LogZ         float64 // Laplace estimate of log Z_X
	Iter         int
	Converged    bool
}

// MaxLeastAngleIter caps LeastAngle.MaxIter and MaxLeastAngleWork the iterations of all
// restarts, Restarts × MaxIter (ErrTooLarge beyond).
const (
	MaxLeastAngleIter = 1 << 24
	MaxLeastAngleWork = 1 << 26
)

// MaxRestarts caps LeastAngle's restarts, each a full run (ErrTooLarge beyond).
const MaxRestarts = 1 << 16

func laCheck(fn string, x mat.Matrix, k int, t float64) (int, int, error) {
	raw, n, d, cerr := check.Rows("x", x)
	if cerr != nil {
		return 0, 0, fmt.Errorf("laplace: %s: %w", fn, cerr)
	}
	if err := check.Squarable("x", raw, d); err != nil {
		return 0, 0, fmt.Errorf("laplace: %s: %w", fn, err)
	}
	if k < 1 || k > n {
		return 0, 0, fmt.Errorf("laplace: %s: K = %d, want 1 ≤ K ≤ n = %d: %w", fn, k, n, ErrParam)
	}
	if !(t > 0) || math.IsInf(t, 0) {
		return 0, 0, fmt.Errorf("laplace: %s: T = %g: %w", fn, t, ErrParam)
	}
	return n, d, nil
}

// LACost returns R(M, X) of an assignment (labels[i] ∈ 0..K−1) by the pairwise definition
// −(1/N) Σ_{i<j, same cluster} xᵢᵀxⱼ. Cost O(N²·D).
func LACost(x mat.Matrix, labels []int) (float64, error) {
	n, d, err := laCheck("LACost", x, 1, 1)
	if err != nil {
		return 0, err
	}
	if len(labels) != n {
		return 0, fmt.Errorf("laplace: LACost: %d labels for %d points: %w", len(labels), n, ErrShape)
	}
	var r float64
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if labels[i] != labels[j] {
				continue
			}
			for c := 0; c < d; c++ {
				r -= x.At(i, c) * x.At(j, c)
			}
		}
	}
	return r / float64(n), nil
}

// LACostSquares returns R(M, X) by eq. 4.23, −(1/2N) Σ_k ‖Σᵢ M_ik xᵢ‖² + 1/2, which equals the
// pairwise form for unit vectors. Cost O(N·D).
func LACostSquares(x mat.Matrix, labels []int, k int) (float64, error) {
	n, d, err := laCheck("LACostSquares", x, k, 1)
	if err != nil {
		return 0, err
	}
	if len(labels) != n {
		return 0, fmt.Errorf("laplace: LACostSquares: %d labels for %d points: %w", len(labels), n, ErrShape)
	}
	s := make([]float64, k*d)
	for i, l := range labels {
		if l < 0 || l >= k {
			return 0, fmt.Errorf("laplace: LACostSquares: label %d of point %d outside 0..%d: %w", l, i, k-1, ErrLabel)
		}
		for c := 0; c < d; c++ {
			s[l*d+c] += x.At(i, c)
		}
	}
	var q float64
	for _, v := range s {
		q += v * v
	}
	return -q/(2*float64(n)) + 0.5, nil
}

// LAExactLogZ returns log Z_X = log Σ_M exp(−R(M,X)/T) by enumerating all K^N assignments
// (the seed's "2^{N×K}" counts invalid matrices too: erratum E24), as the reference for the
// Laplace estimate. It refuses K^N > 2^24. Cost O(K^N·N·D).
func LAExactLogZ(x mat.Matrix, k int, t float64) (float64, error) {
	n, _, err := laCheck("LAExactLogZ", x, k, t)
	if err != nil {
		return 0, err
	}
	if float64(n)*math.Log2(float64(k)) > 24 {
		return 0, fmt.Errorf("laplace: LAExactLogZ: K^N = %d^%d is too many assignments to enumerate: %w", k, n, ErrTooLarge)
	}
	labels := make([]int, n)
	total := int(math.Round(math.Pow(float64(k), float64(n))))
	lw := make([]float64, 0, total)
	for a := 0; a < total; a++ {
		v := a
		for i := range labels {
			labels[i] = v % k
			v /= k
		}
		r, _ := LACostSquares(x, labels, k)
		lw = append(lw, -r/t)
	}
	return laFinite("LAExactLogZ", gibbs.LogSumExp(lw), t)
}

// laFinite returns v, or an error wrapping ErrNotFinite when the temperature t is too small
// (or the data too large) for v to be represented: v is NaN, infinite, or ±math.MaxFloat64, the
// value gibbs.LogSumExp saturates at (gibbs.LogZero for log 0).
func laFinite(fn string, v, t float64) (float64, error) {
	if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) == math.MaxFloat64 {
		return 0, fmt.Errorf("laplace: %s: result overflows at T = %g; raise T or rescale the data: %w", fn, t, ErrNotFinite)
	}
	return v, nil
}

// laCenters validates the K×D centres y of LAFreeEnergy and LAHessian against the data's d.
func laCenters(fn string, y mat.Matrix, d int) (int, error) {
	raw, k, dy, cerr := check.Rows("y", y)
	if cerr != nil {
		return 0, fmt.Errorf("laplace: %s: %w", fn, cerr)
	}
	if err := check.Squarable("y", raw, dy); err != nil {
		return 0, fmt.Errorf("laplace: %s: %w", fn, err)
	}
	if dy != d {
		return 0, fmt.Errorf("laplace: %s: y has %d columns, data %d: %w", fn, dy, d, ErrShape)
	}
	return k, nil
}

// LALogAlpha returns log α = −1/(2T) − (KD/2) log(2πT/N), the prefactor of the integral form
// (the seed prints +KD/2, erratum E25). It needs n, k, d ≥ 1 and a finite T > 0 (ErrParam).
func LALogAlpha(n, k, d int, t float64) (float64, error) {
	switch {
	case n < 1:
		return 0, fmt.Errorf("laplace: LALogAlpha: n = %d, want ≥ 1: %w", n, ErrParam)
	case k < 1:
		return 0, fmt.Errorf("laplace: LALogAlpha: k = %d, want ≥ 1: %w", k, ErrParam)
	case d < 1:
		return 0, fmt.Errorf("laplace: LALogAlpha: d = %d, want ≥ 1: %w", d, ErrParam)
	case !(t > 0) || math.IsInf(t, 0):
		return 0, fmt.Errorf("laplace: LALogAlpha: T = %g, want finite and > 0: %w", t, ErrParam)
	}
	return laFinite("LALogAlpha", -1/(2*t)-float64(k)*float64(d)/2*math.Log(2*math.Pi*t/float64(n)), t)
}

// laPosterior fills p (N×K) with softmax_k(xᵢᵀy_k/T) and returns Σᵢ log Σ_k exp(xᵢᵀy_k/T).
func laPosterior(x *mat.Dense, y *mat.Dense, t float64, p *mat.Dense) float64 {
	n, _ := x.Dims()
	var s mat.Dense
	s.Mul(x, y.T())
	var lse float64
	for i := 0; i < n; i++ {
		row := s.RawRowView(i)
		for c := range row {
			row[c] /= t
		}
		lse += gibbs.Softmax(p.RawRowView(i), row)
	}
	return lse
}

// LAFreeEnergy returns f_X(y) = ½ Σ_k ‖y_k‖² − (T/N) Σᵢ log Σ_k exp(xᵢᵀy_k/T) for a K×D y.
func LAFreeEnergy(x, y mat.Matrix, t float64) (float64, error) {
	n, d, err := laCheck("LAFreeEnergy", x, 1, t)
	if err != nil {
		return 0, err
	}
	k, err := laCenters("LAFreeEnergy", y, d)
	if err != nil {
		return 0, err
	}
	xd, yd := mat.DenseCopyOf(x), mat.DenseCopyOf(y)
	p := mat.NewDense(n, k, nil)
	lse := laPosterior(xd, yd, t, p)
	var sq float64
	for _, v := range yd.RawMatrix().Data {
		sq += v * v
	}
	return laFinite("LAFreeEnergy", 0.5*sq-t/float64(n)*lse, t)
}

// LAHessian returns the KD×KD Hessian of f_X at y (Exercise 16):
// block (k, ℓ) = δ_kℓ I − (1/(TN)) Σᵢ P_ik(δ_kℓ − P_iℓ) xᵢxᵢᵀ. Cost O(N·K²·D²).
func LAHessian(x, y mat.Matrix, t float64) (*mat.SymDense, error) {
	n, d, err := laCheck("LAHessian", x, 1, t)
	if err != nil {
		return nil, err
	}
	k, err := laCenters("LAHessian", y, d)
	if err != nil {
		return nil, err
	}
	xd := mat.DenseCopyOf(x)
	p := mat.NewDense(n, k, nil)
	laPosterior(xd, mat.DenseCopyOf(y), t, p)
	h := mat.NewSymDense(k*d, nil)
	c := 1 / (t * float64(n))
	for i := 0; i < n; i++ {
		xi := xd.RawRowView(i)
		for a := 0; a < k; a++ {
			for b := a; b < k; b++ {
				w := -p.At(i, a) * p.At(i, b)
				if a == b {
					w += p.At(i, a)
				}
				w *= c
				for r := 0; r < d; r++ {
					for s := 0; s < d; s++ {
						if a == b && s < r {
							continue
						}
						h.SetSym(a*d+r, b*d+s, h.At(a*d+r, b*d+s)-w*xi[r]*xi[s])
					}
				}
			}
		}
	}
	for i := 0; i < k*d; i++ {
		h.SetSym(i, i, h.At(i, i)+1)
	}
	for _, v := range h.RawSymmetric().Data {
		if _, err := laFinite("LAHessian", v, t); err != nil {
			return nil, err
		}
	}
	return h, nil
}

// LACriticalT returns λ_max((1/N) Σᵢ xᵢxᵢᵀ)/K, the temperature below which the symmetric
// stationary point y_k = x̄/K stops being a minimum of f_X (the uncentred second moment).
func LACriticalT(x mat.Matrix, k int) (float64, error) {
	n, d, err := laCheck("LACriticalT", x, k, 1)
	if err != nil {
		return 0, err
	}
	s := mat.NewSymDense(d, nil)
	s.SymOuterK(1/float64(n), mat.DenseCopyOf(x).T())
	var eig mat.EigenSym
	if !eig.Factorize(s, false) {
		return 0, fmt.Errorf("laplace: LACriticalT: eigen-decomposition failed: %w", ErrParam)
	}
	v := eig.Values(nil)
	return v[len(v)-1] / float64(k), nil
}

// Solve is Fit under its old name.
//
// Deprecated: use Fit (every other algorithm struct fits with Fit).
func (la LeastAngle) Solve(x mat.Matrix) (*LAResult, error) { return la.Fit(x) }

// Fit finds the minimiser of f_X by the fixed-point iteration from Restarts random starts
// (the symmetric point is always a fixed point, hence random starts) and returns it with the
// Hessian and Laplace's estimate of log Z_X. It fails with ErrSingular when the Hessian at the best
// point is not positive definite (at the critical temperature, for example).
// Cost O(N·K·D) per iteration plus O((KD)³) for the determinant.
func (la LeastAngle) Fit(x mat.Matrix) (*LAResult, error) {
	n, d, err := laCheck("LeastAngle.Fit", x, la.K, la.T)
	if err != nil {
		return nil, err
	}
	tol, maxIter, restarts := cmp.Or(la.Tol, 1e-12), cmp.Or(la.MaxIter, 100000), cmp.Or(la.Restarts, 5)
	switch {
	case !(tol > 0) || math.IsInf(tol, 0):
		return nil, fmt.Errorf("laplace: LeastAngle: Tol = %g, want finite and > 0: %w", la.Tol, ErrParam)
	case maxIter < 0:
		return nil, fmt.Errorf("laplace: LeastAngle: MaxIter = %d, want ≥ 0: %w", la.MaxIter, ErrParam)
	case restarts < 0:
		return nil, fmt.Errorf("laplace: LeastAngle: Restarts = %d, want ≥ 0: %w", la.Restarts, ErrParam)
	case restarts > MaxRestarts:
		return nil, fmt.Errorf("laplace: LeastAngle: Restarts = %d, limit %d: %w", la.Restarts, MaxRestarts, ErrTooLarge)
	case maxIter > MaxLeastAngleIter || restarts*maxIter > MaxLeastAngleWork:
		return nil, fmt.Errorf("laplace: LeastAngle: MaxIter = %d (limit %d) × Restarts = %d, limit %d iterations in all: %w",
			maxIter, MaxLeastAngleIter, restarts, MaxLeastAngleWork, ErrTooLarge)
	}
	k, t := la.K, la.T
	xd := mat.DenseCopyOf(x)
	rng := rand.New(rand.NewPCG(la.Seed, 0x6c61))
	var best *LAResult
	for r := 0; r < restarts; r++ {
		y := mat.NewDense(k, d, nil)
		for i := 0; i < k; i++ {
			for j := 0; j < d; j++ {
				y.Set(i, j, rng.NormFloat64()/math.Sqrt(float64(d)))
			}
		}
		p := mat.NewDense(n, k, nil)
		res := &LAResult{}
		var next mat.Dense
		for it := 0; it < maxIter; it++ {
			laPosterior(xd, y, t, p)
			next.Mul(p.T(), xd)
			next.Scale(1/float64(n), &next)
			var move float64
			for i := 0; i < k; i++ {
				for j := 0; j < d; j++ {
					move = math.Max(move, math.Abs(next.At(i, j)-y.At(i, j)))
				}
			}
			y.Copy(&next)
			res.Iter++
			if move < tol {
				res.Converged = true
				break
			}
		}
		f, _ := LAFreeEnergy(xd, y, t)
		if best == nil || f < best.F {
			res.Centroids, res.F = y, f
			best = res
		}
	}
	best.Posteriors = mat.NewDense(n, k, nil)
	laPosterior(xd, best.Centroids, t, best.Posteriors)
	h, _ := LAHessian(xd, best.Centroids, t)
	best.Hessian = h
	ld, err := LogDet(h)
	if err != nil {
		return nil, fmt.Errorf("laplace: LeastAngle.Fit: T = %g: %w", t, err)
	}
	best.LogDet = ld
	best.Multiplicity = laMultiplicity(best.Centroids, 1e-6)
	best.LogZ = -1/(2*t) - float64(n)/t*best.F - 0.5*ld + math.Log(best.Multiplicity)
	return best, nil
}

// laMultiplicity returns K!/Π m_j! for the groups of coincident rows of y (within tol).
func laMultiplicity(y *mat.Dense, tol float64) float64 {
	k, d := y.Dims()
	used := make([]bool, k)
	lg := func(v int) float64 { r, _ := math.Lgamma(float64(v + 1)); return r }
	out := lg(k)
	for a := 0; a < k; a++ {
		if used[a] {
			continue
		}
		m := 1
		for b := a + 1; b < k; b++ {
			if used[b] {
				continue
			}
			var s float64
			for j := 0; j < d; j++ {
				u := y.At(a, j) - y.At(b, j)
				s += u * u
			}
			if math.Sqrt(s) <= tol {
				used[b] = true
				m++
			}
		}
		out -= lg(m)
	}
	return math.Round(math.Exp(out))
}
