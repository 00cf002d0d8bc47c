package embed

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk"
	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

const projectStream = 0x726e_645f_7072_6f6a // "rnd_proj"

// AnnulusConstant is the value c = 1/96 often quoted for the constant of the Gaussian Annulus
// Theorem 5.9 (from the textbook of Blum, Hopcroft and Kannan); the lecture leaves c
// unspecified, so every function here takes c as a parameter and this is only a default to
// pass. The resulting dimensions are very pessimistic (compare JLDimDG and MaxDistortion).
const AnnulusConstant = 1.0 / 96

// MaxProjectionEntries caps k·d of a random projection matrix: 2²⁷ entries (1 GiB).
const MaxProjectionEntries = 1 << 27

// RandomProjection is the reduction mapping of AFDS chapter 5 (High-dimensional data) §5.2: U =
// (1/√k)·[u_1 … u_k]ᵀ with rows u_i drawn independently from the d-dimensional standard Gaussian (k
// = Components). For every x, ‖Ux‖ is within a factor 1 ± ε of ‖x‖ except with probability
// 3e^{−cε²k} (Theorem 5.10), and E‖Ux‖² = ‖x‖² exactly. Fit uses only the number of columns of x.
// Cost O(k·d) to draw U; Transform costs O(n·k·d).
type RandomProjection struct {
	Components int
	Seed       uint64
}

// Projection is a drawn reduction mapping; it satisfies sltk.Transformer.
type Projection struct {
	// U is the k×d projection matrix.
	U *mat.Dense
}

var _ sltk.Transformer = (*Projection)(nil)

// Fit draws U for data with the columns of x. Errors wrap errs.ErrEmpty, errs.ErrNotFinite,
// errs.ErrParam (Components < 1 or > d) or errs.ErrTooLarge (k·d beyond
// MaxProjectionEntries).
func (r RandomProjection) Fit(x mat.Matrix) (*Projection, error) {
	_, d, cerr := check.Matrix("x", x)
	if err := inputError("RandomProjection.Fit", cerr); err != nil {
		return nil, err
	}
	k := r.Components
	if k < 1 || k > d {
		return nil, fmt.Errorf("embed: RandomProjection.Fit: Components = %d, want 1 ≤ Components ≤ d = %d: %w", k, d, errs.ErrParam)
	}
	if k > MaxProjectionEntries/d {
		return nil, fmt.Errorf("embed: RandomProjection.Fit: k·d = %d·%d exceeds %d: %w", k, d, MaxProjectionEntries, errs.ErrTooLarge)
	}
	rng := rand.New(rand.NewPCG(r.Seed, projectStream))
	u := mat.NewDense(k, d, nil)
	s := 1 / math.Sqrt(float64(k))
	raw := u.RawMatrix().Data
	for i := range raw {
		raw[i] = s * rng.NormFloat64()
	}
	return &Projection{U: u}, nil
}

// Transform maps each row x_i of x to Ux_i: the n×k matrix xUᵀ.
func (p *Projection) Transform(x mat.Matrix) (*mat.Dense, error) {
	if p == nil || check.IsNil(p.U) {
		return nil, fmt.Errorf("embed: Projection.Transform: %w", errs.ErrNotFitted)
	}
	_, d, cerr := check.Matrix("U", p.U)
	if err := inputError("Projection.Transform", cerr); err != nil {
		return nil, err
	}
	if err := fittedInput("Projection.Transform", "x", x, d); err != nil {
		return nil, err
	}
	var y mat.Dense
	y.Mul(x, p.U.T())
	return finiteResult("Projection.Transform", &y)
}

// ceilTol is ⌈v⌉ that ignores a float excess of a few ulps over an exact integer.
func ceilTol(v float64) int { return int(math.Ceil(v * (1 - 1e-12))) }

func checkJL(fn string, n int, eps float64) error {
	switch {
	case n < 2:
		return fmt.Errorf("embed: %s: n = %d, want ≥ 2: %w", fn, n, errs.ErrParam)
	case !(eps > 0 && eps < 1):
		return fmt.Errorf("embed: %s: eps = %v, want 0 < eps < 1: %w", fn, eps, errs.ErrParam)
	}
	return nil
}

// JLDim returns the Johnson–Lindenstrauss dimension k = ⌈3 ln n / (c ε²)⌉ of Corollary 5.13:
// with it, a random projection keeps all pairwise distances of n points within 1 ± ε with
// probability ≥ 1 − 3/(2n). The constant c of the annulus theorem is a parameter (the lecture
// does not fix it; AnnulusConstant = 1/96 is the usual choice). Cost O(1).
func JLDim(n int, eps, c float64) (int, error) {
	if err := checkJL("JLDim", n, eps); err != nil {
		return 0, err
	}
	if !(c > 0) || math.IsInf(c, 1) {
		return 0, fmt.Errorf("embed: JLDim: c = %v, want a finite c > 0: %w", c, errs.ErrParam)
	}
	return ceilTol(3 * math.Log(float64(n)) / (c * eps * eps)), nil
}

// JLDimDG returns Dasgupta and Gupta's sharper Johnson–Lindenstrauss dimension
// k = ⌈4 ln n / (ε²/2 − ε³/3)⌉ (a standard result, not in the lecture). Cost O(1).
func JLDimDG(n int, eps float64) (int, error) {
	if err := checkJL("JLDimDG", n, eps); err != nil {
		return 0, err
	}
	return ceilTol(4 * math.Log(float64(n)) / (eps*eps/2 - eps*eps*eps/3)), nil
}

// MaxPairs caps the number of points of MaxDistortion (its cost is quadratic).
const MaxPairs = 20000

// MaxDistortion returns max over pairs i < j of |‖y_i − y_j‖/‖x_i − x_j‖ − 1|, where the rows
// y_i are the images of the rows x_i (e.g. y = Projection.Transform(x)): the smallest ε for
// which all pairwise distances are preserved within 1 ± ε. Pairs of equal points x_i = x_j are
// skipped (a linear map keeps them equal). Errors wrap errs.ErrEmpty, errs.ErrNotFinite,
// errs.ErrShape (different numbers of rows) or errs.ErrTooLarge (more than MaxPairs rows).
// Cost O(n²·(d + k)).
func MaxDistortion(x, y mat.Matrix) (float64, error) {
	xd, n, d, cerr := check.Rows("x", x)
	if err := inputError("MaxDistortion", cerr); err != nil {
		return 0, err
	}
	yd, m, k, cerr := check.Rows("y", y)
	if err := inputError("MaxDistortion", cerr); err != nil {
		return 0, err
	}
	if n != m {
		return 0, fmt.Errorf("embed: MaxDistortion: x has %d rows, y has %d: %w", n, m, errs.ErrShape)
	}
	if n > MaxPairs {
		return 0, fmt.Errorf("embed: MaxDistortion: %d rows exceed %d: %w", n, MaxPairs, errs.ErrTooLarge)
	}
	worst := 0.0
	for i := range n {
		for j := range i {
			dx := floats.Distance(xd[i*d:(i+1)*d], xd[j*d:(j+1)*d], 2)
			if dx == 0 {
				continue
			}
			dy := floats.Distance(yd[i*k:(i+1)*k], yd[j*k:(j+1)*k], 2)
			worst = math.Max(worst, math.Abs(dy/dx-1))
		}
	}
	if math.IsInf(worst, 0) || math.IsNaN(worst) {
		return 0, fmt.Errorf("embed: MaxDistortion: a distance ratio overflows (distances near 0 or MaxFloat64); rescale the data: %w", errs.ErrNotFinite)
	}
	return worst, nil
}
