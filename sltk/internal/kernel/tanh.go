package kernel

import "math"

// Tanh replaces each x_j by tanh(a·x_j) and returns Σ_j a·(1 − tanh²(a·x_j)): the score G′
// and the sum of G″ of FastICA's log-cosh contrast G(y) = log cosh(a·y)/a, which is where its
// fixed point spends most of its time. The x_j must be finite and a > 0.
//
// It evaluates tanh(y) = sgn(y)(1 − e)/(1 + e) with e = exp(−2|y|) (one exponential and one
// division, with an absolute error of a few units in the last place of 1, which is all FastICA's
// sums need). The exponential is computed here rather than by math.Exp so that four lanes run
// at once: e = 2^k·p(r) with k = round(z·log₂e), r = z − k·ln2 (|r| ≤ ln2/2) and p the Taylor
// polynomial of degree 13 (truncation error below 5e-18), where z = max(−2a|x|, −40) (below
// −40 the quotient rounds to 1 anyway). On amd64 with AVX2 and FMA it runs in Go assembly,
// elsewhere (or with the build tag purego) in TanhGo; both give the same bits. Cost O(len(x)),
// no allocation.
func Tanh(x []float64, a float64) float64 {
	n4 := len(x) &^ 3
	return tanhTail(x[n4:], a, tanh4(x[:n4], a))
}

// TanhGo is Tanh in pure Go: the reference that the assembly must match. Lane l ∈ {0,1,2,3}
// accumulates a·(1 − t_j²) (one fused multiply-add, after 1 − t_j² as another) for the
// j ≡ l (mod 4) below len(x) − len(x) mod 4, in order; then (s₀ + s₂) + (s₁ + s₃); then the
// last len(x) mod 4 terms in order.
func TanhGo(x []float64, a float64) float64 {
	n4 := len(x) &^ 3
	return tanhTail(x[n4:], a, tanhLanes(x[:n4], a))
}

func tanhLanes(x []float64, a float64) float64 {
	var s [4]float64
	for j := 0; j+4 <= len(x); j += 4 {
		for l := range 4 {
			t := tanh1(x[j+l], a)
			x[j+l] = t
			s[l] = math.FMA(a, math.FMA(-t, t, 1), s[l])
		}
	}
	return (s[0] + s[2]) + (s[1] + s[3])
}

func tanhTail(x []float64, a, s float64) float64 {
	for j, v := range x {
		t := tanh1(v, a)
		x[j] = t
		s = math.FMA(a, math.FMA(-t, t, 1), s)
	}
	return s
}

// expCore is e^z for −708 ≤ z ≤ 709, one lane of the assembly of Tanh and Exp, operation for
// operation: e^z = 2^k·p(r) with k = round(z·log₂e) (by adding and subtracting 1.5·2⁵²),
// r = z − k·ln2 in two fused steps (ln 2 split in a high part with trailing zeros and a low
// part, as in math.Exp), p the degree-13 Taylor polynomial of e^r by Horner's rule in fused
// multiply-adds, and 2^k built from its exponent bits (k + 1023)·2⁵².
func expCore(z float64) float64 {
	t := float64(float64(z*tanhBits(tanhLog2E)) + tanhBits(tanhMagic))
	k := float64(t - tanhBits(tanhMagic))
	r := math.FMA(-k, tanhBits(tanhLn2Hi), z)
	r = math.FMA(-k, tanhBits(tanhLn2Lo), r)
	p := tanhBits(tanhPoly)
	for i := 1; i <= tanhDegree; i++ {
		p = math.FMA(r, p, tanhBits(tanhPoly+i))
	}
	return float64(p * math.Float64frombits((math.Float64bits(t)+tanhConst[tanhBias][0])<<52))
}

// tanhConst holds the constants of tanh1, each repeated in four lanes for the assembly.
var tanhConst = func() (c [tanhNConst][4]uint64) {
	set := func(i int, v uint64) { c[i] = [4]uint64{v, v, v, v} }
	set(tanhSign, 1<<63)
	set(tanhMagic, 0x4338000000000000) // 1.5·2^52: adding it rounds to an integer
	set(tanhBias, 1023)                // exponent bias: 2^k has the bits (k + 1023)<<52
	set(tanhClamp, math.Float64bits(-40))
	set(tanhOne, math.Float64bits(1))
	set(tanhLog2E, math.Float64bits(math.Log2E))
	set(tanhLn2Hi, math.Float64bits(6.93147180369123816490e-01)) // ln 2 split as in math.Exp
	set(tanhLn2Lo, math.Float64bits(1.90821492927058770002e-10))
	f := 1.0 // 1/j! for j = 0, …, 13, the highest degree first
	for j := range tanhDegree + 1 {
		if j > 0 {
			f *= float64(j)
		}
		set(tanhPoly+tanhDegree-j, math.Float64bits(1/f))
	}
	return c
}()

const (
	tanhSign = iota
	tanhMagic
	tanhBias
	tanhClamp
	tanhOne
	tanhLog2E
	tanhLn2Hi
	tanhLn2Lo
	tanhPoly   // tanhDegree+1 coefficients, the highest degree first
	tanhDegree = 13
	tanhNConst = tanhPoly + tanhDegree + 1
)

func tanhBits(i int) float64 { return math.Float64frombits(tanhConst[i][0]) }

// tanh1 is one lane of the assembly, operation for operation.
func tanh1(v, a float64) float64 {
	z := float64(math.Abs(v) * (-2 * a))
	if z < -40 {
		z = -40
	}
	e := expCore(z)
	q := float64(1-e) / float64(1+e)
	return math.Float64frombits(math.Float64bits(q) | math.Float64bits(v)&(1<<63))
}
