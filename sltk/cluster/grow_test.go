package cluster

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// Oracle 20 on the deterministic grid x_i = (i − ½)/p: the optimal M-point quantiser of U[0,1]
// has w_k = (2k − 1)/(2M) and E^T = 1/(12M²); so E^T falls like M^{−2}, not 1/M (erratum E19).
func TestOptimalQuantiserOracle20(t *testing.T) {
	p := 100000
	x := mat.NewDense(p, 1, nil)
	for i := 0; i < p; i++ {
		x.Set(i, 0, (float64(i)+0.5)/float64(p))
	}
	for _, m := range []int{1, 2, 4, 8} {
		init := mat.NewDense(m, 1, nil)
		for k := 0; k < m; k++ {
			init.Set(k, 0, (2*float64(k)+1)/(2*float64(m))+0.01/float64(m)*math.Sin(float64(k+1)))
		}
		r, err := KMeans{K: m, Init: KMeansGiven, Centroids: init}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < m; k++ {
			if w := r.Centroids.At(k, 0); math.Abs(w-(2*float64(k)+1)/(2*float64(m))) > 1e-3 {
				t.Errorf("M=%d: w_%d = %g", m, k, w)
			}
		}
		if e := r.Cost / float64(p); math.Abs(e-1/(12*float64(m*m))) > 1e-3/(12*float64(m*m)) {
			t.Errorf("M=%d: E^T = %g, want %g", m, e, 1/(12*float64(m*m)))
		}
	}
}

func TestGrowNonIncreasingOracle21(t *testing.T) {
	x := pwBlobs(300, 21)
	r, err := Grow{MaxK: 6, Seed: 1}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Trace) != 6 {
		t.Fatalf("trace %+v", r.Trace)
	}
	for i := 1; i < len(r.Trace); i++ {
		if r.Trace[i].Cost > r.Trace[i-1].Cost+1e-12 {
			t.Errorf("E^T rose from %g to %g at K=%d", r.Trace[i-1].Cost, r.Trace[i].Cost, r.Trace[i].K)
		}
	}
	// Target reached at 3 prototypes for three tight blobs (within-blob variance 2·0.36).
	r3, _ := Grow{Target: 1, Seed: 1}.Fit(x)
	if k, _ := r3.Centroids.Dims(); k != 3 {
		t.Errorf("target 1 reached with %d prototypes, want 3 (trace %+v)", k, r3.Trace)
	}
	// Oracle 21: M = p distinct points gives E^T = 0.
	small := mat.NewDense(6, 1, []float64{0, 1, 3, 7, 15, 31})
	r6, err := Grow{MaxK: 6, Seed: 2}.Fit(small)
	if err != nil || r6.Cost != 0 {
		t.Errorf("M = p: cost %g (%v), trace %+v", r6.Cost, err, r6.Trace)
	}
	if _, err := (Grow{MaxK: 7}).Fit(small); !errors.Is(err, ErrParam) {
		t.Errorf("MaxK > p: %v", err)
	}
}

// Fig. 4.2: four blobs at (±3, ±3), σ = 0.7, p = 800: the index is 0 at M = 4 and minimal there.
func TestStabilityFig42(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 42))
	x := mat.NewDense(800, 2, nil)
	for i := 0; i < 800; i++ {
		cx, cy := 3.0, 3.0
		if i%2 == 1 {
			cx = -3
		}
		if (i/2)%2 == 1 {
			cy = -3
		}
		x.Set(i, 0, cx+0.7*rng.NormFloat64())
		x.Set(i, 1, cy+0.7*rng.NormFloat64())
	}
	r, err := Stability{KMin: 2, KMax: 6, Splits: 6, RandomPairs: 10, Restarts: 3, Seed: 1}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if r.Best != 4 || r.Clustering[2] != 0 {
		t.Errorf("best K = %d; index %v, clustering %v", r.Best, r.Index, r.Clustering)
	}
	for _, v := range r.Index {
		if v < 0 || v > 1.2 {
			t.Errorf("index %g outside [0, ≈1]", v)
		}
	}
	if _, err := (Stability{KMin: 1}).Fit(x); !errors.Is(err, ErrParam) {
		t.Errorf("KMin = 1: %v", err)
	}
}
