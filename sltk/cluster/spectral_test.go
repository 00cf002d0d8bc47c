package cluster

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"github.com/sltk-book/sltk/sltk/synth"
	"gonum.org/v1/gonum/mat"
)

// twoTriangles is the graph of catalog §3.3: triangles {1,2,3} and {4,5,6} (0-based here)
// joined by the edge 3–4.
func twoTriangles() *mat.SymDense {
	s := mat.NewSymDense(6, nil)
	for _, e := range [][2]int{{0, 1}, {0, 2}, {1, 2}, {3, 4}, {3, 5}, {4, 5}, {2, 3}} {
		s.SetSym(e[0], e[1], 1)
	}
	return s
}

func TestTwoTrianglesOracle(t *testing.T) {
	s := twoTriangles()
	l, err := Laplacian(s)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal([]float64{l.At(0, 0), l.At(1, 1), l.At(2, 2), l.At(3, 3), l.At(4, 4), l.At(5, 5)},
		[]float64{2, 2, 3, 3, 2, 2}) {
		t.Errorf("degrees %v", mat.Formatted(l))
	}
	var e mat.EigenSym
	e.Factorize(l, true)
	r17 := math.Sqrt(17)
	want := []float64{0, (5 - r17) / 2, 3, 3, 3, (5 + r17) / 2}
	for i, v := range e.Values(nil) {
		if math.Abs(v-want[i]) > 1e-12 {
			t.Errorf("spec(L)[%d] = %v, want %v", i, v, want[i])
		}
	}
	res, err := SpectralClustering{K: 2, Normalization: Unnormalized, Seed: 1}.Fit(s)
	if err != nil {
		t.Fatal(err)
	}
	fiedler := []float64{-0.4647, -0.4647, -0.2610, 0.2610, 0.4647, 0.4647}
	for i, v := range fiedler {
		if math.Abs(math.Abs(res.Embedding.At(i, 1))-math.Abs(v)) > 5e-5 || res.Embedding.At(i, 1)*v*res.Embedding.At(5, 1) < 0 {
			t.Errorf("Fiedler vector %v, want ±%v", mat.Col(nil, 1, res.Embedding), fiedler)
			break
		}
	}
	if l := res.Labels; l[0] != l[1] || l[1] != l[2] || l[3] != l[4] || l[4] != l[5] || l[0] == l[3] {
		t.Errorf("labels %v, want {1,2,3},{4,5,6}", l)
	}
	natural := []int{0, 0, 0, 1, 1, 1}
	for _, c := range []struct {
		labels []int
		obj    CutObjective
		want   float64
	}{{natural, MinCut, 2}, {[]int{0, 1, 1, 1, 1, 1}, MinCut, 4}, {natural, RatioCut, 2.0 / 3},
		{natural, NormalizedCut, 2.0 / 7}} {
		if v, err := Cut(s, c.labels, c.obj); err != nil || math.Abs(v-c.want) > 1e-12 {
			t.Errorf("%v%v = %v (%v), want %v", c.obj, c.labels, v, err, c.want)
		}
	}
	best, err := BestCut(s, 2, RatioCut)
	if err != nil || best.Partitions != 31 || !slices.Equal(best.Labels, natural) || math.Abs(best.Cost-2.0/3) > 1e-12 {
		t.Fatalf("brute force: %+v, %v; want 31 partitions, optimum 2/3 at the natural split", best, err)
	}
	// Theorem 5.40: tr(UᵀLU) of the two smallest eigenvectors ≤ the optimal balanced cut.
	if tr := res.Eigenvalues[0] + res.Eigenvalues[1]; math.Abs(tr-(5-r17)/2) > 1e-12 || tr > best.Cost {
		t.Errorf("relaxation %v, want (5−√17)/2 ≤ 2/3", tr)
	}
	if mc, _ := BestCut(s, 2, MinCut); mc.Cost != 2 {
		t.Errorf("minimum mincut %v, want 2", mc.Cost)
	}
}

func TestLaplacianIdentities(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	x := fuzzdata.Normal(rng, 40, 3)
	s, err := GaussianGraph(x, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	l, _ := Laplacian(s)
	for trial := range 20 {
		v := make([]float64, 40)
		labels := make([]int, 40)
		for i := range v {
			v[i] = rng.NormFloat64()
			labels[i] = (i + trial) % 3
		}
		vv := mat.NewVecDense(40, v)
		var lv mat.VecDense
		lv.MulVec(l, vv)
		quad := 0.0
		for i := range 40 {
			for j := range 40 {
				quad += s.At(i, j) * (v[i] - v[j]) * (v[i] - v[j]) / 2
			}
		}
		// Lemma 5.34.
		if got := mat.Dot(vv, &lv); math.Abs(got-quad) > 1e-9*quad {
			t.Fatalf("vᵀLv = %v, ½ΣS(v_i−v_j)² = %v", got, quad)
		}
		// Lemma 5.36: ratio cut = tr(UᵀLU).
		u, _ := PartitionMatrix(labels)
		var lu, utlu mat.Dense
		lu.Mul(l, u)
		utlu.Mul(u.T(), &lu)
		rc, _ := Cut(s, labels, RatioCut)
		if tr := mat.Trace(&utlu); math.Abs(tr-rc) > 1e-9*rc {
			t.Fatalf("tr(UᵀLU) = %v, ratio cut %v", tr, rc)
		}
	}
	// Corollary 5.35: L is positive semi-definite.
	var el mat.EigenSym
	el.Factorize(l, false)
	if v := el.Values(nil)[0]; v < -1e-12 {
		t.Errorf("smallest eigenvalue of L = %v < 0", v)
	}
	// L1 = 0, and L_sym has spectrum in [0, 2] with D^{1/2}1 in its kernel.
	ones := mat.NewVecDense(40, nil)
	for i := range 40 {
		ones.SetVec(i, 1)
	}
	var l1 mat.VecDense
	l1.MulVec(l, ones)
	if mat.Norm(&l1, math.Inf(1)) > 1e-12 {
		t.Error("L1 ≠ 0")
	}
	ls, _ := NormalizedLaplacian(s)
	var e mat.EigenSym
	e.Factorize(ls, false)
	if v := e.Values(nil); math.Abs(v[0]) > 1e-12 || v[39] > 2+1e-12 {
		t.Errorf("spec(L_sym) = [%v, %v]", v[0], v[39])
	}
}

func TestComponentsAndZeroEigenvalues(t *testing.T) {
	// Three blobs far apart with an ε-graph: three components, eigenvalue 0 three times.
	x, _, _, _ := synth.Blobs{N: 60, Centers: mat.NewDense(3, 2, []float64{0, 0, 50, 0, 0, 50}), Seed: 1}.Generate()
	s, err := EpsilonGraph(x, 10)
	if err != nil {
		t.Fatal(err)
	}
	_, c, _ := ConnectedComponents(s)
	l, _ := Laplacian(s)
	var e mat.EigenSym
	e.Factorize(l, false)
	zeros := 0
	for _, v := range e.Values(nil) {
		if math.Abs(v) < 1e-9 {
			zeros++
		}
	}
	if c != 3 || zeros != 3 {
		t.Errorf("%d components, %d zero eigenvalues; want 3 and 3", c, zeros)
	}
	if _, err := (SpectralClustering{K: 2}).Fit(s); !errors.Is(err, errs.ErrDisconnected) {
		t.Errorf("3 components, K = 2: err = %v, want ErrDisconnected", err)
	}
	res, err := SpectralClustering{K: 3, Normalization: Unnormalized, Seed: 2}.Fit(s)
	if err != nil || accuracy3(res.Labels) < 1 {
		t.Errorf("K = 3 on 3 components: %v, %v", res.Labels, err)
	}
}

// accuracy3 checks that points i ≡ r (mod 3) share a label and the three labels differ.
func accuracy3(labels []int) float64 {
	for i, l := range labels {
		if l != labels[i%3] {
			return 0
		}
	}
	if labels[0] == labels[1] || labels[1] == labels[2] || labels[0] == labels[2] {
		return 0
	}
	return 1
}

// agreement is the fraction of labels that match truth up to swapping the two clusters.
func agreement(labels, truth []int) float64 {
	same := 0
	for i := range labels {
		if labels[i] == truth[i] {
			same++
		}
	}
	a := float64(same) / float64(len(labels))
	return math.Max(a, 1-a)
}

func TestMoonsAndCirclesLanczos(t *testing.T) {
	moons, my, _ := synth.Moons{N: 1000, Noise: 0.05, Seed: 1}.Generate()
	circles, cy, _ := synth.Circles{N: 1000, Noise: 0.03, Seed: 1}.Generate()
	for _, c := range []struct {
		name  string
		x     *mat.Dense
		y     []int
		gamma float64
	}{{"moons", moons, my, 30}, {"circles", circles, cy, 50}} {
		s, _ := GaussianGraph(c.x, c.gamma)
		for _, norm := range []Normalization{Unnormalized, Symmetric, RandomWalk} {
			res, err := SpectralClustering{K: 2, Normalization: norm, Seed: 1}.Fit(s)
			if err != nil {
				t.Fatal(err)
			}
			if a := agreement(res.Labels, c.y); a < 0.99 || !res.Converged || res.Iter == 0 {
				t.Errorf("%s, normalization %d: agreement %v, converged %v after %d steps", c.name, norm, a, res.Converged, res.Iter)
			}
		}
		km, _ := KMeans{K: 2, Restarts: 10, Seed: 1}.Fit(c.x)
		if a := agreement(km.Labels, c.y); a > 0.9 {
			t.Errorf("%s: k-means agreement %v, expected it to fail", c.name, a)
		}
	}
}

// Lanczos agrees with the full eigendecomposition on a graph above the dense limit.
func TestLanczosMatchesDense(t *testing.T) {
	x, _, _ := synth.Moons{N: 500, Noise: 0.1, Seed: 3}.Generate()
	s, _ := KNNGraph(x, 8)
	for _, norm := range []Normalization{Unnormalized, Symmetric} {
		res, err := SpectralClustering{K: 3, Normalization: norm, Tol: 1e-12, Seed: 1}.Fit(s)
		if err != nil {
			t.Fatal(err)
		}
		var l *mat.SymDense
		if norm == Unnormalized {
			l, _ = Laplacian(s)
		} else {
			l, _ = NormalizedLaplacian(s)
		}
		var e mat.EigenSym
		e.Factorize(l, true)
		var v mat.Dense
		e.VectorsTo(&v)
		for j := range 3 {
			if math.Abs(res.Eigenvalues[j]-e.Values(nil)[j]) > 1e-9 {
				t.Errorf("λ_%d = %v, dense %v", j+1, res.Eigenvalues[j], e.Values(nil)[j])
			}
		}
		if norm == Unnormalized {
			if dot := math.Abs(mat.Dot(res.Embedding.ColView(1), v.ColView(1))); dot < 1-1e-6 {
				t.Errorf("Fiedler vectors differ: |cos| = %v", dot)
			}
		}
	}
}

func TestSpectralBadInput(t *testing.T) {
	isolated := twoTriangles()
	big := mat.NewSymDense(7, nil)
	for i := range 6 {
		for j := i; j < 6; j++ {
			big.SetSym(i, j, isolated.At(i, j))
		}
	}
	neg := twoTriangles()
	neg.SetSym(0, 1, -1)
	nan := twoTriangles()
	nan.SetSym(0, 1, math.NaN())
	for _, c := range []struct {
		name string
		run  func() error
		want error
	}{
		{"two components, K = 1", func() error { _, err := (SpectralClustering{K: 1}).Fit(big); return err }, errs.ErrDisconnected},
		{"isolated vertex, normalized", func() error { _, err := NormalizedLaplacian(big); return err }, errs.ErrDisconnected},
		{"isolated vertex, random walk", func() error {
			_, err := (SpectralClustering{K: 2, Normalization: RandomWalk}).Fit(big)
			return err
		}, errs.ErrDisconnected},
		{"negative", func() error { _, err := Laplacian(neg); return err }, errs.ErrParam},
		{"NaN", func() error { _, err := (SpectralClustering{K: 2}).Fit(nan); return err }, errs.ErrNotFinite},
		{"nil", func() error { _, err := Laplacian(nil); return err }, errs.ErrEmpty},
		{"K > n", func() error { _, err := (SpectralClustering{K: 7}).Fit(isolated); return err }, errs.ErrParam},
		{"bad label", func() error { _, err := Cut(isolated, []int{0, 0, 0, 1, 1, -1}, MinCut); return err }, errs.ErrLabel},
		{"empty cluster", func() error { _, err := Cut(isolated, []int{0, 0, 0, 2, 2, 2}, MinCut); return err }, errs.ErrLabel},
		{"labels length", func() error { _, err := Cut(isolated, []int{0, 1}, MinCut); return err }, errs.ErrShape},
		{"too many partitions", func() error { _, err := BestCut(mat.NewSymDense(30, nil), 3, RatioCut); return err }, errs.ErrTooLarge},
		{"gamma", func() error { _, err := GaussianGraph(mat.NewDense(2, 1, []float64{0, 1}), 0); return err }, errs.ErrParam},
		{"knn k", func() error { _, err := KNNGraph(mat.NewDense(2, 1, []float64{0, 1}), 2); return err }, errs.ErrParam},
		{"too large", func() error { _, err := EpsilonGraph(mat.NewDense(MaxGraphVertices+1, 1, nil), 1); return err }, errs.ErrTooLarge},
	} {
		if err := c.run(); !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
}

func ExampleSpectralClustering() {
	s := twoTriangles()
	res, _ := SpectralClustering{K: 2, Normalization: Unnormalized, Seed: 1}.Fit(s)
	fmt.Println(res.Labels[0] == res.Labels[2], res.Labels[2] == res.Labels[3])
	fmt.Printf("λ₂ = %.6f\n", res.Eigenvalues[1])
	// Output:
	// true false
	// λ₂ = 0.438447
}

// symOnly hides the concrete type of a symmetric matrix, so that similarityInput takes its
// generic path (At per entry).
type symOnly struct{ mat.Symmetric }

// TestGaussianGraphAndDegrees checks GaussianGraph against the definition with math.Exp (the
// vector exponential is within 5·10⁻¹⁶ relative), and similarityInput's path over a
// SymDense's stored triangle against its generic path: the same degrees to the bit, and the
// same first negative entry.
func TestGaussianGraphAndDegrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	x := fuzzdata.Normal(rng, 60, 2)
	s, err := GaussianGraph(x, 30)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 60 {
		for j := range 60 {
			want := 0.0
			if i != j {
				want = math.Exp(-30 * sqDist(x.RawRowView(i), x.RawRowView(j)))
			}
			if got := s.At(i, j); math.Abs(got-want) > 5e-16*want {
				t.Fatalf("S[%d,%d] = %v, want %v", i, j, got, want)
			}
		}
	}
	n1, d1, err1 := similarityInput("t", s)
	n2, d2, err2 := similarityInput("t", symOnly{s})
	if err1 != nil || err2 != nil || n1 != n2 || !slices.Equal(d1, d2) {
		t.Fatalf("degrees differ: %v %v\n%v\n%v", err1, err2, d1, d2)
	}
	s.SetSym(7, 3, -1e-9) // a negative below the diagonal as given, stored at (3, 7)
	s.SetSym(9, 12, -1)
	_, _, err1 = similarityInput("t", s)
	_, _, err2 = similarityInput("t", symOnly{s})
	if !errors.Is(err1, errs.ErrParam) || err1.Error() != err2.Error() {
		t.Errorf("negative entry: %v, generic path: %v", err1, err2)
	}
}
