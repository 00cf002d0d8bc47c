//go:build amd64 && !purego

package kernel

// benchChain runs addChain(n), 8·n cycles, and reports true.
func benchChain(n int) bool { addChain(n); return true }
