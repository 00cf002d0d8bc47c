package cluster

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/internal/kernel"
	"gonum.org/v1/gonum/mat"
)

// TestDAFusedStepBits compares one E-pass with the fused kernels (kernel.KMDistQuads, then
// kernel.GibbsQuads writing into the product's buffer) against the same pass row by row
// (daRowPosterior, i.e. gibbs.SoftmaxCosts; st.ct = nil), bit for bit: the posteriors, the
// centroid sums and masses, the free energy and E[R]. The shapes cover one and several
// blocks, n not a multiple of 4 (1–3 rows after the quads), chunks that are not a multiple of
// the kernel's step (K = 37, 100: a quad runs past the chunk and its rows wait for the next
// product), K not a multiple of 4 (padding columns), and temperatures from far above the data
// scale to far below it (most terms cut off).
func TestDAFusedStepBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for _, c := range []struct{ n, d, k int }{{2*daBlock + 3*daChunk + 7, 2, 16}, {daBlock + 3, 3, 37},
		{1201, 2, 100}, {514, 10, 5}, {7, 1, 3}, {300, 2, 256}} {
		x := mat.NewDense(c.n, c.d, nil)
		for i := range c.n {
			for j := range c.d {
				x.Set(i, j, 5*rng.NormFloat64()+float64(j))
			}
		}
		theta := make([]float64, c.k*c.d)
		for i := range theta {
			theta[i] = 3 * rng.NormFloat64()
		}
		fused, err := daNewState(x, c.n, c.d, c.k, 2)
		if err != nil {
			t.Fatal(err)
		}
		if (fused.ct != nil) != kernel.Asm() {
			t.Fatalf("K = %d: fused kernels in use %v, assembly %v", c.k, fused.ct != nil, kernel.Asm())
		}
		rows, _ := daNewState(x, c.n, c.d, c.k, 2)
		rows.ct = nil
		for _, temp := range []float64{1e3, 4, 0.05} {
			type pass struct {
				post     *mat.Dense
				num, den []float64
				f, cost  float64
			}
			run := func(st *daState) pass {
				p := pass{post: mat.NewDense(c.n, c.k, nil)}
				st.daStep(theta, temp, p.post, true)
				p.num, p.den, p.f, p.cost = st.daReduce()
				return p
			}
			a, b := run(fused), run(rows)
			same := func(what string, u, v []float64) {
				for i := range u {
					if math.Float64bits(u[i]) != math.Float64bits(v[i]) {
						t.Fatalf("n=%d d=%d K=%d T=%g: %s[%d] = %v fused, %v row by row", c.n, c.d, c.k, temp, what, i, u[i], v[i])
					}
				}
			}
			same("posterior", a.post.RawMatrix().Data, b.post.RawMatrix().Data)
			same("Σ p x", a.num, b.num)
			same("mass", a.den, b.den)
			same("F, E[R]", []float64{a.f, a.cost}, []float64{b.f, b.cost})
		}
	}
}

// TestDAFusedFitMatchesOldPath runs whole annealing schedules and compares them with the
// figures recorded from the row-by-row posteriors (gibbs.SoftmaxCosts per row, commit 1075e88)
// before the fused kernel replaced them: the same levels, inner iterations and split
// temperatures, and a hash of the bits of every level's centroids, free energy, E[R],
// distinct count and iterations (and posteriors, for K = 37): the results are identical.
func TestDAFusedFitMatchesOldPath(t *testing.T) {
	for _, c := range []struct {
		n, d, k, workers int
		iter, splits     int
		hash             uint64
	}{
		{5003, 2, 5, 2, 1486, 3, 0x79579fc717477e6d},
		{4099, 3, 100, 2, 7108, 16, 0xa4c6ed2d41251887},
		{2050, 4, 37, 2, 5304, 8, 0xddbc64eb2806cc5a},
		{1201, 2, 3, 3, 1133, 2, 0xf8bf71d7d624d201},
	} {
		x := daBenchData(c.n, c.d)
		res, err := DA{K: c.k, Schedule: gibbs.Schedule{Cooling: 0.8}, Tol: 1e-6, MaxIter: 300, Seed: 5,
			Workers: c.workers, KeepPosteriors: c.k == 37}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		h := fnv.New64a()
		for _, lv := range res.Levels {
			for _, v := range lv.Centroids.RawMatrix().Data {
				fmt.Fprint(h, math.Float64bits(v))
			}
			fmt.Fprint(h, math.Float64bits(lv.FreeEnergy), math.Float64bits(lv.Cost), lv.Iter, lv.Distinct)
			if lv.Posteriors != nil {
				for _, v := range lv.Posteriors.RawMatrix().Data {
					fmt.Fprint(h, math.Float64bits(v))
				}
			}
		}
		if len(res.Levels) != 33 || res.Iter != c.iter || len(res.Splits) != c.splits || h.Sum64() != c.hash {
			t.Errorf("n=%d d=%d K=%d: %d levels, %d inner iterations, %d splits, hash %#x; old path 33, %d, %d, %#x",
				c.n, c.d, c.k, len(res.Levels), res.Iter, len(res.Splits), h.Sum64(), c.iter, c.splits, c.hash)
		}
	}
}
