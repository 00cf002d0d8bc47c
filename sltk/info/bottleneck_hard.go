package info

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// MaxHardEncoders caps K^|X|, the number of deterministic encoders HardEncoders enumerates, and
// MaxHardWork its work K^|X|·|X|·|Y|.
const (
	MaxHardEncoders = 1 << 18
	MaxHardWork     = 1 << 30
)

// HardEncoder is a deterministic encoder t = Labels[x] with its informations in bits. For a hard
// partition I(X;T) = H(T).
type HardEncoder struct {
	Labels   []int
	IXT, ITY float64
}

// HardInformation returns I(X;T) and I(T;Y), in bits, of the hard partition t = labels[x] of
// the rows of pxy; labels are in [0, |X|). For a hard partition with p(y|t) the cluster
// mixtures, I(X;Y) − I(T;Y) = Σ_x p(x) D_KL[p(y|x) ‖ p(y|t(x))], the cost of histogram
// clustering (SLT chapter 5) with the objects weighted by p(x). Cost O(|X|·|Y|).
func HardInformation(pxy mat.Matrix, labels []int) (ixt, ity float64, err error) {
	px, py, err := jointSums(pxy)
	if err != nil {
		return 0, 0, fmt.Errorf("info: HardInformation: %w", err)
	}
	if len(labels) != len(px) {
		return 0, 0, fmt.Errorf("info: HardInformation: %d labels for %d rows: %w", len(labels), len(px), ErrShape)
	}
	for x, t := range labels {
		if t < 0 || t >= len(px) {
			return 0, 0, fmt.Errorf("info: HardInformation: labels[%d] = %d, want in [0, %d): %w", x, t, len(px), errs.ErrLabel)
		}
	}
	ixt, ity = hardInfo(pxy, px, py, labels, len(px))
	return ixt, ity, nil
}

// hardInfo computes H(T) and I(T;Y) in bits for labels in [0, k).
func hardInfo(pxy mat.Matrix, px, py []float64, labels []int, k int) (float64, float64) {
	m := len(py)
	pt := make([]float64, k)
	pty := make([]float64, k*m)
	for x, t := range labels {
		pt[t] += px[x]
		for y := 0; y < m; y++ {
			pty[t*m+y] += pxy.At(x, y)
		}
	}
	var ht, ity float64
	for t, w := range pt {
		ht += plogp(w)
		for y, v := range pty[t*m : (t+1)*m] {
			if v > 0 {
				ity += v * math.Log2(v/(w*py[y]))
			}
		}
	}
	return ht, math.Max(ity, 0)
}

// HardEncoders enumerates all K^|X| deterministic encoders of the rows of pxy into labels
// 0..K−1 (relabelings included) with their I(X;T) and I(T;Y): the exact oracle for small
// problems. As β → ∞ the bottleneck's optimum is the encoder of largest I(T;Y), and at every
// β its Lagrangian is at most the smallest I(X;T) − β·I(T;Y) of this list. K^|X| above
// MaxHardEncoders or a work above MaxHardWork is ErrTooLarge. Cost O(K^|X|·|X|·|Y|).
func HardEncoders(pxy mat.Matrix, k int) ([]HardEncoder, error) {
	px, py, err := jointSums(pxy)
	if err != nil {
		return nil, fmt.Errorf("info: HardEncoders: %w", err)
	}
	if k < 1 {
		return nil, fmt.Errorf("info: HardEncoders: K = %d, want ≥ 1: %w", k, ErrParam)
	}
	n, count := len(px), 1
	for range n {
		if count > MaxHardEncoders/k {
			return nil, fmt.Errorf("info: HardEncoders: K^|X| = %d^%d, limit %d: %w", k, n, MaxHardEncoders, ErrTooLarge)
		}
		count *= k
	}
	if count*n*len(py) > MaxHardWork {
		return nil, fmt.Errorf("info: HardEncoders: K^|X|·|X|·|Y| = %d·%d·%d, limit %d: %w", count, n, len(py), MaxHardWork, ErrTooLarge)
	}
	out := make([]HardEncoder, 0, count)
	labels := make([]int, n)
	for range count {
		ixt, ity := hardInfo(pxy, px, py, labels, k)
		out = append(out, HardEncoder{Labels: append([]int(nil), labels...), IXT: ixt, ITY: ity})
		for i := 0; i < n; i++ { // next labeling, base-K counter
			if labels[i]++; labels[i] < k {
				break
			}
			labels[i] = 0
		}
	}
	return out, nil
}

// SequentialBottleneck is the hard (β → ∞) information bottleneck by Slonim's sequential
// algorithm: every object x in turn leaves its cluster and joins the cluster t whose merge
// with it loses the least information about Y,
//
//	ΔI(x, t) = (p(x) + p(t))·JS_π[p(y|x), p(y|t)],  π = (p(x), p(t))/(p(x) + p(t)),
//
// the π-weighted Jensen–Shannon divergence (computed as the drop of I(T;Y) when the singleton
// {x} is merged into t). A move never lowers I(T;Y), so the loop stops when a sweep moves
// nothing (Converged) or after MaxIter sweeps. Maximising I(T;Y) over hard partitions is
// minimising Σ_x p(x) D_KL[p(y|x) ‖ p(y|t(x))], the weighted histogram-clustering cost. It
// keeps the best of Restarts random starts. Cost O(sweeps·|X|·K·|Y|) per start.
type SequentialBottleneck struct {
	K        int // clusters, ≥ 1; 0 means 2
	MaxIter  int // cap on sweeps per start; 0 means 100
	Restarts int // random starts; 0 means 10
	Seed     uint64
}

// HardBottleneckResult is a hard partition found by SequentialBottleneck.
type HardBottleneckResult struct {
	Labels    []int
	IXT, ITY  float64   // H(T) and I(T;Y), bits
	Trace     []float64 // I(T;Y) after every sweep of the best start, never decreasing
	Iter      int       // sweeps of the best start
	Converged bool      // the best start ended with a sweep that moved nothing
}

// Fit runs the sequential bottleneck on pxy. Errors: a bad joint as in MutualInformation, a
// hyperparameter out of range (ErrParam), MaxIter·Restarts·|X|·K·|Y| above MaxBottleneckWork
// (ErrTooLarge).
func (sb SequentialBottleneck) Fit(pxy mat.Matrix) (*HardBottleneckResult, error) {
	switch {
	case sb.K < 0:
		return nil, fmt.Errorf("info: SequentialBottleneck.Fit: K = %d, want ≥ 1: %w", sb.K, ErrParam)
	case sb.MaxIter < 0:
		return nil, fmt.Errorf("info: SequentialBottleneck.Fit: MaxIter = %d, want ≥ 0: %w", sb.MaxIter, ErrParam)
	case sb.Restarts < 0:
		return nil, fmt.Errorf("info: SequentialBottleneck.Fit: Restarts = %d, want ≥ 0: %w", sb.Restarts, ErrParam)
	}
	k, sweeps, starts := cmp.Or(sb.K, 2), cmp.Or(sb.MaxIter, 100), cmp.Or(sb.Restarts, 10)
	px, py, err := jointSums(pxy)
	if err != nil {
		return nil, fmt.Errorf("info: SequentialBottleneck.Fit: %w", err)
	}
	n, m := len(px), len(py)
	if err := check.Size("info: SequentialBottleneck.Fit", "K", k, MaxSymbols); err != nil {
		return nil, err
	}
	if w := float64(sweeps) * float64(starts) * float64(n) * float64(k) * float64(m); w > MaxBottleneckWork {
		return nil, fmt.Errorf("info: SequentialBottleneck.Fit: MaxIter·Restarts·|X|·K·|Y| = %d·%d·%d·%d·%d, limit %d: %w",
			sweeps, starts, n, k, m, MaxBottleneckWork, ErrTooLarge)
	}
	joint := mat.DenseCopyOf(pxy)
	rng := rand.New(rand.NewPCG(sb.Seed, 0x51b))
	var best *HardBottleneckResult
	for range starts {
		r := sibRun(joint, px, py, k, sweeps, rng)
		if best == nil || r.ITY > best.ITY+1e-12 {
			best = r
		}
	}
	return best, nil
}

// gLog is u·ln u with 0·ln 0 = 0.
func gLog(u float64) float64 {
	if u <= 0 {
		return 0
	}
	return u * math.Log(u)
}

// sibRun is one start of the sequential bottleneck.
func sibRun(pxy *mat.Dense, px, py []float64, k, sweeps int, rng *rand.Rand) *HardBottleneckResult {
	n, m := len(px), len(py)
	raw := pxy.RawMatrix()
	row := func(x int) []float64 { return raw.Data[x*raw.Stride : x*raw.Stride+m] }
	labels := make([]int, n)
	pt := make([]float64, k)
	pty := make([]float64, k*m)
	for x := range labels {
		labels[x] = rng.IntN(k)
		pt[labels[x]] += px[x]
		for y, v := range row(x) {
			pty[labels[x]*m+y] += v
		}
	}
	// loss(x, t): I(T;Y) lost, in nats, by merging the singleton {x} into cluster t.
	loss := func(x, t int) float64 {
		if pt[t] == 0 {
			return 0
		}
		c := pty[t*m : (t+1)*m]
		l := gLog(px[x]+pt[t]) - gLog(px[x]) - gLog(pt[t])
		for y, a := range row(x) {
			l += gLog(a) + gLog(c[y]) - gLog(a+c[y])
		}
		return math.Max(l, 0)
	}
	res := &HardBottleneckResult{Labels: labels}
	for it := 1; it <= sweeps; it++ {
		moved := false
		for _, x := range rng.Perm(n) {
			old := labels[x]
			pt[old] -= px[x]
			for y, v := range row(x) {
				pty[old*m+y] -= v
			}
			if pt[old] < 1e-15 { // round-off of an emptied cluster
				pt[old] = 0
				clear(pty[old*m : (old+1)*m])
			}
			bt, bl := old, loss(x, old)
			for t := 0; t < k; t++ {
				if l := loss(x, t); l < bl-1e-15 {
					bt, bl = t, l
				}
			}
			labels[x] = bt
			pt[bt] += px[x]
			for y, v := range row(x) {
				pty[bt*m+y] += v
			}
			moved = moved || bt != old
		}
		_, ity := hardInfo(pxy, px, py, labels, k)
		res.Trace = append(res.Trace, ity)
		res.Iter = it
		if !moved {
			res.Converged = true
			break
		}
	}
	res.IXT, res.ITY = hardInfo(pxy, px, py, labels, k)
	return res
}
