package cluster

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"gonum.org/v1/gonum/mat"
)

func uniformSquare(n int, seed uint64) *mat.Dense {
	return fuzzdata.Uniform(rand.New(rand.NewPCG(seed, 11)), n, 2)
}

// Oracle 27: with σ = 0 and a constant rate the SOM is online k-means, step for step.
func TestSOMZeroSigmaIsOnlineKMeansOracle27(t *testing.T) {
	x := pwBlobs(300, 9)
	init := mat.NewDense(5, 2, []float64{0, 0, 1, 1, -1, 0, 2, -2, -2, 2})
	s, err := SOM{Nodes: 5, Sigma0: -1, SigmaF: -1, LearningRate: 0.2, FinalLearningRate: 0.2, MaxIter: 4, Init: KMeansGiven, Centroids: init, Seed: 3}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	k, err := OnlineKMeans{K: 5, RateRule: RateConstant, LearningRate: 0.2, MaxIter: 4, Init: KMeansGiven, Centroids: init, Seed: 3}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(s.Prototypes, k.Centroids) {
		t.Errorf("SOM σ=0:\n%v\nonline k-means:\n%v", mat.Formatted(s.Prototypes), mat.Formatted(k.Centroids))
	}
}

func TestSOMChainOrdersOn1D(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for seed := uint64(0); seed < 5; seed++ {
		x := mat.NewDense(500, 1, nil)
		for i := 0; i < 500; i++ {
			x.Set(i, 0, rng.Float64())
		}
		r, err := SOM{Nodes: 10, MaxIter: 20, Sigma0: 5, Seed: seed}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		up, down := true, true
		for q := 1; q < 10; q++ {
			up = up && r.Prototypes.At(q, 0) > r.Prototypes.At(q-1, 0)
			down = down && r.Prototypes.At(q, 0) < r.Prototypes.At(q-1, 0)
		}
		if !up && !down {
			t.Errorf("seed %d: chain not ordered: %v", seed, mat.Col(nil, 0, r.Prototypes))
		}
	}
}

func TestSOMGridUnfolds(t *testing.T) {
	x := uniformSquare(600, 2)
	// The Heskes winner minimises the neighbourhood-smoothed cost C15, not the plain quantisation
	// error, so its map is slightly coarser; both must unfold (no folds, small topographic error).
	limits := map[WinnerRule][2]float64{Nearest: {0.1, 0.01}, Heskes: {0.25, 0.02}}
	for _, rule := range []WinnerRule{Nearest, Heskes} {
		r, err := SOM{Topology: Grid, Rows: 6, Cols: 6, MaxIter: 15, Seed: 1, Winner: rule}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		if r.TopoError > limits[rule][0] {
			t.Errorf("rule %d: topographic error %g", rule, r.TopoError)
		}
		// A 6×6 map on the unit square quantises to roughly 1/(6·6·6) per coordinate pair.
		if r.QuantError > limits[rule][1] {
			t.Errorf("rule %d: quantisation error %g", rule, r.QuantError)
		}
	}
}

// Oracle 25: the pairwise SOM with h = δ is pairwise clustering; for ½‖·‖² its field is
// ½ Σ_s h_sq ‖x − w_s‖².
func TestPairwiseSOMOracle25(t *testing.T) {
	x := pwBlobs(60, 12)
	d := halfSq(t, x)
	rng := rand.New(rand.NewPCG(12, 1))
	init := fuzzdata.Simplex(rng, 60, 4)
	a, err := PairwiseSOM{Schedule: gibbs.Schedule{Cooling: 1 / 1.5}, Nodes: 4, Sigma: -1, Init: init, Noise: -1}.Fit(d)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Pairwise{K: 4, Schedule: gibbs.Schedule{Cooling: 1 / 1.5}, Init: init, Noise: -1}.Fit(d)
	if err != nil {
		t.Fatal(err)
	}
	if !mat.EqualApprox(a.Posteriors, b.Posteriors, 1e-12) {
		t.Errorf("h = δ pairwise SOM differs from pairwise clustering")
	}
	// Euclidean field with a real neighbourhood.
	coords, _ := somLattice("SOM.Fit", Chain, 4, 0, 0)
	h, _ := Neighbourhood(coords, 0.8)
	p, _ := pwPrepare("Pairwise.Fit", d, false)
	e, ahat, ehat := mat.NewDense(60, 4, nil), mat.NewDense(60, 4, nil), mat.NewDense(60, 4, nil)
	somPairwiseFields(p, h, init, ahat, ehat, e, mat.NewDense(60, 4, nil), nil)
	w := softMeans(ahat, x)
	for i := 0; i < 60; i++ {
		for q := 0; q < 4; q++ {
			want := 0.0
			for s := 0; s < 4; s++ {
				want += 0.5 * h.At(s, q) * (math.Pow(x.At(i, 0)-w.At(s, 0), 2) + math.Pow(x.At(i, 1)-w.At(s, 1), 2))
			}
			if math.Abs(e.At(i, q)-want) > 1e-10 {
				t.Fatalf("e[%d,%d] = %g, want %g", i, q, e.At(i, q), want)
			}
		}
	}
}

func TestPairwiseSOMChainOrdersLine(t *testing.T) {
	// Points on a line: the map's nodes take the points in order along the chain.
	n := 60
	x := mat.NewDense(n, 1, nil)
	for i := 0; i < n; i++ {
		x.Set(i, 0, float64(i)/float64(n))
	}
	d := halfSq(t, x)
	r, err := PairwiseSOM{Schedule: gibbs.Schedule{Cooling: 1 / 1.2}, Nodes: 6, Sigma: 1, Seed: 2}.Fit(d)
	if err != nil {
		t.Fatal(err)
	}
	changes := 0
	for i := 1; i < n; i++ {
		if r.Labels[i] != r.Labels[i-1] {
			changes++
			if diff := r.Labels[i] - r.Labels[i-1]; diff != 1 && diff != -1 {
				t.Errorf("jump from node %d to %d at point %d", r.Labels[i-1], r.Labels[i], i)
			}
		}
	}
	if changes < 3 {
		t.Errorf("only %d label changes along the line: %v", changes, r.Labels)
	}
}

func TestSOMBadInput(t *testing.T) {
	x := uniformSquare(20, 1)
	for i, s := range []SOM{{Nodes: 30}, {LearningRate: 2}, {Topology: Grid, Rows: -1, Cols: 2}, {Topology: 7}, {Winner: 5}, {Sigma0: math.NaN()}} {
		_, err := s.Fit(x)
		if !errors.Is(err, ErrParam) && !errors.Is(err, ErrParam) {
			t.Errorf("case %d: %v", i, err)
		}
	}
	if _, err := Neighbourhood(mat.NewDense(2, 2, nil), -1); !errors.Is(err, ErrParam) {
		t.Errorf("negative σ: %v", err)
	}
	d := mat.NewDense(3, 3, []float64{0, 1, 2, 1, 0, 1, 2, 3, 0})
	if _, err := (PairwiseSOM{Nodes: 2}).Fit(d); !errors.Is(err, ErrParam) {
		t.Errorf("asymmetric: %v", err)
	}
}

func ExampleSOM() {
	x := uniformSquare(400, 3)
	r, err := SOM{Topology: Grid, Rows: 4, Cols: 4, MaxIter: 10, Seed: 1}.Fit(x)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("16 prototypes, quantisation error below 0.02: %v\n", r.QuantError < 0.02)
	// Output: 16 prototypes, quantisation error below 0.02: true
}

func benchData5000() *mat.Dense { return pwBlobs(5000, 1) }

func BenchmarkPairwise5000(b *testing.B) {
	d := halfSq(b, benchData5000())
	b.ReportAllocs()
	for b.Loop() {
		r, err := Pairwise{K: 3, Schedule: gibbs.Schedule{Cooling: 1 / 1.3}, Tol: 1e-4, Seed: 1}.Fit(d)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(r.Cost, "cost")
		b.ReportMetric(float64(r.Iter), "sweeps")
	}
}

func BenchmarkSOMGrid5000(b *testing.B) {
	x := benchData5000()
	b.ReportAllocs()
	for b.Loop() {
		r, err := SOM{Topology: Grid, Rows: 10, Cols: 10, MaxIter: 20, Seed: 1}.Fit(x)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(r.QuantError, "qerr")
	}
}

func BenchmarkPairwiseSOM5000(b *testing.B) {
	d := halfSq(b, benchData5000())
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (PairwiseSOM{Schedule: gibbs.Schedule{Cooling: 1 / 1.3}, Nodes: 8, Sigma: 1, Tol: 1e-4, Seed: 1}).Fit(d); err != nil {
			b.Fatal(err)
		}
	}
}

// A24: online soft k-means tends to online k-means as β → ∞, and at a fixed β with a decaying
// rate it approaches the batch soft k-means fixed point.
func TestOnlineSoftKMeans(t *testing.T) {
	x := pwBlobs(300, 31)
	init := mat.NewDense(3, 2, []float64{-1, -1, 1, -1, 0, 1})
	hard, err := OnlineSoftKMeans{K: 3, Schedule: gibbs.Schedule{T0: 2e-6}, LearningRate: 0.2, MaxIter: 3, Init: KMeansGiven, Centroids: init, Seed: 4}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	km, _ := OnlineKMeans{K: 3, RateRule: RateConstant, LearningRate: 0.2, MaxIter: 3, Init: KMeansGiven, Centroids: init, Seed: 4}.Fit(x)
	if !mat.EqualApprox(hard.Centroids, km.Centroids, 1e-12) {
		t.Errorf("β = 10⁶ differs from online k-means")
	}
	beta := 0.8
	soft, err := OnlineSoftKMeans{K: 3, Schedule: gibbs.Schedule{T0: 2 / beta}, LearningRate: 0.05, FinalLearningRate: 0.0005, MaxIter: 40, Init: KMeansGiven, Centroids: init, Seed: 4}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	// One batch step from the online result barely moves it.
	post, _ := Posteriors(x, soft.Centroids, 2/beta)
	for q := 0; q < 3; q++ {
		var w [2]float64
		nq := 0.0
		for i := 0; i < 300; i++ {
			w[0] += post.At(i, q) * x.At(i, 0)
			w[1] += post.At(i, q) * x.At(i, 1)
			nq += post.At(i, q)
		}
		if dist := math.Hypot(w[0]/nq-soft.Centroids.At(q, 0), w[1]/nq-soft.Centroids.At(q, 1)); dist > 0.05 {
			t.Errorf("prototype %d is %g from its batch soft k-means update", q, dist)
		}
	}
	if _, err := (OnlineSoftKMeans{K: 3}).Fit(x); !errors.Is(err, ErrParam) {
		t.Errorf("missing T0: %v", err)
	}
}

// A27: the soft Euclidean SOM is the pairwise SOM on ½‖x − x′‖² (same start, same β).
func TestSoftSOMIsPairwiseSOM(t *testing.T) {
	x := pwBlobs(60, 17)
	d := halfSq(t, x)
	rng := rand.New(rand.NewPCG(17, 1))
	m0 := fuzzdata.Simplex(rng, 60, 4)
	coords, _ := somLattice("SOM.Fit", Chain, 4, 0, 0)
	h, _ := Neighbourhood(coords, 0.8)
	var a mat.Dense
	a.Mul(m0, h)
	w0 := softMeans(&a, x)
	beta := 0.3
	ps, err := PairwiseSOM{Schedule: gibbs.Schedule{T0: 1 / beta, TMin: 1 / beta}, Nodes: 4, Sigma: 0.8, Init: m0, Noise: -1, Tol: 1e-13, MaxIter: 100000}.Fit(d)
	if err != nil {
		t.Fatal(err)
	}
	ss, err := SoftSOM{Schedule: gibbs.Schedule{T0: 1 / beta, TMin: 1 / beta}, Nodes: 4, Sigma: 0.8, Init: w0, Noise: -1, Tol: 1e-13, MaxIter: 100000}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if !mat.EqualApprox(ps.Posteriors, ss.Posteriors, 1e-8) {
		t.Errorf("soft SOM and pairwise SOM reach different fixed points")
	}
	// Annealed on the unit square, a soft 5×5 grid ends ordered.
	r, err := SoftSOM{Schedule: gibbs.Schedule{Cooling: 1 / 1.3}, Topology: Grid, Rows: 4, Cols: 4, Sigma: 0.7, Tol: 1e-5, Seed: 1}.Fit(uniformSquare(300, 5))
	if err != nil {
		t.Fatal(err)
	}
	data, _ := kmPrepare("KMeans.Fit", uniformSquare(300, 5))
	if te := somTopoError(data, r.Prototypes.RawMatrix().Data, r.Coords); te > 0.15 {
		t.Errorf("soft grid topographic error %g", te)
	}
	for i := 1; i < len(r.Levels); i++ {
		if r.Levels[i].Cost > r.Levels[i-1].Cost+1e-9 {
			t.Errorf("expected SOM cost rose at β = %g", 1/r.Levels[i].T)
		}
	}
	if _, err := (SoftSOM{Nodes: 500}).Fit(x); !errors.Is(err, ErrParam) {
		t.Errorf("too many nodes: %v", err)
	}
}

func BenchmarkSoftSOM5000(b *testing.B) {
	x := benchData5000()
	b.ReportAllocs()
	for b.Loop() {
		r, err := SoftSOM{Schedule: gibbs.Schedule{Cooling: 1 / 1.3}, Topology: Grid, Rows: 6, Cols: 6, Sigma: 0.8, Tol: 1e-4, Seed: 1}.Fit(x)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(r.Iter), "sweeps")
	}
}

// A tiny width is a valid limit: h tends to the identity, with no NaN on the diagonal.
func TestNeighbourhoodTinyWidth(t *testing.T) {
	h, err := Neighbourhood(mat.NewDense(2, 1, []float64{0, 1}), 1e-200)
	if err != nil || h.At(0, 0) != 1 || h.At(0, 1) != 0 || math.IsNaN(h.At(1, 1)) {
		t.Errorf("Neighbourhood(σ = 1e-200) = %v, %v; want the identity", mat.Formatted(h), err)
	}
}
