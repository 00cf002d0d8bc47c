package gibbs

import (
	"errors"
	"fmt"
	"math"
	"testing"
)

// TestMeanExampleLogPAClosedForm checks the empirical log PA of the sample mean against its
// closed form: with posteriors N(a, v) and N(b, v) on a grid of spacing δ, κ ≈ δ·N(a − b; 0, 2v),
// and a − b ~ N(0, 2v) with v = 1/n, so I = ln(|C|δ) − ½ ln(4πv) − ½.
func TestMeanExampleLogPAClosedForm(t *testing.T) {
	const n = 20
	ph, err := GaussianPhenomena(1, n)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Protocol[[]float64]{Phenomena: ph, Posterior: SampleMean.Posterior, Seed: 7}.LogPA(4000)
	if err != nil {
		t.Fatal(err)
	}
	want := math.Log(321*0.05) - 0.5*math.Log(4*math.Pi/n) - 0.5
	if math.Abs(got-want) > 0.05 {
		t.Errorf("Î = %g, closed form %g", got, want)
	}
}

func TestMeanExampleShapes(t *testing.T) {
	mu, err := SpreadMeans(5)
	if err != nil || fmt.Sprint(mu) != "[-4 -2 0 2 4]" {
		t.Errorf("SpreadMeans(5) = %v (%v)", mu, err)
	}
	shift, _ := MeanShift(5)
	if y := shift([]float64{1, 2}, 4); y[0] != 5 || y[1] != 6 {
		t.Errorf("shift = %v", y)
	}
	m, v, err := Midrange.Estimate([]float64{-1, 3, 0})
	if err != nil || m != 1 || math.Abs(v-math.Pi*math.Pi/(24*math.Log(3))) > 1e-15 {
		t.Errorf("midrange %g %g %v", m, v, err)
	}
	lp, err := SampleMean.Posterior([]float64{0.5, 1.5})
	if err != nil || len(lp) != len(MeanGrid()) {
		t.Fatalf("posterior: %d values, %v", len(lp), err)
	}
	s := 0.0
	for _, l := range lp {
		s += math.Exp(l)
	}
	if math.Abs(s-1) > 1e-12 {
		t.Errorf("posterior sums to %g", s)
	}
}

func TestMeanExampleBadInput(t *testing.T) {
	if _, err := SpreadMeans(0); !errors.Is(err, ErrParam) {
		t.Errorf("SpreadMeans(0): %v", err)
	}
	if _, err := GaussianPhenomena(3, 1); !errors.Is(err, ErrParam) {
		t.Errorf("GaussianPhenomena(n = 1): %v", err)
	}
	if _, err := MeanShift(-1); !errors.Is(err, ErrParam) {
		t.Errorf("MeanShift(-1): %v", err)
	}
	if _, _, err := SampleMean.Estimate([]float64{1}); !errors.Is(err, ErrParam) {
		t.Errorf("one point: %v", err)
	}
	if _, err := Midrange.Posterior([]float64{1, math.NaN()}); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN: %v", err)
	}
	if _, _, err := MeanEstimator(9).Estimate([]float64{1, 2}); !errors.Is(err, ErrParam) {
		t.Errorf("unknown estimator: %v", err)
	}
}

func ExampleMeanEstimator() {
	ph, _ := GaussianPhenomena(8, 20)
	for _, e := range []MeanEstimator{SampleMean, Midrange} {
		r, _ := Protocol[[]float64]{Phenomena: ph, Posterior: e.Posterior, Trials: 400, Seed: 1}.Run()
		fmt.Printf("%s decodes 8 phenomena %s\n", e, map[bool]string{true: "reliably", false: "with errors"}[r.Rate > 0.95])
	}
	// Output:
	// sample mean decodes 8 phenomena reliably
	// midrange decodes 8 phenomena with errors
}
