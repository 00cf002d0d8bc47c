package classify

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Rectangle is an axis-parallel rectangle [Lo[0], Hi[0]] × … × [Lo[d−1], Hi[d−1]] used as a
// hypothesis h(x) = 1 iff x lies inside (the papaya model of §3.1, in any dimension). The empty
// rectangle (Empty = true) labels everything 0.
type Rectangle struct {
	Lo, Hi []float64
	Empty  bool
}

// Contains reports whether x lies in the closed rectangle. A malformed rectangle (len(Lo) ≠
// len(Hi)) contains nothing.
func (r Rectangle) Contains(x []float64) bool {
	if r.Empty || len(x) != len(r.Lo) || len(r.Hi) != len(r.Lo) {
		return false
	}
	for j, v := range x {
		if v < r.Lo[j] || v > r.Hi[j] {
			return false
		}
	}
	return true
}

// Predict labels each row of x: 1 inside the rectangle, 0 outside, so a fitted rectangle is an
// sltk.Classifier. Cost O(n·d).
func (r Rectangle) Predict(x mat.Matrix) ([]int, error) {
	n, d, err := checkX("Rectangle.Predict", x)
	if err != nil {
		return nil, err
	}
	if !r.Empty && len(r.Hi) != len(r.Lo) {
		return nil, fmt.Errorf("classify: Rectangle.Predict: len(Lo) = %d, len(Hi) = %d: %w", len(r.Lo), len(r.Hi), ErrShape)
	}
	if !r.Empty && d != len(r.Lo) {
		return nil, fmt.Errorf("classify: Rectangle.Predict: %d columns for a %d-dimensional rectangle: %w", d, len(r.Lo), ErrShape)
	}
	out := make([]int, n)
	row := make([]float64, d)
	for i := range out {
		if r.Contains(mat.Row(row, i, x)) {
			out[i] = 1
		}
	}
	return out, nil
}

// Area returns the volume of the rectangle: 0 if empty, malformed (len(Lo) ≠ len(Hi)) or with
// a NaN bound, math.MaxFloat64 if the product overflows.
func (r Rectangle) Area() float64 {
	if r.Empty || len(r.Hi) != len(r.Lo) {
		return 0
	}
	a := 1.0
	for j := range r.Lo {
		a *= r.Hi[j] - r.Lo[j]
	}
	switch {
	case math.IsNaN(a):
		return 0
	case math.IsInf(a, 0):
		return math.MaxFloat64
	}
	return a
}

// FitRectangle is ERM for axis-parallel rectangles in the realisable case: the tightest box
// around the positive examples (label 1), or the empty rectangle when there are none. When the
// target is a rectangle this box lies inside it, so it is consistent with the sample. Labels
// must be 0 or 1. Cost O(n·d).
func FitRectangle(x mat.Matrix, y []int) (Rectangle, error) {
	n, d, err := checkX("FitRectangle", x)
	if err != nil {
		return Rectangle{}, err
	}
	if len(y) != n {
		return Rectangle{}, fmt.Errorf("classify: FitRectangle: %d labels for %d rows: %w", len(y), n, ErrShape)
	}
	r := Rectangle{Lo: make([]float64, d), Hi: make([]float64, d), Empty: true}
	for j := range r.Lo {
		r.Lo[j], r.Hi[j] = math.Inf(1), math.Inf(-1)
	}
	for i := 0; i < n; i++ {
		switch y[i] {
		case 0:
			continue
		case 1:
		default:
			return Rectangle{}, fmt.Errorf("classify: FitRectangle: y[%d] = %d, want 0 or 1: %w", i, y[i], ErrLabel)
		}
		r.Empty = false
		for j := 0; j < d; j++ {
			v := x.At(i, j)
			r.Lo[j], r.Hi[j] = math.Min(r.Lo[j], v), math.Max(r.Hi[j], v)
		}
	}
	if r.Empty {
		clear(r.Lo)
		clear(r.Hi)
	}
	return r, nil
}

// ShatteredByRectangles reports whether axis-parallel rectangles shatter the given points
// (rows of x), i.e. realise all 2^n labellings (§3.3). A labelling Z is realisable iff the
// bounding box of Z contains no point outside Z, so each of the 2^n subsets costs O(n·d).
// At most 20 points. The VC dimension of rectangles in the plane is 4: the "diamond" is
// shattered, no 5 points are.
func ShatteredByRectangles(x mat.Matrix) (bool, error) {
	n, d, err := checkX("ShatteredByRectangles", x)
	if err != nil {
		return false, err
	}
	if n > 20 {
		return false, fmt.Errorf("classify: ShatteredByRectangles: %d points, at most 20 for 2^n labellings: %w", n, ErrTooLarge)
	}
	xd := dense(x)
	for mask := 1; mask < 1<<n; mask++ {
		lo, hi := make([]float64, d), make([]float64, d)
		for j := range lo {
			lo[j], hi[j] = math.Inf(1), math.Inf(-1)
		}
		for i := 0; i < n; i++ {
			if mask&(1<<i) == 0 {
				continue
			}
			for j, v := range xd.RawRowView(i) {
				lo[j], hi[j] = math.Min(lo[j], v), math.Max(hi[j], v)
			}
		}
		box := Rectangle{Lo: lo, Hi: hi}
		for i := 0; i < n; i++ {
			if mask&(1<<i) == 0 && box.Contains(xd.RawRowView(i)) {
				return false, nil
			}
		}
	}
	return true, nil
}
