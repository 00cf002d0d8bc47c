package density

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat/distmv"
)

// Switch points of package density:
//
//   - GMM's E- and M-steps run over fixed chunks of 4096 rows (one chunk up to p = 4096, then
//     ⌈p/4096⌉ chunks of equal size, several goroutines when there are ≥ 2 chunks);
//   - KDEModel.LogDensity and the leave-one-out search split their rows over goroutines in
//     chunks of at least 64 (one goroutine below 128 rows).
//
// Each side and the boundary are checked against an independent reference (gonum's distmv
// for mixture densities, a direct sum for kernel estimates), with duplicate rows, d = 1 and
// p = 1 among the cases, and 1 vs several goroutines give the same bits.

// twoBlobs returns p points in d dimensions from two blobs, with every fifth row a duplicate
// of the row before it (ties).
func twoBlobs(p, d int, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 3))
	return fuzzdata.Rows(p, d, fuzzdata.Ties(5, func(i int, row []float64) {
		for j := range row {
			row[j] = float64(3*(i%2)) + rng.NormFloat64()
		}
	}))
}

// mixtureRef returns ln Σ_q P(q) N(x; w_q, Σ_q) and the responsibilities by gonum's distmv.
func mixtureRef(t *testing.T, r *GMMResult, x []float64) (float64, []float64) {
	t.Helper()
	k, _ := r.Means.Dims()
	logs := make([]float64, k)
	for q := 0; q < k; q++ {
		n, ok := distmv.NewNormal(mat.Row(nil, q, r.Means), r.Covs[q], nil)
		if !ok {
			t.Fatalf("component %d: covariance not positive definite", q)
		}
		logs[q] = math.Log(r.Weights[q]) + n.LogProb(x)
	}
	lse := floats.LogSumExp(logs)
	post := make([]float64, k)
	for q := range post {
		post[q] = math.Exp(logs[q] - lse)
	}
	return lse, post
}

func TestGMMChunkBoundary(t *testing.T) {
	for _, c := range []struct{ p, d, k int }{
		{1, 1, 1}, {7, 1, 2}, {4095, 2, 2}, {4096, 2, 2}, {4097, 2, 2}, {8192, 1, 2}, {8193, 3, 2},
	} {
		for _, cov := range []CovType{Full, Diagonal, Isotropic} {
			x := twoBlobs(c.p, c.d, uint64(c.p))
			g := GMM{K: c.k, Cov: cov, Seed: 1, MaxIter: 30}
			var r1, r2 *GMMResult
			var err1, err2 error
			fuzzdata.WithProcs(1, func() { r1, err1 = g.Fit(x) })
			fuzzdata.WithProcs(4, func() { r2, err2 = g.Fit(x) })
			if err1 != nil || err2 != nil {
				t.Fatalf("p=%d d=%d %v: %v, %v", c.p, c.d, cov, err1, err2)
			}
			if r1.LogLik != r2.LogLik || !mat.Equal(r1.Means, r2.Means) {
				t.Errorf("p=%d %v: 1 and 4 goroutines differ: %v vs %v", c.p, cov, r1.LogLik, r2.LogLik)
			}
			ld, err := r1.LogDensity(x)
			if err != nil {
				t.Fatal(err)
			}
			post, err := r1.Posteriors(x)
			if err != nil {
				t.Fatal(err)
			}
			sum := 0.0
			for i := 0; i < c.p; i++ {
				want, wpost := mixtureRef(t, r1, x.RawRowView(i))
				sum += want
				if math.Abs(ld[i]-want) > 1e-10*math.Max(1, math.Abs(want)) {
					t.Fatalf("p=%d %v row %d: log-density %v, distmv %v", c.p, cov, i, ld[i], want)
				}
				for q := range wpost {
					if math.Abs(post.At(i, q)-wpost[q]) > 1e-10 {
						t.Fatalf("p=%d %v row %d: posterior %v, distmv %v", c.p, cov, i, post.RawRowView(i), wpost)
					}
				}
			}
			score, _ := r1.Score(x)
			if want := sum / float64(c.p); math.Abs(score-want) > 1e-10*math.Max(1, math.Abs(want)) {
				t.Errorf("p=%d %v: Score %v, distmv mean %v", c.p, cov, score, want)
			}
			if math.Abs(r1.LogLik-score) > 1e-9*math.Max(1, math.Abs(score)) {
				t.Errorf("p=%d %v: LogLik %v ≠ Score of the fitted parameters %v", c.p, cov, r1.LogLik, score)
			}
		}
	}
}

// kdeRef is ln P̂(q) of a Gaussian-kernel estimate by the definition, with the largest
// exponent factored out by hand.
func kdeRef(data *mat.Dense, h float64, q []float64) float64 {
	p, d := data.Dims()
	e := make([]float64, p)
	m := math.Inf(-1)
	for i := 0; i < p; i++ {
		s := 0.0
		for j := 0; j < d; j++ {
			v := q[j] - data.At(i, j)
			s += v * v
		}
		e[i] = -s / (2 * h * h)
		m = math.Max(m, e[i])
	}
	t := 0.0
	for _, v := range e {
		t += math.Exp(v - m)
	}
	return m + math.Log(t/float64(p)) - float64(d)/2*math.Log(2*math.Pi*h*h)
}

func TestKDEParallelBoundary(t *testing.T) {
	data := twoBlobs(150, 2, 9)
	m, err := KDE{Bandwidth: 0.7}.Fit(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []int{1, 63, 64, 127, 128, 129, 300} {
		q := twoBlobs(r, 2, uint64(r)+100)
		var a, b []float64
		fuzzdata.WithProcs(1, func() { a, err = m.LogDensity(q) })
		if err != nil {
			t.Fatal(err)
		}
		fuzzdata.WithProcs(4, func() { b, _ = m.LogDensity(q) })
		if !floats.Same(a, b) {
			t.Errorf("r=%d: 1 and 4 goroutines differ", r)
		}
		for i := 0; i < r; i++ {
			if want := kdeRef(data, 0.7, q.RawRowView(i)); math.Abs(a[i]-want) > 1e-12*math.Max(1, math.Abs(want)) {
				t.Fatalf("r=%d row %d: %v, reference %v", r, i, a[i], want)
			}
		}
	}
	// Leave-one-out search on p = 127, 128, 129 points (1 vs 2 chunks of ≥ 64): the curve is
	// Σ_α ln P̂_{−α}(x_α), P̂_{−α} the estimate on the other p − 1 points.
	for _, p := range []int{2, 127, 128, 129} {
		x := twoBlobs(p, 1, uint64(p))
		widths := []float64{0.3, 1}
		var s1, s2 *BandwidthSearch
		fuzzdata.WithProcs(1, func() { s1, err = LeaveOneOut(x, GaussianKernel, widths) })
		if err != nil {
			t.Fatal(err)
		}
		fuzzdata.WithProcs(4, func() { s2, _ = LeaveOneOut(x, GaussianKernel, widths) })
		if !floats.Same(s1.LogLik, s2.LogLik) {
			t.Errorf("p=%d: LOO differs between 1 and 4 goroutines", p)
		}
		for w, h := range widths {
			want := 0.0
			for a := 0; a < p; a++ {
				rest := mat.NewDense(p-1, 1, nil)
				k := 0
				for b := 0; b < p; b++ {
					if b != a {
						rest.Set(k, 0, x.At(b, 0))
						k++
					}
				}
				want += kdeRef(rest, h, x.RawRowView(a))
			}
			if math.Abs(s1.LogLik[w]-want) > 1e-10*math.Max(1, math.Abs(want)) {
				t.Errorf("p=%d h=%v: LOO %v, reference %v", p, h, s1.LogLik[w], want)
			}
		}
	}
}
