package ica_test

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/ica"
	"gonum.org/v1/gonum/mat"
)

// Two independent sources, one uniform and one Laplace, mixed by a 2×2 matrix.
func mixedPair(n int) (*mat.Dense, *mat.Dense, *mat.Dense) {
	rng := rand.New(rand.NewPCG(1, 2))
	s := mat.NewDense(n, 2, nil)
	for i := range n {
		s.Set(i, 0, math.Sqrt(3)*(2*rng.Float64()-1))
		l := rng.ExpFloat64() / math.Sqrt2
		if rng.IntN(2) == 0 {
			l = -l
		}
		s.Set(i, 1, l)
	}
	a := mat.NewDense(2, 2, []float64{1, 0.6, 0.4, 1})
	var x mat.Dense
	x.Mul(s, a.T())
	return &x, s, a
}

func ExampleFastICA() {
	x, s, a := mixedPair(20000)
	res, err := ica.FastICA{Contrast: ica.LogCosh, Mode: ica.Symmetric, Seed: 1}.Fit(x)
	if err != nil {
		fmt.Println(err)
		return
	}
	am, _ := res.Amari(a)
	m, _ := ica.Match(res.Sources, s)
	fmt.Println("converged:", res.Converged)
	fmt.Println("Amari index below 0.02:", am < 0.02)
	fmt.Printf("|corr| with the true sources: %.2f %.2f\n", m.Corr[0], m.Corr[1])
	// Output:
	// converged: true
	// Amari index below 0.02: true
	// |corr| with the true sources: 1.00 1.00
}

func ExampleWhitener() {
	x, _, _ := mixedPair(1000)
	wt, err := ica.Whitener{}.Fit(x)
	if err != nil {
		fmt.Println(err)
		return
	}
	var c mat.Dense
	c.Mul(wt.U.T(), wt.U)
	c.Scale(1/1000.0, &c)
	var dev float64
	for i := range 2 {
		for j := range 2 {
			want := 0.0
			if i == j {
				want = 1
			}
			dev = math.Max(dev, math.Abs(c.At(i, j)-want))
		}
	}
	fmt.Printf("kept %d directions; max |(1/n)UᵀU − I| below 1e-12: %v\n", wt.Components, dev < 1e-12)
	// Output:
	// kept 2 directions; max |(1/n)UᵀU − I| below 1e-12: true
}

func ExampleAMUSE() {
	// Two Gaussian AR(1) series with autocorrelations 0.9 and −0.5: no higher-order method
	// can separate them, the lag-1 covariance can.
	rng := rand.New(rand.NewPCG(3, 4))
	n := 20000
	s := mat.NewDense(n, 2, nil)
	for i := 1; i < n; i++ {
		s.Set(i, 0, 0.9*s.At(i-1, 0)+math.Sqrt(1-0.81)*rng.NormFloat64())
		s.Set(i, 1, -0.5*s.At(i-1, 1)+math.Sqrt(1-0.25)*rng.NormFloat64())
	}
	a := mat.NewDense(2, 2, []float64{1, 0.6, 0.4, 1})
	var x mat.Dense
	x.Mul(s, a.T())
	res, err := ica.AMUSE{Lag: 1}.Fit(&x)
	if err != nil {
		fmt.Println(err)
		return
	}
	am, _ := res.Amari(a)
	fmt.Printf("lag-1 autocorrelations: %.1f %.1f\n", res.Values[0], res.Values[1])
	fmt.Println("Amari index below 0.05:", am < 0.05)
	// Output:
	// lag-1 autocorrelations: 0.9 -0.5
	// Amari index below 0.05: true
}

func ExampleAmariIndex() {
	perfect := mat.NewDense(2, 2, []float64{0, 3, -1, 0}) // scaled, signed permutation
	mixed := mat.NewDense(2, 2, []float64{1, 0.5, 0.5, 1})
	a, _ := ica.AmariIndex(perfect)
	b, _ := ica.AmariIndex(mixed)
	fmt.Println(a, b)
	// Output:
	// 0 0.5
}

func ExampleGaussianMoments() {
	eG, eG2, _ := ica.GaussianMoments(ica.LogCosh, 1)
	fmt.Printf("E G1(ν) = %.10f, E G1''(ν) = %.10f\n", eG, eG2)
	// Output:
	// E G1(ν) = 0.3745672075, E G1''(ν) = 0.6057055096
}

func ExampleInfomax() {
	// Natural-gradient Infomax with the logistic score separates super-Gaussian sources.
	rng := rand.New(rand.NewPCG(5, 6))
	n := 20000
	s := mat.NewDense(n, 2, nil)
	for i := range n {
		for j := range 2 {
			l := rng.ExpFloat64()
			if rng.IntN(2) == 0 {
				l = -l
			}
			s.Set(i, j, l)
		}
	}
	a := mat.NewDense(2, 2, []float64{2, 1, 1, 1})
	var x mat.Dense
	x.Mul(s, a.T())
	res, err := ica.Infomax{}.Fit(&x)
	if err != nil {
		fmt.Println(err)
		return
	}
	am, _ := res.Amari(a)
	fmt.Println("Amari index below 0.05:", am < 0.05, "objective rose:", res.Trace[len(res.Trace)-1] > res.Trace[0])
	// Output:
	// Amari index below 0.05: true objective rose: true
}

// The matching, the re-ordered sources and the Amari index of a fit against the known truth.
func ExampleResult_Evaluate() {
	x, s, a := mixedPair(20000)
	res, err := ica.FastICA{Seed: 1}.Fit(x)
	if err != nil {
		fmt.Println(err)
		return
	}
	ev, err := res.Evaluate(s, a)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("|corr| %.2f %.2f, Amari index below 0.02: %v\n", ev.Matching.Corr[0],
		ev.Matching.Corr[1], ev.Amari < 0.02)
	// Output: |corr| 1.00 1.00, Amari index below 0.02: true
}
