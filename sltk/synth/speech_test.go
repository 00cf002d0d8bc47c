package synth

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/stat"
)

func TestSpeech(t *testing.T) {
	v, err := Speech{N: 8000, Seed: 3}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	mean, variance := stat.MeanVariance(v, nil)
	if math.Abs(mean) > 1e-12 || math.Abs(variance*7999/8000-1) > 1e-12 {
		t.Errorf("mean %v, population variance %v; want 0, 1", mean, variance*7999/8000)
	}
	if k := stat.ExKurtosis(v, nil); k < 1 {
		t.Errorf("excess kurtosis %v, want a super-Gaussian signal (> 1)", k)
	}
	// The pauses (the last 0.04 s of every 0.16 s) hold only the small noise.
	var pause, voiced float64
	var np, nv int
	for i, x := range v {
		if math.Mod(float64(i)/8000, 0.16) >= 0.125 {
			pause, np = pause+x*x, np+1
		} else {
			voiced, nv = voiced+x*x, nv+1
		}
	}
	if r := (pause / float64(np)) / (voiced / float64(nv)); r > 0.01 {
		t.Errorf("power in the pauses / power in the syllables = %v, want < 0.01", r)
	}
	w, _ := Speech{N: 8000, Seed: 3}.Generate()
	u, _ := Speech{N: 8000, Seed: 4}.Generate()
	same, differ := true, false
	for i := range v {
		same = same && v[i] == w[i]
		differ = differ || v[i] != u[i]
	}
	if !same || !differ {
		t.Errorf("same seed same signal: %v; other seed other noise: %v", same, differ)
	}
	if _, err := (Speech{N: 1}).Generate(); !errors.Is(err, ErrParam) {
		t.Errorf("N = 1: %v", err)
	}
}

func ExampleSpeech() {
	v, err := Speech{N: 16000, Seed: 1}.Generate() // two seconds at 8 kHz
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d samples, super-Gaussian: %v\n", len(v), stat.ExKurtosis(v, nil) > 1)
	// Output: 16000 samples, super-Gaussian: true
}
