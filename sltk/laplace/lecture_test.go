package laplace

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// Tests of the errata of SLT chapter 4 (Laplace's method) that the notebook slt/04's "Notes on the
// lecture source" point to.

// E20: Theorem 13 needs the minimum to be the unique global one. Expanded at the local
// minimum y ≈ 0.8713 of f = −1 + y² + sin 5y, the "Laplace estimate" misses the mass at the
// global minimum, and the ratio exact/estimate grows without bound instead of tending to 1.
func TestLectureE20GlobalMinimum(t *testing.T) {
	p := Wiggle()
	prev := 0.0
	for _, M := range []float64{1, 5, 20} {
		r, err := LogIntegral(p, []float64{0.87}, M)
		if err != nil {
			t.Fatal(err)
		}
		exact, err := Simpson(func(y float64) float64 { return math.Exp(-M * (p.F([]float64{y}) - r.F)) }, -8, 8, 200000)
		if err != nil {
			t.Fatal(err)
		}
		ratio := exact / math.Exp(r.LogInt+M*r.F)
		if ratio <= prev || ratio < 2 {
			t.Errorf("M = %g: ratio %g at a local minimum, want > 2 and growing", M, ratio)
		}
		prev = ratio
	}
}

// E21: R(c) = −cᵀc is the constant −N on {−1, 1}^N, so Z = 2^N e^{N/T} exactly.
func TestLectureE21ConstantCost(t *testing.T) {
	const n, T = 6, 1.7
	z := 0.0
	for bits := 0; bits < 1<<n; bits++ {
		ctc := 0.0
		for i := 0; i < n; i++ {
			c := float64(2*((bits>>i)&1) - 1)
			ctc += c * c
		}
		z += math.Exp(ctc / T)
	}
	if want := math.Pow(2, n) * math.Exp(n/T); math.Abs(z-want) > 1e-12*want {
		t.Errorf("Z = %g, 2^N e^{N/T} = %g", z, want)
	}
}

// E22 and E23: with the minus sign the pairwise cost (4.22) equals the sum of squares (4.23),
// and e^{−R/T} = e^{−1/(2T)} Π_k exp(+‖s_k‖²/(2NT)); without the sign, or with the printed
// factors exp(−‖s_k‖²/(2N)), neither holds.
func TestLectureE22E23Sign(t *testing.T) {
	x := TwoDirections(3)
	const K, T = 2, 0.7
	rng := rand.New(rand.NewPCG(23, 23))
	labels := make([]int, 12)
	worstPrinted, worstFactor := 0.0, 0.0
	for trial := 0; trial < 100; trial++ {
		s := mat.NewDense(K, 2, nil)
		for i := range labels {
			labels[i] = rng.IntN(K)
			s.Set(labels[i], 0, s.At(labels[i], 0)+x.At(i, 0))
			s.Set(labels[i], 1, s.At(labels[i], 1)+x.At(i, 1))
		}
		pair, err := LACost(x, labels)
		if err != nil {
			t.Fatal(err)
		}
		sq, _ := LACostSquares(x, labels, K)
		corrected, printed := -1/(2*T), -1/(2*T)
		for k := 0; k < K; k++ {
			n2 := s.At(k, 0)*s.At(k, 0) + s.At(k, 1)*s.At(k, 1)
			corrected += n2 / (2 * 12 * T)
			printed -= n2 / (2 * 12)
		}
		if math.Abs(pair-sq) > 1e-14 || math.Abs(-pair/T-corrected) > 1e-12 {
			t.Fatalf("trial %d: pairwise %g, squares %g, log e^{−R/T} %g vs %g", trial, pair, sq, -pair/T, corrected)
		}
		worstPrinted = math.Max(worstPrinted, math.Abs(-pair-sq))
		worstFactor = math.Max(worstFactor, math.Abs(-pair/T-printed))
	}
	if worstPrinted < 0.1 || worstFactor < 1 {
		t.Errorf("the printed forms agree too well: %g, %g", worstPrinted, worstFactor)
	}
}

// E24: the sum defining Z_X runs over the K^N one-hot matrices, not all 2^{NK} binary ones.
func TestLectureE24OneHotCount(t *testing.T) {
	valid := 0
	for bits := 0; bits < 1<<10; bits++ { // 5×2 binary matrices
		ok := true
		for i := 0; i < 5; i++ {
			row := (bits >> (2 * i)) & 3
			ok = ok && (row == 1 || row == 2)
		}
		if ok {
			valid++
		}
	}
	if valid != 32 {
		t.Errorf("%d one-hot 5×2 matrices, want 2⁵ = 32 (of 1024)", valid)
	}
}

// E25: α = e^{−1/(2T)} (2πT/N)^{−KD/2}; the printed exponent +KD/2 is off by KD·log(2πT/N)/2
// nats, 1.95, 0.46 and 2.65 for the five 1-D points at T = 0.3, 1, 3.
func TestLectureE25Alpha(t *testing.T) {
	for T, off := range map[float64]float64{0.3: 1.95, 1: 0.46, 3: 2.65} {
		printed := -1/(2*T) + math.Log(2*math.Pi*T/5)
		alpha, err := LALogAlpha(5, 2, 1, T)
		if err != nil {
			t.Fatal(err)
		}
		if got := math.Abs(printed - alpha); math.Abs(got-off) > 0.01 {
			t.Errorf("T = %g: printed α off by %.3f nats, want %.2f", T, got, off)
		}
	}
}
