package cluster

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// OnlineSoftKMeans is online soft k-means, seed 001 §4.2.4 (A24): for each point x, in a fresh
// random order every epoch, compute the soft assignments
// ⟨m_q⟩ = exp(−(β/2)‖x − w_q‖²) / Σ_r exp(−(β/2)‖x − w_r‖²) (log domain) and move every
// prototype by Δw_q = η ⟨m_q⟩ (x − w_q). β and η follow geometric schedules over the run,
// β_t = β₀(β_f/β₀)^{t/t_max} and likewise η, so the run can anneal from soft to hard
// assignments; with β₀ = β_f it samples the soft k-means fixed point at one temperature. As
// β → ∞ the update is online k-means (only the winner moves).
//
// Zero values: BetaMax = Beta0, EtaF = Eta0 = 0.1, Epochs 10, Init KMeansPlusPlus; Beta0 must be
// set (> 0). The random numbers follow OnlineKMeans (initialisation from PCG(Seed,
// kmInitStream), visiting order from PCG(Seed, kmOrderStream)). Cost O(n·K·d) per epoch.
type OnlineSoftKMeans struct {
	K              int
	Beta0, BetaMax float64
	Eta0, EtaF     float64
	Epochs         int
	Init           KMeansInit
	Centroids      mat.Matrix
	Seed           uint64
}

// Fit runs the online updates on the rows of x. The result's Labels and Cost are those of the
// nearest final prototype; CostTrace holds the hard k-means cost after every epoch.
func (o OnlineSoftKMeans) Fit(x mat.Matrix) (*KMeansResult, error) {
	data, err := kmPrepare(x)
	if err != nil {
		return nil, err
	}
	k, n, d := o.K, data.n, data.d
	if k <= 0 || k > n {
		return nil, fmt.Errorf("%w: K = %d, want 1 ≤ K ≤ n = %d", ErrParam, k, n)
	}
	b0, bf, e0, ef, epochs := o.Beta0, o.BetaMax, o.Eta0, o.EtaF, o.Epochs
	if bf == 0 {
		bf = b0
	}
	if e0 == 0 {
		e0 = 0.1
	}
	if ef == 0 {
		ef = e0
	}
	if epochs == 0 {
		epochs = 10
	}
	switch {
	case !(b0 > 0) || !(bf > 0) || math.IsInf(b0, 0) || math.IsInf(bf, 0):
		return nil, fmt.Errorf("%w: β schedule %g → %g, want finite values > 0", ErrParam, o.Beta0, o.BetaMax)
	case !(e0 > 0 && e0 <= 1 && ef > 0 && ef <= 1):
		return nil, fmt.Errorf("%w: learning rates %g → %g, want in (0, 1]", ErrParam, o.Eta0, o.EtaF)
	case epochs < 0:
		return nil, fmt.Errorf("%w: Epochs = %d", ErrParam, epochs)
	}
	given, err := kmCheckInit(o.Init, o.Centroids, k, d)
	if err != nil {
		return nil, err
	}
	e := kmNewEngine(data, k, 1)
	logits := make([]float64, k)
	res := &KMeansResult{}
	tmax := float64(max(epochs*n-1, 1))
	w, err := kmOnline(e, o.Init, given, o.Seed, epochs, func(step int, xi, w []float64) {
		f := float64(step) / tmax
		beta, eta := somSchedule(b0, bf, f), somSchedule(e0, ef, f)
		lo := math.Inf(1)
		for q := 0; q < k; q++ {
			logits[q], _ = kmNearest(xi, w[q*d:(q+1)*d], 1)
			lo = math.Min(lo, logits[q])
		}
		s := 0.0
		for q := range logits {
			logits[q] = math.Exp(-beta / 2 * (logits[q] - lo))
			s += logits[q]
		}
		for q := range logits {
			logits[q] = eta * logits[q] / s // the gain η⟨m_q⟩
		}
		kmMoveAll(w, logits, xi)
	}, func(ep int, _ []float64) bool {
		res.CostTrace = append(res.CostTrace, e.cost)
		res.Iter = ep
		return false
	})
	if err != nil {
		return nil, err
	}
	res.Cost = e.cost
	res.Labels = append([]int(nil), e.labels...)
	res.Sizes = append([]int(nil), e.counts...)
	res.Centroids = mat.NewDense(k, d, w)
	res.RestartCosts = []float64{e.cost}
	return res, nil
}
