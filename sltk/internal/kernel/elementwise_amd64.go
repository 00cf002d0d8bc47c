//go:build amd64 && !purego

package kernel

import "unsafe"

// narrowAsm runs Narrow's assembly over the longest prefix of whole steps of eight values and
// returns its length; 0 without the assembly.
func narrowAsm(dst []float32, src []float64) int {
	n := len(dst) &^ 7
	if !useAsm || n == 0 {
		return 0
	}
	narrowAVX(n, &dst[0], &src[0])
	return n
}

// reluGradAsm runs ReluGrad's assembly over the longest prefix of whole vectors (eight
// float32 or four float64 values) and returns its length; 0 without the assembly.
func reluGradAsm[T float](d, a []T) int {
	if !useAsm {
		return 0
	}
	switch d := any(d).(type) {
	case []float32:
		n := len(d) &^ 7
		if n > 0 {
			reluGrad32AVX(n, &d[0], (*float32)(unsafe.Pointer(&a[0])))
		}
		return n
	case []float64:
		n := len(d) &^ 3
		if n > 0 {
			reluGrad64AVX(n, &d[0], (*float64)(unsafe.Pointer(&a[0])))
		}
		return n
	}
	return 0
}

// addToAsm runs AddTo's assembly over the longest prefix of whole vectors and returns its
// length; 0 without the assembly.
func addToAsm[T float](dst, src []T) int {
	if !useAsm {
		return 0
	}
	switch d := any(dst).(type) {
	case []float32:
		n := len(d) &^ 7
		if n > 0 {
			add32AVX(n, &d[0], (*float32)(unsafe.Pointer(&src[0])))
		}
		return n
	case []float64:
		n := len(d) &^ 3
		if n > 0 {
			add64AVX(n, &d[0], (*float64)(unsafe.Pointer(&src[0])))
		}
		return n
	}
	return 0
}

// narrowAVX converts n float64 values (n a multiple of 8) at src into float32 at dst.
//
//go:noescape
func narrowAVX(n int, dst *float32, src *float64)

// reluGrad32AVX and reluGrad64AVX are ReluGrad over n values, n a multiple of 8 (float32)
// or 4 (float64).
//
//go:noescape
func reluGrad32AVX(n int, d, a *float32)

//go:noescape
func reluGrad64AVX(n int, d, a *float64)

// add32AVX and add64AVX are AddTo over n values, n a multiple of 8 (float32) or 4 (float64).
//
//go:noescape
func add32AVX(n int, dst, src *float32)

//go:noescape
func add64AVX(n int, dst, src *float64)

// biasReluAsm runs BiasReLU's assembly over the longest prefix of whole vectors and returns
// its length; 0 without the assembly.
func biasReluAsm[T float](z, bias []T) int {
	if !useAsm {
		return 0
	}
	switch z := any(z).(type) {
	case []float32:
		n := len(z) &^ 7
		if n > 0 {
			biasRelu32AVX(n, &z[0], (*float32)(unsafe.Pointer(&bias[0])))
		}
		return n
	case []float64:
		n := len(z) &^ 3
		if n > 0 {
			biasRelu64AVX(n, &z[0], (*float64)(unsafe.Pointer(&bias[0])))
		}
		return n
	}
	return 0
}

// biasRelu32AVX and biasRelu64AVX are BiasReLU over n values, n a multiple of 8 (float32) or
// 4 (float64).
//
//go:noescape
func biasRelu32AVX(n int, z, bias *float32)

//go:noescape
func biasRelu64AVX(n int, z, bias *float64)
