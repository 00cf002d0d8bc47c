package main

import (
	"fmt"
	"time"

	"github.com/sltk-book/sltk/sltk/classify"
	"github.com/sltk-book/sltk/sltk/frame"
	"github.com/sltk-book/sltk/sltk/nn"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
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
// decay) in precision p for the given epochs on the 60000 training images, once for each of
// the seeds 1..seeds, and reports the mean test accuracy with the wall and CPU seconds per epoch
// (all trainings and test predictions together). One training's accuracy moves by about 0.6
// points from seed to seed (He-normal weights and the batch order), as much as the two sides
// may differ, so one run per side cannot compare them; the mean of five can (standard error
// 0.27 points a side).
func mlpFashion(epochs int, p nn.Precision, seeds int) func(Inputs) (Result, error) {
	return func(Inputs) (Result, error) {
		cpu, wall := cpuSeconds(), time.Now()
		accs := make([]float64, seeds)
		var last *nn.Model
		for s := range accs {
			m, err := nn.MLP{Hidden: []int{256, 128}, BatchSize: 128, MaxIter: epochs, Seed: uint64(s + 1),
				Precision: p}.Fit(fashion.x, fashion.y)
			if err != nil {
				return Result{}, err
			}
			pred, err := m.Predict(fashion.xt)
			if err != nil {
				return Result{}, err
			}
			if accs[s], err = classify.Accuracy(pred, fashion.yt); err != nil {
				return Result{}, err
			}
			last = m
		}
		cpu = cpuSeconds() - cpu
		runs := float64(seeds * last.Iter)
		mean, sd := stat.MeanStdDev(accs, nil)
		acc := fmt.Sprintf("test accuracy %.4f (seed 1)", mean) // one seed has no spread
		if seeds > 1 {
			acc = fmt.Sprintf("test accuracy over seeds 1–%d: mean %.4f, sd %.4f, range %.4f–%.4f",
				seeds, mean, sd, floats.Min(accs), floats.Max(accs))
		}
		return Result{Quality: mean, Note: fmt.Sprintf("%d epochs, %v, %s; per epoch wall %.2f s, cpu %.2f s, final loss %.3f (seed %d), peak RSS %.0f MB (process)",
			last.Iter, p, acc, time.Since(wall).Seconds()/runs, cpu/runs,
			last.Trace[last.Iter-1].Loss, seeds, peakRSS())}, nil
	}
}

func init() {
	dir := map[string]any{"dir": frame.FashionMNISTDir, "epochs": 10, "seeds": 5}
	register(
		// Multi-layer perceptron 784-256-128-10 (ReLU, softmax cross-entropy, Adam η = 10⁻³,
		// batch 128, shuffled each epoch) for 10 epochs on Fashion-MNIST's 60000 training
		// images, five times (seeds); quality: the mean accuracy on the 10000 test images.
		// Peer: PyTorch on the CPU with
		// torch.set_num_threads(2), float32. Timed on both sides: training + test predictions.
		// The first row trains in float32 as the peer does, the second in sltk's default float64.
		Workload{
			Name:    "MLP 784-256-128-10 Adam, Fashion-MNIST, 10 epochs, float32 (PyTorch CPU)",
			Quality: "test accuracy, mean of 5 seeds",
			Data:    fashionData,
			Run:     mlpFashion(10, nn.Float32, 5),
			Peer:    "mlp_torch",
			Params:  dir,
		},
		Workload{
			Name:    "MLP 784-256-128-10 Adam, Fashion-MNIST, 10 epochs, float64 (PyTorch CPU)",
			Quality: "test accuracy, mean of 5 seeds",
			Data:    fashionData,
			Run:     mlpFashion(10, nn.Float64, 5),
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
			Run:     mlpFashion(3, nn.Float32, 1),
			Peer:    "mlp_sklearn",
			Params:  map[string]any{"dir": frame.FashionMNISTDir, "epochs": 3},
		},
	)
}
