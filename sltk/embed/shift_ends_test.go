package embed

import (
	"fmt"
	"math"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestConstantShiftKrylovOldPath compares the Lanczos path with values recorded from the
// previous one (two Lanczos runs, λ_min of S^c and then the leading pairs of S̃^c, commit
// 588fe02): the shift and the leading Values and Eigenvalues agree to 10⁻⁹ of the largest value
// (both paths accept a Ritz pair at a residual of 10⁻¹⁰ of the Gershgorin bound on ‖S^c‖, which
// bounds the error of each value), and the embedding entries to 10⁻⁶·√Values[0] (eigenvectors are
// only as accurate as residual/gap).
func TestConstantShiftKrylovOldPath(t *testing.T) {
	for _, c := range []struct {
		n, dims int
		seed    uint64
		shift   float64
		values  []float64
		eig     []float64
		entries [3]float64 // X[0,0], X[1,0], X[n−1,dims−1]
	}{
		{1000, 10, 5, 27.06186151617944,
			[]float64{259.559992665646, 92.6670813226554, 91.0977261295286, 89.92649211455915, 88.50497644796543, 87.08341257186083, 85.46765660325565, 83.82525245968682, 81.48050885389085, 79.99887683642048},
			[]float64{246.0290619075563, 79.13615056456568, 77.56679537143887, 76.39556135646943, 74.97404568987571, 73.55248181377111, 71.93672584516592, 70.2943217015971, 67.94957809580113, 66.46794607833075},
			[3]float64{-0.21148753800826614, -0.499163198032824, -0.10669442727282347}},
		{401, 3, 11, 13.262079661443414,
			[]float64{117.1848943125374, 47.37131524455619, 43.774723465132716},
			[]float64{110.55385448181569, 40.74027541383449, 37.14368363441101},
			[3]float64{0.5001150458338073, 0.7285102527066898, -0.3558381215908705}},
	} {
		d, _ := EditDistances(randomWords(c.n, c.seed))
		r, err := ConstantShift{Dims: c.dims}.Fit(d)
		if err != nil {
			t.Fatal(err)
		}
		tol := 1e-9 * c.values[0]
		if math.Abs(r.Shift-c.shift) > tol {
			t.Errorf("n=%d: shift %v, old path %v", c.n, r.Shift, c.shift)
		}
		for i := range c.dims {
			if math.Abs(r.Values[i]-c.values[i]) > tol || math.Abs(r.Eigenvalues[i]-c.eig[i]) > tol {
				t.Errorf("n=%d: value %d: (%v, %v), old path (%v, %v)", c.n, i, r.Values[i], r.Eigenvalues[i], c.values[i], c.eig[i])
			}
		}
		got := [3]float64{r.Embedding.At(0, 0), r.Embedding.At(1, 0), r.Embedding.At(c.n-1, c.dims-1)}
		for i := range got {
			if math.Abs(got[i]-c.entries[i]) > 1e-6*math.Sqrt(c.values[0]) {
				t.Errorf("n=%d: embedding entry %d: %v, old path %v", c.n, i, got[i], c.entries[i])
			}
		}
	}
}

// TestConstantShiftKrylovCores: the Lanczos path gives the same bits on 1 and 2 cores (the
// products split rows of S^c over the cores, each entry one dot product; the two eigenproblems
// run side by side and share nothing).
func TestConstantShiftKrylovCores(t *testing.T) {
	d, _ := EditDistances(randomWords(700, 3))
	var ref *ShiftResult
	for _, procs := range []int{1, 2, 4} {
		old := runtime.GOMAXPROCS(procs)
		r, err := ConstantShift{Dims: 6}.Fit(d)
		runtime.GOMAXPROCS(old)
		if err != nil {
			t.Fatal(err)
		}
		if ref == nil {
			ref = r
			continue
		}
		if r.Shift != ref.Shift || !mat.Equal(r.Embedding, ref.Embedding) {
			t.Errorf("GOMAXPROCS=%d: shift %v, other bits than on one core (%v)", procs, r.Shift, ref.Shift)
		}
		for i := range r.Values {
			if r.Values[i] != ref.Values[i] || r.Eigenvalues[i] != ref.Eigenvalues[i] {
				t.Errorf("GOMAXPROCS=%d: value %d differs", procs, i)
			}
		}
	}
}

// TestSpectrumEndsAgainstDense checks smallestOnE and leadingOnE against mat.EigenSym on the
// complement of e (S^c restricted by an orthonormal basis of e⊥): a hugely repeated smallest
// eigenvalue, exactly repeated leading pairs, a clustered quadruple, edit distances; also a
// small matrix whose basis exhausts e⊥ (an invariant subspace found: random restarts).
func TestSpectrumEndsAgainstDense(t *testing.T) {
	cases := map[string]*mat.Dense{
		"pairs":     circleDissimilarities(260, 0, 0.5, 0, 1),
		"clustered": circleDissimilarities(260, 1e-7, 0.2, 1e-3, 2),
		"tiny":      circleDissimilarities(12, 0, 0.5, 0, 1),
	}
	w, _ := EditDistances(randomWords(300, 8))
	cases["words"] = w
	for name, d := range cases {
		n, _ := d.Dims()
		sc := centredSimilarity(d)
		// Dense reference on e⊥: B = Vᵀ S^c V for V an orthonormal basis of e⊥.
		var ev mat.EigenSym
		if !ev.Factorize(sc, true) {
			t.Fatal("dense")
		}
		proj := mat.NewDense(n, n, nil)
		for i := range n {
			for j := range n {
				v := -1 / float64(n)
				if i == j {
					v++
				}
				proj.Set(i, j, v)
			}
		}
		var b mat.Dense
		b.Mul(proj, sc)
		b.Mul(&b, proj)
		bs := mat.NewSymDense(n, nil)
		for i := range n {
			for j := i; j < n; j++ {
				bs.SetSym(i, j, (b.At(i, j)+b.At(j, i))/2)
			}
		}
		// Q S Q has the spectrum of S^c on e⊥ plus a 0 for e; find which 0 to drop.
		ev.Factorize(bs, false)
		all := ev.Values(nil)
		var vals []float64
		dropped := false
		for _, v := range all {
			if !dropped && math.Abs(v) < 1e-9*math.Abs(all[n-1]) {
				dropped = true
				continue
			}
			vals = append(vals, v)
		}
		if !dropped {
			vals = all[1:]
		}
		a := sc.RawSymmetric().Data
		bound := mat.Norm(sc, 1)
		tol := 1e-10 * bound
		dims := min(5, n/4)
		low, _, ok, err := smallestOnE(a, n, tol, 400, 1)
		if err != nil || !ok {
			t.Fatalf("%s: smallestOnE: ok %v, %v", name, ok, err)
		}
		if math.Abs(low-vals[0]) > 1e-9*bound {
			t.Errorf("%s: λ_min %v, dense %v", name, low, vals[0])
		}
		ends, err := leadingOnE(a, n, dims, tol, 400, 2)
		if err != nil || !ends.ok {
			t.Fatalf("%s: leadingOnE: ok %v, %v", name, ends.ok, err)
		}
		for i := range dims {
			if want := vals[len(vals)-1-i]; math.Abs(ends.top[i]-want) > 1e-9*bound {
				t.Errorf("%s: θ_%d = %v, dense %v", name, i, ends.top[i], want)
			}
			v := mat.Col(nil, i, ends.vecs)
			var sv mat.VecDense
			sv.MulVec(sc, mat.NewVecDense(n, v))
			res, sum := 0.0, 0.0
			for p := range v {
				res += (sv.AtVec(p) - ends.top[i]*v[p]) * (sv.AtVec(p) - ends.top[i]*v[p])
				sum += v[p]
			}
			if math.Sqrt(res) > 2*tol || math.Abs(sum) > 1e-10*math.Sqrt(float64(n)) {
				t.Errorf("%s: pair %d: residual %g (tol %g), component along e %g", name, i, math.Sqrt(res), tol, sum)
			}
		}
		t.Logf("%s: n=%d, λ_min %.6g, leading %s", name, n, low, fmt.Sprint(ends.top))
	}
}
