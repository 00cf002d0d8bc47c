package cluster

import (
	"cmp"
	"fmt"
	"math"
	"runtime"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/internal/kernel"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/mat"
)

// Sentinel errors, defined once in package errs and re-exported here (cluster.ErrParam is
// errs.ErrParam); every error the package returns wraps one of them.
var (
	ErrEmpty     = errs.ErrEmpty     // nil or empty data
	ErrNotFinite = errs.ErrNotFinite // NaN or ±Inf in the data or in given parameters
	ErrShape     = errs.ErrShape     // matrices whose dimensions do not fit together
	ErrParam     = errs.ErrParam     // K ≤ 0 or K > n, a temperature or another option out of range
	ErrProb      = errs.ErrProb      // rows that should be histograms (non-negative, sum 1) are not
	ErrLabel     = errs.ErrLabel     // a label outside [0, K)
	ErrTooLarge  = errs.ErrTooLarge  // a count beyond its documented limit (the Max… constants)
)

// MaxRestarts caps the restarts of KMeans (and of SpectralClustering, which runs it) and the
// Splits, RandomPairs and Restarts of Stability: each costs a full clustering (ErrTooLarge beyond).
const MaxRestarts = 1 << 16

// MaxIterLimit caps the MaxIter field of the package's batch methods (Lloyd steps of KMeans,
// fixed-point sweeps per temperature of DA, HistogramDA, Pairwise, SoftSOM and PairwiseSOM):
// 2²⁴ ≈ 1.7e7 iterations, far beyond any run that converges (ErrTooLarge beyond). The online
// methods count epochs instead (MaxEpochs).
const MaxIterLimit = 1 << 24

// maxIterSize returns an error wrapping ErrTooLarge when maxIter exceeds MaxIterLimit.
func maxIterSize(method string, maxIter int) error {
	return check.Size("cluster: "+method, "MaxIter", maxIter, MaxIterLimit)
}

// Block sizing of the parallel assignment step. The size depends only on n, k and d, never on the
// worker count, so the block-ordered reduction gives the same bits for any number of workers.
const (
	kmMinBlock      = 2048    // rows; small blocks would make scheduling dominate
	kmMaxBlocks     = 256     // enough blocks to balance load on many cores
	kmMaxPartialLen = 1 << 23 // floats held in per-block partial sums (64 MiB)
	kmPad           = 8       // words (one cache line) between the partial results of two blocks
)

// blockSums and blockCounts are the partial sums (k×d) and counts (k) of block b.
func (e *kmEngine) blockSums(b int) []float64 {
	return e.bsums[b*e.sstride : b*e.sstride+e.k*e.data.d]
}

func (e *kmEngine) blockCounts(b int) []int {
	return e.bcounts[b*e.cstride : b*e.cstride+e.k]
}

// kmData is the data as one row-major slice: row i is x[i*d : (i+1)*d].
type kmData struct {
	x    []float64
	n, d int
}

// kmPrepare validates x (not nil, non-empty, finite) and returns its rows as one contiguous
// slice (check.Rows: a contiguous *mat.Dense is used in place, read only).
func kmPrepare(fn string, x mat.Matrix) (kmData, error) {
	raw, n, d, err := check.Rows("x", x)
	if err != nil {
		return kmData{}, fmt.Errorf("cluster: %s: %w", fn, err)
	}
	if err := check.Squarable("x", raw, d); err != nil {
		return kmData{}, fmt.Errorf("cluster: %s: %w", fn, err)
	}
	return kmData{x: raw, n: n, d: d}, nil
}

// kmCentroidSlice checks that c is k×d and finite, with entries small enough to square
// (|v| ≤ check.MaxAbs), and returns a row-major copy.
func kmCentroidSlice(fn string, c mat.Matrix, k, d int) ([]float64, error) {
	if check.IsNil(c) {
		return nil, fmt.Errorf("cluster: %s: centroids are nil, want %d×%d: %w", fn, k, d, ErrShape)
	}
	r, cols := c.Dims()
	if r != k || cols != d {
		return nil, fmt.Errorf("cluster: %s: centroids are %d×%d, want %d×%d (k×d): %w", fn, r, cols, k, d, ErrShape)
	}
	out := make([]float64, k*d)
	for i := 0; i < k; i++ {
		for j := 0; j < d; j++ {
			v := c.At(i, j)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("cluster: %s: centroid %d, column %d is %v: %w", fn, i, j, v, ErrNotFinite)
			}
			out[i*d+j] = v
		}
	}
	if err := check.Squarable("centroids", out, d); err != nil {
		return nil, fmt.Errorf("cluster: %s: %w", fn, err)
	}
	return out, nil
}

func kmWorkers(fn string, w int) (int, error) {
	if w < 0 {
		return 0, fmt.Errorf("cluster: %s: Workers = %d, want ≥ 0 (0 means GOMAXPROCS): %w", fn, w, ErrParam)
	}
	w = cmp.Or(w, runtime.GOMAXPROCS(0))
	return w, nil
}

// kmEngine runs the assignment step of Lloyd's algorithm over row blocks in parallel. All buffers
// are allocated once, so an iteration allocates nothing but its goroutines.
type kmEngine struct {
	data    kmData
	k       int
	workers int
	bs, nb  int // block size (rows) and number of blocks

	kmStats           // the reduced result of the last assignment
	mind    []float64 // squared distance of each row to its centroid

	// Per-block partial results, reduced in block order. Block b's sums start at b·sstride and its
	// counts at b·cstride: the strides leave a cache line between blocks, so that two workers
	// adding into neighbouring blocks do not share (and keep stealing) a line.
	bsums    []float64 // nb×k×d coordinate sums
	bcounts  []int     // nb×k cluster sizes
	sstride  int
	cstride  int
	bcost    []float64 // nb costs
	bchanged []int     // nb counts of rows whose label changed

	cent     []float64  // centroids read by the block workers
	kp       int        // k rounded up to the kernel's vector width
	ct       []float64  // d×kp transposed centroids for kernel.KMNearestQuads; nil without the kernel
	hb       *kmHamerly // bounds of the accelerated assignment (kmeans_accel.go); nil until used
	used     []int      // rows taken by kmReseedEmpty in the current update
	assignFn func(int)  // e.assignBlock, bound once so that no iteration allocates it
	team     *par.Team  // when set, the goroutines of parallel (its owner closes it)
}

func kmNewEngine(data kmData, k, workers int) *kmEngine {
	n, d := data.n, data.d
	bs := max(kmMinBlock, (n+kmMaxBlocks-1)/kmMaxBlocks)
	nb := (n + bs - 1) / bs
	if nb*k*d > kmMaxPartialLen {
		nb = max(1, kmMaxPartialLen/(k*d))
		bs = (n + nb - 1) / nb
		nb = (n + bs - 1) / bs
	}
	sstride, cstride := k*d+kmPad, k+kmPad
	e := &kmEngine{
		data: data, k: k, workers: workers, bs: bs, nb: nb,
		kmStats:  kmStats{labels: make([]int, n), sums: make([]float64, k*d), counts: make([]int, k)},
		mind:     make([]float64, n),
		bsums:    make([]float64, nb*sstride),
		bcounts:  make([]int, nb*cstride),
		sstride:  sstride,
		cstride:  cstride,
		bcost:    make([]float64, nb),
		bchanged: make([]int, nb),
		used:     make([]int, 0, k),
	}
	for i := range e.labels {
		e.labels[i] = -1
	}
	e.kp = kmPadK(k)
	if kernel.Asm() && e.kp <= kmMaxKP { // the Go form of the kernel is slower than kmNearest
		e.ct = make([]float64, d*e.kp)
	}
	e.assignFn = e.assignBlock
	return e
}

// parallel calls fn(b) for every block b, on up to e.workers goroutines that take blocks in
// turn: those of e.team where the caller set one (KMeans.Fit), else goroutines started for
// the call. Blocks keep their own partial results, so the bits do not depend on which
// goroutine runs a block.
func (e *kmEngine) parallel(fn func(int)) {
	if e.team != nil {
		e.team.Run(e.nb, fn)
		return
	}
	par.Blocks(e.nb, e.workers, fn)
}

// assign labels every row with its nearest centroid in cent (k×d, row-major), ties going to the
// smallest index, and reduces the cost, the number of changed labels, and the per-cluster sums
// and counts. Cost O(n·k·d), parallel over blocks.
func (e *kmEngine) assign(cent []float64) {
	e.cent = cent
	if e.ct != nil {
		kmTranspose(e.ct, cent, e.k, e.data.d, e.kp)
	}
	e.parallel(e.assignFn)
	e.reduce()
}

// reduce adds the per-block partial results in block order: the cost, the number of changed
// labels, and the per-cluster counts and coordinate sums. Cost O(B·k·d).
func (e *kmEngine) reduce() {
	clear(e.sums)
	clear(e.counts)
	e.cost, e.changed = 0, 0
	for b := 0; b < e.nb; b++ {
		e.cost += e.bcost[b]
		e.changed += e.bchanged[b]
		bc := e.blockCounts(b)
		for j, c := range bc {
			e.counts[j] += c
		}
		bsum := e.blockSums(b)
		for t, v := range bsum {
			e.sums[t] += v
		}
	}
}

// assignBlock is the assignment step for the rows of block b. It uses the direct form
// Σ_t (x_t − c_t)² rather than ‖x‖² − 2x·c + ‖c‖² with the cross terms from blas64.Gemm on the
// block: the direct form cannot lose precision to cancellation, it keeps exact ties exact, which
// the smallest-index rule relies on, and with gonum's pure-Go Gemm the cross-term form was
// slower at d = k = 10 (BenchmarkAssignForms). The nearest centroids come from kernel.KMNearestQuads, 4
// rows against all centroids per step of its loop, through buffers on the stack; the rows left over
// at the block end (and every row when k is too large for the buffer) go through kmNearest,
// which gives the same bits.
func (e *kmEngine) assignBlock(b int) {
	d, k, kp := e.data.d, e.k, e.kp
	lo, hi := b*e.bs, min((b+1)*e.bs, e.data.n)
	sums := e.blockSums(b)
	counts := e.blockCounts(b)
	clear(sums)
	clear(counts)
	cent := e.cent[:k*d]
	x := e.data.x
	cost, changed := 0.0, 0
	var nbest [kmChunk / 4]float64
	var nidx [kmChunk / 4]int
	quadEnd := lo // rows below quadEnd go through kernel.KMNearestQuads, the others through kmNearest
	if e.ct != nil {
		quadEnd = lo + (hi-lo)/4*4
	}
	step := min(kernel.KMStep(kp), kmChunk/4) // rows per kernel call (whole octets for its AVX-512 form)
	labels, mind := e.labels, e.mind
	for i := lo; i < quadEnd; i += step {
		m := min(step, quadEnd-i)
		kernel.KMNearestQuads(x[i*d:(i+m)*d], m/4, d, e.ct, kp, nbest[:], nidx[:])
		lab, md := labels[i:i+m], mind[i:i+m]
		for r, bj := range nidx[:m] {
			old := lab[r]
			lab[r] = bj
			if old != bj { // a conditional move, not a jump: changes come in no predictable order
				changed++
			}
			best := nbest[r]
			md[r] = best
			cost += best
			counts[bj]++ // bounds-checked: every bj < k before kernel.KMAddRows trusts them
		}
		kernel.KMAddRows(sums, x[i*d:(i+m)*d], nidx[:m], d)
	}
	for i := quadEnd; i < hi; i++ {
		xi := x[i*d : (i+1)*d]
		best, bj := kmNearest(xi, cent, k)
		if labels[i] != bj {
			labels[i] = bj
			changed++
		}
		mind[i] = best
		cost += best
		counts[bj]++
		kmAddRow(sums[bj*d:(bj+1)*d], xi)
	}
	e.bcost[b] = cost
	e.bchanged[b] = changed
}

// kmNearest returns the squared distance from x to its nearest centroid and that centroid's
// index; on ties the smallest index wins. Cost O(k·d). Four centroids are measured at once, each
// summed in coordinate order: the four independent sums let the CPU overlap the additions
// instead of waiting on one chain of dependent adds, and no distance's rounding changes.
func kmNearest(x, cent []float64, k int) (float64, int) {
	d := len(x)
	best, bj := math.Inf(1), 0
	j := 0
	for ; j+4 <= k; j += 4 {
		c0 := cent[j*d : (j+1)*d][:len(x)]
		c1 := cent[(j+1)*d : (j+2)*d][:len(x)]
		c2 := cent[(j+2)*d : (j+3)*d][:len(x)]
		c3 := cent[(j+3)*d : (j+4)*d][:len(x)]
		var s0, s1, s2, s3 float64
		for t, v := range x {
			u0, u1, u2, u3 := v-c0[t], v-c1[t], v-c2[t], v-c3[t]
			s0 += u0 * u0
			s1 += u1 * u1
			s2 += u2 * u2
			s3 += u3 * u3
		}
		if s0 < best {
			best, bj = s0, j
		}
		if s1 < best {
			best, bj = s1, j+1
		}
		if s2 < best {
			best, bj = s2, j+2
		}
		if s3 < best {
			best, bj = s3, j+3
		}
	}
	for ; j < k; j++ {
		if s := kmDist2(x, cent[j*d:(j+1)*d]); s < best {
			best, bj = s, j
		}
	}
	return best, bj
}

// kmDist2 returns Σ_t (x_t − c_t)², summed in coordinate order exactly as kmNearest sums every
// centroid's distance, so both give the same bits for the same pair.
func kmDist2(x, c []float64) float64 {
	c = c[:len(x)]
	s := 0.0
	for t, v := range x {
		u := v - c[t]
		s += u * u
	}
	return s
}

// kmNearest3 is kmNearest that also returns the second smallest squared distance with its
// centroid (the minimum over all centroids but the nearest; equal to the smallest on a tie) and
// the third smallest (+Inf when k < 3). The nearest centroid and its distance are the same bits
// as kmNearest's: the same sums, compared in the same order.
func kmNearest3(x, cent []float64, k int) (best float64, bj int, second float64, sj int, third float64) {
	d := len(x)
	best, second, third = math.Inf(1), math.Inf(1), math.Inf(1)
	sj = min(1, k-1)
	j := 0
	for ; j+4 <= k; j += 4 {
		c0 := cent[j*d : (j+1)*d][:len(x)]
		c1 := cent[(j+1)*d : (j+2)*d][:len(x)]
		c2 := cent[(j+2)*d : (j+3)*d][:len(x)]
		c3 := cent[(j+3)*d : (j+4)*d][:len(x)]
		var s0, s1, s2, s3 float64
		for t, v := range x {
			u0, u1, u2, u3 := v-c0[t], v-c1[t], v-c2[t], v-c3[t]
			s0 += u0 * u0
			s1 += u1 * u1
			s2 += u2 * u2
			s3 += u3 * u3
		}
		best, bj, second, sj, third = kmRank3(s0, j, best, bj, second, sj, third)
		best, bj, second, sj, third = kmRank3(s1, j+1, best, bj, second, sj, third)
		best, bj, second, sj, third = kmRank3(s2, j+2, best, bj, second, sj, third)
		best, bj, second, sj, third = kmRank3(s3, j+3, best, bj, second, sj, third)
	}
	for ; j < k; j++ {
		best, bj, second, sj, third = kmRank3(kmDist2(x, cent[j*d:(j+1)*d]), j, best, bj, second, sj, third)
	}
	return best, bj, second, sj, third
}

// kmRank3 inserts distance s of centroid j into the three smallest so far; a tie with the
// smallest keeps the earlier centroid nearest, as in kmNearest.
func kmRank3(s float64, j int, best float64, bj int, second float64, sj int, third float64) (float64, int, float64, int, float64) {
	switch {
	case s < best:
		return s, j, best, bj, second
	case s < second:
		return best, bj, s, j, second
	case s < third:
		return best, bj, second, sj, s
	}
	return best, bj, second, sj, third
}

// Assign labels each row of x with the index of its nearest centroid (ties to the smallest
// index) and returns the labels and the k-means cost Σ_i ‖x_i − c_{label(i)}‖². It is the
// prediction step of a fitted KMeans or OnlineKMeans. Cost O(n·k·d), parallel over
// GOMAXPROCS goroutines with a deterministic reduction.
func Assign(x, centroids mat.Matrix) (labels []int, cost float64, err error) {
	data, err := kmPrepare("Assign", x)
	if err != nil {
		return nil, 0, err
	}
	if check.IsNil(centroids) {
		return nil, 0, fmt.Errorf("cluster: Assign: centroids are nil: %w", ErrShape)
	}
	k, _ := centroids.Dims()
	if k == 0 {
		return nil, 0, fmt.Errorf("cluster: Assign: no centroids: %w", ErrParam)
	}
	cent, err := kmCentroidSlice("Assign", centroids, k, data.d)
	if err != nil {
		return nil, 0, err
	}
	w, _ := kmWorkers("Assign", 0)
	e := kmNewEngine(data, k, w)
	e.assign(cent)
	return e.labels, e.cost, nil
}
