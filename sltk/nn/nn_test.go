package nn_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"github.com/sltk-book/sltk/sltk/nn"
	"github.com/sltk-book/sltk/sltk/synth"
	"gonum.org/v1/gonum/mat"
)

// TestGradientFiniteDifferences: backpropagation agrees with central differences
// (L(θ+he_i) − L(θ−he_i))/2h on every parameter, for each activation, with weight decay.
func TestGradientFiniteDifferences(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	x := fuzzdata.Normal(rng, 7, 4)
	y := []int{0, 1, 2, 1, 0, 2, 2}
	for _, act := range []nn.Activation{nn.ReLU, nn.Tanh, nn.Sigmoid} {
		m, err := nn.MLP{Hidden: []int{5, 3}, Activation: act, WeightDecay: 0.1, Seed: 3}.Initial(4, 3)
		if err != nil {
			t.Fatal(err)
		}
		g, _, err := m.Gradient(x, y)
		if err != nil {
			t.Fatal(err)
		}
		g = slices.Clone(g)
		theta := m.Params()
		const h = 1e-6
		worst := 0.0
		for i := range theta {
			old := theta[i]
			theta[i] = old + h
			lp, _ := m.Loss(x, y)
			theta[i] = old - h
			lm, _ := m.Loss(x, y)
			theta[i] = old
			fd := (lp - lm) / (2 * h)
			worst = max(worst, math.Abs(fd-g[i])/max(1e-3, math.Abs(fd)+math.Abs(g[i])))
		}
		if worst > 1e-6 {
			t.Errorf("%v: worst relative gradient error %.2g", act, worst)
		}
	}
}

// TestXOR: one hidden layer learns XOR, which no linear model (Hidden: []int{}) can.
func TestXOR(t *testing.T) {
	x := mat.NewDense(4, 2, []float64{0, 0, 0, 1, 1, 0, 1, 1})
	y := []int{0, 1, 1, 0}
	m, err := nn.MLP{Hidden: []int{8}, Activation: nn.Tanh, LearningRate: 0.05, MaxIter: 500,
		Patience: 500, Seed: 1}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := m.Predict(x)
	if !slices.Equal(p, y) {
		t.Errorf("XOR predictions %v, loss %.3g", p, m.Trace[len(m.Trace)-1].Loss)
	}
	lin, err := nn.MLP{Hidden: []int{}, LearningRate: 0.05, MaxIter: 500, Patience: 500, Seed: 1}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	q, _ := lin.Predict(x)
	right := 0
	for i := range q {
		if q[i] == y[i] {
			right++
		}
	}
	if right > 3 {
		t.Errorf("a linear model separated XOR: %v", q)
	}
}

// TestBlobsAndDeterminism: well separated blobs are learnt; the same Seed gives the same bits
// on 1 and 2 cores, with every optimiser, in both precisions, with whole and sharded batches;
// the hold-out stops training early.
func TestBlobsAndDeterminism(t *testing.T) {
	x, y, _, err := synth.Blobs{N: 600, K: 4, Dim: 5, Std: 1.5, Seed: 4}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	// Batches of 32 run whole. Batches of 128 run in two shards side by side (the last, of 88
	// rows, too); of 64, the smallest that shards, in two shards of 32, except the last of 24
	// rows, which runs whole.
	for i, opt := range []nn.Optimizer{nn.Adam, nn.SGD, nn.Momentum, nn.Adam, nn.Momentum} {
		for _, p := range []nn.Precision{nn.Float64, nn.Float32} {
			batch, epochs := []int{32, 32, 32, 128, 64}[i], []int{30, 30, 30, 60, 40}[i]
			c := nn.MLP{Hidden: []int{40, 20}, Optimizer: opt, BatchSize: batch, MaxIter: epochs,
				Seed: 9, Precision: p}
			var m1, m2 *nn.Model
			fuzzdata.WithProcs(1, func() { m1, err = c.Fit(x, y) })
			if err != nil {
				t.Fatal(err)
			}
			fuzzdata.WithProcs(2, func() { m2, _ = c.Fit(x, y) })
			if !slices.Equal(m1.Params(), m2.Params()) {
				t.Errorf("%v, %v, batch %d: parameters differ between 1 and 2 cores", opt, p, batch)
			}
			last := m1.Trace[len(m1.Trace)-1]
			if last.Accuracy < 0.97 || last.Loss >= m1.Trace[0].Loss {
				t.Errorf("%v, %v, batch %d: trace from %+v to %+v", opt, p, batch, m1.Trace[0], last)
			}
		}
	}
	m, err := nn.MLP{Hidden: []int{40}, MaxIter: 1000, ValidationFraction: 0.2, Patience: 5,
		Seed: 2}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Converged || m.Iter >= 1000 || m.Best != m.Iter-5 {
		t.Errorf("early stopping: Converged %v after %d epochs, best %d", m.Converged, m.Iter, m.Best)
	}
	if m.Trace[0].ValAccuracy == 0 {
		t.Error("no hold-out accuracy recorded")
	}
}

// TestProb: rows of Prob are distributions, Predict is their argmax, and Loss is the mean
// negative log-probability of the labels.
func TestProb(t *testing.T) {
	x, y, _, _ := synth.Blobs{N: 1100, K: 3, Seed: 1}.Generate()
	m, err := nn.MLP{Hidden: []int{6}, MaxIter: 3, Seed: 1}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := m.Prob(x)
	pred, _ := m.Predict(x)
	loss, _ := m.Loss(x, y)
	ll := 0.0
	for i := range pred {
		row := p.RawRowView(i)
		s := 0.0
		for _, v := range row {
			s += v
		}
		if math.Abs(s-1) > 1e-12 || row[pred[i]] != slices.Max(row) {
			t.Fatalf("row %d: %v, predicted %d", i, row, pred[i])
		}
		ll -= math.Log(row[y[i]])
	}
	if math.Abs(ll/1100-loss) > 1e-12 {
		t.Errorf("Loss %v, mean −log p %v", loss, ll/1100)
	}
}

func TestErrors(t *testing.T) {
	x := mat.NewDense(3, 2, []float64{1, 2, 3, 4, 5, 6})
	y := []int{0, 1, 0}
	for _, c := range []struct {
		m    nn.MLP
		x    mat.Matrix
		y    []int
		want error
	}{
		{nn.MLP{}, x, []int{0, 1}, nn.ErrShape},
		{nn.MLP{}, x, []int{0, -1, 0}, nn.ErrLabel},
		{nn.MLP{}, x, []int{0, 1 << 40, 0}, nn.ErrTooLarge},
		{nn.MLP{}, mat.NewDense(1, 1, []float64{math.NaN()}), []int{0}, nn.ErrNotFinite},
		{nn.MLP{Hidden: []int{0}}, x, y, nn.ErrParam},
		{nn.MLP{Hidden: []int{1 << 30}}, x, y, nn.ErrTooLarge},
		{nn.MLP{LearningRate: -1}, x, y, nn.ErrParam},
		{nn.MLP{Momentum: 1}, x, y, nn.ErrParam},
		{nn.MLP{ValidationFraction: 0.9}, x, y, nn.ErrParam},
		{nn.MLP{Precision: nn.Float32 + 1}, x, y, nn.ErrParam},
		{nn.MLP{MaxIter: 1 << 40}, x, y, nn.ErrTooLarge},
		{nn.MLP{Optimizer: nn.SGD, LearningRate: 1e300}, x, y, nn.ErrBreakdown},
	} {
		if _, err := c.m.Fit(c.x, c.y); !errors.Is(err, c.want) {
			t.Errorf("%+v: err = %v, want %v", c.m, err, c.want)
		}
	}
	var zero *nn.Model
	if _, err := zero.Predict(x); !errors.Is(err, nn.ErrNotFitted) {
		t.Errorf("nil model: %v", err)
	}
	m, _ := nn.MLP{Seed: 1}.Initial(3, 2)
	if _, err := m.Predict(x); !errors.Is(err, nn.ErrShape) {
		t.Errorf("wrong width: %v", err)
	}
}

// TestShortLastBatch: a last mini-batch of fewer than 64 rows but more than a shard holds
// (BatchSize 64: shards of 32; 104 rows leave a batch of 40) trains, in both precisions, with
// the same bits on 1 and 2 cores.
func TestShortLastBatch(t *testing.T) {
	x, y, _, err := synth.Blobs{N: 104, K: 2, Dim: 3, Seed: 1}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []nn.Precision{nn.Float64, nn.Float32} {
		c := nn.MLP{Hidden: []int{5}, BatchSize: 64, MaxIter: 2, Precision: p}
		var m1, m2 *nn.Model
		fuzzdata.WithProcs(1, func() { m1, err = c.Fit(x, y) })
		if err != nil {
			t.Fatal(err)
		}
		fuzzdata.WithProcs(2, func() { m2, err = c.Fit(x, y) })
		if err != nil || !slices.Equal(m1.Params(), m2.Params()) {
			t.Errorf("%v: err %v, or parameters differ between 1 and 2 cores", p, err)
		}
	}
}
