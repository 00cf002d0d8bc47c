package cluster

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/metrics"
	"gonum.org/v1/gonum/mat"
)

// PairwiseCostDirected returns the pairwise clustering cost per object of a hard assignment,
// H(c; A)/n with H = Σ_ν (1/(2n_ν)) Σ_{i,j: c(i)=c(j)=ν} A_ij, for any square matrix A with zero
// diagonal, summed entry by entry. Unlike PairwiseCost it accepts an asymmetric A (a directed
// dissimilarity): every pair of a cluster enters once as A_ij and once as A_ji, so the cost is
// that of the symmetric part ½(A + Aᵀ) (SLT chapter 9, eq. 9.2), which is what Pairwise should
// be given. Entries must be finite and non-negative, the diagonal 0; empty clusters contribute
// 0; labels lie in [0, k) with 1 ≤ k ≤ n. Cost O(n²).
func PairwiseCostDirected(a mat.Matrix, labels []int, k int) (float64, error) {
	const fn = "PairwiseCostDirected"
	if check.IsNil(a) {
		return 0, fmt.Errorf("cluster: %s: nil matrix: %w", fn, ErrEmpty)
	}
	n, c := a.Dims()
	if n != c || n == 0 {
		return 0, fmt.Errorf("cluster: %s: shape %d×%d, want square and non-empty: %w", fn, n, c, ErrShape)
	}
	if err := pwCheckLabels(fn, labels, n, k); err != nil {
		return 0, err
	}
	size, within := make([]float64, k), make([]float64, k)
	for i, l := range labels {
		size[l]++
		for j, m := range labels {
			v := a.At(i, j)
			switch {
			case math.IsNaN(v) || math.IsInf(v, 0):
				return 0, fmt.Errorf("cluster: %s: entry (%d,%d) is %g: %w", fn, i, j, v, ErrNotFinite)
			case v < 0:
				return 0, fmt.Errorf("cluster: %s: negative entry a(%d,%d) = %g: %w", fn, i, j, v, ErrParam)
			case i == j && v != 0:
				return 0, fmt.Errorf("cluster: %s: diagonal entry a(%d,%d) = %g, want 0: %w", fn, i, i, v, ErrParam)
			}
			if l == m {
				within[l] += v
			}
		}
	}
	h := 0.0
	for q := range within {
		if size[q] > 0 {
			h += within[q] / (2 * size[q])
		}
	}
	return h / float64(n), nil
}

// pwCheckLabels checks n labels in [0, k) with 1 ≤ k ≤ n; errors name fn.
func pwCheckLabels(fn string, labels []int, n, k int) error {
	if len(labels) != n {
		return fmt.Errorf("cluster: %s: %d labels for %d objects: %w", fn, len(labels), n, ErrShape)
	}
	if k < 1 || k > n {
		return fmt.Errorf("cluster: %s: k = %d, want 1 ≤ k ≤ n = %d: %w", fn, k, n, ErrParam)
	}
	for i, l := range labels {
		if l < 0 || l >= k {
			return fmt.Errorf("cluster: %s: label %d of object %d outside [0, %d): %w", fn, l, i, k, ErrLabel)
		}
	}
	return nil
}

// PairwiseFirstSplit returns the index of the first level of an annealing path (Pairwise.FitPath)
// with more than one effective cluster (PairwiseLevel.Distinct > 1), or −1 if the path never
// splits. Read beside PairwiseCriticalT, it shows how close the schedule's split comes to the
// predicted T_c. Cost O(len(path)).
func PairwiseFirstSplit(path []PairwiseLevel) int {
	return slices.IndexFunc(path, func(l PairwiseLevel) bool { return l.Distinct > 1 })
}

// PairwiseCurves are the series of an annealing path that its plots draw, one entry per level
// (SLT chapter 9, Figure 9.1).
type PairwiseCurves struct {
	T, Cost, HardCost, Entropy, FreeEnergy []float64 // the PairwiseLevel fields, level by level
	// Own is levels×n: entry (l, i) is q_{i,c(i)} at level l, the probability that the
	// mean-field distribution gives object i's final cluster c(i) (the last level's Labels).
	Own *mat.Dense
	// MeanOwn is the mean of each row of Own over the objects.
	MeanOwn []float64
}

// PairwisePathCurves collects the curves of an annealing path from Pairwise.FitPath: the
// temperatures, costs, entropies and free energies per object, and the probability of each
// object's final cluster at every level, which is 1/K above the first split and rises to 1
// as T → 0. The path must be non-empty with levels of equal shape (ErrEmpty, ErrShape).
// Cost O(L·n) for L levels.
func PairwisePathCurves(path []PairwiseLevel) (*PairwiseCurves, error) {
	const fn = "PairwisePathCurves"
	if len(path) == 0 {
		return nil, fmt.Errorf("cluster: %s: empty path: %w", fn, ErrEmpty)
	}
	last := path[len(path)-1]
	if last.Posteriors == nil {
		return nil, fmt.Errorf("cluster: %s: level %d has no posteriors: %w", fn, len(path)-1, ErrShape)
	}
	n, k := last.Posteriors.Dims()
	final := last.Labels
	if len(final) != n {
		return nil, fmt.Errorf("cluster: %s: last level has %d labels for %d objects: %w", fn, len(final), n, ErrShape)
	}
	cur := &PairwiseCurves{Own: mat.NewDense(len(path), n, nil)}
	for l, lv := range path {
		if lv.Posteriors == nil {
			return nil, fmt.Errorf("cluster: %s: level %d has no posteriors: %w", fn, l, ErrShape)
		}
		if r, c := lv.Posteriors.Dims(); r != n || c != k {
			return nil, fmt.Errorf("cluster: %s: level %d posteriors are %d×%d, want %d×%d: %w", fn, l, r, c, n, k, ErrShape)
		}
		cur.T, cur.Cost = append(cur.T, lv.T), append(cur.Cost, lv.Cost)
		cur.HardCost, cur.Entropy = append(cur.HardCost, lv.HardCost), append(cur.Entropy, lv.Entropy)
		cur.FreeEnergy = append(cur.FreeEnergy, lv.FreeEnergy)
		m := 0.0
		for i, c := range final {
			if c < 0 || c >= k {
				return nil, fmt.Errorf("cluster: %s: final label %d of object %d outside [0, %d): %w", fn, c, i, k, ErrLabel)
			}
			q := lv.Posteriors.At(i, c)
			cur.Own.Set(l, i, q)
			m += q
		}
		cur.MeanOwn = append(cur.MeanOwn, m/float64(n))
	}
	return cur, nil
}

// PairwiseMissing measures how pairwise clustering degrades when dissimilarities are missing
// at random (SLT chapter 9 §9.4). For every fraction f it hides pairs Hidings times
// (HidePairs with seeds 0, 1, …), anneals with the missing-data fields (Pairwise with Missing
// set) and scores each partition against known classes and on the complete matrix. Comparing
// the observed cost of the partition found with the observed cost of the true classes tells
// the data's failures (a partition with lower observed cost than the truth exists) from the
// optimiser's (annealing stops in a worse local minimum than the truth).
//
// Zero values: Hidings 5 (at most MaxRestarts). Fractions must be non-empty, each in [0, 1).
// Cost: len(Fractions)·Hidings + 1 runs of Pairwise.Fit, plus O(n²) per run for the costs.
type PairwiseMissing struct {
	Pairwise  Pairwise  // the annealing run on every hiding (Missing is switched on)
	Fractions []float64 // fractions f of hidden pairs
	Hidings   int       // hidings per fraction
}

// PairwiseHiding is one run of PairwiseMissing: the hiding, the partition found and its scores.
type PairwiseHiding struct {
	Fraction float64
	Seed     uint64 // the seed of HidePairs
	Labels   []int  // the partition annealing found
	// Agreement is metrics.MatchedAccuracy of Labels against the true classes.
	Agreement float64
	// Cost and TruthCost are the costs per object over the observed pairs (PairwiseResult.Cost)
	// of Labels and of the true classes; CompleteCost is PairwiseCost of Labels on the
	// complete matrix.
	Cost, TruthCost, CompleteCost float64
}

// PairwiseMissingResult is the outcome of PairwiseMissing.Fit: the runs, and per fraction
// (entry i belongs to Fractions[i], the layout of StabilityResult) their summaries.
type PairwiseMissingResult struct {
	Complete  *PairwiseResult  // the fit on the complete matrix
	Hidings   []PairwiseHiding // every run, fraction by fraction
	Fractions []float64        // the fractions f, as given
	// Recovered is the share of hidings whose partition is the true one (Agreement = 1).
	Recovered []float64
	// Preferred is the share of hidings in which the true classes have an observed cost no
	// larger than the partition found (up to a relative 10⁻¹²): the data still point to them.
	Preferred []float64
	// RelCost is the mean CompleteCost relative to the cost of the complete-data fit (a
	// ratio 0/0 counts as 1, c/0 as +Inf).
	RelCost []float64
	// WorstAgreement is the smallest Agreement of the hidings.
	WorstAgreement []float64
}

// Fit runs the study on the complete dissimilarities d (validated as in PairwiseCost: no
// missing entries) with the true classes truth (n labels in [0, n)).
func (s PairwiseMissing) Fit(d mat.Matrix, truth []int) (*PairwiseMissingResult, error) {
	const fn = "PairwiseMissing.Fit"
	p, err := pwPrepare(fn, d, false)
	if err != nil {
		return nil, err
	}
	if len(truth) != p.n {
		return nil, fmt.Errorf("cluster: %s: %d true labels for %d objects: %w", fn, len(truth), p.n, ErrShape)
	}
	kt := 0
	for i, l := range truth {
		if l < 0 || l >= p.n {
			return nil, fmt.Errorf("cluster: %s: true label %d of object %d outside [0, %d): %w", fn, l, i, p.n, ErrLabel)
		}
		kt = max(kt, l+1)
	}
	if len(s.Fractions) == 0 {
		return nil, fmt.Errorf("cluster: %s: no Fractions: %w", fn, ErrEmpty)
	}
	for i, f := range s.Fractions {
		if !(f >= 0 && f < 1) {
			return nil, fmt.Errorf("cluster: %s: Fractions[%d] = %g, want 0 ≤ f < 1: %w", fn, i, f, ErrParam)
		}
	}
	hidings := cmp.Or(s.Hidings, 5)
	if hidings < 1 {
		return nil, fmt.Errorf("cluster: %s: Hidings = %d, want ≥ 0: %w", fn, s.Hidings, ErrParam)
	}
	if err := check.Size("cluster: "+fn, "Hidings", hidings, MaxRestarts); err != nil {
		return nil, err
	}
	pc := s.Pairwise
	pc.Missing = true
	res := &PairwiseMissingResult{Fractions: slices.Clone(s.Fractions)}
	if res.Complete, err = pc.Fit(p.d); err != nil {
		return nil, fmt.Errorf("cluster: %s: complete data: %w", fn, err)
	}
	for _, f := range s.Fractions {
		recovered, preferred, rel, worst := 0, 0, 0.0, 1.0
		for seed := range uint64(hidings) {
			h, err := HidePairs(p.d, f, seed)
			if err != nil {
				return nil, fmt.Errorf("cluster: %s: %w", fn, err)
			}
			r, err := pc.Fit(h)
			if err != nil {
				return nil, fmt.Errorf("cluster: %s: f = %g, seed %d: %w", fn, f, seed, err)
			}
			ph, err := pwPrepare(fn, h, true)
			if err != nil {
				return nil, err
			}
			acc, _, err := metrics.MatchedAccuracy(truth, r.Labels)
			if err != nil {
				return nil, fmt.Errorf("cluster: %s: %w", fn, err)
			}
			run := PairwiseHiding{Fraction: f, Seed: seed, Labels: r.Labels, Agreement: acc,
				Cost: r.Cost, TruthCost: pwHardCost(ph, truth, kt),
				CompleteCost: pwHardCost(p, r.Labels, pc.K)}
			res.Hidings = append(res.Hidings, run)
			if acc == 1 {
				recovered++
			}
			if run.TruthCost <= run.Cost+1e-12*math.Max(1, run.Cost) {
				preferred++
			}
			rel += pwRelative(run.CompleteCost, res.Complete.Cost) / float64(hidings)
			worst = math.Min(worst, acc)
		}
		res.Recovered = append(res.Recovered, float64(recovered)/float64(hidings))
		res.Preferred = append(res.Preferred, float64(preferred)/float64(hidings))
		res.RelCost, res.WorstAgreement = append(res.RelCost, rel), append(res.WorstAgreement, worst)
	}
	return res, nil
}

// pwRelative is c/ref, with 0/0 = 1 (a zero matrix: every partition costs 0).
func pwRelative(c, ref float64) float64 {
	if ref == 0 {
		if c == 0 {
			return 1
		}
		return math.Inf(1)
	}
	return c / ref
}
