package cluster

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/kernel"
	"github.com/sltk-book/sltk/sltk/synth"
	"gonum.org/v1/gonum/mat"
)

// sameRun reports how two k-means results differ, bit for bit ("" when they do not).
func sameRun(a, b *KMeansResult) string {
	switch {
	case !equalInts(a.Labels, b.Labels):
		return "labels"
	case !equalInts(a.Sizes, b.Sizes):
		return "sizes"
	case !mat.Equal(a.Centroids, b.Centroids):
		return "centroids"
	case math.Float64bits(a.Cost) != math.Float64bits(b.Cost):
		return "cost"
	case a.Iter != b.Iter || a.Converged != b.Converged || a.Restart != b.Restart:
		return "iterations"
	case len(a.Trace) != len(b.Trace):
		return "trace length"
	}
	for s := range a.Trace {
		if math.Float64bits(a.Trace[s]) != math.Float64bits(b.Trace[s]) {
			return "trace"
		}
	}
	return ""
}

// fitAll runs km with every assignment step and fails unless all results are bit-identical.
func fitAll(t *testing.T, name string, km KMeans, x mat.Matrix) *KMeansResult {
	t.Helper()
	km.Accel = AccelNone
	ref, err := km.Fit(x)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	for _, accel := range []KMeansAccel{AccelHamerly, AccelAuto} {
		km.Accel = accel
		got, err := km.Fit(x)
		if err != nil {
			t.Fatalf("%s %v: %v", name, accel, err)
		}
		if diff := sameRun(ref, got); diff != "" {
			t.Fatalf("%s: %v differs from AccelNone in %s: cost %v vs %v, iter %d vs %d",
				name, accel, diff, got.Cost, ref.Cost, got.Iter, ref.Iter)
		}
	}
	return ref
}

// latticeData has small-integer coordinates with many duplicated rows, so that distances to
// integer or half-integer centroids tie exactly.
func latticeData(n, d, span int, rng *rand.Rand) *mat.Dense {
	x := mat.NewDense(n, d, nil)
	for i := range n {
		if i > 0 && rng.IntN(4) == 0 { // duplicate an earlier row
			x.SetRow(i, x.RawRowView(rng.IntN(i)))
			continue
		}
		for c := range d {
			x.Set(i, c, float64(rng.IntN(span)))
		}
	}
	return x
}

func TestKMeansAccelIdentical(t *testing.T) {
	for seed := uint64(0); seed < 60; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		n, d, k := 20+rng.IntN(400), 1+rng.IntN(6), 1+rng.IntN(12)
		var x *mat.Dense
		switch seed % 3 {
		case 0:
			x = randomData(n, d, seed)
		case 1:
			x = latticeData(n, d, 2+rng.IntN(4), rng)
		default:
			xb, _, _, err := synth.Blobs{N: n, K: max(1, k/2), Dim: d, Std: 0.3 + 3*rng.Float64(), Seed: seed}.Generate()
			if err != nil {
				t.Fatal(err)
			}
			x = xb
		}
		k = min(k, n)
		for _, init := range []KMeansInit{KMeansRandom, KMeansPlusPlus, KMeansMeanNoise} {
			for _, empty := range []EmptyClusterPolicy{EmptyKeep, EmptyFarthest} {
				km := KMeans{K: k, Init: init, Empty: empty, Seed: seed, Restarts: 2, Workers: 1 + int(seed%3)}
				fitAll(t, "random", km, x)
				km.MaxIter = 1 + int(seed%4) // capped runs end with the extra assignment
				fitAll(t, "capped", km, x)
				km.MaxIter, km.Tol = 0, 1e-3
				fitAll(t, "tol", km, x)
			}
		}
	}
}

// Ties: lattice rows against centroids at lattice points and midpoints, including duplicated
// centroids (one of each pair stays empty) and centroids far away (empty from the start).
func TestKMeansAccelTiesAndEmpty(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		rng := rand.New(rand.NewPCG(seed, 11))
		n, d := 30+rng.IntN(300), 1+rng.IntN(4)
		x := latticeData(n, d, 2+rng.IntN(3), rng)
		k := 2 + rng.IntN(7)
		c := mat.NewDense(k, d, nil)
		for j := range k {
			switch {
			case j > 0 && rng.IntN(3) == 0:
				c.SetRow(j, c.RawRowView(rng.IntN(j))) // a duplicated centroid: exact ties
			case rng.IntN(5) == 0:
				for t := range d {
					c.Set(j, t, 100+float64(j)) // far away: an empty cluster
				}
			default:
				for t := range d {
					c.Set(j, t, float64(rng.IntN(7))/2) // lattice points and midpoints
				}
			}
		}
		for _, empty := range []EmptyClusterPolicy{EmptyKeep, EmptyFarthest} {
			km := KMeans{K: k, Init: KMeansGiven, Centroids: c, Empty: empty, Workers: 2}
			res := fitAll(t, "ties", km, x)
			if got := objective(x, res.Centroids, res.Labels); math.Abs(got-res.Cost) > 1e-12*math.Max(1, got) {
				t.Fatalf("seed %d: cost %v, objective %v", seed, res.Cost, got)
			}
		}
	}
}

// Many rows in many blocks with several workers, and the bounds must actually skip work.
func TestKMeansAccelLarge(t *testing.T) {
	x, _, _, err := synth.Blobs{N: 40000, K: 8, Dim: 3, Std: 1.5, Seed: 5}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{1, 3} {
		fitAll(t, "large", KMeans{K: 8, Seed: 3, Workers: w}, x)
	}
	data, err := kmPrepare("KMeans.Fit", x)
	if err != nil {
		t.Fatal(err)
	}
	e := kmNewEngine(data, 8, 2)
	cent := kmRandomRows(data, 8, rand.New(rand.NewPCG(1, 2)))
	e.hamerly()
	full, pair := 0, 0
	for range 10 {
		e.assignHamerly(cent)
		full, pair = e.fullRows()
		for j := range 8 {
			if e.counts[j] > 0 {
				for c := range 3 {
					cent[j*3+c] = e.sums[j*3+c] / float64(e.counts[j])
				}
			}
		}
	}
	if full+pair > data.n/10 {
		t.Errorf("after 10 iterations %d rows were measured against all centroids and %d against two (n = %d)",
			full, pair, data.n)
	}
}

// AccelAuto uses the bounds exactly where the vector kernel does not run: without the assembly,
// or with K above kmMaxKP; on both sides of that edge its runs equal AccelNone's bit for bit.
func TestKMeansAccelAuto(t *testing.T) {
	for _, k := range []int{2, kmMaxKP, kmMaxKP + 1} {
		x, _, _, err := synth.Blobs{N: 3 * k, K: k, Dim: 2, Std: 3, Seed: uint64(k)}.Generate()
		if err != nil {
			t.Fatal(err)
		}
		data, err := kmPrepare("KMeans.Fit", x)
		if err != nil {
			t.Fatal(err)
		}
		e := kmNewEngine(data, k, 1)
		km := KMeans{K: k}
		if got, want := km.boundsAllowed(e), e.ct == nil; got != want {
			t.Errorf("K = %d, vector kernel %v: AccelAuto uses bounds %v", k, e.ct != nil, got)
		}
		if want := !kernel.Asm() || k > kmMaxKP; (e.ct == nil) != want {
			t.Errorf("K = %d: kernel in use %v, assembly %v", k, e.ct != nil, kernel.Asm())
		}
		e.ct = nil // as without the assembly
		if !km.boundsAllowed(e) {
			t.Errorf("K = %d without the vector kernel: AccelAuto does not use the bounds", k)
		}
		if km.Accel = AccelNone; km.boundsAllowed(e) {
			t.Error("AccelNone uses the bounds")
		}
		fitAll(t, fmt.Sprintf("auto K=%d", k), KMeans{K: k, Init: KMeansGiven, Centroids: mat.DenseCopyOf(x.Slice(0, k, 0, 2)), MaxIter: 30}, x)
	}
}

func TestKMeansAccelBadParam(t *testing.T) {
	for _, a := range []KMeansAccel{-1, 3, 7} {
		if _, err := (KMeans{K: 1, Accel: a}).Fit(col(1, 2)); err == nil {
			t.Errorf("Accel = %d accepted", int(a))
		}
	}
}

// The bounded step after arbitrary centroid moves equals the plain step, on lattice data where
// the moved centroids put many rows at exactly equal distances (midpoints): a skip that merely
// allowed equality would keep a tied row on the larger index.
func TestKMeansAccelStepAfterMoves(t *testing.T) {
	for seed := uint64(0); seed < 300; seed++ {
		rng := rand.New(rand.NewPCG(seed, 13))
		n, d, k := 5+rng.IntN(60), 1+rng.IntN(3), 2+rng.IntN(5)
		data, err := kmPrepare("KMeans.Fit", latticeData(n, d, 3, rng))
		if err != nil {
			t.Fatal(err)
		}
		lattice := func() []float64 {
			c := make([]float64, k*d)
			for q := range c {
				c[q] = float64(rng.IntN(5)) / 2
			}
			if rng.IntN(3) == 0 { // a duplicated centroid
				copy(c[(k-1)*d:], c[:d])
			}
			return c
		}
		for _, w := range []int{1, 2} {
			plain, fast := kmNewEngine(data, k, w), kmNewEngine(data, k, w)
			fast.hamerly()
			for step := range 6 {
				cent := lattice()
				if step > 0 && rng.IntN(3) == 0 { // move only some centroids
					copy(cent[:d], fast.hb.prev[:d])
				}
				plain.assign(cent)
				fast.assignHamerly(cent)
				fast.hamerlyMind()
				if !equalInts(plain.labels, fast.labels) || plain.cost != fast.cost ||
					!equalInts(plain.counts, fast.counts) || plain.changed != fast.changed {
					t.Fatalf("seed %d workers %d step %d: labels %v cost %v, plain %v cost %v",
						seed, w, step, fast.labels, fast.cost, plain.labels, plain.cost)
				}
				for q := range plain.sums {
					if plain.sums[q] != fast.sums[q] {
						t.Fatalf("seed %d workers %d step %d: sums differ", seed, w, step)
					}
				}
				for i := range plain.mind {
					if plain.mind[i] != fast.mind[i] {
						t.Fatalf("seed %d workers %d step %d: mind differ", seed, w, step)
					}
				}
			}
		}
	}
}

// An iteration allocates nothing: a run of 12 iterations allocates as much as one of 2.
func TestKMeansAccelNoIterationAllocs(t *testing.T) {
	x, _, _, err := synth.Blobs{N: 5000, K: 6, Dim: 3, Std: 5, Seed: 8}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	init := mat.DenseCopyOf(x.Slice(0, 6, 0, 3))
	for _, accel := range []KMeansAccel{AccelAuto, AccelHamerly, AccelNone} {
		allocs := func(iters int) float64 {
			km := KMeans{K: 6, Init: KMeansGiven, Centroids: init, MaxIter: iters, Accel: accel, Workers: 1}
			return testing.AllocsPerRun(3, func() {
				res, err := km.Fit(x)
				if err != nil {
					t.Fatal(err)
				}
				if res.Iter != iters {
					t.Fatalf("%v: %d iterations, want %d", accel, res.Iter, iters)
				}
			})
		}
		if a2, a12 := allocs(2), allocs(12); a12 != a2 {
			t.Errorf("%v: %v allocations for 2 iterations, %v for 12", accel, a2, a12)
		}
	}
}
