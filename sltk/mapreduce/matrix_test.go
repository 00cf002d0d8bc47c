package mapreduce_test

import (
	"context"
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	. "github.com/sltk-book/sltk/sltk/mapreduce"
)

// sparse is SparseMatrix for valid arguments.
func sparse(r, c int, p float64, seed uint64) *mat.Dense {
	m, _ := SparseMatrix(r, c, p, seed)
	return m
}

func nnz(m *mat.Dense) int64 { return int64(NonZeros(m)) }

// Stripes that do not divide the columns (2×3 in 2 stripes, 4×4 in 3) once indexed past the
// end of a segment inside the map function.
func TestMatVecUnevenStripes(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ r, n, s int }{{2, 3, 2}, {4, 4, 3}, {1, 5, 4}, {3, 7, 5}} {
		a := mat.NewDense(c.r, c.n, nil)
		v := make([]float64, c.n)
		for j := range v {
			v[j] = float64(j + 1)
			for i := range c.r {
				a.Set(i, j, float64(i*c.n+j+1))
			}
		}
		y, _, err := MatVec(ctx, Runner{}, a, v, c.s)
		if err != nil {
			t.Fatalf("%d×%d, %d stripes: %v", c.r, c.n, c.s, err)
		}
		var want mat.VecDense
		want.MulVec(a, mat.NewVecDense(c.n, v))
		for i := range y {
			if y[i] != want.AtVec(i) { // integers: exact
				t.Errorf("%d×%d, %d stripes: y[%d] = %v, want %v", c.r, c.n, c.s, i, y[i], want.AtVec(i))
			}
		}
	}
}

func TestMatVec(t *testing.T) {
	ctx := context.Background()
	a := sparse(7, 9, 0.5, 1)
	v := []float64{1, -2, 3, 0.5, 4, -1, 2, 7, 1}
	var want mat.VecDense
	want.MulVec(a, mat.NewVecDense(9, v))
	for s := 1; s <= 9; s++ { // stripes that divide the 9 columns and stripes that do not
		y, c, err := MatVec(ctx, Runner{}, a, v, s)
		if err != nil {
			t.Fatal(err)
		}
		for i := range y {
			if math.Abs(y[i]-want.AtVec(i)) > 1e-12 {
				t.Fatalf("stripes %d: y[%d] = %v, want %v", s, i, y[i], want.AtVec(i))
			}
		}
		if r := c.Rounds[0]; r.MapIn != nnz(a) || r.MapOut != nnz(a) || r.ReduceIn != nnz(a) {
			t.Errorf("stripes %d: cost %+v, want nnz %d everywhere", s, r, nnz(a))
		}
	}
	if _, _, err := MatVec(ctx, Runner{}, a, v[:3], 1); !errors.Is(err, ErrShape) {
		t.Errorf("short v: %v", err)
	}
	if _, _, err := MatVec(ctx, Runner{}, a, v, 10); !errors.Is(err, ErrParam) {
		t.Errorf("10 stripes of 9 columns: %v", err)
	}
	v[2] = math.NaN()
	if _, _, err := MatVec(ctx, Runner{}, a, v, 1); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN in v: %v", err)
	}
	var nilDense *mat.Dense
	if _, _, err := MatVec(ctx, Runner{}, nilDense, v, 1); !errors.Is(err, ErrEmpty) {
		t.Errorf("typed-nil A: %v", err)
	}
}

func TestMatMul(t *testing.T) {
	ctx := context.Background()
	l, m, n := 6, 8, 6
	a, b := sparse(l, m, 0.4, 2), sparse(m, n, 0.4, 3)
	var want mat.Dense
	want.Mul(a, b)
	check := func(name string, got *mat.Dense) {
		t.Helper()
		if !mat.EqualApprox(got, &want, 1e-12) {
			t.Errorf("%s: got\n%v\nwant\n%v", name, mat.Formatted(got), mat.Formatted(&want))
		}
	}
	na, nb := nnz(a), nnz(b)
	c2, cost2, err := MatMul2(ctx, Runner{}, a, b)
	if err != nil {
		t.Fatal(err)
	}
	check("MatMul2", c2)
	// The number of nonzero products Σ_j |A_{·j}|·|B_{j·}|.
	var prods int64
	for j := range m {
		var ca, rb int64
		for i := range l {
			if a.At(i, j) != 0 {
				ca++
			}
		}
		for k := range n {
			if b.At(j, k) != 0 {
				rb++
			}
		}
		prods += ca * rb
	}
	r1, r2 := cost2.Rounds[0], cost2.Rounds[1]
	if r1.MapIn != na+nb || r1.ReduceIn != na+nb || r2.MapIn != prods || r2.ReduceIn != prods {
		t.Errorf("two rounds: %+v %+v, want %d inputs and %d products", r1, r2, na+nb, prods)
	}
	if got, want := cost2.Communication(), 2*(na+nb)+2*prods; got != want {
		t.Errorf("two-round communication %d, want %d", got, want)
	}
	c1, cost1, err := MatMul1(ctx, Runner{}, a, b)
	if err != nil {
		t.Fatal(err)
	}
	check("MatMul1", c1)
	if got, want := cost1.Communication(), na+nb+int64(n)*na+int64(l)*nb; got != want {
		t.Errorf("one-round communication %d, want pℓm+qmn+(p+q)ℓmn = %d", got, want)
	}
	for _, s := range []int{1, 2, 3, 6} {
		cs, cost, err := MatMulStriped(ctx, Runner{}, a, b, s)
		if err != nil {
			t.Fatal(err)
		}
		check("MatMulStriped", cs)
		if rep := cost.Replication(); rep != float64(s) {
			t.Errorf("s = %d: replication %v", s, rep)
		}
	}
	// Dense square factors: communication 2n²(1+s), load 2n²/s exactly (A7.7, s | n).
	da, db := sparse(6, 6, 1, 4), sparse(6, 6, 1, 5)
	for _, s := range []int{1, 2, 3, 6} {
		_, cost, err := MatMulStriped(ctx, Runner{}, da, db, s)
		if err != nil {
			t.Fatal(err)
		}
		f, _ := StripedFormulas(6, s, 1, 1)
		comm, load := f.Communication, f.Load
		if float64(cost.Communication()) != comm || float64(cost.MaxLoad()) != load || f.Replication != float64(s) {
			t.Errorf("dense s = %d: communication %d load %d, want %v %v", s, cost.Communication(), cost.MaxLoad(), comm, load)
		}
	}
	if _, _, err := MatMul2(ctx, Runner{}, a, sparse(5, 2, 1, 1)); !errors.Is(err, ErrShape) {
		t.Errorf("mismatched shapes: %v", err)
	}
	if _, _, err := MatMulStriped(ctx, Runner{}, a, b, 7); !errors.Is(err, ErrParam) {
		t.Errorf("s = 7 > n: %v", err)
	}
	a.Set(0, 0, math.Inf(1))
	if _, _, err := MatMul1(ctx, Runner{}, a, b); !errors.Is(err, ErrNotFinite) {
		t.Errorf("Inf in A: %v", err)
	}
	if _, _, err := MatMul1(ctx, Runner{}, &mat.Dense{}, b); !errors.Is(err, ErrEmpty) {
		t.Errorf("empty A: %v", err)
	}
}

func TestMatMulFormulas(t *testing.T) {
	// §3.9: ℓ = m = n = 1000.
	for _, c := range []struct{ p, two, one, l1, l2, lo float64 }{
		{0.01, 240000, 20020000, 20, 0.1, 20},
		{1, 2004000000, 2002000000, 2000, 1000, 2000},
	} {
		f, err := MatMulFormulas(1000, 1000, 1000, c.p, c.p)
		if err != nil {
			t.Fatal(err)
		}
		got := []float64{f.TwoRound, f.OneRound, f.LoadRound1, f.LoadRound2, f.LoadOneRound}
		want := []float64{c.two, c.one, c.l1, c.l2, c.lo}
		for i := range got {
			if math.Abs(got[i]-want[i]) > 1e-9*want[i] {
				t.Errorf("p = %v: %v, want %v", c.p, got, want)
			}
		}
	}
	for i, s := range []int{1, 10, 100, 1000} {
		f, _ := StripedFormulas(1000, s, 1, 1)
		comm, load := f.Communication, f.Load
		if comm != []float64{4e6, 2.2e7, 2.02e8, 2.002e9}[i] || load != []float64{2e6, 2e5, 2e4, 2e3}[i] {
			t.Errorf("s = %d: %v %v", s, comm, load)
		}
	}
	if _, err := MatMulFormulas(0, 1, 1, 0.5, 0.5); !errors.Is(err, ErrParam) {
		t.Error("ℓ = 0 accepted")
	}
	if _, err := StripedFormulas(10, 11, 1, 1); !errors.Is(err, ErrParam) {
		t.Error("s > n accepted")
	}
}
