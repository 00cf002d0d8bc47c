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
// place, TestExpAccuracy). Outside that range, and for NaN and ±Inf, it returns math.Exp's
// value: +Inf above 709.78…, the subnormals and 0 below −708, NaN for NaN, e^{−∞} = 0. Each
// dst[i] depends on x[i] alone (not on its neighbours or on the machine). Cost O(len(x)), no
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
// it would overflow before the multiplication by p).
const expLo, expHi = -708.0, 709.0

// expLimits holds expLo and expHi in four lanes each for the assembly.
var expLimits = [2][4]float64{{expLo, expLo, expLo, expLo}, {expHi, expHi, expHi, expHi}}

// exp1 is one value of Exp: expCore in range, math.Exp outside (and for NaN).
func exp1(v float64) float64 {
	if v >= expLo && v <= expHi {
		return expCore(v)
	}
	return math.Exp(v)
}

// expBlocksGo is the pure-Go twin of expAVX2: it sets dst[j] = expCore(x[j]) for the groups of
// four from the start and stops before the first group with a value out of range (or NaN) or
// short of four; it returns how many values it set.
func expBlocksGo(dst, x []float64) int {
	i := 0
	for ; i+4 <= len(x); i += 4 {
		g := x[i : i+4]
		if !(g[0] >= expLo && g[0] <= expHi && g[1] >= expLo && g[1] <= expHi &&
			g[2] >= expLo && g[2] <= expHi && g[3] >= expLo && g[3] <= expHi) {
			break
		}
		for l, v := range g {
			dst[i+l] = expCore(v)
		}
	}
	return i
}
