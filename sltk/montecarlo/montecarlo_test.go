package montecarlo

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

func TestHoeffdingSizes(t *testing.T) {
	// Lemma 6.1 with the standard bound: m = 2b²ln(2/δ)/ε² for |f| ≤ b.
	m, err := HoeffdingSize(1, 0.1, -5, 5)
	if err != nil || m != 150 {
		t.Fatalf("HoeffdingSize(1, 0.1, ±5) = %d, %v; want ⌈50·ln 20⌉ = 150", m, err)
	}
	lin, _ := LinearRangeSize(1, 0.1, 5)
	if lin != 15 {
		t.Fatalf("LinearRangeSize = %d, want 15", lin)
	}
	// f = ±5 with probability ½: the exact failure Pr(|mean| ≥ 1) is 0.3018 > δ for m = 15 and
	// 0.0111 for m = 150 (binomial tails; Lemma 6.1 bounds Pr(|μ̂ − μ| > ε)).
	for _, tc := range []struct {
		m    int
		want float64
	}{{15, 0.3018}, {150, 0.0111}} {
		got := binomTwoSided(tc.m, 1.0/5) // |mean| > 1 ⇔ |2k − m| > m/5
		if math.Abs(got-tc.want) > 5e-5 {
			t.Errorf("m = %d: failure %g, want %g", tc.m, got, tc.want)
		}
	}
	if f, _ := PiFailure(0.1, 5000); math.Abs(f-0.0038609) > 1e-7 {
		t.Errorf("PiFailure(0.1, 5000) = %g, want 2e^-6.25 = 0.0038609", f)
	}
}

// binomTwoSided returns Pr(|2K − m| > c·m) for K ~ Bin(m, ½).
func binomTwoSided(m int, c float64) float64 {
	var p float64
	for k := 0; k <= m; k++ {
		if math.Abs(float64(2*k-m)) > c*float64(m)+1e-9 {
			lc, _ := math.Lgamma(float64(m + 1))
			a, _ := math.Lgamma(float64(k + 1))
			b, _ := math.Lgamma(float64(m - k + 1))
			p += math.Exp(lc - a - b - float64(m)*math.Ln2)
		}
	}
	return p
}

func TestEstimatePi(t *testing.T) {
	r, err := EstimatePi(5000, 7)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(r.Pi-math.Pi) > 0.1 {
		t.Errorf("π̂ = %g with 5000 darts", r.Pi)
	}
	// With 10 darts π̂ is 4k/10; 8 inside gives the lecture's 3.2.
	if got := 4 * 8 / 10.0; got != 3.2 {
		t.Fatal(got)
	}
	// Empirical failure rate over 400 runs of m = 500 stays below the bound 2e^{−ε²m/8}.
	fails := 0
	for s := uint64(0); s < 400; s++ {
		r, _ := EstimatePi(500, s)
		if math.Abs(r.Pi-math.Pi) >= 0.3 {
			fails++
		}
	}
	if f, b := float64(fails)/400, must(PiFailure(0.3, 500)); f > b {
		t.Errorf("failure rate %g above bound %g", f, b)
	}
}

func TestMean(t *testing.T) {
	r, err := Mean{Epsilon: 0.05, Delta: 0.01, Lo: 0, Hi: 1, Seed: 3}.Estimate(func(rng *rand.Rand) float64 {
		return rng.Float64() * rng.Float64()
	})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(r.Mean-0.25) > 0.05 || r.M != 1060 {
		t.Errorf("mean %g with m = %d, want 0.25 ± 0.05 with m = ⌈ln(200)/0.005⌉ = 1060", r.Mean, r.M)
	}
	if _, err := (Mean{Epsilon: 0.1, Delta: 0.1, Lo: 0, Hi: 1}).Estimate(func(*rand.Rand) float64 { return 2 }); !errors.Is(err, ErrParam) {
		t.Errorf("draw outside the range: %v", err)
	}
}

func TestRejection(t *testing.T) {
	// Target ∝ (1, 2, 3, 4) on {0..3} with envelope Δ ≡ 4: a = 10/16.
	r := Rejection[int]{
		Propose: func(rng *rand.Rand) int { return rng.IntN(4) },
		Accept:  func(x int) float64 { return float64(x+1) / 4 },
		Seed:    1,
	}
	res, err := r.Sample(100000)
	if err != nil || !res.Converged {
		t.Fatal(err)
	}
	if math.Abs(res.Rate-10.0/16) > 0.01 {
		t.Errorf("rate %g, want 0.625", res.Rate)
	}
	counts := make([]float64, 4)
	meanIter := 0.0
	for k, x := range res.Samples {
		counts[x]++
		meanIter += float64(res.Iter[k]) / float64(len(res.Samples))
	}
	for x, c := range counts {
		if math.Abs(c/1e5-float64(x+1)/10) > 0.006 {
			t.Errorf("P(%d) = %g, want %g", x, c/1e5, float64(x+1)/10)
		}
	}
	if math.Abs(meanIter-1.6) > 0.02 {
		t.Errorf("mean iterations %g, want 1/a = 1.6", meanIter)
	}
	// Iterations are geometric: the first acceptance at k has probability (1−a)^{k−1}a.
	var sum float64
	for k := 1; k <= 200; k++ {
		sum += must(FirstAcceptance(0.1, k))
	}
	if math.Abs(sum-must(AcceptWithin(0.1, 200))) > 1e-12 || must(AcceptWithin(0.1, 20)) < 1-math.Exp(-2) {
		t.Error("geometric law inconsistent")
	}
	if _, err := (Rejection[int]{}).Sample(1); !errors.Is(err, ErrParam) {
		t.Errorf("nil functions: %v", err)
	}
	cap := Rejection[int]{Propose: func(*rand.Rand) int { return 0 }, Accept: func(int) float64 { return 0 }, MaxIter: 100}
	if res, err := cap.Sample(1); err != nil || res.Converged || res.Trials != 100 {
		t.Errorf("never-accepting sampler: %+v, %v", res, err)
	}
}

func TestBallVolume(t *testing.T) {
	if v := UnitBallVolume(2); math.Abs(v-math.Pi) > 1e-12 {
		t.Error(v)
	}
	if v := UnitBallVolume(3); math.Abs(v-4*math.Pi/3) > 1e-12 {
		t.Error(v)
	}
	r, err := BallVolume(3, 200000, 1)
	if err != nil || math.Abs(r.Estimate-4*math.Pi/3) > 0.05 {
		t.Errorf("vol(B³) ≈ %g, %v", r.Estimate, err)
	}
	if r, _ := BallVolume(20, 100000, 1); r.Accepted > 2 {
		t.Errorf("d = 20: %d acceptances of 10^5, expected about 0.002", r.Accepted)
	}
}

func TestLake(t *testing.T) {
	l, err := SyntheticLake(200, 1)
	if err != nil {
		t.Fatal(err)
	}
	target, _ := l.Target()
	tv := func(p []float64) float64 {
		var s float64
		for i := range p {
			s += math.Abs(p[i] - target[i])
		}
		return s / 2
	}
	u, _ := l.Uniform(50000, 1)
	w, _ := l.Weighted(20, 50000, 1)
	r, _ := l.Rejection(50000, 1)
	rate := r.Rate
	if !(tv(r.Freq) < 0.05 && tv(u.Freq) > 0.2 && tv(w.Freq) > 0.1) {
		t.Errorf("TV to uniform water: uniform %g, weighted %g, rejection %g", tv(u.Freq), tv(w.Freq), tv(r.Freq))
	}
	var sum float64
	for _, d := range l.Depth {
		sum += float64(d)
	}
	if want := sum / (200 * 40); math.Abs(rate-want) > 0.01 {
		t.Errorf("acceptance %g, want ΣD/(|S|Δ) = %g", rate, want)
	}
	if _, err := (Lake{}).Target(); !errors.Is(err, ErrEmpty) {
		t.Errorf("empty lake: %v", err)
	}
	if _, err := (Lake{Depth: []int{1, -1}}).Target(); !errors.Is(err, ErrParam) {
		t.Errorf("negative depth: %v", err)
	}
}

func TestKarpLubyExamples(t *testing.T) {
	d, err := ParseDNF("x1 x2 | !x1 x3 | x2 x3")
	if err != nil {
		t.Fatal(err)
	}
	ms, _ := d.Models()
	var got []string
	for _, a := range ms {
		got = append(got, FormatAssignment(a, 3))
	}
	// S = {110, 111, 001, 011} in the order of the bit masks.
	if len(got) != 4 {
		t.Fatalf("models %v", got)
	}
	s, err := KarpLuby{Seed: 1}.Sample(d, 40000)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(s.Rate-2.0/3) > 0.01 {
		t.Errorf("acceptance %g, want |S|/|Ω| = 2/3", s.Rate)
	}
	freq := map[string]float64{}
	for _, a := range s.Models {
		freq[FormatAssignment(a, 3)] += 1.0 / 40000
	}
	for _, m := range []string{"110", "111", "001", "011"} {
		if math.Abs(freq[m]-0.25) > 0.015 {
			t.Errorf("P(%s) = %g, want 1/4", m, freq[m])
		}
	}
	// Unequal terms: x1 ∨ (¬x1 ∧ x2 ∧ x3) has 5 models. The weighted proposal gives each 1/5;
	// the uniform-term proposal gives 011 probability 1/2.
	d2, _ := ParseDNF("x1 | !x1 x2 x3")
	for _, tc := range []struct {
		uniform bool
		want011 float64
	}{{false, 0.2}, {true, 0.5}} {
		s, _ := KarpLuby{UniformTerms: tc.uniform, Seed: 2}.Sample(d2, 40000)
		var f011 float64
		for _, a := range s.Models {
			if FormatAssignment(a, 3) == "011" {
				f011 += 1.0 / 40000
			}
		}
		if math.Abs(f011-tc.want011) > 0.015 || s.Rate != 1 {
			t.Errorf("uniform terms %v: P(011) = %g (want %g), rate %g (want 1)", tc.uniform, f011, tc.want011, s.Rate)
		}
	}
	c, err := KarpLuby{Seed: 3}.Count(d, 0.05, 0.01)
	if err != nil || math.Abs(c.Estimate-4) > 0.2 || c.W != 6 {
		t.Errorf("count %+v, %v; want 4 ± 5%%, W = 6", c, err)
	}
}

func TestDNFBadInput(t *testing.T) {
	for _, s := range []string{"", "|", "x1 | ", "y1", "x0", "x65", "x1 !x1"} {
		if _, err := ParseDNF(s); err == nil {
			t.Errorf("ParseDNF(%q) accepted", s)
		}
	}
	if _, err := ParseDNF("x1 !x1"); !errors.Is(err, ErrEmpty) {
		t.Errorf("only a contradictory term: %v", err)
	}
	if _, err := (KarpLuby{}).Sample(DNF{}, 1); !errors.Is(err, ErrParam) {
		t.Errorf("zero DNF: %v", err)
	}
	if _, err := (KarpLuby{}).Sample(DNF{Vars: 2}, 1); !errors.Is(err, ErrEmpty) {
		t.Errorf("no terms: %v", err)
	}
	d, _ := ParseDNF("x1 x1 x2 | x2 !x3")
	if d.String() != "x1 x2 | x2 !x3" {
		t.Errorf("normalised %q", d)
	}
}

func FuzzParseDNF(f *testing.F) {
	for _, s := range []string{"x1 x2 | !x1 x3", "x1 ∧ ¬x2 ∨ x3", "!!x1", "x64", "x1 !x1 | x2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDNF(s)
		if err != nil {
			return
		}
		again, err := ParseDNF(d.String())
		if err != nil || again.String() != d.String() {
			t.Fatalf("round trip %q → %q: %v", d, again, err)
		}
		if _, err := (KarpLuby{MaxIter: 50}).Sample(d, 3); err != nil {
			t.Fatal(err)
		}
	})
}

func TestKarpLubyCountRandom(t *testing.T) {
	d, err := RandomDNF(18, 25, 3, 7, 1)
	if err != nil {
		t.Fatal(err)
	}
	ms, _ := d.Models()
	c, err := KarpLuby{Seed: 1}.Count(d, 0.05, 0.01)
	if err != nil {
		t.Fatal(err)
	}
	if rel := math.Abs(c.Estimate-float64(len(ms))) / float64(len(ms)); rel > 0.05 {
		t.Errorf("estimate %g for %d models (relative error %g)", c.Estimate, len(ms), rel)
	}
	if c.W < float64(len(ms)) || float64(len(ms)) < c.W/25 {
		t.Errorf("|S| = %d outside [W/m, W] = [%g, %g]", len(ms), c.W/25, c.W)
	}
}

// BenchmarkKarpLubyCount counts a random 40-term DNF over 20 variables (ε = 0.05, δ = 0.01).
func BenchmarkKarpLubyCount(b *testing.B) {
	d, _ := RandomDNF(20, 40, 3, 8, 1)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := (KarpLuby{Seed: uint64(i)}).Count(d, 0.05, 0.01); err != nil {
			b.Fatal(err)
		}
	}
}

func TestFormatAssignmentClamps(t *testing.T) {
	if got := FormatAssignment(6, -1); got != "" {
		t.Errorf("n = -1: %q", got)
	}
	if got := FormatAssignment(6, 1<<40); len(got) != 64 || got[:3] != "011" {
		t.Errorf("n = 2^40: %q", got)
	}
}

// must unwraps a probability whose arguments the test knows to be valid.
func must(v float64, err error) float64 {
	if err != nil {
		panic(err)
	}
	return v
}

func TestAcceptWithinZeroTrials(t *testing.T) {
	if p, err := AcceptWithin(1, 0); err != nil || p != 0 {
		t.Errorf("AcceptWithin(1, 0) = %v, %v, want 0", p, err)
	}
}
