package info

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/gibbs"
	"gonum.org/v1/gonum/mat"
)

// ibJoint is a 6×4 joint with three groups of rows.
func ibJoint() *mat.Dense {
	cond := [][]float64{
		{0.7, 0.1, 0.1, 0.1}, {0.6, 0.2, 0.1, 0.1}, {0.1, 0.7, 0.1, 0.1},
		{0.1, 0.6, 0.2, 0.1}, {0.1, 0.1, 0.4, 0.4}, {0.1, 0.1, 0.3, 0.5},
	}
	px := []float64{0.2, 0.15, 0.2, 0.15, 0.1, 0.2}
	j := mat.NewDense(6, 4, nil)
	for x, row := range cond {
		for y, v := range row {
			j.Set(x, y, px[x]*v)
		}
	}
	return j
}

// randomJoint is an n×m joint with independent U(0,1) entries, normalised.
func randomJoint(n, m int, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 3))
	j := mat.NewDense(n, m, nil)
	var s float64
	for i := 0; i < n; i++ {
		for k := 0; k < m; k++ {
			v := rng.Float64()
			j.Set(i, k, v)
			s += v
		}
	}
	j.Scale(1/s, j)
	return j
}

func TestBottleneckLagrangianMonotone(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		j := randomJoint(7, 5, seed)
		for _, beta := range []float64{2, 8, 50} {
			r, err := Bottleneck{K: 3, Beta: beta, Seed: seed, MaxIter: 200000}.Fit(j)
			if err != nil {
				t.Fatal(err)
			}
			for i := 1; i < len(r.Trace); i++ {
				if r.Trace[i] > r.Trace[i-1]+1e-12 {
					t.Fatalf("seed %d β %g: L rose at iteration %d: %g → %g", seed, beta, i, r.Trace[i-1], r.Trace[i])
				}
			}
			if !r.Converged {
				t.Errorf("seed %d β %g: not converged after %d", seed, beta, r.Iter)
			}
			if r.ITY > r.IXY+1e-12 || r.ITY < 0 {
				t.Errorf("I(T;Y) = %g outside [0, I(X;Y) = %g]", r.ITY, r.IXY)
			}
			if math.Abs(r.Lagrangian-(r.IXT-beta*r.ITY)) > 1e-12 || math.Abs(r.Lagrangian-r.Trace[len(r.Trace)-1]) > 1e-12 {
				t.Errorf("Lagrangian %g inconsistent", r.Lagrangian)
			}
		}
	}
}

// The fixed point satisfies the three self-consistent equations, the informations agree with
// MutualInformation of the joints p(x,t) and p(t,y).
func TestBottleneckFixedPoint(t *testing.T) {
	j := ibJoint()
	const beta = 6
	r, err := Bottleneck{K: 3, Beta: beta, Seed: 2}.Fit(j)
	if err != nil {
		t.Fatal(err)
	}
	px, py, _ := Marginals(j)
	pxt, pty := mat.NewDense(6, 3, nil), mat.NewDense(3, 4, nil)
	for x := 0; x < 6; x++ {
		cond := make([]float64, 4)
		for y := range cond {
			cond[y] = j.At(x, y) / px[x]
		}
		var z float64
		want := make([]float64, 3)
		for c := 0; c < 3; c++ {
			d, err := KLNats(cond, mat.Row(nil, c, r.PYgivenT))
			if err != nil {
				t.Fatal(err)
			}
			want[c] = r.PT[c] * math.Exp(-beta*d)
			z += want[c]
			pxt.Set(x, c, px[x]*r.Encoder.At(x, c))
			for y := range cond {
				pty.Set(c, y, pty.At(c, y)+j.At(x, y)*r.Encoder.At(x, c))
			}
		}
		for c := range want {
			if got := r.Encoder.At(x, c); math.Abs(got-want[c]/z) > 1e-8 {
				t.Errorf("p(%d|%d) = %g, fixed point %g", c, x, got, want[c]/z)
			}
		}
	}
	ixt, _ := MutualInformation(pxt)
	ity, _ := MutualInformation(pty)
	if math.Abs(ixt-r.IXT) > 1e-10 || math.Abs(ity-r.ITY) > 1e-10 {
		t.Errorf("I(X;T) %g vs %g, I(T;Y) %g vs %g", r.IXT, ixt, r.ITY, ity)
	}
	_ = py
}

// β_c = 1/λ₂(M), M = Σ_y p(y|x)p(x'|y), from an eigendecomposition of M itself; the trivial
// solution attracts a random start below β_c and not above it.
func TestBottleneckCritical(t *testing.T) {
	for _, j := range []*mat.Dense{ibJoint(), randomJoint(5, 6, 9)} {
		bc, err := BottleneckCritical(j)
		if err != nil {
			t.Fatal(err)
		}
		px, py, _ := Marginals(j)
		n, m := j.Dims()
		mm := mat.NewDense(n, n, nil)
		for x := 0; x < n; x++ {
			for x2 := 0; x2 < n; x2++ {
				var s float64
				for y := 0; y < m; y++ {
					s += j.At(x, y) / px[x] * j.At(x2, y) / py[y]
				}
				mm.Set(x, x2, s)
			}
		}
		var eig mat.Eigen
		if !eig.Factorize(mm, mat.EigenNone) {
			t.Fatal("eigen failed")
		}
		var vals []float64
		for _, v := range eig.Values(nil) {
			vals = append(vals, real(v))
		}
		top, second := math.Inf(-1), math.Inf(-1)
		for _, v := range vals {
			if v > top {
				top, second = v, top
			} else if v > second {
				second = v
			}
		}
		if math.Abs(top-1) > 1e-10 || math.Abs(bc-1/second) > 1e-8*bc {
			t.Errorf("β_c = %g, 1/λ₂ = %g (λ₁ = %g)", bc, 1/second, top)
		}
		for _, c := range []struct {
			f       float64
			trivial bool
		}{{0.9, true}, {1.1, false}} {
			r, err := Bottleneck{K: 2, Beta: c.f * bc, MaxIter: 200000, Tol: 1e-13, Seed: 4}.Fit(j)
			if err != nil {
				t.Fatal(err)
			}
			if (r.IXT < 1e-6) != c.trivial {
				t.Errorf("β = %g·β_c: I(X;T) = %g, trivial expected %v", c.f, r.IXT, c.trivial)
			}
		}
	}
	ind := mat.NewDense(2, 2, []float64{0.25, 0.25, 0.25, 0.25})
	if _, err := BottleneckCritical(ind); !errors.Is(err, errs.ErrNoSolution) {
		t.Errorf("independent: %v", err)
	}
}

// As β grows the annealed bottleneck reaches the best deterministic encoder, which the
// sequential algorithm and exhaustive enumeration agree on; no encoder beats the bounds.
func TestBottleneckHardLimit(t *testing.T) {
	j := ibJoint()
	all, err := HardEncoders(j, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 729 {
		t.Fatalf("%d encoders", len(all))
	}
	best := 0.0
	for _, e := range all {
		best = math.Max(best, e.ITY)
	}
	sib, err := SequentialBottleneck{K: 3, Seed: 1}.Fit(j)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(sib.ITY-best) > 1e-12 || !sib.Converged {
		t.Errorf("sIB I(T;Y) = %g, exhaustive %g", sib.ITY, best)
	}
	for i := 1; i < len(sib.Trace); i++ {
		if sib.Trace[i] < sib.Trace[i-1]-1e-12 {
			t.Errorf("sIB trace fell at sweep %d", i)
		}
	}
	path, err := BottleneckPath{K: 3, Schedule: gibbs.Schedule{Cooling: 0.95, TMin: 1e-3}}.Fit(j)
	if err != nil {
		t.Fatal(err)
	}
	last := path.Levels[len(path.Levels)-1]
	if math.Abs(last.ITY-best) > 1e-4 || last.Clusters != 3 {
		t.Errorf("annealed I(T;Y) = %g with %d clusters, best hard %g", last.ITY, last.Clusters, best)
	}
	if len(path.Splits) != 2 || path.Splits[0] < path.BetaC || path.Splits[0] > path.BetaC/0.95/0.95 {
		t.Errorf("splits %v, β_c = %g", path.Splits, path.BetaC)
	}
	hx, _ := EntropyBits([]float64{0.2, 0.15, 0.2, 0.15, 0.1, 0.2})
	for _, l := range path.Levels {
		if l.ITY > path.IXY+1e-12 || l.IXT > hx+1e-12 || math.Abs(path.HX-hx) > 1e-12 {
			t.Errorf("β %g: bounds violated", l.Beta)
		}
	}
	// Histogram-clustering identity for the best partition.
	ixt, ity, err := HardInformation(j, sib.Labels)
	if err != nil || math.Abs(ity-sib.ITY) > 1e-12 || math.Abs(ixt-sib.IXT) > 1e-12 {
		t.Fatalf("HardInformation %g %g %v", ixt, ity, err)
	}
	px, _, _ := Marginals(j)
	cost := 0.0
	for x := 0; x < 6; x++ {
		var pyt []float64
		var mass float64
		for x2 := 0; x2 < 6; x2++ {
			if sib.Labels[x2] == sib.Labels[x] {
				mass += px[x2]
			}
		}
		for y := 0; y < 4; y++ {
			var s float64
			for x2 := 0; x2 < 6; x2++ {
				if sib.Labels[x2] == sib.Labels[x] {
					s += j.At(x2, y)
				}
			}
			pyt = append(pyt, s/mass)
		}
		cond := mat.Row(nil, x, j)
		for y := range cond {
			cond[y] /= px[x]
		}
		d, _ := KLBits(cond, pyt)
		cost += px[x] * d
	}
	if math.Abs(path.IXY-ity-cost) > 1e-12 {
		t.Errorf("I(X;Y) − I(T;Y) = %g, histogram cost %g", path.IXY-ity, cost)
	}
}

// Blahut–Arimoto for R(D) of a Bernoulli(p) source under Hamming distortion lands on
// R(D) = h(p) − h(D) with D = 1/(1+e^β).
func TestRateDistortionBinary(t *testing.T) {
	const p = 0.3
	d := mat.NewDense(2, 2, []float64{0, 1, 1, 0})
	for _, beta := range []float64{1.5, 2.5, 4} {
		r, err := RateDistortion{Beta: beta}.Fit([]float64{1 - p, p}, d)
		if err != nil {
			t.Fatal(err)
		}
		wantD := 1 / (1 + math.Exp(beta))
		want := binaryEntropy(p) - binaryEntropy(wantD)
		if !r.Converged || math.Abs(r.Distortion-wantD) > 1e-8 || math.Abs(r.Rate-want) > 1e-8 {
			t.Errorf("β %g: (D, R) = (%g, %g), want (%g, %g)", beta, r.Distortion, r.Rate, wantD, want)
		}
		for i := 1; i < len(r.Trace); i++ {
			if r.Trace[i] > r.Trace[i-1]+1e-13 {
				t.Fatalf("β %g: F rose at %d", beta, i)
			}
		}
	}
}

// With the bottleneck's own representatives as the KL distortion, the rate–distortion
// iteration at the same β reproduces the bottleneck's encoder.
func TestRateDistortionReproducesBottleneck(t *testing.T) {
	j := ibJoint()
	r, err := Bottleneck{K: 3, Beta: 8, Seed: 3, Tol: 1e-13}.Fit(j)
	if err != nil {
		t.Fatal(err)
	}
	px, _, _ := Marginals(j)
	dist := mat.NewDense(6, 3, nil)
	for x := 0; x < 6; x++ {
		cond := mat.Row(nil, x, j)
		for y := range cond {
			cond[y] /= px[x]
		}
		for c := 0; c < 3; c++ {
			d, _ := KLNats(cond, mat.Row(nil, c, r.PYgivenT))
			dist.Set(x, c, d)
		}
	}
	dm, err := DivergenceMatrix(j, r.PYgivenT)
	if err != nil || !mat.EqualApprox(dm, dist, 1e-14) {
		t.Fatalf("DivergenceMatrix %v", err)
	}
	inf, err := DivergenceMatrix(j, mat.NewDense(1, 4, []float64{0, 0.5, 0.5, 0}))
	if err != nil || inf.At(0, 0) != math.MaxFloat64 {
		t.Fatalf("infinite divergence: %v %v", inf, err)
	}
	rd, err := RateDistortion{Beta: 8}.Fit(px, dist)
	if err != nil {
		t.Fatal(err)
	}
	if !mat.EqualApprox(rd.Encoder, r.Encoder, 1e-6) || math.Abs(rd.Rate-r.IXT) > 1e-6 {
		t.Errorf("R = %g vs I(X;T) = %g", rd.Rate, r.IXT)
	}
}

func TestCooccurrence(t *testing.T) {
	a, _ := ReadLetters(strings.NewReader("the cat and the dog"))
	b, _ := ReadLetters(strings.NewReader("A dog, a dog; the END."))
	vocab, err := CorpusWords([]*Text{a, b}, 3, 3)
	if err != nil || strings.Join(vocab, " ") != "dog the and" {
		t.Fatalf("vocab %v %v", vocab, err)
	}
	c, err := Cooccurrence([]*Text{a, b}, vocab)
	if err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(c, mat.NewDense(2, 3, []float64{1, 2, 1, 2, 1, 0})) {
		t.Errorf("counts %v", mat.Formatted(c))
	}
	j, err := JointFromCounts(c)
	if err != nil || math.Abs(j.At(0, 1)-2.0/7) > 1e-15 {
		t.Errorf("joint %v %v", j, err)
	}
	if _, err := Cooccurrence([]*Text{a}, []string{"x", "x"}); !errors.Is(err, errs.ErrParam) {
		t.Errorf("duplicate word: %v", err)
	}
	if _, err := JointFromCounts(mat.NewDense(1, 2, nil)); !errors.Is(err, errs.ErrEmpty) {
		t.Errorf("zero counts: %v", err)
	}
	if _, _, err := LoadCorpus("/nonexistent-dir"); !errors.Is(err, errs.ErrIO) {
		t.Errorf("missing dir: %v", err)
	}
}

func TestBottleneckBadInput(t *testing.T) {
	j := ibJoint()
	for _, c := range []struct {
		err  error
		want error
	}{
		{e1(Bottleneck{K: -1}.Fit(j)), errs.ErrParam},
		{e1(Bottleneck{Beta: math.NaN()}.Fit(j)), errs.ErrParam},
		{e1(Bottleneck{Init: mat.NewDense(2, 2, []float64{1, 0, 0, 1})}.Fit(j)), errs.ErrShape},
		{e1(Bottleneck{MaxIter: 1 << 40}.Fit(j)), errs.ErrTooLarge},
		{e1(Bottleneck{}.Fit(mat.NewDense(1, 2, []float64{0.5, 0.6}))), errs.ErrProb},
		{e1(BottleneckPath{Noise: 1}.Fit(j)), errs.ErrParam},
		{e1(BottleneckPath{Schedule: gibbs.Schedule{T0: 1, TMin: 2}}.Fit(j)), errs.ErrParam},
		{e1(HardEncoders(randomJoint(30, 2, 1), 2)), errs.ErrTooLarge},
		{e1(SequentialBottleneck{Restarts: -1}.Fit(j)), errs.ErrParam},
		{e1(RateDistortion{}.Fit([]float64{1}, mat.NewDense(1, 1, []float64{-1}))), errs.ErrParam},
		{e1(RateDistortion{}.Fit([]float64{0.5, 0.5}, mat.NewDense(1, 1, []float64{0}))), errs.ErrShape},
	} {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%v, want %v", c.err, c.want)
		}
	}
}

func e1[T any](_ T, err error) error { return err }

// A cluster whose mass underflows is dropped instead of turning its divergences into NaN
// (the licence texts at Tol 1e-8 once reached Inf − Inf at β ≈ 22).
func TestBottleneckPathVanishingCluster(t *testing.T) {
	_, docs, err := LoadCorpus("/usr/share/common-licenses")
	if err != nil {
		t.Skip("no licence texts:", err)
	}
	vocab, _ := CorpusWords(docs, 300, 3)
	c, _ := Cooccurrence(docs, vocab)
	j, _ := JointFromCounts(c)
	p, err := BottleneckPath{K: 8, Tol: 1e-8, Schedule: gibbs.Schedule{Cooling: 0.95, TMin: 0.04}}.Fit(j)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range p.Levels {
		if math.IsNaN(l.Cost) || math.IsInf(l.Cost, 0) || l.ITY > p.IXY+1e-12 {
			t.Fatalf("β %g: cost %g, I(T;Y) %g", l.Beta, l.Cost, l.ITY)
		}
	}
}
