package classify

import (
	"math"
	"testing"
)

// TestLogisticVectorKernelsAgree pins the fits the per-row loop gave (floats.Dot, math.Exp,
// floats.AddScaled; values printed by that code) before the margins went to kernel.Dots, the
// exponentials to kernel.Exp and the gradient to one Gemv per block: the same iteration
// counts, all converged, costs within 10⁻¹² relative and weights within 10⁻¹² (seen: 4·10⁻¹⁷
// on the intercept, 1·10⁻¹⁶ on the weights), on contiguous rows and on a strided view.
func TestLogisticVectorKernelsAgree(t *testing.T) {
	x, y, _ := benchData(5000, 7)
	full, err := LogisticRegression{L2: 0.5, Tol: 1e-7}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	view, err := LogisticRegression{NoIntercept: true, Tol: 1e-7}.Fit(x.Slice(0, 3000, 1, 6), y[:3000])
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		m    *LogisticModel
		iter int
		cost float64
		b    float64
		w    []float64
	}{
		{full, 10, 2110.5856829184463, -0.0048175542301532887, []float64{-0.19945168081122311, -0.68041702725449016, -0.83024459601170209, 1.2276587515666701, 0.17842008398693512, 1.1210063206720748, -1.1032845988808424}},
		{view, 9, 1483.7705223925921, 0, []float64{-0.54377284100176093, -0.71831454793782068, 1.0546227103742687, 0.12706804999382554, 0.97161992393709107}},
	} {
		if c.m.Iter != c.iter || !c.m.Converged {
			t.Fatalf("%d iterations, converged %v; the per-row loop converged in %d", c.m.Iter, c.m.Converged, c.iter)
		}
		if math.Abs(c.m.Cost-c.cost) > 1e-12*c.cost || math.Abs(c.m.B-c.b) > 1e-12 {
			t.Fatalf("cost %.17g, b %.17g; the per-row loop's %.17g, %.17g", c.m.Cost, c.m.B, c.cost, c.b)
		}
		for j, v := range c.w {
			if math.Abs(c.m.W[j]-v) > 1e-12 {
				t.Fatalf("w_%d = %.17g, the per-row loop's %.17g", j, c.m.W[j], v)
			}
		}
	}
}

// TestLogisticLogRuns checks the loss summed as logarithms of products over runs of logRun
// rows against the definition Σ LogisticLoss(s_i·z_i) + (L2/2)‖w‖² (math.Log1p per row) at
// the fitted weights, across several runs and a partial one, within 10⁻¹³ relative; and the
// fit on 10^5×20 against the values the Log1p-per-row code gave (printed by it): the same 10
// iterations, cost within 10⁻¹² relative.
func TestLogisticLogRuns(t *testing.T) {
	x, y, s := benchData(100_000, 20)
	m, err := LogisticRegression{L2: 1, Tol: 1e-6}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	want := 0.0
	for i := range y {
		z := m.B
		for j, w := range m.W {
			z += w * x.At(i, j)
		}
		l, err := LogisticLoss(s[i] * z)
		if err != nil {
			t.Fatal(err)
		}
		want += l
	}
	for _, w := range m.W {
		want += 0.5 * w * w
	}
	if math.Abs(m.Cost-want) > 1e-13*want {
		t.Errorf("Cost %.17g, definition %.17g", m.Cost, want)
	}
	if old := 42642.638158796901; m.Iter != 10 || math.Abs(m.Cost-old) > 1e-12*old {
		t.Errorf("Iter %d, Cost %.17g; the Log1p-per-row fit: 10, %.17g", m.Iter, m.Cost, old)
	}
}
