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

// kernelMode is one way the kernels can run on this machine: the assembly with its AVX-512
// kernels where the CPU has them (wide), the AVX2 assembly, or pure Go. Tests that compare the
// bits of the paths run every mode of kernelModes.
type kernelMode struct{ asm, wide bool }

var kernelModes = []kernelMode{{true, true}, {true, false}, {false, false}}

func (m kernelMode) String() string {
	switch {
	case m.asm && m.wide:
		return "AVX-512"
	case m.asm:
		return "AVX2"
	}
	return "Go"
}

// set switches to the mode (as far as the CPU allows) and returns the function that restores
// the previous one.
func (m kernelMode) set() (restore func()) {
	oa, ow := setAsm(m.asm), setWide(m.wide)
	return func() { setAsm(oa); setWide(ow) }
}

// TestKMGateOff runs every kernel with the gate forced off (the pure-Go path a CPU without
// AVX2 and FMA takes) and with the gate as the CPU allows, and compares the bits; it also
// checks that the gate really switches (Asm reports false when forced off). On a machine
// without the assembly both runs take the Go path and the test still checks the hook.
// kmCase draws 4·nq rows x of d coordinates and kp transposed centroids ct (d×kp), normal at a
// random binary scale, or at 1e160 on every 40th trial so that the squares overflow to +Inf.
func kmCase(rng *rand.Rand, trial, d, nq, kp int) (x, ct []float64) {
	scale := math.Ldexp(1, rng.IntN(80)-40)
	if trial%40 == 0 {
		scale = 1e160
	}
	x, ct = make([]float64, 4*nq*d), make([]float64, d*kp)
	for i := range x {
		x[i] = rng.NormFloat64() * scale
	}
	for i := range ct {
		ct[i] = rng.NormFloat64() * scale
	}
	return x, ct
}

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
		x, ct := kmCase(rng, trial, d, nq, kp)
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

// TestKMNearestQuads checks KMNearestQuads in every kernel mode (the AVX-512 octets, the AVX2
// quads and KMNearestQuadsGo, as far as the CPU has them), 1 to 5 quads, against
// KMDistQuadsGo's best and idx and against the definition (the distances searched in index
// order), bit for bit: kp = 4 (one group), 8 and 16 (pairs of groups), 12, 20 and more (chunks
// of three, then two), up to KMMaxKP, d from 1, scales whose squares overflow to +Inf (and
// every distance +Inf, or every centroid +Inf: index 0), exact ties between centroids in the
// same lane, in different lanes of one group and in different groups (the smallest index
// wins), and 1 to 4 trailing centroids +Inf (padding, which the AVX-512 kernel skips: chunks
// of 2 to 12 centroids).
func TestKMNearestQuads(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	kps := []int{4, 8, 12, 16, 20, 64, KMMaxKP - 4, KMMaxKP}
	for trial := range 400 {
		d, nq := 1+rng.IntN(17), 1+rng.IntN(5)
		if trial%8 == 7 { // both sides of the AVX-512 kernel's limit on d
			d = KMOctMaxD + trial/8%2
		}
		kp := kps[trial%len(kps)]
		if trial%5 == 0 {
			kp = 4 * (1 + rng.IntN(KMMaxKP/4))
		}
		x, ct := kmCase(rng, trial, d, nq, kp)
		switch trial % 4 {
		case 1: // ties: centroid kp−1 equals 0, and a lane-mate equals another lane of its group
			for t := range d {
				ct[t*kp+kp-1] = ct[t*kp]
				ct[t*kp+kp-2] = ct[t*kp+kp-3]
			}
		case 2: // all centroids equal: every row's minimum is at index 0
			for t := range d {
				for j := range kp {
					ct[t*kp+j] = ct[t*kp]
				}
			}
		case 3: // padding: the last centroids +Inf
			for t := range d {
				for j := kp - 1 - rng.IntN(4); j < kp; j++ {
					ct[t*kp+j] = math.Inf(1)
				}
			}
			if kp > 4 && trial%8 == 3 { // a row equal to a centroid: distance 0
				for t := range d {
					x[t] = ct[t*kp+kp/2]
				}
			}
		}
		if trial%16 == 11 { // every centroid +Inf (all of them padding): +Inf, index 0
			for i := range ct {
				ct[i] = math.Inf(1)
			}
		}
		if trial%16 == 6 { // every distance +Inf: index 0
			for i := range x {
				x[i] = 1e300
			}
			for i := range ct {
				ct[i] = -1e300
			}
		}
		wantBest, wantIdx := make([]float64, 4*nq), make([]int, 4*nq)
		KMDistQuadsGo(x, nq, d, ct, kp, make([]float64, 4*nq*kp), wantBest, wantIdx)
		for r := range 4 * nq { // the definition
			b, bj := math.Inf(1), 0
			for j := range kp {
				var s float64
				for t := range d {
					u := x[r*d+t] - ct[t*kp+j]
					s += u * u
				}
				if s < b {
					b, bj = s, j
				}
			}
			if math.Float64bits(b) != math.Float64bits(wantBest[r]) || bj != wantIdx[r] {
				t.Fatalf("trial %d: KMDistQuadsGo row %d (%v, %d), definition (%v, %d)", trial, r, wantBest[r], wantIdx[r], b, bj)
			}
		}
		for _, m := range kernelModes {
			best, idx := make([]float64, 4*nq), make([]int, 4*nq)
			restore := m.set()
			KMNearestQuads(x, nq, d, ct, kp, best, idx)
			restore()
			for r := range best {
				if math.Float64bits(best[r]) != math.Float64bits(wantBest[r]) || idx[r] != wantIdx[r] {
					t.Fatalf("trial %d (d=%d nq=%d kp=%d, %v): row %d: (%v, %d), want (%v, %d)",
						trial, d, nq, kp, m, r, best[r], idx[r], wantBest[r], wantIdx[r])
				}
			}
		}
	}
}

// KMNearestQuads refuses kp past KMMaxKP and kp not a multiple of 4.
func TestKMNearestQuadsBadShape(t *testing.T) {
	for _, kp := range []int{KMMaxKP + 4, 6} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("kp = %d: no panic", kp)
				}
			}()
			x, ct := make([]float64, 4), make([]float64, kp)
			KMNearestQuads(x, 1, 1, ct, kp, make([]float64, 4), make([]int, 4))
		}()
	}
}
