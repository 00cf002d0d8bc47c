package embed_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/embed"
	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// squaredDistances returns ‖x_i − x_j‖² for the rows of x.
func squaredDistances(x *mat.Dense) *mat.Dense {
	n, d := x.Dims()
	out := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			s := 0.0
			for c := 0; c < d; c++ {
				s += (x.At(i, c) - x.At(j, c)) * (x.At(i, c) - x.At(j, c))
			}
			out.Set(i, j, s)
		}
	}
	return out
}

// randomDissimilarities returns a symmetric matrix with zero diagonal and uniform entries,
// far from squared Euclidean.
func randomDissimilarities(n int, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 7))
	d := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < i; j++ {
			v := rng.Float64()
			d.Set(i, j, v)
			d.Set(j, i, v)
		}
	}
	return d
}

// pairwiseCost is Σ_ν (1/(2 n_ν)) Σ_{i,j∈ν} D_ij, written out independently of the library.
func pairwiseCost(d *mat.Dense, labels []int, k int) float64 {
	size := make([]float64, k)
	for _, l := range labels {
		size[l]++
	}
	h := 0.0
	for i, a := range labels {
		for j, b := range labels {
			if a == b {
				h += d.At(i, j) / (2 * size[a])
			}
		}
	}
	return h
}

func maxAbsDiff(a, b mat.Matrix) float64 {
	var diff mat.Dense
	diff.Sub(a, b)
	return mat.Norm(&diff, math.Inf(1)) // max row sum ≥ max entry
}

func TestConstantShiftEuclidean(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	x := mat.NewDense(12, 3, nil)
	for i := 0; i < 12; i++ {
		for c := 0; c < 3; c++ {
			x.Set(i, c, rng.NormFloat64())
		}
	}
	d := squaredDistances(x)
	res, err := embed.ConstantShift{}.Fit(d)
	if err != nil {
		t.Fatal(err)
	}
	if res.Shift > 1e-12 {
		t.Errorf("Shift = %g on squared Euclidean input, want 0", res.Shift)
	}
	if got := maxAbsDiff(squaredDistances(res.Embedding), d); got > 1e-10 {
		t.Errorf("embedding distances differ from D by %g", got)
	}
	// S^c is the Gram matrix of the centred points (independent: centre, then X Xᵀ).
	var xc mat.Dense
	xc.CloneFrom(x)
	for c := 0; c < 3; c++ {
		m := mat.Sum(xc.ColView(c)) / 12
		for i := 0; i < 12; i++ {
			xc.Set(i, c, xc.At(i, c)-m)
		}
	}
	var gram mat.Dense
	gram.Mul(&xc, xc.T())
	if got := maxAbsDiff(res.Centred, &gram); got > 1e-12 {
		t.Errorf("S^c differs from the centred Gram matrix by %g", got)
	}
	// Rank 3: three positive eigenvalues, the rest zero up to rounding.
	if res.Values[2] < 1e-3 || res.Values[3] > 1e-10 {
		t.Errorf("Values %v, want rank 3", res.Values[:5])
	}
}

func TestConstantShiftNonMetric(t *testing.T) {
	const n, k = 9, 3
	d := randomDissimilarities(n, 5)
	res, err := embed.ConstantShift{}.Fit(d)
	if err != nil {
		t.Fatal(err)
	}
	lmin := res.Eigenvalues[n-1]
	if lmin >= 0 || math.Abs(res.Shift+2*lmin) > 1e-15 {
		t.Fatalf("λ_min = %g, Shift = %g, want λ_min < 0 and Shift = −2λ_min", lmin, res.Shift)
	}
	shifted, err := embed.ShiftDissimilarities(d, res.Shift)
	if err != nil {
		t.Fatal(err)
	}
	if got := maxAbsDiff(squaredDistances(res.Embedding), shifted); got > 1e-12 {
		t.Errorf("embedding distances differ from the shifted D by %g", got)
	}
	// The eigenvalues on e^⊥ move by −λ_min: the shifted spectrum is {λ_i − λ_min} with the
	// zero of e (which sits among the λ_i of S^c) replaced by the zero of the λ_min direction.
	sc, _ := embed.CentredSimilarity(shifted)
	var want mat.Dense
	want.Apply(func(i, j int, v float64) float64 {
		if i == j {
			return v - lmin*(1-1.0/n)
		}
		return v + lmin/n
	}, res.Centred)
	if got := maxAbsDiff(sc, &want); got > 1e-12 {
		t.Errorf("S̃^c differs from S^c − λ_min Q by %g", got)
	}
	// The pairwise cost moves by (d0/2)(n − k) for every assignment with k non-empty clusters.
	rng := rand.New(rand.NewPCG(1, 1))
	for trial := 0; trial < 50; trial++ {
		labels := make([]int, n)
		for i := range labels {
			labels[i] = i % k
		}
		rng.Shuffle(n, func(a, b int) { labels[a], labels[b] = labels[b], labels[a] })
		gap := pairwiseCost(shifted, labels, k) - pairwiseCost(d, labels, k)
		if math.Abs(gap-res.Shift/2*(n-k)) > 1e-12 {
			t.Fatalf("cost gap %g, want (d0/2)(n − k) = %g", gap, res.Shift/2*(n-k))
		}
	}
}

func TestConstantShiftDims(t *testing.T) {
	d := randomDissimilarities(8, 2)
	full, _ := embed.ConstantShift{}.Fit(d)
	two, err := embed.ConstantShift{Dims: 2}.Fit(d)
	if err != nil {
		t.Fatal(err)
	}
	if r, c := two.Embedding.Dims(); r != 8 || c != 2 {
		t.Fatalf("embedding %d×%d, want 8×2", r, c)
	}
	if got := maxAbsDiff(two.Embedding, full.Embedding.Slice(0, 8, 0, 2)); got > 1e-12 {
		t.Errorf("the 2-D embedding is not the first two columns of the full one: %g", got)
	}
}

func TestConstantShiftBadInput(t *testing.T) {
	asym := mat.NewDense(2, 2, []float64{0, 1, 2, 0})
	diag := mat.NewDense(2, 2, []float64{1, 1, 1, 0})
	ok := mat.NewDense(3, 3, []float64{0, 1, 2, 1, 0, 1, 2, 1, 0})
	for _, c := range []struct {
		name string
		cs   embed.ConstantShift
		d    mat.Matrix
		want error
	}{
		{"nil", embed.ConstantShift{}, nil, errs.ErrEmpty},
		{"NaN", embed.ConstantShift{}, mat.NewDense(2, 2, []float64{0, math.NaN(), 1, 0}), errs.ErrNotFinite},
		{"not square", embed.ConstantShift{}, mat.NewDense(2, 3, nil), errs.ErrShape},
		{"one object", embed.ConstantShift{}, mat.NewDense(1, 1, nil), errs.ErrParam},
		{"asymmetric", embed.ConstantShift{}, asym, errs.ErrParam},
		{"diagonal", embed.ConstantShift{}, diag, errs.ErrParam},
		{"Dims < 0", embed.ConstantShift{Dims: -1}, ok, errs.ErrParam},
		{"Dims = n", embed.ConstantShift{Dims: 3}, ok, errs.ErrParam},
	} {
		if _, err := c.cs.Fit(c.d); !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
	if _, err := embed.ShiftDissimilarities(ok, math.Inf(1)); !errors.Is(err, errs.ErrNotFinite) {
		t.Errorf("ShiftDissimilarities(+Inf): err = %v", err)
	}
	if _, err := embed.EditDistances(nil); !errors.Is(err, errs.ErrEmpty) {
		t.Errorf("EditDistances(nil): err = %v", err)
	}
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"", "abc", 3}, {"kitten", "sitting", 3}, {"flaw", "lawn", 2},
		{"licence", "license", 1}, {"gumbo", "gambol", 2}, {"straße", "strasse", 2},
	} {
		if got := embed.EditDistance(c.a, c.b); got != c.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := embed.EditDistance(c.b, c.a); got != c.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d (symmetry)", c.b, c.a, got, c.want)
		}
	}
}

func ExampleConstantShift() {
	// Objects 0, 1, 2 have the squared distances of the points 0, 1, 2 on a line; object 3 is
	// at dissimilarity 1 from all three, which no Euclidean point achieves (it would have to
	// sit at distance 1 from both 0 and 2, which are 2 apart, so at 1, but that is 0 from 1).
	d := mat.NewDense(4, 4, []float64{
		0, 1, 4, 1,
		1, 0, 1, 1,
		4, 1, 0, 1,
		1, 1, 1, 0,
	})
	res, _ := embed.ConstantShift{}.Fit(d)
	fmt.Printf("λ_max(S^c) = %.3f, λ_min(S^c) = %.3f\n", res.Eigenvalues[0], res.Eigenvalues[3])
	fmt.Printf("shift d0 = %.3f, λ(S̃^c) = %.3f\n", res.Shift, res.Values)
	// Output:
	// λ_max(S^c) = 2.000, λ_min(S^c) = -0.250
	// shift d0 = 0.500, λ(S̃^c) = [2.250 0.750 0.000 0.000]
}

func ExampleEditDistance() {
	fmt.Println(embed.EditDistance("kitten", "sitting"), embed.EditDistance("licence", "license"))
	// Output: 3 1
}

func ExampleEditDistances() {
	d, _ := embed.EditDistances([]string{"free", "tree", "three"})
	fmt.Println(mat.Formatted(d))
	// Output:
	// ⎡0  1  2⎤
	// ⎢1  0  1⎥
	// ⎣2  1  0⎦
}

func ExampleShiftDissimilarities() {
	d := mat.NewDense(3, 3, []float64{0, 1, 2, 1, 0, 1, 2, 1, 0})
	s, _ := embed.ShiftDissimilarities(d, 0.5)
	fmt.Println(mat.Formatted(s))
	// Output:
	// ⎡  0  1.5  2.5⎤
	// ⎢1.5    0  1.5⎥
	// ⎣2.5  1.5    0⎦
}

func ExampleCentredSimilarity() {
	// Squared distances of the points −1, 0, 1 on a line: S^c is their Gram matrix x xᵀ.
	d := mat.NewDense(3, 3, []float64{0, 1, 4, 1, 0, 1, 4, 1, 0})
	s, _ := embed.CentredSimilarity(d)
	fmt.Printf("S^c[0,0] = %.3f, S^c[0,2] = %.3f, S^c[1,1] = %.3f\n", s.At(0, 0), s.At(0, 2), math.Abs(s.At(1, 1)))
	// Output: S^c[0,0] = 1.000, S^c[0,2] = -1.000, S^c[1,1] = 0.000
}
