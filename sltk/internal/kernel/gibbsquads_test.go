package kernel

import (
	"math"
	"math/rand/v2"
	"testing"
)

// gibbsCase draws nq quads of kp distances: the first k of each row finite (one of them the
// row's minimum, repeated when tie), the rest +Inf padding, spread over several scales so that
// terms fall on both sides of the cut-off.
func gibbsCase(rng *rand.Rand, nq, kp, k int, scale float64, tie bool) (dist, m []float64) {
	dist, m = make([]float64, 4*nq*kp), make([]float64, 4*nq)
	for r := range 4 * nq {
		row := dist[r*kp : (r+1)*kp]
		m[r] = math.Inf(1)
		for j := range row {
			if j >= k {
				row[j] = math.Inf(1)
				continue
			}
			row[j] = scale * rng.ExpFloat64() * math.Ldexp(1, rng.IntN(8)-4)
			if tie && j == k-1 {
				row[j] = row[0]
			}
			m[r] = min(m[r], row[j])
		}
	}
	return dist, m
}

// TestGibbsQuads checks the fused posterior kernel three ways: the assembly against the pure
// Go twin bit for bit (gate on and off); the twin against the same formula with math.Exp in
// place of the polynomial, relative error below 1e-15 + kp·2.3e-16 for every posterior (each
// term is within 5e-16 of math.Exp's, each of the kp additions of z may round one unit the
// other way) and exactly 0 where a ≥ cut; and the rows' sums z against their definition.
func TestGibbsQuads(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for trial := range 300 {
		nq, kp := 1+rng.IntN(5), 4*(1+rng.IntN(8))
		k := max(1, kp-rng.IntN(4))
		cut := []float64{0.5, 40 + math.Log(1e5), 708}[trial%3]
		invT := math.Ldexp(1, rng.IntN(40)-20)
		dist, m := gibbsCase(rng, nq, kp, k, 1/invT*float64(1+trial%7), trial%4 == 0)
		if trial%5 == 0 && k >= 2 { // a term at the cut-off (dropped if a rounds to cut)
			dist[0], dist[1] = m[0], m[0]+cut/invT
		}
		run := func(on bool) (p, z []float64) {
			p, z = make([]float64, len(dist)), make([]float64, len(m))
			withAsm(on, func() { GibbsQuads(p, dist, m, z, nq, kp, invT, cut) })
			return p, z
		}
		pa, za := run(true)
		pg, zg := run(false)
		for i := range pa {
			if math.Float64bits(pa[i]) != math.Float64bits(pg[i]) {
				t.Fatalf("trial %d: p[%d] = %v (assembly), %v (Go)", trial, i, pa[i], pg[i])
			}
		}
		for r := range za {
			if math.Float64bits(za[r]) != math.Float64bits(zg[r]) {
				t.Fatalf("trial %d: z[%d] = %v (assembly), %v (Go)", trial, r, za[r], zg[r])
			}
			e, ref := make([]float64, kp), 0.0
			for j, v := range dist[r*kp : (r+1)*kp] {
				if a := (v - m[r]) * invT; a < cut {
					e[j] = math.Exp(-a)
				}
				ref += e[j]
			}
			if !(math.Abs(zg[r]-ref) <= (1e-15+float64(kp)*2.3e-16)*ref) || zg[r] < 1 {
				t.Fatalf("trial %d row %d: z = %v, math.Exp sum %v", trial, r, zg[r], ref)
			}
			for j := range e {
				got, want := pg[r*kp+j], e[j]/ref
				if want == 0 && got != 0 || !(math.Abs(got-want) <= (1e-15+float64(kp)*2.3e-16)*want) {
					t.Fatalf("trial %d: p(%d, %d) = %v, math.Exp formula %v", trial, r, j, got, want)
				}
			}
		}
	}
}

// TestGibbsQuadsPanics checks the documented panics: a cut-off outside (0, 708], a
// temperature that is not finite and positive, a kp that is not a multiple of 4, short slices.
func TestGibbsQuadsPanics(t *testing.T) {
	buf := make([]float64, 32)
	for _, c := range []struct {
		name        string
		nq, kp      int
		invT, cut   float64
		p, dist, mz []float64
	}{
		{"cut 0", 1, 4, 1, 0, buf, buf, buf},
		{"cut 709", 1, 4, 1, 709, buf, buf, buf},
		{"cut NaN", 1, 4, 1, math.NaN(), buf, buf, buf},
		{"invT 0", 1, 4, 0, 1, buf, buf, buf},
		{"invT +Inf", 1, 4, math.Inf(1), 1, buf, buf, buf},
		{"invT NaN", 1, 4, math.NaN(), 1, buf, buf, buf},
		{"kp 6", 1, 6, 1, 1, buf, buf, buf},
		{"nq 0", 0, 4, 1, 1, buf, buf, buf},
		{"short p", 1, 12, 1, 1, buf[:40/4], buf, buf},
		{"short m", 2, 4, 1, 1, buf, buf, buf[:7]},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", c.name)
				}
			}()
			GibbsQuads(c.p, c.dist, c.mz, c.mz, c.nq, c.kp, c.invT, c.cut)
		}()
	}
}

// BenchmarkGibbsQuads turns 1024 rows of 16 distances into posteriors (the block of deterministic
// annealing with K = 16), with the assembly and with the Go twin.
func BenchmarkGibbsQuads(b *testing.B) {
	rng := rand.New(rand.NewPCG(33, 34))
	const nq, kp = 256, 16
	dist, m := gibbsCase(rng, nq, kp, kp, 4, false)
	p, z := make([]float64, len(dist)), make([]float64, len(m))
	for _, on := range []bool{true, false} {
		name := map[bool]string{true: "asm", false: "Go"}[on]
		b.Run(name, func(b *testing.B) {
			withAsm(on, func() {
				for b.Loop() {
					GibbsQuads(p, dist, m, z, nq, kp, 1, 40+math.Log(1e5))
				}
			})
		})
	}
}
