package cluster

import (
	"fmt"
	"hash/fnv"
	"math"
	"runtime"
	"testing"

	"github.com/sltk-book/sltk/sltk/synth"
	"gonum.org/v1/gonum/mat"
)

// kmPinDigest hashes everything a KMeans run returns (labels, sizes, centroid bits, cost bits,
// trace bits, iterations) into one FNV-64a value.
func kmPinDigest(r *KMeansResult) uint64 {
	h := fnv.New64a()
	var b [8]byte
	put := func(u uint64) {
		for i := range b {
			b[i] = byte(u >> (8 * i))
		}
		h.Write(b[:])
	}
	for _, l := range r.Labels {
		put(uint64(l))
	}
	for _, s := range r.Sizes {
		put(uint64(s))
	}
	for _, v := range r.Centroids.RawMatrix().Data {
		put(math.Float64bits(v))
	}
	for _, v := range r.Trace {
		put(math.Float64bits(v))
	}
	put(math.Float64bits(r.Cost))
	put(uint64(r.Iter))
	return h.Sum64()
}

// TestKMeansPinnedBits pins the complete result of the bench's k-means runs (the `make bench`
// data: synth.Blobs Std 10, Seed 1, the last k rows as start, 20 iterations), as computed by
// the scalar kernel before the SIMD one existed. Any change of the distance kernel, the
// blocking or the reduction that alters one bit of labels, centroids, cost or trace fails here,
// for every acceleration and for GOMAXPROCS 1, 2, 3 and 8.
func TestKMeansPinnedBits(t *testing.T) {
	cases := []struct {
		n, d, k  int
		cost     uint64 // math.Float64bits of the final cost
		digest   uint64
		longOnly bool
	}{
		{1_000_000, 10, 10, 0x41c9f9ce18365677, 0x60fabcfb64b63b60, true},
		{100_000, 2, 5, 0x415b73f68f663c34, 0xbc6e536fb3f0d0da, false},
		{20_000, 7, 13, 0x41639edff8186739, 0x9f05c7ba88d8f85b, false},
	}
	for _, c := range cases {
		if c.longOnly && testing.Short() {
			continue
		}
		x, _, _, err := synth.Blobs{N: c.n, K: c.k, Dim: c.d, Std: 10, Seed: 1}.Generate()
		if err != nil {
			t.Fatal(err)
		}
		init := mat.DenseCopyOf(x.Slice(c.n-c.k, c.n, 0, c.d))
		for _, accel := range []KMeansAccel{AccelNone, AccelHamerly} {
			for _, procs := range []int{1, 2, 3, 8} {
				name := fmt.Sprintf("n=%d,d=%d,k=%d,%v,procs=%d", c.n, c.d, c.k, accel, procs)
				prev := runtime.GOMAXPROCS(procs)
				res, err := KMeans{K: c.k, Init: KMeansGiven, Centroids: init, MaxIter: 20, Accel: accel}.Fit(x)
				runtime.GOMAXPROCS(prev)
				if err != nil {
					t.Fatal(err)
				}
				cost, dig := math.Float64bits(res.Cost), kmPinDigest(res)
				if cost != c.cost || dig != c.digest {
					t.Errorf("%s: cost bits %#x, digest %#x; pinned %#x, %#x", name, cost, dig, c.cost, c.digest)
				}
			}
		}
	}
}
