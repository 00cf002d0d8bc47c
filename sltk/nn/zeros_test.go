package nn

import (
	"slices"
	"testing"

	"github.com/sltk-book/sltk/sltk/frame"
	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"gonum.org/v1/gonum/mat"
)

// TestSkipZerosSameBits: on the raw optical digits (pixel counts 0–16, about half of them
// zero, in runs), float32 training with the first layer's products skipping zero inputs
// (kernel.SgemmSkipZeros) gives the same parameters, bit for bit, as with the dense products,
// with whole batches and with two shards, on one and on two cores.
func TestSkipZerosSameBits(t *testing.T) {
	x, y, _, err := frame.Digits()
	if err != nil {
		t.Fatal(err)
	}
	raw := x.RawMatrix().Data
	if !skipZeros[float32](raw, 64) {
		t.Fatal("the digits are not taken as sparse")
	}
	defer func(v float64) { zeroShare = v }(zeroShare)
	for _, batch := range []int{32, 128} {
		c := MLP{Hidden: []int{30}, BatchSize: batch, MaxIter: 3, Seed: 3, Precision: Float32}
		var ref []float64
		for _, share := range []float64{-1, 1} { // never, always
			zeroShare = share
			for _, procs := range []int{1, 2} {
				got := fitParams(t, c, x, y, procs)
				if ref == nil {
					ref = got
					continue
				}
				if !slices.Equal(got, ref) {
					t.Errorf("batch %d, zeroShare %v, %d cores: parameters differ from the dense products'",
						batch, share, procs)
				}
			}
		}
	}
}

// TestSkipZerosSwitch: the choice follows the share of nonzero inputs, on both sides of
// zeroShare and at it, and is never made in float64.
func TestSkipZerosSwitch(t *testing.T) {
	rows := func(nonzero int) []float64 { // 300 rows of 10 values, nonzero of them nonzero
		x := make([]float64, 3000)
		for i := range 300 {
			for j := range nonzero {
				x[i*10+(j*3+i)%10] = 1 + float64(j)
			}
		}
		return x
	}
	for nonzero, want := range map[int]bool{0: true, 3: true, 6: true, 7: false, 10: false} {
		if got := skipZeros[float32](rows(nonzero), 10); got != want {
			t.Errorf("%d of 10 nonzero: skip %v, want %v (zeroShare %v)", nonzero, got, want, zeroShare)
		}
		if skipZeros[float64](rows(nonzero), 10) {
			t.Errorf("%d of 10 nonzero: skip in float64", nonzero)
		}
	}
	if skipZeros[float32](nil, 0) || skipZeros[float32](mat.NewDense(1, 1, nil).RawMatrix().Data, 1) != true {
		t.Error("empty data or a single zero")
	}
}

// TestSharedPackingSameBits: float32 training with the first layer's weights packed once per
// batch for both shards (kernel.PackedB32) and with that layer's weight gradient split between
// the shards (splitW0) gives the parameters, bit for bit, of each shard packing its own and
// computing its own gradient, on sparse and on dense inputs, with weight decay and without,
// for each optimiser, with shards side by side, last batches that run whole, shards of 256
// rows (the largest that split) and of 257 and 500 (which do not), on one and on two cores.
func TestSharedPackingSameBits(t *testing.T) {
	x, y, _, err := frame.Digits()
	if err != nil {
		t.Fatal(err)
	}
	dense := mat.DenseCopyOf(x)
	dense.Apply(func(_, _ int, v float64) float64 { return v + 0.5 }, dense)
	defer func(p, g bool) { sharePacking, shareGradient = p, g }(sharePacking, shareGradient)
	cases := []MLP{ // 1797 rows: last batches of 5, 5, 261, 255 and 797
		{BatchSize: 64},
		{BatchSize: 128, Optimizer: Momentum, WeightDecay: 1e-3},
		{BatchSize: 512, WeightDecay: 1e-2},
		{BatchSize: 514, Optimizer: SGD},
		{BatchSize: 1000},
	}
	for _, in := range []*mat.Dense{x, dense} {
		for _, c := range cases {
			c.Hidden, c.MaxIter, c.Seed, c.Precision = []int{30}, 1, 5, Float32
			var ref []float64
			for _, share := range [][2]bool{{false, false}, {true, false}, {true, true}} {
				sharePacking, shareGradient = share[0], share[1]
				for _, procs := range []int{1, 2} {
					got := fitParams(t, c, in, y, procs)
					if ref == nil {
						ref = got
						continue
					}
					if !slices.Equal(got, ref) {
						t.Errorf("batch %d, %v, decay %v, shared packing %v, gradient %v, %d cores: parameters differ",
							c.BatchSize, c.Optimizer, c.WeightDecay, share[0], share[1], procs)
					}
				}
			}
		}
	}
}

// fitParams fits c on (x, y) with GOMAXPROCS = procs and returns the parameters, for the
// same-bits tests above.
func fitParams(t *testing.T, c MLP, x *mat.Dense, y []int, procs int) []float64 {
	t.Helper()
	var m *Model
	var err error
	fuzzdata.WithProcs(procs, func() { m, err = c.Fit(x, y) })
	if err != nil {
		t.Fatal(err)
	}
	return m.Params()
}
