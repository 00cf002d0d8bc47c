package embed

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

const powerStream = 0x706f_7765_72 // "power": PCG stream of the random start vector

const (
	// MaxPowerIter is the largest MaxIter PowerIteration accepts (its Trace then holds 8 MiB).
	MaxPowerIter = 1 << 20
	// MaxPowerWork caps n²·MaxIter, the multiply-adds PowerIteration may spend on a dense n×n
	// matrix (about a minute).
	MaxPowerWork = 1 << 36
)

// PowerIteration is POWER-ITERATION (AFDS chapter 5 (High-dimensional data) §5.4): v_0 = x/‖x‖, v_k
// = Av_{k−1}/‖Av_{k−1}‖, until ‖v_k − v_{k−1}‖ ≤ Tol or MaxIter steps. If λ_1 ≥ 0 is real with λ_1
// > |λ_2| ≥ … and A is diagonalisable (Assumptions 5.24, 5.25), and the start has a nonzero
// coefficient a_1 on u_1 in the eigenbasis (Theorem 5.26), the iterates converge to an eigenvector
// of λ_1 at the rate |λ_2|/λ_1 = max_{i≥2} |λ_i|/λ_1: for symmetric A, tan∠(v_k, u_1) ≤
// (|λ_2|/λ_1)^k·tan∠(v_0, u_1). A random Gaussian start has a_1 ≠ 0 with probability 1, so Start
// nil draws one from Seed.
//
// Zero values: Tol = 1e-10, MaxIter = 1000, Start nil (random). Reaching MaxIter is reported
// by Converged, not as an error; MaxIter above MaxPowerIter, or n²·MaxIter above MaxPowerWork,
// is errs.ErrTooLarge (a matrix whose dominant eigenvalues share a modulus, such as a rotation,
// never converges and would run to the cap). Cost: one product with A per step, O(n²) for a
// dense A, and 8 bytes of Trace per step.
type PowerIteration struct {
	Start   []float64
	Tol     float64
	MaxIter int
	Seed    uint64
}

// PowerResult is the outcome of power iteration.
type PowerResult struct {
	// Vector is the last iterate v_k, of unit length.
	Vector []float64
	// Value is the Rayleigh quotient v_kᵀAv_k, the eigenvalue estimate.
	Value float64
	// Iter is the number of steps k. Converged reports a checked eigenpair: the step
	// ‖v_k − v_{k−1}‖ fell to Tol and the residual ‖Av_k − λv_k‖ is at most
	// 2·Tol·|λ| + 4n·ε·‖A‖_F (for a diagonalisable A the residual is about |λ|·step; a defective
	// A, whose iterates creep towards the eigenvector at rate 1/k, has small steps but a large
	// residual and is reported unconverged).
	Iter      int
	Converged bool
	// Residual is ‖Av_k − λv_k‖₂ for the returned Vector and Value.
	Residual float64
	// Trace[k−1] is ‖v_k − v_{k−1}‖.
	Trace []float64
}

// squareInput validates a square, finite matrix and returns its order.
func squareInput(fn string, a mat.Matrix) (int, error) {
	n, m, cerr := check.Matrix("a", a)
	if err := inputError(fn, cerr); err != nil {
		return 0, err
	}
	if n != m {
		return 0, fmt.Errorf("embed: %s: a is %d×%d, want a square matrix: %w", fn, n, m, errs.ErrShape)
	}
	return n, nil
}

// Run iterates on the square matrix a. Errors wrap errs.ErrEmpty, errs.ErrNotFinite,
// errs.ErrShape (a not square, Start of the wrong length), errs.ErrParam (Tol < 0,
// MaxIter < 0, a zero or non-finite Start), errs.ErrTooLarge (MaxIter or n²·MaxIter beyond
// MaxPowerIter or MaxPowerWork), errs.ErrNotFinite (Av overflows) or errs.ErrSingular (Av_k = 0:
// the iterate fell into the null space of a).
func (p PowerIteration) Run(a mat.Matrix) (*PowerResult, error) {
	n, err := squareInput("PowerIteration.Run", a)
	if err != nil {
		return nil, err
	}
	tol, maxIter := cmp.Or(p.Tol, 1e-10), cmp.Or(p.MaxIter, 1000)
	if !(tol > 0) || maxIter < 0 {
		return nil, fmt.Errorf("embed: PowerIteration.Run: Tol = %v, MaxIter = %d, want Tol ≥ 0 and MaxIter ≥ 0: %w", p.Tol, p.MaxIter, errs.ErrParam)
	}
	if err := check.Size("embed: PowerIteration.Run", "MaxIter", maxIter, MaxPowerIter); err != nil {
		return nil, err
	}
	if work := float64(n) * float64(n) * float64(maxIter); work > MaxPowerWork {
		return nil, fmt.Errorf("embed: PowerIteration.Run: n²·MaxIter = %d²·%d = %.3g, limit %d: %w",
			n, maxIter, work, MaxPowerWork, errs.ErrTooLarge)
	}
	v, err := p.start(n)
	if err != nil {
		return nil, err
	}
	res := &PowerResult{Vector: v, Trace: make([]float64, 0, min(maxIter, 1024))}
	av := mat.NewVecDense(n, nil)
	vv := mat.NewVecDense(n, v)
	stepped := false
	for res.Iter < maxIter {
		av.MulVec(a, vv)
		norm := mat.Norm(av, 2)
		if !(norm > 0) {
			return nil, fmt.Errorf("embed: PowerIteration.Run: A·v = 0 at step %d (v lies in the null space of a): %w", res.Iter+1, errs.ErrSingular)
		}
		if math.IsInf(norm, 0) {
			return nil, fmt.Errorf("embed: PowerIteration.Run: ‖A·v‖ overflows float64 at step %d (rescale a): %w", res.Iter+1, errs.ErrNotFinite)
		}
		av.ScaleVec(1/norm, av)
		step := floats.Distance(av.RawVector().Data, v, 2)
		copy(v, av.RawVector().Data)
		res.Iter++
		res.Trace = append(res.Trace, step)
		if step <= tol {
			stepped = true
			break
		}
	}
	av.MulVec(a, vv)
	res.Value = mat.Dot(vv, av)
	av.AddScaledVec(av, -res.Value, vv)
	res.Residual = mat.Norm(av, 2)
	if math.IsNaN(res.Residual) || math.IsInf(res.Value, 0) {
		return nil, fmt.Errorf("embed: PowerIteration.Run: the eigenvalue estimate overflows float64 (rescale a): %w", errs.ErrNotFinite)
	}
	res.Converged = stepped && res.Residual <= residualBound(tol, res.Value, n, a)
	return res, nil
}

// residualBound is the largest ‖Av − λv‖ of an eigenpair that PowerIteration accepts as
// converged with tolerance tol: 2·tol·|λ| (the residual of a diagonalisable A is about |λ| times
// the last step) plus the rounding of the product, 4n·ε·‖A‖_F. Cost O(n²).
func residualBound(tol, value float64, n int, a mat.Matrix) float64 {
	return 2*tol*math.Abs(value) + 4*float64(n)*0x1p-52*mat.Norm(a, 2)
}

// start returns the unit start vector: Start normalised, or a seeded Gaussian vector.
func (p PowerIteration) start(n int) ([]float64, error) {
	v := make([]float64, n)
	if p.Start == nil {
		rng := rand.New(rand.NewPCG(p.Seed, powerStream))
		for i := range v {
			v[i] = rng.NormFloat64()
		}
	} else {
		if len(p.Start) != n {
			return nil, fmt.Errorf("embed: PowerIteration.Run: len(Start) = %d, want n = %d: %w", len(p.Start), n, errs.ErrShape)
		}
		copy(v, p.Start)
	}
	norm := floats.Norm(v, 2)
	if !(norm > 0) || math.IsInf(norm, 0) {
		return nil, fmt.Errorf("embed: PowerIteration.Run: start vector has norm %v, want finite and > 0: %w", norm, errs.ErrParam)
	}
	floats.Scale(1/norm, v)
	return v, nil
}

// Top returns the k eigenpairs of the symmetric matrix a that are largest in magnitude, by
// power iteration with deflation: after finding (λ, u), continue on a − λuuᵀ, whose spectrum
// is that of a with λ replaced by 0 and the same eigenvectors. For a positive semi-definite a
// (a covariance AᵀA) these are the k largest eigenvalues, i.e. the first k principal
// components (the variant of PCA the lecture links to §5.4). The vectors are the columns of
// the n×k result, and the start of the j-th run uses Seed+j. Errors as for Run, plus
// errs.ErrParam for k outside [1, n] and errs.ErrSingular when a pair's residual ‖Av − λv‖
// stays above the converged bound after MaxIter steps (two eigenvalues of equal magnitude and
// opposite sign, whose iterates never settle). Cost O(k·iterations·n²); accuracy degrades with each
// deflation, so use mat.EigenSym or PCA when all pairs are wanted.
func (p PowerIteration) Top(a mat.Symmetric, k int) ([]float64, *mat.Dense, error) {
	n, err := squareInput("PowerIteration.Top", a)
	if err != nil {
		return nil, nil, err
	}
	if k < 1 || k > n {
		return nil, nil, fmt.Errorf("embed: PowerIteration.Top: k = %d, want 1 ≤ k ≤ n = %d: %w", k, n, errs.ErrParam)
	}
	b := mat.NewSymDense(n, nil)
	b.CopySym(a)
	values := make([]float64, k)
	vectors := mat.NewDense(n, k, nil)
	for j := range k {
		q := p
		q.Seed = p.Seed + uint64(j)
		if j > 0 {
			q.Start = nil
		}
		res, err := q.Run(b)
		if err != nil {
			return nil, nil, err
		}
		tol := cmp.Or(p.Tol, 1e-10)
		if !res.Converged && res.Residual > residualBound(tol, res.Value, n, b) {
			return nil, nil, fmt.Errorf("embed: PowerIteration.Top: eigenpair %d did not converge in %d steps (residual ‖Av − λv‖ = %.3g): %w",
				j+1, res.Iter, res.Residual, errs.ErrSingular)
		}
		values[j] = res.Value
		vectors.SetCol(j, res.Vector)
		u := mat.NewVecDense(n, res.Vector)
		b.SymRankOne(b, -res.Value, u)
	}
	return values, vectors, nil
}

// RayleighQuotient returns vᵀAv / vᵀv, the eigenvalue estimate of a vector v for the square
// matrix a. Errors wrap errs.ErrShape or errs.ErrParam (v = 0). Cost O(n²).
func RayleighQuotient(a mat.Matrix, v []float64) (float64, error) {
	n, err := squareInput("RayleighQuotient", a)
	if err != nil {
		return 0, err
	}
	if len(v) != n {
		return 0, fmt.Errorf("embed: RayleighQuotient: len(v) = %d, want %d: %w", len(v), n, errs.ErrShape)
	}
	vv := floats.Dot(v, v)
	if !(vv > 0) || math.IsInf(vv, 0) {
		return 0, fmt.Errorf("embed: RayleighQuotient: vᵀv = %v, want finite and > 0: %w", vv, errs.ErrParam)
	}
	x := mat.NewVecDense(n, v)
	var ax mat.VecDense
	ax.MulVec(a, x)
	return mat.Dot(x, &ax) / vv, nil
}
