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
	lrT, rc2   T // Adam's η/c₁ and 1/√c₂ of step t (begin)
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
	s.begin()
	s.apply(theta, grads, 0, len(theta))
}

// begin starts the step t+1: the constants of Adam's bias correction. The update itself is
// apply's, or applyRange's on parts of the parameters.
func (s *stepper[T]) begin() {
	s.t++
	if s.opt == Adam {
		c1 := 1 - math.Pow(s.b1, float64(s.t))
		c2 := 1 - math.Pow(s.b2, float64(s.t))
		s.lrT, s.rc2 = T(float64(s.lr)/c1), T(1/math.Sqrt(c2))
	}
}

// apply updates theta[lo:hi] with the sum of grads (their entries lo to hi) on all cores.
func (s *stepper[T]) apply(theta []T, grads [][]T, lo, hi int) {
	par.Chunks(hi-lo, minParams, func(a, b int) { s.applyRange(theta, grads, lo+a, lo+b) })
}

// applyRange updates theta[lo:hi] with the sum of grads on the calling goroutine: the sum and
// the update in one pass over the range.
func (s *stepper[T]) applyRange(theta []T, grads [][]T, lo, hi int) {
	g := grads[0]
	switch s.opt {
	case SGD:
		s.sum(grads, lo, hi)
		for i := lo; i < hi; i++ {
			theta[i] -= s.lr * g[i]
		}
	case Momentum:
		s.sum(grads, lo, hi)
		for i := lo; i < hi; i++ {
			s.m[i] = s.beta*s.m[i] + g[i]
			theta[i] -= s.lr * s.m[i]
		}
	case Adam:
		// θ −= η·m̂/(√v̂ + ε) with m̂ = m/c₁, v̂ = v/c₂, written with one square root and
		// one division per entry: η/c₁ · m/(√v·(1/√c₂) + ε), vectorised by kernel.Adam.
		b1, b2, ep := T(s.b1), T(s.b2), T(s.ep)
		if len(grads) == 2 { // two shards: their sum read inside the step (same bits)
			kernel.AdamSum(theta[lo:hi], g[lo:hi], grads[1][lo:hi], s.m[lo:hi], s.v[lo:hi], b1, b2, s.lrT, s.rc2, ep)
			return
		}
		s.sum(grads, lo, hi)
		kernel.Adam(theta[lo:hi], g[lo:hi], s.m[lo:hi], s.v[lo:hi], b1, b2, s.lrT, s.rc2, ep)
	}
}

// sum adds grads[1:] into grads[0] over [lo, hi).
func (s *stepper[T]) sum(grads [][]T, lo, hi int) {
	for _, h := range grads[1:] {
		kernel.AddTo(grads[0][lo:hi], h[lo:hi])
	}
}
