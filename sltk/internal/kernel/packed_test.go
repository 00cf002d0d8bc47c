package kernel

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
)

// TestSgemmPacked: a product with op(b) packed once (PackedB32, packed in one to three
// parts as several goroutines would) returns the bits of Sgemm and of SgemmSkipZeros on the same
// operands, over both transposes of a and b, shapes around the 16-column slivers, the
// 256-step panels and Sgemm's 2048-column blocks, beta 0, 1 and other, one and two workers
// (split by rows and by columns), with many zeros in a, with the assembly and without.
func TestSgemmPacked(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	trans := []blas.Transpose{blas.NoTrans, blas.Trans}
	type dims struct{ m, n, k int }
	shapes := []dims{{1, 1, 1}, {6, 16, 256}, {7, 17, 257}, {64, 256, 784}, {40, 15, 600},
		{130, 33, 64}, {5, 2100, 20}, {300, 40, 255}}
	cases := 0
	for _, asm := range kernelModes {
		restore := asm.set()
		for _, s := range shapes {
			if !useAsm && s.m*s.n*s.k > 1<<20 {
				continue // the pure-Go micro-kernel is slow; the small shapes cover its edges
			}
			for _, tA := range trans {
				tB := trans[r.IntN(2)]
				a64, b64, _ := gemmCase(r, tA, tB, s.m, s.n, s.k, r.IntN(2))
				a, b := to32(a64), to32(b64)
				for i := range a.Data { // zeros in runs, as in images
					if (i/5)%3 == 0 {
						a.Data[i] = 0
					}
				}
				p := NewPackedB32(s.k, s.n)
				parts := 1 + r.IntN(3)
				for part := parts - 1; part >= 0; part-- {
					p.Pack(tB, b, part, parts)
				}
				for _, beta := range []float32{0, 1, -0.5} {
					for _, skip := range []bool{false, true} {
						workers := 1 + r.IntN(2)
						c0 := blas32.General{Rows: s.m, Cols: s.n, Stride: s.n, Data: make([]float32, s.m*s.n)}
						for i := range c0.Data {
							c0.Data[i] = float32(r.NormFloat64())
						}
						want := blas32.General{Rows: s.m, Cols: s.n, Stride: s.n, Data: append([]float32(nil), c0.Data...)}
						got := blas32.General{Rows: s.m, Cols: s.n, Stride: s.n, Data: append([]float32(nil), c0.Data...)}
						if skip {
							SgemmSkipZeros(workers, tA, tB, 1.5, a, b, beta, want)
						} else {
							Sgemm(tA, tB, 1.5, a, b, beta, want)
						}
						SgemmPacked(workers, skip, tA, 1.5, a, p, beta, got)
						for i, w := range want.Data {
							if g := got.Data[i]; math.Float32bits(g) != math.Float32bits(w) && !(g == 0 && w == 0) {
								t.Fatalf("asm %v %v %c%c skip %v beta %v workers %d: c[%d] = %g, want %g",
									asm, s, tA, tB, skip, beta, workers, i, g, w)
							}
						}
						cases++
					}
				}
			}
		}
		restore()
	}
	t.Logf("%d cases", cases)
}

// TestPackedB32Panics: packing an op(b) of other dimensions, and a product whose a does not
// match the packed b, panic (as Sgemm does on bad shapes).
func TestPackedB32Panics(t *testing.T) {
	p := NewPackedB32(3, 4)
	for name, f := range map[string]func(){
		"pack": func() {
			p.Pack(blas.NoTrans, blas32.General{Rows: 4, Cols: 3, Stride: 3, Data: make([]float32, 12)}, 0, 1)
		},
		"part": func() {
			p.Pack(blas.NoTrans, blas32.General{Rows: 3, Cols: 4, Stride: 4, Data: make([]float32, 12)}, 2, 2)
		},
		"product": func() {
			a := blas32.General{Rows: 2, Cols: 5, Stride: 5, Data: make([]float32, 10)}
			c := blas32.General{Rows: 2, Cols: 4, Stride: 4, Data: make([]float32, 8)}
			SgemmPacked(1, false, blas.NoTrans, 1, a, p, 0, c)
		},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}

// TestSgemmPackedAB: a product with op(a) packed once (PackedA32, packed twice to check that a
// second Pack replaces the first) and op(b) packed (PackedB32) returns the bits of Sgemm on
// the same operands, over both
// transposes of a and b, shapes around the six-row slivers, Sgemm's 96-row blocks and the
// 256-step panels, beta 0, 1 and other, one and two workers (split by rows and by columns), in
// every kernel mode.
func TestSgemmPackedAB(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	trans := []blas.Transpose{blas.NoTrans, blas.Trans}
	type dims struct{ m, n, k int }
	shapes := []dims{{1, 1, 1}, {6, 16, 256}, {7, 17, 257}, {480, 256, 64}, {97, 40, 600},
		{130, 33, 64}, {5, 2100, 20}, {300, 40, 255}, {2100, 5, 20}}
	cases := 0
	for _, md := range kernelModes {
		restore := md.set()
		for _, s := range shapes {
			if !useAsm && s.m*s.n*s.k > 1<<20 {
				continue
			}
			for _, tA := range trans {
				tB := trans[r.IntN(2)]
				a64, b64, _ := gemmCase(r, tA, tB, s.m, s.n, s.k, r.IntN(2))
				a, b := to32(a64), to32(b64)
				p := NewPackedA32(s.m, s.k)
				other, _, _ := gemmCase(r, tA, tB, s.m, s.n, s.k, 0)
				p.Pack(tA, to32(other))
				p.Pack(tA, a)
				pb := NewPackedB32(s.k, s.n)
				pb.Pack(tB, b, 0, 1)
				for _, beta := range []float32{0, 1, -0.5} {
					workers := 1 + r.IntN(2)
					c0 := blas32.General{Rows: s.m, Cols: s.n, Stride: s.n, Data: make([]float32, s.m*s.n)}
					for i := range c0.Data {
						c0.Data[i] = float32(r.NormFloat64())
					}
					want := blas32.General{Rows: s.m, Cols: s.n, Stride: s.n, Data: append([]float32(nil), c0.Data...)}
					got := blas32.General{Rows: s.m, Cols: s.n, Stride: s.n, Data: append([]float32(nil), c0.Data...)}
					Sgemm(tA, tB, 1.5, a, b, beta, want)
					SgemmPackedAB(workers, p, pb, 1.5, beta, got)
					for i, w := range want.Data {
						if g := got.Data[i]; math.Float32bits(g) != math.Float32bits(w) {
							t.Fatalf("%v %v %c%c beta %v workers %d: c[%d] = %g, want %g",
								md, s, tA, tB, beta, workers, i, g, w)
						}
					}
					cases++
				}
			}
		}
		restore()
	}
	t.Logf("%d cases", cases)
}

// TestPackedA32Panics: packing an op(a) of other dimensions, and a product whose b does not
// match the packed a, panic (as Sgemm does on bad shapes).
func TestPackedA32Panics(t *testing.T) {
	p := NewPackedA32(3, 4)
	for name, f := range map[string]func(){
		"pack": func() {
			p.Pack(blas.NoTrans, blas32.General{Rows: 4, Cols: 3, Stride: 3, Data: make([]float32, 12)})
		},
		"short": func() {
			p.Pack(blas.NoTrans, blas32.General{Rows: 3, Cols: 4, Stride: 4, Data: make([]float32, 11)})
		},
		"productAB": func() {
			c := blas32.General{Rows: 3, Cols: 2, Stride: 2, Data: make([]float32, 6)}
			SgemmPackedAB(1, p, NewPackedB32(5, 2), 1, 0, c)
		},
		"productABc": func() {
			c := blas32.General{Rows: 2, Cols: 2, Stride: 2, Data: make([]float32, 4)}
			SgemmPackedAB(1, p, NewPackedB32(4, 2), 1, 0, c)
		},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}
