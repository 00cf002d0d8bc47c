package cluster

import (
	"cmp"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/kernel"
	"github.com/sltk-book/sltk/sltk/synth"
	"gonum.org/v1/gonum/mat"
)

// fitPureGo is km.Fit for Init KMeansGiven on the path a CPU without the assembly takes: the
// engine without the transposed centroids of kernel.KMDistQuads (e.ct == nil), so every row goes
// through kmNearest and the bounded step starts at once. Fit builds the engine the same way where
// !kernel.Asm().
func fitPureGo(t *testing.T, km KMeans, x mat.Matrix) *KMeansResult {
	t.Helper()
	data, given, err := km.check("KMeans.Fit", x)
	if err != nil {
		t.Fatal(err)
	}
	e := kmNewEngine(data, km.K, cmp.Or(km.Workers, runtime.GOMAXPROCS(0)))
	e.ct = nil
	res := km.lloyd(e, given, cmp.Or(km.MaxIter, 300))
	res.RestartCosts = []float64{res.Cost}
	return res
}

// TestKMeansBitsInvariant checks what the results of k-means must not depend on, bit for bit
// (labels, sizes, centroids, cost, trace, iterations): the number of workers (1, 2, 4), the
// assignment step (AccelNone, AccelHamerly) and the distance kernel (the assembly of
// internal/kernel, where the CPU has it, against the pure-Go kmNearest path). The data are the
// `make bench` runs (synth.Blobs Std 10, Seed 1, the last k rows as start, 20 iterations) that a
// golden hash pinned before the kernel work, plus a run to convergence and one with an empty
// cluster under both Empty policies. The reference is the plain scalar step on one worker.
func TestKMeansBitsInvariant(t *testing.T) {
	t.Logf("assembly kernel: %v", kernel.Asm())
	cases := []struct {
		n, d, k, maxIter int
		empty            bool // move the first centroid far away: its cluster starts empty
		longOnly         bool
	}{
		{1_000_000, 10, 10, 20, false, true},
		{100_000, 2, 5, 20, false, false},
		{20_000, 7, 13, 20, false, false},
		{20_000, 7, 13, 0, false, false},
		{20_000, 3, 6, 0, true, false},
	}
	for _, c := range cases {
		if c.longOnly && testing.Short() {
			continue
		}
		x, _, _, err := synth.Blobs{N: c.n, K: c.k, Dim: c.d, Std: 10, Seed: 1}.Generate()
		if err != nil {
			t.Fatal(err)
		}
		start := mat.DenseCopyOf(x.Slice(c.n-c.k, c.n, 0, c.d))
		empties := []EmptyClusterPolicy{EmptyKeep}
		if c.empty {
			for t := range c.d {
				start.Set(0, t, 1e6)
			}
			empties = append(empties, EmptyFarthest)
		}
		for _, empty := range empties {
			km := KMeans{K: c.k, Init: KMeansGiven, Centroids: start, MaxIter: c.maxIter, Empty: empty,
				Accel: AccelNone, Workers: 1}
			ref := fitPureGo(t, km, x)
			for _, accel := range []KMeansAccel{AccelNone, AccelHamerly} {
				for _, workers := range []int{1, 2, 4} {
					km.Accel, km.Workers = accel, workers
					name := fmt.Sprintf("n=%d,d=%d,k=%d,MaxIter=%d,Empty=%d,%v,workers=%d", c.n, c.d, c.k, c.maxIter, empty, accel, workers)
					got, err := km.Fit(x)
					if err != nil {
						t.Fatal(err)
					}
					if diff := sameRun(ref, got); diff != "" {
						t.Errorf("%s: Fit differs from the scalar one-worker run in %s", name, diff)
					}
					if diff := sameRun(ref, fitPureGo(t, km, x)); diff != "" {
						t.Errorf("%s, pure Go: differs from the scalar one-worker run in %s", name, diff)
					}
				}
			}
		}
	}
}

// refLloyd is Lloyd's algorithm written out from its definition on row-major x (n×d) from
// cent (k×d): assign by refNearest, sum the rows and the cost in row order, move each centroid
// with rows to sum·(1/count) (an empty one stays), stop when no label changes or after maxIter
// steps, and then assign once more. It returns the result in KMeansResult's form.
func refLloyd(x []float64, n, d int, cent []float64, maxIter int) *KMeansResult {
	k := len(cent) / d
	cent = append([]float64(nil), cent...)
	labels := make([]int, n)
	for i := range labels {
		labels[i] = -1
	}
	res := &KMeansResult{}
	var sums []float64
	var counts []int
	assign := func() int {
		sums, counts, res.Cost = make([]float64, k*d), make([]int, k), 0
		changed := 0
		for i := range n {
			xi := x[i*d : (i+1)*d]
			j, s := refNearest(xi, cent, k, d)
			if labels[i] != j {
				labels[i] = j
				changed++
			}
			res.Cost += s
			counts[j]++
			for t, v := range xi {
				sums[j*d+t] += v
			}
		}
		return changed
	}
	for it := 1; it <= maxIter; it++ {
		changed := assign()
		res.Trace = append(res.Trace, res.Cost)
		res.Iter = it
		if changed == 0 {
			res.Converged = true
			break
		}
		for j, c := range counts {
			if c > 0 {
				inv := 1 / float64(c)
				for t := range d {
					cent[j*d+t] = sums[j*d+t] * inv
				}
			}
		}
	}
	if !res.Converged {
		res.Converged = assign() == 0
	}
	res.Labels, res.Sizes = labels, counts
	res.Centroids = mat.NewDense(k, d, cent)
	res.RestartCosts = []float64{res.Cost}
	return res
}

// TestKMeansMatchesReference checks Fit (both steps, both kernels) bit for bit against refLloyd
// on small data (n ≤ 2048 rows: one block, so the engine sums in row order too), with lattice
// rows and centroids at lattice points, midpoints, duplicates and far away: exact ties and empty
// clusters.
func TestKMeansMatchesReference(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		rng := rand.New(rand.NewPCG(seed, 13))
		n, d, k := 8+rng.IntN(kmMinBlock-8), 1+rng.IntN(5), 1+rng.IntN(9)
		x := latticeData(n, d, 2+rng.IntN(4), rng)
		if seed%2 == 1 {
			x = randomData(n, d, seed)
		}
		c := mat.NewDense(k, d, nil)
		for j := range k {
			switch {
			case j > 0 && rng.IntN(3) == 0:
				c.SetRow(j, c.RawRowView(rng.IntN(j)))
			case rng.IntN(5) == 0:
				for t := range d {
					c.Set(j, t, 100+float64(j))
				}
			default:
				for t := range d {
					c.Set(j, t, float64(rng.IntN(7))/2)
				}
			}
		}
		maxIter := []int{0, 1, 3}[seed%3]
		want := refLloyd(x.RawMatrix().Data, n, d, c.RawMatrix().Data, cmp.Or(maxIter, 300))
		for _, accel := range []KMeansAccel{AccelNone, AccelHamerly} {
			km := KMeans{K: k, Init: KMeansGiven, Centroids: c, MaxIter: maxIter, Accel: accel, Workers: 2}
			got, err := km.Fit(x)
			if err != nil {
				t.Fatal(err)
			}
			if diff := sameRun(want, got); diff != "" {
				t.Errorf("seed %d (n=%d d=%d k=%d MaxIter %d), %v: differs from refLloyd in %s", seed, n, d, k, maxIter, accel, diff)
			}
			if diff := sameRun(want, fitPureGo(t, km, x)); diff != "" {
				t.Errorf("seed %d, %v, pure Go: differs from refLloyd in %s", seed, accel, diff)
			}
		}
	}
}

// assignStep is an assignment step for FitWith built on Assign, with the sums in row order.
func assignStep(x *mat.Dense) func(z []float64) (KMeansStep, error) {
	n, d := x.Dims()
	return func(z []float64) (KMeansStep, error) {
		k := len(z) / d
		labels, cost, err := Assign(x, mat.NewDense(k, d, z))
		if err != nil {
			return KMeansStep{}, err
		}
		st := KMeansStep{Labels: labels, Sums: make([]float64, k*d), Counts: make([]int, k), Cost: cost}
		for i := range n {
			st.Counts[labels[i]]++
			for t, v := range x.RawRowView(i) {
				st.Sums[labels[i]*d+t] += v
			}
		}
		return st, nil
	}
}

// givenLatticeCase is a k-means run from given half-integer centroids on lattice data (ties,
// empty clusters), with MaxIter and Tol varying with seed: the cases on which a second driver
// of the Lloyd loop must give Fit's result bit for bit. stream makes the draws of one test
// differ from another's.
func givenLatticeCase(seed, stream uint64) (*mat.Dense, KMeans) {
	rng := rand.New(rand.NewPCG(seed, stream))
	n, d, k := 10+rng.IntN(500), 1+rng.IntN(4), 1+rng.IntN(6)
	x := latticeData(n, d, 2+rng.IntN(3), rng)
	c := mat.NewDense(k, d, nil)
	for j := range k {
		for t := range d {
			c.Set(j, t, float64(rng.IntN(5))/2)
		}
	}
	return x, KMeans{K: k, Init: KMeansGiven, Centroids: c, MaxIter: []int{0, 2}[seed%2], Tol: []float64{0, 1e-3}[seed%4/2]}
}

// TestKMeansFitWith checks that FitWith with an Assign-based step gives Fit's result bit for
// bit (one block: n ≤ 2048), with ties and empty clusters, and that it refuses what it cannot run.
func TestKMeansFitWith(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		x, km := givenLatticeCase(seed, 17)
		want, err := km.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		got, err := km.FitWith(x, assignStep(x))
		if err != nil {
			t.Fatal(err)
		}
		if diff := sameRun(want, got); diff != "" {
			t.Errorf("seed %d: FitWith differs from Fit in %s", seed, diff)
		}
	}
	x := col(0, 1, 2, 10)
	given := KMeans{K: 2, Init: KMeansGiven, Centroids: col(0, 10)}
	boom := errors.New("boom")
	bad := []struct {
		name string
		km   KMeans
		step func([]float64) (KMeansStep, error)
		want error
	}{
		{"random init", KMeans{K: 2}, assignStep(x), ErrParam},
		{"EmptyFarthest", KMeans{K: 2, Init: KMeansGiven, Centroids: col(0, 10), Empty: EmptyFarthest}, assignStep(x), ErrParam},
		{"nil step", given, nil, ErrParam},
		{"short labels", given, func([]float64) (KMeansStep, error) {
			return KMeansStep{Labels: []int{0}, Sums: make([]float64, 2), Counts: make([]int, 2)}, nil
		}, ErrShape},
		{"label out of range", given, func([]float64) (KMeansStep, error) {
			return KMeansStep{Labels: []int{0, 0, 2, 1}, Sums: make([]float64, 2), Counts: make([]int, 2)}, nil
		}, ErrShape},
		{"step error", given, func([]float64) (KMeansStep, error) { return KMeansStep{}, boom }, boom},
	}
	for _, b := range bad {
		if _, err := b.km.FitWith(x, b.step); !errors.Is(err, b.want) {
			t.Errorf("%s: %v, want %v", b.name, err, b.want)
		}
	}
}
