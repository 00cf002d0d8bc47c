package cluster

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"gonum.org/v1/gonum/mat"
)

// TestDASumsProduct checks the centroid sums of one E-pass, which daStep forms as the product
// [X 1]ᵀ·P through kernel.Gemm, against Σᵢ p_ik x_ij and Σᵢ p_ik added row by row from the
// posteriors the same pass stored: on n that is not a multiple of daChunk or of the four-row
// kernel (a partial chunk, the 1–3 rows after the quads), over several blocks, at K = 16 (the
// distance kernel) and K = 257 (row by row), with d = 1, 2, 5. Both orders of summation are
// exact to about n·2⁻⁵³ relative to Σᵢ p_ik |x_ij|; the tolerance is 1e-12 of that.
func TestDASumsProduct(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for _, c := range []struct{ n, d, k int }{{2*daBlock + 3*daChunk + 7, 2, 16}, {daBlock + 1, 1, 16}, {daChunk + 2, 5, 16}, {300, 2, 257}} {
		x, theta := daRandomCase(rng, c.n, c.d, c.k)
		st, err := daNewState(x, c.n, c.d, c.k, 2)
		if err != nil {
			t.Fatal(err)
		}
		post := mat.NewDense(c.n, c.k, nil)
		st.daStep(theta, 4, post, false)
		num, den, _, _ := st.daReduce()
		for k := range c.k {
			var m, mabs float64
			for i := range c.n {
				m += post.At(i, k)
			}
			if !(math.Abs(den[k]-m) <= 1e-12*float64(c.n)) {
				t.Fatalf("n=%d d=%d K=%d: mass of %d = %v, rows give %v", c.n, c.d, c.k, k, den[k], m)
			}
			for j := range c.d {
				var s float64
				mabs = 0
				for i := range c.n {
					s += post.At(i, k) * x.At(i, j)
					mabs += post.At(i, k) * math.Abs(x.At(i, j))
				}
				if !(math.Abs(num[k*c.d+j]-s) <= 1e-12*(mabs+1e-300)) {
					t.Fatalf("n=%d d=%d K=%d: Σ p x of (%d, %d) = %v, rows give %v", c.n, c.d, c.k, k, j, num[k*c.d+j], s)
				}
			}
		}
	}
}

// TestDAGemmSumsAgree compares whole annealing runs with the sums as a matrix product against
// the run with K·d scattered additions per row that preceded it (figures recorded from that
// path, commit fcac77e): the rounding of the sums changes, so the centroids may differ in the
// last bits, but the level structure (distinct centroids at every temperature, the split
// temperatures, the inner-iteration count) must be the same and the final centroids agree
// within 1e-10 of the data scale s.
func TestDAGemmSumsAgree(t *testing.T) {
	for _, c := range []struct {
		centres  [][]float64
		per, k   int
		distinct []int
		splits   []float64
		cent     []float64
		iter     int
	}{
		{[][]float64{{0, 0}, {6, 0}, {3, 5}, {8, 6}}, 1301, 5,
			[]int{1, 1, 1, 2, 2, 2, 3, 4, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5},
			[]float64{24.36789174835684, 14.96493151995964, 12.720191791965693, 10.81216302317084, 1.3072499068297814},
			[]float64{3.6556370143179953, 4.7400535589241, -0.01318427049047323, -0.008223663462153806, 8.010510314868473, 5.987350284853878, 5.987958042304859, -0.002416759662564412, 2.4280424897636133, 5.177516348549663},
			6829},
		{[][]float64{{0, 0, 1}, {6, 0, 2}, {3, 5, 0}}, 1001, 4,
			[]int{1, 1, 1, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4},
			[]float64{12.960516878536273, 1.3319480365566208},
			[]float64{5.984395249746296, 0.0025837147368385927, 1.9639364302896547, -0.01620496677543192, 0.6396335769986885, 0.8832709466044547, -0.002422966205897084, -0.6608217115102869, 1.1421632812746285, 2.9826560137275964, 5.004540051419492, -0.030187070665218994},
			2930},
	} {
		x, _ := daBlobs(c.centres, c.per, 0.8, 1, 7)
		res, err := DA{K: c.k, Schedule: gibbs.Schedule{Cooling: 0.85}, Seed: 3}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Levels) != len(c.distinct) || res.Iter != c.iter || len(res.Splits) != len(c.splits) {
			t.Fatalf("K=%d: %d levels, %d inner iterations, %d splits; old path %d, %d, %d",
				c.k, len(res.Levels), res.Iter, len(res.Splits), len(c.distinct), c.iter, len(c.splits))
		}
		for l, lv := range res.Levels {
			if !lv.Converged || lv.Distinct != c.distinct[l] {
				t.Fatalf("K=%d level %d: converged %v, %d distinct; old path %d", c.k, l, lv.Converged, lv.Distinct, c.distinct[l])
			}
		}
		for i, s := range res.Splits {
			if s != c.splits[i] { // temperatures of the schedule: the same bits
				t.Fatalf("K=%d: split %d at T = %v, old path %v", c.k, i, s, c.splits[i])
			}
		}
		for i, v := range res.Centroids.RawMatrix().Data {
			if !(math.Abs(v-c.cent[i]) <= 1e-10*res.Scale) {
				t.Fatalf("K=%d: centroid coordinate %d = %v, old path %v (s = %v)", c.k, i, v, c.cent[i], res.Scale)
			}
		}
	}
}

// daRandomCase draws n rows of d Gaussian coordinates (spread 5, mean j in coordinate j) and k
// Gaussian centroids (spread 3): the data of the annealing step tests.
func daRandomCase(rng *rand.Rand, n, d, k int) (*mat.Dense, []float64) {
	x := mat.NewDense(n, d, nil)
	for i := range n {
		for j := range d {
			x.Set(i, j, 5*rng.NormFloat64()+float64(j))
		}
	}
	theta := make([]float64, k*d)
	for i := range theta {
		theta[i] = 3 * rng.NormFloat64()
	}
	return x, theta
}
