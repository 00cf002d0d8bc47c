package synth

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

func colMeanCov(x *mat.Dense) ([]float64, *mat.SymDense) {
	_, d := x.Dims()
	mean := make([]float64, d)
	for j := range mean {
		mean[j] = stat.Mean(mat.Col(nil, j, x), nil)
	}
	var cov mat.SymDense
	stat.CovarianceMatrix(&cov, x, nil)
	return mean, &cov
}

func rowsWithLabel(x *mat.Dense, labels []int, q int) *mat.Dense {
	_, d := x.Dims()
	var data []float64
	for i, l := range labels {
		if l == q {
			data = append(data, x.RawRowView(i)...)
		}
	}
	return mat.NewDense(len(data)/d, d, data)
}

func TestBlobsShapesMeansAndDeterminism(t *testing.T) {
	centers := mat.NewDense(3, 2, []float64{0, 0, 10, 0, 0, 10})
	b := Blobs{N: 30000, Centers: centers, Std: 0.5, Seed: 7}
	x, labels, c, err := b.Generate()
	if err != nil {
		t.Fatal(err)
	}
	if r, d := x.Dims(); r != 30000 || d != 2 || len(labels) != 30000 {
		t.Fatalf("shape %d×%d, %d labels", r, d, len(labels))
	}
	if !mat.Equal(c, centers) {
		t.Fatalf("centres changed")
	}
	for q := 0; q < 3; q++ {
		sub := rowsWithLabel(x, labels, q)
		mean, cov := colMeanCov(sub)
		for j := 0; j < 2; j++ {
			if math.Abs(mean[j]-centers.At(q, j)) > 0.02 {
				t.Errorf("cluster %d mean[%d] = %v, want %v", q, j, mean[j], centers.At(q, j))
			}
			if math.Abs(cov.At(j, j)-0.25) > 0.02 {
				t.Errorf("cluster %d var[%d] = %v, want 0.25", q, j, cov.At(j, j))
			}
		}
		if math.Abs(cov.At(0, 1)) > 0.02 {
			t.Errorf("cluster %d covariance %v, want 0", q, cov.At(0, 1))
		}
	}
	x2, labels2, _, _ := b.Generate()
	if !mat.Equal(x, x2) || labels2[17] != labels[17] {
		t.Errorf("same seed gave different data")
	}
	b.Seed = 8
	x3, _, _, _ := b.Generate()
	if mat.Equal(x, x3) {
		t.Errorf("different seeds gave the same data")
	}
}

func TestBlobsRandomCentres(t *testing.T) {
	x, labels, c, err := Blobs{N: 10, K: 4, Dim: 5, Seed: 1}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	if r, d := x.Dims(); r != 10 || d != 5 {
		t.Fatalf("shape %d×%d", r, d)
	}
	if r, d := c.Dims(); r != 4 || d != 5 {
		t.Fatalf("centres %d×%d", r, d)
	}
	for i, l := range labels {
		if l != i%4 {
			t.Fatalf("label %d = %d", i, l)
		}
	}
	if mat.Max(c) > 10 || mat.Min(c) < -10 {
		t.Errorf("centres outside the default box")
	}
}

func TestManifoldsAndShapes(t *testing.T) {
	m, ml, err := Moons{N: 101, Seed: 3}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 101; i++ {
		x, y := m.At(i, 0), m.At(i, 1)
		if ml[i] == 1 {
			x, y = 1-x, 0.5-y
		}
		if math.Abs(x*x+y*y-1) > 1e-12 || y < -1e-12 {
			t.Fatalf("moon point %d (label %d) off its arc", i, ml[i])
		}
	}
	c, cl, err := Circles{N: 100, Factor: 0.3, Seed: 3}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 100; i++ {
		want := 1.0
		if cl[i] == 1 {
			want = 0.3
		}
		if r := math.Hypot(c.At(i, 0), c.At(i, 1)); math.Abs(r-want) > 1e-12 {
			t.Fatalf("circle point %d radius %v, want %v", i, r, want)
		}
	}
	s, tt, err := SwissRoll{N: 200, Seed: 3}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 200; i++ {
		if r := math.Hypot(s.At(i, 0), s.At(i, 2)); math.Abs(r-tt[i]) > 1e-9 {
			t.Fatalf("swiss roll point %d radius %v, want t = %v", i, r, tt[i])
		}
	}
	sc, st, err := SCurve{N: 200, Seed: 3}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 200; i++ {
		if math.Abs(sc.At(i, 0)-math.Sin(st[i])) > 1e-12 || st[i] < -1.5*math.Pi || st[i] > 1.5*math.Pi {
			t.Fatalf("S-curve point %d off the curve", i)
		}
	}
}

func TestGaussianMixtureMoments(t *testing.T) {
	means := mat.NewDense(2, 3, []float64{0, 0, 0, 20, -5, 3})
	c0 := mat.NewSymDense(3, []float64{4, 1.5, 0, 1.5, 2, -0.5, 0, -0.5, 1})
	// Rank-2 (semi-definite) covariance: the third coordinate is the sum of the first two.
	c1 := mat.NewSymDense(3, []float64{1, 0, 1, 0, 1, 1, 1, 1, 2})
	g := GaussianMixture{N: 60000, Weights: []float64{1, 2}, Means: means, Covs: []mat.Symmetric{c0, c1}, Seed: 11}
	x, labels, err := g.Generate()
	if err != nil {
		t.Fatal(err)
	}
	count1 := 0
	for _, l := range labels {
		count1 += l
	}
	if frac := float64(count1) / 60000; math.Abs(frac-2.0/3) > 0.01 {
		t.Errorf("weight of component 1 = %v, want 2/3", frac)
	}
	for q, want := range []*mat.SymDense{c0, c1} {
		mean, cov := colMeanCov(rowsWithLabel(x, labels, q))
		for a := 0; a < 3; a++ {
			if math.Abs(mean[a]-means.At(q, a)) > 0.05 {
				t.Errorf("component %d mean[%d] = %v, want %v", q, a, mean[a], means.At(q, a))
			}
			for b := 0; b < 3; b++ {
				if math.Abs(cov.At(a, b)-want.At(a, b)) > 0.1 {
					t.Errorf("component %d cov(%d,%d) = %v, want %v", q, a, b, cov.At(a, b), want.At(a, b))
				}
			}
		}
	}
	x2, _, _ := g.Generate()
	if !mat.Equal(x, x2) {
		t.Error("same seed gave different data")
	}
}

func TestSourcesAndMixing(t *testing.T) {
	kinds := []Source{Laplace, Uniform, Gaussian, Sine, Square, Sawtooth}
	s, err := Sources{N: 20000, Kinds: kinds, Seed: 5}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	wantKurt := []float64{3, -1.2, 0, -1.5, -2, -1.2}
	for j, k := range kinds {
		col := mat.Col(nil, j, s)
		if m := stat.Mean(col, nil); math.Abs(m) > 1e-12 {
			t.Errorf("%v mean %v", k, m)
		}
		if v := stat.PopVariance(col, nil); math.Abs(v-1) > 1e-12 {
			t.Errorf("%v variance %v", k, v)
		}
		if ku := stat.ExKurtosis(col, nil); math.Abs(ku-wantKurt[j]) > 0.25 {
			t.Errorf("%v excess kurtosis %v, want %v", k, ku, wantKurt[j])
		}
	}
	a, err := MixingMatrix(6, 5, 9)
	if err != nil {
		t.Fatal(err)
	}
	if c := mat.Cond(a, 2); math.Abs(c-5) > 1e-9 {
		t.Errorf("condition number %v, want 5", c)
	}
	x, err := Mix(s, a)
	if err != nil {
		t.Fatal(err)
	}
	var want mat.VecDense
	want.MulVec(a, s.RowView(123))
	for i := 0; i < 6; i++ {
		if math.Abs(x.At(123, i)-want.AtVec(i)) > 1e-12 {
			t.Fatalf("X row 123 ≠ A·s")
		}
	}
}

func TestBadInput(t *testing.T) {
	nonPSD := mat.NewSymDense(2, []float64{1, 2, 2, 1})
	means := mat.NewDense(1, 2, nil)
	cases := []struct {
		name string
		err  error
		want error
	}{
		{"blobs n=0", func() error { _, _, _, e := Blobs{N: 0}.Generate(); return e }(), ErrParam},
		{"blobs negative std", func() error { _, _, _, e := Blobs{N: 5, Std: -1}.Generate(); return e }(), ErrParam},
		{"blobs k<0", func() error { _, _, _, e := Blobs{N: 5, K: -2}.Generate(); return e }(), ErrParam},
		{"blobs centre/K mismatch", func() error {
			_, _, _, e := Blobs{N: 5, K: 3, Centers: mat.NewDense(2, 2, nil)}.Generate()
			return e
		}(), ErrShape},
		{"blobs NaN centre", func() error {
			_, _, _, e := Blobs{N: 5, Centers: mat.NewDense(1, 1, []float64{math.NaN()})}.Generate()
			return e
		}(), ErrNotFinite},
		{"blobs typed-nil centres", func() error {
			_, _, _, e := Blobs{N: 5, Centers: (*mat.Dense)(nil)}.Generate()
			return e
		}(), ErrEmpty},
		{"mix typed-nil sources", func() error { _, e := Mix((*mat.Dense)(nil), mat.NewDense(1, 1, nil)); return e }(), ErrEmpty},
		{"moons negative noise", func() error { _, _, e := Moons{N: 5, Noise: -0.1}.Generate(); return e }(), ErrParam},
		{"circles factor 1", func() error { _, _, e := Circles{N: 5, Factor: 1}.Generate(); return e }(), ErrParam},
		{"swiss roll n<0", func() error { _, _, e := SwissRoll{N: -1}.Generate(); return e }(), ErrParam},
		{"s-curve NaN noise", func() error { _, _, e := SCurve{N: 3, Noise: math.NaN()}.Generate(); return e }(), ErrParam},
		{"mixture non-PSD", func() error {
			_, _, e := GaussianMixture{N: 5, Means: means, Covs: []mat.Symmetric{nonPSD}}.Generate()
			return e
		}(), ErrParam},
		{"mixture cov size", func() error {
			_, _, e := GaussianMixture{N: 5, Means: means, Covs: []mat.Symmetric{mat.NewSymDense(3, nil)}}.Generate()
			return e
		}(), ErrShape},
		{"mixture weights length", func() error {
			_, _, e := GaussianMixture{N: 5, Means: means, Weights: []float64{1, 1}}.Generate()
			return e
		}(), ErrShape},
		{"mixture negative weight", func() error {
			_, _, e := GaussianMixture{N: 5, Means: means, Weights: []float64{-1}}.Generate()
			return e
		}(), ErrParam},
		{"mixture nil means", func() error { _, _, e := GaussianMixture{N: 5}.Generate(); return e }(), ErrEmpty},
		{"sources n=1", func() error { _, e := Sources{N: 1}.Generate(); return e }(), ErrParam},
		{"sources bad kind", func() error { _, e := Sources{N: 10, Kinds: []Source{42}}.Generate(); return e }(), ErrParam},
		{"mixing cond<1", func() error { _, e := MixingMatrix(3, 0.5, 1); return e }(), ErrParam},
		{"mixing m=0", func() error { _, e := MixingMatrix(0, 2, 1); return e }(), ErrParam},
		{"mix shapes", func() error { _, e := Mix(mat.NewDense(4, 2, nil), mat.NewDense(3, 3, nil)); return e }(), ErrShape},
	}
	for _, c := range cases {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, c.err, c.want)
		}
	}
}

func BenchmarkBlobs1e5x10(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, _, _, err := (Blobs{N: 100000, K: 10, Dim: 10, Seed: 1}).Generate(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGaussianMixture1e5x10(b *testing.B) {
	means := mat.NewDense(2, 10, nil)
	cov := mat.NewSymDense(10, nil)
	for i := 0; i < 10; i++ {
		cov.SetSym(i, i, 2)
		if i > 0 {
			cov.SetSym(i, i-1, 0.5)
		}
	}
	g := GaussianMixture{N: 100000, Means: means, Covs: []mat.Symmetric{cov, cov}, Seed: 1}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := g.Generate(); err != nil {
			b.Fatal(err)
		}
	}
}
