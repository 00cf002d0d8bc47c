package nn

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/internal/check"
)

// Activation is the nonlinearity f of the hidden layers.
type Activation int

const (
	ReLU    Activation = iota // f(z) = max(0, z), the default
	Tanh                      // f(z) = tanh z
	Sigmoid                   // f(z) = 1/(1 + e^{−z})
)

func (a Activation) String() string {
	if a < ReLU || a > Sigmoid {
		return fmt.Sprintf("Activation(%d)", int(a))
	}
	return [...]string{"ReLU", "tanh", "sigmoid"}[a]
}

// Optimizer is the update rule of mini-batch training, with g the mini-batch gradient and η
// the LearningRate.
type Optimizer int

const (
	// Adam (Kingma and Ba 2015): running means m and v of g and g² (β₁ = 0.9, β₂ = 0.999),
	// bias-corrected, step −η·m̂/(√v̂ + 10⁻⁸). The default.
	Adam Optimizer = iota
	// SGD: plain stochastic gradient descent, θ ← θ − η·g.
	SGD
	// Momentum: heavy-ball SGD, u ← β·u + g, θ ← θ − η·u (PyTorch's form), β = MLP.Momentum.
	Momentum
)

func (o Optimizer) String() string {
	if o < Adam || o > Momentum {
		return fmt.Sprintf("Optimizer(%d)", int(o))
	}
	return [...]string{"Adam", "SGD", "momentum"}[o]
}

// Init is how the weights are drawn before training (biases start at 0).
type Init int

const (
	// Auto: He for ReLU, Glorot for tanh and sigmoid. The default.
	Auto Init = iota
	// He: W_ij ~ N(0, 2/s_in), which keeps the second moment of ReLU activations constant
	// through depth.
	He
	// Glorot: W_ij ~ U(±√(6/(s_in + s_out))), variance 2/(s_in + s_out), which keeps the
	// variance of tanh activations (and of the back-propagated gradients) roughly constant.
	Glorot
	// Small: W_ij ~ N(0, 0.01²), the naive choice under which signals shrink layer by layer.
	Small
)

// Precision is the floating-point type in which MLP.Fit trains.
type Precision int

const (
	// Float64: weights, activations, gradients and optimiser state in float64. The default,
	// and the precision of Model's methods (Loss, Gradient, Prob) whatever the training's.
	Float64 Precision = iota
	// Float32: all of them in float32, as PyTorch and scikit-learn train, 1.5 to 2 times
	// faster (eight lanes per vector instead of four, half the memory traffic: CPU seconds per
	// Fashion-MNIST epoch of a 784-256-128-10 network); the softmax and the loss are still
	// summed in float64. The trained weights are float32 numbers, stored in
	// the Model as float64 (exactly), so that Model's methods run in float64 on them.
	Float32
)

func (p Precision) String() string {
	if p < Float64 || p > Float32 {
		return fmt.Sprintf("Precision(%d)", int(p))
	}
	return [...]string{"float64", "float32"}[p]
}

// MLP is a multi-layer perceptron classifier trained by mini-batch gradient descent on the
// mean softmax cross-entropy plus (WeightDecay/2)·Σ‖W_l‖² (biases are not penalised; this is
// scikit-learn's MLPClassifier objective with WeightDecay = alpha/BatchSize, and PyTorch's
// weight_decay). Zero values mean the documented defaults.
type MLP struct {
	Hidden       []int      // widths of the hidden layers; nil means [100], empty (non-nil) none: softmax regression
	Activation   Activation // of the hidden layers; 0 means ReLU
	Optimizer    Optimizer  // 0 means Adam
	Init         Init       // 0 means Auto (He for ReLU, Glorot otherwise)
	LearningRate float64    // step size η; 0 means 0.001 for Adam, 0.01 for SGD and Momentum
	Momentum     float64    // β of the Momentum optimiser, in [0, 1); 0 means 0.9
	BatchSize    int        // rows per gradient step; 0 means min(200, n) as in scikit-learn
	MaxIter      int        // epochs (passes over the training rows); 0 means 200, at most MaxEpochs
	WeightDecay  float64    // λ ≥ 0 of the penalty (λ/2)·Σ‖W‖²; 0 means none
	Tol          float64    // an epoch improves when the monitored loss drops by more than Tol; 0 means 1e-4
	Patience     int        // stop after Patience epochs without improvement; 0 means 10
	// ValidationFraction in [0, 1) holds out that share of the rows (drawn with Seed) and
	// monitors their loss: training stops after Patience epochs without improvement and keeps
	// the weights of the best epoch (early stopping). 0 means no hold-out: the training loss
	// is monitored and the last weights are kept.
	ValidationFraction float64
	Seed               uint64    // the initial weights, the hold-out and the order of mini-batches
	Precision          Precision // of training; 0 means Float64
}

// Epoch is one entry of Model.Trace.
type Epoch struct {
	Loss        float64 // mean cross-entropy of the mini-batches of the epoch (before each step)
	Accuracy    float64 // share of training rows classified right by the mini-batch forward passes
	ValLoss     float64 // mean cross-entropy on the hold-out after the epoch; 0 without one
	ValAccuracy float64 // accuracy on the hold-out after the epoch; 0 without one
}

// Layer is one affine map z = a·W + B of a network: W is s_in×s_out stored row-major in
// W (entry (i, j) at W[i·Out+j]), B has length Out. The slices are views into Model.Params.
type Layer struct {
	In, Out int
	W, B    []float64
}

// Model is a trained (or freshly initialised) network: Layers[0..L−1], the last one producing
// the K class scores. Save and Load keep it in a file (MarshalBinary gives its bytes).
type Model struct {
	Layers      []Layer
	Activation  Activation
	WeightDecay float64 // λ of Loss and Gradient
	K           int     // number of classes
	Trace       []Epoch // one entry per epoch run
	Iter        int     // epochs run
	Best        int     // epoch (1-based) whose weights were kept; Iter without a hold-out
	Converged   bool    // training stopped on Patience before MaxIter
	params      []float64
}

// Params returns all weights and biases as one slice, layer by layer (W then B): the order of
// Gradient's result. It is the model's storage: writing into it changes the model. Nil for a
// nil model or one not built by MLP.Fit or MLP.Initial.
func (m *Model) Params() []float64 {
	if m == nil {
		return nil
	}
	return m.params
}

// config is an MLP with its defaults filled in and checked.
type config struct {
	MLP
	widths []int // d, hidden..., K
}

func (c MLP) config(fn string, n, d, k int) (config, error) {
	bad := func(format string, a ...any) (config, error) {
		return config{}, fmt.Errorf("nn: "+fn+": "+format+": %w", append(a, ErrParam)...)
	}
	hidden := c.Hidden
	if hidden == nil {
		hidden = []int{100}
	}
	if err := check.Size("nn: "+fn, "len(Hidden)", len(hidden), MaxLayers); err != nil {
		return config{}, err
	}
	widths := append(append([]int{d}, hidden...), k)
	total := 0
	for l, w := range hidden {
		if w < 1 {
			return bad("Hidden[%d] = %d, want ≥ 1", l, w)
		}
		if err := check.Size("nn: "+fn, fmt.Sprintf("Hidden[%d]", l), w, MaxWidth); err != nil {
			return config{}, err
		}
	}
	for l := 1; l < len(widths); l++ {
		total += (widths[l-1] + 1) * widths[l]
	}
	if err := check.Size("nn: "+fn, "parameters", total, MaxParams); err != nil {
		return config{}, err
	}
	switch {
	case c.Activation < ReLU || c.Activation > Sigmoid:
		return bad("Activation = %d, want ReLU, Tanh or Sigmoid", c.Activation)
	case c.Optimizer < Adam || c.Optimizer > Momentum:
		return bad("Optimizer = %d, want Adam, SGD or Momentum", c.Optimizer)
	case c.Init < Auto || c.Init > Small:
		return bad("Init = %d, want Auto, He, Glorot or Small", c.Init)
	case !(c.LearningRate >= 0) || math.IsInf(c.LearningRate, 0):
		return bad("LearningRate = %v, want finite and ≥ 0", c.LearningRate)
	case !(c.Momentum >= 0 && c.Momentum < 1):
		return bad("Momentum = %v, want in [0, 1)", c.Momentum)
	case c.BatchSize < 0:
		return bad("BatchSize = %d, want ≥ 0", c.BatchSize)
	case c.MaxIter < 0:
		return bad("MaxIter = %d, want ≥ 0", c.MaxIter)
	case !(c.WeightDecay >= 0) || math.IsInf(c.WeightDecay, 0):
		return bad("WeightDecay = %v, want finite and ≥ 0", c.WeightDecay)
	case !(c.Tol >= 0) || math.IsInf(c.Tol, 0):
		return bad("Tol = %v, want finite and ≥ 0", c.Tol)
	case c.Patience < 0:
		return bad("Patience = %d, want ≥ 0", c.Patience)
	case !(c.ValidationFraction >= 0 && c.ValidationFraction < 1):
		return bad("ValidationFraction = %v, want in [0, 1)", c.ValidationFraction)
	case c.Precision < Float64 || c.Precision > Float32:
		return bad("Precision = %d, want Float64 or Float32", c.Precision)
	}
	if err := check.Size("nn: "+fn, "MaxIter", c.MaxIter, MaxEpochs); err != nil {
		return config{}, err
	}
	c.Hidden = hidden
	lr := 0.01
	if c.Optimizer == Adam {
		lr = 0.001
	}
	c.LearningRate = cmp.Or(c.LearningRate, lr)
	c.Momentum = cmp.Or(c.Momentum, 0.9)
	c.BatchSize = min(cmp.Or(c.BatchSize, 200), max(n, 1))
	c.MaxIter = cmp.Or(c.MaxIter, 200)
	c.Tol = cmp.Or(c.Tol, 1e-4)
	c.Patience = cmp.Or(c.Patience, 10)
	return config{MLP: c, widths: widths}, nil
}

// newModel allocates the layers of widths and draws their weights from r.
func newModel(c config, r *rand.Rand) *Model {
	total := 0
	for l := 1; l < len(c.widths); l++ {
		total += (c.widths[l-1] + 1) * c.widths[l]
	}
	m := &Model{Activation: c.Activation, WeightDecay: c.WeightDecay, K: c.widths[len(c.widths)-1],
		params: make([]float64, total)}
	off := 0
	for l := 1; l < len(c.widths); l++ {
		in, out := c.widths[l-1], c.widths[l]
		ly := Layer{In: in, Out: out, W: m.params[off : off+in*out : off+in*out],
			B: m.params[off+in*out : off+in*out+out : off+in*out+out]}
		off += (in + 1) * out
		init := c.Init
		if init == Auto {
			init = Glorot
			if c.Activation == ReLU {
				init = He
			}
		}
		switch init {
		case He:
			s := math.Sqrt(2 / float64(in))
			for i := range ly.W {
				ly.W[i] = s * r.NormFloat64()
			}
		case Glorot:
			a := math.Sqrt(6 / float64(in+out))
			for i := range ly.W {
				ly.W[i] = a * (2*r.Float64() - 1)
			}
		case Small:
			for i := range ly.W {
				ly.W[i] = 0.01 * r.NormFloat64()
			}
		}
		m.Layers = append(m.Layers, ly)
	}
	return m
}

// Initial returns a network for d inputs and k classes with the initial weights Fit would start
// from (the same Seed gives the same weights), untrained: for studying initialisation and
// gradients. Cost O(P) for P parameters.
func (c MLP) Initial(d, k int) (*Model, error) {
	if d < 1 || k < 2 {
		return nil, fmt.Errorf("nn: MLP.Initial: d = %d, k = %d, want d ≥ 1 and k ≥ 2: %w", d, k, ErrParam)
	}
	if err := check.Size("nn: MLP.Initial", "k", k, MaxClasses); err != nil {
		return nil, err
	}
	if err := check.Size("nn: MLP.Initial", "d", d, MaxParams); err != nil {
		return nil, err
	}
	cfg, err := c.config("MLP.Initial", 1, d, k)
	if err != nil {
		return nil, err
	}
	return newModel(cfg, newRand(c.Seed)), nil
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x6e6e2d6d6c70)) }
