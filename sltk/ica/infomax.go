package ica

import (
	"cmp"
	"errors"
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/internal/kernel"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// Score selects the score function ψ = (log p)' of the source model in Infomax.
type Score int

const (
	// Logistic is the notes' choice (ML chapter 2 §2.3.1): the squashing function is the logistic CDF
	// f(y) = 1/(1+e^{−y}), the model density f'(y), and ψ(y) = f''/f' = 1 − 2f(y) = −tanh(y/2).
	// It separates super-Gaussian sources only.
	Logistic Score = iota
	// Extended switches per component between a super-Gaussian density ∝ N(0,1)·sech(y),
	// ψ = −(y + tanh y), and a sub-Gaussian one ∝ N(0,1)·cosh(y), ψ = −(y − tanh y), choosing
	// k_i = sgn(E[sech² y_i]E[y_i²] − E[y_i tanh y_i]) at every step (extended Infomax of
	// Lee, Girolami and Sejnowski, 1999; not in the notes). It separates mixtures of sub- and
	// super-Gaussian sources.
	Extended
	// Cubic is ψ(y) = −y³, the score of a density ∝ exp(−y⁴/4): a fixed sub-Gaussian model.
	Cubic
)

// String returns the score's name.
func (s Score) String() string {
	switch s {
	case Logistic:
		return "logistic"
	case Extended:
		return "extended"
	case Cubic:
		return "cubic"
	}
	return fmt.Sprintf("Score(%d)", int(s))
}

// Psi returns ψ(y) and log p(y) (up to a constant) for the score; sign is k_i for Extended
// (+1 super-, −1 sub-Gaussian) and ignored otherwise. It is a hot kernel without an error
// result: values beyond the float64 range saturate at ±math.MaxFloat64, and y = NaN gives
// zeros. Cost O(1).
func (s Score) Psi(y, sign float64) (psi, logp float64) {
	if math.IsNaN(y) {
		return 0, 0
	}
	switch s {
	case Logistic:
		t, lc := tanhLogCosh(y / 2)
		psi, logp = -t, -2*lc-2*math.Ln2
	case Extended:
		t, lc := tanhLogCosh(y)
		psi, logp = -(y + sign*t), -y*y/2-sign*lc
	default:
		y2 := y * y
		psi, logp = -y2*y, -y2*y2/4
	}
	return saturate(psi), saturate(logp)
}

// tanhLogCosh returns tanh(x) and log cosh(x) from one exponential, e = exp(−2|x|):
// tanh|x| = (1−e)/(1+e) and log cosh x = |x| + log1p(e) − log 2, both free of overflow.
func tanhLogCosh(x float64) (t, lc float64) {
	ax := math.Abs(x)
	e := math.Exp(-2 * ax)
	t = (1 - e) / (1 + e)
	if x < 0 {
		t = -t
	}
	// log(1+e) instead of log1p(e): e ≤ 1, so the absolute error stays at rounding level
	// and math.Log is several times faster.
	return t, ax + math.Log(1+e) - math.Ln2
}

// Infomax maximises the output entropy of a one-layer network, equivalently the likelihood of
// a factorial source model (ML chapter 2 §2.3.1). On whitened data u with y = Wu and the objective
//
//	E(W) = log|det W| + ⟨Σ_l log p(y_l)⟩,
//
// the plain (Euclidean) gradient is (W⁻¹)ᵀ + ⟨ψ(y)uᵀ⟩ (A2), which needs an inverse at every
// step (the notes' complaint, erratum E6), and the natural gradient with respect to the metric
// ‖dW·W⁻¹‖_F (erratum E7) is (I + ⟨ψ(y)yᵀ⟩)W (A3), which needs none and is equivariant: its
// progress does not depend on the mixing matrix. Batch steps W ← W + η·grad stop when
// ‖grad‖_F < Tol; at convergence ⟨ψ(y)yᵀ⟩ = −I (natural). Online steps use mini-batches of
// BatchSize samples (1 = single samples) in a seeded random order with rate η/(1+epoch); the
// matrix reported for an epoch is the average of its iterates (Polyak–Ruppert), and the
// epoch-to-epoch relative change is compared with Tol.
//
// The Trace holds E(W) per step (batch) or per epoch (online).
//
// Cost: O(n·k²) per batch step (row blocks on all cores, BLAS) plus O(k³) for the inverse
// (plain) and the determinant; O(k²·BatchSize + k³) per online update.
type Infomax struct {
	// Plain selects the Euclidean gradient (A2) instead of the natural gradient (A3).
	Plain bool
	// Online switches to (mini-batch) stochastic updates.
	Online bool
	// Score is ψ; the zero value is the notes' Logistic.
	Score Score
	// LearningRate is η; zero means 0.5 batch, 0.01 online. A batch step that lowers the
	// objective is undone and the rate halved, so a too-large choice costs steps, not the result.
	LearningRate float64
	// BatchSize is the online mini-batch size; zero means 1.
	BatchSize int
	// MaxIter caps batch steps (default 1000) or online epochs (default 30).
	MaxIter int
	// Tol is the threshold on ‖grad‖_F (batch, default 1e-5) or on the relative change per
	// epoch (online, default 2e-3).
	Tol float64
	// Seed fixes the sample order of the online rule (the start is W = I).
	Seed uint64
	// Whiten configures centring and whitening.
	Whiten Whitener
}

// withDefaults resolves the zero values (which depend on Online) and checks the ranges.
func (im Infomax) withDefaults() (Infomax, error) {
	batch := func(b, o float64) float64 {
		if im.Online {
			return o
		}
		return b
	}
	out := im
	out.LearningRate = cmp.Or(im.LearningRate, batch(0.5, 0.01))
	out.Tol = cmp.Or(im.Tol, batch(1e-5, 2e-3))
	out.MaxIter = cmp.Or(im.MaxIter, int(batch(1000, 30)))
	out.BatchSize = cmp.Or(im.BatchSize, 1)
	switch {
	case !(out.LearningRate > 0) || math.IsInf(out.LearningRate, 0):
		return out, fmt.Errorf("ica: Infomax.Fit: LearningRate = %v, want finite and > 0: %w", im.LearningRate, ErrParam)
	case !(out.Tol > 0):
		return out, fmt.Errorf("ica: Infomax.Fit: Tol = %v, want > 0: %w", im.Tol, ErrParam)
	case out.MaxIter < 0:
		return out, fmt.Errorf("ica: Infomax.Fit: MaxIter = %d, want ≥ 0: %w", im.MaxIter, ErrParam)
	case out.MaxIter > MaxIterations:
		return out, fmt.Errorf("ica: Infomax.Fit: MaxIter = %d, limit %d: %w", im.MaxIter, MaxIterations, ErrTooLarge)
	case out.BatchSize < 0:
		return out, fmt.Errorf("ica: Infomax.Fit: BatchSize = %d, want ≥ 0: %w", im.BatchSize, ErrParam)
	case im.Score < Logistic || im.Score > Cubic:
		return out, fmt.Errorf("ica: Infomax.Fit: Score = %d, want Logistic, Extended or Cubic: %w", int(im.Score), ErrParam)
	}
	return out, nil
}

// infomaxRun is the state of one fit: the unmixing matrix on whitened data, the Extended
// signs, and the outcome.
type infomaxRun struct {
	w         *mat.Dense
	signs     []float64
	iter      int
	converged bool
	trace     []float64
}

// Fit separates x (n×d): whiten, start from W = I, then ascend E(W) by batch or online steps.
// Reaching MaxIter returns the result with Converged = false; a step that makes W singular or
// non-finite returns ErrSingular (lower the LearningRate).
func (im Infomax) Fit(x mat.Matrix) (*Result, error) {
	im, err := im.withDefaults()
	if err != nil {
		return nil, err
	}
	wt, err := im.Whiten.Fit(x)
	if err != nil {
		return nil, err
	}
	n, _ := wt.U.Dims()
	k := wt.Components
	if im.BatchSize > n {
		return nil, fmt.Errorf("ica: Infomax.Fit: BatchSize = %d, want at most the %d samples: %w", im.BatchSize, n, ErrParam)
	}
	run := &infomaxRun{w: mat.NewDense(k, k, nil), signs: make([]float64, k)}
	for i := range k {
		run.w.Set(i, i, 1)
		run.signs[i] = 1
	}
	ik := newInfomaxKernel(wt.ut, n, k, im.Score)
	if im.Score == Extended {
		ik.run(run.w.RawMatrix().Data, run.signs)
		ik.updateSigns(run.signs)
	}
	if im.Online {
		err = im.ascendOnline(ik, wt.U.RawMatrix().Data, n, run)
	} else {
		err = im.ascendBatch(ik, run)
	}
	if err != nil {
		return nil, err
	}
	res, err := newResult("Infomax.Fit", wt, run.w)
	if err != nil {
		return nil, err
	}
	res.Iter, res.Converged, res.Trace = run.iter, run.converged, run.trace
	if im.Score == Extended {
		res.Values = run.signs
	}
	return res, nil
}

// ascendBatch takes full gradient steps W ← W + η∇E(W) until ‖∇E‖_F < Tol. A step that lowers
// E (or breaks W) is undone and η halved.
func (im Infomax) ascendBatch(ik *infomaxKernel, run *infomaxRun) error {
	w, signs := run.w, run.signs
	k, _ := w.Dims()
	grad := mat.NewDense(k, k, nil)
	wPrev := mat.NewDense(k, k, nil)
	gPrev := mat.NewDense(k, k, nil)
	objPrev := math.Inf(-1)
	eta := im.LearningRate
	for run.iter < im.MaxIter {
		obj, err := im.batchGradient(ik, w, signs, grad)
		if err != nil && !errors.Is(err, ErrSingular) {
			return fmt.Errorf("ica: Infomax.Fit: step %d: %w", run.iter+1, err)
		}
		if err != nil || obj < objPrev-1e-12*math.Abs(objPrev) {
			// The step overshot: undo it and halve the rate.
			if err == nil {
				err = fmt.Errorf("ica: Infomax.Fit: the objective fell from %.10g to %.10g: %w", objPrev, obj, ErrSingular)
			}
			if run.iter == 0 || eta < 1e-12*im.LearningRate {
				return fmt.Errorf("ica: Infomax.Fit: step %d: %w", run.iter+1, err)
			}
			eta /= 2
			w.Copy(wPrev)
			grad.Copy(gPrev)
			obj = objPrev
		} else {
			run.trace = append(run.trace, obj)
			if mat.Norm(grad, 2) < im.Tol {
				run.converged = true
				return nil
			}
			// The statistics of this pass choose the Extended signs of the next step; a
			// change of sign changes the objective, so the next comparison is skipped.
			if im.Score == Extended && ik.updateSigns(signs) {
				obj = math.Inf(-1)
			}
		}
		wPrev.Copy(w)
		gPrev.Copy(grad)
		objPrev = obj
		grad.Scale(eta, grad)
		w.Add(w, grad)
		run.iter++
	}
	return nil
}

// ascendOnline runs epochs of mini-batch steps in a shuffled order with η/(1+epoch), reports
// the Polyak–Ruppert average of each epoch's iterates, and stops when the average changes by
// less than Tol relative to the previous epoch's.
func (im Infomax) ascendOnline(ik *infomaxKernel, u []float64, n int, run *infomaxRun) error {
	w, signs := run.w, run.signs
	k, _ := w.Dims()
	bs := im.BatchSize
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	rng := newRand(im.Seed)
	avg := mat.NewDense(k, k, nil)
	prev := mat.NewDense(k, k, nil)
	grad := mat.NewDense(k, k, nil)
	ub := make([]float64, bs*k)
	sc := &onlineScratch{y: make([]float64, bs*k), psi: make([]float64, bs*k), m: make([]float64, k*k)}
	for run.iter < im.MaxIter {
		prev.Copy(w)
		avg.Zero()
		eta := im.LearningRate / float64(1+run.iter)
		rng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
		steps := 0
		for lo := 0; lo+bs <= n; lo += bs {
			for r := range bs {
				copy(ub[r*k:(r+1)*k], u[order[lo+r]*k:(order[lo+r]+1)*k])
			}
			if err := im.sampleGradient(ub, bs, w, signs, grad, sc); err != nil {
				return fmt.Errorf("ica: Infomax.Fit: online epoch %d: %w", run.iter+1, err)
			}
			wd, gd, ad := w.RawMatrix().Data, grad.RawMatrix().Data, avg.RawMatrix().Data
			for i, g := range gd {
				wd[i] += eta * g
				ad[i] += wd[i]
			}
			steps++
		}
		avg.Scale(1/float64(steps), avg)
		w.Copy(avg)
		if err := checkFinite("W", w); err != nil {
			return fmt.Errorf("ica: Infomax.Fit: Infomax diverged in epoch %d (lower the LearningRate): %v: %w", run.iter+1, err, ErrSingular)
		}
		run.iter++
		if im.Score == Extended {
			ik.run(w.RawMatrix().Data, signs)
			ik.updateSigns(signs)
		}
		obj, err := im.objective(ik, w, signs)
		if err != nil {
			return err
		}
		run.trace = append(run.trace, obj)
		var diff mat.Dense
		diff.Sub(w, prev)
		if mat.Norm(&diff, 2)/mat.Norm(prev, 2) < im.Tol {
			run.converged = true
			return nil
		}
	}
	return nil
}

// batchGradient fills grad with the plain or natural gradient at w over all samples, updates
// the Extended signs, and returns the objective E(W).
func (im Infomax) batchGradient(ik *infomaxKernel, w *mat.Dense, signs []float64, grad *mat.Dense) (float64, error) {
	if err := checkFinite("W", w); err != nil {
		return 0, fmt.Errorf("ica: Infomax.Fit: Infomax diverged (lower the LearningRate): %v: %w", err, ErrSingular)
	}
	k, _ := w.Dims()
	ik.run(w.RawMatrix().Data, signs)
	n := float64(ik.n)
	logDet, sign := mat.LogDet(w)
	if sign == 0 || math.IsInf(logDet, 0) {
		return 0, fmt.Errorf("ica: Infomax.Fit: W became singular: %w", ErrSingular)
	}
	obj := logDet + ik.logp/n
	if im.Plain {
		// (W⁻¹)ᵀ + ⟨ψ(y)uᵀ⟩
		var inv mat.Dense
		if err := inv.Inverse(w); err != nil {
			return 0, fmt.Errorf("ica: Infomax.Fit: W cannot be inverted: %v: %w", err, ErrSingular)
		}
		for i := range k {
			for j := range k {
				grad.Set(i, j, inv.At(j, i)+ik.pu[i*k+j]/n)
			}
		}
		return obj, nil
	}
	// (I + ⟨ψ(y)yᵀ⟩)W
	m := mat.NewDense(k, k, nil)
	for i := range k {
		for j := range k {
			m.Set(i, j, ik.py[i*k+j]/n)
		}
		m.Set(i, i, m.At(i, i)+1)
	}
	grad.Mul(m, w)
	return obj, nil
}

// sampleGradient fills grad with the gradient on the mini-batch ub (b×k), using the
// preallocated scratch of sc so that single-sample updates allocate nothing (natural rule).
func (im Infomax) sampleGradient(ub []float64, b int, w *mat.Dense, signs []float64, grad *mat.Dense, sc *onlineScratch) error {
	k, _ := w.Dims()
	wd := w.RawMatrix().Data
	y, psi := sc.y[:b*k], sc.psi[:b*k]
	mulABt(y, ub, b, wd, k, k)
	for i, v := range y {
		psi[i], _ = im.Score.Psi(v, signs[i%k])
	}
	gd := grad.RawMatrix().Data
	if im.Plain {
		if err := sc.inv.Inverse(w); err != nil {
			return fmt.Errorf("ica: Infomax.Fit: W cannot be inverted: %v: %w", err, ErrSingular)
		}
		mulAtB(gd, psi, b, k, ub, k)
		for i := range k {
			for j := range k {
				gd[i*k+j] = gd[i*k+j]/float64(b) + sc.inv.At(j, i)
			}
		}
		return nil
	}
	m := sc.m
	mulAtB(m, psi, b, k, y, k)
	for i := range m {
		m[i] /= float64(b)
	}
	for i := range k {
		m[i*k+i]++
	}
	// grad = m·W
	for i := range k {
		for j := range k {
			var v float64
			for t := range k {
				v += m[i*k+t] * wd[t*k+j]
			}
			gd[i*k+j] = v
		}
	}
	return nil
}

// onlineScratch holds the buffers of the online rule.
type onlineScratch struct {
	y, psi, m []float64
	inv       mat.Dense
}

// objective evaluates E(W) over all samples.
func (im Infomax) objective(ik *infomaxKernel, w *mat.Dense, signs []float64) (float64, error) {
	ik.run(w.RawMatrix().Data, signs)
	logDet, sign := mat.LogDet(w)
	if sign == 0 || math.IsInf(logDet, 0) {
		return 0, fmt.Errorf("ica: Infomax.Fit: W became singular: %w", ErrSingular)
	}
	return logDet + ik.logp/float64(ik.n), nil
}

// infomaxKernel accumulates over all whitened observations, with y = Wu: Σψ(y)yᵀ, Σψ(y)uᵀ,
// Σ log p(y) and, for Extended, the per-component sums of sech²y, y² and y·tanh y. Like
// contrastKernel it keeps the data transposed (k×n), so the three BLAS products per block run
// along long rows; blocks run in parallel with per-block partials added in block order.
// Cost O(n·k²).
type infomaxKernel struct {
	ut        []float64 // k×n
	n, k      int
	score     Score
	y, psi    [][]float64
	part      []float64
	py, pu    []float64
	logp      float64
	sech2, y2 []float64
	ytanh     []float64
}

// newInfomaxKernel prepares the kernel for whitened data given transposed, ut (k×n).
func newInfomaxKernel(ut []float64, n, k int, s Score) *infomaxKernel {
	ik := &infomaxKernel{ut: ut, n: n, k: k, score: s}
	nw := workers(n)
	ik.y = make([][]float64, nw)
	ik.psi = make([][]float64, nw)
	for i := range nw {
		ik.y[i] = make([]float64, blockRows*k)
		ik.psi[i] = make([]float64, blockRows*k)
	}
	ik.part = make([]float64, numBlocks(n)*ik.stride())
	ik.py = make([]float64, k*k)
	ik.pu = make([]float64, k*k)
	ik.sech2 = make([]float64, k)
	ik.y2 = make([]float64, k)
	ik.ytanh = make([]float64, k)
	return ik
}

func (ik *infomaxKernel) stride() int { return 2*ik.k*ik.k + 1 + 3*ik.k }

func (ik *infomaxKernel) run(w []float64, signs []float64) {
	k, n := ik.k, ik.n
	st := ik.stride()
	wm := general(w, k, k)
	forBlocks(n, func(wk, blk, lo, hi int) {
		rows := hi - lo
		ub := blas64.General{Rows: k, Cols: rows, Stride: n, Data: ik.ut[lo:]}
		y := general(ik.y[wk][:k*rows], k, rows)
		psi := general(ik.psi[wk][:k*rows], k, rows)
		kernel.Gemm(blas.NoTrans, blas.NoTrans, 1, wm, ub, 0, y)
		part := ik.part[blk*st : (blk+1)*st]
		tail := part[2*k*k:]
		clear(tail)
		for j := range k {
			yr, pr := y.Data[j*rows:(j+1)*rows], psi.Data[j*rows:(j+1)*rows]
			sg := signs[j]
			var lp, sech2, y2, ytanh float64
			if ik.score == Extended {
				// One exponential gives ψ, log p and the sign statistics.
				for i, v := range yr {
					t, lc := tanhLogCosh(v)
					pr[i] = -(v + sg*t)
					lp += -v*v/2 - sg*lc
					sech2 += 1 - t*t
					y2 += v * v
					ytanh += v * t
				}
			} else {
				for i, v := range yr {
					var l float64
					pr[i], l = ik.score.Psi(v, sg)
					lp += l
				}
			}
			tail[0] += lp
			tail[1+j], tail[1+k+j], tail[1+2*k+j] = sech2, y2, ytanh
		}
		kernel.Gemm(blas.NoTrans, blas.Trans, 1, psi, y, 0, general(part[:k*k], k, k))
		kernel.Gemm(blas.NoTrans, blas.Trans, 1, psi, ub, 0, general(part[k*k:2*k*k], k, k))
	})
	clear(ik.py)
	clear(ik.pu)
	clear(ik.sech2)
	clear(ik.y2)
	clear(ik.ytanh)
	ik.logp = 0
	for blk := range numBlocks(n) {
		part := ik.part[blk*st : (blk+1)*st]
		for i := range k * k {
			ik.py[i] += part[i]
			ik.pu[i] += part[k*k+i]
		}
		tail := part[2*k*k:]
		ik.logp += tail[0]
		for j := range k {
			ik.sech2[j] += tail[1+j]
			ik.y2[j] += tail[1+k+j]
			ik.ytanh[j] += tail[1+2*k+j]
		}
	}
}

// updateSigns sets k_i = sgn(E[sech² y]E[y²] − E[y tanh y]) from the last run and reports
// whether any sign changed.
func (ik *infomaxKernel) updateSigns(signs []float64) bool {
	n := float64(ik.n)
	changed := false
	for j := range signs {
		s := -1.0
		if ik.sech2[j]/n*ik.y2[j]/n-ik.ytanh[j]/n > 0 {
			s = 1
		}
		changed = changed || s != signs[j]
		signs[j] = s
	}
	return changed
}
