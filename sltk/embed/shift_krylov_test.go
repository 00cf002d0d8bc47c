package embed

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// circleDissimilarities returns the squared distances of n points on three circles traced at
// frequencies 1, 2, 3 with radii 3, 3·(1+jitter), 1 (so S^c has the exactly repeated
// eigenvalue pairs n·r²/2, and with a tiny jitter a clustered quadruple), every off-diagonal
// entry lowered by 2δ (S^c − δQ: the n − 7 zero eigenvalues become a hugely repeated −δ, the
// smallest), plus symmetric noise of size noise.
func circleDissimilarities(n int, jitter, delta, noise float64, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 9))
	radii := []float64{3, 3 * (1 + jitter), 1}
	p := make([][]float64, n)
	for i := range p {
		for f, r := range radii {
			t := 2 * math.Pi * float64((f+1)*i) / float64(n)
			p[i] = append(p[i], r*math.Cos(t), r*math.Sin(t))
		}
	}
	d := mat.NewDense(n, n, nil)
	for i := range n {
		for j := range i {
			s := 0.0
			for c := range p[i] {
				s += (p[i][c] - p[j][c]) * (p[i][c] - p[j][c])
			}
			s += -2*delta + noise*rng.NormFloat64()
			d.Set(i, j, s)
			d.Set(j, i, s)
		}
	}
	return d
}

func randomWords(n int, seed uint64) []string {
	rng := rand.New(rand.NewPCG(seed, 3))
	w := make([]string, n)
	for i := range w {
		b := make([]byte, 3+rng.IntN(6))
		for j := range b {
			b[j] = "abcdeiklmnorst"[rng.IntN(14)]
		}
		w[i] = string(b)
	}
	return w
}

// TestConstantShiftKrylovSwitch runs ConstantShift.Fit on both sides of the switch to Lanczos
// (n = shiftDenseMax, shiftDenseMax + 1, and larger) on hard spectra (exactly repeated pairs,
// a clustered quadruple, a hugely repeated smallest eigenvalue, edit distances) and compares
// with the dense path (Dims = n − 1): the shift, the leading Values and Eigenvalues to 10⁻⁸ of
// the largest, and each embedding column v (unit after dividing by √θ) an eigenvector of S̃^c
// with residual ‖S̃^c v − θv‖ ≤ 10⁻⁸·‖S̃^c‖ and orthogonal to the others; where the kept
// eigenvalues are separated from the next by a gap, the columns equal the dense ones.
func TestConstantShiftKrylovSwitch(t *testing.T) {
	type tcase struct {
		name string
		d    *mat.Dense
	}
	var cases []tcase
	for _, n := range []int{shiftDenseMax, shiftDenseMax + 1, 320} {
		cases = append(cases,
			tcase{fmt.Sprintf("pairs n=%d", n), circleDissimilarities(n, 0, 0.5, 0, 1)},
			tcase{fmt.Sprintf("clustered n=%d", n), circleDissimilarities(n, 1e-7, 0.2, 1e-3, 2)})
		d, err := EditDistances(randomWords(n, uint64(n)))
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, tcase{fmt.Sprintf("words n=%d", n), d})
	}
	compared := 0
	defer func() { t.Logf("%d columns compared with the dense ones", compared) }()
	for _, tc := range cases {
		n, _ := tc.d.Dims()
		full, err := ConstantShift{}.Fit(tc.d)
		if err != nil {
			t.Fatal(err)
		}
		scale := full.Values[0]
		if math.Abs(full.Shift) > 0 && math.Abs(full.Shift) > scale {
			scale = full.Shift
		}
		t.Logf("%s: shift %.4g, λ₁…λ₄ of S̃^c %.6g", tc.name, full.Shift, full.Values[:4])
		st, _ := ShiftDissimilarities(tc.d, full.Shift)
		sTilde := centredSimilarity(st)
		for _, dims := range []int{1, 2, 3, 5, 10} {
			got, err := ConstantShift{Dims: dims}.Fit(tc.d)
			if err != nil {
				t.Fatalf("%s dims=%d: %v", tc.name, dims, err)
			}
			wantLen := n
			if n > shiftDenseMax {
				wantLen = dims
			}
			if len(got.Values) != wantLen || len(got.Eigenvalues) != wantLen {
				t.Fatalf("%s dims=%d: %d values, want %d (the path taken)", tc.name, dims, len(got.Values), wantLen)
			}
			if math.Abs(got.Shift-full.Shift) > 1e-8*scale {
				t.Errorf("%s dims=%d: shift %v, dense %v", tc.name, dims, got.Shift, full.Shift)
			}
			for i := range dims {
				if math.Abs(got.Values[i]-full.Values[i]) > 1e-8*scale ||
					math.Abs(got.Eigenvalues[i]-full.Eigenvalues[i]) > 1e-8*scale {
					t.Errorf("%s dims=%d: value %d: (%v, %v), dense (%v, %v)", tc.name, dims, i,
						got.Values[i], got.Eigenvalues[i], full.Values[i], full.Eigenvalues[i])
				}
			}
			gap := full.Values[dims-1]-full.Values[dims] > 1e-3*scale
			cols := make([][]float64, dims)
			for j := range dims {
				th := got.Values[j]
				v := mat.Col(nil, j, got.Embedding)
				w := mat.Col(nil, j, full.Embedding)
				if th <= 1e-6*scale {
					continue
				}
				for i := range v {
					v[i] /= math.Sqrt(th)
				}
				cols[j] = v
				var sv mat.VecDense
				sv.MulVec(sTilde, mat.NewVecDense(n, v))
				res := 0.0
				for i := range v {
					res += (sv.AtVec(i) - th*v[i]) * (sv.AtVec(i) - th*v[i])
				}
				if math.Sqrt(res) > 1e-8*scale {
					t.Errorf("%s dims=%d: column %d residual %g", tc.name, dims, j, math.Sqrt(res))
				}
				sep := (j == 0 || full.Values[j-1]-full.Values[j] > 1e-3*scale) &&
					full.Values[j]-full.Values[j+1] > 1e-3*scale
				if gap && sep {
					compared++
					for i := range v {
						if math.Abs(got.Embedding.At(i, j)-w[i]) > 1e-6*math.Sqrt(scale) {
							t.Errorf("%s dims=%d: column %d differs from dense at %d: %v vs %v",
								tc.name, dims, j, i, got.Embedding.At(i, j), w[i])
							break
						}
					}
				}
			}
			for a := range dims {
				for b := range a {
					if cols[a] == nil || cols[b] == nil {
						continue
					}
					dot := 0.0
					for i := range cols[a] {
						dot += cols[a][i] * cols[b][i]
					}
					if math.Abs(dot) > 1e-8 {
						t.Errorf("%s dims=%d: columns %d, %d not orthogonal (%g)", tc.name, dims, a, b, dot)
					}
				}
			}
		}
	}
}

// TestConstantShiftKrylovFallback: when Lanczos is capped below what it needs, Fit falls back
// to the dense path (all n values) and still gives the dense answer.
func TestConstantShiftKrylovFallback(t *testing.T) {
	old := shiftKrylovIter
	shiftKrylovIter = 5
	defer func() { shiftKrylovIter = old }()
	d, _ := EditDistances(randomWords(shiftDenseMax+40, 7))
	got, err := ConstantShift{Dims: 4}.Fit(d)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := d.Dims(); len(got.Values) != n {
		t.Fatalf("%d values: the fallback did not run", len(got.Values))
	}
}

// BenchmarkConstantShift1000 embeds the edit distances of 1000 random words in 10 dimensions
// (the Lanczos path) and, for comparison, with all dimensions (the dense path).
func BenchmarkConstantShift1000(b *testing.B) {
	d, _ := EditDistances(randomWords(1000, 5))
	for _, dims := range []int{10, 999} {
		b.Run(fmt.Sprintf("dims=%d", dims), func(b *testing.B) {
			for b.Loop() {
				if _, err := (ConstantShift{Dims: dims}).Fit(d); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
