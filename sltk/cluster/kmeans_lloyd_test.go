package cluster

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/sltk-book/sltk/sltk/synth"
	"gonum.org/v1/gonum/mat"
)

// runDigest is a SHA-256 of everything a k-means run returns, floats by their bits.
func runDigest(r *KMeansResult) string {
	h := sha256.New()
	put := func(v uint64) { _ = binary.Write(h, binary.LittleEndian, v) }
	for _, l := range r.Labels {
		put(uint64(l))
	}
	for _, s := range r.Sizes {
		put(uint64(s))
	}
	for _, v := range r.Centroids.RawMatrix().Data {
		put(math.Float64bits(v))
	}
	for _, v := range append(append([]float64{r.Cost}, r.Trace...), r.RestartCosts...) {
		put(math.Float64bits(v))
	}
	conv := uint64(0)
	if r.Converged {
		conv = 1
	}
	put(uint64(r.Iter))
	put(conv)
	put(uint64(r.Restart))
	return hex.EncodeToString(h.Sum(nil))
}

// TestKMeansGolden pins KMeans.Fit bit for bit across a change of its Lloyd loop: the digests
// were computed before Lloyd was exported (the loop shared with package mapreduce), over
// random starts with restarts, both Empty policies (with an empty cluster), both assignment
// steps, a MaxIter cap (the extra reassignment) and a Tol stop.
func TestKMeansGolden(t *testing.T) {
	x, _, _, err := synth.Blobs{N: 5000, K: 6, Dim: 3, Std: 4, Seed: 7}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	start := mat.DenseCopyOf(x.Slice(0, 6, 0, 3))
	for t := range 3 {
		start.Set(0, t, 1e6) // cluster 0 starts empty
	}
	cases := []struct {
		name string
		km   KMeans
		want string
	}{
		{"plusplus restarts", KMeans{K: 6, Restarts: 3, Seed: 1}, "cddb789e74a43611626c8363934bb905ae97d2aa279efd84505ffa2fc282c907"},
		{"plusplus AccelNone", KMeans{K: 6, Seed: 2, Accel: AccelNone}, "028348e138d18806c558ee59a2d75f74a2217760342065cec7bdd8b489cf49f8"},
		{"given EmptyKeep", KMeans{K: 6, Init: KMeansGiven, Centroids: start}, "5bda8cbe33be1fa197085f68dc35fbd72546d443bccef88fc8b1560d4e2fbb28"},
		{"given EmptyFarthest", KMeans{K: 6, Init: KMeansGiven, Centroids: start, Empty: EmptyFarthest}, "88ecdf7dda68e97ba99ed4c45e261e6ba90cde8579a7dae8fd83d8426c10385e"},
		{"MaxIter cap", KMeans{K: 6, Seed: 3, MaxIter: 2, Empty: EmptyFarthest}, "1b90e0a59e632353ced5e1939fd58b3f18b025db62df9e4c08ad8860efe4597d"},
		{"Tol", KMeans{K: 6, Seed: 4, Tol: 1e-3}, "b5f7e6428fc4bd04a0127e2fc92a2eadd01a35b52190e63c9242d050fec7cbdf"},
	}
	for _, c := range cases {
		r, err := c.km.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		if got := runDigest(r); got != c.want {
			t.Errorf("%s: digest %s, want %s (Iter %d, Converged %v)", c.name, got, c.want, r.Iter, r.Converged)
		}
	}
}

// TestKMeansLloyd runs Lloyd with a step that returns no labels (as a step over files does) and
// counts Changed against its own copy of the previous labels: it must give Fit's run bit for bit
// (one block, n ≤ 2048: the sums in row order) apart from the Labels it does not return. Then
// the errors Lloyd must report.
func TestKMeansLloyd(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		x, km := givenLatticeCase(seed, 31)
		want, err := km.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		want.Labels = nil
		inner := assignStep(x)
		prev := slices.Repeat([]int{-1}, x.RawMatrix().Rows)
		counted := func(_ int, z []float64) (KMeansStep, error) {
			st, err := inner(z)
			for i, l := range st.Labels {
				if prev[i] != l {
					prev[i] = l
					st.Changed++
				}
			}
			st.Labels = nil
			return st, err
		}
		got, err := km.Lloyd(counted)
		if err != nil {
			t.Fatal(err)
		}
		if diff := sameRun(want, got); diff != "" {
			t.Errorf("seed %d: Lloyd (counted) differs from Fit in %s", seed, diff)
		}
	}
	given := KMeans{K: 2, Init: KMeansGiven, Centroids: col(0, 10)}
	boom := errors.New("boom")
	ok := func(labels []int, changed int) func(int, []float64) (KMeansStep, error) {
		return func(int, []float64) (KMeansStep, error) {
			return KMeansStep{Labels: labels, Sums: make([]float64, 2), Counts: make([]int, 2), Changed: changed}, nil
		}
	}
	bad := []struct {
		name string
		km   KMeans
		step func(int, []float64) (KMeansStep, error)
		want error
	}{
		{"random init", KMeans{K: 2}, ok(nil, 0), ErrParam},
		{"EmptyFarthest", KMeans{K: 2, Init: KMeansGiven, Centroids: col(0, 10), Empty: EmptyFarthest}, ok(nil, 0), ErrParam},
		{"Restarts", KMeans{K: 2, Init: KMeansGiven, Centroids: col(0, 10), Restarts: 2}, ok(nil, 0), ErrParam},
		{"nil step", given, nil, ErrParam},
		{"K differs", KMeans{K: 3, Init: KMeansGiven, Centroids: col(0, 10)}, ok(nil, 0), ErrShape},
		{"NaN centroid", KMeans{K: 2, Init: KMeansGiven, Centroids: col(0, math.NaN())}, ok(nil, 0), ErrNotFinite},
		{"Tol NaN", KMeans{K: 2, Init: KMeansGiven, Centroids: col(0, 10), Tol: math.NaN()}, ok(nil, 0), ErrParam},
		{"negative Changed", given, ok(nil, -1), ErrShape},
		{"label out of range", given, ok([]int{0, 2}, 1), ErrShape},
		{"short sums", given, func(int, []float64) (KMeansStep, error) {
			return KMeansStep{Sums: make([]float64, 1), Counts: make([]int, 2)}, nil
		}, ErrShape},
		{"labels change length", given, func(it int, _ []float64) (KMeansStep, error) {
			return KMeansStep{Labels: make([]int, it), Sums: make([]float64, 2), Counts: make([]int, 2), Changed: 1}, nil
		}, ErrShape},
		{"step error", given, func(int, []float64) (KMeansStep, error) { return KMeansStep{}, boom }, boom},
	}
	for _, b := range bad {
		if _, err := b.km.Lloyd(b.step); !errors.Is(err, b.want) {
			t.Errorf("%s: %v, want %v", b.name, err, b.want)
		}
	}
}
