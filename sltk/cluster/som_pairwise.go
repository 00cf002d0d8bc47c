package cluster

import (
	"fmt"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/gibbs"
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
// followed by ⟨m_q^(α)⟩ = softmax_q(−e_q^(α)/T), iterated to a fixed point at each β of a
// temperature schedule. With h = δ (Sigma < 0) this is exactly pairwise clustering (Pairwise); for
// d = ½‖x − x′‖² the field is e_q^(α) = ½ Σ_s h_sq ‖x^(α) − w_s‖² with w_s the a_s-weighted mean,
// the soft topographic vector quantiser.
//
// Zero values: Topology Chain with Nodes = 10 (Grid 5×5), Sigma = 1 (negative: h = δ); the
// annealing fields mean what they mean for Pairwise. Cost O(n²·M + n·M²) per inner sweep.
type PairwiseSOM struct {
	Topology   Topology
	Nodes      int
	Rows, Cols int
	Sigma      float64
	Schedule   gibbs.Schedule
	Tol        float64
	MaxIter    int
	Noise      float64
	Missing    bool
	Init       mat.Matrix
	Seed       uint64
}

// PairwiseSOMResult is a map fitted to dissimilarities.
type PairwiseSOMResult struct {
	Posteriors *mat.Dense // n×M soft assignments (posteriors) at TMin
	Fields     *mat.Dense // n×M mean fields
	Labels     []int      // argmax_q of Posteriors
	Coords     *mat.Dense // M×2 lattice coordinates
	H          *mat.Dense // M×M neighbourhood
	Levels     []gibbs.Level
	Iter       int
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
	p, err := pwPrepare("PairwiseSOM.Fit", d, ps.Missing)
	if err != nil {
		return nil, err
	}
	n := p.n
	coords, h, err := softMapLattice("PairwiseSOM.Fit", ps.Topology, ps.Nodes, ps.Rows, ps.Cols, ps.Sigma, n, "objects")
	if err != nil {
		return nil, err
	}
	k, _ := coords.Dims()
	sch, err := pwResolve("PairwiseSOM", ps.Schedule, ps.Tol, ps.MaxIter, ps.Noise, p.scale)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(ps.Seed, pwStream))
	m, e, err := pwStart("PairwiseSOM.Fit", ps.Init, n, k, p.scale, sch.sched.T0, rng, "nodes")
	if err != nil {
		return nil, err
	}
	a, ehat := mat.NewDense(n, k, nil), mat.NewDense(n, k, nil)
	dm, om := mat.NewDense(n, k, nil), mat.NewDense(n, k, nil)
	res := &PairwiseSOMResult{Coords: coords, H: h}
	res.Fields, res.Levels, res.Iter, err = pwAnneal(m, e, sch, rng, func(m, e *mat.Dense) float64 {
		return somPairwiseFields(p, h, m, a, ehat, e, dm, om)
	})
	if err != nil {
		return nil, fmt.Errorf("cluster: PairwiseSOM: %w", err)
	}
	res.Posteriors, res.Labels = m, argmaxRows(m)
	return res, nil
}
