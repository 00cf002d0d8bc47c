package kernel

import "math"

// Exp sets dst[i] = e^{x[i]} for every i (dst and x must have the same length, else Exp
// panics; dst may be x). It is the exponential under the posterior (soft-assignment)
// computations of deterministic annealing and Gaussian mixtures, which exponentiate a whole
// row of log-weights at a time.
//
// On [−708, 709] it evaluates expCore (the range reduction and degree-13 polynomial of Tanh),
// four values at a time in Go assembly where Asm() is true and in Go otherwise, with the same
// bits; its relative error against math.Exp is below 5·10⁻¹⁶ (about 2 units in the last
// place, TestExpAccuracy). Below −746, −∞ included, it writes 0 in the same four-lane pass,
// as math.Exp does. Elsewhere, and for NaN and +Inf, it returns math.Exp's value: +Inf above
// 709.78…, the subnormals and 0 on [−746, −708), NaN for NaN. Each
// dst[i] depends on x[i] alone (not on its neighbours, nor on the machine except under
// WebAssembly, where it is math.Exp's value: exp_wasm.go). Cost O(len(x)), no
// allocation; in assembly about ten times faster than math.Exp in a loop (BenchmarkExp: 7–9 µs
// against 93–133 µs for 1024 values on a loaded machine).
func Exp(dst, x []float64) {
	if len(dst) != len(x) {
		panic("kernel: Exp: len(dst) != len(x)")
	}
	for i := 0; i < len(x); {
		i += expBlocks(dst[i:], x[i:])
		end := min(i+4, len(x)) // a group with a value out of range, or the tail
		for ; i < end; i++ {
			dst[i] = exp1(x[i])
		}
	}
}

// expLo and expHi bound the range of expCore (below −708 2^k would be subnormal, above 709
// it would overflow before the multiplication by p). Below expZero e^x rounds to 0
// (math.Exp's underflow threshold is −745.13…), so the vector path writes 0 there itself:
// −∞, LogZero-like values and cut-off terms do not send their group to the scalar path.
const expLo, expHi, expZero = -708.0, 709.0, -746.0

// expLimits holds expLo, expHi and expZero in four lanes each for the assembly.
var expLimits = [3][4]float64{{expLo, expLo, expLo, expLo}, {expHi, expHi, expHi, expHi},
	{expZero, expZero, expZero, expZero}}

// exp1 is one value of Exp: expCore in range, math.Exp outside (and for NaN).
func exp1(v float64) float64 {
	if v >= expLo && v <= expHi {
		return expCore(v)
	}
	return math.Exp(v)
}

// expBlocksGo is the pure-Go twin of expAVX2: it sets dst[j] = expCore(x[j]), or 0 where
// x[j] < expZero, for the groups of four from the start and stops before the first group with
// a value in neither range (NaN, +Inf, [expZero, expLo) or above expHi) or short of four; it
// returns how many values it set.
func expBlocksGo(dst, x []float64) int {
	i := 0
outer:
	for ; i+4 <= len(x); i += 4 {
		g := x[i : i+4]
		for _, v := range g {
			if !(v >= expLo && v <= expHi || v < expZero) {
				break outer
			}
		}
		for l, v := range g {
			if v < expZero {
				dst[i+l] = 0
			} else {
				dst[i+l] = expCore(v)
			}
		}
	}
	return i
}
