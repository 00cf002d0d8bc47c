package mapreduce_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/sltk-book/sltk/sltk/cluster"

	. "github.com/sltk-book/sltk/sltk/mapreduce"
)

// blobs draws n points around k centres in d dimensions.
func blobs(n, d, k int, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 3))
	x := mat.NewDense(n, d, nil)
	for i := range n {
		c := float64(i % k)
		for j := range d {
			x.Set(i, j, 3*c*float64(j%2)+rng.NormFloat64())
		}
	}
	return x
}

func TestKMeansMatchesCluster(t *testing.T) {
	x := blobs(900, 3, 4, 1)
	start := mat.DenseCopyOf(x.Slice(0, 4, 0, 3))
	for _, c := range []struct {
		maxIter int
		tol     float64
	}{{0, 0}, {3, 0}, {0, 1e-3}} {
		want, err := cluster.KMeans{K: 4, Init: cluster.KMeansGiven, Centroids: start, MaxIter: c.maxIter, Tol: c.tol}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		got, costs, err := KMeans{Centroids: start, MaxIter: c.maxIter, Tol: c.tol, Chunks: 7}.Fit(context.Background(), Runner{}, x)
		if err != nil {
			t.Fatal(err)
		}
		if !mat.EqualApprox(got.Centroids, want.Centroids, 1e-9) || !slices.Equal(got.Labels, want.Labels) ||
			!slices.Equal(got.Sizes, want.Sizes) || got.Iter != want.Iter || got.Converged != want.Converged ||
			math.Abs(got.Cost-want.Cost) > 1e-9*want.Cost || len(got.Trace) != len(want.Trace) {
			t.Errorf("MaxIter %d Tol %v: Beam iter %d conv %v cost %v, cluster iter %d conv %v cost %v",
				c.maxIter, c.tol, got.Iter, got.Converged, got.Cost, want.Iter, want.Converged, want.Cost)
		}
		if len(costs) < got.Iter {
			t.Errorf("%d round costs for %d iterations", len(costs), got.Iter)
		}
		for _, rc := range costs {
			if r := rc.Rounds[0]; r.MapIn != 7 || r.MapOut > 7*4 {
				t.Errorf("round cost %+v: want 7 chunks in, ≤ 28 records shuffled", r)
			}
		}
	}
}

func TestKMeansBadInput(t *testing.T) {
	ctx := context.Background()
	x := blobs(20, 2, 2, 2)
	for _, km := range []KMeans{
		{},
		{Centroids: mat.NewDense(2, 3, nil)},
		{Centroids: mat.NewDense(21, 2, nil)},
		{Centroids: mat.NewDense(2, 2, nil), Tol: math.NaN()},
		{Centroids: mat.NewDense(2, 2, []float64{0, 0, math.Inf(1), 0})},
	} {
		if _, _, err := km.Fit(ctx, Runner{}, x); err == nil {
			t.Errorf("%+v accepted", km)
		}
	}
	if _, _, err := (KMeans{Centroids: mat.NewDense(1, 2, nil)}).Fit(ctx, Runner{}, &mat.Dense{}); !errors.Is(err, ErrEmpty) {
		t.Errorf("empty x: %v", err)
	}
}
