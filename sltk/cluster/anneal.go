package cluster

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/internal/kernel"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// DA is deterministic annealing for centroid clustering (SLT chapter 3 (Deterministic annealing),
// Algorithm 2; Rose 1998). At temperature T the assignments follow the Gibbs distribution of the
// k-means cost, which factorises over points (Theorem 9):
//
//	p(i↦k | θ) = exp(−‖xᵢ−θ_k‖²/T) / Σ_k′ exp(−‖xᵢ−θ_k′‖²/T),
//
// and the centroids solve the fixed point θ_k = Σᵢ p(i↦k)xᵢ / Σᵢ p(i↦k) (Theorem 10, eq. 3.21 with
// the Σᵢ the seed drops from the denominator: erratum E13). Each fixed-point step is an EM step
// of an equal-weight Gaussian mixture with variance T/2 (Exercise 6), so it never increases the
// free energy F(θ) = −T Σᵢ log Σ_k exp(−‖xᵢ−θ_k‖²/T) (eq. 3.25 with θ_k inside the sum: E14).
//
// The loop starts above the first critical temperature T_c = 2λ_max of the data covariance
// (Theorem 12), where all centroids sit at the sample mean, iterates to a fixed point at every
// temperature, adds symmetry-breaking noise (without it coincident centroids never split) and
// lowers T until TMin. As T → 0 the assignments become hard and DA ends at a fixed point of
// Lloyd's k-means.
//
// Numerics: softmax rows subtract the row minimum of the squared distances before exponentiating
// (log domain), so DA runs from T ≫ T_c to T → 0 at any data scale without NaN; a centroid whose
// total mass underflows to zero keeps its position. Cost: O(n·K·d) per inner iteration, parallel
// over fixed blocks of rows whose partial sums are reduced in block order (the result does not
// depend on the number of goroutines); within a block the centroid sums Σᵢ p(i↦k)xᵢ and masses
// are the matrix product [X 1]ᵀ·P (kernel.XtPAdd, from a transposed copy of the data, (d+1)·n
// floats), added run by run of rows while their posteriors are in L1; with the assembly the
// posteriors are computed four rows at a time, one vector lane per row (kernel.GibbsQuads: the
// bits of the row-by-row softmax). No n×K matrix is kept unless KeepPosteriors is set. One
// extra O(n·K·d + n·G·d²) pass per temperature evaluates the trace (G = distinct centroids).
//
// The zero value of every field except K means a documented default.
type DA struct {
	K int // number of centroids; required, 1 ≤ K ≤ n

	// Schedule gives the temperatures; zero fields mean T0 = 1.5·T_c, TMin = 1e-3·T_c
	// (T_c = 2λ_max of the data covariance) and Cooling = 0.9.
	Schedule gibbs.Schedule

	// Noise is the standard deviation of the symmetry-breaking perturbation added to every
	// centroid before each temperature, relative to the data scale s = sqrt(tr Σ / d);
	// 0 means 1e-3, a negative value disables it.
	Noise float64
	// Tol ends the inner loop when no centroid coordinate moves more than Tol·s; 0 means 1e-7.
	Tol float64
	// MaxIter caps the inner fixed-point iterations per temperature; 0 means 1000. Near a
	// critical temperature convergence slows sharply (critical slowing down), hence the
	// generous default.
	MaxIter int
	// MergeTol is the distance, relative to s, within which centroids count as one distinct
	// centroid; 0 means 1e-2.
	MergeTol float64
	// KeepPosteriors stores the n×K assignment probabilities at every temperature in the trace.
	// The trace is limited to MaxDATrace floats (levels·K·d, plus levels·n·K with this set);
	// beyond it Fit returns an error wrapping ErrTooLarge.
	KeepPosteriors bool
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	Workers int
	Seed    uint64
}

// DALevel is the state of deterministic annealing after convergence at one temperature: the
// common record (T; Cost = E[R] = Σᵢ Σ_k p(i↦k)‖xᵢ−θ_k‖²; FreeEnergy = −T Σᵢ log Σ_k
// exp(−‖xᵢ−θ_k‖²/T); Iter and Converged of the inner loop) and what the phase-transition plots
// need.
type DALevel struct {
	gibbs.Level
	Centroids *mat.Dense // K×d, at the fixed point (before the noise for the next level)
	Entropy   float64    // H = (E[R] − F)/T, in nats
	Distinct  int        // number of distinct centroid positions (within MergeTol·s)
	// Groups[g] lists the centroid indices merged into distinct position g; CritT[g] is that
	// position's critical temperature 2λ_max(C_{x|g}) of its posterior-weighted covariance, below
	// which the centroids it holds split (Rose 1998; it matters only for groups of ≥ 2 centroids).
	Groups     [][]int
	CritT      []float64
	Posteriors *mat.Dense
}

// DAResult is the outcome of deterministic annealing. The seed's Algorithms 2 and 3 return θ and
// p after noise has been added and T lowered past the last fixed point (erratum E26); here
// Centroids is the converged fixed point of the last processed temperature T, before any noise,
// and p(i↦k) at that point is Posteriors(x, Centroids, T).
type DAResult struct {
	Centroids *mat.Dense // K×d at the last temperature (the fixed point, before noise; E26)
	Labels    []int      // nearest centroid of every point
	Cost      float64    // k-means cost Σᵢ min_k ‖xᵢ−θ_k‖² of the final centroids
	T         float64    // last temperature processed
	Tc        float64    // first critical temperature 2λ_max of the data covariance
	Scale     float64    // data scale s = sqrt(tr Σ / d) used for tolerances
	Levels    []DALevel
	// Splits lists the temperatures at which the distinct-centroid count rose (the temperature of
	// the first level with the larger count).
	Splits []float64
	Iter   int // total inner iterations
}

// daBlock is the number of rows per parallel work unit; fixed so that sums do not depend on the
// number of goroutines.
const daBlock = 2048

// daParams are the options of a DA run with defaults resolved and validated.
type daParams struct {
	n, d, k           int
	sched             gibbs.Schedule
	noise, tol, merge float64
	maxIter, workers  int
	scale, tc         float64
	mean              []float64
}

func daCheckData(fn string, x mat.Matrix) (int, int, error) {
	return daCheckNamed(fn, "x", x)
}

// daCheckNamed validates a matrix for the free-energy helpers: not nil or empty, finite, and
// entries small enough that squared distances do not overflow (|v| ≤ check.MaxAbs).
func daCheckNamed(fn string, name string, x mat.Matrix) (int, int, error) {
	data, n, d, e := check.Rows(name, x)
	if e != nil {
		return 0, 0, fmt.Errorf("cluster: %s: %w", fn, e)
	}
	if err := check.Squarable(name, data, d); err != nil {
		return 0, 0, fmt.Errorf("cluster: %s: %w", fn, err)
	}
	return n, d, nil
}

// daCheckT validates a temperature of the free-energy helpers: finite and so far above 0 that
// 1/T is finite (T ≥ 1/math.MaxFloat64 ≈ 5.6e-309; a subnormal T would turn every Gibbs
// weight into 0/0).
func daCheckT(fn string, T float64) error {
	if !(T > 0) || math.IsInf(T, 0) || math.IsInf(1/T, 0) {
		return fmt.Errorf("cluster: %s: T = %g, want finite and > 0 with 1/T finite: %w", fn, T, ErrParam)
	}
	return nil
}

// MaxHessianSize caps K·d, the order of the matrices MeanHessian and FreeEnergyHessian return (4096² entries are
// 128 MiB); larger sizes give ErrTooLarge.
const MaxHessianSize = 4096

// CriticalTemperature returns T_c = 2λ_max of the sample covariance (1/n)Σ(xᵢ−x̄)(xᵢ−x̄)ᵀ
// (SLT chapter 3 (Deterministic annealing), Theorem 12): above T_c the free energy has a single
// minimum with every centroid at the sample mean; below it that point is a saddle and the centroids
// split. Cost O(n·d² + d³).
func CriticalTemperature(x mat.Matrix) (float64, error) {
	if _, _, err := daCheckData("CriticalTemperature", x); err != nil {
		return 0, err
	}
	tc, _, _ := daCovariance(x)
	return tc, nil
}

// daCovariance returns 2λ_max of the 1/n covariance, the trace of the covariance and the mean.
func daCovariance(x mat.Matrix) (tc, trace float64, mean []float64) {
	n, d := x.Dims()
	mean = make([]float64, d)
	cov := mat.NewSymDense(d, nil)
	if n == 1 {
		for j := 0; j < d; j++ {
			mean[j] = x.At(0, j)
		}
		return 0, 0, mean
	}
	stat.CovarianceMatrix(cov, x, nil)
	cov.ScaleSym(float64(n-1)/float64(n), cov)
	for j := 0; j < d; j++ {
		col := mat.Col(nil, j, x)
		mean[j] = stat.Mean(col, nil)
		trace += cov.At(j, j)
	}
	return 2 * daLambdaMax(cov), trace, mean
}

// daLambdaMax returns the largest eigenvalue of a symmetric matrix (0 if the solver fails, which
// gonum reports only for non-finite input, excluded earlier).
func daLambdaMax(s *mat.SymDense) float64 {
	var eig mat.EigenSym
	if !eig.Factorize(s, false) {
		return 0
	}
	v := eig.Values(nil)
	return math.Max(0, v[len(v)-1])
}

// MeanHessian returns the K·d × K·d Hessian of the free energy F(θ) (eq. 3.25) at the high-
// temperature fixed point where every centroid sits at the sample mean (SLT chapter 3
// (Deterministic annealing), Lemmas 4–6):
//
//	∂²F/∂θ_ℓ∂θ_k = δ_kℓ·P + Q,  P = (2N/K)(I − (2/(TN))S),  Q = (4/(TK²))S,
//
// with S = Σᵢ(xᵢ−x̄)(xᵢ−x̄)ᵀ. The seed's (3.37) prints Q = (2/K²)S (erratum E17). Block (k, ℓ)
// occupies rows k·d..k·d+d−1 and columns ℓ·d..ℓ·d+d−1. Its smallest eigenvalue (2N/K)(1 − 2λ_max/T)
// changes sign at T_c = CriticalTemperature(x) (Theorem 12). Cost O(n·d² + K²d²).
func MeanHessian(x mat.Matrix, K int, T float64) (*mat.SymDense, error) {
	n, d, err := daCheckData("MeanHessian", x)
	if err != nil {
		return nil, err
	}
	if K < 1 {
		return nil, fmt.Errorf("cluster: MeanHessian: K = %d: %w", K, ErrParam)
	}
	if K > MaxHessianSize || K*d > MaxHessianSize {
		return nil, fmt.Errorf("cluster: MeanHessian: K·d = %d·%d, limit MaxHessianSize = %d: %w", K, d, MaxHessianSize, ErrTooLarge)
	}
	if err := daCheckT("MeanHessian", T); err != nil {
		return nil, err
	}
	mean := make([]float64, d)
	for j := 0; j < d; j++ {
		mean[j] = stat.Mean(mat.Col(nil, j, x), nil)
	}
	s := mat.NewSymDense(d, nil)
	xi := make([]float64, d)
	for i := 0; i < n; i++ {
		mat.Row(xi, i, x)
		for j := range xi {
			xi[j] -= mean[j]
		}
		s.SymRankOne(s, 1, mat.NewVecDense(d, xi))
	}
	nf, kf := float64(n), float64(K)
	h := mat.NewSymDense(K*d, nil)
	for k := 0; k < K; k++ {
		for l := k; l < K; l++ {
			for a := 0; a < d; a++ {
				for b := 0; b < d; b++ {
					if l == k && b < a {
						continue
					}
					v := 4 / (T * kf * kf) * s.At(a, b)
					if l == k {
						v -= 2 * nf / kf * 2 / (T * nf) * s.At(a, b)
						if a == b {
							v += 2 * nf / kf
						}
					}
					if math.IsInf(v, 0) || math.IsNaN(v) {
						return nil, fmt.Errorf("cluster: MeanHessian: entry (%d, %d) overflows at T = %g; rescale the data: %w",
							k*d+a, l*d+b, T, ErrNotFinite)
					}
					h.SetSym(k*d+a, l*d+b, v)
				}
			}
		}
	}
	return h, nil
}

// MaxDATrace caps the floats the trace of DA keeps over all temperature levels: levels·K·d
// for the centroids, plus levels·n·K with KeepPosteriors (2²⁷ floats, 1 GiB). HistogramDA has
// the same limit on levels·K·(B+1) (its centroid histograms and KL divergences).
const MaxDATrace = 1 << 27

func (a DA) params(x mat.Matrix) (*daParams, error) {
	n, d, err := daCheckData("DA.Fit", x)
	if err != nil {
		return nil, err
	}
	if a.K < 1 || a.K > n {
		return nil, fmt.Errorf("cluster: DA: K = %d, want 1 ≤ K ≤ n = %d: %w", a.K, n, ErrParam)
	}
	p := &daParams{n: n, d: d, k: a.K}
	var trace float64
	p.tc, trace, p.mean = daCovariance(x)
	p.scale = math.Sqrt(trace / float64(d))
	tref := p.tc
	if p.scale == 0 { // all points equal: any temperature gives the same answer
		p.scale, tref = 1, 1
	}
	p.sched, err = a.Schedule.Resolve(gibbs.Schedule{T0: 1.5 * tref, TMin: 1e-3 * tref})
	if err != nil {
		return nil, fmt.Errorf("cluster: DA: %w", err)
	}
	per := p.k * p.d // floats the trace keeps per level: the centroids, and the posteriors if kept
	if a.KeepPosteriors {
		per += p.n * p.k
	}
	if levels := max(p.sched.Levels(), 1); per > MaxDATrace/levels {
		return nil, fmt.Errorf("cluster: DA: %d levels × %d floats per level (centroids, and posteriors if kept) exceed MaxDATrace = %d: %w",
			levels, per, MaxDATrace, ErrTooLarge)
	}
	p.noise, p.tol, p.merge = cmp.Or(a.Noise, 1e-3), cmp.Or(a.Tol, 1e-7), cmp.Or(a.MergeTol, 1e-2)
	p.maxIter, p.workers = cmp.Or(a.MaxIter, 1000), cmp.Or(a.Workers, runtime.GOMAXPROCS(0))
	err = validParams("DA",
		param{"Noise", !math.IsNaN(p.noise) && !math.IsInf(p.noise, 0), a.Noise, "finite"},
		param{"Tol", p.tol > 0 && !math.IsInf(p.tol, 0), a.Tol, "finite and > 0"},
		param{"MergeTol", p.merge > 0 && !math.IsInf(p.merge, 0), a.MergeTol, "finite and > 0"},
		param{"MaxIter", p.maxIter > 0, float64(a.MaxIter), "≥ 0"},
		param{"Workers", p.workers > 0, float64(a.Workers), "≥ 0"})
	if err == nil {
		err = maxIterSize("DA", p.maxIter)
	}
	return p, err
}

// param is one hyperparameter check: ok reports whether the resolved value is valid; v is the
// value the caller gave and want the valid range, for the message.
type param struct {
	name string
	ok   bool
	v    float64
	want string
}

// validParams returns an error naming the first invalid hyperparameter of method, wrapping
// ErrParam, or nil.
func validParams(method string, ps ...param) error {
	for _, p := range ps {
		if !p.ok {
			return fmt.Errorf("cluster: %s: %s = %g, want %s: %w", method, p.name, p.v, p.want, ErrParam)
		}
	}
	return nil
}

// daAcc holds the partial sums of one block of rows.
type daAcc struct {
	// sums is (d+1)×kp: row j < d holds Σᵢ p_ik x_ij, row d the masses Σᵢ p_ik (columns k … kp−1
	// stay 0). It is the product [X 1]ᵀ·P of the block's rows (with a column of ones appended)
	// and posteriors, formed by kernel.XtPAdd from the transposed copy xt.
	sums []float64
	f    float64   // Σ (mᵢ − T log sᵢ)
	cost float64   // Σ Σ_k p_ik d_ik
	dist []float64 // scratch: squared distances of one row
}

// daState carries the data and scratch space for the parallel passes.
type daState struct {
	x       []float64 // the data's rows, row-major n×d (read only)
	xt      []float64 // the data transposed with a row of ones appended, (d+1)×n, for the sums
	n, d, k int
	workers int
	cut     float64 // exp cut-off of daRowPosterior
	accs    []daAcc
	kp      int       // k rounded up to the distance kernel's vector width
	ct      []float64 // d×kp transposed centroids for kernel.KMDistQuads; nil without the kernel
	chunk   int       // rows whose posteriors are gathered, at most, before they are added to sums
	posts   sync.Pool // of *[]float64 chunk×kp posterior buffers, one per running block
}

// daChunk is the most rows whose posteriors are gathered before they are added to a block's
// sums (fewer, so that the buffer holds at most daChunkFloats, when K is large).
const daChunk, daChunkFloats = 1024, 1 << 14

func daNewState(x mat.Matrix, n, d, k, workers int) (*daState, error) {
	raw, _, _, err := check.Rows("x", x)
	if err != nil {
		return nil, fmt.Errorf("cluster: DA: %w", err)
	}
	s := &daState{x: raw, xt: make([]float64, (d+1)*n), n: n, d: d, k: k, workers: workers, cut: daCut(n), kp: kmPadK(k),
		chunk: max(1, min(daChunk, n, daChunkFloats/k))}
	s.posts.New = func() any { p := make([]float64, s.chunk*s.kp); return &p }
	for i := range n {
		for j, v := range raw[i*d : (i+1)*d] {
			s.xt[j*n+i] = v
		}
		s.xt[d*n+i] = 1
	}
	if kernel.Asm() && s.kp <= kmMaxKP {
		s.ct = make([]float64, d*s.kp)
	}
	nb := (n + daBlock - 1) / daBlock
	s.accs = make([]daAcc, nb)
	for b := range s.accs {
		s.accs[b] = daAcc{sums: make([]float64, (d+1)*s.kp), dist: make([]float64, k)}
	}
	return s, nil
}

// daForBlocks runs fn on every block of daBlock rows, spreading blocks over the workers.
func (s *daState) daForBlocks(fn func(b, lo, hi int)) {
	par.Blocks(len(s.accs), s.workers, func(b int) { fn(b, b*daBlock, min(s.n, (b+1)*daBlock)) })
}

// daExact is the cut-off of daRowPosterior below which exp underflows to exactly 0.
const daExact = 745

// daCut returns the cut-off used inside the annealing loop for n rows: terms with
// (d−m)/T ≥ 40 + log n are set to 0 without calling exp. Their total over all rows is below
// e^{−40} ≈ 4e-18 per centroid, so they change neither the row normalisers (which are ≥ 1) nor
// the mass of any centroid owning at least a point's worth, beyond round-off; a centroid whose
// whole mass is below that counts as empty and keeps its position. Skipping them roughly halves
// the run time at low temperatures, where most centroids are far from most points.
func daCut(n int) float64 { return 40 + math.Log(float64(n)) }

// daRowPosterior fills dist with squared distances of row xi to the centroids, and p with the
// softmax exp(−(d−m)/T)/s, treating terms with (d−m)/T ≥ cut as 0; it returns m = min distance
// and, when wantLog is set, log s (the inner iterations skip that logarithm).
func daRowPosterior(xi, theta []float64, d, k int, t, cut float64, wantLog bool, dist, p []float64) (float64, float64) {
	for c := 0; c < k; c++ {
		dist[c] = kmDist2(xi, theta[c*d:(c+1)*d])
	}
	return daPosterior(dist, t, cut, wantLog, p)
}

// daPosterior is daRowPosterior for distances already measured.
func daPosterior(dist []float64, t, cut float64, wantLog bool, p []float64) (float64, float64) {
	m, z := gibbs.SoftmaxCosts(p, dist, t, cut)
	if !wantLog {
		return m, 0
	}
	return m, math.Log(z)
}

// daStep performs one E-pass: partial sums of p-weighted points and masses and, when trace is
// set, the free energy and E[R]; when post is not nil it stores the posteriors there. The
// posteriors of a run of rows are gathered in a buffer of kp columns and added to the block's
// sums at once as the product [X 1]ᵀ·P (the centroid update Σᵢ p(i↦k)xᵢ of Theorem 10) by
// kernel.XtPAdd, from the transposed data and unpacked, while the buffer is in L1. With the
// assembly, kernel.KMDistQuads measures the rows four at a time and kernel.GibbsQuads writes
// their posteriors into the buffer (the bits of daPosterior, one vector lane per row); the
// last rows of a block (and all of them without the assembly) go row by row. The sums do not
// depend on how the rows are grouped: each is one chain of fused multiply-adds in row order.
func (s *daState) daStep(theta []float64, t float64, post *mat.Dense, trace bool) {
	d, k, kp := s.d, s.k, s.kp
	if s.ct != nil {
		kmTranspose(s.ct, theta, k, d, kp)
	}
	inv := 1 / t // the factor gibbs.SoftmaxCosts uses
	s.daForBlocks(func(b, lo, hi int) {
		a := &s.accs[b]
		clear(a.sums)
		a.f, a.cost = 0, 0
		// Rows below quadEnd are measured by the k-means distance kernel, four at a time, in
		// steps through buf (the bits of kmDist2, as daRowPosterior measures the others).
		var buf [kmChunk]float64
		var nbest, zs [kmChunk / 4]float64
		var nidx [kmChunk / 4]int
		quadEnd, step := lo, kmChunk/kp/4*4
		if s.ct != nil {
			quadEnd = lo + (hi-lo)/4*4
		}
		postp := s.posts.Get().(*[]float64)
		defer s.posts.Put(postp)
		ap := *postp
		// add adds the m rows of posteriors in ap, those of rows first, …, first+m−1, to the sums.
		add := func(first, m int) {
			kernel.XtPAdd(a.sums, s.xt[first:], s.n, d+1, ap[:m*kp], m, kp)
		}
		row := func(i int, dist, p []float64, mi, lz float64) {
			if trace {
				a.f += mi - t*lz
				for c, pc := range p {
					if pc != 0 { // 0·∞ would be NaN
						a.cost += pc * dist[c]
					}
				}
			}
			if post != nil {
				post.SetRow(i, p)
			}
		}
		for i := lo; i < quadEnd; {
			m := min(step, quadEnd-i, s.chunk/4*4)
			kernel.KMDistQuads(s.x[i*d:(i+m)*d], m/4, d, s.ct, kp, buf[:], nbest[:], nidx[:])
			kernel.GibbsQuads(ap[:m*kp], buf[:m*kp], nbest[:m], zs[:m], m/4, kp, inv, s.cut)
			if trace || post != nil {
				for r := range m {
					row(i+r, buf[r*kp:r*kp+k], ap[r*kp:][:k], nbest[r], math.Log(zs[r]))
				}
			}
			add(i, m)
			i += m
		}
		filled := 0 // rows waiting in ap; the last of them is row i−1
		for i := quadEnd; i < hi; i++ {
			p := ap[filled*kp : (filled+1)*kp]
			clear(p[k:]) // the padding columns add 0
			mi, lz := daRowPosterior(s.x[i*d:(i+1)*d], theta, d, k, t, s.cut, trace, a.dist, p[:k])
			row(i, a.dist, p[:k], mi, lz)
			if filled++; filled == s.chunk || i == hi-1 {
				add(i+1-filled, filled)
				filled = 0
			}
		}
	})
}

// daReduce sums the block accumulators in block order into the K×d weighted sums num and the
// K masses den.
func (s *daState) daReduce() (num, den []float64, f, cost float64) {
	d, k := s.d, s.k
	num = make([]float64, k*d)
	den = make([]float64, k)
	for b := range s.accs {
		a := &s.accs[b]
		for c := range k {
			for j := range d {
				num[c*d+j] += a.sums[j*s.kp+c]
			}
			den[c] += a.sums[d*s.kp+c]
		}
		f += a.f
		cost += a.cost
	}
	return num, den, f, cost
}

// daGroups merges centroids closer than tol into distinct positions (single linkage).
func daGroups(theta []float64, d, k int, tol float64) [][]int {
	label := make([]int, k)
	for i := range label {
		label[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for label[i] != i {
			label[i] = label[label[i]]
			i = label[i]
		}
		return i
	}
	for a := 0; a < k; a++ {
		for b := a + 1; b < k; b++ {
			var s float64
			for j := 0; j < d; j++ {
				u := theta[a*d+j] - theta[b*d+j]
				s += u * u
			}
			if math.Sqrt(s) <= tol {
				ra, rb := find(a), find(b)
				if ra != rb {
					label[max(ra, rb)] = min(ra, rb)
				}
			}
		}
	}
	idx := map[int]int{}
	var groups [][]int
	for c := 0; c < k; c++ {
		r := find(c)
		g, ok := idx[r]
		if !ok {
			g = len(groups)
			idx[r] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], c)
	}
	return groups
}

// daCritical returns 2λ_max of the posterior-weighted covariance of every group of centroids.
// Cost O(n·K·d + n·G·d²).
func (s *daState) daCritical(theta []float64, t float64, groups [][]int) []float64 {
	d, k, g := s.d, s.k, len(groups)
	of := make([]int, k)
	for gi, gr := range groups {
		for _, c := range gr {
			of[c] = gi
		}
	}
	// group centre: mean position of its centroids (they coincide within MergeTol).
	centre := make([]float64, g*d)
	for gi, gr := range groups {
		for _, c := range gr {
			for j := 0; j < d; j++ {
				centre[gi*d+j] += theta[c*d+j] / float64(len(gr))
			}
		}
	}
	type acc struct {
		m []float64 // g × d×d
		w []float64
	}
	parts := make([]acc, len(s.accs))
	s.daForBlocks(func(b, lo, hi int) {
		a := acc{m: make([]float64, g*d*d), w: make([]float64, g)}
		dist, p, pg := make([]float64, k), make([]float64, k), make([]float64, g)
		u := make([]float64, d)
		for i := lo; i < hi; i++ {
			xi := s.x[i*d : (i+1)*d]
			daRowPosterior(xi, theta, d, k, t, s.cut, false, dist, p)
			clear(pg)
			for c := 0; c < k; c++ {
				pg[of[c]] += p[c]
			}
			for gi := 0; gi < g; gi++ {
				w := pg[gi]
				if w == 0 {
					continue
				}
				a.w[gi] += w
				for j := 0; j < d; j++ {
					u[j] = xi[j] - centre[gi*d+j]
				}
				m := a.m[gi*d*d:]
				for r := 0; r < d; r++ {
					wr := w * u[r]
					for c := r; c < d; c++ {
						m[r*d+c] += wr * u[c]
					}
				}
			}
		}
		parts[b] = a
	})
	out := make([]float64, g)
	for gi := 0; gi < g; gi++ {
		cov := mat.NewSymDense(d, nil)
		var w float64
		for b := range parts {
			w += parts[b].w[gi]
		}
		if w == 0 {
			continue
		}
		for r := 0; r < d; r++ {
			for c := r; c < d; c++ {
				var v float64
				for b := range parts {
					v += parts[b].m[gi*d*d+r*d+c]
				}
				cov.SetSym(r, c, v/w)
			}
		}
		out[gi] = 2 * daLambdaMax(cov)
	}
	return out
}

// daLevelHook is called after convergence at every temperature with the level's record and the
// centroids (used by posterior-agreement model selection). Returning gibbs.ErrStop ends the
// annealing after that level without an error.
type daLevelHook func(lv *DALevel, theta []float64) error

// Fit anneals the centroids of x (n×d, one point per row) from T0 down to TMin and returns the
// final centroids, the hard labels and the per-temperature trace.
func (a DA) Fit(x mat.Matrix) (*DAResult, error) {
	return a.daRun(x, nil)
}

// daRun is Algorithm 2 on the library's annealing driver: at every temperature perturb the
// centroids, iterate the fixed point (Theorem 10) and record the level.
func (a DA) daRun(x mat.Matrix, hook daLevelHook) (*DAResult, error) {
	p, err := a.params(x)
	if err != nil {
		return nil, err
	}
	st, err := daNewState(x, p.n, p.d, p.k, p.workers)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(a.Seed, 0x6461))
	theta := make([]float64, p.k*p.d)
	for c := 0; c < p.k; c++ {
		copy(theta[c*p.d:(c+1)*p.d], p.mean)
	}
	res := &DAResult{Tc: p.tc, Scale: p.scale}
	distinct := 0 // distinct centroids of the previous level
	res.Levels, err = gibbs.Anneal(p.sched.Temperatures(), 0, func(_ int, t float64) (DALevel, error) {
		daPerturb(theta, p.noise*p.scale, rng)
		lv := DALevel{Level: gibbs.Level{T: t}}
		lv.Iter, lv.Converged = st.daFixedPoint(theta, t, p.maxIter, p.tol*p.scale)
		res.Iter += lv.Iter
		st.daRecord(&lv, theta, a.KeepPosteriors, p.merge*p.scale)
		if distinct > 0 && lv.Distinct > distinct {
			res.Splits = append(res.Splits, t)
		}
		distinct, res.T = lv.Distinct, t
		if hook != nil {
			return lv, hook(&lv, theta)
		}
		return lv, nil
	})
	if err != nil {
		return nil, fmt.Errorf("cluster: DA: %w", err)
	}
	last := res.Levels[len(res.Levels)-1]
	res.Centroids = mat.DenseCopyOf(last.Centroids)
	res.Labels, res.Cost = daHard(st, last.Centroids.RawMatrix().Data)
	return res, nil
}

// daPerturb adds the symmetry-breaking noise N(0, sigma²) to every coordinate (none for sigma ≤ 0).
func daPerturb(theta []float64, sigma float64, rng *rand.Rand) {
	if sigma <= 0 {
		return
	}
	for i := range theta {
		theta[i] += sigma * rng.NormFloat64()
	}
}

// daFixedPoint iterates θ_k ← Σᵢ p(i↦k)xᵢ / Σᵢ p(i↦k) at temperature t until no coordinate moves
// more than tol or maxIter iterations; a centroid without mass keeps its position. It returns the
// iterations done and whether tol was met.
func (s *daState) daFixedPoint(theta []float64, t float64, maxIter int, tol float64) (int, bool) {
	d, k := s.d, s.k
	for it := 1; it <= maxIter; it++ {
		s.daStep(theta, t, nil, false)
		num, den, _, _ := s.daReduce()
		var move float64
		for c := 0; c < k; c++ {
			if den[c] <= 0 {
				continue
			}
			for j := 0; j < d; j++ {
				v := num[c*d+j] / den[c]
				move = math.Max(move, math.Abs(v-theta[c*d+j]))
				theta[c*d+j] = v
			}
		}
		if move <= tol {
			return it, true
		}
	}
	return maxIter, false
}

// daRecord evaluates the level's trace at the fixed point theta: free energy, expected cost,
// entropy, the distinct centroids and their critical temperatures (and the posteriors if keep).
func (s *daState) daRecord(lv *DALevel, theta []float64, keep bool, merge float64) {
	if keep {
		lv.Posteriors = mat.NewDense(s.n, s.k, nil)
	}
	s.daStep(theta, lv.T, lv.Posteriors, true)
	_, _, f, cost := s.daReduce()
	lv.FreeEnergy, lv.Cost, lv.Entropy = f, cost, (cost-f)/lv.T
	lv.Centroids = mat.NewDense(s.k, s.d, append([]float64(nil), theta...))
	lv.Groups = daGroups(theta, s.d, s.k, merge)
	lv.Distinct = len(lv.Groups)
	lv.CritT = s.daCritical(theta, lv.T, lv.Groups)
}

// daHard returns nearest-centroid labels and the k-means cost.
func daHard(st *daState, theta []float64) ([]int, float64) {
	d, k := st.d, st.k
	labels := make([]int, st.n)
	var cost float64
	for i := 0; i < st.n; i++ {
		xi := st.x[i*d : (i+1)*d]
		best, bd := 0, math.Inf(1)
		for c := 0; c < k; c++ {
			var s float64
			for j, v := range xi {
				u := v - theta[c*d+j]
				s += u * u
			}
			if s < bd {
				best, bd = c, s
			}
		}
		labels[i] = best
		cost += bd
	}
	return labels, cost
}

// Posteriors returns the n×K matrix of assignment probabilities p(i↦k | θ, X) at temperature T
// (Theorem 9), computed row by row in the log domain. Cost O(n·K·d).
func Posteriors(x mat.Matrix, centroids mat.Matrix, T float64) (*mat.Dense, error) {
	n, d, err := daCheckData("Posteriors", x)
	if err != nil {
		return nil, err
	}
	k, dc, err := daCheckNamed("Posteriors", "centroids", centroids)
	if err != nil {
		return nil, err
	}
	if dc != d {
		return nil, fmt.Errorf("cluster: Posteriors: centroids have %d columns, data %d: %w", dc, d, ErrShape)
	}
	if err := daCheckT("Posteriors", T); err != nil {
		return nil, err
	}
	theta := mat.DenseCopyOf(centroids).RawMatrix().Data
	out := mat.NewDense(n, k, nil)
	xi, dist, p := make([]float64, d), make([]float64, k), make([]float64, k)
	for i := 0; i < n; i++ {
		mat.Row(xi, i, x)
		daRowPosterior(xi, theta, d, k, T, daExact, false, dist, p)
		out.SetRow(i, p)
	}
	return out, nil
}

// FreeEnergy returns F(θ) = −T Σᵢ log Σ_k exp(−‖xᵢ−θ_k‖²/T) (SLT chapter 3 (Deterministic
// annealing), eq. 3.25 corrected: erratum E14) and its gradient ∂F/∂θ_k = −2 Σᵢ p(i↦k)(xᵢ − θ_k)
// (the seed's eq. 3.29 has an extra 1/T: erratum E15) as a K×d matrix. Cost O(n·K·d).
func FreeEnergy(x mat.Matrix, centroids mat.Matrix, T float64) (float64, *mat.Dense, error) {
	n, d, err := daCheckData("FreeEnergy", x)
	if err != nil {
		return 0, nil, err
	}
	k, dc, err := daCheckNamed("FreeEnergy", "centroids", centroids)
	if err != nil {
		return 0, nil, err
	}
	if dc != d {
		return 0, nil, fmt.Errorf("cluster: FreeEnergy: centroids have %d columns, data %d: %w", dc, d, ErrShape)
	}
	if err := daCheckT("FreeEnergy", T); err != nil {
		return 0, nil, err
	}
	theta := mat.DenseCopyOf(centroids).RawMatrix().Data
	grad := mat.NewDense(k, d, nil)
	xi, dist, p := make([]float64, d), make([]float64, k), make([]float64, k)
	var f float64
	for i := 0; i < n; i++ {
		mat.Row(xi, i, x)
		m, lz := daRowPosterior(xi, theta, d, k, T, daExact, true, dist, p)
		f += m - T*lz
		for c := 0; c < k; c++ {
			for j := 0; j < d; j++ {
				grad.Set(c, j, grad.At(c, j)-2*p[c]*(xi[j]-theta[c*d+j]))
			}
		}
	}
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, nil, fmt.Errorf("cluster: FreeEnergy: F = %g at T = %g; rescale the data or T: %w", f, T, ErrNotFinite)
	}
	return f, grad, nil
}
