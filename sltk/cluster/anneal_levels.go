package cluster

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// FreeEnergyHessian returns the K·d × K·d Hessian of the free energy F(θ) = −T Σᵢ log Σ_k
// exp(−‖xᵢ−θ_k‖²/T) at any centroids θ (SLT chapter 3 (Deterministic annealing) §3.7). With uᵢₖ =
// xᵢ − θ_k and p = p(i↦k):
//
//	∂²F/∂θ_k∂θ_ℓ = 2δ_kℓ (Σᵢ pᵢₖ) I − (4/T) Σᵢ pᵢₖ(δ_kℓ − pᵢℓ) uᵢₖ uᵢℓᵀ,
//
// which follows from the gradient −2 Σᵢ pᵢₖ uᵢₖ and ∂pᵢₖ/∂θ_ℓ = (2/T) pᵢₖ(δ_kℓ − pᵢℓ) uᵢℓ. Block
// (k, ℓ) occupies rows k·d..k·d+d−1 and columns ℓ·d..ℓ·d+d−1, as in MeanHessian, which is this
// matrix at the point where every centroid sits at the sample mean. A negative eigenvalue at a
// fixed point of DA means the point is a saddle: the centroids there are about to split.
// Posteriors are computed in the log domain. Cost O(n·K²·d²); K·d above MaxHessianSize is
// ErrTooLarge.
func FreeEnergyHessian(x mat.Matrix, centroids mat.Matrix, T float64) (*mat.SymDense, error) {
	post, err := Posteriors(x, centroids, T)
	if err != nil {
		return nil, fmt.Errorf("cluster: FreeEnergyHessian: %w", err)
	}
	n, d := x.Dims()
	k, _ := centroids.Dims()
	if k*d > MaxHessianSize {
		return nil, fmt.Errorf("cluster: FreeEnergyHessian: K·d = %d·%d exceeds %d: %w", k, d,
			MaxHessianSize, ErrTooLarge)
	}
	h := mat.NewSymDense(k*d, nil)
	u := make([]float64, k*d)
	for i := 0; i < n; i++ {
		for c := 0; c < k; c++ {
			for a := 0; a < d; a++ {
				u[c*d+a] = x.At(i, a) - centroids.At(c, a)
			}
		}
		for c := 0; c < k; c++ {
			pc := post.At(i, c)
			if pc == 0 {
				continue
			}
			for l := c; l < k; l++ {
				w := -pc * post.At(i, l)
				if l == c {
					w += pc
				}
				w *= -4 / T
				for a := 0; a < d; a++ {
					for b := 0; b < d; b++ {
						if l == c && b < a {
							continue
						}
						r, s := c*d+a, l*d+b
						v := h.At(r, s) + w*u[r]*u[s]
						if l == c && a == b {
							v += 2 * pc
						}
						h.SetSym(r, s, v)
					}
				}
			}
		}
	}
	return h, nil
}

// DistinctCentroids returns the distinct centroid positions of the level, one row per group of
// merged centroids (row g is the mean of the centroids in Groups[g]), and ids[g] = Groups[g][0],
// the smallest centroid index in the group. The id is a stable name across temperatures: when a
// group splits, the part that keeps that centroid keeps the id, so a figure that colours
// clusters by id keeps a cluster's colour from one temperature to the next. Cost O(K·d).
func (lv DALevel) DistinctCentroids() (pos *mat.Dense, ids []int, err error) {
	if err := lv.checkGroups("DistinctCentroids"); err != nil {
		return nil, nil, err
	}
	_, d := lv.Centroids.Dims()
	pos = mat.NewDense(len(lv.Groups), d, nil)
	for g, gr := range lv.Groups {
		for _, c := range gr {
			for j := 0; j < d; j++ {
				pos.Set(g, j, pos.At(g, j)+lv.Centroids.At(c, j)/float64(len(gr)))
			}
		}
		ids = append(ids, gr[0])
	}
	return pos, ids, nil
}

// GroupPosteriors returns the n×G matrix of the probabilities that each row of x belongs to each
// distinct position of the level, p(i↦g) = Σ_{k∈Groups[g]} p(i↦k) at the level's temperature.
// Merged centroids share their probability, so a group of m coincident centroids weighs m times
// one centroid; summing over the group gives the membership the eye sees. Cost O(n·K·d).
func (lv DALevel) GroupPosteriors(x mat.Matrix) (*mat.Dense, error) {
	if err := lv.checkGroups("GroupPosteriors"); err != nil {
		return nil, err
	}
	post, err := Posteriors(x, lv.Centroids, lv.T)
	if err != nil {
		return nil, fmt.Errorf("cluster: GroupPosteriors: %w", err)
	}
	n, _ := post.Dims()
	out := mat.NewDense(n, len(lv.Groups), nil)
	for i := 0; i < n; i++ {
		for g, gr := range lv.Groups {
			var s float64
			for _, c := range gr {
				s += post.At(i, c)
			}
			out.Set(i, g, s)
		}
	}
	return out, nil
}

// GroupLabels returns, for every row of x, the id (see DistinctCentroids) of its most probable
// distinct position at the level's temperature, ties to the first group. Colouring points by
// these labels shows as many colours as the level has distinct centroids. Cost O(n·K·d).
func (lv DALevel) GroupLabels(x mat.Matrix) ([]int, error) {
	gp, err := lv.GroupPosteriors(x)
	if err != nil {
		return nil, err
	}
	n, g := gp.Dims()
	labels := make([]int, n)
	for i := range labels {
		best := 0
		for j := 1; j < g; j++ {
			if gp.At(i, j) > gp.At(i, best) {
				best = j
			}
		}
		labels[i] = lv.Groups[best][0]
	}
	return labels, nil
}

// Membership returns the function f(x₁, x₂) = max_g p((x₁, x₂)↦g) of a level in two dimensions:
// the probability that a point at (x₁, x₂) belongs to its most probable distinct position. Its
// level lines are the iso-probability contours of cluster membership (f = 1/2 runs along the
// boundary between two clusters; f near 1 marks the cores). It fails when the centroids are not
// two-dimensional or not finite, or the groups do not name them.
//
// f works for every finite point, however far: the Gibbs weights depend only on the
// differences δ_c = ‖x−θ_c‖² − ‖x−θ_m‖² to the nearest centroid θ_m, computed as
// ⟨θ_m−θ_c, 2x−θ_m−θ_c⟩ on coordinates scaled by their largest magnitude s and then as
// δ_c/T = exp(log δ'_c + 2 log s − log T). The squared distances themselves would overflow
// beyond |x| ≈ 1e154, and lose the difference to rounding long before (at (1e100, 0) both
// distances to centroids at (0,0) and (5,5) round to 1e200, and f would be 1/2 instead of 1).
// A NaN or infinite coordinate gives NaN. Each call costs O(K) exponentials and allocates
// nothing; f is safe for concurrent use.
func (lv DALevel) Membership() (func(x1, x2 float64) float64, error) {
	if lv.Centroids == nil || len(lv.Groups) == 0 {
		return nil, fmt.Errorf("cluster: Membership of a level without centroids: %w", ErrEmpty)
	}
	k, d := lv.Centroids.Dims()
	if d != 2 {
		return nil, fmt.Errorf("cluster: Membership needs 2-D centroids, have d = %d: %w", d,
			ErrShape)
	}
	if !(lv.T > 0) || math.IsInf(lv.T, 0) {
		return nil, fmt.Errorf("cluster: Membership at T = %g: %w", lv.T, ErrParam)
	}
	if err := lv.checkGroups("Membership"); err != nil {
		return nil, err
	}
	theta := mat.DenseCopyOf(lv.Centroids).RawMatrix().Data
	tmax := 0.0
	for _, v := range theta {
		tmax = math.Max(tmax, math.Abs(v))
	}
	logT := math.Log(lv.T)
	return func(x1, x2 float64) float64 {
		if math.IsNaN(x1) || math.IsNaN(x2) || math.IsInf(x1, 0) || math.IsInf(x2, 0) {
			return math.NaN()
		}
		s := math.Max(tmax, math.Max(math.Abs(x1), math.Abs(x2)))
		if s == 0 { // every centroid and the point at the origin
			s = 1
		}
		y1, y2 := x1/s, x2/s
		// delta is (‖x−θ_c‖² − ‖x−θ_m‖²)/s², all terms of magnitude ≤ 4: no overflow.
		delta := func(c, m int) float64 {
			c1, c2 := theta[2*c]/s, theta[2*c+1]/s
			m1, m2 := theta[2*m]/s, theta[2*m+1]/s
			return (m1-c1)*(2*y1-m1-c1) + (m2-c2)*(2*y2-m2-c2)
		}
		m := 0
		for c := 1; c < k; c++ {
			if delta(c, m) < 0 {
				m = c
			}
		}
		logS2T := 2*math.Log(s) - logT
		weight := func(c int) float64 { // exp(−δ_c/T), 1 for the nearest centroid
			if dc := delta(c, m); dc > 0 {
				return math.Exp(-math.Exp(math.Log(dc) + logS2T))
			}
			return 1
		}
		var z float64
		for c := range k {
			z += weight(c)
		}
		best := 0.0
		for _, gr := range lv.Groups {
			var p float64
			for _, c := range gr {
				p += weight(c)
			}
			best = math.Max(best, p/z)
		}
		return best
	}, nil
}

// checkGroups reports a level that cannot be grouped: no centroids, a non-finite centroid, no
// groups, or a group naming a centroid the level does not have.
func (lv DALevel) checkGroups(fn string) error {
	k, _, cerr := check.Matrix("centroids", lv.Centroids)
	if cerr != nil {
		return fmt.Errorf("cluster: %s of a level: %w", fn, cerr)
	}
	if len(lv.Groups) == 0 {
		return fmt.Errorf("cluster: %s of a level without groups: %w", fn, ErrEmpty)
	}
	for g, gr := range lv.Groups {
		if len(gr) == 0 {
			return fmt.Errorf("cluster: %s: group %d is empty: %w", fn, g, ErrEmpty)
		}
		for _, c := range gr {
			if c < 0 || c >= k {
				return fmt.Errorf("cluster: %s: group %d names centroid %d of %d: %w", fn, g, c, k,
					ErrLabel)
			}
		}
	}
	return nil
}
