package ica

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// Gradient maximises non-Gaussianity by gradient ascent on whitened data, batch or online: the
// kurtosis rules of ML chapter 2 §2.3.3 (A6 batch, A7 online) with the Kurtosis contrast and the
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
	// LearningRate is ε. Zero means, batch: 0.5 for Kurtosis (weight ±1), 25 for Exp and 50
	// for LogCosh (their weights γ are of order 0.01); online: 0.01 for Kurtosis, 1 otherwise.
	// Fixed steps that are too large make the iterates oscillate around the optimum.
	LearningRate float64
	// GammaLearningRate is η, the step of the running estimate γ online; zero means 0.001.
	GammaLearningRate float64
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

// withDefaults resolves the zero values (which depend on Online and Contrast) and checks the
// ranges.
func (g Gradient) withDefaults() (Gradient, error) {
	out := g
	out.Alpha = cmp.Or(g.Alpha, 1)
	if err := g.Contrast.check("Gradient.Fit", out.Alpha); err != nil {
		return out, err
	}
	rate := 50.0
	switch {
	case g.Online && g.Contrast == Kurtosis:
		rate = 0.01
	case g.Online:
		rate = 1
	case g.Contrast == Kurtosis:
		rate = 0.5
	case g.Contrast == Exp:
		rate = 25
	}
	out.LearningRate = cmp.Or(g.LearningRate, rate)
	out.Tol, out.MaxIter = cmp.Or(g.Tol, 1e-8), cmp.Or(g.MaxIter, 2000)
	if g.Online {
		out.Tol, out.MaxIter = cmp.Or(g.Tol, 1e-5), cmp.Or(g.MaxIter, 20)
	}
	out.GammaLearningRate = cmp.Or(g.GammaLearningRate, 0.001)
	switch {
	case !(out.LearningRate > 0) || math.IsInf(out.LearningRate, 0):
		return out, fmt.Errorf("ica: Gradient.Fit: LearningRate = %v, want finite and > 0: %w", g.LearningRate, ErrParam)
	case !(out.Tol > 0):
		return out, fmt.Errorf("ica: Gradient.Fit: Tol = %v, want > 0: %w", g.Tol, ErrParam)
	case out.MaxIter < 0:
		return out, fmt.Errorf("ica: Gradient.Fit: MaxIter = %d, want ≥ 0: %w", g.MaxIter, ErrParam)
	case out.MaxIter > MaxIterations:
		return out, fmt.Errorf("ica: Gradient.Fit: MaxIter = %d, limit %d: %w", g.MaxIter, MaxIterations, ErrTooLarge)
	case !(out.GammaLearningRate > 0 && out.GammaLearningRate <= 1):
		return out, fmt.Errorf("ica: Gradient.Fit: GammaLearningRate = %v, want in (0, 1]: %w", g.GammaLearningRate, ErrParam)
	case g.Mode != Symmetric && g.Mode != Deflation:
		return out, fmt.Errorf("ica: Gradient.Fit: Mode = %d, want Symmetric or Deflation: %w", int(g.Mode), ErrParam)
	}
	return out, nil
}

// weight is the factor of the gradient step: γ for negentropy, sgn(γ) for kurtosis.
func (g Gradient) weight(gamma float64) float64 {
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

// Fit separates x (n×d): whiten, then find the units by batch ascent (through the unit loop
// shared with FastICA) or online ascent with deflation. Reaching MaxIter returns the result
// with Converged = false.
func (g Gradient) Fit(x mat.Matrix) (*Result, error) {
	g, err := g.withDefaults()
	if err != nil {
		return nil, err
	}
	eG, _, err := GaussianMoments(g.Contrast, g.Alpha)
	if err != nil {
		return nil, err
	}
	wt, err := g.Whiten.Fit(x)
	if err != nil {
		return nil, err
	}
	n, _ := wt.U.Dims()
	k := wt.Components
	rng := newRand(g.Seed)
	var run *unitRun
	if g.Online {
		run = g.onlineUnits(rng, wt.U.RawMatrix().Data, n, k, eG)
	} else {
		kr := newContrastKernel(wt.ut, n, k, g.Contrast, g.Alpha)
		fn := float64(n)
		run, err = runUnits("Gradient.Fit", rng, nil, k, g.Mode, g.MaxIter, g.Tol, "gradient", "step", func(b, old []float64, m int) {
			// b_i ← b_i + ε·w·(⟨u G'(y)⟩ − ⟨y G'(y)⟩ b_i), y = b_iᵀu: the tangential gradient
			kr.run(b, m, true)
			for i := range m {
				w := g.weight(kr.S[i]/fn - eG)
				radial := dot(kr.P[i*k:(i+1)*k], old[i*k:(i+1)*k]) / fn
				for j := range k {
					b[i*k+j] += g.LearningRate * w * (kr.P[i*k+j]/fn - radial*old[i*k+j])
				}
			}
		})
		if err != nil {
			return nil, err
		}
	}
	res, err := newResult("Gradient.Fit", wt, mat.NewDense(k, k, run.b))
	if err != nil {
		return nil, err
	}
	res.Iter, res.Converged, res.Trace = run.iter, run.converged, run.trace
	return res, nil
}

// onlineUnits extracts the k units one after another (deflation) by single-sample steps over
// epochs in a shuffled order, with ε/(1+epoch), the running γ, and the averaged iterate of each
// epoch as its result (A7/A10).
func (g Gradient) onlineUnits(rng *rand.Rand, u []float64, n, k int, eG float64) *unitRun {
	run := &unitRun{b: make([]float64, k*k), converged: true}
	b := run.b
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
		for ep := 0; ep < g.MaxIter; ep++ {
			copy(prev, v)
			clear(avg)
			eps := g.LearningRate / float64(1+ep)
			rng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
			for _, t := range order {
				ut := u[t*k : (t+1)*k]
				y := dot(v, ut)
				gy, g1, _ := g.Contrast.Eval(g.Alpha, y)
				if w := g.weight(gamma); w != 0 {
					for j := range v {
						v[j] += eps * w * g1 * ut[j]
					}
					gramSchmidt(v, b, p, k)
				}
				gamma += g.GammaLearningRate * (gy - eG - gamma)
				for j := range avg {
					avg[j] += v[j]
				}
			}
			copy(v, avg)
			if gramSchmidt(v, b, p, k) == 0 {
				copy(v, prev)
			}
			run.iter++
			change := 1 - math.Abs(dot(v, prev))
			run.trace = append(run.trace, change)
			if change < g.Tol {
				done = true
				break
			}
		}
		if !done {
			run.converged = false
		}
	}
	return run
}
