package synth

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// MaxEntries is the largest N (every generator) and N·Dim (Sphere, Ball, Cube, SphericalGaussian)
// the generators allocate: 2²⁷ float64 values, 1 GiB. Larger requests return an error wrapping
// errs.ErrTooLarge.
const MaxEntries = 1 << 27

// highDimStream is the PCG stream word of the high-dimensional samplers.
const highDimStream = 0x6869_6469_6d // "hidim"

// fillRows checks N and Dim and fills an N×Dim matrix row by row with draw, from one seeded
// stream. Cost O(N·Dim).
func fillRows(fn string, n, dim int, seed uint64, draw func(rng *rand.Rand, p []float64)) (*mat.Dense, error) {
	if n <= 0 || dim <= 0 {
		return nil, fmt.Errorf("synth: %s: N = %d, Dim = %d, want both ≥ 1: %w", fn, n, dim, errs.ErrParam)
	}
	if n > MaxEntries/dim {
		return nil, fmt.Errorf("synth: %s: N·Dim = %d·%d exceeds %d: %w", fn, n, dim, MaxEntries, errs.ErrTooLarge)
	}
	rng := rand.New(rand.NewPCG(seed, highDimStream))
	x := mat.NewDense(n, dim, nil)
	for i := range n {
		draw(rng, x.RawRowView(i))
	}
	return x, nil
}

func gaussRow(rng *rand.Rand, p []float64) {
	for j := range p {
		p[j] = rng.NormFloat64()
	}
}

// unitGaussRow draws g ~ N(0, I) and scales it to unit length: uniform on the sphere S^{ℓ−1},
// because the density of g depends on ‖g‖ only. A zero g (probability 0, but possible in
// floating point for ℓ = 1) is redrawn.
func unitGaussRow(rng *rand.Rand, p []float64) {
	for {
		gaussRow(rng, p)
		if r := floats.Norm(p, 2); r > 0 {
			floats.Scale(1/r, p)
			return
		}
	}
}

// Sphere draws N points uniformly from the unit sphere {x ∈ R^Dim : ‖x‖ = 1} as g/‖g‖ with
// g ~ N(0, I_Dim). Cost O(N·Dim).
type Sphere struct {
	N, Dim int
	Seed   uint64
}

// Generate returns the N×Dim sample.
func (s Sphere) Generate() (*mat.Dense, error) {
	return fillRows("Sphere", s.N, s.Dim, s.Seed, unitGaussRow)
}

// Ball draws N points uniformly from the unit ball B^Dim as U^{1/Dim}·g/‖g‖ with U uniform on
// [0, 1]: the radius of a uniform point has Pr(‖x‖ ≤ r) = vol(rB)/vol(B) = r^Dim (Lemma 5.1).
// Unlike rejection from the cube, whose acceptance rate vol(B^ℓ)/2^ℓ collapses with the
// dimension, this costs O(Dim) per point in any dimension.
type Ball struct {
	N, Dim int
	Seed   uint64
}

// Generate returns the N×Dim sample.
func (b Ball) Generate() (*mat.Dense, error) {
	return fillRows("Ball", b.N, b.Dim, b.Seed, func(rng *rand.Rand, p []float64) {
		unitGaussRow(rng, p)
		floats.Scale(math.Pow(rng.Float64(), 1/float64(len(p))), p)
	})
}

// Cube draws N points uniformly from the cube [−1, 1]^Dim, coordinate by coordinate (§5.1,
// "a probabilistic view on the volume"). Cost O(N·Dim).
type Cube struct {
	N, Dim int
	Seed   uint64
}

// Generate returns the N×Dim sample.
func (c Cube) Generate() (*mat.Dense, error) {
	return fillRows("Cube", c.N, c.Dim, c.Seed, func(rng *rand.Rand, p []float64) {
		for j := range p {
			p[j] = 2*rng.Float64() - 1
		}
	})
}

// SphericalGaussian draws N points from the spherical Gaussian with mean Mean and variance Sigma² in
// every direction (§5.2): x = μ + σg with g ~ N(0, I_Dim), the coordinates independent
// (Lemma 5.7). Mean nil means the origin; otherwise Dim may be 0 and is taken from len(Mean).
// Sigma 0 means 1. Cost O(N·Dim).
type SphericalGaussian struct {
	N, Dim int
	Mean   []float64
	Sigma  float64
	Seed   uint64
}

// Generate returns the N×Dim sample.
func (g SphericalGaussian) Generate() (*mat.Dense, error) {
	dim, sigma := g.Dim, cmp.Or(g.Sigma, 1)
	if g.Mean != nil {
		if dim != 0 && dim != len(g.Mean) {
			return nil, fmt.Errorf("synth: SphericalGaussian: Dim = %d but len(Mean) = %d: %w", dim, len(g.Mean), errs.ErrShape)
		}
		dim = len(g.Mean)
		for j, m := range g.Mean {
			if math.IsNaN(m) || math.IsInf(m, 0) {
				return nil, fmt.Errorf("synth: SphericalGaussian: Mean[%d] = %v: %w", j, m, errs.ErrNotFinite)
			}
		}
	}
	if !(sigma > 0) || math.IsInf(sigma, 1) {
		return nil, fmt.Errorf("synth: SphericalGaussian: Sigma = %v, want a finite value > 0: %w", g.Sigma, errs.ErrParam)
	}
	x, err := fillRows("SphericalGaussian", g.N, dim, g.Seed, func(rng *rand.Rand, p []float64) {
		gaussRow(rng, p)
		floats.Scale(sigma, p)
		if g.Mean != nil {
			floats.Add(p, g.Mean)
		}
	})
	if err != nil {
		return nil, err
	}
	if err := finiteRows("SphericalGaussian", x); err != nil {
		return nil, err
	}
	return x, nil
}
