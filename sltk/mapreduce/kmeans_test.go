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

// kmSame reports whether two k-means results agree bit for bit (centroids, labels, sizes,
// cost, trace, iterations, convergence).
func kmSame(a, b *cluster.KMeansResult) bool {
	bits := func(v []float64) []uint64 {
		u := make([]uint64, len(v))
		for i, f := range v {
			u[i] = math.Float64bits(f)
		}
		return u
	}
	return slices.Equal(bits(a.Centroids.RawMatrix().Data), bits(b.Centroids.RawMatrix().Data)) &&
		slices.Equal(a.Labels, b.Labels) && slices.Equal(a.Sizes, b.Sizes) &&
		math.Float64bits(a.Cost) == math.Float64bits(b.Cost) && slices.Equal(bits(a.Trace), bits(b.Trace)) &&
		a.Iter == b.Iter && a.Converged == b.Converged
}

// TestKMeansBitIdentical checks that with one chunk (of at most 2048 rows, one block of
// cluster's engine) Beam k-means returns cluster.KMeans's result bit for bit, on a start that
// leaves a cluster empty (its centroid must stay) and on one with exact ties (the smallest
// index must win).
func TestKMeansBitIdentical(t *testing.T) {
	x := blobs(600, 3, 3, 4)
	far := mat.DenseCopyOf(x.Slice(0, 3, 0, 3))
	far.SetRow(2, []float64{1e6, 1e6, 1e6}) // no row ever chooses it
	// Ties: the points ±1 on a line and the two centroids ±1 away from 0 tie at 0; duplicated
	// centroids tie for every row.
	tie := mat.NewDense(6, 1, []float64{-2, -1, 0, 0, 1, 2})
	cases := []struct {
		name  string
		x     *mat.Dense
		start *mat.Dense
		empty bool
	}{
		{"empty cluster", x, far, true},
		{"ties at a midpoint", tie, mat.NewDense(2, 1, []float64{-1, 1}), false},
		{"duplicate centroids", tie, mat.NewDense(3, 1, []float64{0, 0, 5}), true},
	}
	for _, c := range cases {
		k, _ := c.start.Dims()
		for _, maxIter := range []int{0, 1} {
			want, err := cluster.KMeans{K: k, Init: cluster.KMeansGiven, Centroids: c.start, MaxIter: maxIter}.Fit(c.x)
			if err != nil {
				t.Fatal(err)
			}
			got, _, err := KMeans{Centroids: c.start, MaxIter: maxIter, Chunks: 1}.Fit(context.Background(), Runner{}, c.x)
			if err != nil {
				t.Fatal(err)
			}
			if !kmSame(got, want) {
				t.Errorf("%s, MaxIter %d: Beam %+v, cluster %+v", c.name, maxIter, got, want)
			}
			if c.empty != slices.Contains(got.Sizes, 0) {
				t.Errorf("%s: sizes %v, want an empty cluster: %v", c.name, got.Sizes, c.empty)
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
