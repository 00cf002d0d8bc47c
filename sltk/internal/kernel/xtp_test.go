package kernel

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestXtPAdd checks the unpacked product AᵀP: the assembly against the Go twin bit for bit
// (gate on and off), both against the sum of the exact products rounded once at the end within
// rows·2⁻⁵²·Σ|a·p| plus the start value's share (the chain rounds once per row), and that no
// entry of sums past m·kp is written. Shapes: m = 1 … 12 (odd m runs a row of sums twice), rows
// 1 … 70, kp = 4 … 40 (sixteen columns at a time and the last kp mod 16 four at a time).
func TestXtPAdd(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	for trial := range 400 {
		m, rows, kp := 1+rng.IntN(12), 1+rng.IntN(70), 4*(1+rng.IntN(10))
		lda := rows + rng.IntN(5)
		a, p := make([]float64, (m-1)*lda+rows), make([]float64, rows*kp)
		for i := range a {
			a[i] = rng.NormFloat64() * math.Ldexp(1, rng.IntN(20)-10)
		}
		for i := range p {
			p[i] = rng.Float64()
		}
		start := make([]float64, m*kp+5)
		for i := range start {
			start[i] = rng.NormFloat64()
		}
		run := func(on bool) []float64 {
			s := append([]float64(nil), start...)
			withAsm(on, func() { XtPAdd(s, a, lda, m, p, rows, kp) })
			return s
		}
		sa, sg := run(true), run(false)
		for i := range sa {
			if math.Float64bits(sa[i]) != math.Float64bits(sg[i]) {
				t.Fatalf("trial %d (m=%d rows=%d kp=%d): sums[%d] = %v (assembly), %v (Go)", trial, m, rows, kp, i, sa[i], sg[i])
			}
			if i >= m*kp && sg[i] != start[i] {
				t.Fatalf("trial %d: sums[%d] past m·kp written", trial, i)
			}
		}
		for j := range m {
			for c := range kp {
				want, mag := start[j*kp+c], math.Abs(start[j*kp+c])
				for r := range rows {
					want += a[j*lda+r] * p[r*kp+c]
					mag += math.Abs(a[j*lda+r] * p[r*kp+c])
				}
				if got := sg[j*kp+c]; !(math.Abs(got-want) <= float64(rows+2)*0x1p-52*mag) {
					t.Fatalf("trial %d: sums(%d, %d) = %v, sum of products %v", trial, j, c, got, want)
				}
			}
		}
	}
}

// TestXtPAddPanics checks the documented panics.
func TestXtPAddPanics(t *testing.T) {
	buf := make([]float64, 64)
	for _, c := range []struct {
		name             string
		lda, m, rows, kp int
		sums, a, p       []float64
	}{
		{"m 0", 4, 0, 4, 4, buf, buf, buf},
		{"rows 0", 4, 1, 0, 4, buf, buf, buf},
		{"kp 6", 4, 1, 4, 6, buf, buf, buf},
		{"lda < rows", 3, 2, 4, 4, buf, buf, buf},
		{"short sums", 4, 3, 4, 8, buf[:23], buf, buf},
		{"short a", 8, 3, 4, 4, buf, buf[:19], buf},
		{"short p", 4, 1, 4, 8, buf, buf, buf[:31]},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", c.name)
				}
			}()
			XtPAdd(c.sums, c.a, c.lda, c.m, c.p, c.rows, c.kp)
		}()
	}
}

// BenchmarkXtPAdd adds [X 1]ᵀP for 64 rows of 16 posteriors and d = 2, 10 (one step of
// deterministic annealing with K = 16), with the assembly and the Go twin.
func BenchmarkXtPAdd(b *testing.B) {
	rng := rand.New(rand.NewPCG(53, 54))
	const rows, kp = 64, 16
	p := make([]float64, rows*kp)
	for i := range p {
		p[i] = rng.Float64()
	}
	for _, m := range []int{3, 11} {
		a, sums := make([]float64, m*rows), make([]float64, m*kp)
		for i := range a {
			a[i] = rng.NormFloat64()
		}
		for _, on := range []bool{true, false} {
			name := map[bool]string{true: "asm", false: "Go"}[on]
			b.Run(name+"/m="+string(rune('0'+m/10))+string(rune('0'+m%10)), func(b *testing.B) {
				withAsm(on, func() {
					for b.Loop() {
						XtPAdd(sums, a, rows, m, p, rows, kp)
					}
				})
			})
		}
	}
}
