// Package nn trains multi-layer perceptrons (fully connected feed-forward networks) for
// classification: ML chapter 1, "Neural networks and learning algorithms".
//
// A network maps an input row x through layers a_l = f(a_{l−1}·W_l + b_l) to the class
// probabilities softmax(a_{L−1}·W_L + b_L). MLP.Fit minimises the mean softmax cross-entropy
// (the negative log-likelihood of the labels) plus an optional weight decay with mini-batch
// stochastic gradient descent, plain, with momentum, or Adam. The gradient is
// backpropagation written out as the chain rule, layer by layer, on preallocated buffers; the
// matrix products go through the library's product kernels (internal/kernel.Gemm, or Sgemm
// when MLP.Precision is Float32, or on inputs of which at most 60 % are nonzero, such as
// images, kernel.SgemmSkipZeros for the first layer: same bits, fewer multiply-adds), the
// Adam step through its vectorised kernel.Adam. A
// mini-batch of 64 rows or more is split into two halves whose passes run side by side (their
// gradients added before the step); the elementwise work (bias with activation in one pass,
// softmax, optimiser step) runs in row or parameter chunks that write only their own outputs,
// and sums over rows run in a fixed order, so a given Seed gives the same bits on any number
// of cores, in either precision.
//
// Cost: an epoch over n rows of a network with layer widths s_0 = d, s_1, …, s_L = K costs
// about 3·n·Σ_l s_{l−1}·s_l multiply-adds (one product forward, two backward), memory
// O(BatchSize·Σ s_l + P) for P = Σ (s_{l−1}+1)·s_l parameters (four copies of them with Adam),
// half of it in Float32.
//
// A trained Model is kept with Model.Save and read back with Load (or encoded with
// Model.MarshalBinary and UnmarshalBinary, encoding.BinaryMarshaler): the weights round-trip
// bit for bit, so a loaded model predicts exactly as the saved one. Model.Filter and
// Model.ChangeByUse look inside a trained network (a unit's weights as an image; how far
// training moved the weights of rarely and often used inputs), and SklearnDigits is
// scikit-learn's recorded result on the digits that the tests and the book compare with.
//
// Errors wrap the sentinels of package errs, re-exported here: ErrEmpty, ErrShape,
// ErrNotFinite, ErrParam, ErrLabel, ErrTooLarge, ErrNotFitted, ErrIO for a file that cannot be
// read or written, and ErrBreakdown for a training run whose loss became infinite (a learning
// rate too large). Reaching MaxIter is not an error: Model.Converged reports it.
package nn

import "github.com/sltk-book/sltk/sltk/errs"

// Sentinel errors, those of package errs under the same names.
var (
	ErrEmpty     = errs.ErrEmpty
	ErrShape     = errs.ErrShape
	ErrNotFinite = errs.ErrNotFinite
	ErrParam     = errs.ErrParam
	ErrLabel     = errs.ErrLabel
	ErrTooLarge  = errs.ErrTooLarge
	ErrNotFitted = errs.ErrNotFitted
	ErrBreakdown = errs.ErrBreakdown
	ErrIO        = errs.ErrIO
)

// Limits on the sizes that drive allocations and loops (ErrTooLarge beyond).
const (
	MaxEpochs  = 1 << 20 // MaxIter
	MaxWidth   = 1 << 16 // a hidden layer's width
	MaxLayers  = 64      // hidden layers
	MaxClasses = 1 << 16 // distinct labels
	MaxParams  = 1 << 27 // weights and biases together (1 GB as float64)
)
