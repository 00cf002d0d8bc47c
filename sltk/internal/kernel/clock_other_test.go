//go:build !amd64 || purego

package kernel

// benchPeak reports false: fmaPeak512 has no assembly here, so the benchmarks report no rates
// per cycle.
func benchPeak(int) bool { return false }
