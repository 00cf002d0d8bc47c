package cluster

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/sltk-book/sltk/sltk/internal/par"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// EmptyClusterPolicy says what Lloyd's update does with a centroid that no row chose.
type EmptyClusterPolicy int

const (
	// EmptyKeep leaves the centroid where it was. AFDS chapter 1's K-MEANS divides by |C^j| = 0 here;
	// the spec's erratum fixes it this way, which keeps Thm 1.18's potential argument intact.
	EmptyKeep EmptyClusterPolicy = iota
	// EmptyFarthest moves the centroid onto the row farthest from its own centroid (several
	// empty clusters take the farthest rows in turn). This cannot raise the cost and usually
	// rescues a bad start; it is the alternative that ML chapter 4 (Clustering and embedding) gives
	// for Algorithm 2.
	EmptyFarthest
)

// Stream words for math/rand/v2's PCG, so that the seed alone selects the random numbers.
const (
	kmInitStream  = 0x6b6d_5f69_6e69_74 // "km_init"; the restart index is added
	kmOrderStream = 0x6b6d_5f6f_7264_72 // "km_ordr"; OnlineKMeans visiting order
)

// KMeans is Lloyd's algorithm (the batch k-means of AFDS chapter 1 (Understanding ML algorithms)
// §1.5 and ML chapter 4 (Clustering and embedding) Algorithm 2): starting from initial centroids,
// repeat (1) assign every row to its nearest centroid, ties to the smallest index, and (2) move
// every centroid to the mean of its rows, until no assignment changes. The cost Σ_i ‖x_i −
// z_{c(i)}‖² never increases, and the loop halts (Thm 1.18), but only at a local optimum that
// depends on the start; Restarts keeps the best of several starts.
//
// Zero values mean: Init KMeansPlusPlus, Restarts 1, MaxIter 300, Tol 0 (stop only when no label
// changes, the spec's rule), Empty EmptyKeep, Accel AccelAuto, Workers GOMAXPROCS.
//
// The assignment step is exact and comes in two forms. The plain step (AccelNone) measures every
// row against every centroid; on amd64 with AVX2 and FMA and K ≤ 256 it runs on a vector kernel.
// Hamerly's step (AccelHamerly): distance bounds prove for many rows, after the first iterations, that their nearest centroid cannot have
// changed, and only the other rows are measured against the competing centroids. Where the
// plain step runs on the assembly kernel (internal/kernel, AVX2 and FMA), a run starts with the plain step
// and sets up the bounds only once fewer than 1% of the labels change, and it drops them for
// good when they fail for more than a quarter of the rows (heavily overlapping clusters): the
// vector kernel measures every row for about what the bounds cost to keep. The
// labels, centroids, costs and trace are bit-identical to the plain Lloyd step (AccelNone),
// including the smallest-index tie rule, whichever step ran. The default, AccelAuto, takes the
// plain step where the vector kernel runs and the bounds elsewhere, which is what measured
// faster (see AccelAuto).
//
// Cost: with AccelNone O(n·k·d) time per iteration with no n×k matrix, and memory O(n + B·k·d)
// for B ≤ 256 blocks; AccelHamerly takes O(n·d + k²·d) plus the distances of the rows whose bounds
// fail, and O(n) more memory. The assignment runs on Workers goroutines over row blocks, and the
// result is bit-identical for any Workers value (see the package doc).
type KMeans struct {
	K int
	// Init selects the initial centroids; KMeansGiven takes them from Centroids.
	Init KMeansInit
	// Centroids are the k×d initial centroids for Init == KMeansGiven and must be nil otherwise.
	Centroids mat.Matrix
	// Restarts is the number of independently seeded runs; the one with the smallest cost wins
	// (the earliest on ties). It is ignored for KMeansGiven, where every run would be the same.
	Restarts int
	// MaxIter caps the number of assignment steps per run.
	MaxIter int
	// Tol > 0 also stops a run once an assignment lowers the cost by at most Tol times the
	// previous cost.
	Tol float64
	// Empty is the policy for clusters that lose all their rows.
	Empty EmptyClusterPolicy
	// Seed selects the random numbers of the initialisation; run r uses PCG(Seed, stream+r).
	Seed uint64
	// Accel selects the assignment step: AccelAuto (the default: whichever is faster here),
	// AccelHamerly (bounds skip rows) or AccelNone (every row against every centroid). All give
	// the same result, bit for bit.
	Accel KMeansAccel
	// Workers is the number of goroutines of the assignment step.
	Workers int
}

// KMeansResult is the outcome of KMeans.Fit or OnlineKMeans.Fit.
type KMeansResult struct {
	// Centroids are the final k×d centroids.
	Centroids *mat.Dense
	// Labels[i] is the cluster of row i: its nearest final centroid.
	Labels []int
	// Sizes[j] is the number of rows in cluster j.
	Sizes []int
	// Cost is Σ_i ‖x_i − Centroids[Labels[i]]‖², the k-means objective of the returned state.
	Cost float64
	// Iter is the number of loop executions of the chosen run: assignment steps for Lloyd
	// (the last one finding nothing to change when Converged), epochs for OnlineKMeans.
	Iter int
	// Converged reports that the run stopped at a fixed point (or met Tol) before the cap.
	Converged bool
	// Trace[s] is the cost after assignment step s+1, measured against the centroids that
	// step assigned to (for OnlineKMeans: the cost after epoch s+1). For Lloyd it is
	// non-increasing; at convergence its last entry equals Cost.
	Trace []float64
	// Restart is the index of the chosen run, and RestartCosts the final cost of every run.
	Restart      int
	RestartCosts []float64
	// CentroidTrace[s] holds the k×d centroids after epoch s+1 of an OnlineKMeans run with
	// TraceCentroids set (nil otherwise): the path of every prototype, one point per epoch.
	CentroidTrace []*mat.Dense
}

// Fit clusters the rows of x. It returns an error wrapping ErrEmpty, ErrNotFinite (naming
// the row and column), ErrParam (k ≤ 0 or k > n, or another option out of range) or ErrShape
// (Centroids not k×d).
func (km KMeans) Fit(x mat.Matrix) (*KMeansResult, error) {
	data, given, err := km.check("KMeans.Fit", x)
	if err != nil {
		return nil, err
	}
	restarts, maxIter := km.Restarts, cmp.Or(km.MaxIter, 300)
	if restarts == 0 || km.Init == KMeansGiven {
		restarts = 1
	}
	workers, err := kmWorkers("KMeans.Fit", km.Workers)
	if err != nil {
		return nil, err
	}
	k := km.K
	e := kmNewEngine(data, k, workers)
	// The iterations' parallel sections run on one team, whose goroutines poll for the next
	// one: goroutines started per iteration wake an idle core each time (tens of microseconds
	// to milliseconds on a virtual machine, as long as an iteration on 10⁵ rows).
	e.team = par.NewTeam(workers)
	defer e.team.Close()
	var best *KMeansResult
	costs := make([]float64, restarts)
	for r := range restarts {
		rng := rand.New(rand.NewPCG(km.Seed, kmInitStream+uint64(r)))
		cent, err := kmInitCentroids("KMeans.Fit", e, km.Init, given, rng)
		if err != nil {
			return nil, err
		}
		res := km.lloyd(e, cent, maxIter)
		costs[r] = res.Cost
		if best == nil || res.Cost < best.Cost {
			res.Restart = r
			best = res
		}
	}
	best.RestartCosts = costs
	return best, nil
}

// check validates the options and x for method fn and returns the rows of x and, for
// KMeansGiven, a copy of the starting centroids.
func (km KMeans) check(fn string, x mat.Matrix) (kmData, []float64, error) {
	data, err := kmPrepare(fn, x)
	if err != nil {
		return kmData{}, nil, err
	}
	k := km.K
	if k <= 0 || k > data.n {
		return kmData{}, nil, fmt.Errorf("cluster: %s: K = %d, want 1 ≤ K ≤ n = %d: %w", fn, k, data.n, ErrParam)
	}
	given, err := kmCheckInit(fn, km.Init, km.Centroids, k, data.d)
	if err != nil {
		return kmData{}, nil, err
	}
	return data, given, km.checkOptions(fn)
}

// checkOptions validates the options other than K, Init and Centroids.
func (km KMeans) checkOptions(fn string) error {
	switch {
	case km.Restarts < 0:
		return fmt.Errorf("cluster: %s: Restarts = %d, want ≥ 0: %w", fn, km.Restarts, ErrParam)
	case km.Restarts > MaxRestarts:
		return fmt.Errorf("cluster: %s: Restarts = %d, limit %d: %w", fn, km.Restarts, MaxRestarts, ErrTooLarge)
	case km.MaxIter < 0:
		return fmt.Errorf("cluster: %s: MaxIter = %d, want ≥ 0: %w", fn, km.MaxIter, ErrParam)
	case km.MaxIter > MaxIterLimit:
		return maxIterSize(fn, km.MaxIter)
	case km.Tol < 0 || math.IsNaN(km.Tol):
		return fmt.Errorf("cluster: %s: Tol = %v, want ≥ 0: %w", fn, km.Tol, ErrParam)
	case km.Empty != EmptyKeep && km.Empty != EmptyFarthest:
		return fmt.Errorf("cluster: %s: Empty = %d is not a known policy: %w", fn, int(km.Empty), ErrParam)
	case km.Accel < AccelAuto || km.Accel > AccelNone:
		return fmt.Errorf("cluster: %s: Accel = %d is not a known acceleration: %w", fn, int(km.Accel), ErrParam)
	}
	return nil
}

// KMeansStep is the reduced outcome of one assignment step against centroids z: Labels[i] is the
// nearest centroid of row i (ties to the smallest index, as Assign), Sums the k×d row-major
// coordinate sums of each cluster's rows, Counts its sizes, Cost Σ_i ‖x_i − z_{Labels[i]}‖², and
// Changed the number of rows whose label differs from the previous step's (every row in the
// first step), or any positive number when the step knows only that some label changed. Labels
// may be nil for Lloyd (data that do not fit in memory); FitWith needs them and counts Changed
// itself.
type KMeansStep struct {
	Labels  []int
	Sums    []float64
	Counts  []int
	Cost    float64
	Changed int
}

// Lloyd is Fit's Lloyd loop for data the caller holds, for example files on a cluster of
// machines (package mapreduce runs it over a file with one Beam job per step): step(it, z) runs
// assignment step it (from 1) against the k×d row-major centroids z (a copy the step may keep)
// and returns its reduced outcome. Lloyd moves every centroid with rows to the mean of its rows
// (Sums·(1/Counts)), leaves an empty one where it was (EmptyKeep), and stops when a step
// changes no label (Changed = 0) or, with Tol > 0, lowers the cost by at most Tol times the
// previous cost; a run stopped by MaxIter calls step once more (it = MaxIter + 1) so that
// centroids, sizes and cost describe the same state. The result is Fit's, with the last step's
// Labels (nil if it returned none). It needs Init KMeansGiven with Centroids K×d, Empty
// EmptyKeep and Restarts 0 or 1 (Accel and Workers do not apply), and returns ErrParam for
// another Init, Empty or Restarts or a nil step, the option errors of Fit, ErrNotFinite for a
// centroid, ErrShape for a step whose Sums, Counts or Labels have the wrong length or a label
// out of range, and any error of step. Cost: that of the steps plus O(k·d + len(Labels)) per
// step.
func (km KMeans) Lloyd(step func(it int, z []float64) (KMeansStep, error)) (*KMeansResult, error) {
	return km.lloydWith("KMeans.Lloyd", step)
}

// lloydWith is Lloyd for method fn.
func (km KMeans) lloydWith(fn string, step func(it int, z []float64) (KMeansStep, error)) (*KMeansResult, error) {
	if km.Init != KMeansGiven || km.Empty != EmptyKeep || km.Restarts > 1 || step == nil {
		return nil, fmt.Errorf("cluster: %s: Init %v, Empty %d, Restarts %d, step set %v; want KMeansGiven, EmptyKeep, ≤ 1, true: %w",
			fn, km.Init, int(km.Empty), km.Restarts, step != nil, ErrParam)
	}
	if check.IsNil(km.Centroids) {
		return nil, fmt.Errorf("cluster: %s: Centroids are nil: %w", fn, ErrShape)
	}
	k, d := km.Centroids.Dims()
	if k != km.K || k == 0 || d == 0 {
		return nil, fmt.Errorf("cluster: %s: Centroids are %d×%d, want K = %d rows and ≥ 1 column: %w", fn, k, d, km.K, ErrShape)
	}
	cent, err := kmCentroidSlice(fn, km.Centroids, k, d)
	if err == nil {
		err = km.checkOptions(fn)
	}
	if err != nil {
		return nil, err
	}
	n := -1 // the number of labels, fixed by the first step that returns any
	checked := func(it int) (KMeansStep, error) {
		st, err := step(it, slices.Clone(cent))
		if err != nil {
			return st, err
		}
		if n < 0 && st.Labels != nil {
			n = len(st.Labels)
		}
		if len(st.Sums) != k*d || len(st.Counts) != k || st.Changed < 0 || st.Labels != nil && len(st.Labels) != n {
			return st, fmt.Errorf("cluster: %s: step %d has %d sums, %d counts, %d labels, Changed %d; want %d, %d, %d, ≥ 0: %w",
				fn, it, len(st.Sums), len(st.Counts), len(st.Labels), st.Changed, k*d, k, max(n, 0), ErrShape)
		}
		for i, l := range st.Labels {
			if l < 0 || l >= k {
				return st, fmt.Errorf("cluster: %s: step %d labels row %d with %d, want 0 ≤ label < %d: %w", fn, it, i, l, k, ErrShape)
			}
		}
		return st, nil
	}
	res, err := km.loop(cent, d, cmp.Or(km.MaxIter, 300), checked, nil)
	if err != nil {
		return nil, err
	}
	res.RestartCosts = []float64{res.Cost}
	return res, nil
}

// FitWith is Fit with the assignment step supplied by the caller: assign(z) labels every row of x
// against the k×d row-major centroids z (which it may keep) and reduces the sums, counts and
// cost, for example as one Map-Reduce round over a cluster of machines (package mapreduce). It
// is Lloyd on the rows of x, with Changed counted from the labels (assign need not set it).
// It returns Fit's errors and Lloyd's, and ErrShape for a step without a label per row. With
// assign computing the sums in row order, as the engine does for n ≤ 2048 rows, the result is
// bit-identical to Fit's. Cost: that of the assign calls plus O(n + k·d) per iteration.
func (km KMeans) FitWith(x mat.Matrix, assign func(z []float64) (KMeansStep, error)) (*KMeansResult, error) {
	const fn = "KMeans.FitWith"
	data, _, err := km.check(fn, x)
	switch {
	case err != nil:
		return nil, err
	case assign == nil:
		return nil, fmt.Errorf("cluster: %s: assign is nil: %w", fn, ErrParam)
	}
	prev := make([]int, data.n)
	for i := range prev {
		prev[i] = -1
	}
	return km.lloydWith(fn, func(_ int, z []float64) (KMeansStep, error) {
		st, err := assign(z)
		if err != nil {
			return st, err
		}
		if len(st.Labels) != data.n {
			return st, fmt.Errorf("cluster: %s: step has %d labels, want %d: %w", fn, len(st.Labels), data.n, ErrShape)
		}
		st.Changed = 0
		for i, l := range st.Labels {
			if prev[i] != l {
				prev[i] = l
				st.Changed++
			}
		}
		return st, nil
	})
}

func kmCheckInit(fn string, m KMeansInit, c mat.Matrix, k, d int) ([]float64, error) {
	if m == KMeansGiven {
		return kmCentroidSlice(fn, c, k, d)
	}
	if !check.IsNil(c) {
		return nil, fmt.Errorf("cluster: %s: Centroids are set but Init is %v; use Init: KMeansGiven: %w", fn, m, ErrParam)
	}
	if m < KMeansPlusPlus || m > KMeansMeanNoise {
		return nil, fmt.Errorf("cluster: %s: Init = %d is not a known initialisation: %w", fn, int(m), ErrParam)
	}
	return nil, nil
}

// boundsAllowed tells whether a run on e may use Hamerly's bounds: AccelHamerly, or AccelAuto
// without the vector kernel.
func (km KMeans) boundsAllowed(e *kmEngine) bool {
	return km.Accel == AccelHamerly || km.Accel == AccelAuto && e.ct == nil
}

// lloyd runs Lloyd's iterations from cent (k×d, modified in place) on the engine's assignment
// step and returns the run's result.
func (km KMeans) lloyd(e *kmEngine, cent []float64, maxIter int) *KMeansResult {
	for i := range e.labels {
		e.labels[i] = -1
	}
	// accel: the bounds may still be used; bounded: they are in use. With the vector kernel the
	// plain step runs first and the bounds start once fewer than 1% of the labels change.
	accel := km.boundsAllowed(e)
	bounded := accel && e.ct == nil
	if accel {
		e.hamerly() // fresh bounds (allocated here, not in an iteration)
	}
	step := func(it int) (KMeansStep, error) {
		if bounded {
			e.assignHamerly(cent)
		} else {
			e.assign(cent)
		}
		switch {
		case it > maxIter: // the reassignment after the cap: nothing follows
		case bounded && e.ct != nil && e.boundsFail():
			// The vector kernel measures every row faster than the bounds help: for good.
			accel, bounded = false, false
			if km.Empty == EmptyFarthest {
				e.hamerlyMind() // the reseeding reads e.mind, which the bounded step left behind
			}
		case accel && !bounded && it > 1 && 100*e.changed < e.data.n:
			bounded = true
			e.hamerly() // the next assignment measures every row and sets the bounds
		}
		return KMeansStep{Labels: e.labels, Sums: e.sums, Counts: e.counts, Cost: e.cost, Changed: e.changed}, nil
	}
	var reseed func()
	if km.Empty == EmptyFarthest {
		reseed = func() {
			if bounded && slices.Contains(e.counts, 0) {
				e.hamerlyMind() // the bounded step does not keep the distances the reseeding reads
			}
			kmReseedEmpty(e, cent)
		}
	}
	res, _ := km.loop(cent, e.data.d, maxIter, step, reseed) // the engine's step cannot fail
	return res
}

// kmStats is the reduced outcome of the engine's last assignment step.
type kmStats struct {
	labels  []int     // cluster of each row; -1 before the first assignment
	sums    []float64 // k×d coordinate sums per cluster
	counts  []int     // k cluster sizes
	cost    float64
	changed int // rows whose label changed in the step
}

// loop is Lloyd's loop, shared by Fit and Lloyd: step(it) runs assignment step it against cent;
// while labels change (and Tol does not stop it) every centroid with rows moves to their mean,
// an empty one stays (EmptyKeep), and then reseed, if not nil, applies another Empty policy. A
// run stopped by the cap reassigns once (it = maxIter+1) so that labels, centroids and cost
// describe the same state. Cost O(k·d) per iteration beyond step.
func (km KMeans) loop(cent []float64, d, maxIter int, step func(it int) (KMeansStep, error), reseed func()) (*KMeansResult, error) {
	res := &KMeansResult{Trace: make([]float64, 0, min(maxIter, 64))}
	var s KMeansStep
	var err error
	for it := 1; it <= maxIter; it++ {
		if s, err = step(it); err != nil {
			return nil, err
		}
		res.Trace = append(res.Trace, s.Cost)
		res.Iter = it
		if s.Changed == 0 || km.Tol > 0 && it > 1 && res.Trace[it-2]-s.Cost <= km.Tol*res.Trace[it-2] {
			res.Converged = true
			break
		}
		for j, c := range s.Counts {
			if c == 0 {
				continue
			}
			inv := 1 / float64(c)
			for t := range d {
				cent[j*d+t] = s.Sums[j*d+t] * inv
			}
		}
		if reseed != nil {
			reseed()
		}
	}
	if !res.Converged {
		if s, err = step(maxIter + 1); err != nil {
			return nil, err
		}
		res.Converged = s.Changed == 0
	}
	k := len(s.Counts)
	res.Cost = s.Cost
	res.Labels = slices.Clone(s.Labels)
	res.Sizes = slices.Clone(s.Counts)
	res.Centroids = mat.NewDense(k, d, slices.Clone(cent))
	return res, nil
}

// kmReseedEmpty moves every empty cluster's centroid onto the row with the largest squared
// distance to its own centroid (ties to the smallest row index); a row is used at most once. It
// leaves e.mind as it is.
func kmReseedEmpty(e *kmEngine, cent []float64) {
	d := e.data.d
	e.used = e.used[:0]
	for j, c := range e.counts {
		if c != 0 {
			continue
		}
		far, fi := -1.0, -1
		for i, v := range e.mind {
			if v > far && !kmUsed(e.used, i) {
				far, fi = v, i
			}
		}
		if far <= 0 {
			return // every row sits on a centroid: nothing to gain
		}
		copy(cent[j*d:(j+1)*d], e.data.x[fi*d:(fi+1)*d])
		e.used = append(e.used, fi)
	}
}

func kmUsed(used []int, i int) bool {
	for _, u := range used {
		if u == i {
			return true
		}
	}
	return false
}

// Predict returns the nearest centroid of every row of x (ties to the smallest index), so a
// fitted k-means model is an sltk.Classifier. A nil or zero result returns ErrNotFitted.
// Cost O(n·K·d).
func (r *KMeansResult) Predict(x mat.Matrix) ([]int, error) {
	if r == nil || r.Centroids == nil {
		return nil, fmt.Errorf("cluster: KMeansResult.Predict: %w", errs.ErrNotFitted)
	}
	labels, _, err := Assign(x, r.Centroids)
	return labels, err
}
