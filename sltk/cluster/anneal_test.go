package cluster

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/gibbs"
	"gonum.org/v1/gonum/mat"
)

// daBlobs draws n points around each centre with isotropic noise sd, scaled by scale.
func daBlobs(centres [][]float64, n int, sd, scale float64, seed uint64) (*mat.Dense, []int) {
	rng := rand.New(rand.NewPCG(seed, 1))
	d := len(centres[0])
	x := mat.NewDense(n*len(centres), d, nil)
	lab := make([]int, n*len(centres))
	for g, c := range centres {
		for i := 0; i < n; i++ {
			r := g*n + i
			lab[r] = g
			for j := 0; j < d; j++ {
				x.Set(r, j, scale*(c[j]+sd*rng.NormFloat64()))
			}
		}
	}
	return x, lab
}

var daThree = [][]float64{{0, 0}, {6, 0}, {3, 5}}

func TestDAFirstSplitAtCriticalTemperature(t *testing.T) {
	// O10: the first split happens within one schedule step of T_c = 2 λ_max.
	x, _ := daBlobs(daThree, 60, 0.7, 1, 3)
	tc, err := CriticalTemperature(x)
	if err != nil {
		t.Fatal(err)
	}
	res, err := DA{K: 3, Schedule: gibbs.Schedule{T0: 1.3 * tc, TMin: 0.3 * tc, Cooling: 0.95}, Seed: 1}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(res.Tc-tc) > 1e-12*tc {
		t.Fatalf("Tc %g vs %g", res.Tc, tc)
	}
	if len(res.Splits) == 0 {
		t.Fatal("no split")
	}
	first := res.Splits[0]
	if first > tc || first < 0.95*0.95*tc {
		t.Fatalf("first split at T = %g, T_c = %g", first, tc)
	}
	for _, lv := range res.Levels {
		if lv.T > tc && lv.Distinct != 1 {
			t.Fatalf("%d distinct centroids above T_c at T = %g", lv.Distinct, lv.T)
		}
	}
}

func TestDAOneDimensionalTwoComponentClosedForm(t *testing.T) {
	// O10: for ±a with spread s the 1/n variance λ gives T_c = 2λ ≈ 2(a²+s²).
	n := 400
	x := mat.NewDense(n, 1, nil)
	rng := rand.New(rand.NewPCG(5, 5))
	for i := 0; i < n; i++ {
		a := 2.0
		if i%2 == 1 {
			a = -2
		}
		x.Set(i, 0, a+0.5*rng.NormFloat64())
	}
	tc, _ := CriticalTemperature(x)
	if math.Abs(tc-2*(4+0.25)) > 0.1*8.5 {
		t.Fatalf("T_c = %g, closed form %g", tc, 8.5)
	}
	res, err := DA{K: 2, Schedule: gibbs.Schedule{T0: 1.2 * tc, TMin: 0.8 * tc, Cooling: 0.98}, Seed: 2}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Splits) == 0 || res.Splits[0] > tc || res.Splits[0] < 0.98*0.98*tc {
		t.Fatalf("split at %v, T_c = %g", res.Splits, tc)
	}
}

func TestDAScalesAndLimits(t *testing.T) {
	// Runs without NaN from T ≫ T_c to T → 0 at data scales 1e-6 … 1e6; the result scales with
	// the data (O1: DA at tiny T is a Lloyd fixed point).
	var ref []int
	for _, sc := range []float64{1e-6, 1e-3, 1, 1e3, 1e6} {
		x, _ := daBlobs(daThree, 40, 0.6, sc, 7)
		res, err := DA{K: 3, Schedule: gibbs.Schedule{TMin: 1e-8 * sc * sc, Cooling: 0.8}, Seed: 9}.Fit(x)
		if err != nil {
			t.Fatalf("scale %g: %v", sc, err)
		}
		for _, lv := range res.Levels {
			if math.IsNaN(lv.FreeEnergy) || math.IsInf(lv.FreeEnergy, 0) || math.IsNaN(lv.Entropy) {
				t.Fatalf("scale %g: non-finite trace at T = %g", sc, lv.T)
			}
		}
		if got := res.Levels[len(res.Levels)-1].Distinct; got != 3 {
			t.Fatalf("scale %g: %d distinct centroids at the end", sc, got)
		}
		// Lloyd fixed point: each centroid is the mean of its hard cluster.
		n, d := x.Dims()
		sum := mat.NewDense(3, d, nil)
		cnt := make([]float64, 3)
		for i := 0; i < n; i++ {
			c := res.Labels[i]
			cnt[c]++
			for j := 0; j < d; j++ {
				sum.Set(c, j, sum.At(c, j)+x.At(i, j))
			}
		}
		for c := 0; c < 3; c++ {
			for j := 0; j < d; j++ {
				if m := sum.At(c, j) / cnt[c]; math.Abs(m-res.Centroids.At(c, j)) > 1e-5*sc {
					t.Fatalf("scale %g: centroid %d not the mean of its cluster", sc, c)
				}
			}
		}
		if ref == nil {
			ref = res.Labels
		}
		for i := range ref {
			if ref[i] != res.Labels[i] {
				t.Fatalf("scale %g: labels differ from scale 1e-6", sc)
			}
		}
	}
}

func TestDAHighTemperatureMean(t *testing.T) {
	// O1 / Theorem 11: far above T_c every centroid is the sample mean.
	x, _ := daBlobs(daThree, 30, 0.5, 1, 11)
	tc, _ := CriticalTemperature(x)
	res, err := DA{K: 4, Schedule: gibbs.Schedule{T0: 100 * tc, TMin: 50 * tc}, Seed: 3, Noise: 1e-2}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := x.Dims()
	for j := 0; j < 2; j++ {
		var m float64
		for i := 0; i < n; i++ {
			m += x.At(i, j) / float64(n)
		}
		for c := 0; c < 4; c++ {
			if math.Abs(res.Centroids.At(c, j)-m) > 1e-6 {
				t.Fatalf("centroid %d coordinate %d = %g, mean %g", c, j, res.Centroids.At(c, j), m)
			}
		}
	}
}

func TestDAFreeEnergyMonotoneAndGradient(t *testing.T) {
	// O9: F non-increasing under the fixed-point map; gradient −2Σp(x−θ) matches finite
	// differences (E15: no 1/T factor).
	x, _ := daBlobs(daThree, 20, 1, 1, 13)
	T := 1.7
	theta := mat.NewDense(3, 2, []float64{1, 1, 2, 0, 3, 3})
	prev := math.Inf(1)
	for it := 0; it < 30; it++ {
		f, _, err := FreeEnergy(x, theta, T)
		if err != nil {
			t.Fatal(err)
		}
		if f > prev+1e-9*math.Abs(prev) {
			t.Fatalf("F rose from %g to %g", prev, f)
		}
		prev = f
		p, _ := Posteriors(x, theta, T)
		var num mat.Dense
		num.Mul(p.T(), x)
		for c := 0; c < 3; c++ {
			w := mat.Sum(p.ColView(c))
			for j := 0; j < 2; j++ {
				theta.Set(c, j, num.At(c, j)/w)
			}
		}
	}
	theta = mat.NewDense(3, 2, []float64{1, 1, 2, 0, 3, 3})
	_, g, _ := FreeEnergy(x, theta, T)
	h := 1e-6
	for c := 0; c < 3; c++ {
		for j := 0; j < 2; j++ {
			v := theta.At(c, j)
			theta.Set(c, j, v+h)
			fp, _, _ := FreeEnergy(x, theta, T)
			theta.Set(c, j, v-h)
			fm, _, _ := FreeEnergy(x, theta, T)
			theta.Set(c, j, v)
			if fd := (fp - fm) / (2 * h); math.Abs(fd-g.At(c, j)) > 1e-5*math.Max(1, math.Abs(fd)) {
				t.Fatalf("gradient (%d,%d): analytic %g, finite difference %g", c, j, g.At(c, j), fd)
			}
		}
	}
}

func TestDAHessianAtInfinity(t *testing.T) {
	// O9: Hessian of F at θ^∞ (all centroids at the mean of centred data) equals P + Q with
	// P = (2N/K)δ(I − 2S/(TN)), Q = 4S/(TK²) (the seed's Q = 2S/K² is erratum E17).
	x, _ := daBlobs([][]float64{{0, 0}, {2, 1}}, 4, 1, 1, 17)
	n, d := x.Dims()
	for j := 0; j < d; j++ {
		var m float64
		for i := 0; i < n; i++ {
			m += x.At(i, j) / float64(n)
		}
		for i := 0; i < n; i++ {
			x.Set(i, j, x.At(i, j)-m)
		}
	}
	K, T := 3, 1.7
	var S mat.Dense
	S.Mul(x.T(), x)
	theta := mat.NewDense(K, d, nil)
	h := 1e-4
	grad := func() []float64 {
		_, g, _ := FreeEnergy(x, theta, T)
		return g.RawMatrix().Data
	}
	for k := 0; k < K; k++ {
		for a := 0; a < d; a++ {
			theta.Set(k, a, h)
			gp := grad()
			theta.Set(k, a, -h)
			gm := grad()
			theta.Set(k, a, 0)
			for l := 0; l < K; l++ {
				for b := 0; b < d; b++ {
					fd := (gp[l*d+b] - gm[l*d+b]) / (2 * h)
					want := 4 * S.At(a, b) / (T * float64(K*K))
					if k == l {
						id := 0.0
						if a == b {
							id = 1
						}
						want += 2 * float64(n) / float64(K) * (id - 2*S.At(a, b)/(T*float64(n)))
					}
					if math.Abs(fd-want) > 1e-6*math.Max(1, math.Abs(want)) {
						t.Fatalf("H[(%d,%d),(%d,%d)] = %g, want %g", k, a, l, b, fd, want)
					}
				}
			}
		}
	}
}

func TestDAOneStepIsGMMEMStep(t *testing.T) {
	// O27: one DA step = one EM step of an equal-weight isotropic GMM with variance T/2.
	x, _ := daBlobs(daThree, 10, 1, 1, 19)
	T := 2.3
	theta := mat.NewDense(3, 2, []float64{0, 1, 5, 0, 2, 4})
	p, _ := Posteriors(x, theta, T)
	n, _ := x.Dims()
	v := T / 2
	for i := 0; i < n; i++ {
		var logs [3]float64
		mx := math.Inf(-1)
		for c := 0; c < 3; c++ {
			dx, dy := x.At(i, 0)-theta.At(c, 0), x.At(i, 1)-theta.At(c, 1)
			logs[c] = math.Log(1.0/3) - math.Log(2*math.Pi*v) - (dx*dx+dy*dy)/(2*v)
			mx = math.Max(mx, logs[c])
		}
		var z float64
		for c := range logs {
			z += math.Exp(logs[c] - mx)
		}
		for c := range logs {
			if g := math.Exp(logs[c]-mx) / z; math.Abs(g-p.At(i, c)) > 1e-14 {
				t.Fatalf("responsibility (%d,%d): GMM %g, DA %g", i, c, g, p.At(i, c))
			}
		}
	}
}

func TestDADeterministicAcrossWorkers(t *testing.T) {
	x, _ := daBlobs(daThree, 2500, 0.8, 1, 23) // 7500 rows: several blocks
	a := DA{K: 3, Schedule: gibbs.Schedule{Cooling: 0.7}, Seed: 4, Workers: 1}
	r1, err := a.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	a.Workers = 4
	r4, err := a.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(r1.Centroids, r4.Centroids) || r1.Levels[3].FreeEnergy != r4.Levels[3].FreeEnergy {
		t.Fatal("results depend on the number of workers")
	}
}

func TestDABadInput(t *testing.T) {
	x, _ := daBlobs(daThree, 5, 1, 1, 1)
	nan := mat.DenseCopyOf(x)
	nan.Set(2, 1, math.NaN())
	cases := []struct {
		name string
		a    DA
		x    mat.Matrix
		want error
	}{
		{"K<1", DA{K: 0}, x, ErrParam},
		{"K>n", DA{K: 100}, x, ErrParam},
		{"NaN", DA{K: 2}, nan, ErrNotFinite},
		{"empty", DA{K: 1}, &mat.Dense{}, ErrEmpty},
		{"1e300", DA{K: 1}, mat.NewDense(2, 1, []float64{0, 1e300}), ErrNotFinite},
		{"T0<0", DA{K: 2, Schedule: gibbs.Schedule{T0: -1}}, x, ErrParam},
		{"TMin>T0", DA{K: 2, Schedule: gibbs.Schedule{T0: 1, TMin: 2}}, x, ErrParam},
		{"alpha", DA{K: 2, Schedule: gibbs.Schedule{Cooling: 1.5}}, x, ErrParam},
		{"too many levels", DA{K: 2, Schedule: gibbs.Schedule{T0: 1, TMin: 1e-300, Cooling: 0.9999}}, x, errs.ErrTooLarge},
	}
	for _, c := range cases {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("%s: panic %v", c.name, r)
				}
			}()
			_, err := c.a.Fit(c.x)
			if !errors.Is(err, c.want) {
				t.Fatalf("%s: error %v, want %v", c.name, err, c.want)
			}
		}()
	}
	if _, err := Posteriors(x, mat.NewDense(2, 2, nil), 0); !errors.Is(err, ErrParam) {
		t.Fatalf("T = 0: %v", err)
	}
}

func TestDALimitIsLloydFixedPoint(t *testing.T) {
	// Thm. 11: as T → 0 DA ends at a fixed point of Lloyd's algorithm: KMeans started from DA's
	// centroids changes nothing.
	x, _ := daBlobs([][]float64{{0, 0}, {4, 0}, {2, 3}, {6, 4}}, 50, 0.9, 1, 29)
	da, err := DA{K: 4, Schedule: gibbs.Schedule{Cooling: 0.85}, Seed: 5}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	km, err := KMeans{K: 4, Init: KMeansGiven, Centroids: da.Centroids}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(km.Cost-da.Cost) > 1e-9*da.Cost || !mat.EqualApprox(km.Centroids, da.Centroids, 1e-6) {
		t.Fatalf("Lloyd moved DA's centroids: cost %g → %g", da.Cost, km.Cost)
	}
	for i, l := range km.Labels {
		if l != da.Labels[i] {
			t.Fatalf("point %d relabelled by Lloyd", i)
		}
	}
}
