//go:build !amd64 || purego

package kernel

func adamAsm[T float](theta, g, m, v []T, b1, b2, lr, rc2, eps T) int { return 0 }

func adamSumAsm[T float](theta, g, h, m, v []T, b1, b2, lr, rc2, eps T) int { return 0 }
