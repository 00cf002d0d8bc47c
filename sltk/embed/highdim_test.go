package embed

import (
	"encoding/binary"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// The worked power iteration of catalog A5.5: A = [[2,1],[1,2]], x = (1,0).
func TestPowerIterationOracle(t *testing.T) {
	a := mat.NewSymDense(2, []float64{2, 1, 1, 2})
	want := map[int][2]float64{1: {0.894427, 0.447214}, 2: {0.780869, 0.624695},
		3: {0.732793, 0.680451}, 7: {0.70743, 0.706783}}
	u1 := []float64{1 / math.Sqrt2, 1 / math.Sqrt2}
	for k := 1; k <= 7; k++ {
		res, err := PowerIteration{Start: []float64{1, 0}, MaxIter: k, Tol: 1e-300}.Run(a)
		if err != nil {
			t.Fatal(err)
		}
		v := res.Vector
		if w, ok := want[k]; ok && (math.Abs(v[0]-w[0]) > 1e-6 || math.Abs(v[1]-w[1]) > 1e-6) {
			t.Errorf("v_%d = %v, want %v", k, v, w)
		}
		// tan θ_k = 3^−k exactly (λ₂/λ₁ = 1/3 and tan θ_0 = 1).
		cos := floats.Dot(v, u1)
		if tan := math.Sqrt(1-cos*cos) / cos; math.Abs(tan-math.Pow(3, -float64(k))) > 1e-12 {
			t.Errorf("tan θ_%d = %v, want 3^−%d", k, tan, k)
		}
		if k == 7 {
			if d := floats.Distance(v, u1, 2); math.Abs(d-4.5725e-4) > 5e-8 {
				t.Errorf("‖v_7 − u_1‖ = %v, want 4.5725e-4", d)
			}
		}
	}
	res, err := PowerIteration{Seed: 3}.Run(a)
	if err != nil || !res.Converged || math.Abs(res.Value-3) > 1e-12 {
		t.Fatalf("random start: %+v, %v; want λ = 3", res, err)
	}
}

func TestPowerTopMatchesEigenSym(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	x := mat.NewDense(50, 6, nil)
	for i := range 50 {
		for j := range 6 {
			x.Set(i, j, rng.NormFloat64()*float64(6-j))
		}
	}
	var c mat.SymDense
	c.SymOuterK(1, x.T())
	vals, vecs, err := PowerIteration{Tol: 1e-13, MaxIter: 100000}.Top(&c, 3)
	if err != nil {
		t.Fatal(err)
	}
	var e mat.EigenSym
	e.Factorize(&c, true)
	ev := e.Values(nil)
	var ew mat.Dense
	e.VectorsTo(&ew)
	// Spectral decomposition (Corollary 5.20): A = UΛUᵀ with U ∈ R^{n×n} orthogonal.
	var back, utu mat.Dense
	back.Product(&ew, mat.NewDiagDense(6, ev), ew.T())
	utu.Mul(ew.T(), &ew)
	if r, cc := ew.Dims(); r != 6 || cc != 6 || !mat.EqualApprox(&back, &c, 1e-9*ev[5]) ||
		!mat.EqualApprox(&utu, mat.NewDiagDense(6, []float64{1, 1, 1, 1, 1, 1}), 1e-12) {
		t.Error("spectral decomposition A = UΛUᵀ with orthogonal n×n U fails")
	}
	for j := range 3 {
		if math.Abs(vals[j]-ev[5-j]) > 1e-8*ev[5] {
			t.Errorf("λ_%d = %v, want %v", j+1, vals[j], ev[5-j])
		}
		if dot := math.Abs(mat.Dot(vecs.ColView(j), ew.ColView(5-j))); dot < 1-1e-6 {
			t.Errorf("u_%d off by |cos| = %v", j+1, dot)
		}
		if rq, _ := RayleighQuotient(&c, mat.Col(nil, j, vecs)); math.Abs(rq-vals[j]) > 1e-9*vals[0] {
			t.Errorf("Rayleigh quotient %v, want %v", rq, vals[j])
		}
	}
}

func TestPerron(t *testing.T) {
	// A 3-cycle is irreducible and periodic: ρ = 1, u = v = 1/√3.
	cyc := mat.NewDense(3, 3, []float64{0, 1, 0, 0, 0, 1, 1, 0, 0})
	p, err := Perron(cyc)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if math.Abs(p.Right[i]-1/math.Sqrt(3)) > 1e-12 || math.Abs(p.Left[i]-1/math.Sqrt(3)) > 1e-12 {
			t.Fatalf("cycle Perron vectors %v %v", p.Right, p.Left)
		}
	}
	rng := rand.New(rand.NewPCG(2, 2))
	for trial := range 200 {
		n := 2 + trial%5
		a := mat.NewDense(n, n, nil)
		for i := range n {
			for j := range n {
				if rng.Float64() < 0.35 {
					a.Set(i, j, rng.Float64())
				}
			}
		}
		irr, err := Irreducible(a)
		if err != nil {
			t.Fatal(err)
		}
		// Lemma 5.22 (iii): (A + I)^{n−1} > 0 entrywise.
		b := mat.DenseCopyOf(a)
		for i := range n {
			b.Set(i, i, b.At(i, i)+1)
		}
		var pw mat.Dense
		pw.Pow(b, n-1)
		if positive := mat.Min(&pw) > 0; positive != irr {
			t.Fatalf("trial %d: Irreducible = %v but (A+I)^{n−1} > 0 is %v", trial, irr, positive)
		}
		p, err := Perron(a)
		if !irr {
			if !errors.Is(err, errs.ErrDisconnected) {
				t.Fatalf("reducible matrix: err = %v", err)
			}
			continue
		}
		rho, _ := SpectralRadius(a)
		if err != nil || math.Abs(p.Rho-rho) > 1e-9*max(1, rho) {
			t.Fatalf("ρ = %v, spectral radius %v, err %v", p.Rho, rho, err)
		}
		var au, va mat.VecDense
		au.MulVec(a, mat.NewVecDense(n, p.Right))
		va.MulVec(a.T(), mat.NewVecDense(n, p.Left))
		for i := range n {
			if p.Right[i] <= 0 || p.Left[i] <= 0 || math.Abs(au.AtVec(i)-rho*p.Right[i]) > 1e-9 ||
				math.Abs(va.AtVec(i)-rho*p.Left[i]) > 1e-9 {
				t.Fatalf("trial %d: Perron vectors %v %v are not positive eigenvectors", trial, p.Right, p.Left)
			}
		}
	}
	if _, err := Perron(mat.NewDense(2, 2, []float64{1, -1, 1, 1})); !errors.Is(err, errs.ErrParam) {
		t.Errorf("negative entry: err = %v", err)
	}
}

// cloud is the catalog §3.2 example: n points of N(0, diag(9, 1)) rotated by 30°.
func cloud(n int, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 0))
	c, s := math.Cos(math.Pi/6), math.Sin(math.Pi/6)
	x := mat.NewDense(n, 2, nil)
	for i := range n {
		a, b := 3*rng.NormFloat64(), rng.NormFloat64()
		x.Set(i, 0, c*a-s*b+5)
		x.Set(i, 1, s*a+c*b-2)
	}
	return x
}

func TestPCAOracles(t *testing.T) {
	x := cloud(20000, 1)
	m, err := PCA{}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	u := m.Components
	if d := math.Abs(u.At(0, 0)*math.Cos(math.Pi/6) + u.At(1, 0)*math.Sin(math.Pi/6)); d < 0.999 {
		t.Errorf("first component %v, want ±(cos 30°, sin 30°)", mat.Col(nil, 0, u))
	}
	if v := m.Values[0] / 20000; math.Abs(v-9) > 0.3 {
		t.Errorf("λ₁/n = %v, want ≈ 9", v)
	}
	// Theorem 5.31: the values are the eigenvalues of C = AᵀA of the centred data, and
	// ‖Au_j‖² = λ_j; Observation 5.27: their sum is ‖A‖_F².
	rng := rand.New(rand.NewPCG(3, 3))
	a := mat.NewDense(300, 5, nil)
	for i := range 300 {
		for j := range 5 {
			a.Set(i, j, rng.NormFloat64()*float64(j+1)+float64(j))
		}
	}
	m, err = PCA{Components: 2}.Fit(a)
	if err != nil {
		t.Fatal(err)
	}
	ac := centred(a.RawMatrix().Data, 300, 5, m.Mean)
	var c mat.SymDense
	c.SymOuterK(1, ac.T())
	var e mat.EigenSym
	e.Factorize(&c, false)
	ev := e.Values(nil)
	if math.Abs(floats.Sum(ev)-m.TotalVariance) > 1e-9*m.TotalVariance {
		t.Errorf("tr C = %v, total variance %v", floats.Sum(ev), m.TotalVariance)
	}
	for j := range 5 {
		if math.Abs(m.Values[j]-ev[4-j]) > 1e-9*ev[4] {
			t.Errorf("λ_%d = %v, eigenvalue of C %v", j+1, m.Values[j], ev[4-j])
		}
	}
	z, _ := m.Transform(a)
	for j := range 2 {
		col := mat.Col(nil, j, z)
		if sq := floats.Dot(col, col); math.Abs(sq-m.Values[j]) > 1e-9*m.Values[0] {
			t.Errorf("‖Au_%d‖² = %v, want %v", j+1, sq, m.Values[j])
		}
	}
	// Theorem 5.29: no orthonormal pair does better; the residual is ‖A‖² − λ₁ − λ₂ and equals
	// the reconstruction error.
	best := m.Values[0] + m.Values[1]
	for range 200 {
		q := fuzzdata.Normal(rng, 5, 2)
		orthonormalColumns(q)
		var p mat.Dense
		p.Mul(ac, q)
		if f := mat.Norm(&p, 2); f*f > best*(1+1e-12) {
			t.Fatalf("an orthonormal pair fits better: %v > %v", f*f, best)
		}
	}
	back, _ := m.InverseTransform(z)
	var diff mat.Dense
	diff.Sub(a, back)
	if r := mat.Norm(&diff, 2); math.Abs(r*r-m.Residual) > 1e-8*m.TotalVariance {
		t.Errorf("reconstruction error %v, residual %v", r*r, m.Residual)
	}
	// Translation invariance (the data are centred).
	shifted := mat.DenseCopyOf(a)
	for i := range 300 {
		for j := range 5 {
			shifted.Set(i, j, a.At(i, j)+1000)
		}
	}
	ms, _ := PCA{Components: 2}.Fit(shifted)
	if math.Abs(ms.Values[0]-m.Values[0]) > 1e-7*m.Values[0] || !mat.EqualApprox(ms.Components, m.Components, 1e-8) {
		t.Error("PCA changed under translation")
	}
}

func TestPCARankDeficientAndRandomized(t *testing.T) {
	// 400 points on a 3-dimensional subspace of R^8: zero residual at K = 3.
	rng := rand.New(rand.NewPCG(4, 4))
	basis := fuzzdata.Normal(rng, 3, 8)
	coef := fuzzdata.Normal(rng, 400, 3)
	coef.Scale(10, coef)
	var x mat.Dense
	x.Mul(coef, basis)
	m, err := PCA{Components: 3}.Fit(&x)
	if err != nil {
		t.Fatal(err)
	}
	if m.Residual > 1e-9*m.TotalVariance || m.Values[3] > 1e-9*m.Values[0] {
		t.Errorf("rank 3: residual %v, λ₄ = %v", m.Residual, m.Values[3])
	}
	r, err := PCA{Components: 3, Solver: PCARandomized, Seed: 1}.Fit(&x)
	if err != nil {
		t.Fatal(err)
	}
	for j := range 3 {
		if math.Abs(r.Values[j]-m.Values[j]) > 1e-8*m.Values[0] {
			t.Errorf("randomized λ_%d = %v, full %v", j+1, r.Values[j], m.Values[j])
		}
	}
	if !mat.EqualApprox(r.Components, m.Components, 1e-6) {
		t.Error("randomized and full components differ")
	}
}

func TestPCABadInput(t *testing.T) {
	var nilDense *mat.Dense
	nan := mat.NewDense(3, 2, []float64{1, 2, 3, math.NaN(), 5, 6})
	constant := mat.NewDense(4, 2, []float64{1, 2, 1, 2, 1, 2, 1, 2})
	ok := mat.NewDense(4, 2, []float64{1, 2, 3, 5, 1, 0, 2, 2})
	for _, c := range []struct {
		name string
		p    PCA
		x    mat.Matrix
		want error
	}{
		{"nil", PCA{}, nil, errs.ErrEmpty},
		{"typed nil", PCA{}, nilDense, errs.ErrEmpty},
		{"empty", PCA{}, &mat.Dense{}, errs.ErrEmpty},
		{"NaN", PCA{}, nan, errs.ErrNotFinite},
		{"constant", PCA{}, constant, errs.ErrSingular},
		{"one row", PCA{}, mat.NewDense(1, 3, []float64{1, 2, 3}), errs.ErrSingular},
		{"Components > d", PCA{Components: 3}, ok, errs.ErrParam},
		{"Components < 0", PCA{Components: -1}, ok, errs.ErrParam},
		{"Components > n", PCA{Components: 3}, mat.NewDense(2, 4, []float64{1, 2, 3, 4, 4, 3, 2, 1}), errs.ErrParam},
		{"randomized without K", PCA{Solver: PCARandomized}, ok, errs.ErrParam},
		{"bad solver", PCA{Solver: 7}, ok, errs.ErrParam},
	} {
		if _, err := c.p.Fit(c.x); !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
	var zero PCAModel
	if _, err := zero.Transform(ok); !errors.Is(err, errs.ErrNotFitted) {
		t.Errorf("zero model: %v", err)
	}
	m, _ := PCA{Components: 1}.Fit(ok)
	if _, err := m.Transform(mat.NewDense(2, 3, nil)); !errors.Is(err, errs.ErrShape) {
		t.Errorf("wrong columns: %v", err)
	}
	if _, err := m.InverseTransform(mat.NewDense(2, 2, nil)); !errors.Is(err, errs.ErrShape) {
		t.Errorf("wrong K: %v", err)
	}
	if _, err := (PowerIteration{}).Run(mat.NewDense(2, 3, nil)); !errors.Is(err, errs.ErrShape) {
		t.Errorf("power on 2×3: %v", err)
	}
	if _, err := (PowerIteration{Start: []float64{0, 0}}).Run(mat.NewDense(2, 2, nil)); !errors.Is(err, errs.ErrParam) {
		t.Errorf("zero start: %v", err)
	}
	if _, err := (PowerIteration{}).Run(mat.NewDense(2, 2, nil)); !errors.Is(err, errs.ErrSingular) {
		t.Errorf("zero matrix: %v", err)
	}
}

// The Johnson–Lindenstrauss dimensions of catalog A5.3 and §4.2 with c = 1/96.
func TestJLDims(t *testing.T) {
	for _, c := range []struct {
		n, seed, dg int
		eps         float64
	}{
		{1000, 198944, 5921, 0.1}, {1000, 7958, 332, 0.5}, {10, 2653, 111, 0.5}, {100, 5306, 222, 0.5}} {
		k, err := JLDim(c.n, c.eps, AnnulusConstant)
		kd, err2 := JLDimDG(c.n, c.eps)
		if err != nil || err2 != nil || k != c.seed || kd != c.dg {
			t.Errorf("n = %d, ε = %v: JLDim %d, DG %d (%v, %v); want %d, %d", c.n, c.eps, k, kd, err, err2, c.seed, c.dg)
		}
	}
	for _, f := range []func() (int, error){
		func() (int, error) { return JLDim(1, 0.5, 1) },
		func() (int, error) { return JLDim(10, 1, 1) },
		func() (int, error) { return JLDim(10, 0.5, 0) },
		func() (int, error) { return JLDimDG(10, math.NaN()) },
	} {
		if _, err := f(); !errors.Is(err, errs.ErrParam) {
			t.Errorf("err = %v, want ErrParam", err)
		}
	}
}

func TestRandomProjection(t *testing.T) {
	x := mat.NewDense(1, 200, nil)
	for j := range 200 {
		x.Set(0, j, math.Sin(float64(j)))
	}
	norm2 := mat.Norm(x, 2) * mat.Norm(x, 2)
	// E‖Ux‖² = ‖x‖²: average over 400 independent matrices (k = 20, relative sd √(2/k)/√400).
	var mean float64
	for s := range 400 {
		p, err := RandomProjection{Components: 20, Seed: uint64(s)}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		y, _ := p.Transform(x)
		mean += mat.Norm(y, 2) * mat.Norm(y, 2) / norm2 / 400
	}
	if math.Abs(mean-1) > 4*math.Sqrt(2.0/20)/20 {
		t.Errorf("E‖Ux‖²/‖x‖² ≈ %v, want 1", mean)
	}
	pts := fuzzdata.Normal(rand.New(rand.NewPCG(5, 5)), 30, 200)
	if d, err := MaxDistortion(pts, pts); err != nil || d != 0 {
		t.Errorf("identity distortion %v, %v", d, err)
	}
	p, _ := RandomProjection{Components: 150, Seed: 1}.Fit(pts)
	y, _ := p.Transform(pts)
	if d, _ := MaxDistortion(pts, y); !(d > 0 && d < 0.5) {
		t.Errorf("k = 150 distortion %v", d)
	}
	if _, err := (RandomProjection{Components: 201}).Fit(pts); !errors.Is(err, errs.ErrParam) {
		t.Errorf("k > d: %v", err)
	}
	if _, err := MaxDistortion(pts, mat.NewDense(3, 2, nil)); !errors.Is(err, errs.ErrShape) {
		t.Errorf("rows differ: %v", err)
	}
	var zero Projection
	if _, err := zero.Transform(pts); !errors.Is(err, errs.ErrNotFitted) {
		t.Errorf("zero projection: %v", err)
	}
}

// FuzzPCA fits PCA to small matrices decoded from arbitrary bytes: it must return either an
// error or finite, orthonormal components, never panic.
func FuzzPCA(f *testing.F) {
	f.Add([]byte{3, 2, 1}, uint8(1))
	f.Fuzz(func(t *testing.T, b []byte, k uint8) {
		if len(b) < 2 {
			return
		}
		n, d := int(b[0]%6)+1, int(b[1]%5)+1
		vals := make([]float64, n*d)
		for i := range vals {
			if off := 2 + 8*i; off+8 <= len(b) {
				vals[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[off:]))
			} else {
				vals[i] = float64(i * i % 7)
			}
		}
		m, err := PCA{Components: int(k % 7)}.Fit(mat.NewDense(n, d, vals))
		if err != nil {
			return
		}
		var g mat.Dense
		g.Mul(m.Components.T(), m.Components)
		_, kk := m.Components.Dims()
		for i := range kk {
			for j := range kk {
				want := 0.0
				if i == j {
					want = 1
				}
				if v := g.At(i, j); math.Abs(v-want) > 1e-6 || math.IsNaN(v) {
					t.Fatalf("components not orthonormal: UᵀU[%d,%d] = %v", i, j, v)
				}
			}
		}
		for _, r := range m.ExplainedVarianceRatio {
			if math.IsNaN(r) || r < -1e-12 || r > 1+1e-9 {
				t.Fatalf("ratio %v", r)
			}
		}
	})
}

// Tall data goes through the blocked QR (TSQR) before the SVD; the values must still be the
// eigenvalues of C = AᵀA and the model must not depend on the number of blocks' workers.
func TestPCATallMatchesCovariance(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	n, d := 5*tsqrRows+123, 7
	x := mat.NewDense(n, d, nil)
	for i := range n {
		for j := range d {
			x.Set(i, j, rng.NormFloat64()*float64(j+1)+3)
		}
	}
	m, err := PCA{}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	ac := centred(x.RawMatrix().Data, n, d, m.Mean)
	var c mat.SymDense
	c.SymOuterK(1, ac.T())
	var e mat.EigenSym
	e.Factorize(&c, false)
	ev := e.Values(nil)
	for j := range d {
		if math.Abs(m.Values[j]-ev[d-1-j]) > 1e-9*ev[d-1] {
			t.Errorf("λ_%d = %v, eigenvalue of C %v", j+1, m.Values[j], ev[d-1-j])
		}
	}
}

// The randomized solver on tall data (blocked orthonormalisation) agrees with the full one.
func TestPCARandomizedTall(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 10))
	n, d := 5*tsqrRows, 30
	x := mat.NewDense(n, d, nil)
	for i := range n {
		for j := range d {
			x.Set(i, j, rng.NormFloat64()*math.Pow(0.7, float64(j)))
		}
	}
	full, _ := PCA{Components: 5}.Fit(x)
	fast, err := PCA{Components: 5, Solver: PCARandomized, Seed: 2}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	for j := range 5 {
		if math.Abs(fast.Values[j]-full.Values[j]) > 1e-6*full.Values[0] {
			t.Errorf("λ_%d: randomized %v, full %v", j+1, fast.Values[j], full.Values[j])
		}
	}
	var g mat.Dense
	g.Mul(fast.Components.T(), fast.Components)
	if !mat.EqualApprox(&g, mat.NewDiagDense(5, []float64{1, 1, 1, 1, 1}), 1e-10) {
		t.Error("randomized components are not orthonormal")
	}
}
