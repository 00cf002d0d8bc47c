package stream_test

// Cross-checks against Apache DataSketches for Go (github.com/apache/datasketches-go v0.2.0,
// a test-only dependency): the same stream through both libraries, at equal memory.

import (
	"math"
	"slices"
	"testing"

	"github.com/apache/datasketches-go/count"
	"github.com/apache/datasketches-go/cpc"
	"github.com/apache/datasketches-go/hll"
	"github.com/apache/datasketches-go/sampling"
	"github.com/sltk-book/sltk/sltk/stream"
	"github.com/sltk-book/sltk/sltk/synth"
)

// Count-Min at equal memory (200 × 7 int64 counters on both sides) on a Zipf stream: neither
// underestimates, and the mean overestimate of ours is within 25% of DataSketches'.
func TestPeerCountMinEqualMemory(t *testing.T) {
	a, err := synth.ZipfStream{N: 20000, S: 1.05, Len: 100_000, Seed: 5}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	f := stream.Frequencies(a)
	var ours, theirs float64
	for seed := uint64(1); seed <= 5; seed++ {
		cm, _ := stream.CountMin{Width: 200, Depth: 7, Seed: seed}.New()
		ds, err := count.NewCountMinSketch(7, 200, int64(seed))
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range a {
			cm.Update(x, 1)
			_ = ds.UpdateUint64(x, 1)
		}
		for u, d := range f {
			e1, e2 := cm.Estimate(u), ds.GetEstimateUint64(u)
			if e1 < d || e2 < d {
				t.Fatalf("underestimate of %d (d = %d): ours %d, DataSketches %d", u, d, e1, e2)
			}
			ours += float64(e1 - d)
			theirs += float64(e2 - d)
		}
	}
	t.Logf("mean overestimate: sltk %.2f, DataSketches %.2f", ours/float64(5*len(f)), theirs/float64(5*len(f)))
	if ours > 1.25*theirs {
		t.Errorf("sltk's overestimate %.0f is more than 1.25 × DataSketches' %.0f", ours, theirs)
	}
}

// Distinct counting: MCOUNT (3 copies of 170 minima, 4080 bytes) against HLL (lg K = 12,
// 8-bit registers, 4096 bytes) and CPC (lg K = 11) on streams of 10⁵ distinct keys. Each is
// within its own guarantee: MCOUNT within ε = √(24/t), HLL and CPC within 3 standard errors.
func TestPeerDistinctEqualMemory(t *testing.T) {
	const m, runs = 100_000, 8
	var eOurs, eHLL, eCPC []float64
	for r := uint64(0); r < runs; r++ {
		mc, _ := stream.MCount{T: 170, MedianK: 2, Seed: 100 * r}.New()
		h, err := hll.NewHllSketch(12, hll.TgtHllTypeHll8)
		if err != nil {
			t.Fatal(err)
		}
		c, err := cpc.NewCpcSketch(11, 9001+r)
		if err != nil {
			t.Fatal(err)
		}
		for i := uint64(0); i < m; i++ {
			x := (i + r*m) * 0x9e3779b97f4a7c15
			mc.Update(x)
			_ = h.UpdateUInt64(x)
			_ = c.UpdateUint64(x)
		}
		e, _ := mc.Estimate()
		he, _ := h.GetEstimate()
		eOurs = append(eOurs, math.Abs(e/m-1))
		eHLL = append(eHLL, math.Abs(he/m-1))
		eCPC = append(eCPC, math.Abs(c.GetEstimate()/m-1))
	}
	t.Logf("max relative error over %d runs: MCOUNT %.4f, HLL %.4f, CPC %.4f",
		runs, slices.Max(eOurs), slices.Max(eHLL), slices.Max(eCPC))
	if slices.Max(eOurs) > math.Sqrt(24.0/170) {
		t.Errorf("MCOUNT error %.3f beyond ε = √(24/t) = %.3f", slices.Max(eOurs), math.Sqrt(24.0/170))
	}
	if slices.Max(eHLL) > 3*1.04/64 || slices.Max(eCPC) > 3*0.7/math.Sqrt(2048) {
		t.Errorf("DataSketches beyond 3 standard errors: HLL %.4f, CPC %.4f", slices.Max(eHLL), slices.Max(eCPC))
	}
}

// Reservoir uniformity on both sides: every 2-subset of 6 positions equally often (chi-square,
// 14 degrees of freedom; DataSketches draws from the global generator, so its check uses the
// level 10⁻⁶, critical value 54.6).
func TestPeerReservoirUniform(t *testing.T) {
	const reps = 30000
	ours, theirs := make([]int, 15), make([]int, 15)
	index := func(s []int) int {
		s = slices.Clone(s)
		slices.Sort(s)
		return s[0]*(11-s[0])/2 + s[1] - s[0] - 1
	}
	for s := uint64(0); s < reps; s++ {
		r, _ := stream.NewReservoir[int](2, s)
		ds, err := sampling.NewReservoirItemsSketch[int](2)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 6 {
			r.Update(i)
			_ = ds.Update(i)
		}
		x, _ := r.Sample()
		ours[index(x)]++
		theirs[index(ds.Samples())]++
	}
	chi := func(obs []int) float64 {
		var c float64
		for _, o := range obs {
			c += (float64(o) - reps/15.0) * (float64(o) - reps/15.0) / (reps / 15.0)
		}
		return c
	}
	if c := chi(ours); c > 36.12 {
		t.Errorf("sltk reservoir: chi-square %.2f > 36.12", c)
	}
	if c := chi(theirs); c > 54.6 {
		t.Errorf("DataSketches reservoir: chi-square %.2f > 54.6", c)
	}
}

// HyperLogLog at equal memory: sltk's (p = 12, one-byte registers) against DataSketches' HLL_8
// (lg K = 12), both reading the HIP estimate, over 300 streams of 2·10⁴ distinct keys. The
// root-mean-square relative error of ours is within 1.3·√(ln 2/m), the HIP standard error,
// and at most 1.2 times DataSketches' (over 300 runs a sample RMS wobbles by about 4 %).
func TestPeerHyperLogLogEqualMemory(t *testing.T) {
	const m, runs = 20_000, 300
	var ours, theirs float64
	for r := uint64(0); r < runs; r++ {
		s, _ := stream.HyperLogLog{Precision: 12, Seed: r}.New()
		h, err := hll.NewHllSketch(12, hll.TgtHllTypeHll8)
		if err != nil {
			t.Fatal(err)
		}
		for i := uint64(0); i < m; i++ {
			x := (i + r*m) * 0x9e3779b97f4a7c15
			s.Update(x)
			_ = h.UpdateUInt64(x)
		}
		e, _ := s.Estimate()
		he, _ := h.GetEstimate()
		ours += (e/m - 1) * (e/m - 1) / runs
		theirs += (he/m - 1) * (he/m - 1) / runs
	}
	ours, theirs = math.Sqrt(ours), math.Sqrt(theirs)
	t.Logf("RMS relative error over %d runs: sltk %.4f, DataSketches %.4f (√(ln 2/m) = %.4f)", runs, ours, theirs, math.Sqrt(math.Ln2/4096))
	if ours > 1.3*math.Sqrt(math.Ln2/4096) || ours > 1.2*theirs {
		t.Errorf("sltk RMS error %.4f: beyond 1.3·√(ln 2/m) = %.4f or 1.2 × DataSketches' %.4f", ours, 1.3*math.Sqrt(math.Ln2/4096), theirs)
	}
}
