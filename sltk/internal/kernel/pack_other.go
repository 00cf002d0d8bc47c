//go:build !amd64 || purego

package kernel

func packColumnsAsm[T float](dst, x []T, ld, nsl, kc, w int) bool { return false }

func packRowsAsm[T float](s, x []T, ld, kc, w int) int { return 0 }
