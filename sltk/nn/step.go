package nn

import (
	"math"

	"github.com/sltk-book/sltk/sltk/internal/par"
)

// stepper applies the optimiser's update to the parameters, in parameter chunks on several
// goroutines (each entry's update reads and writes only that entry).
type stepper struct {
	opt        Optimizer
	lr, beta   float64
	m, v       []float64
	t          int
	b1, b2, ep float64
}

func newStepper(c config, p int) *stepper {
	s := &stepper{opt: c.Optimizer, lr: c.LearningRate, beta: c.Momentum, b1: 0.9, b2: 0.999, ep: 1e-8}
	switch c.Optimizer {
	case Momentum:
		s.m = make([]float64, p)
	case Adam:
		s.m, s.v = make([]float64, p), make([]float64, p)
	}
	return s
}

const minParams = 1 << 14

func (s *stepper) step(theta, g []float64) {
	s.t++
	switch s.opt {
	case SGD:
		par.Chunks(len(theta), minParams, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				theta[i] -= s.lr * g[i]
			}
		})
	case Momentum:
		par.Chunks(len(theta), minParams, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				s.m[i] = s.beta*s.m[i] + g[i]
				theta[i] -= s.lr * s.m[i]
			}
		})
	case Adam:
		// θ −= η·m̂/(√v̂ + ε) with m̂ = m/c₁, v̂ = v/c₂, written with one square root and
		// one division per entry: η/c₁ · m/(√v·(1/√c₂) + ε).
		c1 := 1 - math.Pow(s.b1, float64(s.t))
		c2 := 1 - math.Pow(s.b2, float64(s.t))
		b1, b2, ep, lr, rc2 := s.b1, s.b2, s.ep, s.lr/c1, 1/math.Sqrt(c2)
		par.Chunks(len(theta), minParams, func(lo, hi int) {
			m, v, th := s.m[lo:hi], s.v[lo:hi], theta[lo:hi]
			for i, gi := range g[lo:hi] {
				mi := b1*m[i] + (1-b1)*gi
				vi := b2*v[i] + (1-b2)*gi*gi
				m[i], v[i] = mi, vi
				th[i] -= lr * mi / (math.Sqrt(vi)*rc2 + ep)
			}
		})
	}
}
