package embed

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"gonum.org/v1/gonum/mat"
)

// fullRankData returns n×5 data of full rank with a repeated leading variance.
func fullRankData(n int, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 6))
	scale := []float64{3, 3, 1, 0.5, 0.1}
	return fuzzdata.Rows(n, 5, func(_ int, row []float64) {
		for j, s := range scale {
			row[j] = rng.NormFloat64() * s
		}
	})
}

// switchData returns n×5 data with two equal leading variances (a repeated eigenvalue: the
// hard case for the directions), a third smaller one, a constant column (a zero eigenvalue)
// and a column that copies the third (rank 4 after centring, so λ_5 = 0 too).
func switchData(n int, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 5))
	return fuzzdata.Rows(n, 5, func(_ int, row []float64) {
		a, b, c := rng.NormFloat64()*3, rng.NormFloat64()*3, rng.NormFloat64()
		copy(row, []float64{a, b, c, 7, c})
	})
}

// TestPCAFullSwitchBoundary: pcaFull runs gonum's SVD on the centred data for n ≤ 4·tsqrRows and
// on the stacked R factors of the tall-skinny QR above (n > 16384, n ≥ 8d, d ≤ 1024). At
// n = 16383, 16384 (direct) and 16385 (TSQR), with a repeated and two zero eigenvalues, the
// eigenvalues must match the dense SVD of the centred data (the independent reference), and
// the TSQR side must give the same bits on 1 and 2 cores.
func TestPCAFullSwitchBoundary(t *testing.T) {
	for _, n := range []int{4*tsqrRows - 1, 4 * tsqrRows, 4*tsqrRows + 1} {
		x := switchData(n, uint64(n))
		m, err := PCA{}.Fit(x)
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		want := centredSingularValues(x)
		for j, s := range want {
			if math.Abs(m.Values[j]-s*s) > 1e-10*want[0]*want[0] {
				t.Errorf("n=%d: λ_%d = %v, dense SVD %v", n, j+1, m.Values[j], s*s)
			}
		}
		prev := runtime.GOMAXPROCS(1)
		one, err := PCA{}.Fit(x)
		runtime.GOMAXPROCS(prev)
		if err != nil || !mat.Equal(one.Components, m.Components) {
			t.Errorf("n=%d: components differ between 1 and %d cores (%v)", n, prev, err)
		}
	}
}

// TestPCARandomizedSwitchBoundary: the randomized solver orthonormalises its sketch by
// Householder QR for n ≤ 4·tsqrRows and by the blocked TSQR above, falling back to Householder
// when the sketch is numerically rank-deficient (switchData: rank 3 of 5 columns; fullRankData
// takes the TSQR passes). With
// Components = d the sketch spans the whole row space, so the eigenvalues must equal the dense
// SVD's on both sides of n = 16384 and at it, on 1 and 2 cores alike.
func TestPCARandomizedSwitchBoundary(t *testing.T) {
	for _, c := range []struct {
		n int
		x *mat.Dense
	}{
		{4 * tsqrRows, switchData(4*tsqrRows, 1)}, {4*tsqrRows + 1, switchData(4*tsqrRows+1, 2)},
		{4 * tsqrRows, fullRankData(4*tsqrRows, 3)}, {4*tsqrRows + 1, fullRankData(4*tsqrRows+1, 4)},
	} {
		n, x := c.n, c.x
		want := centredSingularValues(x)
		var ref *PCAModel
		for _, procs := range []int{1, 2} {
			prev := runtime.GOMAXPROCS(procs)
			m, err := PCA{Components: 5, Solver: PCARandomized, Seed: 4}.Fit(x)
			runtime.GOMAXPROCS(prev)
			if err != nil {
				t.Fatalf("n=%d: %v", n, err)
			}
			for j, s := range want {
				if math.Abs(m.Values[j]-s*s) > 1e-10*want[0]*want[0] {
					t.Errorf("n=%d procs=%d: λ_%d = %v, dense SVD %v", n, procs, j+1, m.Values[j], s*s)
				}
			}
			if ref == nil {
				ref = m
			} else if !mat.Equal(ref.Components, m.Components) {
				t.Errorf("n=%d: components differ between 1 and 2 cores", n)
			}
		}
	}
}

// TestLLEAutoSwitchBoundary: Auto picks the dense eigensolver for p ≤ 600 points and the banded
// subspace iteration above. At p = 599, 600 (Dense) and 601 (Band), the Components+1 smallest
// eigenvalues of G (the first is the zero of the constant vector, so the spectrum starts at a
// repeated-to-rounding bottom) must match gonum's dense EigenSym on G itself, and the solver
// Auto chose is visible in Bandwidth (0 for Dense).
func TestLLEAutoSwitchBoundary(t *testing.T) {
	for _, p := range []int{599, 600, 601} {
		x, _ := helix(p)
		r, err := LLE{Neighbors: 8, Components: 2}.Fit(x)
		if err != nil {
			t.Fatalf("p=%d: %v", p, err)
		}
		if band := r.Bandwidth > 0; band != (p > 600) {
			t.Errorf("p=%d: Bandwidth %d, want the %s solver", p, r.Bandwidth, map[bool]string{true: "Band", false: "Dense"}[p > 600])
		}
		if !r.Converged {
			t.Errorf("p=%d: not converged", p)
		}
		g, err := r.GMatrix()
		if err != nil {
			t.Fatal(err)
		}
		var es mat.EigenSym
		if !es.Factorize(g, false) {
			t.Fatal("EigenSym failed")
		}
		want := es.Values(nil)
		name := fmt.Sprintf("p=%d", p)
		for j := range 3 {
			if math.Abs(r.Eigenvalues[j]-want[j]) > 1e-6*want[2]+1e-12 {
				t.Errorf("%s: λ_%d = %g, dense EigenSym %g", name, j, r.Eigenvalues[j], want[j])
			}
		}
	}
}
