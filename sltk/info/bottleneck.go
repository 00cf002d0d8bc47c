package info

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// This file implements SLT chapter 6 (Information bottleneck): compress X into a cluster
// variable T that keeps as much information about a relevance variable Y as possible, by
// minimising the Lagrangian L = I(X;T) − β·I(T;Y) over soft encoders p(t|x) (Tishby, Pereira
// and Bialek 1999). Every joint distribution p(x, y) is a matrix with rows indexed by X and
// columns by Y; information is reported in bits, divergences inside the iteration are in nats
// (the fixed-point equation exp(−β·D_KL) is the same in both units when exp and log match).

// MaxBottleneckWork caps MaxIter·|X|·K·|Y| of one Bottleneck fit (ErrTooLarge beyond).
const MaxBottleneckWork = 1 << 36

// MaxBeta is the largest trade-off β of Bottleneck and RateDistortion: beyond it exp(−β·D)
// underflows for every divergence above 1e-13, and β times an information could overflow.
const MaxBeta = 1e15

// Bottleneck fits the information bottleneck at one trade-off β by the self-consistent
// iteration of Tishby, Pereira and Bialek, a Blahut–Arimoto-style alternating minimisation:
//
//	p(t|x) ← p(t)·exp(−β·D_KL[p(y|x) ‖ p(y|t)]) / Z(x, β),
//	p(t)   ← Σ_x p(x) p(t|x),
//	p(y|t) ← Σ_x p(y|x) p(x|t).
//
// Each step minimises F = I(X;T) + β·E D_KL[p(y|x) ‖ p(y|t)] over one of the three factors with
// the other two fixed, and after a full step F = L + β·I(X;Y), so the Lagrangian L =
// I(X;T) − β·I(T;Y) never increases (Trace records it; the tests check it at every iteration).
// The encoder is a Gibbs distribution over clusters with the KL divergence as cost, softmaxed by
// gibbs.Softmax. The fixed point reached depends on the start (Seed): for β below the first
// critical value (BottleneckCritical) it is the trivial encoder p(t|x) = p(t), I(X;T) = 0.
// Cost O(|X|·K·|Y|) per iteration.
type Bottleneck struct {
	K       int     // number of clusters T, ≥ 1; 0 means 2
	Beta    float64 // trade-off β in (0, MaxBeta]; 0 means 10
	MaxIter int     // cap on iterations; 0 means 5000
	Tol     float64 // stop when max |Δp(t|x)| < Tol; 0 means 1e-10
	// Init, if not nil, is the |X|×K starting encoder (rows probability vectors); otherwise the
	// rows are independent U(0,1) vectors normalised to 1, drawn from Seed.
	Init *mat.Dense
	Seed uint64
}

// BottleneckResult is a fitted bottleneck. Information is in bits.
type BottleneckResult struct {
	Encoder    *mat.Dense // |X|×K, p(t|x) (rows of X with p(x) = 0 get p(t))
	PT         []float64  // p(t)
	PYgivenT   *mat.Dense // K×|Y|, p(y|t) (p(y) for a cluster with p(t) = 0)
	IXT, ITY   float64    // I(X;T) and I(T;Y) in bits
	IXY        float64    // I(X;Y) in bits, the upper bound of I(T;Y)
	Lagrangian float64    // I(X;T) − β·I(T;Y) in bits
	Trace      []float64  // Lagrangian of the start and after every iteration, never increasing
	Labels     []int      // argmax_t p(t|x)
	Clusters   int        // distinct clusters (see DistinctClusters)
	Iter       int
	Converged  bool // max |Δp(t|x)| fell below Tol before MaxIter
}

// ibState holds a joint distribution and the current encoder of one bottleneck run.
type ibState struct {
	n, m, k int
	pxy     []float64 // n×m joint
	px, py  []float64
	pyx     []float64 // n×m, p(y|x) (0 rows where p(x) = 0)
	negEnt  []float64 // Σ_y p(y|x) log p(y|x), nats
	enc     []float64 // n×k, p(t|x)
	pt      []float64
	pyt     []float64 // k×m
	logpyt  []float64
	logit   []float64
	kl      []float64 // n×k, D_KL[p(y|x) ‖ p(y|t)] in nats (+Inf where the support fails)
	ixy     float64   // bits
}

// newIBState validates a joint distribution and k.
func newIBState(fn string, pxy mat.Matrix, k int) (*ibState, error) {
	px, py, err := jointSums(pxy)
	if err != nil {
		return nil, fmt.Errorf("info: %s: %w", fn, err)
	}
	n, m := len(px), len(py)
	if k < 1 {
		return nil, fmt.Errorf("info: %s: K = %d, want ≥ 1: %w", fn, k, ErrParam)
	}
	if err := check.Size("info: "+fn, "K", k, MaxSymbols); err != nil {
		return nil, err
	}
	if n > MaxBottleneckWork/m/k {
		return nil, fmt.Errorf("info: %s: |X|·K·|Y| = %d·%d·%d, limit %d: %w", fn, n, k, m, MaxBottleneckWork, ErrTooLarge)
	}
	s := &ibState{n: n, m: m, k: k, px: px, py: py, pxy: make([]float64, n*m), pyx: make([]float64, n*m),
		negEnt: make([]float64, n), enc: make([]float64, n*k), pt: make([]float64, k),
		pyt: make([]float64, k*m), logpyt: make([]float64, k*m), logit: make([]float64, k),
		kl: make([]float64, n*k)}
	for x := 0; x < n; x++ {
		for y := 0; y < m; y++ {
			v := pxy.At(x, y)
			s.pxy[x*m+y] = v
			if px[x] > 0 && v > 0 {
				c := v / px[x]
				s.pyx[x*m+y] = c
				s.negEnt[x] += c * math.Log(c)
			}
		}
	}
	s.ixy, _ = MutualInformation(pxy)
	return s, nil
}

// minClusterMass is the mass below which a cluster is dropped (its encoder column set to 0):
// p(y|t) of a cluster whose mass nears the float64 underflow would lose its precision and its
// divergences could turn into Inf − Inf.
const minClusterMass = 1e-200

// marginals recomputes p(t) and p(y|t) from the encoder.
func (s *ibState) marginals() {
	clear(s.pt)
	clear(s.pyt)
	for x := 0; x < s.n; x++ {
		for t := 0; t < s.k; t++ {
			s.pt[t] += s.px[x] * s.enc[x*s.k+t]
		}
	}
	for t, w := range s.pt {
		if w > 0 && w < minClusterMass {
			s.pt[t] = 0
			for x := 0; x < s.n; x++ {
				s.enc[x*s.k+t] = 0
			}
		}
	}
	for x := 0; x < s.n; x++ {
		for t := 0; t < s.k; t++ {
			w := s.enc[x*s.k+t]
			if w == 0 {
				continue
			}
			row := s.pyt[t*s.m : (t+1)*s.m]
			for y, v := range s.pxy[x*s.m : (x+1)*s.m] {
				row[y] += v * w
			}
		}
	}
	for t := 0; t < s.k; t++ {
		row := s.pyt[t*s.m : (t+1)*s.m]
		for y := range row {
			if s.pt[t] > 0 {
				row[y] /= s.pt[t]
			} else {
				row[y] = s.py[y]
			}
			s.logpyt[t*s.m+y] = math.Log(row[y]) // −Inf for 0
		}
	}
}

// divergences fills kl[x][t] = D_KL[p(y|x) ‖ p(y|t)] in nats.
func (s *ibState) divergences() {
	for x := 0; x < s.n; x++ {
		row := s.pyx[x*s.m : (x+1)*s.m]
		for t := 0; t < s.k; t++ {
			lq := s.logpyt[t*s.m : (t+1)*s.m]
			d := s.negEnt[x]
			for y, c := range row {
				if c > 0 {
					d -= c * lq[y]
				}
			}
			s.kl[x*s.k+t] = math.Max(d, 0)
		}
	}
}

// encode applies the Gibbs step at β and returns max |Δp(t|x)|.
func (s *ibState) encode(beta float64) float64 {
	s.divergences()
	var delta float64
	for x := 0; x < s.n; x++ {
		row := s.enc[x*s.k : (x+1)*s.k]
		if s.px[x] == 0 {
			copy(row, s.pt)
			continue
		}
		for t := range s.logit {
			s.logit[t] = math.Log(s.pt[t]) - beta*s.kl[x*s.k+t]
		}
		old := append([]float64(nil), row...)
		gibbs.Softmax(row, s.logit)
		for t, v := range row {
			delta = math.Max(delta, math.Abs(v-old[t]))
		}
	}
	return delta
}

// information returns I(X;T) and I(T;Y) in bits.
func (s *ibState) information() (ixt, ity float64) {
	for x := 0; x < s.n; x++ {
		for t := 0; t < s.k; t++ {
			if w := s.enc[x*s.k+t]; w > 0 && s.px[x] > 0 {
				ixt += s.px[x] * w * math.Log2(w/s.pt[t])
			}
		}
	}
	for t := 0; t < s.k; t++ {
		for y, v := range s.pyt[t*s.m : (t+1)*s.m] {
			if v > 0 && s.pt[t] > 0 {
				ity += s.pt[t] * v * math.Log2(v/s.py[y])
			}
		}
	}
	return math.Max(ixt, 0), math.Max(ity, 0)
}

// distortion returns E D_KL[p(y|x) ‖ p(y|t)] in nats (after divergences).
func (s *ibState) distortion() float64 {
	var d float64
	for x := 0; x < s.n; x++ {
		for t := 0; t < s.k; t++ {
			// An infinite divergence with w > 0 is an underflow of p(x,y)·w in p(y|t): w is
			// then far below any term that counts.
			if w, kl := s.enc[x*s.k+t], s.kl[x*s.k+t]; w > 0 && !math.IsInf(kl, 1) {
				d += s.px[x] * w * kl
			}
		}
	}
	return d
}

// iterate runs the self-consistent loop at β from the current encoder (marginals must be
// consistent with it) and returns the Lagrangian trace, the iterations and convergence.
func (s *ibState) iterate(beta float64, maxIter int, tol float64, trace bool) ([]float64, int, bool) {
	lag := func() float64 { ixt, ity := s.information(); return ixt - beta*ity }
	var tr []float64
	if trace {
		tr = append(tr, lag())
	}
	for it := 1; it <= maxIter; it++ {
		delta := s.encode(beta)
		s.marginals()
		if trace {
			tr = append(tr, lag())
		}
		if delta < tol {
			return tr, it, true
		}
	}
	return tr, maxIter, false
}

// clusters returns the number of distinct clusters of the current encoder.
func (s *ibState) clusters(tol float64) int {
	encT := mat.NewDense(s.n, s.k, append([]float64(nil), s.enc...))
	return distinct(encT, s.px, s.pt, tol)
}

// DistinctClusters counts the clusters of an encoder p(t|x) (|X|×K) that are really different:
// clusters with p(t) ≤ 1e-9 are ignored, and two clusters whose conditionals p(x|t) =
// p(x)p(t|x)/p(t) are within tol in L1 distance count as one (tol ≤ 0 means 1e-2). Identical
// copies of a cluster are what the bottleneck produces below a split, so this count is its
// effective number of clusters. Cost O(|X|·K²).
func DistinctClusters(encoder mat.Matrix, px []float64, tol float64) (int, error) {
	n, k, err := check.Stochastic("encoder", encoder)
	if err != nil {
		return 0, fmt.Errorf("info: DistinctClusters: %w", err)
	}
	if err := check.Prob("px", px); err != nil {
		return 0, fmt.Errorf("info: DistinctClusters: %w", err)
	}
	if len(px) != n {
		return 0, fmt.Errorf("info: DistinctClusters: %d rows, %d probabilities: %w", n, len(px), ErrShape)
	}
	pt := make([]float64, k)
	for x := 0; x < n; x++ {
		for t := 0; t < k; t++ {
			pt[t] += px[x] * encoder.At(x, t)
		}
	}
	return distinct(encoder, px, pt, tol), nil
}

func distinct(enc mat.Matrix, px, pt []float64, tol float64) int {
	if !(tol > 0) {
		tol = 1e-2
	}
	n, k := enc.Dims()
	var reps []int
	for t := 0; t < k; t++ {
		if pt[t] <= 1e-9 {
			continue
		}
		same := false
		for _, r := range reps {
			var l1 float64
			for x := 0; x < n; x++ {
				l1 += math.Abs(px[x]*enc.At(x, t)/pt[t] - px[x]*enc.At(x, r)/pt[r])
			}
			if l1 <= tol {
				same = true
				break
			}
		}
		if !same {
			reps = append(reps, t)
		}
	}
	return len(reps)
}

// result packages the state at β.
func (s *ibState) result(beta float64) *BottleneckResult {
	ixt, ity := s.information()
	res := &BottleneckResult{
		Encoder:  mat.NewDense(s.n, s.k, append([]float64(nil), s.enc...)),
		PT:       append([]float64(nil), s.pt...),
		PYgivenT: mat.NewDense(s.k, s.m, append([]float64(nil), s.pyt...)),
		IXT:      ixt, ITY: ity, IXY: s.ixy, Lagrangian: ixt - beta*ity,
		Labels: make([]int, s.n),
	}
	for x := 0; x < s.n; x++ {
		best := 0
		for t := 1; t < s.k; t++ {
			if s.enc[x*s.k+t] > s.enc[x*s.k+best] {
				best = t
			}
		}
		res.Labels[x] = best
	}
	res.Clusters = s.clusters(0)
	return res
}

// resolve applies the defaults and validates the hyperparameters.
func (b Bottleneck) resolve() (Bottleneck, error) {
	switch {
	case b.K < 0:
		return b, fmt.Errorf("info: Bottleneck.Fit: K = %d, want ≥ 1: %w", b.K, ErrParam)
	case !(b.Beta >= 0) || b.Beta > MaxBeta:
		return b, fmt.Errorf("info: Bottleneck.Fit: Beta = %v, want in (0, %g]: %w", b.Beta, MaxBeta, ErrParam)
	case b.MaxIter < 0:
		return b, fmt.Errorf("info: Bottleneck.Fit: MaxIter = %d, want ≥ 0: %w", b.MaxIter, ErrParam)
	case !(b.Tol >= 0) || math.IsInf(b.Tol, 0):
		return b, fmt.Errorf("info: Bottleneck.Fit: Tol = %v, want finite and ≥ 0: %w", b.Tol, ErrParam)
	}
	b.K, b.Beta = cmp.Or(b.K, 2), cmp.Or(b.Beta, 10)
	b.MaxIter, b.Tol = cmp.Or(b.MaxIter, 5000), cmp.Or(b.Tol, 1e-10)
	return b, nil
}

// Fit runs the bottleneck on the joint distribution pxy (rows X, columns Y; finite,
// non-negative, summing to 1). Errors: a bad joint as in MutualInformation, a hyperparameter
// out of range (ErrParam), an Init of the wrong shape (ErrShape) or not row-stochastic
// (ErrProb), MaxIter·|X|·K·|Y| above MaxBottleneckWork (ErrTooLarge).
func (b Bottleneck) Fit(pxy mat.Matrix) (*BottleneckResult, error) {
	b, err := b.resolve()
	if err != nil {
		return nil, err
	}
	s, err := newIBState("Bottleneck.Fit", pxy, b.K)
	if err != nil {
		return nil, err
	}
	if b.MaxIter > MaxBottleneckWork/(s.n*s.m*s.k) {
		return nil, fmt.Errorf("info: Bottleneck.Fit: MaxIter·|X|·K·|Y| = %d·%d·%d·%d, limit %d: %w",
			b.MaxIter, s.n, s.k, s.m, MaxBottleneckWork, ErrTooLarge)
	}
	if b.Init != nil {
		r, c, err := check.Stochastic("Init", b.Init)
		if err != nil {
			return nil, fmt.Errorf("info: Bottleneck.Fit: %w", err)
		}
		if r != s.n || c != s.k {
			return nil, fmt.Errorf("info: Bottleneck.Fit: Init is %d×%d, want %d×%d: %w", r, c, s.n, s.k, ErrShape)
		}
		for x := 0; x < s.n; x++ {
			for t := 0; t < s.k; t++ {
				s.enc[x*s.k+t] = b.Init.At(x, t)
			}
		}
	} else {
		rng := rand.New(rand.NewPCG(b.Seed, 0x1b))
		for x := 0; x < s.n; x++ {
			row := s.enc[x*s.k : (x+1)*s.k]
			var z float64
			for t := range row {
				row[t] = rng.Float64() + 1e-3
				z += row[t]
			}
			for t := range row {
				row[t] /= z
			}
		}
	}
	s.marginals()
	tr, it, conv := s.iterate(b.Beta, b.MaxIter, b.Tol, true)
	res := s.result(b.Beta)
	res.Trace, res.Iter, res.Converged = tr, it, conv
	return res, nil
}

// BottleneckCritical returns the first critical trade-off β_c of the bottleneck on pxy: the
// trivial encoder p(t|x) = p(t) is a stable fixed point for β < β_c and unstable above it, so
// clusters split at β_c. Linearising the fixed-point equation around the trivial solution
// with p(t|x) = p(t)(1 + ε·v_t(x)) gives v = β·M v with the stochastic matrix
//
//	M[x][x'] = Σ_y p(y|x) p(x'|y),
//
// whose top eigenvalue 1 belongs to the constant v that normalisation excludes; so
// β_c = 1/λ₂(M). M is similar to BBᵀ with B[x][y] = p(x,y)/√(p(x)p(y)), hence λ₂ = σ₂(B)², the
// squared second singular value (Rényi's maximal correlation of X and Y). Rows and columns of
// zero probability are dropped. X and Y independent (σ₂ = 0, or a single row or column) is an
// error wrapping errs.ErrNoSolution: the bottleneck never splits. Cost O(|X|·|Y|·min(|X|,|Y|)).
func BottleneckCritical(pxy mat.Matrix) (float64, error) {
	px, py, err := jointSums(pxy)
	if err != nil {
		return 0, fmt.Errorf("info: BottleneckCritical: %w", err)
	}
	if len(px)*len(py) > MaxCorpusCells {
		return 0, fmt.Errorf("info: BottleneckCritical: %d×%d joint, limit %d cells: %w", len(px), len(py), MaxCorpusCells, ErrTooLarge)
	}
	var rows, cols []int
	for i, v := range px {
		if v > 0 {
			rows = append(rows, i)
		}
	}
	for j, v := range py {
		if v > 0 {
			cols = append(cols, j)
		}
	}
	if len(rows) < 2 || len(cols) < 2 {
		return 0, fmt.Errorf("info: BottleneckCritical: %d rows and %d columns of positive probability, no split: %w",
			len(rows), len(cols), errs.ErrNoSolution)
	}
	bm := mat.NewDense(len(rows), len(cols), nil)
	for a, i := range rows {
		for c, j := range cols {
			bm.Set(a, c, pxy.At(i, j)/math.Sqrt(px[i]*py[j]))
		}
	}
	var svd mat.SVD
	if !svd.Factorize(bm, mat.SVDNone) {
		return 0, fmt.Errorf("info: BottleneckCritical: SVD failed: %w", errs.ErrBreakdown)
	}
	sv := svd.Values(nil)
	if sv[1] < 1e-12 {
		return 0, fmt.Errorf("info: BottleneckCritical: σ₂ = %g, X and Y independent, no split: %w", sv[1], errs.ErrNoSolution)
	}
	return 1 / (sv[1] * sv[1]), nil
}
