package nn

import (
	"math"

	"github.com/sltk-book/sltk/sltk/internal/kernel"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// minRows is the smallest row chunk worth a goroutine in the elementwise loops.
const minRows = 16

// work holds the buffers of forward and backward passes over batches of up to rows rows.
type work struct {
	m     *Model
	rows  int
	a     [][]float64 // a[l]: rows×s_l; a[0] the input batch, a[L] the class probabilities
	delta [][]float64 // delta[l]: rows×s_l, ∂loss/∂z_l (l ≥ 1)
	grad  []float64   // laid out like m.params
	loss  []float64   // per-row cross-entropy
	right []bool      // per-row: argmax of the probabilities is the label
}

func newWork(m *Model, rows int) *work {
	L := len(m.Layers)
	total := 0
	for _, ly := range m.Layers {
		total += (ly.In + 1) * ly.Out
	}
	w := &work{m: m, rows: rows, a: make([][]float64, L+1), delta: make([][]float64, L+1),
		grad: make([]float64, total), loss: make([]float64, rows), right: make([]bool, rows)}
	w.a[0] = make([]float64, rows*m.Layers[0].In)
	for l, ly := range m.Layers {
		w.a[l+1] = make([]float64, rows*ly.Out)
		w.delta[l+1] = make([]float64, rows*ly.Out)
	}
	return w
}

func general(data []float64, r, c int) blas64.General {
	return blas64.General{Rows: r, Cols: c, Stride: c, Data: data[:r*c]}
}

// forward computes the activations of the first b rows of a[0]; with labels it also fills
// loss and right. The last layer applies a stable softmax (max subtracted).
func (w *work) forward(b int, y []int) {
	L := len(w.m.Layers)
	for l, ly := range w.m.Layers {
		in, out := w.a[l], w.a[l+1]
		kernel.Gemm(blas.NoTrans, blas.NoTrans, 1, general(in, b, ly.In), general(ly.W, ly.In, ly.Out),
			0, general(out, b, ly.Out))
		last := l == L-1
		act := w.m.Activation
		par.Chunks(b, minRows, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				z := out[i*ly.Out : (i+1)*ly.Out]
				for j, bj := range ly.B {
					z[j] += bj
				}
				if last {
					w.softmax(z, i, y)
				} else {
					activate(act, z)
				}
			}
		})
	}
}

// softmax turns the scores z of row i into probabilities in place and, with labels, records
// −log p_y = log Σ_j e^{z_j − max} − (z_y − max) and whether argmax z = y.
func (w *work) softmax(z []float64, i int, y []int) {
	mx, arg := z[0], 0
	for j, v := range z {
		if v > mx {
			mx, arg = v, j
		}
	}
	zy := 0.0
	if y != nil {
		zy = z[y[i]] - mx
	}
	s := 0.0
	for j, v := range z {
		e := math.Exp(v - mx)
		z[j] = e
		s += e
	}
	inv := 1 / s
	for j := range z {
		z[j] *= inv
	}
	if y != nil {
		w.loss[i] = math.Log(s) - zy
		w.right[i] = arg == y[i]
	}
}

func activate(a Activation, z []float64) {
	switch a {
	case ReLU:
		for j, v := range z {
			if v < 0 {
				z[j] = 0
			}
		}
	case Tanh:
		for j, v := range z {
			z[j] = math.Tanh(v)
		}
	case Sigmoid:
		for j, v := range z {
			if v >= 0 {
				z[j] = 1 / (1 + math.Exp(-v))
			} else {
				e := math.Exp(v)
				z[j] = e / (1 + e)
			}
		}
	}
}

// derivative multiplies d by f'(z) written through the activation value a = f(z).
func derivative(act Activation, d, a []float64) {
	switch act {
	case ReLU:
		for j, v := range a {
			if v <= 0 {
				d[j] = 0
			}
		}
	case Tanh:
		for j, v := range a {
			d[j] *= 1 - v*v
		}
	case Sigmoid:
		for j, v := range a {
			d[j] *= v * (1 - v)
		}
	}
}

// backward fills grad with the gradient of (1/b)·Σ_i loss_i + (λ/2)·Σ‖W‖² after forward(b, y):
// the chain rule layer by layer (equations 1.10–1.13 of the chapter).
func (w *work) backward(b int, y []int) {
	L := len(w.m.Layers)
	k := w.m.K
	p, dL := w.a[L], w.delta[L]
	invB := 1 / float64(b)
	par.Chunks(b, minRows, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			for j := 0; j < k; j++ {
				dL[i*k+j] = p[i*k+j] * invB
			}
			dL[i*k+y[i]] -= invB
		}
	})
	off := len(w.grad)
	for l := L - 1; l >= 0; l-- {
		ly := w.m.Layers[l]
		off -= (ly.In + 1) * ly.Out
		gW := w.grad[off : off+ly.In*ly.Out]
		gB := w.grad[off+ly.In*ly.Out : off+(ly.In+1)*ly.Out]
		d := w.delta[l+1]
		// gW = a_{l}ᵀ·δ + λ·W
		beta := 0.0
		if lam := w.m.WeightDecay; lam != 0 {
			for i, v := range ly.W {
				gW[i] = lam * v
			}
			beta = 1
		}
		kernel.Gemm(blas.Trans, blas.NoTrans, 1, general(w.a[l], b, ly.In), general(d, b, ly.Out),
			beta, general(gW, ly.In, ly.Out))
		// gB = column sums of δ, each summed over rows in order (no dependence on cores)
		par.Chunks(ly.Out, 8, func(lo, hi int) {
			for j := lo; j < hi; j++ {
				s := 0.0
				for i := 0; i < b; i++ {
					s += d[i*ly.Out+j]
				}
				gB[j] = s
			}
		})
		if l == 0 {
			break
		}
		// δ_{l} = (δ_{l+1}·Wᵀ) ⊙ f'(z_l)
		prev, a := w.delta[l], w.a[l]
		kernel.Gemm(blas.NoTrans, blas.Trans, 1, general(d, b, ly.Out), general(ly.W, ly.In, ly.Out),
			0, general(prev, b, ly.In))
		act := w.m.Activation
		par.Chunks(b, minRows, func(lo, hi int) {
			derivative(act, prev[lo*ly.In:hi*ly.In], a[lo*ly.In:hi*ly.In])
		})
	}
}

// meanLoss returns the mean of loss[:b] and the count of right[:b], summed in row order.
func (w *work) meanLoss(b int) (float64, int) {
	s, c := 0.0, 0
	for i := 0; i < b; i++ {
		s += w.loss[i]
		if w.right[i] {
			c++
		}
	}
	return s / float64(b), c
}

// penalty returns (λ/2)·Σ‖W_l‖².
func (m *Model) penalty() float64 {
	if m.WeightDecay == 0 {
		return 0
	}
	s := 0.0
	for _, ly := range m.Layers {
		for _, v := range ly.W {
			s += v * v
		}
	}
	return m.WeightDecay / 2 * s
}
