package cluster

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"gonum.org/v1/gonum/mat"
)

// hugeDims is a matrix that claims any size and reads as 0 everywhere: what a lazily computed
// or corrupt mat.Matrix may report. The functions must refuse it before they allocate or loop.
type hugeDims struct{ r, c int }

func (h hugeDims) Dims() (int, int)    { return h.r, h.c }
func (h hugeDims) At(i, j int) float64 { return 0 }
func (h hugeDims) T() mat.Matrix       { return mat.Transpose{Matrix: h} }

// TestSizeLimits: every count that drives an allocation or a loop from the crash/hang sweep
// fails with ErrTooLarge (or ErrParam) naming the function, at once, instead of panicking,
// allocating terabytes or running for ever. Each case took minutes or crashed before.
func TestSizeLimits(t *testing.T) {
	x := mat.NewDense(6, 1, []float64{0, 0.1, 0.2, 5, 5.1, 5.2})
	d, _ := SquaredDistances(x)
	img := mat.NewDense(4, 4, nil)
	cases := []struct {
		name string
		run  func() error
		is   error
		want string
	}{
		{"PatchCounts bins", func() error { _, err := PatchCounts(img, 2, 1<<40, 0, 1); return err },
			ErrTooLarge, "cluster: PatchCounts: bins = 1099511627776, limit 65536"},
		{"PatchCounts pixels", func() error { _, err := PatchCounts(hugeDims{1 << 20, 1 << 20}, 1, 4, 0, 1); return err },
			ErrTooLarge, "cluster: PatchCounts: a 1048576×1048576 image"},
		{"PatchCounts counts", func() error { _, err := PatchCounts(hugeDims{1 << 13, 1 << 13}, 1, 4, 0, 1); return err },
			ErrTooLarge, "patches × 4 bins exceed MaxPatchPixels"},
		{"PatchCounts range", func() error { _, err := PatchCounts(img, 2, 4, -1e308, 1e308); return err },
			ErrParam, "hi − lo finite"},
		{"PairwiseCost k ≫ n", func() error { _, err := PairwiseCost(d, []int{0, 0, 0, 1, 1, 1}, 1<<50); return err },
			ErrParam, "cluster: PairwiseCost: k = 1125899906842624, want 1 ≤ k ≤ n = 6"},
		{"PairwiseCost k < 0", func() error { _, err := PairwiseCost(d, []int{0, 0, 0, 1, 1, 1}, -1); return err },
			ErrParam, "cluster: PairwiseCost: k = -1"},
		{"OnlineKMeans epochs", func() error { _, err := OnlineKMeans{K: 2, MaxIter: 1 << 40}.Fit(x); return err },
			ErrTooLarge, "cluster: OnlineKMeans: MaxIter = 1099511627776 epochs, limit MaxEpochs"},
		{"OnlineSoftKMeans epochs", func() error {
			_, err := OnlineSoftKMeans{K: 2, MaxIter: 1 << 62, Schedule: gibbs.Schedule{T0: 1}}.Fit(x)
			return err
		},
			ErrTooLarge, "cluster: OnlineSoftKMeans: MaxIter"},
		{"SOM epochs", func() error { _, err := SOM{Nodes: 2, MaxIter: 1 << 62}.Fit(x); return err },
			ErrTooLarge, "cluster: SOM: MaxIter"},
		{"SOM chain", func() error { _, err := SOM{Nodes: 1 << 40}.Fit(x); return err },
			ErrTooLarge, "Nodes = 1099511627776, limit 4096"},
		{"SOM grid", func() error { _, err := SOM{Topology: Grid, Rows: 1 << 32, Cols: 1 << 32}.Fit(x); return err },
			ErrTooLarge, "a 4294967296×4294967296 grid"},
		{"DA trace", func() error {
			big := mat.NewDense(1000, 1, nil)
			for i := range 1000 {
				big.Set(i, 0, float64(i))
			}
			// 219 levels × (K·d + n·K ≈ 10⁶) floats > 2²⁷.
			_, err := DA{K: 1000, KeepPosteriors: true, Schedule: gibbs.Schedule{T0: 1, TMin: 1e-10, Cooling: 0.9}}.Fit(big)
			return err
		}, ErrTooLarge, "exceed MaxDATrace"},
		{"KMeans MaxIter", func() error { _, err := KMeans{K: 2, MaxIter: 1 << 40}.Fit(x); return err },
			ErrTooLarge, "cluster: KMeans.Fit: MaxIter = 1099511627776, limit 16777216"},
		{"DA MaxIter", func() error { _, err := DA{K: 2, MaxIter: 1 << 40}.Fit(x); return err },
			ErrTooLarge, "cluster: DA: MaxIter = 1099511627776, limit 16777216"},
		{"Pairwise MaxIter", func() error { _, err := Pairwise{K: 2, MaxIter: 1 << 40}.Fit(d); return err },
			ErrTooLarge, "cluster: Pairwise: MaxIter = 1099511627776, limit 16777216"},
		{"HistogramDA MaxIter", func() error {
			h := mat.NewDense(2, 2, []float64{0.5, 0.5, 0.25, 0.75})
			_, err := HistogramDA{K: 2, MaxIter: 1 << 40}.Fit(h)
			return err
		}, ErrTooLarge, "cluster: HistogramDA: MaxIter = 1099511627776"},
		{"HistogramDA trace", func() error {
			h := mat.NewDense(1000, 200, nil)
			for i := range 1000 {
				for j := range 200 {
					h.Set(i, j, 1.0/200)
				}
			}
			// about 2290 levels × K·(B+1) = 201000 floats > 2²⁷.
			_, err := HistogramDA{K: 1000, Schedule: gibbs.Schedule{T0: 1, TMin: 1e-10, Cooling: 0.99}}.Fit(h)
			return err
		}, ErrTooLarge, "cluster: HistogramDA: "},
	}
	for _, c := range cases {
		start := time.Now()
		err := c.run()
		if !errors.Is(err, c.is) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %v with %q", c.name, err, c.is, c.want)
		}
		if el := time.Since(start); el > 5*time.Second {
			t.Errorf("%s: took %v", c.name, el)
		}
	}
}

// TestSizeLimitsBoundary: at the limits themselves the functions run (both sides of each
// limit are tested: above in TestSizeLimits).
func TestSizeLimitsBoundary(t *testing.T) {
	img := mat.NewDense(2, 2, []float64{0, 1, 0.5, 1})
	c, err := PatchCounts(img, 2, MaxPatchBins, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	if r, b := c.Dims(); r != 1 || b != MaxPatchBins || c.At(0, 0) != 1 || c.At(0, MaxPatchBins-1) != 2 || c.At(0, MaxPatchBins/2) != 1 {
		t.Errorf("PatchCounts at MaxPatchBins: %d×%d, counts %v %v %v", r, b, c.At(0, 0), c.At(0, MaxPatchBins/2), c.At(0, MaxPatchBins-1))
	}
	x := mat.NewDense(6, 1, []float64{0, 0.1, 0.2, 5, 5.1, 5.2})
	d, _ := SquaredDistances(x)
	// k = n: the closed form with the means 0.1 and 5.1: (1/6)·Σ‖x − w‖² = (2·0.02)/6.
	if e, err := PairwiseCost(d, []int{0, 0, 0, 1, 1, 1}, 6); err != nil || abs(e-0.04/6) > 1e-12 {
		t.Errorf("PairwiseCost at k = n: %v, %v; want %v", e, err, 0.04/6)
	}
	if _, err := somLattice("SOM.Fit", Chain, MaxSOMNodes, 0, 0); err != nil {
		t.Errorf("chain of MaxSOMNodes nodes: %v", err)
	}
	if _, err := somLattice("SOM.Fit", Grid, 0, 64, MaxSOMNodes/64); err != nil {
		t.Errorf("grid of MaxSOMNodes nodes: %v", err)
	}
	if _, err := somLattice("SOM.Fit", Grid, 0, 65, MaxSOMNodes/64); !errors.Is(err, ErrTooLarge) {
		t.Errorf("grid of MaxSOMNodes + 64 nodes: %v", err)
	}
	// MaxIter = MaxIterLimit is accepted (the run converges long before).
	if r, err := (KMeans{K: 2, MaxIter: MaxIterLimit}).Fit(x); err != nil || !r.Converged {
		t.Errorf("KMeans at MaxIterLimit: %v", err)
	}
	if err := onlineSize("test", MaxEpochs, MaxOnlineSteps/MaxEpochs); err != nil {
		t.Errorf("at MaxEpochs and MaxOnlineSteps: %v", err)
	}
	if err := onlineSize("test", MaxEpochs, MaxOnlineSteps/MaxEpochs+1); !errors.Is(err, ErrTooLarge) {
		t.Errorf("past MaxOnlineSteps: %v", err)
	}
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}
