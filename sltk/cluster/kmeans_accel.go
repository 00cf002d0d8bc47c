package cluster

import (
	"fmt"
	"math"
)

// KMeansAccel selects how KMeans's assignment step finds the nearest centroids. Every choice
// gives the same labels, centroids, costs and trace, bit for bit; they differ only in the work.
type KMeansAccel int

const (
	// AccelAuto (the default) chooses by what was measured to be faster: the plain step
	// (AccelNone) where it runs on the vector kernel (internal/kernel with AVX2 and FMA, K ≤ 256),
	// and Hamerly's bounds (AccelHamerly) where it does not (the purego build, other machines,
	// K > 256). On a 2-core Zen 4, over 60 shapes of 10⁵ rows (d 2–64, K 3–200, overlapping to
	// well separated blobs, 2 to 260 iterations) the bounded step was never more than 7 % faster
	// than the vector kernel and up to 2.4 times slower; with the row-by-row Go step the bounds
	// were 1.1–2.2 times faster (d 2–10, K 10–50, 20 iterations).
	AccelAuto KMeansAccel = iota
	// AccelHamerly skips the k-centroid search for a row whose nearest centroid
	// provably cannot have changed, with the distance bounds of Hamerly's algorithm (Hamerly
	// 2010, "Making k-means even faster"), refined by a second bound. Each row of cluster a keeps
	// the index s of its second-closest centroid, a lower bound on its distance to c_s and one on
	// its distance to every other centroid; after an update they are lowered by the drift of c_s
	// and by the largest drift of the others. Each centroid a also has half the distance to its
	// nearest other centroid. A row is skipped when its squared distance to c_a is below the
	// square of every bound; when only the bound on c_s fails, only c_s is measured; otherwise
	// all k centroids are. The tests carry a margin that covers every rounding error of the
	// computed squared distances, so a skip proves that every excluded centroid's computed
	// distance is strictly larger than the row's current one: exact ties, which go to the
	// smallest index, are always measured.
	//
	// The distance to the own centroid is still computed for every row (four rows at a time),
	// so the cost is the same sum as AccelNone's; the per-cluster coordinate sums of a block are
	// recomputed in row order, which makes the centroids the same bits, and only for the
	// clusters that gained or lost a row of the block when the block changed nothing in the
	// previous step. The bounds are kept against cumulative drifts, so a skipped row only reads.
	//
	// Cost per iteration: O(n·d + k²·d), plus O(d) for each row whose bound on c_s fails and
	// O(k·d) for each row whose other bound fails; memory O(n) more than AccelNone (20 bytes per
	// row: two bounds and an index). What it saves depends on the data: on well-separated
	// clusters nearly every row is skipped after the first iterations; on heavily overlapping
	// ones (k = 10 blobs in d = 10 with σ as large as the spread of the centres) about a third
	// of the rows still need all k distances, and with k·d ≈ 10 a full row costs little more
	// than a skipped one. It never needs more distances than AccelNone.
	AccelHamerly
	// AccelNone measures every row against every centroid, the textbook Lloyd step: O(n·k·d)
	// per iteration. It is kept so that the plain algorithm stays measurable.
	AccelNone
)

// String returns the name of the acceleration.
func (a KMeansAccel) String() string {
	switch a {
	case AccelAuto:
		return "auto"
	case AccelHamerly:
		return "hamerly"
	case AccelNone:
		return "none"
	}
	return fmt.Sprintf("KMeansAccel(%d)", int(a))
}

// Margins of the bound tests. The computed squared distance D̂ of two vectors with true distance
// δ satisfies |D̂ − δ²| ≤ γ_d·δ² with γ_d ≈ (d+2)·2⁻⁵³ (one rounding for each difference, square
// and addition, all terms non-negative) as long as nothing overflows or underflows; kmHamerly
// uses γ = (d+8)·2⁻⁵², more than twice that, which also absorbs the roundings of the bound
// arithmetic itself. Thresholds below kmTiny are not trusted (subnormal terms add an absolute
// error), nor are squared distances above kmHuge (overflow).
const (
	kmTiny        = 0x1p-900
	kmHuge        = 0x1p1000
	kmLowerShrink = 1 - 0x1p-51 // rounds a difference of bounds down
	kmDriftPad    = 0x1p-500    // absolute pad of a drift, above any subnormal error
	// kmCumGrow rounds a sum of drifts up: fl(fl(c+p)·(1+2⁻⁵¹)) ≥ c+p, so that the difference
	// of two cumulative sums is at least the sum of the drifts in between.
	kmCumGrow = 1 + 0x1p-51
)

// kmHamerly holds the state of the accelerated assignment step between iterations of one run.
type kmHamerly struct {
	gamma float64
	// The bounds are stored against cumulative drifts so that a skipped row writes nothing: the
	// lower bound on the distance from row i to c_s is off2[i] − cum[s], where cum[j] is the sum
	// of the drifts of centroid j over the run, and the one on its distance to every other
	// centroid (j ∉ {a, s}) is offR[i] − cumMax, with cumMax the sum of the largest drift of
	// each update. Both sums are rounded up and the offsets down.
	sec    []int32   // n: s, the second-closest centroid of row i when it was last measured
	off2   []float64 // n
	offR   []float64 // n
	cum    []float64 // k
	cumMax float64
	prev   []float64 // k×d: the centroids of the previous assignment
	thr    []float64 // k: every centroid is excluded for a row of cluster j with D̂ < thr[j]

	fresh    bool   // no valid bounds: the next assignment measures every row fully
	fullSums []bool // nb: the block changed labels last time, so it sums all rows in one pass
	dirty    []bool // nb×(k+64): cluster j gained or lost a row of block b in this assignment
	bfull    []int  // nb: rows measured against all centroids in this assignment
	bone     []int  // nb: rows measured against their own and second centroid only
	fn       func(int)
}

// hamerly returns the engine's bound state, allocating it on first use, and marks the bounds
// invalid so that the next assignHamerly starts from scratch.
func (e *kmEngine) hamerly() *kmHamerly {
	if e.hb == nil {
		k, d, n := e.k, e.data.d, e.data.n
		e.hb = &kmHamerly{
			gamma:    float64(d+8) * 0x1p-52,
			sec:      make([]int32, n),
			off2:     make([]float64, n),
			offR:     make([]float64, n),
			cum:      make([]float64, k),
			prev:     make([]float64, k*d),
			thr:      make([]float64, k),
			fullSums: make([]bool, e.nb),
			dirty:    make([]bool, e.nb*(k+64)),
			bfull:    make([]int, e.nb),
			bone:     make([]int, e.nb),
		}
		e.hb.fn = e.hamerlyBlock
	}
	e.hb.fresh = true
	clear(e.hb.cum)
	e.hb.cumMax = 0
	return e.hb
}

// assignHamerly is assign with Hamerly's bounds: the same labels, cost, counts and sums (bit for
// bit), skipping the k-centroid search for rows whose label provably stays. The first call after
// hamerly() measures every row. Cost O(n·d + k²·d) plus the work of the rows not skipped.
func (e *kmEngine) assignHamerly(cent []float64) {
	h := e.hb
	h.prepare(cent, e.k, e.data.d)
	e.cent = cent
	e.parallel(h.fn)
	e.reduce()
	h.fresh = false
}

// fullRows is the number of rows that the last assignHamerly measured against all centroids,
// and pairRows the number measured against their own and second-closest centroid only.
func (e *kmEngine) fullRows() (full, pairRows int) {
	for b, v := range e.hb.bfull {
		full += v
		pairRows += e.hb.bone[b]
	}
	return full, pairRows
}

// boundsFail reports that the last assignHamerly had to measure more than a quarter of the
// rows against more than their own centroid: the bounds then save less than they cost.
func (e *kmEngine) boundsFail() bool {
	full, pair := e.fullRows()
	return 4*(full+pair) > e.data.n
}

// prepare compares cent with the previous centroids (drifts) and sets the per-centroid
// thresholds. Cost O(k²·d).
func (h *kmHamerly) prepare(cent []float64, k, d int) {
	g := h.gamma
	anyMoved := false
	if !h.fresh {
		m := 0.0
		for j := range k {
			c, p := cent[j*d:(j+1)*d], h.prev[j*d:(j+1)*d]
			moved := false
			for t := range c {
				if math.Float64bits(c[t]) != math.Float64bits(p[t]) {
					moved = true
					break
				}
			}
			if !moved {
				continue
			}
			anyMoved = true
			dr := math.Sqrt(kmDist2(c, p))*(1+g) + kmDriftPad
			h.cum[j] = (h.cum[j] + dr) * kmCumGrow
			if dr > m {
				m = dr
			}
		}
		if anyMoved {
			h.cumMax = (h.cumMax + m) * kmCumGrow
		}
	}
	if h.fresh || anyMoved {
		// thr[a] = ¼·min_{j≠a} D̂(c_a, c_j)·(1 − 3γ): a row of cluster a with D̂ below it is
		// nearer to c_a than half the way to any other centroid, with room for rounding.
		if k == 1 {
			h.thr[0] = math.MaxFloat64 // a single centroid: nothing can change
		} else {
			for j := range k {
				h.thr[j] = math.Inf(1)
			}
			for a := range k {
				ca := cent[a*d : (a+1)*d]
				for j := a + 1; j < k; j++ {
					s := kmDist2(ca, cent[j*d:(j+1)*d])
					h.thr[a] = min(h.thr[a], s)
					h.thr[j] = min(h.thr[j], s)
				}
			}
			for j, s := range h.thr {
				if s >= kmHuge {
					h.thr[j] = 0
				} else {
					h.thr[j] = 0.25 * s * (1 - 3*g)
				}
			}
		}
	}
	copy(h.prev, cent)
}

// kmLowerBound returns a lower bound on the true distance whose computed square is v (0 when v
// may have overflowed).
func kmLowerBound(v, sfac float64) float64 {
	if v < kmHuge {
		return math.Sqrt(v) * sfac
	}
	return 0
}

// hamerlyBlock is the accelerated assignment step for the rows of block b.
//
// Soundness. For a row x of cluster a let D̂_j be the computed squared distance to c_j and δ_j
// the true distance; Lloyd keeps a iff D̂_j > D̂_a for j < a and D̂_j ≥ D̂_a for j > a. A
// centroid j is excluded only when D̂_j > D̂_a is proved, and then it can neither be the minimum
// nor tie with it, so searching the remaining centroids in index order gives Lloyd's answer.
// Since D̂_j ≥ (1−γ)δ_j², a lower bound m ≤ δ_j proves D̂_j > D̂_a when (1−γ)·m² > D̂_a; the bounds
// are the row's low2 (for c_s) and lower (for the others), each set from a computed distance
// when the row was last measured and lowered by the drifts since, and Hamerly's half-distance
// test δ_j ≥ ‖c_a − c_j‖ − δ_a, which turns into D̂_a < thr[a] for all j at once. Every
// rounding in the bounds goes in the safe direction.
func (e *kmEngine) hamerlyBlock(b int) {
	h := e.hb
	d, k := e.data.d, e.k
	lo, hi := b*e.bs, min((b+1)*e.bs, e.data.n)
	sums := e.blockSums(b)
	counts := e.blockCounts(b)
	dirty := h.dirty[b*(k+64) : b*(k+64)+k]
	cent := e.cent[:k*d]
	x, labels := e.data.x, e.labels
	sec, off2, offR, cum, cumMax := h.sec, h.off2, h.offR, h.cum[:k], h.cumMax
	full := h.fresh || h.fullSums[b]
	if full {
		clear(sums)
		clear(counts)
	}
	sfac, lfac := 1-h.gamma, 1-2*h.gamma
	fresh, thr := h.fresh, h.thr
	cost, changed, nfull, nsec := 0.0, 0, 0, 0
	var own [4]float64 // D̂_a of the rows i..i+3, measured together
	for i := lo; i < hi; i++ {
		xi := x[i*d : (i+1)*d]
		a := labels[i]
		var best float64
		var bj int
		if !fresh {
			// The distance to the own centroid, four rows at a time: four independent sums
			// overlap where one would wait on its own additions. A centroid that did not move
			// gives the same bits as last time, so there is no need to branch on that.
			q := (i - lo) & 3
			if q == 0 {
				e.ownDistances(i, hi, &own)
			}
			D := own[q]
			s := int(sec[i])
			t, tr := kmThresholds(off2[i]-cum[s], offR[i]-cumMax, thr[a], lfac)
			if D < t && t >= kmTiny {
				cost += D
				if full {
					counts[a]++
					kmAddRow(sums[a*d:(a+1)*d], xi)
				}
				continue
			}
			if D < tr && tr >= kmTiny {
				// Only c_s can compete: measure it and keep the smaller, ties to the smaller index.
				nsec++
				Ds := kmDist2(xi, cent[s*d:(s+1)*d])
				best, bj = D, a
				if Ds < D || (Ds == D && s < a) {
					best, bj = Ds, s
					sec[i] = int32(a)
					off2[i] = (kmLowerBound(D, sfac) + cum[a]) * kmLowerShrink
				} else {
					off2[i] = (kmLowerBound(Ds, sfac) + cum[s]) * kmLowerShrink
				}
				goto assigned
			}
		}
		nfull++
		best, bj = h.searchAll(i, xi, cent, k, sfac, cumMax)
	assigned:
		if bj != a {
			labels[i] = bj
			changed++
			if !full {
				counts[a]--
				counts[bj]++
				dirty[a], dirty[bj] = true, true
			}
		}
		cost += best
		if full {
			counts[bj]++
			kmAddRow(sums[bj*d:(bj+1)*d], xi)
		}
	}
	if !full && changed > 0 {
		e.resumDirty(lo, hi, sums, dirty)
	}
	h.fullSums[b] = changed > 0
	h.bfull[b] = nfull
	h.bone[b] = nsec
	e.bcost[b] = cost
	e.bchanged[b] = changed
}

// ownDistances measures the distance of rows i, …, i+3 (fewer at the block end hi) to their
// own centroids, four rows at a time: four independent sums overlap where one would wait on
// its own additions.
func (e *kmEngine) ownDistances(i, hi int, own *[4]float64) {
	d, x, labels, cent := e.data.d, e.data.x, e.labels, e.cent
	if i+4 <= hi {
		a0, a1, a2, a3 := labels[i], labels[i+1], labels[i+2], labels[i+3]
		own[0], own[1], own[2], own[3] = kmDist4(
			x[i*d:(i+1)*d], x[(i+1)*d:(i+2)*d], x[(i+2)*d:(i+3)*d], x[(i+3)*d:(i+4)*d],
			cent[a0*d:(a0+1)*d], cent[a1*d:(a1+1)*d], cent[a2*d:(a2+1)*d], cent[a3*d:(a3+1)*d])
		return
	}
	for r := 0; i+r < hi; r++ {
		ar := labels[i+r]
		own[r] = kmDist2(x[(i+r)*d:(i+r+1)*d], cent[ar*d:(ar+1)*d])
	}
}

// kmThresholds turns the bound differences ls (to the second-closest centroid s) and lr (to
// every other one) into the squared-distance thresholds below which row i keeps its centroid a:
// t excludes every centroid but a, tr all but a and s. ta is a's own threshold. The bounds as
// computed may exceed the real differences by one rounding; lfac's margin covers that. A
// negative difference bounds nothing. The builtin max and min would cost more here (NaN and ±0
// rules), so plain comparisons.
func kmThresholds(ls, lr, ta, lfac float64) (t, tr float64) {
	if ls < 0 {
		ls = 0
	}
	if lr < 0 {
		lr = 0
	}
	tr = lr * lr * lfac
	if ta > tr {
		tr = ta
	}
	t = ls * ls * lfac
	if ta > t {
		t = ta
	}
	if tr < t {
		t = tr
	}
	return t, tr
}

// kmAddRow adds the row xi to a cluster's coordinate sums sb.
func kmAddRow(sb, xi []float64) {
	sb = sb[:len(xi)]
	for c, v := range xi {
		sb[c] += v
	}
}

// searchAll measures row i against every centroid (its bounds failed), records the second
// nearest and the bounds for the next step, and returns the nearest distance and index (ties
// to the smaller index).
func (h *kmHamerly) searchAll(i int, xi, cent []float64, k int, sfac, cumMax float64) (float64, int) {
	best, bj, second, sj, third := kmNearest3(xi, cent, k)
	h.sec[i] = int32(sj)
	h.off2[i] = (kmLowerBound(second, sfac) + h.cum[sj]) * kmLowerShrink
	lr := math.Inf(1) // no centroid besides the two nearest when k ≤ 2
	if k > 2 {
		lr = kmLowerBound(third, sfac)
	}
	h.offR[i] = (lr + cumMax) * kmLowerShrink
	return best, bj
}

// resumDirty recomputes, in row order, the sums of the clusters that gained or lost rows of
// the block [lo, hi); the others' sums are those of the same rows as last time, hence the same
// bits. It clears the dirty flags.
func (e *kmEngine) resumDirty(lo, hi int, sums []float64, dirty []bool) {
	d, x, labels := e.data.d, e.data.x, e.labels
	for j, dj := range dirty {
		if dj {
			clear(sums[j*d : (j+1)*d])
		}
	}
	for i := lo; i < hi; i++ {
		if a := labels[i]; dirty[a] {
			kmAddRow(sums[a*d:(a+1)*d], x[i*d:(i+1)*d])
		}
	}
	clear(dirty)
}

// kmDist4 is kmDist2 for four pairs at once: the same sums, interleaved.
func kmDist4(x0, x1, x2, x3, c0, c1, c2, c3 []float64) (s0, s1, s2, s3 float64) {
	x1, x2, x3 = x1[:len(x0)], x2[:len(x0)], x3[:len(x0)]
	c0, c1, c2, c3 = c0[:len(x0)], c1[:len(x0)], c2[:len(x0)], c3[:len(x0)]
	for t, v := range x0 {
		u0, u1, u2, u3 := v-c0[t], x1[t]-c1[t], x2[t]-c2[t], x3[t]-c3[t]
		s0 += u0 * u0
		s1 += u1 * u1
		s2 += u2 * u2
		s3 += u3 * u3
	}
	return
}

// hamerlyMind fills e.mind, which assignHamerly leaves alone, with every row's squared distance
// to the centroid it was assigned to (the same bits as assign's). Cost O(n·d).
func (e *kmEngine) hamerlyMind() {
	d, prev := e.data.d, e.hb.prev
	for i, a := range e.labels {
		e.mind[i] = kmDist2(e.data.x[i*d:(i+1)*d], prev[a*d:(a+1)*d])
	}
}
