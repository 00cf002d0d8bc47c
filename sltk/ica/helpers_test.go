package ica

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"gonum.org/v1/gonum/mat"
)

// srcKind names the test sources.
type srcKind int

const (
	srcLaplace srcKind = iota
	srcUniform
	srcGauss
	srcSine
	srcBinary
	srcExpo
	srcLogistic
)

// draw returns n unit-variance samples of a kind (random-phase sine for srcSine).
func draw(rng *rand.Rand, kind srcKind, n int) []float64 {
	v := make([]float64, n)
	phase := 2 * math.Pi * rng.Float64()
	freq := 0.01 + 0.05*rng.Float64()
	for i := range v {
		switch kind {
		case srcLaplace:
			e := rng.ExpFloat64() / math.Sqrt2
			if rng.IntN(2) == 0 {
				e = -e
			}
			v[i] = e
		case srcUniform:
			v[i] = math.Sqrt(3) * (2*rng.Float64() - 1)
		case srcGauss:
			v[i] = rng.NormFloat64()
		case srcSine:
			v[i] = math.Sqrt2 * math.Sin(2*math.Pi*freq*float64(i)+phase)
		case srcBinary:
			v[i] = float64(2*rng.IntN(2) - 1)
		case srcExpo:
			v[i] = rng.ExpFloat64() - 1
		case srcLogistic:
			p := rng.Float64()
			v[i] = math.Log(p/(1-p)) * math.Sqrt(3) / math.Pi
		}
	}
	return v
}

// sources returns an n×k matrix with the given kinds in its columns.
func sources(seed uint64, n int, kinds ...srcKind) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 7))
	s := mat.NewDense(n, len(kinds), nil)
	for j, kd := range kinds {
		s.SetCol(j, draw(rng, kd, n))
	}
	return s
}

// ar1 returns n samples of an AR(1) process with coefficient rho and Gaussian innovations,
// scaled to unit stationary variance.
func ar1(rng *rand.Rand, rho float64, n int) []float64 {
	v := make([]float64, n)
	sd := math.Sqrt(1 - rho*rho)
	v[0] = rng.NormFloat64()
	for i := 1; i < n; i++ {
		v[i] = rho*v[i-1] + sd*rng.NormFloat64()
	}
	return v
}

// arPair returns n samples of two independent Gaussian AR(1) sources with coefficients rho1
// and rho2 (unit stationary variance), one per column.
func arPair(seed uint64, n int, rho1, rho2 float64) *mat.Dense {
	rng := newRand(seed)
	s := mat.NewDense(n, 2, nil)
	s.SetCol(0, ar1(rng, rho1, n))
	s.SetCol(1, ar1(rng, rho2, n))
	return s
}

// mixing returns a random d×d Gaussian mixing matrix with condition number below 20.
func mixing(seed uint64, d int) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 11))
	for {
		a := fuzzdata.Normal(rng, d, d)
		if mat.Cond(a, 2) < 20 {
			return a
		}
	}
}

// mix returns X = S Aᵀ plus an offset, so that centring matters.
func mix(s, a *mat.Dense) *mat.Dense {
	var x mat.Dense
	x.Mul(s, a.T())
	n, d := x.Dims()
	for i := range n {
		for j := range d {
			x.Set(i, j, x.At(i, j)+float64(j+1))
		}
	}
	return &x
}

func amari(t testing.TB, r *Result, a *mat.Dense) float64 {
	t.Helper()
	v, err := r.Amari(a)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
