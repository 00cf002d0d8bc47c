package synth

import (
	"cmp"
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// Source names a kind of independent source signal for ICA experiments.
type Source int

// The source kinds. The first three are i.i.d. noise with the named distribution; the periodic
// kinds are deterministic waves with a random phase. Their excess kurtosis: Laplace +3
// (super-Gaussian), Gaussian 0 (ICA cannot separate two of them), Uniform −1.2, Sine −1.5,
// Square −2, Sawtooth −1.2 (all sub-Gaussian); Voice is strongly super-Gaussian (its pauses).
const (
	Laplace Source = iota
	Uniform
	Gaussian
	Sine
	Square
	Sawtooth
	Voice // the speech-like signal of Speech, with the column's own seed
)

// String returns the name of the source kind.
func (s Source) String() string {
	switch s {
	case Laplace:
		return "laplace"
	case Uniform:
		return "uniform"
	case Gaussian:
		return "gaussian"
	case Sine:
		return "sine"
	case Square:
		return "square"
	case Sawtooth:
		return "sawtooth"
	case Voice:
		return "voice"
	}
	return fmt.Sprintf("Source(%d)", int(s))
}

// Sources generates N samples of independent source signals, one column per entry of Kinds
// (default Sine, Square, Sawtooth, Laplace). The j-th periodic column has period
// Period·(1 + 0.618·j) samples (Period default 50) so that no two waves share a frequency, and a
// random phase. Each column is then centred and scaled to unit sample variance, the convention
// under which ICA recovers sources up to sign and order. Cost O(N·m).
type Sources struct {
	N      int
	Kinds  []Source
	Period float64
	Seed   uint64
}

// Generate returns the N×m source matrix S.
func (s Sources) Generate() (*mat.Dense, error) {
	if s.N < 2 {
		return nil, fmt.Errorf("synth: Sources.Generate: number of samples N = %d, want ≥ 2: %w", s.N, ErrParam)
	}
	if err := checkN("Sources.Generate", s.N); err != nil {
		return nil, err
	}
	kinds := s.Kinds
	if kinds == nil {
		kinds = []Source{Sine, Square, Sawtooth, Laplace}
	}
	if len(kinds) == 0 {
		return nil, fmt.Errorf("synth: Sources.Generate: Kinds is empty: %w", ErrParam)
	}
	period := s.Period
	period = cmp.Or(period, 50)
	if !(period >= 2) || math.IsInf(period, 0) {
		return nil, fmt.Errorf("synth: Sources.Generate: Period = %v, want a finite value ≥ 2 samples: %w", s.Period, ErrParam)
	}
	rng := newRand(s.Seed)
	m := len(kinds)
	if err := checkProduct("Sources", "N·len(Kinds)", s.N, m); err != nil {
		return nil, err
	}
	out := mat.NewDense(s.N, m, nil)
	col := make([]float64, s.N)
	for j, kind := range kinds {
		if kind == Voice {
			v, err := Speech{N: s.N, Seed: s.Seed + uint64(j)}.Generate()
			if err != nil {
				return nil, err
			}
			out.SetCol(j, v)
			continue
		}
		p := period * (1 + 0.618*float64(j))
		phase := rng.Float64()
		for i := range col {
			frac := float64(i)/p + phase
			frac -= math.Floor(frac)
			switch kind {
			case Laplace:
				col[i] = rng.ExpFloat64()
				if rng.IntN(2) == 0 {
					col[i] = -col[i]
				}
			case Uniform:
				col[i] = 2*rng.Float64() - 1
			case Gaussian:
				col[i] = rng.NormFloat64()
			case Sine:
				col[i] = math.Sin(2 * math.Pi * frac)
			case Square:
				col[i] = 1
				if frac >= 0.5 {
					col[i] = -1
				}
			case Sawtooth:
				col[i] = 2*frac - 1
			default:
				return nil, fmt.Errorf("synth: Sources.Generate: Kinds[%d] = %v is not a known source kind: %w", j, kind, ErrParam)
			}
		}
		if !standardize(col) {
			return nil, fmt.Errorf("synth: Sources.Generate: source %d (%v) is constant over %d samples: %w", j, kind, s.N, ErrParam)
		}
		out.SetCol(j, col)
	}
	return out, nil
}

// standardize centres v and scales it to unit population variance (1/n) in place, the
// convention of every source signal here; it returns false, leaving v unchanged, when v is
// constant.
func standardize(v []float64) bool {
	mean, sq := 0.0, 0.0
	for _, x := range v {
		mean += x
	}
	mean /= float64(len(v))
	for _, x := range v {
		sq += (x - mean) * (x - mean)
	}
	sd := math.Sqrt(sq / float64(len(v)))
	if sd == 0 {
		return false
	}
	for i, x := range v {
		v[i] = (x - mean) / sd
	}
	return true
}

// MaxMixingSize caps the size m of MixingMatrix: two QR factorisations and a product of m×m
// matrices, O(m³) ≈ 10⁹ flops and 8 MiB per matrix at m = 1024, far beyond the few sources of
// an ICA demo.
const MaxMixingSize = 1 << 10

// MixingMatrix returns a random m×m mixing matrix A with 2-norm condition number exactly cond
// (up to rounding): A = U·diag(σ)·Vᵀ with U and V Haar-random orthogonal matrices (QR of a
// Gaussian matrix with the signs of R's diagonal fixed) and σ spaced geometrically from 1 down to
// 1/cond. A cond near 1 gives an easy, well-conditioned problem; a large cond tests how an ICA
// method copes with nearly collinear mixtures. m is at most MaxMixingSize (ErrTooLarge beyond).
// Cost O(m³).
func MixingMatrix(m int, cond float64, seed uint64) (*mat.Dense, error) {
	if m <= 0 {
		return nil, fmt.Errorf("synth: MixingMatrix: m = %d, want > 0: %w", m, ErrParam)
	}
	if m > MaxMixingSize {
		return nil, fmt.Errorf("synth: MixingMatrix: m = %d, limit %d: %w", m, MaxMixingSize, ErrTooLarge)
	}
	if !(cond >= 1) || math.IsInf(cond, 0) {
		return nil, fmt.Errorf("synth: MixingMatrix: cond = %v, want a finite value ≥ 1: %w", cond, ErrParam)
	}
	rng := newRand(seed)
	u := synthOrthogonal(m, rng.NormFloat64)
	v := synthOrthogonal(m, rng.NormFloat64)
	for j := 0; j < m; j++ {
		sigma := 1.0
		if m > 1 {
			sigma = math.Pow(cond, -float64(j)/float64(m-1))
		}
		for i := 0; i < m; i++ {
			u.Set(i, j, u.At(i, j)*sigma)
		}
	}
	var a mat.Dense
	a.Mul(u, v.T())
	return &a, nil
}

func synthOrthogonal(m int, norm func() float64) *mat.Dense {
	g := mat.NewDense(m, m, nil)
	for i := 0; i < m; i++ {
		for j := 0; j < m; j++ {
			g.Set(i, j, norm())
		}
	}
	var qr mat.QR
	qr.Factorize(g)
	var q, r mat.Dense
	qr.QTo(&q)
	qr.RTo(&r)
	for j := 0; j < m; j++ {
		if r.At(j, j) < 0 {
			for i := 0; i < m; i++ {
				q.Set(i, j, -q.At(i, j))
			}
		}
	}
	return &q
}

// Mix returns the observed signals X = S·Aᵀ for sources S (n×m, one sample per row) and a mixing
// matrix A (p×m, p sensors): row i of X is A·sᵢ. n·p is at most MaxEntries (ErrTooLarge
// beyond); a product that overflows is ErrNotFinite. Cost O(n·m·p).
func Mix(s, a mat.Matrix) (*mat.Dense, error) {
	if _, _, err := check.Matrix("sources", s); err != nil {
		return nil, fmt.Errorf("synth: Mix: %w", err)
	}
	if _, _, err := check.Matrix("mixing matrix", a); err != nil {
		return nil, fmt.Errorf("synth: Mix: %w", err)
	}
	n, m := s.Dims()
	p, ma := a.Dims()
	if n == 0 || m == 0 || p == 0 {
		return nil, fmt.Errorf("synth: Mix: sources %d×%d, mixing %d×%d must be non-empty: %w", n, m, p, ma, ErrShape)
	}
	if ma != m {
		return nil, fmt.Errorf("synth: Mix: sources have %d columns but the mixing matrix is %d×%d (want %d columns): %w", m, p, ma, m, ErrShape)
	}
	if err := checkProduct("Mix", "n·p", n, p); err != nil {
		return nil, err
	}
	x := mat.NewDense(n, p, nil)
	x.Mul(s, a.T())
	if err := finiteRows("Mix", x); err != nil {
		return nil, err
	}
	return x, nil
}
