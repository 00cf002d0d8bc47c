package kernel

import "math"

// sumExpBlock is how many shifted values SumExp exponentiates per call of Exp: a buffer on
// the stack (2 KiB) long enough that the call overhead and the scalar tail vanish.
const sumExpBlock = 256

// SumExp returns Σ exp(x_i − m) over the x_i that are not NaN, the sum under a log-sum-exp
// with shift m (usually max x_i, so that every term is at most 1). The terms are computed by
// Exp in blocks on the stack and added in index order, so the result has the same bits with
// and without the assembly and differs from the same sum of math.Exp terms by at most the
// terms' error: relative 5·10⁻¹⁶ (TestSumExp). Cost O(len(x)), no allocation; on amd64 four
// to eight times faster than a loop of math.Exp (BenchmarkSumExp, 4096 terms: 42–83 µs against
// 321–444 µs on a loaded machine).
func SumExp(x []float64, m float64) float64 {
	var buf [sumExpBlock]float64
	var s float64
	for len(x) > 0 {
		n := min(len(x), sumExpBlock)
		b := buf[:n]
		for i, v := range x[:n] {
			if v != v { // NaN: a term e^{−∞} = 0
				b[i] = math.Inf(-1)
			} else {
				b[i] = v - m
			}
		}
		Exp(b, b)
		for _, e := range b {
			s += e
		}
		x = x[n:]
	}
	return s
}

// SoftmaxRows normalises each row of k values of x (len(x) = n·k, rows contiguous) in place
// into the probabilities pᵢ = exp(xᵢ − m)/s with m = max xᵢ and s = Σ exp(xᵢ − m), and sets
// lse[r] = m + log s, the row's log-sum-exp. It is the E-step of a mixture over a block of
// points: one call of Exp exponentiates every row of the block at once, so a mixture of
// three components runs four lanes wide like one of sixteen. A row that cannot be
// normalised (a NaN or +Inf value, or every value −Inf) is left as it was and gets
// lse[r] = NaN; the caller decides what that means. Against the same formula with math.Exp
// each probability has relative error below 1.5·10⁻¹⁵ (against the form exp(xᵢ − lse), whose
// own rounding of xᵢ − lse adds up to 2⁻⁵²·|lse|, below 1.5·10⁻¹⁵ + 2⁻⁵²·|lse|) and each lse
// absolute error below 4·10⁻¹⁶·(1 + |lse|) (TestSoftmaxRows); the bits are the same with and
// without the assembly. It panics if k < 1, len(x) is not a multiple of k, or len(lse) < len(x)/k.
// Cost O(len(x)), no allocation.
func SoftmaxRows(x []float64, k int, lse []float64) {
	if k < 1 || len(x)%k != 0 || len(lse) < len(x)/k {
		panic("kernel: SoftmaxRows: mismatched lengths")
	}
	n := len(x) / k
	// Shift the rows by their maxima, exponentiating each run of good rows with one call.
	run := 0 // first row of the current run of rows that can be normalised
	for r := 0; r < n; r++ {
		row := x[r*k : r*k+k]
		m := math.Inf(-1)
		bad := false
		for _, v := range row {
			if v > m {
				m = v
			} else if v != v {
				bad = true
			}
		}
		if bad || math.IsInf(m, 0) {
			Exp(x[run*k:r*k], x[run*k:r*k])
			run = r + 1
			lse[r] = math.NaN()
			continue
		}
		for i, v := range row {
			row[i] = v - m
		}
		lse[r] = m
	}
	Exp(x[run*k:], x[run*k:])
	for r := 0; r < n; r++ {
		if lse[r] != lse[r] {
			continue
		}
		row := x[r*k : r*k+k]
		var s float64
		for _, e := range row {
			s += e
		}
		inv := 1 / s
		for i := range row {
			row[i] *= inv
		}
		lse[r] += math.Log(s)
	}
}
