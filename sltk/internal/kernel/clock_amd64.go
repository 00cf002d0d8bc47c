//go:build amd64 && !purego

package kernel

// fmaPeak512 runs 12·n independent 512-bit float32 fused multiply-adds (AVX-512; call it only
// where cpuWide): the machine's peak, two per cycle on Zen 5. The benchmarks time it between
// a kernel's calls to measure the clock under the same load and power draw as the kernel's, so
// that a kernel's rate per cycle does not move with the frequency the virtual machine gets. A
// chain of dependent integer additions (one a cycle) measured the clock 10–40 % off on the
// bench machine: the core runs at another frequency for scalar code than for 512-bit FMAs.
func fmaPeak512(n int)
