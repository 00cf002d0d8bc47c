package cluster

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/info"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// HistogramDA is histogram clustering by deterministic annealing (SLT chapter 5 (Histogram
// clustering), Algorithm 3). Objects are empirical histograms p̂(·|x) over B bins (rows of an n×B
// matrix, each summing to 1); a cluster is a centroid histogram q_k; the cost of an assignment is
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
	K int // number of centroids, 1 ≤ K ≤ n
	// Schedule gives the temperatures; zero fields mean T0 = 1.5·Tc, TMin = 1e-3·Tc (Tc the χ²
	// estimate above) and Cooling = 0.9. The trace keeps K·(B+1) floats per level, at most
	// MaxDATrace over all levels (ErrTooLarge beyond).
	Schedule gibbs.Schedule
	Noise    float64 // δ of the multiplicative simplex noise; 0 means 1e-3, negative disables
	Tol      float64 // inner loop stops when max |Δq| < Tol; 0 means 1e-9
	MaxIter  int     // cap on inner iterations per temperature; 0 means 1000
	Floor    float64 // centroid floor; 0 means 1e-12
	MergeTol float64 // centroids with max |q_a − q_b| ≤ MergeTol count as one; 0 means 1e-3
	Seed     uint64
}

// HistLevel is the state of histogram clustering after convergence at one temperature: the
// common record (Cost = E[Σ_x D_KL[p̂_x ‖ q_c(x)]], FreeEnergy = −T Σ_x log Σ_k exp(−D_xk/T))
// and the centroids.
type HistLevel struct {
	gibbs.Level
	Centroids *mat.Dense // K×B centroid histograms
	Distinct  int
	// KLToMean[k] = D_KL[q_k ‖ q̄] (nats), the y-axis of the seed's Fig. 5.2: 0 above the first
	// split, branching off as centroids separate.
	KLToMean []float64
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
	n, b, err := daCheckData("HistogramsFromCounts", counts)
	if err != nil {
		return nil, err
	}
	out := mat.NewDense(n, b, nil)
	for i := 0; i < n; i++ {
		var s float64
		for j := 0; j < b; j++ {
			v := counts.At(i, j)
			if v < 0 {
				return nil, fmt.Errorf("cluster: HistogramsFromCounts: count[%d,%d] = %g is negative: %w", i, j, v, ErrParam)
			}
			s += v
		}
		if s == 0 {
			return nil, fmt.Errorf("cluster: HistogramsFromCounts: object %d has no counts: %w", i, ErrParam)
		}
		for j := 0; j < b; j++ {
			out.Set(i, j, counts.At(i, j)/s)
		}
	}
	return out, nil
}

// histCheck verifies that every row is a histogram (non-negative, sums to 1 within 1e-9 per
// bin: check.Stochastic), naming fn in its errors.
func histCheck(fn string, h mat.Matrix) (int, int, error) {
	n, b, err := daCheckData(fn, h)
	if err != nil {
		return 0, 0, err
	}
	if _, _, err := check.Stochastic("h", h); err != nil {
		return 0, 0, fmt.Errorf("cluster: %s: %w", fn, err)
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

// histState is the data and the centroids of one histogram-clustering run.
type histState struct {
	x        []float64 // n×B histograms, row-major
	negEnt   []float64 // Σ_y p̂ log p̂ of every histogram
	mean     []float64 // the mean histogram q̄
	n, b, k  int
	q, logq  []float64 // K×B centroids and their logarithms
	num, den []float64 // weighted sums of the last pass
	dist, p  []float64 // scratch: D_KL and posteriors of one object
	floor    float64
}

// Fit anneals K centroid histograms for the rows of h (n×B, each row a histogram): Algorithm 3
// on the library's annealing driver.
func (a HistogramDA) Fit(h mat.Matrix) (*HistResult, error) {
	st, err := histNewState(h, a.K)
	if err != nil {
		return nil, err
	}
	tc := st.criticalT()
	tref := cmp.Or(tc, 1)
	sched, err := a.Schedule.Resolve(gibbs.Schedule{T0: 1.5 * tref, TMin: 1e-3 * tref})
	if err != nil {
		return nil, fmt.Errorf("cluster: HistogramDA: %w", err)
	}
	noise, tol, merge := cmp.Or(a.Noise, 1e-3), cmp.Or(a.Tol, 1e-9), cmp.Or(a.MergeTol, 1e-3)
	st.floor = cmp.Or(a.Floor, 1e-12)
	maxIter := cmp.Or(a.MaxIter, 1000)
	if err := validParams("HistogramDA",
		param{"Tol", tol > 0, a.Tol, "> 0"},
		param{"Floor", st.floor > 0 && st.floor < 1/float64(st.b), a.Floor, "in (0, 1/B)"},
		param{"MergeTol", merge > 0, a.MergeTol, "> 0"},
		param{"Noise", !math.IsNaN(noise), a.Noise, "a number"},
		param{"MaxIter", maxIter > 0, float64(a.MaxIter), "≥ 0"}); err != nil {
		return nil, err
	}
	if err := maxIterSize("HistogramDA", maxIter); err != nil {
		return nil, err
	}
	if levels := max(sched.Levels(), 1); st.k*(st.b+1) > MaxDATrace/levels {
		return nil, fmt.Errorf("cluster: HistogramDA: %d levels × %d floats per level (K·(B+1)) exceed MaxDATrace = %d: %w",
			levels, st.k*(st.b+1), MaxDATrace, ErrTooLarge)
	}
	st.startAtMean()
	rng := rand.New(rand.NewPCG(a.Seed, 0x68697374))
	res := &HistResult{Mean: st.mean, Tc: tc}
	meanSafe := histSafe(st.mean, st.floor)
	distinct := 0 // distinct centroids of the previous level
	res.Levels, err = gibbs.Anneal(sched.Temperatures(), 0, func(_ int, t float64) (HistLevel, error) {
		st.perturb(noise, rng)
		lv := HistLevel{Level: gibbs.Level{T: t}}
		lv.Iter, lv.Converged = st.fixedPoint(t, maxIter, tol)
		lv.FreeEnergy, lv.Cost = st.pass(t)
		lv.Centroids = mat.NewDense(st.k, st.b, append([]float64(nil), st.q...))
		lv.Distinct = len(histGroups(st.q, st.k, st.b, merge))
		for c := 0; c < st.k; c++ {
			kl, err := info.KLNats(st.q[c*st.b:(c+1)*st.b], meanSafe)
			if err != nil {
				return lv, err
			}
			lv.KLToMean = append(lv.KLToMean, kl)
		}
		if distinct > 0 && lv.Distinct > distinct {
			res.Splits = append(res.Splits, t)
		}
		distinct = lv.Distinct
		return lv, nil
	})
	if err != nil {
		return nil, fmt.Errorf("cluster: HistogramDA: %w", err)
	}
	res.Centroids = mat.DenseCopyOf(res.Levels[len(res.Levels)-1].Centroids)
	res.Labels, res.Cost = st.hardAssign(res.Centroids.RawMatrix().Data)
	return res, nil
}

// histNewState validates the histograms and K and computes the mean histogram and the
// negative entropies.
func histNewState(h mat.Matrix, k int) (*histState, error) {
	n, b, err := histCheck("HistogramDA", h)
	if err != nil {
		return nil, err
	}
	if k < 1 || k > n {
		return nil, fmt.Errorf("cluster: HistogramDA: K = %d, want 1 ≤ K ≤ n = %d: %w", k, n, ErrParam)
	}
	x, _, _, _ := check.Rows("h", h)
	st := &histState{x: x, n: n, b: b, k: k, mean: make([]float64, b), negEnt: make([]float64, n),
		q: make([]float64, k*b), logq: make([]float64, k*b), num: make([]float64, k*b),
		den: make([]float64, k), dist: make([]float64, k), p: make([]float64, k)}
	for i := 0; i < n; i++ {
		for j := 0; j < b; j++ {
			st.mean[j] += x[i*b+j] / float64(n)
		}
		st.negEnt[i] = histNegEnt(x[i*b : (i+1)*b])
	}
	return st, nil
}

// histNegEnt returns Σ p log p (0·log 0 = 0).
func histNegEnt(p []float64) float64 {
	var s float64
	for _, v := range p {
		if v > 0 {
			s += v * math.Log(v)
		}
	}
	return s
}

// histLog returns the element-wise logarithm.
func histLog(q []float64) []float64 {
	out := make([]float64, len(q))
	for i, v := range q {
		out[i] = math.Log(v)
	}
	return out
}

// criticalT is the χ² estimate of the first critical temperature: λ_max of the covariance of
// (p̂_x − q̄)/√q̄ (see the type comment).
func (st *histState) criticalT() float64 {
	w := mat.NewDense(st.n, st.b, nil)
	for i := 0; i < st.n; i++ {
		for j, m := range st.mean {
			if m > 0 {
				w.Set(i, j, (st.x[i*st.b+j]-m)/math.Sqrt(m))
			}
		}
	}
	tc, _, _ := daCovariance(w)
	return tc / 2
}

// startAtMean puts every centroid at the floored mean histogram.
func (st *histState) startAtMean() {
	for c := 0; c < st.k; c++ {
		row := st.q[c*st.b : (c+1)*st.b]
		copy(row, st.mean)
		st.normalise(row)
	}
}

// normalise floors a centroid at Floor and rescales it onto the simplex.
func (st *histState) normalise(row []float64) {
	var s float64
	for j := range row {
		row[j] = math.Max(row[j], st.floor)
		s += row[j]
	}
	for j := range row {
		row[j] /= s
	}
}

// perturb multiplies every centroid bin by (1 + δu), u ~ U(−1, 1), clips at 0 and renormalises.
func (st *histState) perturb(noise float64, rng *rand.Rand) {
	if noise <= 0 {
		return
	}
	for c := 0; c < st.k; c++ {
		row := st.q[c*st.b : (c+1)*st.b]
		for j := range row {
			row[j] = math.Max(0, row[j]*(1+noise*(2*rng.Float64()-1)))
		}
		st.normalise(row)
	}
}

// pass computes the posteriors p(x↦k) ∝ exp(−D_xk/T) for the current centroids (Lemma 7),
// accumulates the weighted sums of the centroid update and returns the free energy and the
// expected cost.
func (st *histState) pass(t float64) (f, cost float64) {
	b, k := st.b, st.k
	for i, v := range st.q {
		st.logq[i] = math.Log(v)
	}
	clear(st.num)
	clear(st.den)
	dist, p := st.dist, st.p
	for i := 0; i < st.n; i++ {
		xi := st.x[i*b : (i+1)*b]
		for c := 0; c < k; c++ {
			dist[c] = histKL(xi, st.negEnt[i], st.logq[c*b:(c+1)*b])
		}
		m, z := gibbs.SoftmaxCosts(p, dist, t, math.Inf(1)) // p(x↦k), Lemma 7
		f += m - t*math.Log(z)
		for c := 0; c < k; c++ {
			pc := p[c]
			if pc == 0 {
				continue
			}
			st.den[c] += pc
			cost += pc * dist[c]
			nc := st.num[c*b : (c+1)*b]
			for j, v := range xi {
				nc[j] += pc * v
			}
		}
	}
	return f, cost
}

// fixedPoint iterates the centroid update q_k ← Σ_x p(x↦k) p̂_x / Σ_x p(x↦k) (Exercise 17) at
// temperature t until no bin moves more than tol or maxIter iterations.
func (st *histState) fixedPoint(t float64, maxIter int, tol float64) (int, bool) {
	b := st.b
	old := make([]float64, b)
	for it := 1; it <= maxIter; it++ {
		st.pass(t)
		var move float64
		for c := 0; c < st.k; c++ {
			if st.den[c] <= 0 {
				continue
			}
			row := st.q[c*b : (c+1)*b]
			copy(old, row)
			for j := range row {
				row[j] = st.num[c*b+j] / st.den[c]
			}
			st.normalise(row)
			for j := range row {
				move = math.Max(move, math.Abs(row[j]-old[j]))
			}
		}
		if move <= tol {
			return it, true
		}
	}
	return maxIter, false
}

// hardAssign returns the centroid of smallest D_KL for every object and the summed D_KL.
func (st *histState) hardAssign(q []float64) ([]int, float64) {
	b := st.b
	logq := histLog(q)
	labels := make([]int, st.n)
	var cost float64
	for i := range labels {
		best, bd := 0, math.Inf(1)
		for c := 0; c < st.k; c++ {
			if d := histKL(st.x[i*b:(i+1)*b], st.negEnt[i], logq[c*b:(c+1)*b]); d < bd {
				best, bd = c, d
			}
		}
		labels[i] = best
		cost += bd
	}
	return labels, cost
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
