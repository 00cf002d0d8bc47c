package cluster

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"gonum.org/v1/gonum/diff/fd"
	"gonum.org/v1/gonum/mat"
)

// TestFreeEnergyHessianFiniteDifferences compares the analytic Hessian at arbitrary centroids
// with the finite-difference Hessian of F and, at the sample mean, with MeanHessian.
func TestFreeEnergyHessianFiniteDifferences(t *testing.T) {
	x, _ := daBlobs(daThree, 15, 1, 1, 5)
	K, T := 3, 2.3
	theta := mat.NewDense(K, 2, []float64{1, 1, 3, 0, 2, 4})
	h, err := FreeEnergyHessian(x, theta, T)
	if err != nil {
		t.Fatal(err)
	}
	f := func(v []float64) float64 {
		fv, _, err := FreeEnergy(x, mat.NewDense(K, 2, v), T)
		if err != nil {
			t.Fatal(err)
		}
		return fv
	}
	num := mat.NewSymDense(K*2, nil)
	fd.Hessian(num, f, mat.DenseCopyOf(theta).RawMatrix().Data, nil)
	for r := 0; r < K*2; r++ {
		for s := 0; s < K*2; s++ {
			if d := math.Abs(h.At(r, s) - num.At(r, s)); d > 1e-3*math.Max(1, math.Abs(num.At(r, s))) {
				t.Fatalf("H[%d,%d] = %g, finite differences %g", r, s, h.At(r, s), num.At(r, s))
			}
		}
	}
	n, _ := x.Dims()
	mean := mat.NewDense(K, 2, nil)
	for k := 0; k < K; k++ {
		for j := 0; j < 2; j++ {
			mean.Set(k, j, mat.Sum(x.ColView(j))/float64(n))
		}
	}
	hm, _ := FreeEnergyHessian(x, mean, T)
	want, _ := MeanHessian(x, K, T)
	if !mat.EqualApprox(hm, want, 1e-9*mat.Norm(want, math.Inf(1))) {
		t.Fatalf("at the mean:\n%v\nMeanHessian:\n%v", mat.Formatted(hm), mat.Formatted(want))
	}
	if _, err := FreeEnergyHessian(x, theta, 0); !errors.Is(err, ErrParam) {
		t.Fatalf("T = 0: %v", err)
	}
	if _, err := FreeEnergyHessian(x, mat.NewDense(2, 3, nil), T); !errors.Is(err, ErrShape) {
		t.Fatalf("3-D centroids for 2-D data: %v", err)
	}
}

// daLevelTwoGroups is a level with centroids 0 and 2 merged at (0, 0) and centroid 1 at (4, 0).
func daLevelTwoGroups() DALevel {
	return DALevel{Level: gibbs.Level{T: 1},
		Centroids: mat.NewDense(3, 2, []float64{0, 0, 4, 0, 1e-9, 0}),
		Groups:    [][]int{{0, 2}, {1}}, Distinct: 2}
}

func TestDALevelGroups(t *testing.T) {
	lv := daLevelTwoGroups()
	pos, ids, err := lv.DistinctCentroids()
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := pos.Dims(); r != 2 || ids[0] != 0 || ids[1] != 1 || pos.At(1, 0) != 4 {
		t.Fatalf("positions %v, ids %v", mat.Formatted(pos), ids)
	}
	// At the midpoint x = 2 the merged pair weighs twice: p(group 0) = 2/3.
	x := mat.NewDense(3, 2, []float64{2, 0, -1, 0, 5, 1})
	gp, err := lv.GroupPosteriors(x)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(gp.At(0, 0)-2.0/3) > 1e-6 {
		t.Fatalf("p(midpoint ↦ merged pair) = %g, want 2/3", gp.At(0, 0))
	}
	labels, _ := lv.GroupLabels(x)
	if fmt.Sprint(labels) != "[0 0 1]" {
		t.Fatalf("labels %v, want [0 0 1]", labels)
	}
	f, err := lv.Membership()
	if err != nil {
		t.Fatal(err)
	}
	if v := f(2, 0); math.Abs(v-2.0/3) > 1e-6 {
		t.Fatalf("membership at the midpoint %g, want 2/3", v)
	}
	if v := f(40, 3); v != 1 {
		t.Fatalf("membership far right %g, want 1", v)
	}
}

func TestDALevelGroupsBadInput(t *testing.T) {
	var empty DALevel
	if _, _, err := empty.DistinctCentroids(); !errors.Is(err, ErrEmpty) {
		t.Fatalf("DistinctCentroids of an empty level: %v", err)
	}
	if _, err := empty.GroupLabels(mat.NewDense(1, 2, nil)); !errors.Is(err, ErrEmpty) {
		t.Fatalf("GroupLabels of an empty level: %v", err)
	}
	if _, err := empty.Membership(); !errors.Is(err, ErrEmpty) {
		t.Fatalf("Membership of an empty level: %v", err)
	}
	lv := daLevelTwoGroups()
	if _, err := lv.GroupPosteriors(mat.NewDense(1, 3, nil)); !errors.Is(err, ErrShape) {
		t.Fatalf("3-D points: %v", err)
	}
	lv.Centroids = mat.NewDense(3, 1, []float64{0, 4, 0})
	if _, err := lv.Membership(); !errors.Is(err, ErrShape) {
		t.Fatalf("1-D membership: %v", err)
	}
	lv = daLevelTwoGroups()
	lv.T = math.Inf(1)
	if _, err := lv.Membership(); !errors.Is(err, ErrParam) {
		t.Fatalf("T = +Inf: %v", err)
	}
}

// ExampleFreeEnergyHessian shows the first phase transition: at the sample mean the smallest
// eigenvalue of the Hessian of F changes sign at T_c = 2λ_max.
func ExampleFreeEnergyHessian() {
	x := mat.NewDense(4, 1, []float64{-2, -1, 1, 2}) // variance 2.5, so T_c = 5
	mean := mat.NewDense(2, 1, nil)                  // two centroids at the mean 0
	for _, T := range []float64{6, 4} {
		h, _ := FreeEnergyHessian(x, mean, T)
		var eig mat.EigenSym
		eig.Factorize(h, false)
		fmt.Printf("T = %g: smallest eigenvalue %.2f\n", T, eig.Values(nil)[0])
	}
	// Output:
	// T = 6: smallest eigenvalue 0.67
	// T = 4: smallest eigenvalue -1.00
}

func TestFreeEnergyHessianTooLarge(t *testing.T) {
	x := mat.NewDense(2, 2100, nil)
	c := mat.NewDense(2, 2100, nil)
	if _, err := FreeEnergyHessian(x, c, 1); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("K·d = 4200 > MaxHessianSize: %v", err)
	}
}

// TestDALevelMembershipFar: far from two centroids at (0, 0) and (5, 5) the membership is the
// nearest centroid's, 1 (closed form: p = 1/(1 + exp(−δ/T)) with δ = ‖x−θ₂‖² − ‖x−θ₁‖²
// = 10·x₁ − 50 at x = (x₁, 0), overwhelming for x₁ ≥ 100). The squared distances round to the
// same value at x₁ = 1e100 (which gave 1/2) and overflow at 1e155 (which gave NaN). Near the
// centroids the closed form is checked too.
func TestDALevelMembershipFar(t *testing.T) {
	lv := DALevel{Level: gibbs.Level{T: 1}, Centroids: mat.NewDense(2, 2, []float64{0, 0, 5, 5}),
		Groups: [][]int{{0}, {1}}, Distinct: 2}
	f, err := lv.Membership()
	if err != nil {
		t.Fatal(err)
	}
	for _, x1 := range []float64{100, 1e100, 1e155, 1e300, math.MaxFloat64, -1e200} {
		if v := f(x1, 0); v != 1 {
			t.Errorf("membership at (%g, 0) = %v, want 1", x1, v)
		}
	}
	for _, x1 := range []float64{0, 2.5, 3, 4.9} {
		delta := 10*x1 - 50 // ‖x−θ₂‖² − ‖x−θ₁‖² at (x₁, 0)
		p1 := 1 / (1 + math.Exp(-delta))
		if want := math.Max(p1, 1-p1); math.Abs(f(x1, 0)-want) > 1e-12 {
			t.Errorf("membership at (%g, 0) = %v, want %v", x1, f(x1, 0), want)
		}
	}
	if v := f(math.NaN(), 0); !math.IsNaN(v) {
		t.Errorf("membership at NaN = %v", v)
	}
	lv.Centroids = mat.NewDense(2, 2, []float64{0, 0, 5, math.Inf(1)})
	if _, err := lv.Membership(); !errors.Is(err, ErrNotFinite) {
		t.Errorf("infinite centroid: %v", err)
	}
}
