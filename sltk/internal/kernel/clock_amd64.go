//go:build amd64 && !purego

package kernel

// addChain runs a chain of 8·n dependent integer additions, one cycle each: the benchmarks
// time it to measure the clock rate in the same run as a kernel, whose rate per cycle
// (multiply-adds, share of an arithmetic bound) is then independent of the frequency the
// virtual machine happens to run at.
func addChain(n int)
