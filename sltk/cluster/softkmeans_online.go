package cluster

import (
	"cmp"
	"fmt"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"gonum.org/v1/gonum/mat"
)

// OnlineSoftKMeans is online soft k-means, ML chapter 4 (Clustering and embedding) §4.2.4 (A24):
// for each point x, in a fresh random order every epoch, compute the soft assignments
// ⟨m_q⟩ = exp(−‖x − w_q‖²/T) / Σ_r exp(−‖x − w_r‖²/T) (the notes' β = 2/T; gibbs.Softmax in the
// log domain) and move every prototype by Δw_q = η ⟨m_q⟩ (x − w_q). The temperature falls
// geometrically and continuously over the run, T_t = T0·(TMin/T0)^{t/t_max}, and the learning
// rate likewise from LearningRate to FinalLearningRate, so the run can anneal from soft to hard
// assignments; with TMin = T0 it samples the soft k-means fixed point at one temperature. As
// T → 0 the update is online k-means (only the winner moves).
//
// Zero values: Schedule.T0 must be set (> 0); TMin = T0 (Schedule.Cooling is not used: the
// temperature falls step by step), LearningRate = FinalLearningRate = 0.1, MaxIter 10 epochs,
// Init KMeansPlusPlus. The random numbers follow OnlineKMeans (initialisation from PCG(Seed,
// kmInitStream), visiting order from PCG(Seed, kmOrderStream)). Cost O(n·K·d) per epoch.
type OnlineSoftKMeans struct {
	K                               int
	Schedule                        gibbs.Schedule
	LearningRate, FinalLearningRate float64
	MaxIter                         int
	Init                            KMeansInit
	Centroids                       mat.Matrix
	Seed                            uint64
}

// Fit runs the online updates on the rows of x. The result's Labels and Cost are those of the
// nearest final prototype; Trace holds the hard k-means cost after every epoch.
func (o OnlineSoftKMeans) Fit(x mat.Matrix) (*KMeansResult, error) {
	data, err := kmPrepare("OnlineSoftKMeans.Fit", x)
	if err != nil {
		return nil, err
	}
	k, n, d := o.K, data.n, data.d
	if k <= 0 || k > n {
		return nil, fmt.Errorf("cluster: OnlineSoftKMeans: K = %d, want 1 ≤ K ≤ n = %d: %w", k, n, ErrParam)
	}
	sched, err := o.Schedule.Resolve(gibbs.Schedule{TMin: o.Schedule.T0})
	if err != nil {
		return nil, fmt.Errorf("cluster: OnlineSoftKMeans: %w", err)
	}
	e0 := cmp.Or(o.LearningRate, 0.1)
	ef, epochs := cmp.Or(o.FinalLearningRate, e0), cmp.Or(o.MaxIter, 10)
	if err := validParams("OnlineSoftKMeans",
		param{"LearningRate", e0 > 0 && e0 <= 1, o.LearningRate, "in (0, 1]"},
		param{"FinalLearningRate", ef > 0 && ef <= 1, o.FinalLearningRate, "in (0, 1]"},
		param{"MaxIter", epochs > 0, float64(o.MaxIter), "≥ 0"}); err != nil {
		return nil, err
	}
	if err := onlineSize("OnlineSoftKMeans", epochs, n); err != nil {
		return nil, err
	}
	given, err := kmCheckInit("OnlineSoftKMeans.Fit", o.Init, o.Centroids, k, d)
	if err != nil {
		return nil, err
	}
	e := kmNewEngine(data, k, 1)
	logits, gain := make([]float64, k), make([]float64, k)
	res := &KMeansResult{}
	tmax := float64(max(epochs*n-1, 1))
	w, err := kmOnline("OnlineSoftKMeans.Fit", e, o.Init, given, o.Seed, epochs, func(step int, xi, w []float64) {
		f := float64(step) / tmax
		t, eta := somSchedule(sched.T0, sched.TMin, f), somSchedule(e0, ef, f)
		for q := 0; q < k; q++ {
			dist, _ := kmNearest(xi, w[q*d:(q+1)*d], 1)
			logits[q] = -dist / t
		}
		gibbs.Softmax(gain, logits)
		for q := range gain {
			gain[q] *= eta // the gain η⟨m_q⟩
		}
		kmMoveAll(w, gain, xi)
	}, func(ep int, _ []float64) bool {
		res.Trace = append(res.Trace, e.cost)
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
