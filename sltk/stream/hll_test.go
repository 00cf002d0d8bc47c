package stream

import (
	"encoding/binary"
	"errors"
	"math"
	"slices"
	"testing"
)

// hllOf returns a sketch of the keys lo, …, hi − 1.
func hllOf(t testing.TB, p int, seed uint64, lo, hi uint64) *HLLSketch {
	t.Helper()
	s, err := HyperLogLog{Precision: p, Seed: seed}.New()
	if err != nil {
		t.Fatal(err)
	}
	for x := lo; x < hi; x++ {
		s.Update(x)
	}
	return s
}

// Against exact counts: over 24 seeds, the root-mean-square relative error of both estimators
// (HIP, and Ertl's from the registers) stays within 1.3 × 1.04/√m at every cardinality from
// 10 to 10⁶ and precisions 6, 10 and 12, and the HIP error within 1.3 × 0.83/√m where that
// asymptotic figure applies (n ≥ 10m). The keys are consecutive integers, the case in which
// multiply-shift alone would give lattice-structured hash values.
func TestHLLAccuracy(t *testing.T) {
	const seeds = 24
	for _, p := range []int{6, 10, 12} {
		m := float64(int(1) << p)
		for _, n := range []uint64{10, 1000, 100_000, 1_000_000} {
			if testing.Short() && n > 100_000 {
				continue
			}
			var hip, ertl float64
			for seed := uint64(1); seed <= seeds; seed++ {
				s := hllOf(t, p, seed, 0, n)
				e, _ := s.Estimate()
				hip += (e/float64(n) - 1) * (e/float64(n) - 1)
				ertl += (s.ertl()/float64(n) - 1) * (s.ertl()/float64(n) - 1)
			}
			hip, ertl = math.Sqrt(hip/seeds), math.Sqrt(ertl/seeds)
			bound := 1.3 * 1.04 / math.Sqrt(m)
			t.Logf("p = %2d, n = %7d: RMS relative error HIP %.4f, Ertl %.4f (1.04/√m = %.4f)", p, n, hip, ertl, 1.04/math.Sqrt(m))
			if hip > bound || ertl > bound {
				t.Errorf("p = %d, n = %d: RMS errors HIP %.4f, Ertl %.4f exceed %.4f", p, n, hip, ertl, bound)
			}
			if hipBound := 1.3 * math.Sqrt(math.Ln2/m); float64(n) >= 10*m && hip > hipBound {
				t.Errorf("p = %d, n = %d: HIP RMS error %.4f exceeds 1.3·√(ln 2/m) = %.4f", p, n, hip, hipBound)
			}
		}
	}
}

// The merge of sketches of two overlapping ranges holds register for register the sketch of
// their union, and estimates what Ertl's estimator reads from that sketch; merging a sketch
// into a copy of itself changes no register.
func TestHLLMergeIsUnion(t *testing.T) {
	a := hllOf(t, 10, 7, 0, 60_000)
	b := hllOf(t, 10, 7, 40_000, 100_000)
	u := hllOf(t, 10, 7, 0, 100_000)
	if err := a.Merge(b); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.reg, u.reg) || !slices.Equal(a.hist, u.hist) {
		t.Fatal("merged registers differ from the sketch of the union")
	}
	if e, _ := a.Estimate(); e != u.ertl() {
		t.Errorf("merged estimate %v, Ertl's estimate of the union %v", e, u.ertl())
	}
	before := slices.Clone(u.reg)
	if err := u.Merge(u); err != nil || !slices.Equal(before, u.reg) {
		t.Errorf("self-merge changed the registers (err %v)", err)
	}
}

// Duplicates change nothing: each key three times, or the whole stream twice, gives the same
// registers and the same HIP estimate, bit for bit, as each key once.
func TestHLLDuplicates(t *testing.T) {
	once := hllOf(t, 8, 3, 0, 5000)
	thrice, _ := HyperLogLog{Precision: 8, Seed: 3}.New()
	for x := uint64(0); x < 5000; x++ {
		thrice.Update(x)
		thrice.Update(x)
		thrice.Update(x)
	}
	twice := hllOf(t, 8, 3, 0, 5000)
	for x := uint64(0); x < 5000; x++ {
		twice.Update(x)
	}
	for _, s := range []*HLLSketch{thrice, twice} {
		if !slices.Equal(s.reg, once.reg) || s.hip != once.hip {
			t.Errorf("duplicates changed the sketch: HIP %v vs %v", s.hip, once.hip)
		}
	}
}

// An empty sketch estimates 0 with both estimators; one element gives exactly 1 (HIP) and
// about 1 (Ertl).
func TestHLLSmall(t *testing.T) {
	s := hllOf(t, 12, 1, 0, 0)
	if e, _ := s.Estimate(); e != 0 || s.ertl() != 0 {
		t.Errorf("empty: HIP %v, Ertl %v", e, s.ertl())
	}
	s.Update(42)
	if e, _ := s.Estimate(); e != 1 || math.Abs(s.ertl()-1) > 1e-3 {
		t.Errorf("one element: HIP %v, Ertl %v", e, s.ertl())
	}
}

// σ and τ against their series summed term by term in big steps, and at their end points.
func TestHLLSigmaTau(t *testing.T) {
	for _, x := range []float64{0, 0.1, 0.5, 0.9, 0.999} {
		want := x
		for k := 1; k < 40; k++ {
			want += math.Pow(x, math.Ldexp(1, k)) * math.Ldexp(1, k-1)
		}
		if got := hllSigma(x); math.Abs(got-want) > 1e-12*want {
			t.Errorf("σ(%v) = %v, want %v", x, got, want)
		}
		want = 1 - x
		for k := 1; k < 60; k++ {
			d := 1 - math.Pow(x, math.Ldexp(1, -k))
			want -= d * d * math.Ldexp(1, -k)
		}
		if got := hllTau(x); math.Abs(got-want/3) > 1e-12 {
			t.Errorf("τ(%v) = %v, want %v", x, got, want/3)
		}
	}
	if !math.IsInf(hllSigma(1), 1) || hllTau(1) != 0 {
		t.Error("σ(1) or τ(1)")
	}
}

// Bad parameters and mismatched merges are errors wrapping the sentinels.
func TestHLLBadInput(t *testing.T) {
	for p, want := range map[int]error{3: ErrParam, -1: ErrParam, 19: ErrTooLarge} {
		if _, err := (HyperLogLog{Precision: p}).New(); !errors.Is(err, want) {
			t.Errorf("Precision %d: err = %v, want %v", p, err, want)
		}
	}
	a, b, c := hllOf(t, 10, 1, 0, 10), hllOf(t, 11, 1, 0, 10), hllOf(t, 10, 2, 0, 10)
	var z *HLLSketch
	for name, tc := range map[string]struct {
		err, want error
	}{
		"precision": {a.Merge(b), ErrShape}, "seed": {a.Merge(c), ErrParam},
		"nil": {a.Merge(z), ErrNotFitted}, "nil receiver": {z.Merge(a), ErrNotFitted},
		"zero value": {new(HLLSketch).Merge(a), ErrNotFitted}, "estimate": {second(z.Estimate()), ErrNotFitted},
		"marshal": {second(z.MarshalBinary()), ErrNotFitted},
	} {
		if !errors.Is(tc.err, tc.want) {
			t.Errorf("%s: err = %v, want %v", name, tc.err, tc.want)
		}
	}
	z.Update(1)
	if z.Precision() != 0 || a.Precision() != 10 {
		t.Error("Precision")
	}
}

// Crafted encodings with a valid checksum: a register above q + 1, a HIP estimate that is NaN,
// below 1, or present in a merged sketch, and a merged flag other than 0 or 1 are refused.
func TestHLLUnmarshalCrafted(t *testing.T) {
	s := hllOf(t, 4, 1, 0, 50)
	b, _ := s.MarshalBinary()
	const flag, hip, regs = 4 + 16, 4 + 24, 4 + 32 // byte offsets of the fields
	for name, edit := range map[string]func(c []byte){
		"register":    func(c []byte) { c[regs+3] = 62 },
		"NaN HIP":     func(c []byte) { binary.LittleEndian.PutUint64(c[hip:], math.Float64bits(math.NaN())) },
		"small HIP":   func(c []byte) { binary.LittleEndian.PutUint64(c[hip:], math.Float64bits(0.5)) },
		"merged HIP":  func(c []byte) { c[flag] = 1 },
		"flag":        func(c []byte) { c[flag] = 2 },
		"empty + HIP": func(c []byte) { clear(c[regs : len(c)-4]) },
	} {
		c := slices.Clone(b)
		edit(c)
		if err := new(HLLSketch).UnmarshalBinary(reseal(c)); !errors.Is(err, ErrParam) {
			t.Errorf("%s: err = %v, want ErrParam", name, err)
		}
	}
}

// UpdateKeys leaves the sketch Update leaves, register for register and with the same HIP
// count: keys with repeats, at several precisions, fed in uneven blocks (one block empty),
// on a sketch that already has keys; a nil sketch takes UpdateKeys as a no-op.
func TestHLLUpdateKeys(t *testing.T) {
	var x uint64
	keys := make([]uint64, 50_000)
	for i := range keys {
		x += 0x9e3779b97f4a7c15
		keys[i] = x >> 47 // 2¹⁷ possible keys: many repeats
	}
	for _, p := range []int{4, 12, 18} {
		one, batch := hllOf(t, p, 7, 0, 100), hllOf(t, p, 7, 0, 100)
		for _, k := range keys {
			one.Update(k)
		}
		for lo, step := 0, 1; lo < len(keys); lo, step = lo+step, step*3%1000 {
			batch.UpdateKeys(keys[lo:min(lo+step, len(keys))])
		}
		batch.UpdateKeys(nil)
		if !slices.Equal(one.reg, batch.reg) || !slices.Equal(one.hist, batch.hist) || one.hip != batch.hip {
			t.Errorf("p = %d: UpdateKeys gave a different sketch (HIP %v, Update's %v)", p, batch.hip, one.hip)
		}
	}
	var none *HLLSketch
	none.UpdateKeys(keys) // must not panic
}

func BenchmarkHyperLogLogUpdateKeys(b *testing.B) {
	s, _ := HyperLogLog{Precision: 12, Seed: 1}.New()
	var blk [1024]uint64
	var x uint64
	for b.Loop() {
		for k := range blk {
			x += 0x9e3779b97f4a7c15
			blk[k] = x >> 44 // a universe of 2²⁰ keys, as BenchmarkHyperLogLogUpdate
		}
		s.UpdateKeys(blk[:])
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(blk)), "ns/key")
}
