package info

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/gibbs"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// M from its definition, entry by entry; row sums 1; 1/λ₂(M) = BottleneckCritical.
func TestRelevanceMatrix(t *testing.T) {
	for _, j := range []*mat.Dense{ibJoint(), randomJoint(5, 6, 9)} {
		mm, err := RelevanceMatrix(j)
		if err != nil {
			t.Fatal(err)
		}
		px, py, _ := Marginals(j)
		n, m := j.Dims()
		for x := range n {
			row := 0.0
			for x2 := range n {
				var s float64
				for y := range m {
					s += j.At(x, y) / px[x] * j.At(x2, y) / py[y]
				}
				if math.Abs(mm.At(x, x2)-s) > 1e-14 {
					t.Errorf("M[%d,%d] = %g, definition %g", x, x2, mm.At(x, x2), s)
				}
				row += mm.At(x, x2)
			}
			if math.Abs(row-1) > 1e-12 {
				t.Errorf("row %d sums to %g", x, row)
			}
		}
		var eig mat.Eigen
		if !eig.Factorize(mm, mat.EigenNone) {
			t.Fatal("eigen failed")
		}
		var vals []float64
		for _, v := range eig.Values(nil) {
			vals = append(vals, real(v))
		}
		slices.Sort(vals)
		bc, err := BottleneckCritical(j)
		if err != nil || math.Abs(bc-1/vals[n-2]) > 1e-8*bc {
			t.Errorf("β_c = %g (%v), 1/λ₂ = %g", bc, err, 1/vals[n-2])
		}
	}
	// A row of zero probability is a zero row; a zero column contributes nothing.
	z := mat.NewDense(3, 3, []float64{0.25, 0.25, 0, 0, 0, 0, 0.25, 0.25, 0})
	mm, err := RelevanceMatrix(z)
	if err != nil {
		t.Fatal(err)
	}
	if mm.At(1, 0) != 0 || mm.At(1, 1) != 0 || mm.At(1, 2) != 0 || math.Abs(mm.At(0, 0)-0.5) > 1e-15 {
		t.Errorf("zero row or column mishandled: %v", mat.Formatted(mm))
	}
	for _, bad := range []mat.Matrix{nil, mat.NewDense(1, 2, []float64{math.NaN(), 1}),
		mat.NewDense(1, 2, []float64{0.2, 0.2})} {
		if _, err := RelevanceMatrix(bad); err == nil {
			t.Errorf("no error for %v", bad)
		}
	}
	if _, err := RelevanceMatrix(mat.NewDense(1, 2, []float64{-0.5, 1.5})); !errors.Is(err, errs.ErrProb) {
		t.Errorf("negative entry: %v", err)
	}
}

// On the small joint the annealed path has no failing chord; FirstWith finds the levels of
// Splits; a constructed path with a chord steeper than 1/β_{i−1} is reported.
func TestPathFirstWithAndChords(t *testing.T) {
	path, err := BottleneckPath{K: 3, Schedule: gibbs.Schedule{Cooling: 0.95, TMin: 1e-3}}.Fit(ibJoint())
	if err != nil {
		t.Fatal(err)
	}
	if bad := path.ChordViolations(); len(bad) != 0 {
		t.Errorf("chords fail at %v", bad)
	}
	for k, beta := range path.Splits {
		i := path.FirstWith(k + 2)
		if i < 1 || path.Levels[i].Beta != beta || path.Levels[i-1].Clusters >= k+2 {
			t.Errorf("FirstWith(%d) = %d, split at β = %g", k+2, i, beta)
		}
	}
	if path.FirstWith(1) != 0 || path.FirstWith(4) != -1 {
		t.Errorf("FirstWith(1) = %d, FirstWith(4) = %d", path.FirstWith(1), path.FirstWith(4))
	}
	var none *BottleneckPathResult
	if none.FirstWith(1) != -1 || none.ChordViolations() != nil {
		t.Error("nil result")
	}
	steep := &BottleneckPathResult{Levels: []BottleneckLevel{
		{Beta: 2, IXT: 0, ITY: 0}, {Beta: 3, IXT: 0.1, ITY: 0.04}, {Beta: 4, IXT: 0.2, ITY: 0.2}}}
	if bad := steep.ChordViolations(); !slices.Equal(bad, []int{2}) {
		t.Errorf("steep chord: %v, want [2]", bad)
	}
}

// The matrix M of two groups of two objects: λ₂ = 0.36 gives β_c = 1/0.36.
func ExampleRelevanceMatrix() {
	pxy := mat.NewDense(4, 2, []float64{
		0.2, 0.05,
		0.2, 0.05,
		0.05, 0.2,
		0.05, 0.2,
	})
	mm, _ := RelevanceMatrix(pxy)
	var eig mat.EigenSym // M is symmetric here because p(x) is uniform
	eig.Factorize(mat.NewSymDense(4, mm.RawMatrix().Data), false)
	bc, _ := BottleneckCritical(pxy)
	top := eig.Values(nil)[2:] // ascending: the two largest
	fmt.Printf("λ₂ = %.2f, λ₁ = %.2f, β_c = %.3f\n", top[0], top[1], bc)
	// Output:
	// λ₂ = 0.36, λ₁ = 1.00, β_c = 2.778
}

// RandomChannel: positive rows summing to 1, the same channel for the same seed, another for
// another seed; bad sizes refused.
func TestRandomChannel(t *testing.T) {
	a, err := RandomChannel(3, 4, 7)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := RandomChannel(3, 4, 7)
	c, _ := RandomChannel(3, 4, 8)
	if !mat.Equal(a.W, b.W) || mat.Equal(a.W, c.W) {
		t.Error("seeding: same seed must repeat, another seed must differ")
	}
	for i := range 3 {
		row := a.W.RawRowView(i)
		if s := floats.Sum(row); math.Abs(s-1) > 1e-15 || floats.Min(row) <= 0 {
			t.Errorf("row %d: sum %g, min %g", i, s, floats.Min(row))
		}
	}
	one, err := RandomChannel(1, 5, 1)
	if err != nil || one.Inputs() != 1 || one.Outputs() != 5 {
		t.Errorf("1×5: %v", err)
	}
	for _, bad := range [][2]int{{0, 3}, {3, 0}, {-1, 2}} {
		if _, err := RandomChannel(bad[0], bad[1], 1); !errors.Is(err, errs.ErrParam) {
			t.Errorf("%v: %v", bad, err)
		}
	}
	if _, err := RandomChannel(MaxLetters+1, 2, 1); !errors.Is(err, errs.ErrTooLarge) {
		t.Errorf("too many inputs: %v", err)
	}
}

// A random chain X → Y → Z: the data-processing inequality I(X;Z) ≤ I(X;Y).
func ExampleRandomChannel() {
	xy, _ := RandomChannel(3, 4, 1)
	yz, _ := RandomChannel(4, 3, 2)
	xz, _ := Cascade(xy, yz)
	p := []float64{0.5, 0.3, 0.2}
	iy, _ := xy.MutualInformation(p)
	iz, _ := xz.MutualInformation(p)
	fmt.Println(iz <= iy)
	// Output: true
}
