package cluster

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"github.com/sltk-book/sltk/sltk/mcmc"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// pwStream is the PCG stream word of the pairwise methods ("pw_mfa").
const pwStream = 0x70775f6d6661

// pwData is a validated n×n dissimilarity matrix: d holds the entries with missing ones set to
// 0 and obs the 0/1 mask (nil when every entry is observed).
type pwData struct {
	n     int
	d     *mat.Dense
	obs   *mat.Dense
	scale float64 // mean observed off-diagonal dissimilarity (1 if all are 0)
}

func pwPrepare(fn string, dm mat.Matrix, allowMissing bool) (*pwData, error) {
	if check.IsNil(dm) {
		return nil, fmt.Errorf("cluster: %s: nil matrix: %w", fn, ErrEmpty)
	}
	n, c := dm.Dims()
	if n != c || n == 0 {
		return nil, fmt.Errorf("cluster: %s: shape %d×%d, want square and non-empty: %w", fn, n, c, ErrShape)
	}
	p := &pwData{n: n, d: mat.NewDense(n, n, nil)}
	sum, cnt := 0.0, 0
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			v := dm.At(i, j)
			switch {
			case math.IsNaN(v):
				if !allowMissing {
					return nil, fmt.Errorf("cluster: %s: entry (%d,%d) is NaN (set Missing to treat NaN as unobserved): %w", fn, i, j, ErrNotFinite)
				}
				if i == j {
					return nil, fmt.Errorf("cluster: %s: diagonal entry %d is missing: %w", fn, i, ErrParam)
				}
				if !math.IsNaN(dm.At(j, i)) {
					return nil, fmt.Errorf("cluster: %s: (%d,%d) is missing but (%d,%d) is not: %w", fn, i, j, j, i, ErrParam)
				}
				if p.obs == nil {
					p.obs = mat.NewDense(n, n, nil)
					for a := 0; a < n; a++ {
						for b := 0; b < n; b++ {
							p.obs.Set(a, b, 1)
						}
					}
				}
				p.obs.Set(i, j, 0)
				continue
			case math.IsInf(v, 0):
				return nil, fmt.Errorf("cluster: %s: entry (%d,%d) is %g: %w", fn, i, j, v, ErrParam)
			case v < 0:
				return nil, fmt.Errorf("cluster: %s: negative entry d(%d,%d) = %g: %w", fn, i, j, v, ErrParam)
			case i == j && v != 0:
				return nil, fmt.Errorf("cluster: %s: diagonal entry d(%d,%d) = %g, want 0: %w", fn, i, i, v, ErrParam)
			}
			if w := dm.At(j, i); math.Abs(v-w) > 1e-9*math.Max(1, math.Abs(v)) {
				return nil, fmt.Errorf("cluster: %s: not symmetric: d(%d,%d) = %g but d(%d,%d) = %g: %w", fn, i, j, v, j, i, w, ErrParam)
			}
			p.d.Set(i, j, v)
			if i != j {
				sum += v
				cnt++
			}
		}
	}
	p.scale = 1
	if cnt > 0 && sum > 0 {
		p.scale = sum / float64(cnt)
	}
	return p, nil
}

// SquaredDistances returns the n×n matrix of squared Euclidean distances ‖x_i − x_j‖² between
// the rows of x, the dissimilarity for which pairwise clustering equals k-means. Cost O(n²·d).
func SquaredDistances(x mat.Matrix) (*mat.Dense, error) {
	data, err := kmPrepare("SquaredDistances", x)
	if err != nil {
		return nil, err
	}
	n, d := data.n, data.d
	out := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		xi := data.x[i*d : (i+1)*d]
		for j := i + 1; j < n; j++ {
			xj := data.x[j*d : (j+1)*d]
			s := 0.0
			for t, v := range xi {
				u := v - xj[t]
				s += u * u
			}
			out.Set(i, j, s)
			out.Set(j, i, s)
		}
	}
	return out, nil
}

// pwFields computes the mean fields e (n×K) of pairwise clustering for soft assignments m
// (n×K), ML chapter 4 (Clustering and embedding) eq. (4.27) with the normalisation c = 1 (erratum
// E22):
//
//	e_q^(α) = (1/n_q) Σ_δ m_q^(δ) d_δα − (1/(2 n_q²)) Σ_δε m_q^(δ) m_q^(ε) d_δε,  n_q = Σ_γ m_q^(γ).
//
// With missing entries (obs ≠ nil) it uses the corrected form of §4.2.3 (erratum E24): the
// averages run over observed pairs only,
//
//	d̄_qα = Σ_{γ∈N_α} m_q^(γ) d_γα / Σ_{γ∈N_α} m_q^(γ),  e_q^(α) = d̄_qα − ½ Σ_δ m_q^(δ) d̄_qδ / n_q,
//
// which equals the first form when nothing is missing. It returns the soft cost
// (1/(2p)) Σ_q Σ_α m_q^(α) d̄_qα, which for hard assignments is the cost C14 of PairwiseCost.
// Cost O(n²·K) through one matrix product (two with a mask).
func pwFields(p *pwData, m, e, dm, om *mat.Dense) float64 {
	n, k := m.Dims()
	pwMulNarrow(dm, p.d, m)
	if p.obs != nil {
		pwMulNarrow(om, p.obs, m)
	}
	cost := 0.0
	for q := 0; q < k; q++ {
		nq := 0.0
		for a := 0; a < n; a++ {
			nq += m.At(a, q)
		}
		if !(nq > 1e-300) {
			// A cluster without mass: make it unattractive but keep the fields finite.
			for a := 0; a < n; a++ {
				e.Set(a, q, p.scale)
			}
			continue
		}
		corr := 0.0
		for a := 0; a < n; a++ {
			den := nq
			if p.obs != nil {
				den = om.At(a, q)
			}
			db := p.scale
			if den > 1e-300 {
				db = dm.At(a, q) / den
			}
			e.Set(a, q, db)
			corr += m.At(a, q) * db
		}
		cost += corr / 2 // ½ Σ_α m_q^(α) d̄_qα: cluster q's share of the cost, times n
		corr /= 2 * nq
		for a := 0; a < n; a++ {
			e.Set(a, q, e.At(a, q)-corr)
		}
	}
	return cost / float64(n)
}

// pwMulNarrow sets dst = a·b for a square n×n matrix a and a narrow n×k matrix b. It copies
// the columns of b into contiguous vectors and computes every entry as a dot product of a row
// of a with a column of b (SIMD kernels of gonum's floats), in parallel over row blocks; each
// row of dst is written by one goroutine, so the result does not depend on scheduling. The row
// of a stays in cache for its k dot products, so a is streamed from memory once.
// Cost O(n²·k).
func pwMulNarrow(dst, a, b *mat.Dense) {
	n, k := b.Dims()
	if k > 32 {
		dst.Mul(a, b)
		return
	}
	cols := make([][]float64, k)
	for q := range cols {
		cols[q] = mat.Col(nil, q, b)
	}
	ar, dr := a.RawMatrix(), dst.RawMatrix()
	par.Chunks(n, 64, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			row := ar.Data[i*ar.Stride : i*ar.Stride+n]
			out := dr.Data[i*dr.Stride : i*dr.Stride+k]
			for q, c := range cols {
				out[q] = floats.Dot(row, c)
			}
		}
	})
}

// pwAssign sets the soft assignments m_q^(α) = exp(−e_q^(α)/T) / Σ_r exp(−e_r^(α)/T) row by row
// (gibbs.SoftmaxCosts: the row minimum is subtracted first), so it is stable at any temperature.
func pwAssign(e, m *mat.Dense, t float64) {
	n, _ := e.Dims()
	for a := 0; a < n; a++ {
		gibbs.SoftmaxCosts(m.RawRowView(a), e.RawRowView(a), t, math.Inf(1))
	}
}

// PairwiseMeanFields returns the mean fields e_q^(α) of pairwise clustering for the soft
// assignment matrix assign (n×K, rows summing to 1) on the dissimilarities d, using eq. (4.27)
// with c = 1 or, when d has NaN entries and missing is true, the missing-data form of §4.2.3.
// For d = ½‖x − x′‖² the result is ½‖x^(α) − w_q‖² with w_q the assign-weighted mean: the
// identity that makes pairwise clustering and soft k-means the same algorithm.
func PairwiseMeanFields(d, assign mat.Matrix, missing bool) (*mat.Dense, error) {
	p, err := pwPrepare("PairwiseMeanFields", d, missing)
	if err != nil {
		return nil, err
	}
	m, err := pwCheckAssign("PairwiseMeanFields", "assign", assign, p.n)
	if err != nil {
		return nil, err
	}
	_, k := m.Dims()
	e := mat.NewDense(p.n, k, nil)
	pwFields(p, m, e, mat.NewDense(p.n, k, nil), mat.NewDense(p.n, k, nil))
	return e, nil
}

// pwCheckAssign checks that the assignment matrix name is n×K and row-stochastic
// (check.Stochastic) and returns a copy; errors name fn.
func pwCheckAssign(fn, name string, a mat.Matrix, n int) (*mat.Dense, error) {
	if check.IsNil(a) {
		return nil, fmt.Errorf("cluster: %s: %s is nil: %w", fn, name, ErrShape)
	}
	if r, k := a.Dims(); r != n || k == 0 {
		return nil, fmt.Errorf("cluster: %s: %s is %d×%d, want %d×K: %w", fn, name, r, k, n, ErrShape)
	}
	if _, _, err := check.Stochastic(name, a); err != nil {
		return nil, fmt.Errorf("cluster: %s: %w", fn, err)
	}
	return mat.DenseCopyOf(a), nil
}

// PairwiseCost returns the pairwise clustering cost of a hard assignment (ML chapter 4 (Clustering
// and embedding) §4.2.1, C14):
//
//	E = (1/(2p)) Σ_q Σ_{α,α′ ∈ q} d_αα′ / |q|.
//
// For d = ‖x − x′‖² it equals the k-means cost (1/p) Σ_α ‖x^(α) − w_{q(α)}‖² with w_q the
// cluster means, for every assignment. Empty clusters contribute 0. k must lie in [1, p]
// (ErrParam otherwise: more clusters than objects leaves some empty for certain, and k sizes
// the work arrays). Cost O(p²).
func PairwiseCost(d mat.Matrix, labels []int, k int) (float64, error) {
	p, err := pwPrepare("PairwiseCost", d, false)
	if err != nil {
		return 0, err
	}
	if err := pwCheckLabels("PairwiseCost", labels, p.n, k); err != nil {
		return 0, err
	}
	return pwHardCost(p, labels, k), nil
}

// Pairwise is pairwise clustering by mean-field (deterministic) annealing, ML chapter 4 (Clustering
// and embedding) §4.2 (Algorithm of Fig. 4.8 with h = δ; Hofmann & Buhmann 1997). The data are only
// the n×n dissimilarities d_αα′ (symmetric, non-negative, zero diagonal; need not be a metric).
//
// At temperature T (β = 1/T) the Gibbs distribution of the cost C14 is approximated by a
// factorising one whose soft assignments are ⟨m_q^(α)⟩ = softmax_q(−e_q^(α)/T), with the mean
// fields e of eq. (4.27) (see PairwiseMeanFields; c = 1 fixes the notes' inconsistent
// prefactors, erratum E22, which only rescale β). For each T of the schedule the two equations
// are iterated until no field moves more than Tol; then T falls. Entries that are NaN are
// treated as unobserved when Missing is set (§4.2.3, corrected as erratum E24).
//
// Zero values: Schedule T0 = 2·d̄, TMin = d̄/200 and Cooling = 1/1.1 (β from 0.5/d̄ to 200/d̄)
// with d̄ the mean observed dissimilarity, Tol = 1e-7·d̄, MaxIter = 500 sweeps per temperature,
// Noise = 1e-3 (relative multiplicative jitter of the assignments at each new temperature,
// which breaks the symmetry of the uniform high-temperature solution; negative disables it).
// Init, if set, is the n×K initial soft assignment; otherwise the fields start uniform on
// [0, d̄] as in the notes.
//
// Cost: O(n²·K) per inner sweep (one n×n by n×K product; two with missing entries) and O(n²)
// memory for the matrix.
type Pairwise struct {
	K        int
	Schedule gibbs.Schedule
	Tol      float64
	MaxIter  int
	Noise    float64
	Missing  bool
	Init     mat.Matrix
	Seed     uint64
}

// PairwiseResult is the outcome of Pairwise.Fit. Each level's Cost is the expected cost
// (1/(2p)) Σ_q Σ_α ⟨m_q^(α)⟩ d̄_qα under the mean-field distribution.
type PairwiseResult struct {
	Posteriors *mat.Dense // n×K soft assignments (posteriors) at TMin
	Fields     *mat.Dense // n×K mean fields at TMin
	Labels     []int      // argmax_q of Posteriors (ties to the smallest index)
	// Cost is the hard cost C14 of Labels (over observed pairs when entries are missing).
	Cost   float64
	Levels []gibbs.Level
	Iter   int // total inner sweeps
}

// pwSchedule is the resolved annealing of the mean-field methods.
type pwSchedule struct {
	sched      gibbs.Schedule
	tol, noise float64
	maxIter    int
}

// pwResolve resolves the schedule and inner-loop options of a mean-field method whose data
// scale is scale (mean dissimilarity, or the trace of the covariance for SoftSOM).
func pwResolve(method string, s gibbs.Schedule, tol float64, maxIter int, noise, scale float64) (pwSchedule, error) {
	sched, err := s.Resolve(gibbs.Schedule{T0: 2 * scale, TMin: scale / 200, Cooling: 1 / 1.1})
	if err != nil {
		return pwSchedule{}, fmt.Errorf("cluster: %s: %w", method, err)
	}
	r := pwSchedule{sched: sched, tol: cmp.Or(tol, 1e-7*scale), noise: cmp.Or(noise, 1e-3), maxIter: cmp.Or(maxIter, 500)}
	if err := validParams(method, param{"Tol", r.tol > 0, tol, "> 0"},
		param{"MaxIter", r.maxIter > 0, float64(maxIter), "≥ 0"}, param{"Noise", !math.IsNaN(r.noise), noise, "a number"}); err != nil {
		return r, err
	}
	return r, maxIterSize(method, r.maxIter)
}

// Fit clusters the objects of the dissimilarity matrix d.
func (pc Pairwise) Fit(d mat.Matrix) (*PairwiseResult, error) {
	p, err := pwPrepare("Pairwise.Fit", d, pc.Missing)
	if err != nil {
		return nil, err
	}
	n, k := p.n, pc.K
	if k < 1 || k > n {
		return nil, fmt.Errorf("cluster: Pairwise.Fit: K = %d, want 1 ≤ K ≤ n = %d: %w", k, n, ErrParam)
	}
	sch, err := pwResolve("Pairwise", pc.Schedule, pc.Tol, pc.MaxIter, pc.Noise, p.scale)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(pc.Seed, pwStream))
	m, e, err := pwStart("Pairwise.Fit", pc.Init, n, k, p.scale, sch.sched.T0, rng, "K")
	if err != nil {
		return nil, err
	}
	dm, om := mat.NewDense(n, k, nil), mat.NewDense(n, k, nil)
	res := &PairwiseResult{}
	res.Fields, res.Levels, res.Iter, err = pwAnneal(m, e, sch, rng, func(m, e *mat.Dense) float64 {
		return pwFields(p, m, e, dm, om)
	})
	if err != nil {
		return nil, fmt.Errorf("cluster: Pairwise: %w", err)
	}
	res.Posteriors, res.Labels = m, argmaxRows(m)
	res.Cost = pwHardCost(p, res.Labels, k)
	return res, nil
}

// pwStart returns the starting n×k assignments and a buffer for the mean fields: the given
// Init (checked), or uniform random fields in [0, scale) turned into assignments by the softmax
// at the first temperature t0. fn names the caller, what names k in the error message ("K",
// "nodes").
func pwStart(fn string, init mat.Matrix, n, k int, scale, t0 float64, rng *rand.Rand, what string) (m, e *mat.Dense, err error) {
	m, e = mat.NewDense(n, k, nil), mat.NewDense(n, k, nil)
	if init != nil {
		a, err := pwCheckAssign(fn, "Init", init, n)
		if err != nil {
			return nil, nil, err
		}
		if _, kk := a.Dims(); kk != k {
			return nil, nil, fmt.Errorf("cluster: %s: Init has %d columns, %s = %d: %w", fn, kk, what, k, ErrShape)
		}
		m.Copy(a)
		return m, e, nil
	}
	for i := range e.RawMatrix().Data {
		e.RawMatrix().Data[i] = scale * rng.Float64()
	}
	pwAssign(e, m, t0)
	return m, e, nil
}

// pwAnneal is the mean-field annealing of Pairwise and PairwiseSOM, run by the library's generic
// mean field (mcmc.MeanFieldAnneal, synchronous updates) on the model pwModel. fields(m, e)
// writes the mean fields of the assignments m into e and returns the expected cost. At each
// temperature T of the schedule (after jittering m by the relative Noise from the second level
// on) it iterates m ← softmax(−e/T), e ← fields(m) until the largest change of a field is below
// Tol or MaxIter sweeps, and records the level (Cost = the expected cost of the final m). m ends
// as the assignments at the last temperature; the final fields are returned with the levels and
// the total sweeps. The random stream rng continues the one that drew the start.
func pwAnneal(m, e *mat.Dense, sch pwSchedule, rng *rand.Rand, fields func(m, e *mat.Dense) float64) (*mat.Dense, []gibbs.Level, int, error) {
	n, k := m.Dims()
	model := &pwModel{n: n, k: k, fields: fields, buf: mat.NewDense(n, k, nil)}
	res, err := mcmc.MeanFieldAnneal{Schedule: sch.sched, Tol: sch.tol, MaxIter: sch.maxIter,
		Noise: cmp.Or(sch.noise, -1), Init: m, Rand: rng}.Run(model)
	if err != nil {
		return nil, nil, 0, err
	}
	m.Copy(res.Q)
	levels := make([]gibbs.Level, len(res.Levels))
	for i, lv := range res.Levels {
		levels[i] = gibbs.Level{T: lv.T, Cost: lv.Cost, Iter: lv.Iter, Converged: lv.Converged}
	}
	return res.Fields, levels, res.Iter, nil
}

// pwModel presents a mean-field fields function to mcmc.MeanFieldAnneal. Its Energy is the
// expected cost the fields function returns (the fields are its derivative up to the factor n
// of the 1/n normalisation, so the levels' FreeEnergy is not used). Fields of one site computes
// all of them (O(n²·K)); the synchronous driver calls AllFields.
type pwModel struct {
	n, k   int
	fields func(m, e *mat.Dense) float64
	buf    *mat.Dense
}

func (pm *pwModel) Sites() int                  { return pm.n }
func (pm *pwModel) States() int                 { return pm.k }
func (pm *pwModel) AllFields(q, dst *mat.Dense) { pm.fields(q, dst) }
func (pm *pwModel) Energy(q *mat.Dense) float64 { return pm.fields(q, pm.buf) }
func (pm *pwModel) Fields(q *mat.Dense, i int, dst []float64) {
	pm.fields(q, pm.buf)
	copy(dst, pm.buf.RawRowView(i))
}

// argmaxRows returns the column of the largest entry of every row (the first on ties).
func argmaxRows(m *mat.Dense) []int {
	n, k := m.Dims()
	labels := make([]int, n)
	for i := 0; i < n; i++ {
		for q := 1; q < k; q++ {
			if m.At(i, q) > m.At(i, labels[i]) {
				labels[i] = q
			}
		}
	}
	return labels
}

// pwHardCost is C14 over observed pairs.
func pwHardCost(p *pwData, labels []int, k int) float64 {
	size := make([]float64, k)
	for _, l := range labels {
		size[l]++
	}
	within := make([]float64, k)
	for a := 0; a < p.n; a++ {
		for b := 0; b < p.n; b++ {
			if labels[a] == labels[b] {
				within[labels[a]] += p.d.At(a, b)
			}
		}
	}
	e := 0.0
	for q := range within {
		if size[q] > 0 {
			e += within[q] / size[q]
		}
	}
	return e / (2 * float64(p.n))
}
