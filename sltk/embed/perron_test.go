package embed

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// blockChain returns the row-stochastic chain of a symmetric conductance matrix with weights
// 1 + i + j inside block A = {0..m−1}, 1 inside B and eps on the edge (m−1, m), and its
// exact stationary distribution π_i ∝ Σ_j C_ij in big.Rat (detailed balance), independent of
// any solver. The uneven weights keep the column sums away from 1 (not doubly stochastic).
func blockChain(n int, eps *big.Rat) (*mat.Dense, []float64) {
	m := n / 2
	c := func(i, j int) *big.Rat {
		switch {
		case i < m && j < m:
			return big.NewRat(int64(1+i+j), 1)
		case i >= m && j >= m:
			return big.NewRat(1, 1)
		case (i == m-1 && j == m) || (i == m && j == m-1):
			return eps
		}
		return new(big.Rat)
	}
	q := mat.NewDense(n, n, nil)
	rs := make([]*big.Rat, n)
	tot := new(big.Rat)
	for i := range n {
		rs[i] = new(big.Rat)
		for j := range n {
			rs[i].Add(rs[i], c(i, j))
		}
		tot.Add(tot, rs[i])
		for j := range n {
			f, _ := new(big.Rat).Quo(c(i, j), rs[i]).Float64()
			q.Set(i, j, f)
		}
	}
	pi := make([]float64, n)
	for i := range pi {
		pi[i], _ = new(big.Rat).Quo(rs[i], tot).Float64()
	}
	return q, pi
}

// TestPerronNearlyDecomposable: on a stochastic matrix with a second eigenvalue within 1e-8 or
// 1e-14 of 1, the eigendecomposition gave a left Perron vector with π(A) = −2e-17 or 1.004
// (exact 0.75), negative entries included, with a nil error. Perron now shares mcmc.Stationary's
// GTH solve for stochastic matrices (row- and column-stochastic), exact to 1e-12 per entry
// against the rational π; a non-stochastic multiple of the same matrix goes to the
// eigendecomposition and must either match π to 1e-6 or say errs.ErrSingular.
func TestPerronNearlyDecomposable(t *testing.T) {
	for _, n := range []int{6, 64, 128} {
		for _, eps := range []*big.Rat{big.NewRat(1, 100_000_000), big.NewRat(1, 100_000_000_000_000)} {
			name := fmt.Sprintf("n=%d eps=%s", n, eps.FloatString(14))
			q, pi := blockChain(n, eps)
			check := func(what string, v []float64, want []float64, rel float64) {
				var s float64
				for _, x := range v {
					s += x
				}
				for i := range v {
					if !(math.Abs(v[i]/s-want[i]) <= rel*want[i]) {
						t.Fatalf("%s %s: entry %d = %.17g, exact %.17g", name, what, i, v[i]/s, want[i])
					}
				}
			}
			flat := make([]float64, n)
			for i := range flat {
				flat[i] = 1 / float64(n)
			}
			r, err := Perron(q)
			if err != nil || r.Rho != 1 {
				t.Fatalf("%s: %v, ρ = %v", name, err, r)
			}
			check("row-stochastic Left", r.Left, pi, 1e-12)
			check("row-stochastic Right", r.Right, flat, 1e-14)
			r, err = Perron(q.T())
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			check("column-stochastic Right", r.Right, pi, 1e-12)
			var q2 mat.Dense
			q2.Scale(2, q)
			r, err = Perron(&q2)
			switch {
			case errors.Is(err, errs.ErrSingular):
			case err != nil:
				t.Fatalf("%s ×2: %v", name, err)
			default:
				if math.Abs(r.Rho-2) > 1e-12 {
					t.Errorf("%s ×2: ρ = %v, want 2", name, r.Rho)
				}
				check("×2 Left (eigendecomposition)", r.Left, pi, 1e-6)
			}
		}
	}
}

// TestPerronGeneralMatchesEigenSym: a symmetric positive matrix that is not stochastic takes
// the eigendecomposition path; its Perron vector is the top eigenvector of gonum's EigenSym.
func TestPerronGeneralMatchesEigenSym(t *testing.T) {
	a := mat.NewSymDense(3, []float64{2, 1, 0.5, 1, 3, 1, 0.5, 1, 1})
	r, err := Perron(a)
	if err != nil {
		t.Fatal(err)
	}
	var es mat.EigenSym
	es.Factorize(a, true)
	var v mat.Dense
	es.VectorsTo(&v)
	want := es.Values(nil)[2]
	sign := math.Copysign(1, v.At(0, 2))
	for i := range 3 {
		if math.Abs(r.Right[i]-sign*v.At(i, 2)) > 1e-12 || math.Abs(r.Left[i]-sign*v.At(i, 2)) > 1e-12 {
			t.Errorf("vector %d: right %v left %v, EigenSym %v", i, r.Right[i], r.Left[i], sign*v.At(i, 2))
		}
	}
	if math.Abs(r.Rho-want) > 1e-12 {
		t.Errorf("ρ = %v, EigenSym %v", r.Rho, want)
	}
}

// TestPerronStochasticSwitch: Perron takes the GTH path when every row sums to 1 within
// 4n·2⁻⁵² and the eigendecomposition otherwise. A well-conditioned rational chain (exact π from
// its detailed-balance weights), as given (GTH), scaled by 1 + 4n·2⁻⁵² (still GTH: at the
// boundary) and by 1 + 1e-9 (eigendecomposition, ρ = 1 + 1e-9), must give the same left vector
// to 1e-10 and the matching ρ.
func TestPerronStochasticSwitch(t *testing.T) {
	const n = 6
	q, pi := blockChain(n, big.NewRat(1, 2))
	for _, c := range []struct {
		scale float64
		rho   float64
	}{{1, 1}, {1 + 4*n*0x1p-52, 1}, {1 + 1e-9, 1 + 1e-9}} {
		var a mat.Dense
		a.Scale(c.scale, q)
		r, err := Perron(&a)
		if err != nil {
			t.Fatalf("scale %v: %v", c.scale, err)
		}
		if math.Abs(r.Rho-c.rho) > 1e-14 {
			t.Errorf("scale %v: ρ = %v, want %v", c.scale, r.Rho, c.rho)
		}
		var s float64
		for _, v := range r.Left {
			s += v
		}
		for i := range pi {
			if math.Abs(r.Left[i]/s-pi[i]) > 1e-10 {
				t.Errorf("scale %v: π[%d] = %v, exact %v", c.scale, i, r.Left[i]/s, pi[i])
			}
		}
	}
}
