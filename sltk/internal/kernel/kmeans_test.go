package kernel

import (
	"math"
	"math/rand/v2"
	"testing"
)

// withAsm runs f with the assembly gate set to on (where the CPU has it) and restores it.
func withAsm(on bool, f func()) {
	old := setAsm(on)
	defer setAsm(old)
	f()
}

// TestKMGateOff runs every kernel with the gate forced off (the pure-Go path a CPU without
// AVX2 and FMA takes) and with the gate as the CPU allows, and compares the bits; it also
// checks that the gate really switches (Asm reports false when forced off). On a machine
// without the assembly both runs take the Go path and the test still checks the hook.
func TestKMGateOff(t *testing.T) {
	t.Logf("assembly on this machine: %v", cpuAsm)
	withAsm(false, func() {
		if Asm() {
			t.Fatal("Asm() with the gate forced off")
		}
	})
	if Asm() != cpuAsm {
		t.Fatalf("gate not restored: Asm() = %v, CPU %v", Asm(), cpuAsm)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		d, nq, kp := 1+rng.IntN(17), 1+rng.IntN(4), 4*(1+rng.IntN(9))
		scale := math.Ldexp(1, rng.IntN(80)-40)
		if trial%40 == 0 {
			scale = 1e160 // squares overflow to +Inf
		}
		x, ct := make([]float64, 4*nq*d), make([]float64, d*kp)
		for i := range x {
			x[i] = rng.NormFloat64() * scale
		}
		for i := range ct {
			ct[i] = rng.NormFloat64() * scale
		}
		if trial%3 == 0 { // exact ties between two centroids
			for t := range d {
				ct[t*kp+kp-1] = ct[t*kp]
			}
		}
		type res struct {
			out, best []float64
			idx       []int
			sums      []float64
			dots      []float64
			tanhX     []float64
			tanhS     float64
		}
		run := func() res {
			r := res{out: make([]float64, 4*nq*kp), best: make([]float64, 4*nq), idx: make([]int, 4*nq)}
			KMDistQuads(x, nq, d, ct, kp, r.out, r.best, r.idx)
			r.sums = make([]float64, kp*d)
			for i := range r.sums {
				r.sums[i] = float64(i) * 0.1
			}
			ridx := make([]int, 4*nq)
			for i := range ridx {
				ridx[i] = r.idx[i] % kp
			}
			KMAddRows(r.sums, x, ridx, d)
			r.dots = make([]float64, 4*nq)
			Dots(r.dots, x[:d], x)
			r.tanhX = make([]float64, 4*d)
			for i := range r.tanhX {
				r.tanhX[i] = math.Mod(x[i%len(x)], 20)
			}
			r.tanhS = Tanh(r.tanhX, 1.3)
			return r
		}
		var asm, pure res
		withAsm(true, func() { asm = run() })
		withAsm(false, func() { pure = run() })
		same := func(a, b []float64) bool {
			for i := range a {
				if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
					return false
				}
			}
			return true
		}
		for i := range asm.idx {
			if asm.idx[i] != pure.idx[i] {
				t.Fatalf("trial %d: idx[%d] %d (gate on), %d (off)", trial, i, asm.idx[i], pure.idx[i])
			}
		}
		if !same(asm.out, pure.out) || !same(asm.best, pure.best) || !same(asm.sums, pure.sums) ||
			!same(asm.dots, pure.dots) || !same(asm.tanhX, pure.tanhX) ||
			math.Float64bits(asm.tanhS) != math.Float64bits(pure.tanhS) {
			t.Fatalf("trial %d (d=%d nq=%d kp=%d): gate on and off differ", trial, d, nq, kp)
		}
	}
}
