package ica

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Gradient maximises non-Gaussianity by gradient ascent on whitened data, batch or online: the
// kurtosis rules of seed 2.3.3 (A6 batch, A7 online) with the Kurtosis contrast and the
// negentropy rules of 2.3.4 (A9 batch, A10 online) with LogCosh or Exp. With
// γ = ⟨G(bᵀu)⟩ − E G(ν) (ν ~ N(0,1)):
//
//	batch:   b ← b + ε·w·⟨u G'(bᵀu)⟩,                then b ← b/‖b‖;
//	online:  b ← b + ε_t·w·u G'(bᵀu) for one sample u (erratum E13: no average),
//	         γ ← γ + η(G(bᵀu) − E G(ν) − γ),          then b ← b/‖b‖,
//
// where the weight w is γ for negentropy and sgn(γ) = sgn(kurt) for kurtosis (A6/A7). The
// batch rule moves along the part of ⟨u G'(bᵀu)⟩ orthogonal to b, ⟨u G'(y)⟩ − ⟨y G'(y)⟩b,
// the gradient on the unit sphere. The removed part is parallel to b and only changes the
// length of b (erratum E12, where the notes drop the −3b term of the kurtosis gradient), but
// keeping it in a finite step adds ε·w·⟨yG'(y)⟩·b, which reverses the tangential move as
// soon as that coefficient falls below −1 (for kurtosis on sub-Gaussian sources: ε > 1/3).
// Online, γ starts at 0 and sgn(0) = 0, so the first sample only updates γ; the rate decays
// per epoch as ε/(1+epoch), and the unit reported for an epoch is the normalised average of
// its iterates over that epoch (Polyak–Ruppert averaging), which removes most of the
// sampling noise of single-sample steps; the next epoch starts from it. Online rules visit
// the samples in a seeded random order and extract the units one after another with
// deflation; batch rules honour Mode. These rules converge linearly and serve to show the
// idea; [FastICA] solves the same problem with the fixed point in far fewer passes.
//
// Cost: O(n·k²) per batch step (row blocks on all cores, BLAS); online O(k²) per sample and
// unit, sequential by nature.
type Gradient struct {
	// Contrast is G; the zero value is LogCosh. Kurtosis gives the rules of 2.3.3.
	Contrast Contrast
	// Alpha is the LogCosh parameter a; zero means 1.
	Alpha float64
	// Mode is used by the batch rule (Symmetric or Deflation).
	Mode Mode
	// Online switches to single-sample updates (A7/A10).
	Online bool
	// Rate is ε. Zero means, batch: 0.5 for Kurtosis (weight ±1), 25 for Exp and 50 for
	// LogCosh (their weights γ are of order 0.01); online: 0.01 for Kurtosis, 1 otherwise.
	// Fixed steps that are too large make the iterates oscillate around the optimum.
	Rate float64
	// GammaRate is η, the rate of the running estimate γ online; zero means 0.001.
	GammaRate float64
	// MaxIter caps batch steps (default 2000) or online epochs (default 20) per unit.
	MaxIter int
	// Tol is the threshold on 1 − |b_newᵀb_old| per step (batch, default 1e-8) or per epoch
	// (online, default 1e-5).
	Tol float64
	// Seed fixes the initial units and the online sample order.
	Seed uint64
	// Whiten configures centring and whitening.
	Whiten Whitener
}

// Fit separates x (n×d). Non-convergence returns the result with an error wrapping
// ErrNotConverged.
func (g Gradient) Fit(x mat.Matrix) (*Result, error) {
	alpha := g.Alpha
	if alpha == 0 {
		alpha = 1
	}
	if err := g.Contrast.check(alpha); err != nil {
		return nil, err
	}
	rate, tol, maxIter, gRate := g.Rate, g.Tol, g.MaxIter, g.GammaRate
	if rate == 0 {
		switch {
		case g.Online && g.Contrast == Kurtosis:
			rate = 0.01
		case g.Online:
			rate = 1
		case g.Contrast == Kurtosis:
			rate = 0.5
		case g.Contrast == Exp:
			rate = 25
		default:
			rate = 50
		}
	}
	if tol == 0 {
		tol = 1e-8
		if g.Online {
			tol = 1e-5
		}
	}
	if maxIter == 0 {
		maxIter = 2000
		if g.Online {
			maxIter = 20
		}
	}
	if gRate == 0 {
		gRate = 0.001
	}
	if !(rate > 0) || !(tol > 0) || maxIter < 0 || !(gRate > 0 && gRate <= 1) || math.IsInf(rate, 0) {
		return nil, fmt.Errorf("%w: Gradient Rate = %v, Tol = %v, MaxIter = %d, GammaRate = %v", ErrParam, g.Rate, g.Tol, g.MaxIter, g.GammaRate)
	}
	if g.Mode != Symmetric && g.Mode != Deflation {
		return nil, fmt.Errorf("%w: unknown mode %d", ErrParam, int(g.Mode))
	}
	eG, _, err := GaussianMoments(g.Contrast, alpha)
	if err != nil {
		return nil, err
	}
	wt, err := g.Whiten.Fit(x)
	if err != nil {
		return nil, err
	}
	n, _ := wt.U.Dims()
	k := wt.Dim
	u := wt.U.RawMatrix().Data
	rng := newRand(g.Seed)
	weight := func(gamma float64) float64 {
		if g.Contrast == Kurtosis {
			switch {
			case gamma > 0:
				return 1
			case gamma < 0:
				return -1
			}
			return 0
		}
		return gamma
	}
	var (
		b         []float64
		iters     int
		last      float64
		trace     []float64
		converged = true
	)
	switch {
	case g.Online:
		b = make([]float64, k*k)
		order := make([]int, n)
		for i := range order {
			order[i] = i
		}
		prev := make([]float64, k)
		avg := make([]float64, k)
		for p := range k {
			v := b[p*k : (p+1)*k]
			for j := range v {
				v[j] = rng.NormFloat64()
			}
			gramSchmidt(v, b, p, k)
			gamma := 0.0
			done := false
			for ep := 0; ep < maxIter; ep++ {
				copy(prev, v)
				clear(avg)
				eps := rate / float64(1+ep)
				rng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
				for _, t := range order {
					ut := u[t*k : (t+1)*k]
					y := dot(v, ut)
					gy, g1, _ := g.Contrast.Eval(alpha, y)
					if w := weight(gamma); w != 0 {
						for j := range v {
							v[j] += eps * w * g1 * ut[j]
						}
						gramSchmidt(v, b, p, k)
					}
					gamma += gRate * (gy - eG - gamma)
					for j := range avg {
						avg[j] += v[j]
					}
				}
				copy(v, avg)
				if gramSchmidt(v, b, p, k) == 0 {
					copy(v, prev)
				}
				iters++
				change := 1 - math.Abs(dot(v, prev))
				trace = append(trace, change)
				if change < tol {
					done = true
					break
				}
			}
			if !done {
				converged = false
				last = math.Max(last, trace[len(trace)-1])
			}
		}
	default:
		kr := newContrastKernel(wt.ut, n, k, g.Contrast, alpha)
		fn := float64(n)
		run, err := runUnits(rng, k, g.Mode, maxIter, tol, "gradient", "step", func(b, old []float64, m int) {
			// b_i ← b_i + ε·w·(⟨u G'(y)⟩ − ⟨y G'(y)⟩ b_i), y = b_iᵀu: the tangential gradient
			kr.run(b, m, true)
			for i := range m {
				w := weight(kr.S[i]/fn - eG)
				radial := dot(kr.P[i*k:(i+1)*k], old[i*k:(i+1)*k]) / fn
				for j := range k {
					b[i*k+j] += rate * w * (kr.P[i*k+j]/fn - radial*old[i*k+j])
				}
			}
		})
		if err != nil {
			return nil, err
		}
		b, iters, converged, trace, last = run.b, run.iters, run.converged, run.trace, run.last
	}
	res, err := newResult(wt, mat.NewDense(k, k, b))
	if err != nil {
		return nil, err
	}
	res.Iterations, res.Converged, res.Trace = iters, converged, trace
	if !converged {
		return res, notConverged("gradient ("+g.Contrast.String()+")", iters, last, tol)
	}
	return res, nil
}
