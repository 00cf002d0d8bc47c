package nn

import (
	"math"

	"github.com/sltk-book/sltk/sltk/internal/kernel"
	"github.com/sltk-book/sltk/sltk/internal/par"
)

// stepper applies the optimiser's update to the parameters, in parameter chunks on several
// goroutines (each entry's update reads and writes only that entry).
type stepper[T float] struct {
	opt        Optimizer
	lr, beta   T
	m, v       []T
	t          int
	b1, b2, ep float64
}

func newStepper[T float](c config, p int) *stepper[T] {
	s := &stepper[T]{opt: c.Optimizer, lr: T(c.LearningRate), beta: T(c.Momentum), b1: 0.9, b2: 0.999, ep: 1e-8}
	switch c.Optimizer {
	case Momentum:
		s.m = make([]T, p)
	case Adam:
		s.m, s.v = make([]T, p), make([]T, p)
	}
	return s
}

const minParams = 1 << 14

// step adds the gradients grads[1:] into grads[0] and applies the optimiser's update with
// their sum, chunk by chunk (each chunk's sum and update in one pass over it).
func (s *stepper[T]) step(theta []T, grads [][]T) {
	s.t++
	g := grads[0]
	sum := func(lo, hi int) {
		for _, h := range grads[1:] {
			kernel.AddTo(g[lo:hi], h[lo:hi])
		}
	}
	switch s.opt {
	case SGD:
		par.Chunks(len(theta), minParams, func(lo, hi int) {
			sum(lo, hi)
			for i := lo; i < hi; i++ {
				theta[i] -= s.lr * g[i]
			}
		})
	case Momentum:
		par.Chunks(len(theta), minParams, func(lo, hi int) {
			sum(lo, hi)
			for i := lo; i < hi; i++ {
				s.m[i] = s.beta*s.m[i] + g[i]
				theta[i] -= s.lr * s.m[i]
			}
		})
	case Adam:
		// θ −= η·m̂/(√v̂ + ε) with m̂ = m/c₁, v̂ = v/c₂, written with one square root and
		// one division per entry: η/c₁ · m/(√v·(1/√c₂) + ε), vectorised by kernel.Adam.
		c1 := 1 - math.Pow(s.b1, float64(s.t))
		c2 := 1 - math.Pow(s.b2, float64(s.t))
		b1, b2, ep, lr, rc2 := T(s.b1), T(s.b2), T(s.ep), T(float64(s.lr)/c1), T(1/math.Sqrt(c2))
		par.Chunks(len(theta), minParams, func(lo, hi int) {
			if len(grads) == 2 { // two shards: their sum read inside the step (same bits)
				kernel.AdamSum(theta[lo:hi], g[lo:hi], grads[1][lo:hi], s.m[lo:hi], s.v[lo:hi], b1, b2, lr, rc2, ep)
				return
			}
			sum(lo, hi)
			kernel.Adam(theta[lo:hi], g[lo:hi], s.m[lo:hi], s.v[lo:hi], b1, b2, lr, rc2, ep)
		})
	}
}
