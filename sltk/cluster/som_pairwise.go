package cluster

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// PairwiseSOM is the self-organising map for dissimilarity data by mean-field annealing, seed
// 001 §4.3.2 (Fig. 4.8; Graepel & Obermayer 1999). Each object α has a soft assignment
// ⟨m_q^(α)⟩ to the nodes q of a lattice; the neighbourhood h smooths the assignments,
// a_s^(δ) = Σ_r h_sr ⟨m_r^(δ)⟩, and the mean fields are (bracketing corrected, erratum E27;
// c = 1, errata E22/E28)
//
//	e_q^(α) = Σ_s h_sq [ (1/n_s) Σ_δ a_s^(δ) d_δα − (1/(2 n_s²)) Σ_δε a_s^(δ) a_s^(ε) d_δε ],  n_s = Σ_γ a_s^(γ),
//
// followed by ⟨m_q^(α)⟩ = softmax_q(−β e_q^(α)), iterated to a fixed point at each β of a
// geometric schedule. With h = δ (Sigma < 0) this is exactly pairwise clustering (Pairwise); for
// d = ½‖x − x′‖² the field is e_q^(α) = ½ Σ_s h_sq ‖x^(α) − w_s‖² with w_s the a_s-weighted mean,
// the soft topographic vector quantiser.
//
// Zero values: Topology Chain with Nodes = 10 (Grid 5×5), Sigma = 1 (negative: h = δ); the
// annealing fields mean what they mean for Pairwise. Cost O(n²·M + n·M²) per inner sweep.
type PairwiseSOM struct {
	Topology             Topology
	Nodes                int
	Rows, Cols           int
	Sigma                float64
	Beta0, BetaMax, Rate float64
	Tol                  float64
	MaxInner             int
	Noise                float64
	Missing              bool
	Init                 mat.Matrix
	Seed                 uint64
}

// PairwiseSOMResult is a map fitted to dissimilarities.
type PairwiseSOMResult struct {
	Assign *mat.Dense // n×M soft assignments at BetaMax
	Fields *mat.Dense // n×M mean fields
	Labels []int      // argmax_q of Assign
	Coords *mat.Dense // M×2 lattice coordinates
	H      *mat.Dense // M×M neighbourhood
	Levels []PairwiseLevel
	Iter   int
}

// somPairwiseFields computes e = Ê·H with Ê the pairwise mean fields of the smoothed
// assignments A = M·H (h is symmetric). It returns the expected cost of the smoothed problem.
func somPairwiseFields(p *pwData, h, m, a, ehat, e, dm, om *mat.Dense) float64 {
	a.Mul(m, h)
	c := pwFields(p, a, ehat, dm, om)
	e.Mul(ehat, h)
	return c
}

// Fit trains the map on the dissimilarity matrix d.
func (ps PairwiseSOM) Fit(d mat.Matrix) (*PairwiseSOMResult, error) {
	p, err := pwPrepare(d, ps.Missing)
	if err != nil {
		return nil, err
	}
	if ps.Topology == Chain && ps.Nodes == 0 {
		ps.Nodes = 10
	}
	if ps.Topology == Grid && ps.Rows == 0 && ps.Cols == 0 {
		ps.Rows, ps.Cols = 5, 5
	}
	coords, err := somLattice(ps.Topology, ps.Nodes, ps.Rows, ps.Cols)
	if err != nil {
		return nil, err
	}
	sigma := ps.Sigma
	switch {
	case sigma == 0:
		sigma = 1
	case sigma < 0:
		sigma = 0
	case math.IsNaN(sigma) || math.IsInf(sigma, 0):
		return nil, fmt.Errorf("%w: σ = %g", ErrBadParam, ps.Sigma)
	}
	n := p.n
	k, _ := coords.Dims()
	if k > n {
		return nil, fmt.Errorf("%w: %d nodes for %d objects", ErrBadK, k, n)
	}
	h, err := Neighbourhood(coords, sigma)
	if err != nil {
		return nil, err
	}
	sch, err := pwResolve(ps.Beta0, ps.BetaMax, ps.Rate, ps.Tol, ps.MaxInner, ps.Noise, p.scale)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(ps.Seed, pwStream))
	m, e, eNew := mat.NewDense(n, k, nil), mat.NewDense(n, k, nil), mat.NewDense(n, k, nil)
	a, ehat := mat.NewDense(n, k, nil), mat.NewDense(n, k, nil)
	dm, om := mat.NewDense(n, k, nil), mat.NewDense(n, k, nil)
	if ps.Init != nil {
		init, err := pwCheckAssign(ps.Init, n)
		if err != nil {
			return nil, err
		}
		if _, kk := init.Dims(); kk != k {
			return nil, fmt.Errorf("%w: Init has %d columns, map has %d nodes", ErrShape, kk, k)
		}
		m.Copy(init)
	} else {
		for i := range e.RawMatrix().Data {
			e.RawMatrix().Data[i] = p.scale * rng.Float64()
		}
		pwSoftmax(e, m, sch.beta0)
	}
	somPairwiseFields(p, h, m, a, ehat, e, dm, om)
	res := &PairwiseSOMResult{Coords: coords, H: h}
	for beta, level := sch.beta0, 0; beta <= sch.betaMax*(1+1e-12); beta, level = beta*sch.rate, level+1 {
		if level > 0 && sch.noise > 0 {
			pwJitter(m, sch.noise, rng)
			somPairwiseFields(p, h, m, a, ehat, e, dm, om)
		}
		lv := PairwiseLevel{Beta: beta}
		for lv.Iter < sch.maxInner {
			pwSoftmax(e, m, beta)
			lv.SoftCost = somPairwiseFields(p, h, m, a, ehat, eNew, dm, om)
			lv.Iter++
			delta := 0.0
			for i, v := range eNew.RawMatrix().Data {
				delta = math.Max(delta, math.Abs(v-e.RawMatrix().Data[i]))
			}
			e, eNew = eNew, e
			if delta < sch.tol {
				lv.Converged = true
				break
			}
		}
		pwSoftmax(e, m, beta)
		res.Iter += lv.Iter
		res.Levels = append(res.Levels, lv)
	}
	res.Assign, res.Fields = m, e
	res.Labels = make([]int, n)
	for i := 0; i < n; i++ {
		for q := 1; q < k; q++ {
			if m.At(i, q) > m.At(i, res.Labels[i]) {
				res.Labels[i] = q
			}
		}
	}
	return res, nil
}
