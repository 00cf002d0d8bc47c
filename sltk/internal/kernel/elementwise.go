package kernel

// Narrow sets dst[i] = float32(src[i]) for i < len(dst), each value rounded to the nearest
// float32 as Go's conversion does. Where Asm() is true it runs in Go assembly, eight values
// per step (AVX conversions, which round the same way); otherwise NarrowGo. It is package nn's
// copy of float64 rows into a float32 batch, where Go's scalar conversion cost as much per
// value as a tenth of the batch's products. It panics if src is shorter than dst. Cost
// O(len(dst)), no allocation.
func Narrow(dst []float32, src []float64) {
	src = src[:len(dst)]
	done := narrowAsm(dst, src)
	NarrowGo(dst[done:], src[done:])
}

// NarrowGo is Narrow in pure Go, the reference the assembly must match.
func NarrowGo(dst []float32, src []float64) {
	src = src[:len(dst)]
	for i, v := range src {
		dst[i] = float32(v)
	}
}

// ReluGrad sets d[i] = 0 wherever a[i] > 0 fails (a[i] ≤ 0 or NaN) and leaves d[i] otherwise:
// the back-propagated δ times the ReLU's derivative, written through the activation a = max(z, 0).
// Where Asm() is true it runs in Go assembly (a compare and a mask per eight float32 or four
// float64 values: the branch of ReluGradGo mispredicts on about half the units of a trained
// layer); otherwise ReluGradGo, with the same result. It panics if a is shorter than d.
// Cost O(len(d)), no allocation.
func ReluGrad[T float](d, a []T) {
	a = a[:len(d)]
	done := reluGradAsm(d, a)
	ReluGradGo(d[done:], a[done:])
}

// ReluGradGo is ReluGrad in pure Go, the reference the assembly must match.
func ReluGradGo[T float](d, a []T) {
	a = a[:len(d)]
	for i, v := range a {
		if !(v > 0) {
			d[i] = 0
		}
	}
}

// AddTo sets dst[i] += src[i] for i < len(dst): package nn's sum of its batch shards'
// gradients. Where Asm() is true it runs in Go assembly, eight float32 or four float64 values
// per step; otherwise AddToGo; both round each sum once, so they return the same bits. It
// panics if src is shorter than dst. Cost O(len(dst)), no allocation.
func AddTo[T float](dst, src []T) {
	src = src[:len(dst)]
	done := addToAsm(dst, src)
	AddToGo(dst[done:], src[done:])
}

// AddToGo is AddTo in pure Go, the reference the assembly must match.
func AddToGo[T float](dst, src []T) {
	src = src[:len(dst)]
	for i, v := range src {
		dst[i] += v
	}
}

// BiasReLU sets z[i] = max(z[i] + bias[i], 0) for i < len(z), with Go's max (a NaN sum stays
// NaN, −0 becomes +0): the biases and the ReLU of a hidden layer after its product, in
// package nn's forward pass, where the scalar loop cost a tenth as much as the layer's
// product. Where Asm() is true it runs in Go assembly (an add, a compare and a mask per eight
// float32 or four float64 values); otherwise BiasReLUGo; the sums are rounded once either
// way, so the results are the same. It panics if bias is shorter than z. Cost O(len(z)), no
// allocation.
func BiasReLU[T float](z, bias []T) {
	bias = bias[:len(z)]
	done := biasReluAsm(z, bias)
	BiasReLUGo(z[done:], bias[done:])
}

// BiasReLUGo is BiasReLU in pure Go, the reference the assembly must match.
func BiasReLUGo[T float](z, bias []T) {
	bias = bias[:len(z)]
	for i, v := range z {
		z[i] = max(v+bias[i], 0)
	}
}
