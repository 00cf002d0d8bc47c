package cluster

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"github.com/sltk-book/sltk/sltk/synth"
	"gonum.org/v1/gonum/mat"
)

func col(v ...float64) *mat.Dense { return mat.NewDense(len(v), 1, v) }

func TestKMeansOracle1D(t *testing.T) {
	x := col(1, 2, 3, 10, 11, 12)
	init := col(1, 2)
	res, err := KMeans{K: 2, Init: KMeansGiven, Centroids: init}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if got := mat.Col(nil, 0, res.Centroids); got[0] != 2 || got[1] != 11 {
		t.Errorf("centroids %v, want [2 11]", got)
	}
	if res.Cost != 4 || res.Iter != 3 || !res.Converged {
		t.Errorf("cost %v, iter %d, converged %v; want 4, 3, true", res.Cost, res.Iter, res.Converged)
	}
	wantTrace := []float64{246, 41.68, 4}
	if len(res.Trace) != 3 {
		t.Fatalf("trace %v, want %v", res.Trace, wantTrace)
	}
	for s, w := range wantTrace {
		if math.Abs(res.Trace[s]-w) > 1e-12 {
			t.Errorf("trace[%d] = %v, want %v", s, res.Trace[s], w)
		}
	}
	if want := []int{0, 0, 0, 1, 1, 1}; !equalInts(res.Labels, want) {
		t.Errorf("labels %v, want %v", res.Labels, want)
	}
	// Round 1 alone: C = {{1}, {2,3,10,11,12}}, z = (1, 7.6).
	one, err := KMeans{K: 2, Init: KMeansGiven, Centroids: init, MaxIter: 1}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if got := mat.Col(nil, 0, one.Centroids); got[0] != 1 || math.Abs(got[1]-7.6) > 1e-12 || one.Converged {
		t.Errorf("after round 1: centroids %v converged %v, want [1 7.6] false", got, one.Converged)
	}
}

func TestKMeansOracleLocalOptimum(t *testing.T) {
	x := mat.NewDense(4, 2, []float64{0, 0, 2, 0, 0, 1, 2, 1})
	cases := []struct {
		init   []float64
		cost   float64
		iter   int
		labels []int
	}{
		{[]float64{1, 0, 1, 1}, 4, 2, []int{0, 0, 1, 1}},
		{[]float64{0, 0, 0, 1}, 4, 2, []int{0, 0, 1, 1}},
		{[]float64{0, 0.5, 2, 0.5}, 1, 2, []int{0, 1, 0, 1}},
	}
	for _, c := range cases {
		res, err := KMeans{K: 2, Init: KMeansGiven, Centroids: mat.NewDense(2, 2, c.init)}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		if res.Cost != c.cost || !equalInts(res.Labels, c.labels) || !res.Converged {
			t.Errorf("init %v: cost %v labels %v, want %v %v", c.init, res.Cost, res.Labels, c.cost, c.labels)
		}
		if c.init[0] != 0 || c.init[1] != 0 { // from (0,0),(0,1) the first round already moves
			if res.Iter != c.iter {
				t.Errorf("init %v: %d loops, want %d", c.init, res.Iter, c.iter)
			}
		}
	}
}

func TestKMeansEmptyCluster(t *testing.T) {
	x := col(0, 1, 10, 11)
	init := col(0.5, 10.5, 100)
	keep, err := KMeans{K: 3, Init: KMeansGiven, Centroids: init}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if keep.Centroids.At(2, 0) != 100 || keep.Cost != 1 || keep.Sizes[2] != 0 {
		t.Errorf("keep: centroids %v cost %v", mat.Col(nil, 0, keep.Centroids), keep.Cost)
	}
	far, err := KMeans{K: 3, Init: KMeansGiven, Centroids: init, Empty: EmptyFarthest}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if got := mat.Col(nil, 0, far.Centroids); got[0] != 1 || got[1] != 10.5 || got[2] != 0 || far.Cost != 0.5 {
		t.Errorf("farthest: centroids %v cost %v, want [1 10.5 0] 0.5", got, far.Cost)
	}
}

func randomData(n, d int, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 1))
	return fuzzdata.Rows(n, d, func(_ int, row []float64) {
		for j := range row {
			row[j] = rng.NormFloat64() + float64(rng.IntN(3))*2
		}
	})
}

// objective recomputes Σ‖x_i − c_{label(i)}‖² directly.
func objective(x, c *mat.Dense, labels []int) float64 {
	n, d := x.Dims()
	s := 0.0
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			u := x.At(i, j) - c.At(labels[i], j)
			s += u * u
		}
	}
	return s
}

func TestKMeansProperties(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		n, d, k := 50+int(seed)*17, 1+int(seed%4), 2+int(seed%6)
		x := randomData(n, d, seed)
		for _, init := range []KMeansInit{KMeansRandom, KMeansPlusPlus, KMeansMeanNoise} {
			for _, empty := range []EmptyClusterPolicy{EmptyKeep, EmptyFarthest} {
				res, err := KMeans{K: k, Init: init, Empty: empty, Seed: seed}.Fit(x)
				if err != nil {
					t.Fatal(err)
				}
				for s := 1; s < len(res.Trace); s++ {
					if res.Trace[s] > res.Trace[s-1] {
						t.Fatalf("seed %d %v: cost rose at step %d: %v", seed, init, s, res.Trace)
					}
				}
				if !res.Converged {
					t.Fatalf("seed %d %v: not converged in %d iterations", seed, init, res.Iter)
				}
				if got := objective(x, res.Centroids, res.Labels); math.Abs(got-res.Cost) > 1e-9*math.Max(1, got) {
					t.Fatalf("seed %d: cost %v, objective %v", seed, res.Cost, got)
				}
				if res.Trace[len(res.Trace)-1] != res.Cost {
					t.Fatalf("seed %d: last trace %v ≠ cost %v", seed, res.Trace[len(res.Trace)-1], res.Cost)
				}
				// Fixed point: reassigning gives the same labels, and each non-empty centroid is
				// the mean of its cluster.
				labels, cost, err := Assign(x, res.Centroids)
				if err != nil {
					t.Fatal(err)
				}
				if !equalInts(labels, res.Labels) || cost != res.Cost {
					t.Fatalf("seed %d: not a fixed point", seed)
				}
				for j := 0; j < k; j++ {
					if res.Sizes[j] == 0 {
						continue
					}
					for c := 0; c < d; c++ {
						m := 0.0
						for i, l := range res.Labels {
							if l == j {
								m += x.At(i, c)
							}
						}
						m /= float64(res.Sizes[j])
						if math.Abs(m-res.Centroids.At(j, c)) > 1e-9*math.Max(1, math.Abs(m)) {
							t.Fatalf("seed %d: centroid %d is not its cluster mean", seed, j)
						}
					}
				}
			}
		}
	}
}

func TestKMeansWorkersBitIdentical(t *testing.T) {
	x, _, _, err := synth.Blobs{N: 30000, K: 6, Dim: 3, Std: 2, Seed: 4}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	var ref *KMeansResult
	for _, w := range []int{1, 2, 3, 8} {
		res, err := KMeans{K: 6, Seed: 9, Restarts: 2, Workers: w}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		if ref == nil {
			ref = res
			continue
		}
		if res.Cost != ref.Cost || !mat.Equal(res.Centroids, ref.Centroids) || !equalInts(res.Labels, ref.Labels) || res.Iter != ref.Iter {
			t.Fatalf("Workers=%d: cost %v iter %d, Workers=1: cost %v iter %d", w, res.Cost, res.Iter, ref.Cost, ref.Iter)
		}
	}
	again, _ := KMeans{K: 6, Seed: 9, Restarts: 2}.Fit(x)
	if again.Cost != ref.Cost {
		t.Fatalf("same seed, different cost")
	}
}

func TestKMeansPlusPlusBeatsRandom(t *testing.T) {
	x, _, _, err := synth.Blobs{N: 2000, K: 10, Dim: 2, Std: 0.5, Seed: 2}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	var pp, rnd float64
	const runs = 20
	for s := uint64(0); s < runs; s++ {
		a, err := KMeans{K: 10, Init: KMeansPlusPlus, Seed: s}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		b, err := KMeans{K: 10, Init: KMeansRandom, Seed: s}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		pp += a.Cost / runs
		rnd += b.Cost / runs
	}
	if !(pp < rnd) {
		t.Errorf("mean cost k-means++ %v, random %v", pp, rnd)
	}
	t.Logf("mean cost over %d seeds: k-means++ %.1f, random %.1f", runs, pp, rnd)
	// Restarts keep the best run.
	best, _ := KMeans{K: 10, Init: KMeansRandom, Restarts: 8, Seed: 1}.Fit(x)
	for r, c := range best.RestartCosts {
		if c < best.Cost || (c == best.Cost && r < best.Restart) {
			t.Errorf("restart %d cost %v beats chosen %d cost %v", r, c, best.Restart, best.Cost)
		}
	}
}

func TestOnlineKMeans(t *testing.T) {
	centers := mat.NewDense(3, 2, []float64{0, 0, 8, 0, 0, 8})
	x, _, _, err := synth.Blobs{N: 3000, Centers: centers, Std: 0.5, Seed: 3}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	lloyd, err := KMeans{K: 3, Init: KMeansGiven, Centroids: centers}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	for _, rate := range []OnlineRate{RateMacQueen, RateConstant, RateDecay} {
		o := OnlineKMeans{K: 3, Init: KMeansGiven, Centroids: centers, RateRule: rate, LearningRate: 0.05, MaxIter: 5, Seed: 1}
		res, err := o.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Trace) != 5 || res.Iter != 5 {
			t.Fatalf("%v: trace %v", rate, res.Trace)
		}
		// A constant rate leaves the centroids jittering with amplitude about σ·√(ε/2).
		tol, costTol := 0.1, 1.01
		if rate == RateConstant {
			tol, costTol = 0.3, 1.1
		}
		for j := 0; j < 3; j++ {
			for c := 0; c < 2; c++ {
				if math.Abs(res.Centroids.At(j, c)-lloyd.Centroids.At(j, c)) > tol {
					t.Errorf("rate %v: centroid %d = %v, Lloyd %v", rate, j, mat.Row(nil, j, res.Centroids), mat.Row(nil, j, lloyd.Centroids))
				}
			}
		}
		if res.Cost < lloyd.Cost || res.Cost > costTol*lloyd.Cost {
			t.Errorf("rate %v: cost %v, Lloyd %v", rate, res.Cost, lloyd.Cost)
		}
		again, _ := o.Fit(x)
		if !mat.Equal(again.Centroids, res.Centroids) {
			t.Errorf("rate %v: same seed, different centroids", rate)
		}
	}
	// MacQueen in one epoch: each centroid is the running mean of the rows it won, so with
	// well-separated clusters it ends exactly at the cluster mean.
	one, err := OnlineKMeans{K: 3, Init: KMeansGiven, Centroids: centers, MaxIter: 1}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if !mat.EqualApprox(one.Centroids, lloyd.Centroids, 1e-9) {
		t.Errorf("MacQueen one epoch %v, cluster means %v", one.Centroids.RawMatrix().Data, lloyd.Centroids.RawMatrix().Data)
	}
	conv, err := OnlineKMeans{K: 3, Seed: 2, MaxIter: 50, Tol: 1e-3}.Fit(x)
	if err != nil || !conv.Converged || conv.Iter >= 50 {
		t.Errorf("Tol did not stop early: %v iter %d", err, conv.Iter)
	}
}

func TestKMeansBadInput(t *testing.T) {
	good := col(1, 2, 3)
	nan := col(1, math.NaN(), 3)
	inf := mat.NewDense(2, 2, []float64{1, 2, 3, math.Inf(1)})
	cases := []struct {
		name string
		fit  func() error
		want error
	}{
		{"k=0", func() error { _, e := KMeans{K: 0}.Fit(good); return e }, ErrParam},
		{"k>n", func() error { _, e := KMeans{K: 4}.Fit(good); return e }, ErrParam},
		{"nil data", func() error { _, e := KMeans{K: 1}.Fit(nil); return e }, ErrEmpty},
		{"NaN", func() error { _, e := KMeans{K: 1}.Fit(nan); return e }, ErrNotFinite},
		{"Inf", func() error { _, e := KMeans{K: 1}.Fit(inf); return e }, ErrNotFinite},
		{"centroid shape", func() error {
			_, e := KMeans{K: 2, Init: KMeansGiven, Centroids: mat.NewDense(2, 2, nil)}.Fit(good)
			return e
		}, ErrShape},
		{"given without centroids", func() error { _, e := KMeans{K: 2, Init: KMeansGiven}.Fit(good); return e }, ErrShape},
		{"centroids without given", func() error { _, e := KMeans{K: 2, Centroids: col(1, 2)}.Fit(good); return e }, ErrParam},
		{"NaN centroid", func() error {
			_, e := KMeans{K: 2, Init: KMeansGiven, Centroids: col(1, math.NaN())}.Fit(good)
			return e
		}, ErrNotFinite},
		{"unknown init", func() error { _, e := KMeans{K: 2, Init: 9}.Fit(good); return e }, ErrParam},
		{"negative tol", func() error { _, e := KMeans{K: 2, Tol: -1}.Fit(good); return e }, ErrParam},
		{"negative workers", func() error { _, e := KMeans{K: 2, Workers: -1}.Fit(good); return e }, ErrParam},
		{"negative restarts", func() error { _, e := KMeans{K: 2, Restarts: -1}.Fit(good); return e }, ErrParam},
		{"bad empty policy", func() error { _, e := KMeans{K: 2, Empty: 5}.Fit(good); return e }, ErrParam},
		{"online k=0", func() error { _, e := OnlineKMeans{}.Fit(good); return e }, ErrParam},
		{"online eta", func() error { _, e := OnlineKMeans{K: 1, LearningRate: 2}.Fit(good); return e }, ErrParam},
		{"online tau", func() error { _, e := OnlineKMeans{K: 1, Tau: -1}.Fit(good); return e }, ErrParam},
		{"online rate", func() error { _, e := OnlineKMeans{K: 1, RateRule: 7}.Fit(good); return e }, ErrParam},
		{"online NaN", func() error { _, e := OnlineKMeans{K: 1}.Fit(nan); return e }, ErrNotFinite},
		{"assign shape", func() error { _, _, e := Assign(good, mat.NewDense(2, 3, nil)); return e }, ErrShape},
		{"assign empty", func() error { _, _, e := Assign(mat.NewDense(1, 1, nil).Slice(0, 0, 0, 1), col(1)); return e }, ErrEmpty},
	}
	for _, c := range cases {
		err := c.fit()
		if !errors.Is(err, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, err, c.want)
		}
	}
	_, err := KMeans{K: 1}.Fit(nan)
	if err == nil || err.Error() != "cluster: KMeans.Fit: x[1,0] = NaN: value is not finite" {
		t.Errorf("NaN message: %v", err)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// CentroidTrace is the path of the prototypes: one k×d matrix per epoch, the last one the
// final centroids, and entry e−1 exactly the centroids of the same run stopped after e epochs
// (the run with fewer epochs is a prefix of the longer one). Without TraceCentroids it is nil.
func TestOnlineKMeansCentroidTrace(t *testing.T) {
	x, _ := synth.FourBlobs(1)
	for _, rule := range []OnlineRate{RateMacQueen, RateConstant, RateDecay} {
		ok := OnlineKMeans{K: 4, RateRule: rule, LearningRate: 0.3, Tau: 200, MaxIter: 6,
			Seed: 2, TraceCentroids: true}
		res, err := ok.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.CentroidTrace) != res.Iter || res.Iter != 6 {
			t.Fatalf("rule %d: %d traced epochs, Iter %d, want 6", rule, len(res.CentroidTrace), res.Iter)
		}
		if !mat.Equal(res.CentroidTrace[5], res.Centroids) {
			t.Errorf("rule %d: last traced centroids differ from the result", rule)
		}
		for e := 1; e <= 6; e++ {
			short := ok
			short.MaxIter, short.TraceCentroids = e, false
			r, err := short.Fit(x)
			if err != nil {
				t.Fatal(err)
			}
			if r.CentroidTrace != nil {
				t.Errorf("rule %d: CentroidTrace without TraceCentroids", rule)
			}
			if !mat.Equal(r.Centroids, res.CentroidTrace[e-1]) {
				t.Errorf("rule %d: epoch %d of the trace differs from a run of %d epochs", rule, e, e)
			}
		}
	}
}
