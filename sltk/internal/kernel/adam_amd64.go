//go:build amd64 && !purego

package kernel

import "unsafe"

// adamAsm runs Adam's assembly over the longest prefix of whole vectors (eight float32 or four
// float64 entries) and returns its length; 0 without the assembly.
func adamAsm[T float](theta, g, m, v []T, b1, b2, lr, rc2, eps T) int {
	if !useAsm {
		return 0
	}
	switch th := any(theta).(type) {
	case []float32:
		n := len(th) &^ 7
		if n > 0 {
			p := func(x []T) *float32 { return (*float32)(unsafe.Pointer(&x[0])) }
			adam32AVX2(n, &th[0], p(g), p(m), p(v), float32(b1), float32(1-b1), float32(b2),
				float32(1-b2), float32(lr), float32(rc2), float32(eps))
		}
		return n
	case []float64:
		n := len(th) &^ 3
		if n > 0 {
			p := func(x []T) *float64 { return (*float64)(unsafe.Pointer(&x[0])) }
			adam64AVX2(n, &th[0], p(g), p(m), p(v), float64(b1), float64(1-b1), float64(b2),
				float64(1-b2), float64(lr), float64(rc2), float64(eps))
		}
		return n
	}
	return 0
}

// adam32AVX2 and adam64AVX2 are Adam's loop in assembly (adam_amd64.s) over n entries, n a
// multiple of 8 (float32) or 4 (float64); ob1 = 1−b1, ob2 = 1−b2.
//
//go:noescape
func adam32AVX2(n int, theta, grad, m, v *float32, b1, ob1, b2, ob2, lr, rc2, eps float32)

//go:noescape
func adam64AVX2(n int, theta, grad, m, v *float64, b1, ob1, b2, ob2, lr, rc2, eps float64)

// adamSumAsm is adamAsm for AdamSum.
func adamSumAsm[T float](theta, g, h, m, v []T, b1, b2, lr, rc2, eps T) int {
	if !useAsm {
		return 0
	}
	switch th := any(theta).(type) {
	case []float32:
		n := len(th) &^ 7
		if n > 0 {
			p := func(x []T) *float32 { return (*float32)(unsafe.Pointer(&x[0])) }
			adamSum32AVX2(n, &th[0], p(g), p(h), p(m), p(v), float32(b1), float32(1-b1), float32(b2),
				float32(1-b2), float32(lr), float32(rc2), float32(eps))
		}
		return n
	case []float64:
		n := len(th) &^ 3
		if n > 0 {
			p := func(x []T) *float64 { return (*float64)(unsafe.Pointer(&x[0])) }
			adamSum64AVX2(n, &th[0], p(g), p(h), p(m), p(v), float64(b1), float64(1-b1), float64(b2),
				float64(1-b2), float64(lr), float64(rc2), float64(eps))
		}
		return n
	}
	return 0
}

//go:noescape
func adamSum32AVX2(n int, theta, grad, grad2, m, v *float32, b1, ob1, b2, ob2, lr, rc2, eps float32)

//go:noescape
func adamSum64AVX2(n int, theta, grad, grad2, m, v *float64, b1, ob1, b2, ob2, lr, rc2, eps float64)
