package ica

import (
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"gonum.org/v1/gonum/mat"
)

// Oracle 1: (1/n)ΣuuᵀI = I and the whitened mean is 0 (to 1e-12); K·Dewhiten = I.
func TestWhiteningIdentities(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		s := sources(seed, 5000, srcLaplace, srcUniform, srcGauss)
		x := mix(s, mixing(seed, 3))
		wt, err := Whitener{}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		n, k := wt.U.Dims()
		var c mat.Dense
		c.Mul(wt.U.T(), wt.U)
		c.Scale(1/float64(n), &c)
		for i := range k {
			var m float64
			for r := range n {
				m += wt.U.At(r, i)
			}
			if math.Abs(m/float64(n)) > 1e-12 {
				t.Errorf("seed %d: mean of u_%d = %g", seed, i, m/float64(n))
			}
			for j := range k {
				want := 0.0
				if i == j {
					want = 1
				}
				if math.Abs(c.At(i, j)-want) > 1e-12 {
					t.Errorf("seed %d: (UᵀU/n)[%d][%d] = %.15g", seed, i, j, c.At(i, j))
				}
			}
		}
		var kd mat.Dense
		kd.Mul(wt.Matrix, wt.Dewhiten)
		if !mat.EqualApprox(&kd, eye(k), 1e-12) {
			t.Errorf("seed %d: K·Dewhiten ≠ I", seed)
		}
		// Transform reproduces the training projection.
		u2, err := wt.Transform(x)
		if err != nil || !mat.EqualApprox(u2, wt.U, 1e-12) {
			t.Errorf("seed %d: Transform differs from the fitted U (err %v)", seed, err)
		}
	}
}

func eye(k int) *mat.Dense {
	m := mat.NewDense(k, k, nil)
	for i := range k {
		m.Set(i, i, 1)
	}
	return m
}

// Dimension reduction: a duplicated channel makes the covariance singular; Reduce drops it.
func TestWhiteningReduction(t *testing.T) {
	s := sources(1, 4000, srcLaplace, srcUniform)
	x := mix(s, mixing(1, 2))
	x3 := mat.NewDense(4000, 3, nil)
	for i := range 4000 {
		x3.Set(i, 0, x.At(i, 0))
		x3.Set(i, 1, x.At(i, 1))
		x3.Set(i, 2, 2*x.At(i, 0)-x.At(i, 1))
	}
	if _, err := (Whitener{}).Fit(x3); !errors.Is(err, ErrSingular) {
		t.Fatalf("singular covariance: err = %v, want ErrSingular", err)
	}
	wt, err := Whitener{Reduce: true}.Fit(x3)
	if err != nil {
		t.Fatal(err)
	}
	if wt.Components != 2 {
		t.Fatalf("kept %d directions, want 2 (eigenvalues %v)", wt.Components, wt.Values)
	}
	if w1, err := (Whitener{Reduce: true, Components: 1}).Fit(x3); err != nil || w1.Components != 1 {
		t.Errorf("Components = 1: dim %v, err %v", w1, err)
	}
	r, err := FastICA{Whiten: Whitener{Reduce: true}, Seed: 3}.Fit(x3)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Match(r.Sources, s)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range m.Corr {
		if c < 0.99 {
			t.Errorf("reduced FastICA: |corr| of component %d = %.4f", i, c)
		}
	}
}

// Oracle 2: excess kurtosis of unit-variance distributions at p = 10^6, with the corrected
// tolerances (0.15 Laplace, 0.4 centred exponential).
func TestExcessKurtosisValues(t *testing.T) {
	const p = 1_000_000
	rng := rand.New(rand.NewPCG(42, 1))
	cases := []struct {
		name      string
		kind      srcKind
		want, tol float64
	}{
		{"gaussian", srcGauss, 0, 0.05},
		{"laplace", srcLaplace, 3, 0.15},
		{"uniform", srcUniform, -1.2, 0.05},
		{"binary", srcBinary, -2, 0.05},
		{"exponential", srcExpo, 6, 0.4},
		{"logistic", srcLogistic, 1.2, 0.08},
	}
	for _, c := range cases {
		got, err := ExcessKurt(draw(rng, c.kind, p))
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got-c.want) > c.tol {
			t.Errorf("%s: excess kurtosis %.4f, want %v ± %v", c.name, got, c.want, c.tol)
		}
	}
	// Random-phase sinusoid √2 sin: −1.5, here on an equispaced phase grid.
	sin := make([]float64, p)
	for i := range sin {
		sin[i] = math.Sqrt2 * math.Sin(2*math.Pi*(float64(i)+0.5)/p)
	}
	if got, _ := ExcessKurt(sin); math.Abs(got+1.5) > 1e-9 {
		t.Errorf("sinusoid: %.12f, want −1.5", got)
	}
}

// Oracle 3: additivity (CLT) and a⁴ scaling.
func TestKurtosisAdditivityScaling(t *testing.T) {
	const p = 1_000_000
	rng := rand.New(rand.NewPCG(5, 1))
	a, b := draw(rng, srcUniform, p), draw(rng, srcUniform, p)
	sum := make([]float64, p)
	for i := range sum {
		sum[i] = (a[i] + b[i]) / math.Sqrt2
	}
	k, _ := ExcessKurt(sum)
	if math.Abs(k+0.6) > 0.02 {
		t.Errorf("kurt((s1+s2)/√2) = %.4f, want −0.6", k)
	}
	k1, _ := Kurt(a)
	scaled := make([]float64, p)
	for i, v := range a {
		scaled[i] = 1.7 * v
	}
	k2, _ := Kurt(scaled)
	if math.Abs(k2-math.Pow(1.7, 4)*k1) > 1e-12*math.Abs(k2) {
		t.Errorf("kurt(1.7x) = %.15g, 1.7⁴·kurt(x) = %.15g", k2, math.Pow(1.7, 4)*k1)
	}
}

// Oracle 4: Gaussian reference values and Stein's identity E[νG'(ν)] = E[G″(ν)].
func TestGaussianMoments(t *testing.T) {
	cases := []struct {
		c       Contrast
		a       float64
		eG, eG2 float64
	}{
		{LogCosh, 1, 0.3745672075, 0.6057055096},
		{LogCosh, 1.5, 0.4672872417, 0.6890274286},
		{LogCosh, 2, 0.5283297831, 0.7294775315},
		{Exp, 1, -0.7071067812, 0.3535533906},
		{Kurtosis, 1, 0.75, 3},
	}
	for _, c := range cases {
		eG, eG2, err := GaussianMoments(c.c, c.a)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(eG-c.eG) > 1e-10 || math.Abs(eG2-c.eG2) > 1e-10 {
			t.Errorf("%v a=%v: E G = %.10f, E G'' = %.10f; want %.10f, %.10f", c.c, c.a, eG, eG2, c.eG, c.eG2)
		}
		// Stein: E[ν G'(ν)] by Gauss–Legendre on [−14, 14].
		var stein float64
		const m = 20000
		h := 28.0 / m
		for i := range m {
			x := -14 + (float64(i)+0.5)*h
			_, g1, _ := c.c.Eval(c.a, x)
			stein += x * g1 * math.Exp(-x*x/2) / math.Sqrt(2*math.Pi) * h
		}
		if math.Abs(stein-eG2) > 1e-8 {
			t.Errorf("%v a=%v: Stein E[νG'] = %.10f, E G'' = %.10f", c.c, c.a, stein, eG2)
		}
	}
	// Property: on Gaussian data the FastICA step has expectation zero.
	u := sources(9, 200000, srcGauss, srcGauss, srcGauss)
	b := []float64{0.6, -0.48, 0.64}
	for _, c := range []Contrast{LogCosh, Exp, Kurtosis} {
		kr := newContrastKernel(mat.DenseCopyOf(u.T()).RawMatrix().Data, 200000, 3, c, 1)
		kr.run(b, 1, false)
		for j := range 3 {
			step := kr.P[j]/200000 - kr.S2[0]/200000*b[j]
			if math.Abs(step) > 0.03 {
				t.Errorf("%v: Gaussian FastICA step component %d = %.4f, want ≈ 0", c, j, step)
			}
		}
	}
}

// Oracle 5: the logistic score.
func TestLogisticScore(t *testing.T) {
	if p, _ := Logistic.Psi(0, 1); p != 0 {
		t.Errorf("ψ(0) = %v", p)
	}
	if p, _ := Logistic.Psi(2, 1); math.Abs(p+0.7615941560) > 1e-10 {
		t.Errorf("ψ(2) = %.10f, want −0.7615941560", p)
	}
	for _, y := range []float64{-30, -3, -0.5, 0.1, 1, 4, 40} {
		p, lp := Logistic.Psi(y, 1)
		q, _ := Logistic.Psi(-y, 1)
		f := 1 / (1 + math.Exp(-y))
		if p != -q || math.Abs(p-(1-2*f)) > 1e-15 {
			t.Errorf("ψ(%v) = %v, −ψ(−y) = %v, 1−2f = %v", y, p, -q, 1-2*f)
		}
		// log p = log f'(y) = log f(1−f)
		if want := math.Log(f * (1 - f)); y > -30 && y < 30 && math.Abs(lp-want) > 1e-12 {
			t.Errorf("log f'(%v) = %v, want %v", y, lp, want)
		}
	}
}

// Oracle 6: ((W⁻¹)ᵀ + ψ(y)xᵀ)WᵀW = (I + ψ(y)yᵀ)W for random W and x.
func TestNaturalGradientIdentity(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for trial := range 20 {
		k := 2 + trial%5
		w := mat.NewDense(k, k, nil)
		x := mat.NewVecDense(k, nil)
		for i := range k {
			x.SetVec(i, rng.NormFloat64())
			for j := range k {
				w.Set(i, j, rng.NormFloat64())
			}
		}
		var y mat.VecDense
		y.MulVec(w, x)
		psi := mat.NewVecDense(k, nil)
		for i := range k {
			p, _ := Logistic.Psi(y.AtVec(i), 1)
			psi.SetVec(i, p)
		}
		var inv, lhs, wtw, left, right, pyT mat.Dense
		if err := inv.Inverse(w); err != nil {
			continue
		}
		lhs.Outer(1, psi, x)
		lhs.Add(&lhs, inv.T())
		wtw.Mul(w.T(), w)
		left.Mul(&lhs, &wtw)
		pyT.Outer(1, psi, &y)
		pyT.Add(&pyT, eye(k))
		right.Mul(&pyT, w)
		scale := mat.Norm(&right, math.Inf(1))
		var d mat.Dense
		d.Sub(&left, &right)
		if e := mat.Norm(&d, math.Inf(1)) / math.Max(1, scale); e > 1e-12 {
			t.Errorf("trial %d: natural-gradient identity off by %g", trial, e)
		}
	}
}

// Oracle 7: at natural-gradient convergence ⟨ψ(y)yᵀ⟩ = −I (a convergence check).
func TestInfomaxStationarity(t *testing.T) {
	s := sources(4, 20000, srcLaplace, srcLaplace, srcLaplace)
	a := mixing(4, 3)
	r, err := Infomax{Tol: 1e-8}.Fit(mix(s, a))
	if err != nil {
		t.Fatal(err)
	}
	n, k := r.Sources.Dims()
	m := mat.NewDense(k, k, nil)
	for t0 := range n {
		for i := range k {
			p, _ := Logistic.Psi(r.Sources.At(t0, i), 1)
			for j := range k {
				m.Set(i, j, m.At(i, j)+p*r.Sources.At(t0, j)/float64(n))
			}
		}
	}
	m.Add(m, eye(k))
	if e := mat.Norm(m, math.Inf(1)); e > 1e-8 {
		t.Errorf("‖⟨ψ(y)yᵀ⟩ + I‖ = %g", e)
	}
	if am := amari(t, r, a); am > 0.05 {
		t.Errorf("Amari %.4f", am)
	}
	// The objective never decreases (steps that would lower it are undone).
	for i := 1; i < len(r.Trace); i++ {
		if r.Trace[i] < r.Trace[i-1]-1e-12*math.Abs(r.Trace[i-1]) {
			t.Fatalf("objective fell at step %d: %v → %v", i, r.Trace[i-1], r.Trace[i])
		}
	}
}

// Oracle 8: (BBᵀ)^{-1/2}B = B(BᵀB)^{-1/2} = UVᵀ, orthogonal to 1e-12.
func TestSymmetricOrthogonalize(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for trial := range 10 {
		k := 2 + trial%6
		b := fuzzdata.Normal(rng, k, k)
		q, err := SymmetricOrthogonalize(b)
		if err != nil {
			t.Fatal(err)
		}
		var qtq mat.Dense
		qtq.Mul(q.T(), q)
		if !mat.EqualApprox(&qtq, eye(k), 1e-12) {
			t.Errorf("trial %d: QᵀQ ≠ I", trial)
		}
		// (BBᵀ)^{-1/2}B and B(BᵀB)^{-1/2} via eigendecompositions.
		var bbt, btb mat.Dense
		bbt.Mul(b, b.T())
		btb.Mul(b.T(), b)
		var l, r mat.Dense
		l.Mul(invSqrt(t, &bbt), b)
		r.Mul(b, invSqrt(t, &btb))
		if !mat.EqualApprox(&l, q, 1e-9) || !mat.EqualApprox(&r, q, 1e-9) {
			t.Errorf("trial %d: polar factor forms disagree", trial)
		}
	}
	if _, err := SymmetricOrthogonalize(mat.NewDense(2, 2, []float64{1, 2, 2, 4})); !errors.Is(err, ErrSingular) {
		t.Errorf("singular B: err = %v", err)
	}
}

func invSqrt(t *testing.T, m *mat.Dense) *mat.Dense {
	vals, vecs, err := eigSymDesc(m)
	if err != nil {
		t.Fatal(err)
	}
	k := len(vals)
	d := mat.NewDense(k, k, nil)
	for i, v := range vals {
		d.Set(i, i, 1/math.Sqrt(v))
	}
	var out mat.Dense
	out.Product(vecs, d, vecs.T())
	return &out
}

// Oracle 9 (corrected sample size p = 10^5): FastICA on 2 uniform sources (every contrast)
// and 2 Laplace sources (log cosh, Gauss), both modes: Amari < 0.02, max|corr| > 0.99.
func TestFastICATwoSources(t *testing.T) {
	type tc struct {
		kind srcKind
		cs   []Contrast
	}
	for _, c := range []tc{{srcUniform, []Contrast{LogCosh, Exp, Kurtosis}}, {srcLaplace, []Contrast{LogCosh, Exp}}} {
		for seed := uint64(1); seed <= 2; seed++ {
			s := sources(seed, 100000, c.kind, c.kind)
			a := mixing(seed+10, 2)
			x := mix(s, a)
			for _, ct := range c.cs {
				for _, mode := range []Mode{Symmetric, Deflation} {
					r, err := FastICA{Contrast: ct, Mode: mode, Seed: seed}.Fit(x)
					if err != nil {
						t.Fatal(err)
					}
					am := amari(t, r, a)
					m, err := Match(r.Sources, s)
					if err != nil {
						t.Fatal(err)
					}
					if am >= 0.02 || m.Corr[0] < 0.99 || m.Corr[1] < 0.99 {
						t.Errorf("kind %d %v %v seed %d: Amari %.4f, |corr| %.4f", c.kind, ct, mode, seed, am, m.Corr)
					}
				}
			}
		}
	}
}

// Oracle 10: AMUSE on Gaussian AR(1) sources (ρ = 0.9, −0.5), T = 10^4, lag 1.
func TestAMUSEOracle(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		rng := rand.New(rand.NewPCG(seed, 10))
		s := mat.NewDense(10000, 2, nil)
		s.SetCol(0, ar1(rng, 0.9, 10000))
		s.SetCol(1, ar1(rng, -0.5, 10000))
		a := mixing(seed, 2)
		r, err := AMUSE{Lag: 1}.Fit(mix(s, a))
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(r.Values[0]-0.9) > 0.03 || math.Abs(r.Values[1]+0.5) > 0.03 {
			t.Errorf("seed %d: eigenvalues %v, want ≈ {0.9, −0.5}", seed, r.Values)
		}
		if am := amari(t, r, a); am >= 0.05 {
			t.Errorf("seed %d: AMUSE Amari %.4f", seed, am)
		}
		// SOBI on the same Gaussian data separates too.
		so, err := SOBI{}.Fit(mix(s, a))
		if err != nil {
			t.Fatal(err)
		}
		if am := amari(t, so, a); am >= 0.05 {
			t.Errorf("seed %d: SOBI Amari %.4f", seed, am)
		}
		for i := 1; i < len(so.Trace); i++ {
			if so.Trace[i] > so.Trace[i-1]*(1+1e-12) {
				t.Errorf("seed %d: SOBI cost rose %v → %v", seed, so.Trace[i-1], so.Trace[i])
			}
		}
	}
}

// Oracle 11: FFDiag (and Jacobi on orthogonal mixtures) on exactly jointly diagonalisable
// matrices C_k = A D_k Aᵀ: cost < 1e-10 and WA a scaled permutation.
func TestJointDiagonalisationOracle(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		rng := rand.New(rand.NewPCG(seed, 11))
		a := mixing(seed, 4)
		q := randomOrthogonal(rng, 4)
		var mats, orth []*mat.Dense
		for range 5 {
			d := mat.NewDense(4, 4, nil)
			for i := range 4 {
				d.Set(i, i, rng.NormFloat64())
			}
			var c, o mat.Dense
			c.Product(a, d, a.T())
			o.Product(q, d, q.T())
			mats = append(mats, &c)
			orth = append(orth, &o)
		}
		w, info, err := FFDiag{}.Run(mats)
		if err != nil {
			t.Fatal(err)
		}
		if c := info.Trace[len(info.Trace)-1]; c > 1e-10 {
			t.Errorf("seed %d: FFDiag cost %g", seed, c)
		}
		var p mat.Dense
		p.Mul(w, a)
		if am, _ := AmariIndex(&p); am > 1e-6 {
			t.Errorf("seed %d: FFDiag WA Amari %g", seed, am)
		}
		v, jinfo, err := JacobiJointDiag{}.Run(orth)
		if err != nil {
			t.Fatal(err)
		}
		if c := jinfo.Trace[len(jinfo.Trace)-1]; c > 1e-10 {
			t.Errorf("seed %d: Jacobi cost %g", seed, c)
		}
		p.Mul(v.T(), q)
		if am, _ := AmariIndex(&p); am > 1e-6 {
			t.Errorf("seed %d: Jacobi VᵀQ Amari %g", seed, am)
		}
	}
}

// Separation quality on 4 non-Gaussian sources (Laplace, uniform, sine, binary): FastICA
// (both modes, every contrast) below 0.02 at n = 10^5; the slower gradient rules and
// Infomax below 0.05, at n = 2·10^4 to keep the test fast (the benchmarks run n = 10^5).
func TestSeparationFourSources(t *testing.T) {
	for seed := uint64(1); seed <= 2; seed++ {
		s := sources(seed, 100000, srcLaplace, srcUniform, srcSine, srcBinary)
		a := mixing(seed, 4)
		x := mix(s, a)
		for _, c := range []Contrast{LogCosh, Exp, Kurtosis} {
			for _, mode := range []Mode{Symmetric, Deflation} {
				r, err := FastICA{Contrast: c, Mode: mode, Seed: seed}.Fit(x)
				if err != nil {
					t.Fatal(err)
				}
				if am := amari(t, r, a); am >= 0.02 {
					t.Errorf("FastICA %v %v seed %d: Amari %.4f", c, mode, seed, am)
				}
			}
		}
		s = sources(seed, 20000, srcLaplace, srcUniform, srcSine, srcBinary)
		x = mix(s, a)
		for _, c := range []Contrast{LogCosh, Exp, Kurtosis} {
			for _, g := range []Gradient{
				{Contrast: c, Mode: Symmetric},
				{Contrast: c, Mode: Deflation},
				{Contrast: c, Online: true, MaxIter: 6},
			} {
				g.Seed = seed
				r, err := g.Fit(x)
				if err != nil {
					t.Fatal(err)
				}
				if am := amari(t, r, a); am >= 0.05 {
					t.Errorf("gradient %v %v online=%v seed %d: Amari %.4f", c, g.Mode, g.Online, seed, am)
				}
			}
		}
		// Extended Infomax handles sub- and super-Gaussian sources together.
		for _, im := range []Infomax{
			{Score: Extended, Tol: 1e-3},
			{Score: Extended, Plain: true, Tol: 1e-3},
			{Score: Extended, Online: true, MaxIter: 3, Seed: seed},
		} {
			r, err := im.Fit(x)
			if err != nil {
				t.Fatal(err)
			}
			if am := amari(t, r, a); am >= 0.05 {
				t.Errorf("Infomax %+v seed %d: Amari %.4f", im, seed, am)
			}
			if im.Plain || im.Online {
				continue
			}
			// Signs: Laplace super-Gaussian (+1), the other three sub-Gaussian (−1).
			m, _ := Match(r.Sources, s)
			for i, j := range m.Perm {
				want := -1.0
				if j == 0 {
					want = 1
				}
				if r.Values[i] != want {
					t.Errorf("extended Infomax: component %d (source %d) sign %v", i, j, r.Values[i])
				}
			}
		}
	}
}

// The notes' logistic Infomax, plain and natural, batch and online, on super-Gaussian sources.
func TestInfomaxLogistic(t *testing.T) {
	s := sources(7, 20000, srcLaplace, srcLaplace, srcLaplace, srcLaplace)
	a := mixing(7, 4)
	x := mix(s, a)
	for _, im := range []Infomax{
		{Tol: 1e-3},
		{Plain: true, Tol: 1e-3},
		{Online: true, MaxIter: 3, Seed: 1},
		{Online: true, Plain: true, BatchSize: 10, LearningRate: 0.1, MaxIter: 5, Seed: 1},
	} {
		r, err := im.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		if am := amari(t, r, a); am >= 0.05 {
			t.Errorf("Infomax %+v: Amari %.4f", im, am)
		}
	}
}

// Gaussian sources cannot be separated by higher-order ICA (ML chapter 2 §2.2.3, erratum E38): the
// answer is an arbitrary rotation, so the Amari index stays large on average, while the
// same code separates uniform sources.
func TestGaussianSourcesFail(t *testing.T) {
	var gauss, unif float64
	const seeds = 8
	for seed := uint64(1); seed <= seeds; seed++ {
		a := mixing(seed, 2)
		for _, kind := range []srcKind{srcGauss, srcUniform} {
			s := sources(seed, 20000, kind, kind)
			r, err := FastICA{Seed: seed, MaxIter: 50}.Fit(mix(s, a))
			if err != nil {
				t.Fatal(err)
			}
			am := amari(t, r, a)
			if kind == srcGauss {
				gauss += am / seeds
			} else {
				unif = math.Max(unif, am)
			}
		}
	}
	if gauss < 0.15 {
		t.Errorf("Gaussian sources: mean Amari %.3f, want ≥ 0.15 (no separation)", gauss)
	}
	if unif > 0.03 {
		t.Errorf("uniform sources: worst Amari %.3f", unif)
	}
}

func TestAmariAndMatch(t *testing.T) {
	// A scaled, signed permutation scores 0.
	p := mat.NewDense(3, 3, []float64{0, 2, 0, 0, 0, -0.5, 3, 0, 0})
	if v, _ := AmariIndex(p); v != 0 {
		t.Errorf("scaled permutation: %v", v)
	}
	// The all-ones matrix is the worst case, 1.
	if v, _ := AmariIndex(mat.NewDense(2, 2, []float64{1, 1, 1, 1})); math.Abs(v-1) > 1e-15 {
		t.Errorf("ones: %v", v)
	}
	// Invariance: permuting rows and columns and scaling the whole matrix leave it unchanged.
	rng := rand.New(rand.NewPCG(2, 2))
	for range 20 {
		m := fuzzdata.Normal(rng, 4, 4)
		v1, _ := AmariIndex(m)
		perm, cperm := rng.Perm(4), rng.Perm(4)
		c := 0.1 + rng.Float64()*5
		m2 := mat.NewDense(4, 4, nil)
		for i := range 4 {
			for j := range 4 {
				m2.Set(perm[i], cperm[j], c*m.At(i, j))
			}
		}
		v2, _ := AmariIndex(m2)
		if math.Abs(v1-v2) > 1e-12 || v1 < 0 || v1 > 1 {
			t.Errorf("Amari not invariant: %v vs %v", v1, v2)
		}
	}
	// Match undoes a permutation with sign flips.
	s := sources(3, 2000, srcLaplace, srcUniform, srcBinary)
	est := mat.NewDense(2000, 3, nil)
	for i := range 2000 {
		est.Set(i, 0, -s.At(i, 2))
		est.Set(i, 1, 2*s.At(i, 0))
		est.Set(i, 2, s.At(i, 1))
	}
	m, err := Match(est, s)
	if err != nil {
		t.Fatal(err)
	}
	if m.Perm[0] != 2 || m.Perm[1] != 0 || m.Perm[2] != 1 || m.Sign[0] != -1 || m.Sign[1] != 1 {
		t.Errorf("Match: perm %v sign %v", m.Perm, m.Sign)
	}
	back, err := m.Apply(est)
	if err != nil {
		t.Fatal(err)
	}
	for j := range 3 {
		if c := math.Abs(back.At(5, j) / s.At(5, j)); j != 0 && math.Abs(c-1) > 1e-12 {
			t.Errorf("Apply column %d ratio %v", j, c)
		}
	}
}

// Same seed, same result, whatever the number of goroutines.
func TestDeterminism(t *testing.T) {
	s := sources(2, 30000, srcLaplace, srcUniform, srcSine)
	x := mix(s, mixing(2, 3))
	fit := func() *Result {
		r, err := FastICA{Seed: 5}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	prev := runtime.GOMAXPROCS(1)
	r1 := fit()
	runtime.GOMAXPROCS(max(2, prev))
	r2 := fit()
	runtime.GOMAXPROCS(prev)
	if !mat.Equal(r1.Unmixing, r2.Unmixing) || r1.Iter != r2.Iter {
		t.Errorf("results differ between 1 and several goroutines")
	}
	// Transform reproduces the fitted sources; Unmixing·Mixing = I on the whitened subspace.
	st, err := r1.Transform(x)
	if err != nil || !mat.EqualApprox(st, r1.Sources, 1e-10) {
		t.Errorf("Transform differs from Sources (err %v)", err)
	}
	var wa mat.Dense
	wa.Mul(r1.Unmixing, r1.Mixing)
	if !mat.EqualApprox(&wa, eye(3), 1e-10) {
		t.Errorf("Unmixing·Mixing ≠ I")
	}
}

func TestBadInput(t *testing.T) {
	good := mix(sources(1, 500, srcLaplace, srcUniform), mixing(1, 2))
	nan := mat.DenseCopyOf(good)
	nan.Set(17, 1, math.NaN())
	few := mat.NewDense(2, 3, []float64{1, 2, 3, 4, 5, 7})
	constant := mat.NewDense(10, 2, nil)
	methods := map[string]func(mat.Matrix) (*Result, error){
		"FastICA":  FastICA{}.Fit,
		"Gradient": Gradient{}.Fit,
		"Infomax":  Infomax{}.Fit,
		"AMUSE":    AMUSE{}.Fit,
		"SOBI":     SOBI{Lags: []int{1}}.Fit,
	}
	for name, fit := range methods {
		if _, err := fit(few); !errors.Is(err, ErrShape) {
			t.Errorf("%s, 2 samples in 3 dimensions: %v", name, err)
		}
		if _, err := fit(nan); !errors.Is(err, ErrNotFinite) {
			t.Errorf("%s, NaN: %v", name, err)
		}
		if _, err := fit(constant); !errors.Is(err, ErrSingular) {
			t.Errorf("%s, constant data: %v", name, err)
		}
		if _, err := fit(mat.NewDense(1, 1, nil)); err == nil {
			t.Errorf("%s, 1×1: no error", name)
		}
		var nilDense *mat.Dense
		if _, err := fit(nilDense); !errors.Is(err, ErrEmpty) {
			t.Errorf("%s, nil matrix: %v", name, err)
		}
	}
	if _, err := (AMUSE{Lag: 500}).Fit(good); !errors.Is(err, ErrParam) {
		t.Errorf("AMUSE lag = n: %v", err)
	}
	if _, err := (SOBI{Lags: []int{1, 900}}).Fit(good); !errors.Is(err, ErrParam) {
		t.Errorf("SOBI lag > n: %v", err)
	}
	if _, err := LaggedCovariance(good, 500); !errors.Is(err, ErrParam) {
		t.Errorf("LaggedCovariance lag = n: %v", err)
	}
	r, err := FastICA{MaxIter: 1, Seed: 1}.Fit(good)
	if err != nil || r == nil || r.Converged || r.Iter != 1 {
		t.Errorf("MaxIter reached: err %v, result %v; want Converged = false and no error", err, r)
	}
	if _, err := (&Result{}).Transform(good); !errors.Is(err, ErrNotFitted) {
		t.Errorf("zero Result: %v", err)
	}
	if _, err := (&Whitening{}).Transform(good); !errors.Is(err, ErrNotFitted) {
		t.Errorf("zero Whitening: %v", err)
	}
	_, err = Infomax{Tol: -1}.Fit(good)
	if want := "Infomax.Fit: Tol = -1, want > 0"; err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "MaxIter") {
		t.Errorf("message %v, want only %q", err, want)
	}
	if _, err := (FastICA{Contrast: 7}).Fit(good); !errors.Is(err, ErrParam) {
		t.Errorf("bad contrast: %v", err)
	}
	if _, err := (FastICA{Alpha: -1}).Fit(good); !errors.Is(err, ErrParam) {
		t.Errorf("negative alpha: %v", err)
	}
	if _, err := (Infomax{LearningRate: -1}).Fit(good); !errors.Is(err, ErrParam) {
		t.Errorf("negative rate: %v", err)
	}
	if _, err := ExcessKurt([]float64{1, math.Inf(1)}); !errors.Is(err, ErrNotFinite) {
		t.Errorf("Inf kurtosis: %v", err)
	}
	if _, err := AmariIndex(mat.NewDense(2, 3, nil)); !errors.Is(err, ErrParam) {
		t.Errorf("non-square Amari: %v", err)
	}
	if _, _, err := (FFDiag{}).Run(nil); !errors.Is(err, ErrEmpty) {
		t.Errorf("FFDiag of nothing: %v", err)
	}
}

// LaggedCovariance against the direct double sum over the n − τ valid pairs (erratum E10).
func TestLaggedCovarianceDirect(t *testing.T) {
	x := sources(6, 50, srcLaplace, srcUniform, srcGauss)
	n, d := x.Dims()
	for _, lag := range []int{0, 1, 4, 49} {
		c, err := LaggedCovariance(x, lag)
		if err != nil {
			t.Fatal(err)
		}
		mean := make([]float64, d)
		for j := range d {
			for i := range n {
				mean[j] += x.At(i, j) / float64(n)
			}
		}
		for i := range d {
			for j := range d {
				var s float64
				for tt := lag; tt < n; tt++ {
					s += (x.At(tt, i) - mean[i]) * (x.At(tt-lag, j) - mean[j])
				}
				s /= float64(n - lag)
				if math.Abs(c.At(i, j)-s) > 1e-12 {
					t.Errorf("lag %d: C[%d][%d] = %v, direct %v", lag, i, j, c.At(i, j), s)
				}
			}
		}
	}
}

func TestAutocorrelations(t *testing.T) {
	const n = 50000
	x := arPair(4, n, 0.8, -0.3)
	ac, err := Autocorrelations(x, 5)
	if err != nil {
		t.Fatal(err)
	}
	for tau := range 6 {
		for j, rho := range []float64{0.8, -0.3} {
			if want := math.Pow(rho, float64(tau)); math.Abs(ac.At(tau, j)-want) > 0.03 {
				t.Errorf("lag %d channel %d: %g, want ρ^τ = %g", tau, j, ac.At(tau, j), want)
			}
		}
	}
	if _, err := Autocorrelations(x, n); !errors.Is(err, ErrParam) {
		t.Errorf("maxLag = n: %v, want ErrParam", err)
	}
	flat := mat.NewDense(10, 1, nil)
	if _, err := Autocorrelations(flat, 2); !errors.Is(err, ErrSingular) {
		t.Errorf("constant channel: %v, want ErrSingular", err)
	}
}

func TestFixedPointStepBadInput(t *testing.T) {
	u := mat.NewDense(10, 2, []float64{1, 0, 0, 1, -1, 0, 0, -1, 1, 1, -1, -1, 1, -1, -1, 1, 2, 0, 0, 2})
	if _, err := FixedPointStep(u, []float64{1}, LogCosh, 1); !errors.Is(err, ErrShape) {
		t.Errorf("short b: %v, want ErrShape", err)
	}
	if _, err := FixedPointStep(u, []float64{math.NaN(), 0}, LogCosh, 1); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN b: %v, want ErrNotFinite", err)
	}
	if _, err := FixedPointStep(u, []float64{1, 0}, LogCosh, 0); !errors.Is(err, ErrParam) {
		t.Errorf("alpha 0: %v, want ErrParam", err)
	}
	if _, err := FixedPointStep(nil, []float64{1, 0}, LogCosh, 1); err == nil {
		t.Error("nil u: no error")
	}
}

// FastICA from given starting units takes the step FixedPointStep computes independently:
// one symmetric iteration is the polar factor of the k stepped rows of polar(Init), and one
// deflation iteration of unit 0 is FixedPointStep(Init row 0) normalised.
func TestFastICAInitIterates(t *testing.T) {
	s := sources(3, 20000, srcLaplace, srcUniform, srcSine)
	x := mix(s, mixing(4, 3))
	init := mat.NewDense(3, 3, []float64{1, 0.3, -0.2, 0.1, 1, 0.5, -0.4, 0.2, 1})
	for _, mode := range []Mode{Symmetric, Deflation} {
		r, err := FastICA{Mode: mode, MaxIter: 1, Init: init}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		u := r.Whitening.U
		var want *mat.Dense
		if mode == Symmetric {
			b0, err := SymmetricOrthogonalize(init)
			if err != nil {
				t.Fatal(err)
			}
			step := mat.NewDense(3, 3, nil)
			for i := range 3 {
				row, err := FixedPointStep(u, mat.Row(nil, i, b0), LogCosh, 1)
				if err != nil {
					t.Fatal(err)
				}
				step.SetRow(i, row)
			}
			if want, err = SymmetricOrthogonalize(step); err != nil {
				t.Fatal(err)
			}
		} else {
			row := mat.Row(nil, 0, init)
			normalize(row)
			next, err := FixedPointStep(u, row, LogCosh, 1)
			if err != nil {
				t.Fatal(err)
			}
			normalize(next)
			want = mat.NewDense(1, 3, next)
		}
		rw, _ := want.Dims()
		got := r.Rotation.Slice(0, rw, 0, 3)
		if !mat.EqualApprox(got, want, 1e-12) {
			t.Errorf("%v: first iterate\n%v\nwant\n%v", mode, mat.Formatted(got), mat.Formatted(want))
		}
	}
	// Converged fits from the same Init agree whatever the Seed.
	a, err := FastICA{Init: init, Tol: 1e-10, Seed: 1}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	b, err := FastICA{Init: init, Tol: 1e-10, Seed: 2}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if a.Iter != b.Iter || !mat.Equal(a.Rotation, b.Rotation) {
		t.Errorf("Seed changed a fit from Init: %d vs %d iterations", a.Iter, b.Iter)
	}
}

func TestFastICAInitBadInput(t *testing.T) {
	x := mix(sources(5, 2000, srcLaplace, srcUniform), mixing(6, 2))
	for _, c := range []struct {
		name string
		mode Mode
		init mat.Matrix
		want error
	}{
		{"wrong shape", Symmetric, eye(3), ErrShape},
		{"NaN", Symmetric, mat.NewDense(2, 2, []float64{1, 0, math.NaN(), 1}), ErrNotFinite},
		{"singular", Symmetric, mat.NewDense(2, 2, []float64{1, 2, 2, 4}), ErrSingular},
		{"zero row", Deflation, mat.NewDense(2, 2, []float64{0, 0, 1, 0}), ErrSingular},
	} {
		_, err := FastICA{Mode: c.mode, Init: c.init}.Fit(x)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), "Init") && !strings.Contains(err.Error(), "starting") {
			t.Errorf("%s: err = %v, want %v naming Init", c.name, err, c.want)
		}
	}
}

// Excess kurtosis is scale-free, so huge values still give the right answer, and the kurtosis
// contrast saturates instead of overflowing.
func TestKurtosisHugeValues(t *testing.T) {
	if k, err := ExcessKurt([]float64{1e308, -1e308, 1e308, -1e308}); err != nil || math.Abs(k+2) > 1e-12 {
		t.Errorf("ExcessKurt(±1e308) = %v, %v; want −2", k, err)
	}
	if g, g1, g2 := Kurtosis.Eval(1, 1e308); g != math.MaxFloat64 || g1 != math.MaxFloat64 || g2 != math.MaxFloat64 {
		t.Errorf("Kurtosis.Eval(1e308) = %v, %v, %v; want saturation", g, g1, g2)
	}
}
