package synth

import (
	"fmt"
	"math"
)

// Speech synthesises N samples of a speech-like signal at 8 kHz for the cocktail-party demo of
// ICA (ML chapter 2 (Independent component analysis) §2.1): a glottal pulse train (20 harmonics of
// amplitude 1/h) whose pitch glides around 130 Hz (f₀ = 130 + 30 sin(2π·3t) Hz), shaped by two
// formant resonances at 700 and 1200 Hz, cut into syllables of 0.12 s by a sin² envelope with 0.04
// s pauses, plus Gaussian noise of standard deviation 0.01. The result is centred and scaled to
// unit sample variance, like the columns of Sources; its distribution is strongly super-Gaussian
// (the pauses), as real speech is. Cost O(20·N).
type Speech struct {
	N    int // number of samples, ≥ 2
	Seed uint64
}

// Generate returns the N samples.
func (s Speech) Generate() ([]float64, error) {
	if s.N < 2 {
		return nil, fmt.Errorf("synth: Speech.Generate: number of samples N = %d, want ≥ 2: %w", s.N, ErrParam)
	}
	if err := checkN("Speech.Generate", s.N); err != nil {
		return nil, err
	}
	rng := newRand(s.Seed)
	const fs = 8000.0
	out := make([]float64, s.N)
	phase := 0.0
	for i := range out {
		t := float64(i) / fs
		f0 := 130 + 30*math.Sin(2*math.Pi*3*t)
		phase += 2 * math.Pi * f0 / fs
		var v float64
		for h := 1.0; h <= 20; h++ {
			f := h * f0
			gain := 1/(1+math.Pow((f-700)/120, 2)) + 0.6/(1+math.Pow((f-1200)/150, 2))
			v += gain / h * math.Sin(h*phase)
		}
		syl := math.Mod(t, 0.16) / 0.12 // a syllable of 0.12 s, then a 0.04 s pause
		env := 0.0
		if syl < 1 {
			env = math.Pow(math.Sin(math.Pi*syl), 2)
		}
		out[i] = env*v + 0.01*rng.NormFloat64()
	}
	standardize(out) // never constant: the noise term alone varies
	return out, nil
}
