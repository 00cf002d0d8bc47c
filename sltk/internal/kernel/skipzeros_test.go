package kernel

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
)

// TestSgemmSkipZeros: SgemmSkipZeros returns Sgemm's bits on operands a with many exact zeros
// (±0 in runs and at random, whole zero slivers, subnormal, huge and tiny values), over the
// transpose cases, shapes around the 6×16 tile and the 256-step k blocks, alpha and beta in
// {0, 1, other}, on one and two workers, with the assembly and without (then through
// sgemmKernelIdxGo). Where c is ±0 only its value is compared.
func TestSgemmSkipZeros(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	special := []float32{float32(math.Copysign(0, -1)), 0x1p-149, -0x1p-140, 1e30, -1e-30, 1}
	dims := []int{1, 5, 6, 7, 13, 16, 17, 40}
	ks := []int{1, 6, 64, 255, 256, 257, 600}
	trans := []blas.Transpose{blas.NoTrans, blas.Trans}
	cases, dropped := 0, 0
	for _, asm := range kernelModes {
		restore := asm.set()
		for _, tA := range trans {
			for _, tB := range trans {
				for _, k := range ks {
					m, n := dims[r.IntN(len(dims))], dims[r.IntN(len(dims))]
					ar, ac := m, k
					if tA == blas.Trans {
						ar, ac = k, m
					}
					br, bc := k, n
					if tB == blas.Trans {
						br, bc = n, k
					}
					a := blas32.General{Rows: ar, Cols: ac, Stride: ac + r.IntN(2), Data: nil}
					a.Data = make([]float32, ar*a.Stride)
					density := []float64{0, 0.05, 0.3, 0.6, 1}[r.IntN(5)]
					for i := range ar {
						run := r.Float64() < 0.5 // rows with long zero runs
						for j := range ac {
							if run && (j/8)%2 == 0 || r.Float64() >= density {
								if r.IntN(7) == 0 {
									a.Data[i*a.Stride+j] = float32(math.Copysign(0, -1))
								}
								continue
							}
							a.Data[i*a.Stride+j] = float32(r.NormFloat64())
							if r.IntN(30) == 0 {
								a.Data[i*a.Stride+j] = special[r.IntN(len(special))]
							}
						}
					}
					b := blas32.General{Rows: br, Cols: bc, Stride: bc + r.IntN(2)}
					b.Data = make([]float32, br*b.Stride)
					for i := range b.Data {
						b.Data[i] = float32(r.NormFloat64())
					}
					for _, ab := range [][2]float32{{1, 0}, {1, 1}, {-0.75, 0.5}, {0, 2}} {
						c0 := blas32.General{Rows: m, Cols: n, Stride: n + r.IntN(2)}
						c0.Data = make([]float32, m*c0.Stride)
						for i := range c0.Data {
							c0.Data[i] = float32(r.NormFloat64())
						}
						want := blas32.General{Rows: m, Cols: n, Stride: c0.Stride, Data: append([]float32(nil), c0.Data...)}
						got := blas32.General{Rows: m, Cols: n, Stride: c0.Stride, Data: append([]float32(nil), c0.Data...)}
						Sgemm(tA, tB, ab[0], a, b, ab[1], want)
						SgemmSkipZeros(1+r.IntN(2), tA, tB, ab[0], a, b, ab[1], got)
						for i, w := range want.Data {
							g := got.Data[i]
							if math.Float32bits(g) != math.Float32bits(w) && !(g == 0 && w == 0) {
								t.Fatalf("asm %v %c%c m %d n %d k %d alpha %v beta %v density %v: c[%d] = %g, Sgemm %g",
									asm, tA, tB, m, n, k, ab[0], ab[1], density, i, g, w)
							}
						}
						cases++
					}
					if density < 0.5 {
						dropped++
					}
				}
			}
		}
		restore()
	}
	t.Logf("%d cases (%d sparse operands), assembly %v", cases, dropped, cpuAsm)
}

// TestSgemmKernelIdx: the assembly micro-kernel over listed steps matches sgemmKernelIdxGo
// bit for bit, including no steps at all (c finished from zero accumulators) and repeated
// or out-of-order indices, in both store modes.
func TestSgemmKernelIdx(t *testing.T) {
	if !cpuAsm {
		t.Skip("no assembly on this machine")
	}
	r := rand.New(rand.NewPCG(33, 34))
	const kc = 40
	b := make([]float32, kc*sgemmNR)
	for i := range b {
		b[i] = float32(r.NormFloat64())
	}
	for _, n := range []int{0, 1, 7, kc} {
		idx := make([]int32, n)
		a := make([]float32, n*sgemmMR)
		for i := range idx {
			idx[i] = int32(r.IntN(kc))
		}
		for i := range a {
			a[i] = float32(r.NormFloat64())
		}
		for _, store := range []bool{false, true} {
			c1 := make([]float32, sgemmMR*20)
			for i := range c1 {
				c1[i] = float32(r.NormFloat64())
			}
			c2 := append([]float32(nil), c1...)
			sgemmKernelIdx(n, idx, a, b, c1, 20, 1.5, store)
			sgemmKernelIdxGo(n, idx, a, b, c2, 20, 1.5, store)
			for i := range c1 {
				if math.Float32bits(c1[i]) != math.Float32bits(c2[i]) {
					t.Fatalf("n %d store %v: c[%d] = %g, Go %g", n, store, i, c1[i], c2[i])
				}
			}
		}
	}
}

// TestSgemmKernelRows: the micro-kernels over a row of tiles (dense and over listed steps)
// match their pure-Go references, which are the single-tile kernels tile by tile, bit for
// bit: one to three tiles, slivers of b apart by more than their length, no listed steps,
// both store modes; the columns of c past the row are left alone.
func TestSgemmKernelRows(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 36))
	const kc, bs, ldc = 40, 40*sgemmNR + 8, 70
	b := make([]float32, 2*bs+kc*sgemmNR)
	for i := range b {
		b[i] = float32(r.NormFloat64())
	}
	a := make([]float32, kc*sgemmMR)
	for i := range a {
		a[i] = float32(r.NormFloat64())
	}
	for _, asm := range kernelModes {
		restore := asm.set()
		for tiles := 1; tiles <= 3; tiles++ {
			for _, n := range []int{0, 1, 13, kc} {
				idx := make([]int32, n)
				for i := range idx {
					idx[i] = int32(r.IntN(kc))
				}
				for _, store := range []bool{false, true} {
					c := make([]float32, sgemmMR*ldc)
					for i := range c {
						c[i] = float32(r.NormFloat64())
					}
					for _, idxRow := range []bool{false, true} {
						got, want := append([]float32(nil), c...), append([]float32(nil), c...)
						if idxRow {
							sgemmKernelIdxRow(n, idx, a, b, kc, bs, got, ldc, 0.75, store, tiles)
							for u := range tiles {
								sgemmKernelIdxGo(n, idx, a, b[u*bs:], want[u*sgemmNR:], ldc, 0.75, store)
							}
						} else {
							sgemmKernelRow(kc, a, b, bs, got, ldc, 0.75, store, tiles)
							for u := range tiles {
								sgemmKernelGo(kc, a, b[u*bs:], want[u*sgemmNR:], ldc, 0.75, store)
							}
						}
						for i := range got {
							if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
								t.Fatalf("asm %v tiles %d n %d store %v idx %v: c[%d] = %g, want %g",
									asm, tiles, n, store, idxRow, i, got[i], want[i])
							}
						}
					}
				}
			}
		}
		restore()
	}
}
