package cluster

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// HistogramDA is histogram clustering by deterministic annealing (seed 000, chapter 5,
// Algorithm 3). Objects are empirical histograms p̂(·|x) over B bins (rows of an n×B matrix,
// each summing to 1); a cluster is a centroid histogram q_k; the cost of an assignment is
// Σ_x D_KL[p̂(·|x) ‖ q_c(x)] (Definition 17, eq. 5.4 with the indices the seed mixes up made
// consistent: erratum E28). Its Gibbs distribution factorises over objects (Lemma 7):
//
//	p(x↦k) ∝ exp(−D_KL[p̂(·|x) ‖ q_k]/T),   q_k ← Σ_x p(x↦k) p̂(·|x) / Σ_x p(x↦k)   (Ex. 17).
//
// The centroid update is the exact minimiser over the simplex of Σ_x p(x↦k) D_KL[p̂_x ‖ q], so the
// loop is alternating minimisation of the free energy −T Σ_x log Σ_k exp(−D_xk/T) and cannot
// increase it (the seed's Exercise 18 calls convergence an open problem).
//
// Numerics: D_KL uses 0·log 0 = 0; centroids are floored at Floor and renormalised so that
// D_KL stays finite when softmax weights underflow at low T; softmaxes subtract the row minimum.
// Symmetry-breaking noise multiplies each centroid by (1 + δu), u ~ U(−1, 1), clips at 0 and
// renormalises, so it stays on the simplex. Cost O(n·K·B) per inner iteration.
//
// Default temperatures use T_c ≈ λ_max of the covariance of (p̂_x − q̄)/√q̄: near the mean
// histogram q̄, D_KL[p‖q] ≈ ½ Σ_y (p_y − q_y)²/q̄_y, a k-means cost with weight ½ in that metric,
// whose first critical temperature is 2·½·λ_max (Theorem 12 applied to the χ² approximation).
type HistogramDA struct {
	K         int     // number of centroids, 1 ≤ K ≤ n
	T0        float64 // starting temperature; 0 means 1.5·Tc (see the type comment)
	TMin      float64 // last temperature is the last schedule value above TMin; 0 means 1e-3·Tc
	Alpha     float64 // geometric cooling factor; 0 means 0.9
	Schedule  func(k int) float64
	MaxLevels int     // 0 means 10000
	Noise     float64 // δ of the multiplicative simplex noise; 0 means 1e-3, negative disables
	Tol       float64 // inner loop stops when max |Δq| < Tol; 0 means 1e-9
	MaxInner  int     // 0 means 1000
	Floor     float64 // centroid floor; 0 means 1e-12
	MergeTol  float64 // centroids with max |q_a − q_b| ≤ MergeTol count as one; 0 means 1e-3
	Seed      uint64
}

// HistLevel is the state of histogram clustering after convergence at one temperature.
type HistLevel struct {
	T         float64
	Centroids *mat.Dense // K×B centroid histograms
	F         float64    // free energy −T Σ_x log Σ_k exp(−D_xk/T)
	MeanCost  float64    // E[Σ_x D_KL[p̂_x ‖ q_c(x)]]
	Distinct  int
	// KLToMean[k] = D_KL[q_k ‖ q̄] (nats), the y-axis of the seed's Fig. 5.2: 0 above the first
	// split, branching off as centroids separate.
	KLToMean  []float64
	Iter      int
	Converged bool
}

// HistResult is the outcome of histogram clustering. Centroids are the converged fixed point of
// the last level (Levels[len(Levels)-1].T), taken before the symmetry-breaking noise; the seed's
// Algorithm 3, like Algorithm 2, returns them after noise and a further cooling step (E26).
type HistResult struct {
	Centroids *mat.Dense
	Labels    []int   // the centroid of smallest D_KL for every object
	Cost      float64 // Σ_x min_k D_KL[p̂_x ‖ q_k]
	Mean      []float64
	Tc        float64 // the χ² estimate of the first critical temperature
	Levels    []HistLevel
	Splits    []float64
}

// HistogramsFromCounts normalises non-negative counts n(x, y) (rows = objects) to histograms
// p̂(y|x) = n(x,y)/Σ_y n(x,y) (Definition 15, eq. 5.2). A row of zeros or a negative or
// non-finite count is an error.
func HistogramsFromCounts(counts mat.Matrix) (*mat.Dense, error) {
	n, b, err := daCheckData(counts)
	if err != nil {
		return nil, err
	}
	out := mat.NewDense(n, b, nil)
	for i := 0; i < n; i++ {
		var s float64
		for j := 0; j < b; j++ {
			v := counts.At(i, j)
			if v < 0 {
				return nil, fmt.Errorf("%w: count[%d,%d] = %g is negative", ErrData, i, j, v)
			}
			s += v
		}
		if s == 0 {
			return nil, fmt.Errorf("%w: object %d has no counts", ErrData, i)
		}
		for j := 0; j < b; j++ {
			out.Set(i, j, counts.At(i, j)/s)
		}
	}
	return out, nil
}

// histCheck verifies that every row is a histogram (non-negative, sums to 1 within 1e-9).
func histCheck(h mat.Matrix) (int, int, error) {
	n, b, err := daCheckData(h)
	if err != nil {
		return 0, 0, err
	}
	for i := 0; i < n; i++ {
		var s float64
		for j := 0; j < b; j++ {
			v := h.At(i, j)
			if v < 0 {
				return 0, 0, fmt.Errorf("%w: histogram %d has negative entry %g at bin %d", ErrData, i, v, j)
			}
			s += v
		}
		if math.Abs(s-1) > 1e-9 {
			return 0, 0, fmt.Errorf("%w: histogram %d sums to %.12g, not 1", ErrData, i, s)
		}
	}
	return n, b, nil
}

// histKL returns D_KL[p ‖ q] in nats given Σ p log p (negEnt) and log q.
func histKL(p []float64, negEnt float64, logq []float64) float64 {
	s := negEnt
	for j, v := range p {
		if v > 0 {
			s -= v * logq[j]
		}
	}
	return math.Max(0, s)
}

// KLDivergence returns D_KL[p ‖ q] = Σ_{y: p_y>0} p_y log(p_y/q_y) in nats (0·log 0 = 0); it is an
// error when q_y = 0 where p_y > 0 or when p or q is not a histogram.
func KLDivergence(p, q []float64) (float64, error) {
	if len(p) != len(q) || len(p) == 0 {
		return 0, fmt.Errorf("%w: histograms of lengths %d and %d", ErrData, len(p), len(q))
	}
	if _, _, err := histCheck(mat.NewDense(2, len(p), append(append([]float64(nil), p...), q...))); err != nil {
		return 0, err
	}
	var s float64
	for j, v := range p {
		if v == 0 {
			continue
		}
		if q[j] == 0 {
			return 0, fmt.Errorf("%w: q is 0 at bin %d where p = %g", ErrData, j, v)
		}
		s += v * math.Log(v/q[j])
	}
	return math.Max(0, s), nil
}

// Fit anneals K centroid histograms for the rows of h (n×B, each row a histogram).
func (a HistogramDA) Fit(h mat.Matrix) (*HistResult, error) {
	n, b, err := histCheck(h)
	if err != nil {
		return nil, err
	}
	if a.K < 1 || a.K > n {
		return nil, fmt.Errorf("%w: K = %d, want 1 ≤ K ≤ n = %d", ErrData, a.K, n)
	}
	k := a.K
	x := mat.DenseCopyOf(h).RawMatrix().Data
	mean := make([]float64, b)
	negEnt := make([]float64, n)
	for i := 0; i < n; i++ {
		for j := 0; j < b; j++ {
			v := x[i*b+j]
			mean[j] += v / float64(n)
			if v > 0 {
				negEnt[i] += v * math.Log(v)
			}
		}
	}
	// χ² estimate of T_c.
	w := mat.NewDense(n, b, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < b; j++ {
			if mean[j] > 0 {
				w.Set(i, j, (x[i*b+j]-mean[j])/math.Sqrt(mean[j]))
			}
		}
	}
	tc, _, _ := daCovariance(w)
	tc /= 2
	tref := tc
	if tref == 0 {
		tref = 1
	}
	def := func(v, dv float64) float64 {
		if v == 0 {
			return dv
		}
		return v
	}
	t0, tmin, alpha := def(a.T0, 1.5*tref), def(a.TMin, 1e-3*tref), def(a.Alpha, 0.9)
	noise, tol, floor, merge := def(a.Noise, 1e-3), def(a.Tol, 1e-9), def(a.Floor, 1e-12), def(a.MergeTol, 1e-3)
	maxInner, maxLevels := a.MaxInner, a.MaxLevels
	if maxInner == 0 {
		maxInner = 1000
	}
	if maxLevels == 0 {
		maxLevels = 10000
	}
	if !(t0 > 0) || math.IsInf(t0, 0) || !(tmin > 0) || math.IsInf(tmin, 0) {
		return nil, fmt.Errorf("%w: T0 = %g, TMin = %g", ErrTemperature, t0, tmin)
	}
	if (a.Schedule == nil && !(alpha > 0 && alpha < 1)) || !(tol > 0) || !(floor > 0 && floor < 1.0/float64(b)) ||
		!(merge > 0) || math.IsNaN(noise) || maxInner < 0 || maxLevels < 0 {
		return nil, fmt.Errorf("%w: Alpha %g, Tol %g, Floor %g, MergeTol %g, Noise %g, MaxInner %d, MaxLevels %d",
			ErrData, a.Alpha, a.Tol, a.Floor, a.MergeTol, a.Noise, a.MaxInner, a.MaxLevels)
	}
	sched := a.Schedule
	if sched == nil {
		sched = func(l int) float64 { return t0 * math.Pow(alpha, float64(l)) }
	}
	if t := sched(0); !(t > tmin) || math.IsInf(t, 0) {
		return nil, fmt.Errorf("%w: first temperature %g must be finite and above TMin = %g", ErrTemperature, t, tmin)
	}
	rng := rand.New(rand.NewPCG(a.Seed, 0x68697374))
	q := make([]float64, k*b)
	for c := 0; c < k; c++ {
		copy(q[c*b:(c+1)*b], mean)
	}
	normalise := func(row []float64) {
		var s float64
		for j := range row {
			row[j] = math.Max(row[j], floor)
			s += row[j]
		}
		for j := range row {
			row[j] /= s
		}
	}
	perturb := func() {
		if noise <= 0 {
			return
		}
		for c := 0; c < k; c++ {
			row := q[c*b : (c+1)*b]
			for j := range row {
				row[j] = math.Max(0, row[j]*(1+noise*(2*rng.Float64()-1)))
			}
			normalise(row)
		}
	}
	for c := 0; c < k; c++ {
		normalise(q[c*b : (c+1)*b])
	}
	perturb()
	logq := make([]float64, k*b)
	dist, p := make([]float64, k), make([]float64, k)
	num, den := make([]float64, k*b), make([]float64, k)
	// pass computes posteriors, free energy and expected cost for the current q, and the
	// weighted sums for the update.
	pass := func(t float64) (f, cost float64) {
		for i := range logq {
			logq[i] = math.Log(q[i])
		}
		clear(num)
		clear(den)
		for i := 0; i < n; i++ {
			xi := x[i*b : (i+1)*b]
			m := math.Inf(1)
			for c := 0; c < k; c++ {
				dist[c] = histKL(xi, negEnt[i], logq[c*b:(c+1)*b])
				m = math.Min(m, dist[c])
			}
			var z float64
			for c := 0; c < k; c++ {
				p[c] = math.Exp(-(dist[c] - m) / t)
				z += p[c]
			}
			f += m - t*math.Log(z)
			for c := 0; c < k; c++ {
				pc := p[c] / z
				if pc == 0 {
					continue
				}
				den[c] += pc
				cost += pc * dist[c]
				nc := num[c*b : (c+1)*b]
				for j, v := range xi {
					nc[j] += pc * v
				}
			}
		}
		return f, cost
	}
	res := &HistResult{Mean: mean, Tc: tc}
	prevT := math.Inf(1)
	for lvl := 0; lvl < maxLevels; lvl++ {
		t := sched(lvl)
		if math.IsNaN(t) || math.IsInf(t, 0) || t >= prevT {
			return nil, fmt.Errorf("%w: schedule gives %g at level %d after %g (must decrease)", ErrTemperature, t, lvl, prevT)
		}
		if t <= tmin {
			break
		}
		prevT = t
		lv := HistLevel{T: t}
		for it := 0; it < maxInner; it++ {
			pass(t)
			var move float64
			for c := 0; c < k; c++ {
				if den[c] <= 0 {
					continue
				}
				row := q[c*b : (c+1)*b]
				old := append([]float64(nil), row...)
				for j := range row {
					row[j] = num[c*b+j] / den[c]
				}
				normalise(row)
				for j := range row {
					move = math.Max(move, math.Abs(row[j]-old[j]))
				}
			}
			lv.Iter++
			if move <= tol {
				lv.Converged = true
				break
			}
		}
		lv.F, lv.MeanCost = pass(t)
		if math.IsNaN(lv.F) || math.IsInf(lv.F, 0) {
			return nil, fmt.Errorf("%w: free energy %g at T = %g", ErrData, lv.F, t)
		}
		lv.Centroids = mat.NewDense(k, b, append([]float64(nil), q...))
		lv.Distinct = len(histGroups(q, k, b, merge))
		for c := 0; c < k; c++ {
			d, _ := KLDivergence(q[c*b:(c+1)*b], histSafe(mean, floor))
			lv.KLToMean = append(lv.KLToMean, d)
		}
		if m := len(res.Levels); m > 0 && lv.Distinct > res.Levels[m-1].Distinct {
			res.Splits = append(res.Splits, t)
		}
		res.Levels = append(res.Levels, lv)
		perturb()
	}
	if len(res.Levels) == 0 {
		return nil, fmt.Errorf("%w: no temperature above TMin = %g", ErrTemperature, tmin)
	}
	last := res.Levels[len(res.Levels)-1]
	res.Centroids = mat.DenseCopyOf(last.Centroids)
	lq := last.Centroids.RawMatrix().Data
	for i := range logq {
		logq[i] = math.Log(lq[i])
	}
	res.Labels = make([]int, n)
	for i := 0; i < n; i++ {
		best, bd := 0, math.Inf(1)
		for c := 0; c < k; c++ {
			if d := histKL(x[i*b:(i+1)*b], negEnt[i], logq[c*b:(c+1)*b]); d < bd {
				best, bd = c, d
			}
		}
		res.Labels[i] = best
		res.Cost += bd
	}
	return res, nil
}

// histSafe returns the histogram floored at floor and renormalised (the mean histogram can have
// empty bins, which would make D_KL[q_k ‖ q̄] infinite).
func histSafe(h []float64, floor float64) []float64 {
	out := make([]float64, len(h))
	var s float64
	for j, v := range h {
		out[j] = math.Max(v, floor)
		s += out[j]
	}
	for j := range out {
		out[j] /= s
	}
	return out
}

// histGroups merges centroids whose bins differ by at most tol.
func histGroups(q []float64, k, b int, tol float64) [][]int {
	var groups [][]int
	for c := 0; c < k; c++ {
		placed := false
		for g, gr := range groups {
			r := gr[0]
			same := true
			for j := 0; j < b; j++ {
				if math.Abs(q[c*b+j]-q[r*b+j]) > tol {
					same = false
					break
				}
			}
			if same {
				groups[g] = append(groups[g], c)
				placed = true
				break
			}
		}
		if !placed {
			groups = append(groups, []int{c})
		}
	}
	return groups
}
