package cluster

import (
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// SoftSOM is the batch soft self-organising map for vectors, seed 001 §4.3.2 (A27): the
// Euclidean special case of PairwiseSOM, also known as the soft topographic vector quantiser
// (Graepel, Burger & Obermayer 1997). At inverse temperature β the assignments and prototypes
// solve
//
//	⟨m_p^(α)⟩ ∝ exp(−(β/2) Σ_q h_qp ‖x^(α) − w_q‖²),   w_q = Σ_α a_q^(α) x^(α) / Σ_α a_q^(α),  a_q^(α) = Σ_p h_qp ⟨m_p^(α)⟩,
//
// iterated to a fixed point at each β of a geometric schedule. It equals PairwiseSOM on
// d = ½‖x − x′‖² but costs O(n·M·(d + M)) per sweep instead of O(n²·M), and as β → ∞ its
// assignment becomes the neighbourhood-weighted winner of the Heskes SOM (A28); with h = δ it
// is soft k-means.
//
// Zero values: Topology Chain with Nodes = 10 (Grid 5×5), Sigma = 1 (negative: h = δ),
// Beta0 = 0.5/tr C and BetaMax = 200/tr C (C the 1/p data covariance), Rate = 1.1,
// Tol = 1e-7·s (largest prototype move, s the root mean per-coordinate variance),
// MaxInner = 500, Noise = 1e-3 (relative jitter of the prototypes at each new β; negative
// disables). Init, if set, holds the M×d starting prototypes; otherwise they start at the mean
// plus Noise·s Gaussian noise.
type SoftSOM struct {
	Topology             Topology
	Nodes                int
	Rows, Cols           int
	Sigma                float64
	Beta0, BetaMax, Rate float64
	Tol                  float64
	MaxInner             int
	Noise                float64
	Init                 mat.Matrix
	Seed                 uint64
}

// SoftSOMLevel is the state after convergence at one β.
type SoftSOMLevel struct {
	Beta       float64
	Distortion float64 // (1/p) Σ_α Σ_p ⟨m_p^(α)⟩ Σ_q h_qp ‖x^(α) − w_q‖², the expected SOM cost C15
	Iter       int
	Converged  bool
}

// SoftSOMResult is a trained soft map.
type SoftSOMResult struct {
	Prototypes *mat.Dense // M×d
	Assign     *mat.Dense // n×M soft assignments at BetaMax
	Labels     []int      // argmax_p of Assign
	Coords     *mat.Dense
	H          *mat.Dense
	Levels     []SoftSOMLevel
	Iter       int
}

// softSOMStream is the PCG stream word of SoftSOM ("stvq").
const softSOMStream = 0x73747671

// Fit trains the map on the rows of x.
func (s SoftSOM) Fit(x mat.Matrix) (*SoftSOMResult, error) {
	data, err := kmPrepare(x)
	if err != nil {
		return nil, err
	}
	n, d := data.n, data.d
	coords, h, err := softMapLattice(s.Topology, s.Nodes, s.Rows, s.Cols, s.Sigma, n, "points")
	if err != nil {
		return nil, err
	}
	m, _ := coords.Dims()
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
	if trace == 0 {
		trace = 1
	}
	scale := math.Sqrt(trace / float64(d))
	sch, err := pwResolve(s.Beta0, s.BetaMax, s.Rate, s.Tol, s.MaxInner, s.Noise, trace)
	if err != nil {
		return nil, err
	}
	if s.Tol == 0 {
		sch.tol = 1e-7 * scale
	}
	rng := rand.New(rand.NewPCG(s.Seed, softSOMStream))
	w := make([]float64, m*d)
	if s.Init != nil {
		given, err := kmCentroidSlice(s.Init, m, d)
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
	xd := mat.NewDense(n, d, data.x)
	assign := mat.NewDense(n, m, nil)
	dist := mat.NewDense(n, m, nil)
	e := mat.NewDense(n, m, nil)
	a := mat.NewDense(n, m, nil)
	var num mat.Dense
	den := make([]float64, m)
	res := &SoftSOMResult{Coords: coords, H: h}
	for beta, level := sch.beta0, 0; beta <= sch.betaMax*(1+1e-12); beta, level = beta*sch.rate, level+1 {
		if level > 0 && sch.noise > 0 {
			for i := range w {
				w[i] += sch.noise * scale * rng.NormFloat64()
			}
		}
		lv := SoftSOMLevel{Beta: beta}
		for lv.Iter < sch.maxInner {
			lv.Iter++
			// E-step: e = ½ · dist · H with dist_iq = ‖x_i − w_q‖² (h symmetric), softmax over p.
			for i := 0; i < n; i++ {
				xi := data.x[i*d : (i+1)*d]
				row := dist.RawRowView(i)
				for q := 0; q < m; q++ {
					row[q], _ = kmNearest(xi, w[q*d:(q+1)*d], 1)
				}
			}
			e.Mul(dist, h)
			e.Scale(0.5, e)
			pwSoftmax(e, assign, beta)
			lv.Distortion = 0
			for i, v := range assign.RawMatrix().Data {
				lv.Distortion += 2 * v * e.RawMatrix().Data[i]
			}
			lv.Distortion /= float64(n)
			// M-step: smoothed weights a = m·H, prototypes w_q = Σ_α a_q x / Σ_α a_q.
			a.Mul(assign, h)
			num.Mul(a.T(), xd)
			clear(den)
			for i := 0; i < n; i++ {
				for q, v := range a.RawRowView(i) {
					den[q] += v
				}
			}
			move := 0.0
			for q := 0; q < m; q++ {
				if !(den[q] > 1e-300) {
					continue // a node without mass keeps its prototype
				}
				for j := 0; j < d; j++ {
					v := num.At(q, j) / den[q]
					move = math.Max(move, math.Abs(v-w[q*d+j]))
					w[q*d+j] = v
				}
			}
			if move < sch.tol {
				lv.Converged = true
				break
			}
		}
		res.Iter += lv.Iter
		res.Levels = append(res.Levels, lv)
	}
	res.Prototypes = mat.NewDense(m, d, w)
	res.Assign = assign
	res.Labels = make([]int, n)
	for i := 0; i < n; i++ {
		for q := 1; q < m; q++ {
			if assign.At(i, q) > assign.At(i, res.Labels[i]) {
				res.Labels[i] = q
			}
		}
	}
	return res, nil
}
