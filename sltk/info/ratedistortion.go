package info

import (
	"cmp"
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// RateDistortion computes one point of the rate–distortion function R(D) of a source p(x) with
// distortion d(x, x̂) by the Blahut–Arimoto iteration at slope parameter β:
//
//	q(x̂|x) ← q(x̂)·exp(−β·d(x, x̂)) / Z(x, β),   q(x̂) ← Σ_x p(x) q(x̂|x).
//
// Both steps minimise F = I(X;X̂) + β·E d(X, X̂) (I in nats) over one factor, so F never
// increases (Trace); at the fixed point (D, R) lies on the R(D) curve, whose slope there is
// dR/dD = −β (nats per unit of distortion). The encoder is a Gibbs distribution with cost d
// and temperature 1/β; the information bottleneck is this iteration with d(x, t) =
// D_KL[p(y|x) ‖ p(y|t)] and the representatives p(y|t) re-estimated as well. The iteration
// starts from the uniform q(x̂) and stops when max |Δq(x̂)| < Tol or after MaxIter iterations.
// An entry d = math.MaxFloat64 (DivergenceMatrix's infinite divergence) forbids that pair.
// Cost O(|X|·|X̂|) per iteration.
type RateDistortion struct {
	Beta    float64 // slope parameter β in (0, MaxBeta]; 0 means 1
	MaxIter int     // cap on iterations; 0 means 10000
	Tol     float64 // 0 means 1e-12
}

// RateDistortionResult is one point of R(D).
type RateDistortionResult struct {
	Encoder    *mat.Dense // q(x̂|x)
	Q          []float64  // q(x̂), the output distribution
	Rate       float64    // I(X;X̂) in bits
	Distortion float64    // E d(X, X̂)
	Trace      []float64  // F = I(X;X̂)[nats] + β·E d after every iteration, never increasing
	Iter       int
	Converged  bool
}

// Fit runs the iteration for the source px and the |X|×|X̂| distortion matrix d (finite and
// ≥ 0). Errors: px not a probability vector (ErrProb, ErrNotFinite, ErrEmpty), d of the wrong
// shape (ErrShape), negative (ErrParam) or not finite (ErrNotFinite), hyperparameters out of
// range (ErrParam; also β·d above 1e300 for a finite d below math.MaxFloat64), MaxIter·|X|·|X̂|
// above MaxBottleneckWork (ErrTooLarge).
func (rd RateDistortion) Fit(px []float64, d mat.Matrix) (*RateDistortionResult, error) {
	switch {
	case !(rd.Beta >= 0) || rd.Beta > MaxBeta:
		return nil, fmt.Errorf("info: RateDistortion.Fit: Beta = %v, want in (0, %g]: %w", rd.Beta, MaxBeta, ErrParam)
	case rd.MaxIter < 0:
		return nil, fmt.Errorf("info: RateDistortion.Fit: MaxIter = %d, want ≥ 0: %w", rd.MaxIter, ErrParam)
	case !(rd.Tol >= 0) || math.IsInf(rd.Tol, 0):
		return nil, fmt.Errorf("info: RateDistortion.Fit: Tol = %v, want finite and ≥ 0: %w", rd.Tol, ErrParam)
	}
	beta, maxIter, tol := cmp.Or(rd.Beta, 1), cmp.Or(rd.MaxIter, 10000), cmp.Or(rd.Tol, 1e-12)
	if err := check.Prob("px", px); err != nil {
		return nil, fmt.Errorf("info: RateDistortion.Fit: %w", err)
	}
	dd, n, k, err := check.Rows("d", d)
	if err != nil {
		return nil, fmt.Errorf("info: RateDistortion.Fit: %w", err)
	}
	if n != len(px) {
		return nil, fmt.Errorf("info: RateDistortion.Fit: d has %d rows, px %d entries: %w", n, len(px), ErrShape)
	}
	for i, v := range dd {
		if v < 0 {
			return nil, fmt.Errorf("info: RateDistortion.Fit: d[%d,%d] = %v, want ≥ 0: %w", i/k, i%k, v, ErrParam)
		}
		if v < math.MaxFloat64 && beta*v > 1e300 {
			return nil, fmt.Errorf("info: RateDistortion.Fit: Beta·d[%d,%d] = %v·%v overflows: %w", i/k, i%k, beta, v, ErrParam)
		}
	}
	if maxIter > MaxBottleneckWork/(n*k) {
		return nil, fmt.Errorf("info: RateDistortion.Fit: MaxIter·|X|·|X̂| = %d·%d·%d, limit %d: %w", maxIter, n, k, MaxBottleneckWork, ErrTooLarge)
	}
	q := make([]float64, k)
	for t := range q {
		q[t] = 1 / float64(k)
	}
	enc := make([]float64, n*k)
	logit := make([]float64, k)
	res := &RateDistortionResult{}
	for it := 1; it <= maxIter; it++ {
		for x := 0; x < n; x++ {
			row := dd[x*k : (x+1)*k]
			dmin := floats.Min(row) // shifting d by a constant leaves the softmax unchanged
			for t := range logit {
				logit[t] = math.Log(q[t]) - beta*(row[t]-dmin)
			}
			gibbs.Softmax(enc[x*k:(x+1)*k], logit)
		}
		var delta float64
		for t := range q {
			var s float64
			for x := 0; x < n; x++ {
				s += px[x] * enc[x*k+t]
			}
			delta = math.Max(delta, math.Abs(s-q[t]))
			q[t] = s
		}
		res.Rate, res.Distortion = 0, 0
		for x := 0; x < n; x++ {
			for t := 0; t < k; t++ {
				if w := enc[x*k+t]; w > 0 && px[x] > 0 {
					res.Rate += px[x] * w * math.Log(w/q[t])
					res.Distortion += px[x] * w * dd[x*k+t] // w = 0 where d is forbidden
				}
			}
		}
		res.Rate = math.Max(res.Rate, 0)
		res.Trace = append(res.Trace, res.Rate+beta*res.Distortion)
		res.Iter = it
		if delta < tol {
			res.Converged = true
			break
		}
	}
	res.Rate /= math.Ln2
	res.Encoder, res.Q = mat.NewDense(n, k, enc), q
	return res, nil
}

// DivergenceMatrix returns the |X|×K matrix D[x][t] = D_KL[p(y|x) ‖ q_t] in nats of the rows of
// the joint pxy (conditioned on x) against the rows q_t of the row-stochastic K×|Y| matrix q:
// the distortion matrix of the information bottleneck for the representatives q = p(y|t), to
// be passed to RateDistortion. An infinite divergence (q_t zero where p(y|x) is not) is written
// as math.MaxFloat64, which RateDistortion treats as a forbidden assignment; rows of
// probability 0 get 0. Errors: a bad joint as in MutualInformation, q not row-stochastic, or
// with another number of columns (ErrShape). Cost O(|X|·K·|Y|).
func DivergenceMatrix(pxy, q mat.Matrix) (*mat.Dense, error) {
	px, py, err := jointSums(pxy)
	if err != nil {
		return nil, fmt.Errorf("info: DivergenceMatrix: %w", err)
	}
	k, m, err := check.Stochastic("q", q)
	if err != nil {
		return nil, fmt.Errorf("info: DivergenceMatrix: %w", err)
	}
	if m != len(py) {
		return nil, fmt.Errorf("info: DivergenceMatrix: q has %d columns, the joint %d: %w", m, len(py), ErrShape)
	}
	if len(px) > MaxCorpusCells/k {
		return nil, fmt.Errorf("info: DivergenceMatrix: |X|·K = %d·%d, limit %d: %w", len(px), k, MaxCorpusCells, ErrTooLarge)
	}
	d := mat.NewDense(len(px), k, nil)
	for x, w := range px {
		if w == 0 {
			continue
		}
		for t := 0; t < k; t++ {
			var s float64
			for y := 0; y < m; y++ {
				c := pxy.At(x, y) / w
				if c == 0 {
					continue
				}
				qv := q.At(t, y)
				if qv == 0 {
					s = math.Inf(1)
					break
				}
				s += c * math.Log(c/qv)
			}
			if math.IsInf(s, 1) {
				s = math.MaxFloat64
			}
			d.Set(x, t, math.Max(s, 0))
		}
	}
	return d, nil
}
