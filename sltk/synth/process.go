package synth

import (
	"fmt"
	"math"
)

// AR draws N steps of a stationary Gaussian autoregressive process of order 1 with unit
// variance, x_t = ρ x_{t−1} + √(1−ρ²) e_t with e_t ~ N(0, 1) and x_0 ~ N(0, 1). Its lag-τ
// autocorrelation is ρ^τ, so two such sources with different ρ are Gaussian yet separable by
// second-order ICA (AMUSE, SOBI; ML chapter 2 (Independent component analysis) §2.4). Rho must lie
// in (−1, 1). Cost O(N).
type AR struct {
	N    int
	Rho  float64
	Seed uint64
}

// Generate returns the N values.
func (a AR) Generate() ([]float64, error) {
	if err := checkN("AR.Generate", a.N); err != nil {
		return nil, err
	}
	if !(a.Rho > -1 && a.Rho < 1) {
		return nil, fmt.Errorf("synth: AR.Generate: Rho = %v, want a value in (−1, 1): %w", a.Rho, ErrParam)
	}
	rng := newRand(a.Seed)
	v := make([]float64, a.N)
	v[0] = rng.NormFloat64()
	s := math.Sqrt(1 - a.Rho*a.Rho)
	for t := 1; t < a.N; t++ {
		v[t] = a.Rho*v[t-1] + s*rng.NormFloat64()
	}
	return v, nil
}

// MA draws N steps of a Gaussian moving average of order 1 with unit variance,
// x_t = (e_t + θ e_{t−1}) / √(1+θ²) with e_t ~ N(0, 1). Its lag-1 autocorrelation is θ/(1+θ²)
// and all longer lags are 0: with θ = 1 it has the same lag-1 autocorrelation ½ as AR with
// ρ = ½ but differs at lag 2, the case where SOBI succeeds and AMUSE at lag 1 fails. Theta must
// be finite with |Theta| ≤ 1e150 (θ² must not overflow). Cost O(N).
type MA struct {
	N     int
	Theta float64
	Seed  uint64
}

// Generate returns the N values.
func (m MA) Generate() ([]float64, error) {
	if err := checkN("MA.Generate", m.N); err != nil {
		return nil, err
	}
	if !(math.Abs(m.Theta) <= 1e150) {
		return nil, fmt.Errorf("synth: MA: Theta = %v, want |Theta| ≤ 1e150: %w", m.Theta, ErrParam)
	}
	rng := newRand(m.Seed)
	v := make([]float64, m.N)
	norm := math.Sqrt(1 + m.Theta*m.Theta)
	prev := rng.NormFloat64()
	for t := range v {
		e := rng.NormFloat64()
		v[t] = (e + m.Theta*prev) / norm
		prev = e
	}
	return v, nil
}
