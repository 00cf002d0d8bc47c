//go:build amd64 && !purego

package kernel

// benchPeak runs fmaPeak512(n), 12·n vector FMAs, and reports true where the CPU has
// AVX-512.
func benchPeak(n int) bool {
	if !cpuWide {
		return false
	}
	fmaPeak512(n)
	return true
}
