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
		c1 := 1 - math.Pow(s.b1, float64(s.t))
		c2 := 1 - math.Pow(s.b2, float64(s.t))
		b1, b2, ep, lr := s.b1, s.b2, s.ep, s.lr
		par.Chunks(len(theta), minParams, func(lo, hi int) {
			m, v := s.m[lo:hi], s.v[lo:hi]
			for i, gi := range g[lo:hi] {
				m[i] = b1*m[i] + (1-b1)*gi
				v[i] = b2*v[i] + (1-b2)*gi*gi
				theta[lo+i] -= lr * (m[i] / c1) / (math.Sqrt(v[i]/c2) + ep)
			}
		})
	}
}
