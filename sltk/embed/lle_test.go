package embed

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/synth"
	"gonum.org/v1/gonum/mat"
)

// helix samples a one-turn helix with large pitch at equally spaced parameters
// (the corrected oracle 29: random parameters with K = 4 disconnect the graph).
func helix(p int) (*mat.Dense, []float64) {
	x := mat.NewDense(p, 3, nil)
	t := make([]float64, p)
	for i := 0; i < p; i++ {
		t[i] = 2 * math.Pi * float64(i) / float64(p-1)
		x.Set(i, 0, math.Cos(t[i]))
		x.Set(i, 1, math.Sin(t[i]))
		x.Set(i, 2, 2*t[i])
	}
	return x, t
}

func ranks(v []float64) []float64 {
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return v[idx[a]] < v[idx[b]] })
	r := make([]float64, len(v))
	for k, i := range idx {
		r[i] = float64(k)
	}
	return r
}

func spearman(a, b []float64) float64 {
	ra, rb := ranks(a), ranks(b)
	n := float64(len(a))
	m := (n - 1) / 2
	var sab, saa, sbb float64
	for i := range ra {
		sab += (ra[i] - m) * (rb[i] - m)
		saa += (ra[i] - m) * (ra[i] - m)
		sbb += (rb[i] - m) * (rb[i] - m)
	}
	return sab / math.Sqrt(saa*sbb)
}

func TestLLEOracle29(t *testing.T) {
	x, tt := helix(200)
	for _, solver := range []Solver{Dense, Band} {
		r, err := LLE{Neighbors: 4, Components: 1, Solver: solver}.Fit(x)
		if err != nil {
			t.Fatalf("solver %d: %v", solver, err)
		}
		for a, w := range r.Weights {
			if len(w) > 4 || math.Abs(sum(w)-1) > 1e-12 {
				t.Fatalf("row %d: %d weights summing to %g", a, len(w), sum(w))
			}
		}
		u := r.Embedding.RawMatrix().Data
		if rho := spearman(u, tt); math.Abs(rho) < 0.99 {
			t.Errorf("solver %d: |Spearman| = %g", solver, rho)
		}
		checkConstraints(t, r)
	}
}

func sum(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s
}

func checkConstraints(t *testing.T, r *LLEResult) {
	t.Helper()
	p, m := r.Embedding.Dims()
	var c mat.Dense
	c.Mul(r.Embedding.T(), r.Embedding)
	for i := 0; i < m; i++ {
		if s := mat.Sum(r.Embedding.ColView(i)); math.Abs(s) > 1e-7*float64(p) {
			t.Errorf("column %d sums to %g", i, s)
		}
		for j := 0; j < m; j++ {
			want := 0.0
			if i == j {
				want = 1
			}
			if math.Abs(c.At(i, j)-want) > 1e-8 {
				t.Errorf("UᵀU[%d,%d] = %g", i, j, c.At(i, j))
			}
		}
	}
	if math.Abs(r.Eigenvalues[0]) > 1e-10 {
		t.Errorf("smallest eigenvalue %g, want 0", r.Eigenvalues[0])
	}
	if want := sum(r.Eigenvalues[1:]); math.Abs(r.Cost-want) > 1e-6*math.Max(want, 1e-6) {
		t.Errorf("F(U) = %g, Σλ = %g", r.Cost, want)
	}
}

func TestLLEGNullVectorAndInvariance(t *testing.T) {
	x, _, err := synth.SwissRoll{N: 300, Seed: 3}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	r, err := LLE{Neighbors: 10, Components: 2}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	g, err := r.GMatrix()
	if err != nil {
		t.Fatal(err)
	}
	ones := mat.NewVecDense(300, nil)
	for i := 0; i < 300; i++ {
		ones.SetVec(i, 1)
	}
	var g1 mat.VecDense
	g1.MulVec(g, ones)
	if n := mat.Norm(&g1, math.Inf(1)); n > 1e-12 {
		t.Errorf("‖G1‖∞ = %g", n)
	}
	// Similarity transforms leave W unchanged; an anisotropic scaling does not (erratum E30).
	rot := mat.NewDense(3, 3, []float64{0.36, 0.48, -0.8, -0.8, 0.6, 0, 0.48, 0.64, 0.6})
	var y mat.Dense
	y.Mul(x, rot.T())
	y.Scale(2.5, &y)
	for i := 0; i < 300; i++ {
		y.Set(i, 0, y.At(i, 0)+7)
		y.Set(i, 2, y.At(i, 2)-3)
	}
	r2, err := LLE{Neighbors: 10, Components: 2}.Fit(&y)
	if err != nil {
		t.Fatal(err)
	}
	maxDiff := 0.0
	for a := range r.Weights {
		for i := range r.Weights[a] {
			if r.NeighborIndices[a][i] != r2.NeighborIndices[a][i] {
				t.Fatalf("neighbours changed at %d", a)
			}
			maxDiff = math.Max(maxDiff, math.Abs(r.Weights[a][i]-r2.Weights[a][i]))
		}
	}
	if maxDiff > 1e-10 {
		t.Errorf("similarity transform changed W by %g", maxDiff)
	}
	z := mat.DenseCopyOf(x)
	for i := 0; i < 300; i++ {
		z.Set(i, 1, 5*z.At(i, 1))
	}
	r3, _ := LLE{Neighbors: 10, Components: 2}.Fit(z)
	changed := 0.0
	for a := range r.Weights {
		for i := range r.Weights[a] {
			changed = math.Max(changed, math.Abs(r.Weights[a][i]-r3.Weights[a][i]))
		}
	}
	if changed < 1e-3 {
		t.Errorf("anisotropic scaling left W unchanged (%g)", changed)
	}
}

func TestLLEBandMatchesDense(t *testing.T) {
	x, _, _ := synth.SwissRoll{N: 500, Seed: 1}.Generate()
	d, err := LLE{Neighbors: 12, Components: 2, Solver: Dense}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	b, err := LLE{Neighbors: 12, Components: 2, Solver: Band}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if !b.Converged || b.Bandwidth >= 500 {
		t.Errorf("band solver: converged %v, bandwidth %d", b.Converged, b.Bandwidth)
	}
	for i := 1; i < 3; i++ {
		if math.Abs(d.Eigenvalues[i]-b.Eigenvalues[i]) > 1e-9*math.Max(d.Eigenvalues[2], 1e-12)+1e-13 {
			t.Errorf("eigenvalue %d: dense %g band %g", i, d.Eigenvalues[i], b.Eigenvalues[i])
		}
	}
	// Same subspace: |cos| of the principal angles ≈ 1.
	var c mat.Dense
	c.Mul(d.Embedding.T(), b.Embedding)
	var sv mat.SVD
	sv.Factorize(&c, mat.SVDNone)
	for _, s := range sv.Values(nil) {
		if math.Abs(s-1) > 1e-6 {
			t.Errorf("subspace cosines %v", sv.Values(nil))
		}
	}
	checkConstraints(t, b)
}

func TestLLEErrors(t *testing.T) {
	x, _ := helix(50)
	cases := []struct {
		l    LLE
		want error
	}{
		{LLE{Neighbors: 2, Components: 2}, ErrParam},
		{LLE{Neighbors: 50, Components: 1}, ErrParam},
		{LLE{Neighbors: 5, Components: -1}, ErrParam},
		{LLE{Neighbors: 5, Reg: -1}, ErrParam},
	}
	for _, c := range cases {
		if _, err := c.l.Fit(x); !errors.Is(err, c.want) {
			t.Errorf("%+v: got %v, want %v", c.l, err, c.want)
		}
	}
	// Two far-apart clusters: the 3-NN graph has two components.
	rng := rand.New(rand.NewPCG(1, 1))
	two := mat.NewDense(40, 2, nil)
	for i := 0; i < 40; i++ {
		off := 0.0
		if i >= 20 {
			off = 1000
		}
		two.Set(i, 0, off+rng.Float64())
		two.Set(i, 1, rng.Float64())
	}
	if _, err := (LLE{Neighbors: 3, Components: 1}).Fit(two); !errors.Is(err, ErrDisconnected) {
		t.Errorf("disconnected: %v", err)
	}
	if _, err := (LLE{}).Fit(mat.NewDense(1, 1, []float64{math.NaN()})); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN: %v", err)
	}
	if _, err := (LLE{}).Fit((*mat.Dense)(nil)); !errors.Is(err, ErrEmpty) {
		t.Errorf("typed nil: %v", err)
	}
	if _, err := (&LLEResult{}).GMatrix(); !errors.Is(err, ErrNotFitted) {
		t.Errorf("zero result: %v", err)
	}
	_, err := LLE{Reg: -1}.Fit(two)
	if want := "LLE.Fit: Reg = -1, want finite and > 0"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("message %v, want %q", err, want)
	}
}

// TestLLEMatchesScikitLearn compares with scikit-learn 1.2.1's LocallyLinearEmbedding
// (method="standard", eigen_solver="dense", reg=1e-3) on 12 points of a helix, computed once
// with
//
//	t = np.linspace(0, 3, 12); X = np.c_[np.cos(t), np.sin(t), t / 2]
//	m = LocallyLinearEmbedding(n_neighbors=4, n_components=1, eigen_solver="dense").fit(X)
//
// reconstruction_error_ = 4.119195404517195e-09, and the embedding up to sign.
func TestLLEMatchesScikitLearn(t *testing.T) {
	x := mat.NewDense(12, 3, nil)
	for i := 0; i < 12; i++ {
		v := 3 * float64(i) / 11
		x.SetRow(i, []float64{math.Cos(v), math.Sin(v), v / 2})
	}
	r, err := LLE{Neighbors: 4, Components: 1, Solver: Dense}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if want := 4.119195404517195e-09; math.Abs(r.Cost-want) > 1e-5*want {
		t.Errorf("Cost = %.10g, scikit-learn's reconstruction_error_ = %.10g", r.Cost, want)
	}
	want := []float64{-0.4481889889, -0.3787844283, -0.2998857040, -0.2163208090, -0.1304715086,
		-0.0435889586, 0.0435889898, 0.1304715398, 0.2163208403, 0.2998857352, 0.3787844595, 0.4481890201}
	sign := math.Copysign(1, r.Embedding.At(0, 0)*want[0])
	for i, w := range want {
		if got := sign * r.Embedding.At(i, 0); math.Abs(got-w) > 1e-6 {
			t.Errorf("u[%d] = %.8f, scikit-learn %.8f", i, got, w)
		}
	}
}

func TestNeighboursMatchBruteForce(t *testing.T) {
	x, _, _ := synth.SwissRoll{N: 400, Seed: 2}.Generate()
	nb, err := Neighbors(x, 7)
	if err != nil {
		t.Fatal(err)
	}
	for a := 0; a < 400; a++ {
		d := make([]float64, 400)
		idx := make([]int, 0, 399)
		for b := 0; b < 400; b++ {
			if b != a {
				d[b] = math.Pow(x.At(a, 0)-x.At(b, 0), 2) + math.Pow(x.At(a, 1)-x.At(b, 1), 2) + math.Pow(x.At(a, 2)-x.At(b, 2), 2)
				idx = append(idx, b)
			}
		}
		sort.SliceStable(idx, func(i, j int) bool { return d[idx[i]] < d[idx[j]] })
		for j := 0; j < 7; j++ {
			if nb[a][j] != idx[j] {
				t.Fatalf("point %d: kd-tree %v, brute force %v", a, nb[a], idx[:7])
			}
		}
	}
}

func ExampleLLE() {
	x, _ := helix(100)
	r, err := LLE{Neighbors: 4, Components: 1}.Fit(x)
	if err != nil {
		fmt.Println(err)
		return
	}
	u := r.Embedding.RawMatrix().Data
	increasing := u[0] < u[50] && u[50] < u[99]
	decreasing := u[0] > u[50] && u[50] > u[99]
	fmt.Println("monotone along the helix:", increasing || decreasing)
	// Output: monotone along the helix: true
}

func BenchmarkLLESwissRoll3000(b *testing.B) {
	x, _, _ := synth.SwissRoll{N: 3000, Seed: 1}.Generate()
	b.ReportAllocs()
	for b.Loop() {
		r, err := LLE{Neighbors: 12, Components: 2}.Fit(x)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(r.Iter), "sweeps")
		b.ReportMetric(float64(r.Bandwidth), "band")
	}
}

// oldReconstructionWeights is step 2 as LLE.Fit ran it before the points were split over the
// cores: one point after another, every system through mat.Cholesky (with its condition
// estimate), E(W) summed as it goes.
func oldReconstructionWeights(rows [][]float64, nb [][]int, reg float64) ([][]float64, float64) {
	k, dim := len(nb[0]), len(rows[0])
	w := make([][]float64, len(rows))
	z := mat.NewDense(k, dim, nil)
	c := mat.NewSymDense(k, nil)
	ones := mat.NewVecDense(k, nil)
	for i := range k {
		ones.SetVec(i, 1)
	}
	var ch mat.Cholesky
	var sol mat.VecDense
	recon := 0.0
	for a, x := range rows {
		for i, b := range nb[a] {
			for j := range dim {
				z.Set(i, j, x[j]-rows[b][j])
			}
		}
		c.SymOuterK(1, z)
		tr := 0.0
		for i := range k {
			tr += c.At(i, i)
		}
		r := reg * tr
		if tr == 0 {
			r = reg
		}
		for i := range k {
			c.SetSym(i, i, c.At(i, i)+r)
		}
		wa := make([]float64, k)
		if ch.Factorize(c) && ch.SolveVecTo(&sol, ones) == nil {
			s := mat.Sum(&sol)
			for i := range wa {
				wa[i] = sol.AtVec(i) / s
			}
		} else {
			for i := range wa {
				wa[i] = 1 / float64(k)
			}
		}
		w[a] = wa
		for j := range dim {
			v := x[j]
			for i, b := range nb[a] {
				v -= wa[i] * rows[b][j]
			}
			recon += v * v
		}
	}
	return w, recon
}

// TestReconstructionWeightsPaths: step 2 solves its systems by localSolve while
// K·(1 + 1/Reg) ≤ 10¹⁵ and by mat.Cholesky with its condition estimate beyond (K = 10:
// Reg ≈ 10⁻¹⁴ on either side, and 10⁻¹⁷, where the estimate refuses the systems of
// coincident-neighbour points and the weights fall back to 1/K). Beyond the switch the weights
// and E(W) have the bits of the serial mat.Cholesky loop; below it, where the condition number
// is at most K·(1 + 1/Reg), the weights agree within 10⁻¹⁴·K·(1 + 1/Reg) of the largest weight
// of the point and E(W) as closely, relative (10⁻¹⁰ at Reg = 10⁻³; seen there 3.6·10⁻¹⁴ and
// 2.2·10⁻¹⁵);
// on 1 and 2 cores alike, bit for bit. The swiss roll with duplicated points makes some C
// singular.
func TestReconstructionWeightsPaths(t *testing.T) {
	x, _, _ := synth.SwissRoll{N: 700, Seed: 3}.Generate()
	rows, err := rowsOf("test", x)
	if err != nil {
		t.Fatal(err)
	}
	rows = append(rows, rows[:50]...) // duplicates: zero distances, rank-deficient C
	nb, err := neighbours("test", rows, 10)
	if err != nil {
		t.Fatal(err)
	}
	for _, reg := range []float64{1e-3, 1.001e-14, 0.999e-14, 1e-17} {
		exact := float64(len(nb[0]))*(1+1/reg) > 1e15
		wantW, wantE := oldReconstructionWeights(rows, nb, reg)
		var first [][]float64
		for _, procs := range []int{1, 2} {
			prev := runtime.GOMAXPROCS(procs)
			w, e := reconstructionWeights(rows, nb, reg)
			runtime.GOMAXPROCS(prev)
			if first == nil {
				first = w
			}
			worst := 0.0
			for a := range w {
				if !slices.Equal(w[a], first[a]) {
					t.Fatalf("Reg=%g: point %d has other weights on %d cores", reg, a, procs)
				}
				big, diff := 0.0, 0.0
				for i, v := range wantW[a] {
					big = math.Max(big, math.Abs(v))
					diff = math.Max(diff, math.Abs(w[a][i]-v))
				}
				worst = math.Max(worst, diff/big)
			}
			relE := math.Abs(e-wantE) / wantE
			if procs == 1 {
				t.Logf("Reg=%g: weights within %.2g of the largest, E(W) within %.2g relative", reg, worst, relE)
			}
			switch {
			case exact && (worst != 0 || e != wantE):
				t.Errorf("Reg=%g procs=%d: mat.Cholesky path differs from the serial loop (%g, E %v vs %v)", reg, procs, worst, e, wantE)
			case !exact && (worst > 1e-14*float64(len(nb[0]))*(1+1/reg) || relE > 1e-14*float64(len(nb[0]))*(1+1/reg)):
				t.Errorf("Reg=%g procs=%d: weights %.3g, E(W) %.3g relative from mat.Cholesky's", reg, procs, worst, relE)
			}
		}
	}
}

// TestLLECores: the neighbour queries and the local systems run on all cores, each point on its
// own, so the fit has the same bits on 1 and 2 cores.
func TestLLECores(t *testing.T) {
	x, _, _ := synth.SwissRoll{N: 1500, Seed: 4}.Generate()
	var ref *LLEResult
	for _, procs := range []int{1, 2} {
		prev := runtime.GOMAXPROCS(procs)
		r, err := LLE{Neighbors: 10, Components: 2}.Fit(x)
		runtime.GOMAXPROCS(prev)
		if err != nil {
			t.Fatal(err)
		}
		if ref == nil {
			ref = r
			continue
		}
		if !mat.Equal(r.Embedding, ref.Embedding) || r.Cost != ref.Cost || r.WeightError != ref.WeightError {
			t.Errorf("procs=%d: a different fit than on 1 core", procs)
		}
	}
}
