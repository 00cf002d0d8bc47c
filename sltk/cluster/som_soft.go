package cluster

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"gonum.org/v1/gonum/mat"
)

// SoftSOM is the batch soft self-organising map for vectors, ML chapter 4 (Clustering and
// embedding) §4.3.2 (A27): the Euclidean special case of PairwiseSOM, also known as the soft
// topographic vector quantiser (Graepel, Burger & Obermayer 1997). At inverse temperature β the
// assignments and prototypes solve
//
//	⟨m_p^(α)⟩ ∝ exp(−(β/2) Σ_q h_qp ‖x^(α) − w_q‖²),   w_q = Σ_α a_q^(α) x^(α) / Σ_α a_q^(α),  a_q^(α) = Σ_p h_qp ⟨m_p^(α)⟩,
//
// iterated to a fixed point at each temperature T = 1/β of the schedule. It equals PairwiseSOM on
// d = ½‖x − x′‖² but costs O(n·M·(d + M)) per sweep instead of O(n²·M), and as β → ∞ its
// assignment becomes the neighbourhood-weighted winner of the Heskes SOM (A28); with h = δ it
// is soft k-means.
//
// Zero values: Topology Chain with Nodes = 10 (Grid 5×5), Sigma = 1 (negative: h = δ),
// Schedule T0 = 2·tr C, TMin = tr C/200 and Cooling = 1/1.1 (β from 0.5/tr C to 200/tr C; C the
// 1/p data covariance), Tol = 1e-7·s (largest prototype move, s the root mean per-coordinate
// variance), MaxIter = 500 sweeps per temperature, Noise = 1e-3 (relative jitter of the
// prototypes at each new temperature; negative disables). Init, if set, holds the M×d starting prototypes; otherwise they start at the mean
// plus Noise·s Gaussian noise.
type SoftSOM struct {
	Topology   Topology
	Nodes      int
	Rows, Cols int
	Sigma      float64
	Schedule   gibbs.Schedule
	Tol        float64
	MaxIter    int
	Noise      float64
	Init       mat.Matrix
	Seed       uint64
}

// SoftSOMResult is a trained soft map.
type SoftSOMResult struct {
	Prototypes *mat.Dense // M×d
	Posteriors *mat.Dense // n×M soft assignments (posteriors) at TMin
	Labels     []int      // argmax_p of Posteriors
	Coords     *mat.Dense
	H          *mat.Dense
	// Levels[i].Cost is the expected SOM cost C15, (1/p) Σ_α Σ_p ⟨m_p^(α)⟩ Σ_q h_qp ‖x^(α) − w_q‖².
	Levels []gibbs.Level
	Iter   int
}

// softSOMStream is the PCG stream word of SoftSOM ("stvq").
const softSOMStream = 0x73747671

// softSOMState holds the data and buffers of one SoftSOM run.
type softSOMState struct {
	data            kmData
	xd, h           *mat.Dense
	assign, dist, e *mat.Dense
	a               mat.Dense
	num             mat.Dense
	den             []float64
	m               int
}

// Fit trains the map on the rows of x: at every temperature of the schedule, jitter the
// prototypes, then alternate the soft assignment (E-step) and the prototype update (M-step) to
// a fixed point.
func (s SoftSOM) Fit(x mat.Matrix) (*SoftSOMResult, error) {
	data, err := kmPrepare("SoftSOM.Fit", x)
	if err != nil {
		return nil, err
	}
	n, d := data.n, data.d
	coords, h, err := softMapLattice("SoftSOM.Fit", s.Topology, s.Nodes, s.Rows, s.Cols, s.Sigma, n, "points")
	if err != nil {
		return nil, err
	}
	m, _ := coords.Dims()
	mean, trace := softSOMMoments(data)
	scale := math.Sqrt(trace / float64(d))
	sch, err := pwResolve("SoftSOM", s.Schedule, cmp.Or(s.Tol, 1e-7*scale), s.MaxIter, s.Noise, trace)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(s.Seed, softSOMStream))
	w := make([]float64, m*d)
	if s.Init != nil {
		given, err := kmCentroidSlice("SoftSOM.Fit", s.Init, m, d)
		if err != nil {
			return nil, err
		}
		copy(w, given)
	} else {
		for q := 0; q < m; q++ {
			for j := 0; j < d; j++ {
				w[q*d+j] = mean[j] + math.Max(sch.noise, 1e-3)*scale*rng.NormFloat64()
			}
		}
	}
	st := &softSOMState{data: data, xd: mat.NewDense(n, d, data.x), h: h, m: m,
		assign: mat.NewDense(n, m, nil), dist: mat.NewDense(n, m, nil), e: mat.NewDense(n, m, nil),
		den: make([]float64, m)}
	res := &SoftSOMResult{Coords: coords, H: h}
	res.Levels, err = gibbs.Anneal(sch.sched.Temperatures(), 0, func(level int, t float64) (gibbs.Level, error) {
		if level > 0 && sch.noise > 0 {
			for i := range w {
				w[i] += sch.noise * scale * rng.NormFloat64()
			}
		}
		lv := gibbs.Level{T: t}
		for lv.Iter < sch.maxIter {
			lv.Iter++
			lv.Cost = st.expect(w, t)
			if st.maximise(w) < sch.tol {
				lv.Converged = true
				break
			}
		}
		res.Iter += lv.Iter
		return lv, nil
	})
	if err != nil {
		return nil, fmt.Errorf("cluster: SoftSOM: %w", err)
	}
	res.Prototypes = mat.NewDense(m, d, w)
	res.Posteriors = st.assign
	res.Labels = argmaxRows(st.assign)
	return res, nil
}

// softSOMMoments returns the mean and the trace of the 1/n covariance of the data (1 if 0).
func softSOMMoments(data kmData) ([]float64, float64) {
	n, d := data.n, data.d
	mean := make([]float64, d)
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			mean[j] += data.x[i*d+j] / float64(n)
		}
	}
	trace := 0.0
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			u := data.x[i*d+j] - mean[j]
			trace += u * u / float64(n)
		}
	}
	trace = cmp.Or(trace, 1)
	return mean, trace
}

// expect is the E-step at temperature t: e = ½ · dist · H with dist_iq = ‖x_i − w_q‖² (h
// symmetric), the assignments softmax over p of −e/t; it returns the expected SOM cost.
func (st *softSOMState) expect(w []float64, t float64) float64 {
	n, d, m := st.data.n, st.data.d, st.m
	for i := 0; i < n; i++ {
		xi := st.data.x[i*d : (i+1)*d]
		row := st.dist.RawRowView(i)
		for q := 0; q < m; q++ {
			row[q], _ = kmNearest(xi, w[q*d:(q+1)*d], 1)
		}
	}
	st.e.Mul(st.dist, st.h)
	st.e.Scale(0.5, st.e)
	pwAssign(st.e, st.assign, t)
	cost := 0.0
	for i, v := range st.assign.RawMatrix().Data {
		cost += 2 * v * st.e.RawMatrix().Data[i]
	}
	return cost / float64(n)
}

// maximise is the M-step: smoothed weights a = m·H and prototypes w_q = Σ_α a_q x / Σ_α a_q (a
// node without mass keeps its prototype). It returns the largest coordinate move.
func (st *softSOMState) maximise(w []float64) float64 {
	d := st.data.d
	st.a.Mul(st.assign, st.h)
	st.num.Mul(st.a.T(), st.xd)
	clear(st.den)
	for i := 0; i < st.data.n; i++ {
		for q, v := range st.a.RawRowView(i) {
			st.den[q] += v
		}
	}
	move := 0.0
	for q := 0; q < st.m; q++ {
		if !(st.den[q] > 1e-300) {
			continue
		}
		for j := 0; j < d; j++ {
			v := st.num.At(q, j) / st.den[q]
			move = math.Max(move, math.Abs(v-w[q*d+j]))
			w[q*d+j] = v
		}
	}
	return move
}
