package nn

import (
	"math"

	"github.com/sltk-book/sltk/sltk/internal/kernel"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
	"gonum.org/v1/gonum/blas/blas64"
)

// minRows is the smallest row chunk worth a goroutine in the elementwise loops.
const minRows = 16

// float is the type of the numbers of a training run: float64, or float32 with
// Precision = Float32.
type float interface{ float32 | float64 }

// net is a network's layers in the type T of a run: views into one parameter slice laid out
// like Model.params (per layer W then B).
type net[T float] struct {
	w, b   [][]T // w[l]: in_l×out_l row-major, b[l]: out_l
	widths []int // in_0, out_0 = in_1, …, out_{L−1} = K
	act    Activation
	lambda T // WeightDecay
	params []T
}

// newNet lays the layers of m out over params (len(params) == len(m.params)).
func newNet[T float](m *Model, params []T) *net[T] {
	n := &net[T]{act: m.Activation, lambda: T(m.WeightDecay), params: params,
		widths: []int{m.Layers[0].In}}
	off := 0
	for _, ly := range m.Layers {
		nw := ly.In * ly.Out
		n.w = append(n.w, params[off:off+nw:off+nw])
		n.b = append(n.b, params[off+nw:off+nw+ly.Out:off+nw+ly.Out])
		n.widths = append(n.widths, ly.Out)
		off += nw + ly.Out
	}
	return n
}

// work holds the buffers of forward and backward passes over batches of up to rows rows.
type work[T float] struct {
	net   *net[T]
	rows  int
	a     [][]T     // a[l]: rows×s_l; a[0] the input batch, a[L] the class probabilities
	delta [][]T     // delta[l]: rows×s_l, ∂loss/∂z_l (l ≥ 1)
	grad  []T       // laid out like the parameters
	loss  []float64 // per-row cross-entropy
	right []bool    // per-row: argmax of the probabilities is the label
	// workers caps the goroutines of its products and elementwise loops: 0 for all cores,
	// 1 for a batch shard that runs beside another (trainNet).
	workers int
	// zeros: the input batch a[0] has many exact zeros (float32 training on sparse data,
	// trainNet), so the first layer's products skip them (kernel.SgemmSkipZeros).
	zeros bool
	// packed, when set (float32 training in two shards, trainNet), holds the first layer's
	// weights packed for the product with the input batch, once per batch for both shards.
	packed *kernel.PackedB32
	// skipW0: backward leaves the first layer's weight gradient to splitW0 (float32 training
	// in two shards side by side, trainNet).
	skipW0 bool
}

// chunks runs fn over row (or column) chunks [lo, hi) of 0, …, n−1: on several goroutines
// (par.Chunks) unless the work is limited to one.
func (w *work[T]) chunks(n, minChunk int, fn func(lo, hi int)) {
	if w.workers == 1 {
		fn(0, n)
		return
	}
	par.Chunks(n, minChunk, fn)
}

func newWork[T float](n *net[T], rows int) *work[T] {
	L := len(n.w)
	w := &work[T]{net: n, rows: rows, a: make([][]T, L+1), delta: make([][]T, L+1),
		grad: make([]T, len(n.params)), loss: make([]float64, rows), right: make([]bool, rows)}
	for l, s := range n.widths {
		w.a[l] = make([]T, rows*s)
		if l > 0 {
			w.delta[l] = make([]T, rows*s)
		}
	}
	return w
}

// load copies the rows idx of data (d columns) into the input batch, converting to T, and
// their labels into by (when y is not nil).
func (w *work[T]) load(data []float64, d int, y, idx, by []int) {
	w.chunks(len(idx), 64, func(s, e int) {
		for i := s; i < e; i++ {
			src := data[idx[i]*d : (idx[i]+1)*d]
			switch dst := any(w.a[0][i*d : (i+1)*d]).(type) {
			case []float32:
				kernel.Narrow(dst, src)
			case []float64:
				copy(dst, src)
			}
			if y != nil {
				by[i] = y[idx[i]]
			}
		}
	})
}

// gemm sets the r×c matrix z = op(x)·op(y) + beta·z through the library's product kernel of T,
// on at most workers goroutines (all cores if 0); in float32 with zeros, through
// kernel.SgemmSkipZeros, which skips the steps where op(x) is zero (same bits).
func gemm[T float](workers int, zeros bool, tA, tB blas.Transpose, x []T, xr, xc int, y []T, yr, yc int, beta T, z []T, r, c int) {
	switch x := any(x).(type) {
	case []float64:
		g := func(d []float64, r, c int) blas64.General {
			return blas64.General{Rows: r, Cols: c, Stride: c, Data: d[:r*c]}
		}
		kernel.GemmWorkers(workers, tA, tB, 1, g(x, xr, xc), g(any(y).([]float64), yr, yc), float64(beta),
			g(any(z).([]float64), r, c))
	case []float32:
		g := func(d []float32, r, c int) blas32.General {
			return blas32.General{Rows: r, Cols: c, Stride: c, Data: d[:r*c]}
		}
		f := kernel.SgemmWorkers
		if zeros {
			f = kernel.SgemmSkipZeros
		}
		f(workers, tA, tB, 1, g(x, xr, xc), g(any(y).([]float32), yr, yc), float32(beta), g(any(z).([]float32), r, c))
	}
}

// forward computes the activations of the first b rows of a[0]; with labels it also fills
// loss and right. The last layer applies a stable softmax (max subtracted).
func (w *work[T]) forward(b int, y []int) {
	L := len(w.net.w)
	for l := range L {
		in, out := w.net.widths[l], w.net.widths[l+1]
		if x, ok := any(w.a[0]).([]float32); ok && l == 0 && w.packed != nil {
			kernel.SgemmPacked(w.workers, w.zeros, blas.NoTrans, 1, blas32.General{Rows: b, Cols: in, Stride: in, Data: x[:b*in]},
				w.packed, 0, blas32.General{Rows: b, Cols: out, Stride: out, Data: any(w.a[1]).([]float32)[:b*out]})
		} else {
			gemm(w.workers, w.zeros && l == 0, blas.NoTrans, blas.NoTrans, w.a[l], b, in, w.net.w[l], in, out, 0, w.a[l+1], b, out)
		}
		z, bias, last, act := w.a[l+1], w.net.b[l], l == L-1, w.net.act
		w.chunks(b, minRows, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				zi := z[i*out : (i+1)*out]
				if last {
					for j, bj := range bias {
						zi[j] += bj
					}
					w.softmax(zi, i, y)
					continue
				}
				activate(act, zi, bias)
			}
		})
	}
}

// softmax turns the scores z of row i into probabilities in place and, with labels, records
// −log p_y = log Σ_j e^{z_j − max} − (z_y − max) and whether argmax z = y. The exponentials
// and their sum are in float64 whatever T.
func (w *work[T]) softmax(z []T, i int, y []int) {
	mx, arg := z[0], 0
	for j, v := range z {
		if v > mx {
			mx, arg = v, j
		}
	}
	zy := 0.0
	if y != nil {
		zy = float64(z[y[i]] - mx)
	}
	s := 0.0
	for j, v := range z {
		e := math.Exp(float64(v - mx))
		z[j] = T(e)
		s += e
	}
	inv := 1 / s
	for j := range z {
		z[j] = T(float64(z[j]) * inv)
	}
	if y != nil {
		w.loss[i] = math.Log(s) - zy
		w.right[i] = arg == y[i]
	}
}

// activate adds the biases to the scores z and applies the activation, in one pass.
func activate[T float](a Activation, z, bias []T) {
	bias = bias[:len(z)]
	switch a {
	case ReLU:
		kernel.BiasReLU(z, bias)
	case Tanh:
		for j, v := range z {
			z[j] = T(math.Tanh(float64(v + bias[j])))
		}
	case Sigmoid:
		for j, v := range z {
			if v += bias[j]; v >= 0 {
				z[j] = T(1 / (1 + math.Exp(-float64(v))))
			} else {
				e := math.Exp(float64(v))
				z[j] = T(e / (1 + e))
			}
		}
	}
}

// derivative multiplies d by f'(z) written through the activation value a = f(z).
func derivative[T float](act Activation, d, a []T) {
	switch act {
	case ReLU:
		kernel.ReluGrad(d, a)
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

// backward fills grad with the gradient of (1/total)·Σ_i loss_i over the b rows of forward(b, y),
// plus that of (λ/2)·Σ‖W‖² when decay: the chain rule layer by layer (equations 1.10–1.13 of
// the chapter). With total = b and decay it is the whole objective's gradient on the b rows;
// a batch shard passes the batch's total and leaves the decay to the first shard.
func (w *work[T]) backward(b, total int, y []int, decay bool) {
	L := len(w.net.w)
	k := w.net.widths[L]
	p, dL := w.a[L], w.delta[L]
	invB := 1 / T(total)
	w.chunks(b, minRows, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			for j := 0; j < k; j++ {
				dL[i*k+j] = p[i*k+j] * invB
			}
			dL[i*k+y[i]] -= invB
		}
	})
	off := len(w.grad)
	for l := L - 1; l >= 0; l-- {
		in, out, W := w.net.widths[l], w.net.widths[l+1], w.net.w[l]
		off -= (in + 1) * out
		gW := w.grad[off : off+in*out]
		gB := w.grad[off+in*out : off+(in+1)*out]
		d := w.delta[l+1]
		// gW = a_{l}ᵀ·δ + λ·W
		var beta T
		if lam := w.net.lambda; lam != 0 && decay {
			for i, v := range W {
				gW[i] = lam * v
			}
			beta = 1
		}
		if !(l == 0 && w.skipW0) {
			gemm(w.workers, w.zeros && l == 0, blas.Trans, blas.NoTrans, w.a[l], b, in, d, b, out, beta, gW, in, out)
		}
		// gB = column sums of δ, each summed over rows in order (no dependence on cores),
		// a row at a time through kernel.AddTo (the same additions in the same order)
		w.chunks(out, 8, func(lo, hi int) {
			s := gB[lo:hi]
			clear(s)
			for i := 0; i < b; i++ {
				kernel.AddTo(s, d[i*out+lo:i*out+hi])
			}
		})
		if l == 0 {
			break
		}
		// δ_{l} = (δ_{l+1}·Wᵀ) ⊙ f'(z_l)
		prev, a, act := w.delta[l], w.a[l], w.net.act
		gemm(w.workers, false, blas.NoTrans, blas.Trans, d, b, out, W, in, out, 0, prev, b, in)
		w.chunks(b, minRows, func(lo, hi int) {
			derivative(act, prev[lo*in:hi*in], a[lo*in:hi*in])
		})
	}
}

// lossSum returns the sum of loss[:b] (in row order) and the count of right[:b].
func (w *work[T]) lossSum(b int) (float64, int) {
	s, c := 0.0, 0
	for i := 0; i < b; i++ {
		s += w.loss[i]
		if w.right[i] {
			c++
		}
	}
	return s, c
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
