package neighbors

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func sqDist(a, b []float64) float64 {
	s := 0.0
	for j := range a {
		s += (a[j] - b[j]) * (a[j] - b[j])
	}
	return s
}

// reference sorts all points by (distance, index) and keeps k.
func reference(rows [][]float64, q []float64, k, skip int) []Neighbor {
	var all []Neighbor
	for i, r := range rows {
		if i != skip {
			all = append(all, Neighbor{i, sqDist(q, r)})
		}
	}
	Sort(all)
	return all[:min(k, len(all))]
}

func TestTreeAndScanAgainstSorting(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 200; trial++ {
		n, d := 1+rng.IntN(60), 1+rng.IntN(4)
		rows := make([][]float64, n)
		for i := range rows {
			rows[i] = make([]float64, d)
			for j := range rows[i] {
				if trial%2 == 0 {
					rows[i][j] = float64(rng.IntN(3)) // many duplicates and ties
				} else {
					rows[i][j] = rng.NormFloat64()
				}
			}
		}
		tree := NewTree(rows)
		for _, k := range []int{1, 2, 5, n - 1, n, n + 3, 1 << 50, math.MaxInt} { // huge k: clamped, no heap of k
			for _, skip := range []int{-1, rng.IntN(n)} {
				q := rows[rng.IntN(n)]
				if skip >= 0 {
					q = rows[skip]
				}
				want := reference(rows, q, k, skip)
				got := tree.Nearest(q, k, skip, nil)
				if !slices.Equal(got, want) {
					t.Fatalf("tree n=%d d=%d k=%d skip=%d:\n got %v\nwant %v", n, d, k, skip, got, want)
				}
				got = Scan(n, k, skip, func(i int) float64 { return sqDist(q, rows[i]) }, nil)
				if !slices.Equal(got, want) {
					t.Fatalf("scan n=%d d=%d k=%d skip=%d:\n got %v\nwant %v", n, d, k, skip, got, want)
				}
			}
		}
	}
}

func TestEmpty(t *testing.T) {
	if got := NewTree(nil).Nearest([]float64{0}, 3, -1, nil); len(got) != 0 {
		t.Errorf("empty tree: %v", got)
	}
	rows := [][]float64{{0}, {1}}
	if got := NewTree(rows).Nearest([]float64{0}, 0, -1, nil); len(got) != 0 {
		t.Errorf("k = 0: %v", got)
	}
	if got := Scan(2, 0, -1, func(int) float64 { return 0 }, nil); len(got) != 0 {
		t.Errorf("scan k = 0: %v", got)
	}
}

func ExampleTree_Nearest() {
	rows := [][]float64{{0, 0}, {1, 0}, {0, 1}, {5, 5}, {1, 1}}
	tree := NewTree(rows)
	// The two nearest other points of row 0: rows 1 and 2 tie at distance 1, and both beat
	// row 4 at squared distance 2.
	for _, nb := range tree.Nearest(rows[0], 2, 0, nil) {
		fmt.Println(nb.Index, nb.Dist)
	}
	// Output:
	// 1 1
	// 2 1
}

func BenchmarkTree(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	rows := make([][]float64, 5000)
	for i := range rows {
		rows[i] = []float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
	}
	tree := NewTree(rows)
	buf := make([]Neighbor, 0, 11)
	for b.Loop() {
		for i := range rows {
			buf = tree.Nearest(rows[i], 10, i, buf)
		}
	}
}

// TestScanEuclidMatchesScan checks that the unrolled squared-Euclidean scan returns exactly
// what Scan returns with the plain squared distance, ties included (integer data).
func TestScanEuclidMatchesScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 200; trial++ {
		n, d, k := 1+rng.IntN(40), 1+rng.IntN(9), 1+rng.IntN(6)
		x := make([]float64, n*d)
		for i := range x {
			x[i] = float64(rng.IntN(4))
		}
		q := make([]float64, d)
		for i := range q {
			q[i] = float64(rng.IntN(4))
		}
		skip := rng.IntN(n+1) - 1
		want := Scan(n, k, skip, func(i int) float64 {
			s := 0.0
			for t, v := range q {
				u := v - x[i*d+t]
				s += u * u
			}
			return s
		}, nil)
		got := ScanEuclid(x, n, q, k, skip, nil)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: ScanEuclid %v, Scan %v", trial, got, want)
		}
	}
}
