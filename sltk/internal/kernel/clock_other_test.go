//go:build !amd64 || purego

package kernel

// benchChain reports false: addChain has no assembly here, so the benchmarks report no rates
// per cycle.
func benchChain(int) bool { return false }
