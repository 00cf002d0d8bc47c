package ica

// Tests for the corrections to the lecture notes that the ICA chapter follows (its section
// "Notes on the lecture source" lists them): each computes the notes' form and the corrected
// form and checks which one holds.

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// devFromIdentity returns ‖M − I‖∞ (largest absolute row sum), an upper bound of every
// |m_ij − δ_ij|.
func devFromIdentity(m mat.Matrix) float64 {
	r, _ := m.Dims()
	var d mat.Dense
	d.Sub(m, eye(r))
	return mat.Norm(&d, math.Inf(1))
}

// secondMoment returns (1/n)XᵀX.
func secondMoment(x mat.Matrix) *mat.Dense {
	n, _ := x.Dims()
	var m mat.Dense
	m.Mul(x.T(), x)
	m.Scale(1/float64(n), &m)
	return &m
}

// E2: amplitude and sign are not identifiable, (AD⁻¹)(DS) = AS; the convention is unit
// variance.
func TestLectureScaleAndSign(t *testing.T) {
	s := sources(8, 5000, srcLaplace, srcUniform)
	a := mixing(8, 2)
	d := []float64{2.5, -0.4}
	var ad, ds, dx mat.Dense
	ad.Mul(a, mat.NewDiagDense(2, []float64{1 / d[0], 1 / d[1]}))
	ds.Mul(s, mat.NewDiagDense(2, d))
	dx.Sub(mix(s, a), mix(&ds, &ad))
	if e := mat.Norm(&dx, math.Inf(1)); e > 1e-12 {
		t.Errorf("(AD⁻¹)(DS) − AS = %g, want 0", e)
	}
	r, err := FastICA{Seed: 1}.Fit(mix(&ds, &ad))
	if err != nil {
		t.Fatal(err)
	}
	for j := range 2 {
		if v := stat.PopVariance(mat.Col(nil, j, r.Sources), nil); math.Abs(v-1) > 1e-9 {
			t.Errorf("recovered source %d has variance %g, want 1", j, v)
		}
	}
}

// E3 and E5 in one dimension, where every integral is a quadrature: x ~ N(0,1), y = wx with
// w = −2 (a negative determinant), u = f(y) with the logistic f. P(u) = P(x)/|M| integrates to
// 1 (without the absolute value to −1), and D_KL(P_u ‖ U[0,1]) = −H(u) exactly.
func TestLectureInfomaxDensity(t *testing.T) {
	f := func(y float64) float64 { return 1 / (1 + math.Exp(-y)) }
	fp := func(y float64) float64 { v := f(y); return v * (1 - v) }
	phi := func(x float64) float64 { return math.Exp(-x*x/2) / math.Sqrt(2*math.Pi) }
	const w, cells = -2.0, 200000
	du := 1.0 / cells
	var mass, signed, kl float64
	for i := range cells {
		u := (float64(i) + 0.5) * du
		y := math.Log(u / (1 - u))
		pu := phi(y/w) / (math.Abs(w) * fp(y))
		mass += pu * du
		signed += phi(y/w) / (w * fp(y)) * du
		if pu > 0 {
			kl += pu * math.Log(pu) * du
		}
	}
	elog, dx := 0.0, 1e-3
	for k := range 20000 {
		x := -10 + (float64(k)+0.5)*dx
		elog += phi(x) * math.Log(math.Abs(w)*fp(w*x)) * dx
	}
	hu := 0.5*math.Log(2*math.Pi*math.E) + elog // H(u) = H(x) + ⟨ln|M|⟩
	if math.Abs(mass-1) > 1e-6 {
		t.Errorf("∫P(u)du = %g, want 1", mass)
	}
	if math.Abs(signed+1) > 1e-6 {
		t.Errorf("without |·| the density integrates to %g, want −1", signed)
	}
	if math.Abs(kl+hu) > 1e-6 {
		t.Errorf("D_KL = %g, −H(u) = %g: want equal", kl, -hu)
	}
}

// E4 and E8: u = Λ^{-1/2}Eᵀ(x − x̄) has ⟨u_k u_l⟩ = δ_kl; the notes' Λ^{-1/2}E x (no
// transpose, no centring) does not whiten, and ⟨u₁u₂⟩ is 0, not 1.
func TestLectureWhitening(t *testing.T) {
	x := mix(sources(21, 2000, srcUniform, srcUniform), mixing(21, 2))
	wt, err := Whitener{}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	c := secondMoment(wt.U)
	if e := devFromIdentity(c); e > 1e-12 {
		t.Errorf("corrected whitening: (1/p)Σuuᵀ off I by %g", e)
	}
	if math.Abs(c.At(0, 1)-1) < 0.99 {
		t.Errorf("⟨u₁u₂⟩ = %g: the notes' value 1 should be far off", c.At(0, 1))
	}
	notes := mat.NewDense(2, 2, nil)
	for i := range 2 {
		for j := range 2 {
			notes.Set(i, j, wt.Vectors.At(i, j)/math.Sqrt(wt.Values[i]))
		}
	}
	var un mat.Dense
	un.Mul(x, notes.T())
	if e := devFromIdentity(secondMoment(&un)); e < 0.5 {
		t.Errorf("the notes' Λ^{-1/2}E x whitens to within %g; expected it to fail", e)
	}
}

// E9: AMUSE unmixes with E_τᵀΛ^{-1/2}Eᵀ; the notes' E_τΛ⁻¹E does not.
func TestLectureAMUSEFormula(t *testing.T) {
	s, a := arPair(10, 10000, 0.9, -0.5), mixing(11, 2)
	r, err := AMUSE{Lag: 1}.Fit(mix(s, a))
	if err != nil {
		t.Fatal(err)
	}
	wt := r.Whitening
	ok, notes := mat.NewDense(2, 2, nil), mat.NewDense(2, 2, nil)
	for i := range 2 {
		ok.Set(i, i, 1/math.Sqrt(wt.Values[i]))
		notes.Set(i, i, 1/wt.Values[i])
	}
	var wOK, wNotes, p mat.Dense
	wOK.Product(r.Rotation, ok, wt.Vectors.T())
	wNotes.Product(r.Rotation.T(), notes, wt.Vectors)
	if !mat.EqualApprox(&wOK, r.Unmixing, 1e-10) {
		t.Error("Unmixing ≠ E_τᵀΛ^{-1/2}Eᵀ")
	}
	if am := amari(t, r, a); am > 0.05 {
		t.Errorf("corrected AMUSE: Amari %g", am)
	}
	p.Mul(&wNotes, a)
	if am, _ := AmariIndex(&p); am < 0.1 {
		t.Errorf("the notes' E_τΛ⁻¹E unmixes (Amari %g); expected it to fail", am)
	}
}

// E10: on a sinusoid of period 40 observed for T = 160 steps the lag-40 autocovariance is
// exactly 1; the estimator over the T − τ valid pairs gets it, the notes' (1/T)Σ_{t=0}^{T−1}
// with the missing x_{t−τ} taken as 0 shrinks it to (T − τ)/T = 0.75.
func TestLectureLaggedCovariance(t *testing.T) {
	const period, T = 40, 160
	x := mat.NewDense(T, 1, nil)
	for i := range T {
		x.Set(i, 0, math.Sqrt2*math.Sin(2*math.Pi*(float64(i)+0.5)/period))
	}
	c, err := LaggedCovariance(x, period)
	if err != nil {
		t.Fatal(err)
	}
	notes := 0.0
	for i := period; i < T; i++ {
		notes += x.At(i, 0) * x.At(i-period, 0) / T
	}
	if math.Abs(c.At(0, 0)-1) > 1e-12 || math.Abs(notes-0.75) > 1e-12 {
		t.Errorf("corrected %g (want 1), notes %g (want 0.75)", c.At(0, 0), notes)
	}
}

// E11: with u = Ãs, Ã = VA orthogonal, a unit filter b gives y = bᵀu = zᵀs with z = Ãᵀb
// and ‖z‖ = 1.
func TestLectureProjection(t *testing.T) {
	const n = 100000
	s := sources(11, n, srcLaplace, srcUniform, srcUniform)
	a := mixing(11, 3)
	wt, err := Whitener{}.Fit(mix(s, a))
	if err != nil {
		t.Fatal(err)
	}
	var at mat.Dense
	at.Mul(wt.Matrix, a)
	var aat mat.Dense
	aat.Mul(&at, at.T())
	if e := devFromIdentity(&aat); e > 0.05 {
		t.Errorf("VA is not orthogonal: ÃÃᵀ off I by %g", e)
	}
	b := mat.NewVecDense(3, []float64{0.6, -0.8, 0})
	var z mat.VecDense
	z.MulVec(at.T(), b)
	if math.Abs(mat.Norm(&z, 2)-1) > 0.02 {
		t.Errorf("‖z‖ = %g, want 1", mat.Norm(&z, 2))
	}
	sc := mat.DenseCopyOf(s)
	for j := range 3 {
		m := stat.Mean(mat.Col(nil, j, sc), nil)
		for i := range n {
			sc.Set(i, j, sc.At(i, j)-m)
		}
	}
	var y, ys, dy mat.VecDense
	y.MulVec(wt.U, b)
	ys.MulVec(sc, &z)
	dy.SubVec(&y, &ys)
	if e := mat.Norm(&dy, math.Inf(1)); e > 1e-9 {
		t.Errorf("bᵀu − zᵀs = %g, want 0", e)
	}
}

// kurtosisTerm returns ⟨u(bᵀu)³⟩.
func kurtosisTerm(u mat.Matrix, b []float64) []float64 {
	n, k := u.Dims()
	g := make([]float64, k)
	for i := range n {
		row := mat.Row(nil, i, u)
		y := dot(b, row)
		for j := range k {
			g[j] += row[j] * y * y * y / float64(n)
		}
	}
	return g
}

// E12: −3b is parallel to b, so ⟨u y³⟩ and ⟨u y³⟩ − 3b have the same component orthogonal to
// b; only the length along b changes (by exactly 3).
func TestLectureKurtosisRadialTerm(t *testing.T) {
	x := mix(sources(9, 20000, srcLaplace, srcUniform, srcSine), mixing(9, 3))
	r, err := FastICA{Contrast: Kurtosis, Mode: Deflation, Seed: 1}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	b := mat.Row(nil, 0, r.Rotation)
	g := kurtosisTerm(r.Whitening.U, b)
	along := dot(g, b)
	for j := range b {
		t1 := g[j] - along*b[j]
		t2 := (g[j] - 3*b[j]) - (along-3)*b[j]
		if math.Abs(t1-t2) > 1e-12 {
			t.Errorf("component %d: tangential parts %g and %g differ", j, t1, t2)
		}
	}
}

// E13: the online rule uses one sample's term g_α = u_α(bᵀu_α)³; its epoch average is the
// batch term ⟨u(bᵀu)³⟩ (an unbiased stochastic step), while a single term scatters widely.
func TestLectureOnlineTerm(t *testing.T) {
	const n = 50000
	wt, err := Whitener{}.Fit(mix(sources(11, n, srcLaplace, srcUniform, srcUniform), mixing(11, 3)))
	if err != nil {
		t.Fatal(err)
	}
	b := []float64{0.6, -0.8, 0}
	batch := kurtosisTerm(wt.U, b)
	sum := make([]float64, 3)
	spread, norm := 0.0, dot(batch, batch)
	for i := range n {
		row := mat.Row(nil, i, wt.U)
		y := dot(b, row)
		for j := range 3 {
			g := row[j] * y * y * y
			sum[j] += g
			spread += (g - batch[j]) * (g - batch[j]) / n
		}
	}
	for j := range 3 {
		if math.Abs(sum[j]/n-batch[j]) > 1e-12 {
			t.Errorf("epoch average of the single-sample terms ≠ batch term in %d", j)
		}
	}
	if r := math.Sqrt(spread / norm); r < 1 {
		t.Errorf("relative spread of one sample's term %g, want ≥ 1", r)
	}
}

// E15: the second term of the FastICA step is a scalar average times b: ⟨G″(bᵀu)⟩b, which for
// G₃ is ⟨3y²⟩b = 3b on whitened data; FixedPointStep is ⟨u y³⟩ − 3b and the converged unit is
// its own fixed point up to sign (and the symmetric orthogonalisation).
func TestLectureFastICASecondTerm(t *testing.T) {
	x := mix(sources(12, 100000, srcLaplace, srcUniform, srcSine, srcBinary), mixing(12, 4))
	r, err := FastICA{Contrast: Kurtosis, Seed: 1}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	u := r.Whitening.U
	b := mat.Row(nil, 0, r.Rotation)
	y := mat.Col(nil, 0, r.Sources)
	m2 := 0.0
	for _, v := range y {
		m2 += 3 * v * v / float64(len(y))
	}
	if math.Abs(m2-3) > 1e-12 {
		t.Errorf("⟨3y²⟩ = %g, want 3", m2)
	}
	step, err := FixedPointStep(u, b, Kurtosis, 1)
	if err != nil {
		t.Fatal(err)
	}
	g := kurtosisTerm(u, b)
	for j := range b {
		if math.Abs(step[j]-(g[j]-3*b[j])) > 1e-12 {
			t.Errorf("FixedPointStep[%d] = %g, want ⟨u y³⟩ − 3b = %g", j, step[j], g[j]-3*b[j])
		}
	}
	normalize(step)
	if c := math.Abs(dot(step, b)); c < 1-1e-4 { // symmetric mode: fixed point up to the orthogonalisation
		t.Errorf("converged unit moves under one step: |b⁺ᵀb| = %g", c)
	}
}

// E16: with the units as columns of B the notes' W = EΛ^{-1/2}B unmixes only as its transpose
// BᵀΛ^{-1/2}Eᵀ, which is the library's Unmixing.
func TestLectureUnmixingOrientation(t *testing.T) {
	a := mixing(12, 4)
	r, err := FastICA{Contrast: Kurtosis, Seed: 1}.Fit(mix(sources(12, 100000, srcLaplace, srcUniform, srcSine, srcBinary), a))
	if err != nil {
		t.Fatal(err)
	}
	wt := r.Whitening
	ld := mat.NewDense(4, 4, nil)
	for i := range 4 {
		ld.Set(i, i, 1/math.Sqrt(wt.Values[i]))
	}
	var notes, pn, pt mat.Dense
	notes.Product(wt.Vectors, ld, r.Rotation.T()) // B = Rotationᵀ: units in columns
	pn.Mul(&notes, a)
	pt.Mul(notes.T(), a)
	an, _ := AmariIndex(&pn)
	at, _ := AmariIndex(&pt)
	if an < 0.1 || at > 0.02 {
		t.Errorf("Amari index of W·A = %g (want ≥ 0.1), of Wᵀ·A = %g (want ≤ 0.02)", an, at)
	}
	if !mat.EqualApprox(notes.T(), r.Unmixing, 1e-10) {
		t.Error("Unmixing ≠ BᵀΛ^{-1/2}Eᵀ")
	}
}

// E38 and E39: second-order methods use temporal structure and separate Gaussian sources with
// distinct autocorrelations, where FastICA (marginals only) cannot.
func TestLectureGaussianAR(t *testing.T) {
	s, a := arPair(10, 10000, 0.9, -0.5), mixing(11, 2)
	x := mix(s, a)
	am, err := AMUSE{Lag: 1}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if v := amari(t, am, a); v > 0.05 {
		t.Errorf("AMUSE on Gaussian AR sources: Amari %g, want ≤ 0.05", v)
	}
	fails := 0.0
	for seed := uint64(1); seed <= 5; seed++ {
		r, err := FastICA{Seed: seed, MaxIter: 100}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		fails += amari(t, r, a) / 5
	}
	if fails < 0.1 {
		t.Errorf("FastICA on Gaussian AR sources: mean Amari %g, want ≥ 0.1", fails)
	}
}
