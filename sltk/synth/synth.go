package synth

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// Sentinel errors, defined once in package errs and re-exported here; every error returned
// by this package wraps one of them.
var (
	ErrParam     = errs.ErrParam     // a parameter out of its range (n ≤ 0, negative noise, …)
	ErrShape     = errs.ErrShape     // inputs whose dimensions do not fit together
	ErrEmpty     = errs.ErrEmpty     // nil or empty matrices
	ErrNotFinite = errs.ErrNotFinite // NaN or ±Inf in given parameters
	ErrTooLarge  = errs.ErrTooLarge  // N beyond MaxEntries
)

// synthStream is the second PCG word; it fixes the stream so that a seed alone selects the data.
const synthStream = 0x5eed_da7a_c0ffee

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, synthStream)) }

func checkN(fn string, n int) error {
	if n <= 0 {
		return fmt.Errorf("synth: %s: number of samples N = %d, want > 0: %w", fn, n, ErrParam)
	}
	if n > MaxEntries {
		return fmt.Errorf("synth: %s: number of samples N = %d, limit %d: %w", fn, n, MaxEntries, ErrTooLarge)
	}
	return nil
}

// checkProduct returns an error wrapping ErrTooLarge when the a×b values that fn would
// allocate exceed MaxEntries (a, b ≥ 1), without overflowing the product.
func checkProduct(fn, what string, a, b int) error {
	if a > MaxEntries/b {
		return fmt.Errorf("synth: %s: %s = %d·%d exceeds %d: %w", fn, what, a, b, MaxEntries, ErrTooLarge)
	}
	return nil
}

// finiteRows returns an error wrapping ErrNotFinite naming fn and the first entry of x that
// overflowed to ±Inf or NaN (centres, noise or means near the float64 limit), nil otherwise.
// Cost O(N·d).
func finiteRows(fn string, x *mat.Dense) error {
	n, _ := x.Dims()
	for i := 0; i < n; i++ {
		for j, v := range x.RawRowView(i) {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("synth: %s: x[%d,%d] = %v overflows; use smaller parameters: %w", fn, i, j, v, ErrNotFinite)
			}
		}
	}
	return nil
}

func checkNoise(fn string, name string, v float64) error {
	if v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("synth: %s: %s = %v, want a finite value ≥ 0: %w", fn, name, v, ErrParam)
	}
	return nil
}

// noisyPoints is the generator shared by Moons, Circles, SwissRoll and SCurve: after checking N
// and the noise level it fills an N×dim matrix row by row, first with the noise-free point that
// point(i, rng, row) draws and writes, then adding Gaussian noise of standard deviation noise to
// each coordinate in order, all from one seeded stream. Cost O(N·dim).
func noisyPoints(fn string, n, dim int, noise float64, seed uint64, point func(i int, rng *rand.Rand, p []float64)) (*mat.Dense, error) {
	if err := checkN(fn, n); err != nil {
		return nil, err
	}
	if err := checkNoise(fn, "Noise", noise); err != nil {
		return nil, err
	}
	rng := newRand(seed)
	x := mat.NewDense(n, dim, nil)
	for i := 0; i < n; i++ {
		row := x.RawRowView(i)
		point(i, rng, row)
		for j := range row {
			row[j] += noise * rng.NormFloat64()
		}
	}
	if err := finiteRows("noisy points", x); err != nil {
		return nil, err
	}
	return x, nil
}

// Blobs draws N points from K isotropic Gaussian clusters in Dim dimensions. Point i belongs to
// cluster i mod K, so the clusters are as equal in size as N allows and the labels interleave.
//
// Centres: when Centers (K×Dim) is given, K and Dim are taken from it; otherwise K (default 3)
// centres are drawn uniformly from the box [-Box, Box]^Dim (Box default 10, Dim default 2).
// Std is the per-coordinate standard deviation of every cluster (default 1). K·Dim and N·Dim
// are at most MaxEntries (ErrTooLarge beyond). Cost O(N·Dim).
type Blobs struct {
	N       int
	K       int
	Dim     int
	Centers mat.Matrix
	Std     float64
	Box     float64
	Seed    uint64
}

// Generate returns the N×Dim data, the cluster label of each row, and the K×Dim centres used.
func (b Blobs) Generate() (x *mat.Dense, labels []int, centers *mat.Dense, err error) {
	if err := checkN("Blobs.Generate", b.N); err != nil {
		return nil, nil, nil, err
	}
	std := b.Std
	std = cmp.Or(std, 1)
	if err := checkNoise("Blobs.Generate", "Std", std); err != nil {
		return nil, nil, nil, err
	}
	rng := newRand(b.Seed)
	if b.Centers != nil {
		if _, _, err := check.Matrix("Centers", b.Centers); err != nil {
			return nil, nil, nil, fmt.Errorf("synth: Blobs: %w", err)
		}
		r, c := b.Centers.Dims()
		if r == 0 || c == 0 {
			return nil, nil, nil, fmt.Errorf("synth: Blobs.Generate: Centers is %d×%d, want at least 1×1: %w", r, c, ErrShape)
		}
		if (b.K != 0 && b.K != r) || (b.Dim != 0 && b.Dim != c) {
			return nil, nil, nil, fmt.Errorf("synth: Blobs.Generate: Centers is %d×%d but K = %d, Dim = %d: %w", r, c, b.K, b.Dim, ErrShape)
		}
		centers = mat.DenseCopyOf(b.Centers)
		for i := 0; i < r; i++ {
			for j := 0; j < c; j++ {
				if v := centers.At(i, j); math.IsNaN(v) || math.IsInf(v, 0) {
					return nil, nil, nil, fmt.Errorf("synth: Blobs.Generate: Centers[%d][%d] = %v is not finite: %w", i, j, v, ErrParam)
				}
			}
		}
	} else {
		k, d, box := b.K, b.Dim, b.Box
		k = cmp.Or(k, 3)
		d = cmp.Or(d, 2)
		box = cmp.Or(box, 10)
		if k < 0 || d < 0 {
			return nil, nil, nil, fmt.Errorf("synth: Blobs.Generate: K = %d, Dim = %d, want > 0: %w", b.K, b.Dim, ErrParam)
		}
		if err := checkNoise("Blobs.Generate", "Box", box); err != nil {
			return nil, nil, nil, err
		}
		if err := checkProduct("Blobs", "K·Dim", k, d); err != nil {
			return nil, nil, nil, err
		}
		centers = mat.NewDense(k, d, nil)
		for i := 0; i < k; i++ {
			for j := 0; j < d; j++ {
				centers.Set(i, j, box*(2*rng.Float64()-1))
			}
		}
	}
	k, d := centers.Dims()
	if err := checkProduct("Blobs", "N·Dim", b.N, d); err != nil {
		return nil, nil, nil, err
	}
	x = mat.NewDense(b.N, d, nil)
	labels = make([]int, b.N)
	for i := 0; i < b.N; i++ {
		c := i % k
		labels[i] = c
		row := x.RawRowView(i)
		for j := range row {
			row[j] = centers.At(c, j) + std*rng.NormFloat64()
		}
	}
	if err := finiteRows("Blobs", x); err != nil {
		return nil, nil, nil, err
	}
	return x, labels, centers, nil
}

// Moons draws N points on two interleaving half circles in the plane, the standard example of
// clusters that are not linearly separable. Label 0 is the upper arc (cos t, sin t), label 1 the
// lower arc (1 − cos t, 1/2 − sin t), with t uniform on [0, π]; point i is on arc i mod 2.
// Noise is the standard deviation of Gaussian noise added to each coordinate (default 0).
// Cost O(N).
type Moons struct {
	N     int
	Noise float64
	Seed  uint64
}

// Generate returns the N×2 data and the arc label of each row.
func (m Moons) Generate() (*mat.Dense, []int, error) {
	if err := checkN("Moons.Generate", m.N); err != nil {
		return nil, nil, err
	}
	labels := make([]int, m.N)
	x, err := noisyPoints("Moons.Generate", m.N, 2, m.Noise, m.Seed, func(i int, rng *rand.Rand, p []float64) {
		t := math.Pi * rng.Float64()
		p[0], p[1] = math.Cos(t), math.Sin(t)
		if i%2 == 1 {
			p[0], p[1] = 1-p[0], 0.5-p[1]
			labels[i] = 1
		}
	})
	if err != nil {
		return nil, nil, err
	}
	return x, labels, nil
}

// Circles draws N points on two concentric circles: label 0 on the unit circle, label 1 on the
// circle of radius Factor (default 0.5, must lie in (0, 1)); point i is on circle i mod 2 at a
// uniform random angle. Noise is the standard deviation of Gaussian noise per coordinate.
// Cost O(N).
type Circles struct {
	N      int
	Factor float64
	Noise  float64
	Seed   uint64
}

// Generate returns the N×2 data and the circle label of each row.
func (c Circles) Generate() (*mat.Dense, []int, error) {
	f := c.Factor
	f = cmp.Or(f, 0.5)
	if !(f > 0 && f < 1) {
		return nil, nil, fmt.Errorf("synth: Circles.Generate: Factor = %v, want a value in (0, 1): %w", c.Factor, ErrParam)
	}
	if err := checkN("Circles.Generate", c.N); err != nil {
		return nil, nil, err
	}
	labels := make([]int, c.N)
	x, err := noisyPoints("Circles.Generate", c.N, 2, c.Noise, c.Seed, func(i int, rng *rand.Rand, p []float64) {
		r := 1.0
		if i%2 == 1 {
			r = f
			labels[i] = 1
		}
		t := 2 * math.Pi * rng.Float64()
		p[0], p[1] = r*math.Cos(t), r*math.Sin(t)
	})
	if err != nil {
		return nil, nil, err
	}
	return x, labels, nil
}

// SwissRoll draws N points from the swiss roll, a 2-D sheet rolled up in 3-D:
// (t cos t, h, t sin t) with t = 1.5π(1 + 2u), u uniform on [0, 1], and height h uniform on
// [0, 21]. Noise is the standard deviation of Gaussian noise per coordinate. Cost O(N).
type SwissRoll struct {
	N     int
	Noise float64
	Seed  uint64
}

// Generate returns the N×3 data and the roll parameter t of each row, the coordinate along the
// sheet that an embedding such as LLE should recover (use it to colour plots).
func (s SwissRoll) Generate() (*mat.Dense, []float64, error) {
	if err := checkN("SwissRoll.Generate", s.N); err != nil {
		return nil, nil, err
	}
	col := make([]float64, s.N)
	x, err := noisyPoints("SwissRoll.Generate", s.N, 3, s.Noise, s.Seed, func(i int, rng *rand.Rand, p []float64) {
		t := 1.5 * math.Pi * (1 + 2*rng.Float64())
		h := 21 * rng.Float64()
		col[i] = t
		p[0], p[1], p[2] = t*math.Cos(t), h, t*math.Sin(t)
	})
	if err != nil {
		return nil, nil, err
	}
	return x, col, nil
}

// SCurve draws N points from the S-curve in 3-D: (sin t, h, sign(t)(cos t − 1)) with t uniform on
// [−3π/2, 3π/2] and h uniform on [0, 2]. Noise is the standard deviation of Gaussian noise per
// coordinate. Cost O(N).
type SCurve struct {
	N     int
	Noise float64
	Seed  uint64
}

// Generate returns the N×3 data and the curve parameter t of each row.
func (s SCurve) Generate() (*mat.Dense, []float64, error) {
	if err := checkN("SCurve.Generate", s.N); err != nil {
		return nil, nil, err
	}
	col := make([]float64, s.N)
	x, err := noisyPoints("SCurve.Generate", s.N, 3, s.Noise, s.Seed, func(i int, rng *rand.Rand, p []float64) {
		t := 3 * math.Pi * (rng.Float64() - 0.5)
		h := 2 * rng.Float64()
		sgn := 1.0
		if t < 0 {
			sgn = -1
		}
		col[i] = t
		p[0], p[1], p[2] = math.Sin(t), h, sgn*(math.Cos(t)-1)
	})
	if err != nil {
		return nil, nil, err
	}
	return x, col, nil
}
