package stream

import (
	"errors"
	"math"
	"slices"
	"testing"
)

// chiSquare returns Σ (obs − exp)²/exp for equal expected counts.
func chiSquare(obs []int, total int) float64 {
	e := float64(total) / float64(len(obs))
	var c float64
	for _, o := range obs {
		c += (float64(o) - e) * (float64(o) - e) / e
	}
	return c
}

// subsetIndex maps a sorted 2-subset {i < j} of {0..5} to 0..14.
func subsetIndex(i, j int) int { return i*(11-i)/2 + j - i - 1 }

// reservoirSubsets runs a k = 2 reservoir over the stream 0..5 with many seeds and counts the
// 15 possible samples.
func reservoirSubsets(t *testing.T, sample func(seed uint64) []int) []int {
	t.Helper()
	counts := make([]int, 15)
	for s := uint64(0); s < 30000; s++ {
		x := slices.Clone(sample(s))
		slices.Sort(x)
		if len(x) != 2 || x[0] == x[1] {
			t.Fatalf("seed %d: sample %v is not a 2-subset", s, x)
		}
		counts[subsetIndex(x[0], x[1])]++
	}
	return counts
}

// Theorem 8.4: every 2-subset of 6 positions is equally likely (chi-square, 14 degrees of
// freedom, critical value 36.12 at level 0.001), for the plain, skip-ahead and equal-weight
// reservoirs.
func TestReservoirUniformSubsets(t *testing.T) {
	variants := map[string]func(seed uint64) []int{
		"Reservoir": func(seed uint64) []int {
			r, _ := NewReservoir[int](2, seed)
			for i := range 6 {
				r.Update(i)
			}
			s, _ := r.Sample()
			return s
		},
		"SkipReservoir": func(seed uint64) []int {
			r, _ := NewSkipReservoir[int](2, seed)
			for i := range 6 {
				r.Update(i)
			}
			s, _ := r.Sample()
			return s
		},
		"WeightedReservoir": func(seed uint64) []int {
			r, _ := NewWeightedReservoir[int](2, seed)
			for i := range 6 {
				_ = r.Update(i, 3)
			}
			s, _ := r.Sample()
			return s
		},
	}
	for name, f := range variants {
		if c := chiSquare(reservoirSubsets(t, f), 30000); c > 36.12 {
			t.Errorf("%s: chi-square %.2f > 36.12 over the 15 subsets", name, c)
		}
	}
}

// Theorem 8.3: SIMPLESAMPLE (k = 1) returns position i with probability 1/n; on a long stream
// each position of the skip-ahead reservoir is kept with probability k/n.
func TestInclusionProbability(t *testing.T) {
	const n, reps = 10, 20000
	counts := make([]int, n)
	for s := uint64(0); s < reps; s++ {
		r, _ := NewReservoir[int](1, s)
		for i := range n {
			r.Update(i)
		}
		x, _ := r.Sample()
		seen := r.Seen()
		if seen != n {
			t.Fatalf("n = %d, want %d", seen, n)
		}
		counts[x[0]]++
	}
	if c := chiSquare(counts, reps); c > 27.88 { // 9 degrees of freedom, level 0.001
		t.Errorf("SIMPLESAMPLE: chi-square %.2f > 27.88", c)
	}
	const big, k, reps2 = 100_000, 50, 300
	incl := make([]int, 10)
	for s := uint64(0); s < reps2; s++ {
		r, _ := NewSkipReservoir[int](k, s)
		for i := range big {
			r.Update(i)
		}
		x, _ := r.Sample()
		for _, v := range x {
			incl[v*10/big]++
		}
	}
	if c := chiSquare(incl, reps2*k); c > 27.88 {
		t.Errorf("SkipReservoir on 10⁵ items: inclusion by decile has chi-square %.2f > 27.88", c)
	}
}

// With k = 1 the weighted reservoir returns item i with probability wᵢ/Σw.
func TestWeightedReservoirProportional(t *testing.T) {
	w := []float64{1, 2, 3, 4}
	counts := make([]int, len(w))
	const reps = 40000
	for s := uint64(0); s < reps; s++ {
		r, _ := NewWeightedReservoir[int](1, s)
		for i, v := range w {
			_ = r.Update(i, v)
		}
		x, _ := r.Sample()
		counts[x[0]]++
	}
	for i, c := range counts {
		p := w[i] / 10
		if sd := math.Sqrt(reps * p * (1 - p)); math.Abs(float64(c)-reps*p) > 5*sd {
			t.Errorf("item %d: %d draws, want %.0f ± %.0f", i, c, reps*p, 5*sd)
		}
	}
}

func TestReservoirBadInput(t *testing.T) {
	for _, k := range []int{0, -1, maxK + 1} {
		if _, err := NewReservoir[int](k, 1); err == nil {
			t.Errorf("k = %d accepted", k)
		}
		if _, err := NewSkipReservoir[int](k, 1); err == nil {
			t.Errorf("skip: k = %d accepted", k)
		}
		if _, err := NewWeightedReservoir[int](k, 1); err == nil {
			t.Errorf("weighted: k = %d accepted", k)
		}
	}
	r, _ := NewWeightedReservoir[int](2, 1)
	for _, w := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		if err := r.Update(1, w); !errors.Is(err, ErrParam) {
			t.Errorf("weight %v: err = %v, want ErrParam", w, err)
		}
	}
	var zero Reservoir[int]
	zero.Update(3)
	if _, err := zero.Sample(); !errors.Is(err, ErrNotFitted) {
		t.Errorf("zero value: err = %v, want ErrNotFitted", err)
	}
	var zs SkipReservoir[int]
	zs.Update(3)
	if _, err := zs.Sample(); !errors.Is(err, ErrNotFitted) {
		t.Errorf("zero SkipReservoir: err = %v", err)
	}
	var zw WeightedReservoir[int]
	if err := zw.Update(1, 1); !errors.Is(err, ErrNotFitted) {
		t.Errorf("zero WeightedReservoir: err = %v", err)
	}
}

// Merging two reservoirs gives a uniform 2-subset of the six positions of both streams, for
// every split of the stream, and then keeps sampling correctly.
func TestReservoirMerge(t *testing.T) {
	for _, split := range []int{0, 1, 3, 5} {
		counts := reservoirSubsets(t, func(seed uint64) []int {
			a, _ := NewReservoir[int](2, seed)
			b, _ := NewReservoir[int](2, seed+1_000_000)
			for i := range 6 {
				if i < split {
					a.Update(i)
				} else {
					b.Update(i)
				}
			}
			if err := a.Merge(b); err != nil {
				t.Fatal(err)
			}
			s, _ := a.Sample()
			return s
		})
		if c := chiSquare(counts, 30000); c > 36.12 {
			t.Errorf("split after %d: chi-square %.2f > 36.12 over the 15 subsets", split, c)
		}
	}
	a, _ := NewReservoir[int](2, 1)
	b, _ := NewReservoir[int](3, 1)
	if err := a.Merge(b); !errors.Is(err, ErrShape) {
		t.Errorf("different k: err = %v, want ErrShape", err)
	}
	if err := a.Merge(nil); !errors.Is(err, ErrNotFitted) {
		t.Errorf("nil: err = %v, want ErrNotFitted", err)
	}
}
