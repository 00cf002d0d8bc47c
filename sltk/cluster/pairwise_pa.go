package cluster

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/internal/assign"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/mcmc"
	"gonum.org/v1/gonum/mat"
)

// PairwiseCriticalT returns the temperature T_c at which the uniform solution of mean-field
// pairwise clustering (Pairwise) becomes unstable, and the direction of the first split
// (SLT chapter 9, Pairwise clustering):
//
//	T_c = 2 λ_max(S^c) / n,   S^c = −½ Q D Q,   Q = I − (1/n) e eᵀ.
//
// Linearising the mean-field equations at ⟨m_q^(α)⟩ = 1/K, a perturbation ε_q of the
// assignments of cluster q is mapped to −(1/(nT)) Q D Q ε_q = (2/(nT)) S^c ε_q, for every K, so
// the uniform fixed point loses stability when the largest eigenvalue 2λ_max(S^c)/(nT) reaches
// 1. The returned unit vector v is the leading eigenvector of S^c: just below T_c the objects
// with v_α > 0 and those with v_α < 0 move towards different clusters. For squared Euclidean
// distances S^c is the Gram matrix of the centred points and T_c = 2 λ_max(covariance), the
// critical temperature of soft k-means. Since λ_max ≤ tr S^c, T_c ≤ (n−1)/n · d̄ (mean
// off-diagonal dissimilarity), below the first temperature of the default schedule.
// d is validated as in PairwiseCost (no missing entries). Cost O(n³) (a symmetric
// eigen-decomposition) and O(n²) memory.
func PairwiseCriticalT(d mat.Matrix) (float64, []float64, error) {
	p, err := pwPrepare("PairwiseCriticalT", d, false)
	if err != nil {
		return 0, nil, err
	}
	n := p.n
	row := make([]float64, n)
	all := 0.0
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			row[i] += p.d.At(i, j)
		}
		all += row[i]
		row[i] /= float64(n)
	}
	all /= float64(n * n)
	s := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			s.SetSym(i, j, -0.5*(p.d.At(i, j)-row[i]-row[j]+all))
		}
	}
	var eig mat.EigenSym
	if !eig.Factorize(s, true) {
		return 0, nil, fmt.Errorf("cluster: PairwiseCriticalT: eigen-decomposition failed: %w", ErrNotFinite)
	}
	vals := eig.Values(nil)
	var vecs mat.Dense
	eig.VectorsTo(&vecs)
	v := mat.Col(nil, n-1, &vecs)
	// Fix the sign: the largest-magnitude entry is positive.
	big := 0
	for i, x := range v {
		if math.Abs(x) > math.Abs(v[big]) {
			big = i
		}
	}
	if v[big] < 0 {
		for i := range v {
			v[i] = -v[i]
		}
	}
	return math.Max(0, 2*vals[n-1]/float64(n)), v, nil
}

// PairwiseLevel is the mean-field state of pairwise clustering at one temperature of an
// annealing path.
type PairwiseLevel struct {
	T float64
	// Cost is the mean-field cost (1/(2n)) Σ_q Σ_α ⟨m_q^(α)⟩ d̄_qα at the fixed point, with
	// d̄_qα = Σ_δ ⟨m_q^(δ)⟩ d_αδ / Σ_δ ⟨m_q^(δ)⟩ (over observed δ when entries are missing):
	// the cost C14 with the cluster sizes replaced by their expectations, the function whose
	// gradient the mean fields are. It equals PairwiseCost for hard assignments. HardCost is
	// the cost C14 of Labels.
	Cost, HardCost float64
	// Entropy is the assignment entropy per object, −(1/n) Σ_α Σ_q m log m (nats), and
	// FreeEnergy the mean-field free energy per object, Cost − T·Entropy: the Gibbs
	// distribution is ∝ exp(−n·C14/T), so n·FreeEnergy approximates −T log Z.
	Entropy, FreeEnergy float64
	Posteriors          *mat.Dense // n×K soft assignments at T
	Labels              []int      // argmax of each row of Posteriors
	// Distinct is the number of effective clusters: columns of Posteriors carrying mass, with
	// columns that differ by less than 0.01 in every entry counted once.
	Distinct  int
	Converged bool
	Iter      int
}

// FitPath anneals exactly like Fit (the same start, schedule, jitter and generic mean field,
// mcmc.MeanFieldAnneal) and returns the state at every temperature of the schedule, which Fit
// does not keep: the soft assignments show where the clusters split (PairwiseCriticalT) and are
// what posterior agreement (PairwisePA) compares. The last level's Posteriors and Labels are
// those of Fit. The defaults are those of Fit (schedule from 2·d̄ down to d̄/200 by the factor
// 1/1.1). Cost: that of Fit plus O(n²·K) per temperature for the level's cost, and O(n·K)
// memory per level.
func (pc Pairwise) FitPath(d mat.Matrix) ([]PairwiseLevel, error) {
	p, err := pwPrepare("Pairwise.FitPath", d, pc.Missing)
	if err != nil {
		return nil, err
	}
	n, k := p.n, pc.K
	if k < 1 || k > n {
		return nil, fmt.Errorf("cluster: Pairwise.FitPath: K = %d, want 1 ≤ K ≤ n = %d: %w", k, n, ErrParam)
	}
	sch, err := pwResolve("Pairwise.FitPath", pc.Schedule, pc.Tol, pc.MaxIter, pc.Noise, p.scale)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(pc.Seed, pwStream))
	m, _, err := pwStart("Pairwise.FitPath", pc.Init, n, k, p.scale, sch.sched.T0, rng, "K")
	if err != nil {
		return nil, err
	}
	dm, om := mat.NewDense(n, k, nil), mat.NewDense(n, k, nil)
	model := &pwModel{n: n, k: k, buf: mat.NewDense(n, k, nil), fields: func(m, e *mat.Dense) float64 {
		return pwFields(p, m, e, dm, om)
	}}
	res, err := mcmc.MeanFieldAnneal{Schedule: sch.sched, Tol: sch.tol, MaxIter: sch.maxIter,
		Noise: cmp.Or(sch.noise, -1), Init: m, Rand: rng}.Run(model)
	if err != nil {
		return nil, fmt.Errorf("cluster: Pairwise.FitPath: %w", err)
	}
	path := make([]PairwiseLevel, len(res.Levels))
	for i, lv := range res.Levels {
		labels := argmaxRows(lv.Q)
		c, h := pwMeanFieldCost(p, lv.Q)
		path[i] = PairwiseLevel{T: lv.T, Cost: c, HardCost: pwHardCost(p, labels, k), Entropy: h,
			FreeEnergy: c - lv.T*h, Posteriors: lv.Q, Labels: labels, Distinct: distinctColumns(lv.Q, 0.01),
			Converged: lv.Converged, Iter: lv.Iter}
	}
	return path, nil
}

// pwMeanFieldCost returns the mean-field cost (1/(2n)) Σ_q Σ_α m_q^(α) d̄_qα of the soft
// assignments m (see PairwiseLevel.Cost) and their entropy per object. Cost O(n²·K).
func pwMeanFieldCost(p *pwData, m *mat.Dense) (cost, entropy float64) {
	n, k := m.Dims()
	var dm, om mat.Dense
	dm.Mul(p.d, m)
	if p.obs != nil {
		om.Mul(p.obs, m)
	}
	for q := 0; q < k; q++ {
		nq := 0.0
		for a := 0; a < n; a++ {
			nq += m.At(a, q)
		}
		for a := 0; a < n; a++ {
			den := nq
			if p.obs != nil {
				den = om.At(a, q)
			}
			if v := m.At(a, q); v > 0 {
				entropy -= v * math.Log(v)
				if den > 0 {
					cost += v * dm.At(a, q) / den
				}
			}
		}
	}
	return cost / (2 * float64(n)), entropy / float64(n)
}

// distinctColumns counts the columns of m (n×K) with total mass above 1e-6, merging columns
// whose entries all differ by less than tol.
func distinctColumns(m *mat.Dense, tol float64) int {
	n, k := m.Dims()
	var reps []int
	for q := 0; q < k; q++ {
		mass := 0.0
		for a := 0; a < n; a++ {
			mass += m.At(a, q)
		}
		if mass <= 1e-6 {
			continue
		}
		same := false
		for _, r := range reps {
			diff := 0.0
			for a := 0; a < n; a++ {
				diff = math.Max(diff, math.Abs(m.At(a, q)-m.At(a, r)))
			}
			if diff < tol {
				same = true
				break
			}
		}
		if !same {
			reps = append(reps, q)
		}
	}
	return len(reps)
}

// PairwiseLogPA returns log(|C|κ) = n log K + Σ_α log Σ_q p′_q^(α) p″_π(q)^(α), the posterior
// agreement of two soft assignments p′ and p″ (n×K, rows summing to 1) of the same n objects,
// SLT chapter 1 §1.5 and chapter 3 §3.8, with |C| = Kⁿ assignments. Cluster names are
// arbitrary when p′ and p″ come from two separate fits, so the columns of p″ are first matched
// to those of p′ by the permutation π that maximises the expected number of agreements
// Σ_α Σ_q p′_q p″_π(q) (the Hungarian method). The value is 0 for uniform posteriors, n log K
// for identical hard ones, and falls when the two disagree. An object whose two posteriors do
// not overlap (product below 10⁻³⁰⁰) contributes log 10⁻³⁰⁰ ≈ −690.8 instead of −∞. Cost O(n·K² + K³).
func PairwiseLogPA(p1, p2 mat.Matrix) (float64, error) {
	a, err := pwCheckStochastic("PairwiseLogPA", "p′", p1)
	if err != nil {
		return 0, err
	}
	n, k := a.Dims()
	b, err := pwCheckAssign("PairwiseLogPA", "p″", p2, n)
	if err != nil {
		return 0, err
	}
	if _, k2 := b.Dims(); k2 != k {
		return 0, fmt.Errorf("cluster: PairwiseLogPA: p′ is %d×%d, p″ is %d×%d: %w", n, k, n, k2, ErrShape)
	}
	if err := checkMatchK("PairwiseLogPA", k); err != nil {
		return 0, err
	}
	return pwLogPA(a, b), nil
}

func pwCheckStochastic(fn, name string, m mat.Matrix) (*mat.Dense, error) {
	if check.IsNil(m) {
		return nil, fmt.Errorf("cluster: %s: %s is nil: %w", fn, name, ErrShape)
	}
	n, _ := m.Dims()
	if n == 0 {
		return nil, fmt.Errorf("cluster: %s: %s is empty: %w", fn, name, ErrEmpty)
	}
	return pwCheckAssign(fn, name, m, n)
}

func checkMatchK(fn string, k int) error {
	if k > MaxMatchK {
		return fmt.Errorf("cluster: %s: K = %d, limit %d: %w", fn, k, MaxMatchK, ErrTooLarge)
	}
	return nil
}

// pwLogPA is PairwiseLogPA on validated input.
func pwLogPA(a, b *mat.Dense) float64 {
	n, k := a.Dims()
	over := make([][]float64, k)
	for q := range over {
		over[q] = make([]float64, k)
		for r := range over[q] {
			s := 0.0
			for i := 0; i < n; i++ {
				s += a.At(i, q) * b.At(i, r)
			}
			over[q][r] = -s
		}
	}
	match, err := assign.Hungarian(over)
	if err != nil { // unreachable: finite square table
		match = make([]int, k)
		for q := range match {
			match[q] = q
		}
	}
	total := float64(n) * math.Log(float64(k))
	for i := 0; i < n; i++ {
		s := 0.0
		for q := 0; q < k; q++ {
			s += a.At(i, q) * b.At(i, match[q])
		}
		total += math.Log(math.Max(s, 1e-300))
	}
	return total
}

// PairwisePA selects the number of clusters of pairwise clustering by posterior agreement
// (SLT chapter 9; the centroid version is DAPA, SLT chapter 3 §3.8). Two dissimilarity
// matrices D′ and D″ of the same n objects (two noisy measurements, or two halves of the
// features) are annealed separately with the same schedule (Pairwise.FitPath), and at every
// temperature the two mean-field posteriors are scored by PairwiseLogPA. At high T both are
// uniform and the score is 0; it grows while the splits follow structure shared by D′ and D″
// and falls when further splits follow the noise of each. The estimate is the number of
// effective clusters (PairwiseLevel.Distinct of the D′ path) at the maximum.
type PairwisePA struct {
	// Pairwise is the annealing; its K is the largest number of clusters considered. A zero
	// Schedule is resolved from D′ (as Fit does) and used for both matrices.
	Pairwise Pairwise
}

// PairwisePAResult is the outcome of PairwisePA.Fit.
type PairwisePAResult struct {
	Path1, Path2 []PairwiseLevel // annealing paths on D′ and D″
	LogPA        []float64       // log(|C|κ) per temperature, |C| = Kⁿ
	Best         int             // index of the maximum of LogPA (the highest T on ties)
	TStar        float64         // its temperature
	KStar        int             // Path1[Best].Distinct
}

// Fit anneals on d1 and d2 and scores every temperature. The two matrices must have the same
// size (ErrShape); each is validated as in Pairwise.Fit. Cost: two FitPath runs plus
// O(n·K² + K³) per temperature.
func (a PairwisePA) Fit(d1, d2 mat.Matrix) (*PairwisePAResult, error) {
	pc := a.Pairwise
	p1, err := pwPrepare("PairwisePA.Fit", d1, pc.Missing)
	if err != nil {
		return nil, err
	}
	p2, err := pwPrepare("PairwisePA.Fit", d2, pc.Missing)
	if err != nil {
		return nil, err
	}
	if p1.n != p2.n {
		return nil, fmt.Errorf("cluster: PairwisePA.Fit: D′ is %d×%d, D″ is %d×%d: %w", p1.n, p1.n, p2.n, p2.n, ErrShape)
	}
	if err := checkMatchK("PairwisePA.Fit", pc.K); err != nil {
		return nil, err
	}
	pc.Schedule, err = pc.Schedule.Resolve(gibbs.Schedule{T0: 2 * p1.scale, TMin: p1.scale / 200, Cooling: 1 / 1.1})
	if err != nil {
		return nil, fmt.Errorf("cluster: PairwisePA.Fit: %w", err)
	}
	out := &PairwisePAResult{}
	if out.Path1, err = pc.FitPath(d1); err != nil {
		return nil, fmt.Errorf("cluster: PairwisePA.Fit: D′: %w", err)
	}
	if out.Path2, err = pc.FitPath(d2); err != nil {
		return nil, fmt.Errorf("cluster: PairwisePA.Fit: D″: %w", err)
	}
	for i := range out.Path1 {
		v := pwLogPA(out.Path1[i].Posteriors, out.Path2[i].Posteriors)
		out.LogPA = append(out.LogPA, v)
		if v > out.LogPA[out.Best] {
			out.Best = i
		}
	}
	out.TStar, out.KStar = out.Path1[out.Best].T, out.Path1[out.Best].Distinct
	return out, nil
}
