package nn

import (
	"fmt"
	"math"
	"runtime"

	"github.com/sltk-book/sltk/sltk"
	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/internal/kernel"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
	"gonum.org/v1/gonum/mat"
)

var _ sltk.Classifier = (*Model)(nil)

// evalRows is the chunk size of forward passes outside training.
const evalRows = 512

// labels checks y against n rows and returns the number of classes max(y) + 1 (at least 2).
func labels(fn string, y []int, n int) (int, error) {
	if len(y) != n {
		return 0, fmt.Errorf("nn: %s: %d labels for %d rows: %w", fn, len(y), n, ErrShape)
	}
	k := 0
	for i, c := range y {
		if c < 0 {
			return 0, fmt.Errorf("nn: %s: y[%d] = %d, want ≥ 0: %w", fn, i, c, ErrLabel)
		}
		if c >= MaxClasses { // the name formatted only then: one Sprintf per row costs more than the check
			return 0, check.Size("nn: "+fn, fmt.Sprintf("y[%d]", i), c, MaxClasses-1)
		}
		k = max(k, c+1)
	}
	return max(k, 2), nil
}

// Fit trains a network on the rows of x (n×d, finite) with labels y in [0, K), K = max(y)+1,
// and returns it with its Trace. Each epoch shuffles the training rows (with Seed), steps
// once per mini-batch of BatchSize rows, and records the loss and accuracy; with a hold-out
// (ValidationFraction) it also evaluates the hold-out and stops early on Patience. A loss that
// becomes infinite or NaN stops training with an error wrapping ErrBreakdown. Cost per epoch
// about 3·n·Σ_l s_{l−1}·s_l multiply-adds (see the package comment).
func (c MLP) Fit(x mat.Matrix, y []int) (*Model, error) {
	data, n, d, cerr, serr := check.RowsSquarable("x", x)
	if cerr != nil {
		return nil, fmt.Errorf("nn: MLP.Fit: %w", cerr)
	}
	k, err := labels("MLP.Fit", y, n)
	if err != nil {
		return nil, err
	}
	if serr != nil {
		return nil, fmt.Errorf("nn: MLP.Fit: %w", serr)
	}
	r := newRand(c.Seed)
	nVal := int(math.Round(c.ValidationFraction * float64(n)))
	if c.ValidationFraction > 0 {
		nVal = max(nVal, 1)
	}
	cfg, err := c.config("MLP.Fit", n-nVal, d, k)
	if err != nil {
		return nil, err
	}
	if n-nVal < 1 {
		return nil, fmt.Errorf("nn: MLP.Fit: ValidationFraction = %v leaves no training row of %d: %w",
			c.ValidationFraction, n, ErrParam)
	}
	m := newModel(cfg, r)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	if nVal > 0 {
		r.Shuffle(n, func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
	}
	val, train := idx[:nVal], idx[nVal:]
	return m, m.train(cfg, r, data, d, y, train, val)
}

// train runs the epochs of Fit in the precision c asks for: on m's parameters themselves in
// float64, on a float32 copy of them (and float32 activations, gradients and optimiser state)
// with Float32, whose trained values are then written back exactly into m.
func (m *Model) train(c config, r shuffler, data []float64, d int, y []int, train, val []int) error {
	if c.Precision == Float32 {
		p := make([]float32, len(m.params))
		for i, v := range m.params {
			p[i] = float32(v)
		}
		err := trainNet(m, newNet(m, p), c, r, data, d, y, train, val)
		for i, v := range p {
			m.params[i] = float64(v)
		}
		return err
	}
	return trainNet(m, newNet(m, m.params), c, r, data, d, y, train, val)
}

type shuffler interface{ Shuffle(int, func(int, int)) }

// shardRows is the smallest mini-batch trainNet splits into two shards.
const shardRows = 64

// trainNet runs the epochs on the network n (m's layers in the type T) and records them in m.
//
// A mini-batch of at least shardRows rows is split into two halves ("shards") whose forward
// and backward passes run side by side on their own buffers, each product on half the cores;
// the optimiser step then adds the two gradients. In float32 the shards also share the
// packing of the first layer's weights, split that layer's weight gradient by inputs
// (splitW0) and, side by side, each apply the optimiser step to their half of the parameters
// (after checking the batch's loss), so that no goroutine is started for the step. One product per layer on all cores instead
// left a core idle through every elementwise pass and packed the shared operand twice (an
// epoch of 784-256-128-10 on two cores ran 1.27× faster than on one). The split depends on
// the batch only, never on GOMAXPROCS, so a Seed still gives the same bits on any number of
// cores; on one core the shards run one after the other.
func trainNet[T float](m *Model, n *net[T], c config, r shuffler, data []float64, d int, y []int,
	train, val []int) error {
	shards := 1
	if c.BatchSize >= shardRows {
		shards = 2
	}
	zeros := skipZeros[T](data, d)
	ws := make([]*work[T], shards)
	grads := make([][]T, shards)
	for s := range ws {
		ws[s] = newWork(n, (c.BatchSize+shards-1)/shards)
		ws[s].zeros = zeros
		if shards > 1 {
			ws[s].workers = max(1, runtime.GOMAXPROCS(0)/shards)
		}
		grads[s] = ws[s].grad
	}
	// Two shards in float32 share one packing of the first layer's weights per batch, each
	// packing half of it (kernel.PackedB32): packing the 784×256 weights of Fashion-MNIST's
	// network took each shard about a sixth of its first product's time.
	var packed *kernel.PackedB32
	var w1 blas32.General
	if p32, ok := any(n.w[0]).([]float32); ok && shards > 1 && sharePacking {
		packed = kernel.NewPackedB32(n.widths[0], n.widths[1])
		w1 = blas32.General{Rows: n.widths[0], Cols: n.widths[1], Stride: n.widths[1], Data: p32}
		for _, w := range ws {
			w.packed = packed
		}
	}
	// Float32 shards of at most gemmKC rows side by side leave the first layer's weight
	// gradient to splitW0: each computes it for half of the inputs from both shards' rows and
	// applies the optimiser to those weights, so that the gradient of the largest layer is
	// written once, in one buffer, and updated while in the cache.
	split := packed != nil && shareGradient && (c.BatchSize+1)/2 <= splitRows
	// The parameters after the first layer's weights, updated in halves by the shards when
	// they split that layer's gradient and run side by side.
	rest, P := n.widths[0]*n.widths[1], len(n.params)
	st := newStepper[T](c, len(n.params))
	by := make([]int, c.BatchSize)
	best, bad := math.Inf(1), 0
	var keep []T
	if len(val) > 0 {
		keep = append([]T(nil), n.params...)
	}
	// The second shard runs on a team member that polls between batches, not on a goroutine
	// started per batch: on the 2-core bench machine a goroutine handed to an idle core starts
	// 70–90 µs later (par.Team), and an epoch of Fashion-MNIST has 469 batches.
	var team *par.Team
	if shards > 1 && runtime.GOMAXPROCS(0) > 1 {
		team = par.NewTeam(2)
		defer team.Close()
	}
	for epoch := 1; epoch <= c.MaxIter; epoch++ {
		r.Shuffle(len(train), func(i, j int) { train[i], train[j] = train[j], train[i] })
		sum, right := 0.0, 0
		for lo := 0; lo < len(train); lo += c.BatchSize {
			rows := train[lo:min(lo+c.BatchSize, len(train))]
			b := len(rows)
			// Two shards from shardRows rows on, and also for a last batch too large for one
			// shard's buffers (BatchSize 64 to 126 leaves shards of ⌈BatchSize/2⌉ rows).
			active := 1
			if shards > 1 && (b >= shardRows || b > ws[0].rows) {
				active = 2
			}
			// With the shards side by side each packs its half of the first layer's weights,
			// then waits for the other's half after loading its rows; otherwise all is packed
			// before the first shard runs.
			parallel := active == 2 && runtime.GOMAXPROCS(0) > 1
			splitNow := split && active == 2
			for _, w := range ws {
				w.skipW0 = splitNow
			}
			st.begin()
			var packing, deltas par.Latch // the two passes meet twice (par.Latch polls)
			// finite reports whether the batch's loss (both shards', summed as below) is finite.
			finite := func() bool {
				bl := 0.0
				for s := range active {
					l, _ := ws[s].lossSum((s+1)*b/active - s*b/active)
					bl += l
				}
				return !math.IsNaN(bl) && !math.IsInf(bl, 0)
			}
			if splitNow && parallel {
				deltas.Add(2)
			}
			if packed != nil && !parallel {
				packed.Pack(blas.NoTrans, w1, 0, 1)
			} else if packed != nil {
				packing.Add(2)
			}
			pass := func(s int) {
				s0, s1 := s*b/active, (s+1)*b/active
				w := ws[s]
				if packed != nil && parallel {
					packed.Pack(blas.NoTrans, w1, s, 2)
					packing.Done()
				}
				w.load(data, d, y, rows[s0:s1], by[s0:s1])
				if packed != nil && parallel {
					packing.Wait()
				}
				w.forward(s1-s0, by[s0:s1])
				w.backward(s1-s0, b, by[s0:s1], s == 0)
				if splitNow && parallel {
					// Both shards' gradients are complete: each updates its half of the first
					// layer's weights (splitW0) and of the other parameters, unless the batch's
					// loss broke down (then the error below, with no update, as before).
					deltas.Done()
					deltas.Wait()
					if finite() {
						splitW0(ws, st, b, s)
						st.applyRange(n.params, grads[:2], rest+s*(P-rest)/2, rest+(s+1)*(P-rest)/2)
					}
				}
			}
			if parallel {
				team.Run(2, pass) // the two passes wait for each other: two goroutines
			} else {
				for s := range active {
					pass(s)
				}
				if splitNow && finite() {
					splitW0(ws, st, b, 0)
					splitW0(ws, st, b, 1)
				}
			}
			bl := 0.0
			for s := range active {
				l, c := ws[s].lossSum((s+1)*b/active - s*b/active)
				bl += l
				right += c
			}
			if math.IsNaN(bl) || math.IsInf(bl, 0) {
				return fmt.Errorf("nn: MLP.Fit: loss %v in epoch %d (LearningRate = %g too large?): %w",
					bl/float64(b), epoch, c.LearningRate, ErrBreakdown)
			}
			sum += bl
			switch {
			case !splitNow:
				st.apply(n.params, grads[:active], 0, P)
			case !parallel:
				st.apply(n.params, grads[:active], rest, P) // the first layer's weights are updated
			}
		}
		e := Epoch{Loss: sum / float64(len(train)), Accuracy: float64(right) / float64(len(train))}
		monitored := e.Loss
		if len(val) > 0 {
			e.ValLoss, e.ValAccuracy = evaluate(n, data, d, y, val)
			monitored = e.ValLoss
		}
		m.Trace = append(m.Trace, e)
		m.Iter = epoch
		if monitored < best-c.Tol {
			best, bad = monitored, 0
			m.Best = epoch
			if keep != nil {
				copy(keep, n.params)
			}
		} else if bad++; bad >= c.Patience {
			m.Converged = true
			break
		}
	}
	if keep != nil {
		copy(n.params, keep)
	} else {
		m.Best = m.Iter
	}
	return nil
}

// shareGradient: float32 training in two shards splits the first layer's weight gradient
// between them (splitW0); a variable so that tests can compare with each shard computing its
// own. splitRows is the largest shard for which it does: a product over at most gemmKC (256)
// rows is one block of Sgemm's sums, so that adding the second shard's rows in the product
// (beta = 1) rounds as adding the two shards' gradients did.
var shareGradient = true

const splitRows = 256

// splitW0 computes half h (0 or 1) of the first layer's weight gradient, the rows of inputs
// [h·d/2, (h+1)·d/2), into the first shard's gradient buffer from both shards' inputs and
// back-propagated δ (the rows of a batch of b, split as trainNet splits them), and applies the
// optimiser step begun by st to those weights. Each entry is (λ·W +) a₀ᵀδ₀ + a₁ᵀδ₁ with the
// two products rounded and added as before (fma(1, acc₁, acc₀) is acc₀ + acc₁), so the step
// is bit for bit the one of two full gradients summed by the stepper. Cost b·d·s₁/2
// multiply-adds and the step of d·s₁/2 weights.
func splitW0[T float](ws []*work[T], st *stepper[T], b, h int) {
	n := ws[0].net
	in, out := n.widths[0], n.widths[1]
	r0, r1 := h*in/2, (h+1)*in/2
	gW := ws[0].grad[r0*out : r1*out]
	var beta float32
	if lam := n.lambda; lam != 0 {
		for i, v := range n.w[0][r0*out : r1*out] {
			gW[i] = lam * v
		}
		beta = 1
	}
	for s, w := range ws {
		rows := (s+1)*b/2 - s*b/2
		x, ok := any(w.a[0]).([]float32)
		if !ok {
			panic("nn: splitW0 in float64")
		}
		a := blas32.General{Rows: rows, Cols: r1 - r0, Stride: in, Data: x[r0 : (rows-1)*in+r1]}
		d := blas32.General{Rows: rows, Cols: out, Stride: out, Data: any(w.delta[1]).([]float32)[:rows*out]}
		c := blas32.General{Rows: r1 - r0, Cols: out, Stride: out, Data: any(gW).([]float32)}
		if w.zeros {
			kernel.SgemmSkipZeros(1, blas.Trans, blas.NoTrans, 1, a, d, beta, c)
		} else {
			kernel.SgemmWorkers(1, blas.Trans, blas.NoTrans, 1, a, d, beta, c)
		}
		beta = 1
	}
	st.applyRange(n.params, [][]T{ws[0].grad}, r0*out, r1*out)
}

// sharePacking: float32 training in two shards packs the first layer's weights once per batch
// for both (trainNet); a variable so that tests can compare with each shard packing its own.
var sharePacking = true

// zeroShare is the largest share of nonzero inputs at which float32 training runs its first
// layer's two products with the input batch through kernel.SgemmSkipZeros. Measured (CPU time
// of one 64-row shard's products with a 784×256 layer, workers = 1): on Fashion-MNIST rows
// (density 0.50) the forward product took 283 instead of 305 µs and the weight gradient 236
// instead of 280 µs; on data without zeros, where nothing is skipped, the search for zero
// steps costs 2–4 % (319–325 against 313 µs, 299 against 289–295 µs). The search pays where
// zeros come in runs, as in images; uniformly scattered zeros at this density leave few
// six-value steps all zero. A variable so that tests can force either side.
var zeroShare = 0.6

// skipZeros reports whether the float32 first-layer products should skip zero inputs: T is
// float32 and at most the share zeroShare of the inputs is nonzero, estimated on up to 256
// rows spread over the data (O(256·d)).
func skipZeros[T float](data []float64, d int) bool {
	var t T
	if _, ok := any(t).(float32); !ok || d == 0 {
		return false
	}
	n := len(data) / d
	step, nz, seen := max(1, n/256), 0, 0
	for i := 0; i < n; i += step {
		for _, v := range data[i*d : (i+1)*d] {
			if v != 0 {
				nz++
			}
		}
		seen += d
	}
	return seen > 0 && float64(nz) <= zeroShare*float64(seen)
}

// evaluate returns the mean loss and the accuracy of the network n on the rows idx of data.
func evaluate[T float](n *net[T], data []float64, d int, y []int, idx []int) (float64, float64) {
	w := newWork(n, min(evalRows, len(idx)))
	by := make([]int, w.rows)
	sum, right := 0.0, 0
	for lo := 0; lo < len(idx); lo += w.rows {
		rows := idx[lo:min(lo+w.rows, len(idx))]
		w.load(data, d, y, rows, by)
		w.forward(len(rows), by)
		l, c := w.lossSum(len(rows))
		sum += l
		right += c
	}
	return sum / float64(len(idx)), float64(right) / float64(len(idx))
}

// input checks a model and a data matrix for it.
func (m *Model) input(fn string, x mat.Matrix) ([]float64, int, error) {
	if m == nil || len(m.Layers) == 0 {
		return nil, 0, fmt.Errorf("nn: Model.%s: %w", fn, ErrNotFitted)
	}
	if err := m.valid(); err != nil {
		return nil, 0, fmt.Errorf("nn: Model.%s: %w", fn, err)
	}
	data, n, d, cerr := check.Rows("x", x)
	if cerr != nil {
		return nil, 0, fmt.Errorf("nn: Model.%s: %w", fn, cerr)
	}
	if d != m.Layers[0].In {
		return nil, 0, fmt.Errorf("nn: Model.%s: x has %d columns, the network %d inputs: %w",
			fn, d, m.Layers[0].In, ErrShape)
	}
	return data, n, nil
}

// Prob returns the n×K matrix of class probabilities softmax(network(x)), each row summing
// to 1. Cost n·Σ_l s_{l−1}·s_l multiply-adds.
func (m *Model) Prob(x mat.Matrix) (*mat.Dense, error) { return m.prob("Prob", x) }

func (m *Model) prob(fn string, x mat.Matrix) (*mat.Dense, error) {
	data, n, err := m.input(fn, x)
	if err != nil {
		return nil, err
	}
	d, k := m.Layers[0].In, m.K
	out := make([]float64, n*k)
	w := newWork(newNet(m, m.params), min(evalRows, n))
	for lo := 0; lo < n; lo += w.rows {
		b := min(w.rows, n-lo)
		copy(w.a[0], data[lo*d:(lo+b)*d])
		w.forward(b, nil)
		copy(out[lo*k:], w.a[len(m.Layers)][:b*k])
	}
	if err := check.Slice("probabilities", out); err != nil {
		return nil, fmt.Errorf("nn: Model.%s: the scores overflow (weights too large): %w", fn, err)
	}
	return mat.NewDense(n, k, out), nil
}

// Predict returns the most probable class of each row of x (the first on ties).
func (m *Model) Predict(x mat.Matrix) ([]int, error) {
	p, err := m.prob("Predict", x)
	if err != nil {
		return nil, err
	}
	n, _ := p.Dims()
	out := make([]int, n)
	for i := range out {
		row := p.RawRowView(i)
		for j, v := range row {
			if v > row[out[i]] {
				out[i] = j
			}
		}
	}
	return out, nil
}

// Loss returns the objective the training minimises, evaluated on all rows of x at once: the
// mean cross-entropy −(1/n)·Σ_i log p(y_i | x_i) plus (λ/2)·Σ‖W‖² with λ = WeightDecay.
func (m *Model) Loss(x mat.Matrix, y []int) (float64, error) {
	data, n, err := m.input("Loss", x)
	if err != nil {
		return 0, err
	}
	if err := m.checkLabels("Loss", y, n); err != nil {
		return 0, err
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	l, _ := evaluate(newNet(m, m.params), data, m.Layers[0].In, y, idx)
	if l += m.penalty(); math.IsNaN(l) || math.IsInf(l, 0) {
		return 0, fmt.Errorf("nn: Model.Loss: loss = %v (weights too large): %w", l, ErrNotFinite)
	}
	return l, nil
}

func (m *Model) checkLabels(fn string, y []int, n int) error {
	if len(y) != n {
		return fmt.Errorf("nn: Model.%s: %d labels for %d rows: %w", fn, len(y), n, ErrShape)
	}
	for i, c := range y {
		if c < 0 || c >= m.K {
			return fmt.Errorf("nn: Model.%s: y[%d] = %d, want in [0, %d): %w", fn, i, c, m.K, ErrLabel)
		}
	}
	return nil
}

// Gradient returns the gradient of Loss(x, y) with respect to Params (same order and length)
// by backpropagation over all rows at once, and the loss. Cost about 3·n·Σ s_{l−1}·s_l.
func (m *Model) Gradient(x mat.Matrix, y []int) ([]float64, float64, error) {
	data, n, err := m.input("Gradient", x)
	if err != nil {
		return nil, 0, err
	}
	if err := m.checkLabels("Gradient", y, n); err != nil {
		return nil, 0, err
	}
	w := newWork(newNet(m, m.params), n)
	copy(w.a[0], data)
	w.forward(n, y)
	l, _ := w.lossSum(n)
	l /= float64(n)
	w.backward(n, n, y, true)
	if err := check.Slice("gradient", w.grad); err != nil || math.IsNaN(l) || math.IsInf(l, 0) {
		return nil, 0, fmt.Errorf("nn: Model.Gradient: loss %v, gradient not finite (weights too large): %w",
			l, ErrNotFinite)
	}
	return w.grad, l + m.penalty(), nil
}

// Activations returns the outputs a_1, …, a_{L−1} of the hidden layers for the rows of x
// (one n×s_l matrix per hidden layer), e.g. to watch their spread through depth.
func (m *Model) Activations(x mat.Matrix) ([]*mat.Dense, error) {
	data, n, err := m.input("Activations", x)
	if err != nil {
		return nil, err
	}
	w := newWork(newNet(m, m.params), n)
	copy(w.a[0], data)
	w.forward(n, nil)
	out := make([]*mat.Dense, len(m.Layers)-1)
	for l := range out {
		out[l] = mat.NewDense(n, m.Layers[l].Out, w.a[l+1])
	}
	return out, nil
}

// valid checks a model that may have been built or changed by hand: layers that chain, slices
// of the stated sizes that are the views into Params the methods compute with, K classes out
// of the last one, finite weights, a known activation and a finite WeightDecay ≥ 0. Cost O(P).
func (m *Model) valid() error {
	if m.Activation < ReLU || m.Activation > Sigmoid {
		return fmt.Errorf("Activation = %d, want ReLU, Tanh or Sigmoid: %w", m.Activation, ErrParam)
	}
	if !(m.WeightDecay >= 0) || math.IsInf(m.WeightDecay, 0) {
		return fmt.Errorf("WeightDecay = %v, want finite and ≥ 0: %w", m.WeightDecay, ErrParam)
	}
	if len(m.Layers) > MaxLayers+1 {
		return fmt.Errorf("%d layers, limit %d: %w", len(m.Layers), MaxLayers+1, ErrTooLarge)
	}
	total := 0
	for l, ly := range m.Layers {
		if ly.In < 1 || ly.Out < 1 || ly.In > MaxParams || ly.Out > MaxParams ||
			len(ly.W) != ly.In*ly.Out || len(ly.B) != ly.Out ||
			(l > 0 && ly.In != m.Layers[l-1].Out) {
			return fmt.Errorf("Layers[%d] is %d×%d with %d weights and %d biases, want them to chain: %w",
				l, ly.In, ly.Out, len(ly.W), len(ly.B), ErrShape)
		}
		off := total
		if total += (ly.In + 1) * ly.Out; total > MaxParams {
			return fmt.Errorf("parameters = %d, limit %d: %w", total, MaxParams, ErrTooLarge)
		}
		if len(m.params) < total || &ly.W[0] != &m.params[off] || &ly.B[0] != &m.params[off+ly.In*ly.Out] {
			return fmt.Errorf("Layers[%d] is not a view into Params (build a Model with MLP.Fit, MLP.Initial or Load): %w",
				l, ErrShape)
		}
		for _, v := range [][]float64{ly.W, ly.B} {
			if err := check.Slice(fmt.Sprintf("Layers[%d]", l), v); err != nil {
				return err
			}
		}
	}
	if len(m.params) != total {
		return fmt.Errorf("%d parameters for layers that hold %d: %w", len(m.params), total, ErrShape)
	}
	if last := m.Layers[len(m.Layers)-1].Out; m.K != last || m.K < 2 {
		return fmt.Errorf("K = %d with %d outputs, want them equal and ≥ 2: %w", m.K, last, ErrShape)
	}
	return nil
}

// Filter returns the weights from the inputs into hidden unit j of the first layer, laid out
// as a rows×(d/rows) image (d the number of inputs, which rows must divide): what the unit
// responds to, for inputs that are images. Cost O(d).
func (m *Model) Filter(j, rows int) (*mat.Dense, error) {
	if m == nil || len(m.Layers) == 0 {
		return nil, fmt.Errorf("nn: Model.Filter: %w", ErrNotFitted)
	}
	if err := m.valid(); err != nil {
		return nil, fmt.Errorf("nn: Model.Filter: %w", err)
	}
	ly := m.Layers[0]
	if j < 0 || j >= ly.Out {
		return nil, fmt.Errorf("nn: Model.Filter: unit j = %d, want in [0, %d): %w", j, ly.Out, ErrParam)
	}
	if rows < 1 || ly.In%rows != 0 {
		return nil, fmt.Errorf("nn: Model.Filter: rows = %d does not divide the %d inputs: %w", rows, ly.In, ErrShape)
	}
	img := mat.NewDense(rows, ly.In/rows, nil)
	for i := 0; i < ly.In; i++ {
		img.Set(i/(ly.In/rows), i%(ly.In/rows), ly.W[i*ly.Out+j])
	}
	return img, nil
}
