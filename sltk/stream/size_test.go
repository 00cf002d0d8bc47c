package stream

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// Every size function either returns a size that honours its guarantee (checked against the
// closed form evaluated in float64, which is exact enough far from integers) or refuses:
// ErrParam for a δ that is not a positive normal number below 1, ErrTooLarge past the
// documented limit. Before the fix, a subnormal δ gave −2⁶³ with a nil error (MCountCopies,
// SignatureBits), depth 1 (CountMinSize) or a makeslice panic (MCount.New).
func TestSizesTinyDelta(t *testing.T) {
	sub := []float64{5e-324, 1e-309, 0x1p-1023, math.Nextafter(0x1p-1022, 0)}
	for _, d := range sub {
		if _, err := MCountCopies(d); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "MCountCopies: delta") {
			t.Errorf("MCountCopies(%v): err = %v, want ErrParam naming delta", d, err)
		}
		if _, err := SignatureBits(1000, d); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "SignatureBits: delta") {
			t.Errorf("SignatureBits(1000, %v): err = %v", d, err)
		}
		if _, _, err := CountMinSize(0.1, d); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "CountMinSize: delta") {
			t.Errorf("CountMinSize(0.1, %v): err = %v", d, err)
		}
		if _, err := AvgToWSize(0.5, d); !errors.Is(err, ErrParam) {
			t.Errorf("AvgToWSize(0.5, %v): err = %v", d, err)
		}
		if _, err := (MCount{T: 8, Delta: d}).New(); !errors.Is(err, ErrParam) {
			t.Errorf("MCount{T: 8, Delta: %v}.New: err = %v", d, err)
		}
		if _, err := (CountMin{Epsilon: 0.1, Delta: d}).New(); !errors.Is(err, ErrParam) {
			t.Errorf("CountMin{Delta: %v}.New: err = %v", d, err)
		}
	}
	// The smallest normal δ: finite sizes that honour the closed forms, or ErrTooLarge.
	const dmin = 0x1p-1022
	if _, err := MCountCopies(dmin); !errors.Is(err, ErrTooLarge) {
		t.Errorf("MCountCopies(2⁻¹⁰²²): err = %v, want ErrTooLarge (k ≈ 2836 > %d)", err, maxMCountK)
	}
	if b, err := SignatureBits(1000, dmin); err != nil || b != 1041 {
		// 2·log₂ 1000 + 1022 − 1 = 1040.93…, so 1041 bits.
		t.Errorf("SignatureBits(1000, 2⁻¹⁰²²) = %d, %v, want 1041", b, err)
	}
	if w, d, err := CountMinSize(0.1, dmin); err != nil || w != 20 || d != 1022 {
		t.Errorf("CountMinSize(0.1, 2⁻¹⁰²²) = %d, %d, %v, want 20, 1022", w, d, err)
	}
	// k ≥ 4 ln(2/δ) + 1/2 at the largest δ that still fits, and the first that does not.
	for _, d := range []float64{1e-200, 1e-3, 0.5, 0.999} {
		k, err := MCountCopies(d)
		if err != nil || float64(k) < 4*math.Log(2/d)+0.5-1e-9 || float64(k-1) >= 4*math.Log(2/d)+0.5 {
			t.Errorf("MCountCopies(%v) = %d, %v", d, k, err)
		}
		if _, err := (MCount{T: 8, Delta: d}).New(); err != nil {
			t.Errorf("MCount{Delta: %v}.New: %v", d, err)
		}
	}
	if _, err := MCountCopies(1e-230); !errors.Is(err, ErrTooLarge) {
		t.Errorf("MCountCopies(1e-230): err = %v, want ErrTooLarge", err)
	}
	// CountMinSize: depth ⌈log₂(1/δ)⌉ and width·depth within maxCells.
	for _, c := range []struct{ eps, delta float64 }{{0.1, 0.01}, {0.5, 0.5}, {1e-7, 1e-300}} {
		w, d, err := CountMinSize(c.eps, c.delta)
		if err != nil {
			if !errors.Is(err, ErrTooLarge) || math.Ceil(2/c.eps)*math.Ceil(math.Log2(1/c.delta)) <= maxCells {
				t.Errorf("CountMinSize(%v, %v): %v", c.eps, c.delta, err)
			}
			continue
		}
		if float64(d) < math.Log2(1/c.delta)-1e-9 || float64(w) < 2/c.eps-1e-9 || w*d > maxCells {
			t.Errorf("CountMinSize(%v, %v) = %d, %d", c.eps, c.delta, w, d)
		}
	}
	for _, e := range []float64{5e-324, 1e-300} {
		if _, err := CountSize(e); !errors.Is(err, ErrTooLarge) {
			t.Errorf("CountSize(%v): err = %v", e, err)
		}
		if _, err := AvgToWSize(e, 0.1); !errors.Is(err, ErrTooLarge) {
			t.Errorf("AvgToWSize(%v, 0.1): err = %v", e, err)
		}
	}
	for _, v := range []float64{0, -1, 1, math.NaN(), math.Inf(1)} {
		if _, err := MCountCopies(v); !errors.Is(err, ErrParam) {
			t.Errorf("MCountCopies(%v): err = %v", v, err)
		}
	}
}

// MCount: the product (2k − 1)·t is limited too (before the fix K = 2048 with T = 2²⁴ tried to
// allocate 550 GB); at the limit it builds.
func TestMCountProductLimit(t *testing.T) {
	if _, err := (MCount{MedianK: maxMCountK, T: maxT}).New(); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "MCount.New: (2k − 1)·t") {
		t.Errorf("MCount{MedianK: 2048, T: 2²⁴}.New: %v", err)
	}
	if _, err := (MCount{MedianK: 2, T: maxMCountValues/3 + 1}).New(); !errors.Is(err, ErrTooLarge) {
		t.Errorf("3 copies just past the limit: %v", err)
	}
	if m, err := (MCount{MedianK: 1, T: 1 << 10}).New(); err != nil || len(m.copies) != 1 {
		t.Errorf("K = 1 (one copy): %v", err)
	}
}
