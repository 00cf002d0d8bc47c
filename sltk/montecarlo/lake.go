package montecarlo

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/sltk-book/sltk/sltk/errs"
)

// Lake is a discretised lake (the water-sampling example of §6.1): Depth[x] ≥ 0 unit cubes
// below surface cell x. A uniform water sample hits cell x with probability
// D(x)/Σ_y D(y); each approach below returns how often its samples fall in each cell, so its
// bias is the distance of those frequencies from Target.
type Lake struct {
	Depth []int
}

// SyntheticLake returns a lake of `cells` surface cells, shallow (depth 1..4) except for
// three narrow canyons of width 2 and depth 40, the situation in which the approaches differ.
// cells ≥ 20.
func SyntheticLake(cells int, seed uint64) (Lake, error) {
	if cells < 20 || cells > 1<<24 {
		return Lake{}, fmt.Errorf("montecarlo: SyntheticLake: cells = %d, want in [20, 2^24]: %w", cells, ErrParam)
	}
	rng := rand.New(rand.NewPCG(seed, 0x6c616b65))
	d := make([]int, cells)
	for x := range d {
		d[x] = 1 + rng.IntN(4)
	}
	for _, f := range []float64{0.2, 0.55, 0.8} {
		x := int(f * float64(cells))
		d[x], d[x+1] = 40, 40
	}
	return Lake{Depth: d}, nil
}

func (l Lake) check(fn string) (int, error) {
	if len(l.Depth) == 0 || len(l.Depth) > 1<<24 {
		return 0, fmt.Errorf("montecarlo: Lake.%s: %d cells: %w", fn, len(l.Depth), ErrEmpty)
	}
	deepest := 0
	for x, v := range l.Depth {
		if v < 0 || v > 1<<30 {
			return 0, fmt.Errorf("montecarlo: Lake.%s: Depth[%d] = %d: %w", fn, x, v, ErrParam)
		}
		deepest = max(deepest, v)
	}
	if deepest == 0 {
		return 0, fmt.Errorf("montecarlo: Lake.%s: no water: %w", fn, ErrEmpty)
	}
	return deepest, nil
}

// Target returns D(x)/ΣD, the cell frequencies of uniform water samples.
func (l Lake) Target() ([]float64, error) {
	if _, err := l.check("Target"); err != nil {
		return nil, err
	}
	var z int
	for _, v := range l.Depth {
		z += v
	}
	p := make([]float64, len(l.Depth))
	for x, v := range l.Depth {
		p[x] = float64(v) / float64(z)
	}
	return p, nil
}

// LakeSample is the outcome of one sampling approach on a Lake.
type LakeSample struct {
	Freq []float64 // fraction of the samples that fell in each surface cell
	Rate float64   // acceptance rate (1 for the approaches without rejection)
}

// freqs turns cell counts into frequencies.
func freqs(counts []int, m int) []float64 {
	p := make([]float64, len(counts))
	for x, c := range counts {
		p[x] = float64(c) / float64(m)
	}
	return p
}

func checkM(fn string, m int) error {
	if m < 1 || m > MaxSamples {
		return fmt.Errorf("montecarlo: Lake.%s: m = %d: %w", fn, m, ErrParam)
	}
	return nil
}

// Uniform is approach 1: a uniform surface cell, then a uniform depth below it. Its cell
// frequencies are uniform, biased towards shallow water. Cost O(m).
func (l Lake) Uniform(m int, seed uint64) (LakeSample, error) {
	if _, err := l.check("Uniform"); err != nil {
		return LakeSample{}, err
	}
	if err := checkM("Uniform", m); err != nil {
		return LakeSample{}, err
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	counts := make([]int, len(l.Depth))
	for i := 0; i < m; i++ {
		counts[rng.IntN(len(counts))]++
	}
	return LakeSample{Freq: freqs(counts, m), Rate: 1}, nil
}

// Weighted is approach 2: measure n uniform surface cells, then draw each of m samples from
// them with probability proportional to depth. Cells that no probe hit (narrow canyons, when n
// is small) are never sampled. Cost O(n + m·log n).
func (l Lake) Weighted(n, m int, seed uint64) (LakeSample, error) {
	if _, err := l.check("Weighted"); err != nil {
		return LakeSample{}, err
	}
	if err := checkM("Weighted", m); err != nil {
		return LakeSample{}, err
	}
	if n < 1 || n > MaxSamples {
		return LakeSample{}, fmt.Errorf("montecarlo: Lake.Weighted: n = %d probes: %w", n, ErrParam)
	}
	rng := rand.New(rand.NewPCG(seed, 2))
	probe := make([]int, n)
	cum := make([]float64, n)
	var s float64
	for i := range probe {
		probe[i] = rng.IntN(len(l.Depth))
		s += float64(l.Depth[probe[i]])
		cum[i] = s
	}
	counts := make([]int, len(l.Depth))
	if s == 0 { // every probe hit dry land: no sample can be drawn
		return LakeSample{Freq: freqs(counts, m), Rate: 0}, nil
	}
	for i := 0; i < m; i++ {
		u := rng.Float64() * s
		counts[probe[sort.Search(n, func(k int) bool { return cum[k] > u })]]++
	}
	return LakeSample{Freq: freqs(counts, m), Rate: 1}, nil
}

// Rejection is approach 3: a uniform cell x and a uniform y ∈ [0, Δ) with Δ the deepest
// point, accepted when y < D(x). Its m accepted samples are uniform in the water; the rate
// estimates the acceptance Σ D/(|S|·Δ). Cost O(m/rate).
func (l Lake) Rejection(m int, seed uint64) (LakeSample, error) {
	deepest, err := l.check("Rejection")
	if err != nil {
		return LakeSample{}, err
	}
	if err := checkM("Rejection", m); err != nil {
		return LakeSample{}, err
	}
	r := Rejection[int]{
		Propose: func(rng *rand.Rand) int { return rng.IntN(len(l.Depth)) },
		Accept:  func(x int) float64 { return float64(l.Depth[x]) / float64(deepest) },
		Seed:    seed,
	}
	res, err := r.Sample(m)
	if err != nil {
		return LakeSample{}, fmt.Errorf("montecarlo: Lake.Rejection: %w", err)
	}
	counts := make([]int, len(l.Depth))
	for _, x := range res.Samples {
		counts[x]++
	}
	return LakeSample{Freq: freqs(counts, len(res.Samples)), Rate: res.Rate}, nil
}

// Canyons returns the cells whose depth is at least half the deepest, in order.
func (l Lake) Canyons() []int {
	deepest := slices.Max(append([]int{0}, l.Depth...))
	var out []int
	for x, v := range l.Depth {
		if 2*v >= deepest && deepest > 0 {
			out = append(out, x)
		}
	}
	return out
}

// Bottom returns −D(x) for every cell x: the height of the lake's bottom below the surface
// y = 0, for a side view (drawn as a staircase, each cell a flat step, by a viz.Series with
// Steps set). It checks nothing: a lake without cells gives an empty slice. Cost O(cells).
func (l Lake) Bottom() []float64 {
	b := make([]float64, len(l.Depth))
	for x, v := range l.Depth {
		b[x] = -float64(v)
	}
	return b
}

// Water returns the volume Σ_x D(x), the normaliser Z of the target D(x)/Z. Errors as Target.
func (l Lake) Water() (int, error) {
	if _, err := l.check("Water"); err != nil {
		return 0, err
	}
	z := 0
	for _, v := range l.Depth {
		z += v
	}
	return z, nil
}

// CanyonShare returns the share Σ_{x ∈ Canyons} freq[x] that cell frequencies (Target, or a
// LakeSample's Freq) give to the canyon cells. freq must have one finite entry per cell and a
// finite sum over the canyons (errs.ErrShape, ErrNotFinite); a lake without water is
// ErrEmpty. Cost O(cells).
func (l Lake) CanyonShare(freq []float64) (float64, error) {
	if _, err := l.check("CanyonShare"); err != nil {
		return 0, err
	}
	if len(freq) != len(l.Depth) {
		return 0, fmt.Errorf("montecarlo: Lake.CanyonShare: %d frequencies for %d cells: %w",
			len(freq), len(l.Depth), errs.ErrShape)
	}
	s := 0.0
	for _, x := range l.Canyons() {
		if math.IsNaN(freq[x]) || math.IsInf(freq[x], 0) {
			return 0, fmt.Errorf("montecarlo: Lake.CanyonShare: freq[%d] = %v: %w", x, freq[x], ErrNotFinite)
		}
		s += freq[x]
	}
	if math.IsInf(s, 0) {
		return 0, fmt.Errorf("montecarlo: Lake.CanyonShare: the share overflows: %w", ErrNotFinite)
	}
	return s, nil
}
