package cluster

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"github.com/sltk-book/sltk/sltk/metrics"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// Tests of the errata of ML chapter 4 (Clustering and embedding), §4.1–4.3, that the notebook's
// "Notes on the lecture source" point to.

// fourBlobsTest is the chapter's running example: four blobs, σ = 0.7, centres (±3, ±3).
func fourBlobsTest() *mat.Dense {
	rng := rand.New(rand.NewPCG(1, 4))
	c := [][2]float64{{3, 3}, {-3, 3}, {3, -3}, {-3, -3}}
	x := mat.NewDense(800, 2, nil)
	for i := 0; i < 800; i++ {
		x.Set(i, 0, c[i%4][0]+0.7*rng.NormFloat64())
		x.Set(i, 1, c[i%4][1]+0.7*rng.NormFloat64())
	}
	return x
}

// E20: Algorithm 4 must split the cluster with the largest spread about its own prototype
// w_γ. With three prototypes on four blobs one cluster holds two blobs; the corrected argmax
// picks it, the printed one (every cluster measured about one fixed w_q) picks another.
func TestLectureE20SplitArgmax(t *testing.T) {
	x := fourBlobsTest()
	km, err := KMeans{K: 3, Restarts: 3, Seed: 1}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	size, own, printed := make([]float64, 3), make([]float64, 3), make([]float64, 3)
	for i, l := range km.Labels {
		size[l]++
		own[l] += HalfSquared(x.RawRowView(i), km.Centroids.RawRowView(l)) * 2
	}
	merged := floats.MaxIdx(size)
	for i, l := range km.Labels {
		printed[l] += HalfSquared(x.RawRowView(i), km.Centroids.RawRowView(merged)) * 2
	}
	floats.Div(own, size)
	floats.Div(printed, size)
	if size[merged] < 350 {
		t.Fatalf("no cluster holds two blobs: sizes %v", size)
	}
	if floats.MaxIdx(own) != merged {
		t.Errorf("corrected argmax %d, want the two-blob cluster %d (%v)", floats.MaxIdx(own), merged, own)
	}
	if floats.MaxIdx(printed) == merged {
		t.Errorf("printed argmax also picks the two-blob cluster (%v)", printed)
	}
}

// E21: the random baseline of the stability index, defined as the permutation-minimised
// disagreement of two uniform labelings with M labels, lies just below 1 − 1/M (the identity
// matching's expectation, which the best matching can only beat).
func TestLectureE21RandomBaseline(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 21))
	for _, m := range []int{2, 4, 8} {
		tot := 0.0
		for r := 0; r < 20; r++ {
			a, b := make([]int, 800), make([]int, 800)
			for i := range a {
				a[i], b[i] = rng.IntN(m), rng.IntN(m)
			}
			d, err := metrics.Disagreement(a, b, m)
			if err != nil {
				t.Fatal(err)
			}
			tot += d / 20
		}
		if top := 1 - 1/float64(m); tot > top || tot < top-0.1 {
			t.Errorf("M = %d: baseline %.4f, want in [%.4f, %.4f]", m, tot, top-0.1, top)
		}
	}
}

// somFields returns the mean fields of the pairwise SOM with the brace inside Σ_δ (E27
// corrected), e_q^(α) = Σ_s h_sq [(1/n_s) Σ_δ a_s^(δ) d_δα − a_sᵀDa_s/(2n_s²)], and the SOM
// cost (1/p) Σ_s a_sᵀDa_s/n_s, for soft assignments m.
func somFields(d, h, m *mat.Dense) (*mat.Dense, float64) {
	p, k := m.Dims()
	var a, da mat.Dense
	a.Mul(m, h)
	da.Mul(d, &a)
	g := mat.NewDense(p, k, nil)
	cost := 0.0
	for s := 0; s < k; s++ {
		ns := mat.Sum(a.ColView(s))
		quad := mat.Dot(a.ColView(s), da.ColView(s))
		cost += quad / ns / float64(p)
		for al := 0; al < p; al++ {
			g.Set(al, s, da.At(al, s)/ns-quad/(2*ns*ns))
		}
	}
	var e mat.Dense
	e.Mul(g, h)
	return &e, cost
}

// somProblem is 12 random points, d = ½‖x − x′‖², a chain of 4 nodes with σ = 0.8 and random
// soft assignments.
func somProblem(t *testing.T) (x, d, h, m *mat.Dense) {
	rng := rand.New(rand.NewPCG(27, 28))
	x = mat.NewDense(12, 2, nil)
	for i := 0; i < 12; i++ {
		x.Set(i, 0, rng.NormFloat64())
		x.Set(i, 1, rng.NormFloat64())
	}
	d, err := Dissimilarities(x, HalfSquared)
	if err != nil {
		t.Fatal(err)
	}
	h, err = Neighbourhood(mat.NewDense(4, 1, []float64{0, 1, 2, 3}), 0.8)
	if err != nil {
		t.Fatal(err)
	}
	return x, d, h, fuzzdata.Simplex(rand.New(rand.NewPCG(5, 3)), 12, 4)
}

// E27 and E29: with the brace inside Σ_δ the field on ½‖·‖² is ½ Σ_s h_sq ‖x − w_s‖² (h inside
// the sum, with the norm), w_s the a_s-weighted mean; with the bracket closed early, as
// printed, the expression still depends on the summation index δ.
func TestLectureE27E29Bracket(t *testing.T) {
	x, d, h, m := somProblem(t)
	e, _ := somFields(d, h, m)
	var a mat.Dense
	a.Mul(m, h)
	w := mat.NewDense(4, 2, nil)
	for s := 0; s < 4; s++ {
		ns := mat.Sum(a.ColView(s))
		for dl := 0; dl < 12; dl++ {
			w.Set(s, 0, w.At(s, 0)+a.At(dl, s)*x.At(dl, 0)/ns)
			w.Set(s, 1, w.At(s, 1)+a.At(dl, s)*x.At(dl, 1)/ns)
		}
	}
	for al := 0; al < 12; al++ {
		for q := 0; q < 4; q++ {
			want := 0.0
			for s := 0; s < 4; s++ {
				want += h.At(s, q) * HalfSquared(x.RawRowView(al), w.RawRowView(s))
			}
			if math.Abs(e.At(al, q)-want) > 1e-12 {
				t.Fatalf("α = %d, q = %d: field %g, ½Σ_s h_sq‖x − w_s‖² = %g", al, q, e.At(al, q), want)
			}
		}
	}
	printed := func(delta int) float64 { // α = 0, q = 0, bracket closed after (1/n_s)Σ_δ a_s^(δ)
		v := 0.0
		for s := 0; s < 4; s++ {
			ns := mat.Sum(a.ColView(s))
			inner := 0.0
			for eps := 0; eps < 12; eps++ {
				inner += a.At(eps, s) * d.At(eps, delta)
			}
			v += h.At(s, 0) * (d.At(delta, 0) - inner/(2*ns))
		}
		return v
	}
	if math.Abs(printed(1)-printed(2)) < 1e-3 {
		t.Error("the printed bracketing does not depend on δ")
	}
}

// E28: the derivative of the SOM cost with prefactor 1/p is (2/p)·e, not (1/p)·e.
func TestLectureE28Prefactor(t *testing.T) {
	_, d, h, m := somProblem(t)
	e, _ := somFields(d, h, m)
	const step = 1e-6
	scale, two, one := 0.0, 0.0, 0.0
	for al := 0; al < 12; al++ {
		for q := 0; q < 4; q++ {
			up, dn := mat.DenseCopyOf(m), mat.DenseCopyOf(m)
			up.Set(al, q, m.At(al, q)+step)
			dn.Set(al, q, m.At(al, q)-step)
			_, cu := somFields(d, h, up)
			_, cd := somFields(d, h, dn)
			g := (cu - cd) / (2 * step)
			scale = math.Max(scale, math.Abs(g))
			two = math.Max(two, math.Abs(g-2*e.At(al, q)/12))
			one = math.Max(one, math.Abs(g-e.At(al, q)/12))
		}
	}
	if two/scale > 1e-6 {
		t.Errorf("∂cost/∂m − (2/p)e: relative %g", two/scale)
	}
	if one/scale < 0.3 {
		t.Errorf("(1/p)e matches the derivative too well: relative %g", one/scale)
	}
}
