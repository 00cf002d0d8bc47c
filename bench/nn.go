package main

import (
	"fmt"
	"time"

	"github.com/sltk-book/sltk/sltk/classify"
	"github.com/sltk-book/sltk/sltk/frame"
	"github.com/sltk-book/sltk/sltk/nn"
	"gonum.org/v1/gonum/mat"
)

// fashion holds Fashion-MNIST (train 60000×784, test 10000×784, scaled to [0, 1]) once loaded:
// the peers read the same gzipped IDX files themselves (params "dir"), so the harness does not
// write 440 MB of float64 inputs.
var fashion struct {
	x, xt *mat.Dense
	y, yt []int
}

func fashionData() (Inputs, error) {
	if fashion.x == nil {
		x, y, _, err := frame.FashionMNIST("train")
		if err != nil {
			return nil, err
		}
		xt, yt, _, err := frame.FashionMNIST("test")
		if err != nil {
			return nil, err
		}
		fashion.x, fashion.y, fashion.xt, fashion.yt = x, y, xt, yt
	}
	return Inputs{"shape": mat.NewDense(1, 2, []float64{60000, 10000})}, nil
}

// mlpFashion trains the 784-256-128-10 ReLU network with Adam (η = 10⁻³, batch 128, no weight
// decay) in precision p for the given epochs on the 60000 training images and reports the test
// accuracy, with the wall and CPU seconds per epoch (training and test predictions together).
func mlpFashion(epochs int, p nn.Precision) func(Inputs) (Result, error) {
	return func(Inputs) (Result, error) {
		cpu, wall := cpuSeconds(), time.Now()
		m, err := nn.MLP{Hidden: []int{256, 128}, BatchSize: 128, MaxIter: epochs, Seed: 1,
			Precision: p}.Fit(fashion.x, fashion.y)
		if err != nil {
			return Result{}, err
		}
		pred, err := m.Predict(fashion.xt)
		if err != nil {
			return Result{}, err
		}
		cpu = cpuSeconds() - cpu
		perEpoch := time.Since(wall).Seconds() / float64(m.Iter)
		acc, err := classify.Accuracy(pred, fashion.yt)
		return Result{Quality: acc, Note: fmt.Sprintf("%d epochs, %v, per epoch wall %.2f s, cpu %.2f s, final loss %.3f, peak RSS %.0f MB (process)",
			m.Iter, p, perEpoch, cpu/float64(m.Iter), m.Trace[m.Iter-1].Loss, peakRSS())}, err
	}
}

func init() {
	dir := map[string]any{"dir": frame.FashionMNISTDir, "epochs": 10}
	register(
		// Multi-layer perceptron 784-256-128-10 (ReLU, softmax cross-entropy, Adam η = 10⁻³,
		// batch 128, shuffled each epoch) for 10 epochs on Fashion-MNIST's 60000 training
		// images; quality: accuracy on the 10000 test images. Peer: PyTorch on the CPU with
		// torch.set_num_threads(2), float32. Timed on both sides: training + test predictions.
		// The first row trains in float32 as the peer does, the second in sltk's default float64.
		Workload{
			Name:    "MLP 784-256-128-10 Adam, Fashion-MNIST, 10 epochs, float32 (PyTorch CPU)",
			Quality: "test accuracy",
			Data:    fashionData,
			Run:     mlpFashion(10, nn.Float32),
			Peer:    "mlp_torch",
			Params:  dir,
		},
		Workload{
			Name:    "MLP 784-256-128-10 Adam, Fashion-MNIST, 10 epochs, float64 (PyTorch CPU)",
			Quality: "test accuracy",
			Data:    fashionData,
			Run:     mlpFashion(10, nn.Float64),
			Peer:    "mlp_torch",
			Params:  dir,
		},
		// The same network in float32 against scikit-learn's MLPClassifier (solver adam,
		// alpha 0, batch 128, float32 inputs, so float32 weights), 3 epochs on each side since
		// scikit-learn is slow. Checked equal on both sides: 784-256-128-10 ReLU, softmax
		// cross-entropy, Adam η = 10⁻³ (β 0.9, 0.999, ε 10⁻⁸), no penalty, batch 128 reshuffled
		// every epoch, exactly 3 epochs (tol 0, no early stop), float32 training (scikit-learn
		// 1.2 keeps float32 inputs in float32: the peer's note prints coefs_[0].dtype). They
		// differ in the initial weights (He normal here, Glorot uniform there) and in
		// predicting: sltk's Model methods run in float64 on the float32-trained weights.
		Workload{
			Name:    "MLP 784-256-128-10 Adam, Fashion-MNIST, 3 epochs, float32 (scikit-learn)",
			Quality: "test accuracy",
			Data:    fashionData,
			Run:     mlpFashion(3, nn.Float32),
			Peer:    "mlp_sklearn",
			Params:  map[string]any{"dir": frame.FashionMNISTDir, "epochs": 3},
		},
	)
}
