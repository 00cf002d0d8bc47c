package cluster

import (
	"cmp"
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"gonum.org/v1/gonum/mat"
)

// LogPAKernel is DALogPAKernel; gibbs.LogPAKernel is the kernel of two given distributions.
//
// Deprecated: use DALogPAKernel.
func LogPAKernel(x1, x2, centroids mat.Matrix, T float64) (float64, error) {
	return DALogPAKernel(x1, x2, centroids, T)
}

// DALogPAKernel returns log κ = Σᵢ log Σ_k p(i↦k | θ, X′) p(i↦k | θ, X″), the posterior-agreement
// kernel of the factorised clustering Gibbs distributions of two paired observations X′ and X″
// (row i of each is the same object) under the same centroids θ at temperature T. The sum over
// the K^N assignments factorises over objects (SLT chapter 3 (Deterministic annealing), §3.8,
// Exercise 7, eq. 3.47), so the cost is O(n·K·d) instead of O(K^N). Add n·log K to obtain
// log(|C|κ), which is 0 at T → ∞.
func DALogPAKernel(x1, x2, centroids mat.Matrix, T float64) (float64, error) {
	n1, d1, err := daCheckNamed("DALogPAKernel", "X′", x1)
	if err != nil {
		return 0, err
	}
	n2, d2, err := daCheckNamed("DALogPAKernel", "X″", x2)
	if err != nil {
		return 0, err
	}
	k, dc, err := daCheckNamed("DALogPAKernel", "centroids", centroids)
	if err != nil {
		return 0, err
	}
	if n1 != n2 || d1 != d2 || dc != d1 {
		return 0, fmt.Errorf("cluster: DALogPAKernel: X′ is %d×%d, X″ %d×%d, centroids %d×%d: %w", n1, d1, n2, d2, k, dc, ErrShape)
	}
	if err := daCheckT("DALogPAKernel", T); err != nil {
		return 0, err
	}
	theta := mat.DenseCopyOf(centroids).RawMatrix().Data
	lk := daLogPA(mat.DenseCopyOf(x1).RawMatrix().Data, mat.DenseCopyOf(x2).RawMatrix().Data, theta, n1, d1, k, T)
	if math.IsInf(lk, 0) || math.IsNaN(lk) || lk <= gibbs.LogZero/2 {
		return 0, fmt.Errorf("cluster: DALogPAKernel: log κ = %g at T = %g: the posteriors of some object do not overlap: %w",
			lk, T, ErrNotFinite)
	}
	return lk, nil
}

// daLogPA computes Σᵢ log Σ_k p′_ik p″_ik on row-major data, with the product of the two
// softmaxes evaluated as exp(log p′ + log p″) so that it does not underflow at low T.
func daLogPA(x1, x2, theta []float64, n, d, k int, t float64) float64 {
	dist1, dist2 := make([]float64, k), make([]float64, k)
	p1, p2 := make([]float64, k), make([]float64, k)
	var s float64
	for i := 0; i < n; i++ {
		m1, lz1 := daRowPosterior(x1[i*d:(i+1)*d], theta, d, k, t, daExact, true, dist1, p1)
		m2, lz2 := daRowPosterior(x2[i*d:(i+1)*d], theta, d, k, t, daExact, true, dist2, p2)
		// log p′_ik = −(d1_k − m1)/T − lz1, likewise for p″; log-sum-exp over k.
		for c := 0; c < k; c++ {
			dist1[c] = -(dist1[c]-m1)/t - lz1 - (dist2[c]-m2)/t - lz2
		}
		s += gibbs.LogSumExp(dist1)
	}
	return s
}

// DAPA selects the number of clusters by deterministic annealing with posterior agreement
// (SLT chapter 3 (Deterministic annealing), §3.8): DA runs on X′, and at every temperature the
// centroids are scored by log(|C|κ) = Σᵢ log(K Σ_k p(i↦k|X′) p(i↦k|X″)) on the paired observation
// X″ (option A of the spec: the same centroids for both). κ is 1/|C| at high T (every assignment
// equally likely), grows while the splits follow real structure, and falls when splits fit noise
// that X″ does not share. The estimate is the number of distinct centroids at the maximum.
//
// The maximum is often a flat plateau on which spurious within-cluster splits begin, so the
// result also reports the count at the highest temperature whose per-point log(|C|κ) lies within
// PlateauTol of the maximum, which is more reliable.
type DAPA struct {
	DA DA // the annealing; DA.K is the largest number of clusters considered
	// Patience stops the schedule after this many levels without a new maximum; 0 runs the
	// whole schedule.
	Patience int
	// PlateauTol is the per-point tolerance (nats) of the plateau rule; 0 means 0.01.
	PlateauTol float64
}

// DAPAResult is the outcome of DA with posterior agreement.
type DAPAResult struct {
	*DAResult
	LogPA    []float64 // log(|C|κ) per level (|C| = K^n)
	Best     int       // level index of the maximum of LogPA
	TStar    float64   // temperature of the maximum
	KStar    int       // distinct centroids at the maximum
	Plateau  int       // highest-temperature level within PlateauTol·n of the maximum
	KPlateau int       // distinct centroids at that level
}

// Fit anneals on x1 and scores every temperature on the pair (x1, x2). Cost: that of DA.Fit
// plus O(n·K·d) per temperature.
func (a DAPA) Fit(x1, x2 mat.Matrix) (*DAPAResult, error) {
	n1, d1, err := daCheckNamed("DAPA.Fit", "X′", x1)
	if err != nil {
		return nil, err
	}
	n2, d2, err := daCheckNamed("DAPA.Fit", "X″", x2)
	if err != nil {
		return nil, err
	}
	if n1 != n2 || d1 != d2 {
		return nil, fmt.Errorf("cluster: DAPA.Fit: X′ is %d×%d, X″ is %d×%d: %w", n1, d1, n2, d2, ErrShape)
	}
	tol := a.PlateauTol
	tol = cmp.Or(tol, 0.01)
	if !(tol > 0) || a.Patience < 0 {
		return nil, fmt.Errorf("cluster: DAPA.Fit: PlateauTol %g, Patience %d: %w", a.PlateauTol, a.Patience, ErrParam)
	}
	r1 := mat.DenseCopyOf(x1).RawMatrix().Data
	r2 := mat.DenseCopyOf(x2).RawMatrix().Data
	k := a.DA.K
	out := &DAPAResult{}
	since := 0
	hook := func(lv *DALevel, theta []float64) error {
		v := daLogPA(r1, r2, theta, n1, d1, k, lv.T) + float64(n1)*math.Log(float64(k))
		out.LogPA = append(out.LogPA, v)
		if v > out.LogPA[out.Best] {
			out.Best, since = len(out.LogPA)-1, 0
		} else {
			since++
		}
		if a.Patience > 0 && since >= a.Patience {
			return gibbs.ErrStop
		}
		return nil
	}
	res, err := a.DA.daRun(x1, hook)
	if err != nil {
		return nil, err
	}
	out.DAResult = res
	out.TStar, out.KStar = res.Levels[out.Best].T, res.Levels[out.Best].Distinct
	thr := out.LogPA[out.Best] - tol*float64(n1)
	for i, v := range out.LogPA {
		if v >= thr {
			out.Plateau = i
			break
		}
	}
	out.KPlateau = res.Levels[out.Plateau].Distinct
	return out, nil
}
