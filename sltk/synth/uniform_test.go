package synth

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestLabelledNoiseRateAndGap(t *testing.T) {
	rule := func(x []float64) bool { return x[0]+x[1] > 1 }
	x, y, err := Labelled{N: 20000, D: 4, Rule: rule, Noise: 0.15, Seed: 1}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	flipped := 0
	for i, l := range y {
		if (l == 1) != rule(x.RawRowView(i)) {
			flipped++
		}
	}
	// 4.5 binomial standard deviations around 0.15.
	if rate := float64(flipped) / 20000; math.Abs(rate-0.15) > 4.5*math.Sqrt(0.15*0.85/20000) {
		t.Errorf("flip rate %.4f, want ≈ 0.15", rate)
	}
	keep := func(x []float64) bool { return math.Abs(x[0]-0.5) > 0.1 }
	x, _, err = Labelled{N: 500, Low: -1, High: 1, Rule: rule, Keep: keep, Seed: 2}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 500; i++ {
		if v := x.At(i, 0); !keep(x.RawRowView(i)) || v < -1 || v > 1 {
			t.Fatalf("row %d = %v outside the box or the kept region", i, x.RawRowView(i))
		}
	}
}

func TestLabelledBadInput(t *testing.T) {
	rule := func(x []float64) bool { return x[0] > 0 }
	never := func([]float64) bool { return false }
	for name, l := range map[string]Labelled{
		"N":     {Rule: rule},
		"D":     {N: 3, D: -1, Rule: rule},
		"box":   {N: 3, Low: 1, High: 1, Rule: rule},
		"NaN":   {N: 3, Low: math.NaN(), High: 1, Rule: rule},
		"rule":  {N: 3},
		"noise": {N: 3, Rule: rule, Noise: 1},
		"keep":  {N: 3, Rule: rule, Keep: never},
	} {
		if _, _, err := l.Generate(); !errors.Is(err, ErrParam) {
			t.Errorf("%s: err = %v, want ErrParam", name, err)
		}
	}
}

func TestCurve(t *testing.T) {
	f := func(x float64) float64 { return 3 * x }
	xs, ys, err := Curve{F: f, N: 4, Low: 2, High: 6}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	for i, x := range xs {
		if x < 2+float64(i) || x > 3+float64(i) || ys[i] != 3*x {
			t.Errorf("point %d = (%v, %v), want x in [%d, %d] and y = 3x", i, x, ys[i], 2+i, 3+i)
		}
	}
	for name, c := range map[string]Curve{
		"N": {F: f}, "F": {N: 2}, "interval": {F: f, N: 2, Low: 1},
		"noise": {F: f, N: 2, Noise: -1},
	} {
		if _, _, err := c.Generate(); !errors.Is(err, ErrParam) {
			t.Errorf("%s: err = %v, want ErrParam", name, err)
		}
	}
}

func TestBooleanCube(t *testing.T) {
	x, err := BooleanCube(3)
	if err != nil {
		t.Fatal(err)
	}
	if r, c := x.Dims(); r != 8 || c != 3 || x.At(5, 0) != 1 || x.At(5, 1) != 0 || x.At(5, 2) != 1 {
		t.Errorf("cube %d×%d, row 5 = %v; want 8×3 and (1, 0, 1)", r, c, x.RawRowView(5))
	}
	if _, err := BooleanCube(0); !errors.Is(err, ErrParam) {
		t.Errorf("n = 0: err = %v", err)
	}
	for _, n := range []int{25, math.MaxInt} {
		if _, err := BooleanCube(n); !errors.Is(err, ErrTooLarge) {
			t.Errorf("n = %d: err = %v, want ErrTooLarge", n, err)
		}
	}
}

func TestLabelRows(t *testing.T) {
	x, _ := BooleanCube(2)
	y := LabelRows(x, func(v []float64) bool { return v[0] != v[1] })
	if len(y) != 4 || y[0] != 0 || y[1] != 1 || y[2] != 1 || y[3] != 0 {
		t.Errorf("XOR labels %v, want [0 1 1 0]", y)
	}
	var nilDense *mat.Dense
	if LabelRows(nilDense, func([]float64) bool { return true }) != nil || LabelRows(x, nil) != nil {
		t.Error("nil input should give nil")
	}
}

func TestExpertsAndLossTable(t *testing.T) {
	adv, out, err := Experts{N: 4, T: 20000, Seed: 1}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	right := 0
	for s := range out {
		if adv[s][3] == out[s] {
			right++
		}
	}
	// expert 3 of 4 is right with probability 0.725; 4.5 standard deviations of 20000 rounds
	if r := float64(right) / 20000; math.Abs(r-0.725) > 4.5*math.Sqrt(0.725*0.275/20000) {
		t.Errorf("best expert right %.4f of the time, want ≈ 0.725", r)
	}
	x, err := LossTable{N: 5, T: 100, Signed: true, Seed: 2}.Generate()
	if err != nil {
		t.Fatal(err)
	}
	if r, c := x.Dims(); r != 100 || c != 5 {
		t.Fatalf("table %d×%d", r, c)
	}
	for _, v := range x.RawMatrix().Data {
		if v < -1 || v > 1 {
			t.Fatalf("signed loss %v outside [−1, 1]", v)
		}
	}
	if _, _, err := (Experts{Spread: 0.6}).Generate(); !errors.Is(err, ErrParam) {
		t.Errorf("spread 0.6: %v", err)
	}
	if _, err := (LossTable{N: -1}).Generate(); !errors.Is(err, ErrParam) {
		t.Errorf("N = −1: %v", err)
	}
}
