package kernel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
	"gonum.org/v1/gonum/blas/blas64"
)

// gemmCase builds op(a) m×k, op(b) k×n and c m×n with strides padded by pad, values of mixed
// signs and magnitudes, and the padding filled with NaN (which Gemm must never read).
func gemmCase(r *rand.Rand, tA, tB blas.Transpose, m, n, k, pad int) (a, b, c blas64.General) {
	mk := func(rows, cols int) blas64.General {
		g := blas64.General{Rows: rows, Cols: cols, Stride: cols + pad}
		if g.Stride == 0 {
			g.Stride = 1
		}
		g.Data = make([]float64, max(0, rows*g.Stride))
		for i := range g.Data {
			g.Data[i] = math.NaN()
		}
		for i := range rows {
			for j := range cols {
				g.Data[i*g.Stride+j] = r.NormFloat64() * math.Exp(r.NormFloat64())
			}
		}
		return g
	}
	if tA == blas.NoTrans {
		a = mk(m, k)
	} else {
		a = mk(k, m)
	}
	if tB == blas.NoTrans {
		b = mk(k, n)
	} else {
		b = mk(n, k)
	}
	return a, b, mk(m, n)
}

func cloneGeneral(g blas64.General) blas64.General {
	g.Data = append([]float64(nil), g.Data...)
	return g
}

// TestGemmAgainstGonum compares Gemm with blas64.Gemm over all four transpose cases, shapes
// around the 6×8 micro-tile and the 256-step k blocks (0, 1, odd, not multiples), padded
// strides, and alpha/beta in {0, 1, other}: every element within 4·(k+2)·2⁻⁵³ of the scale
// |alpha|·Σ_p|a_ip||b_pj| + |beta|·|c_ij|, padding untouched. It runs with the gate as the CPU
// allows (the 6×16 AVX-512 kernel where there is one), with the AVX2 kernel (setWide(false))
// and with the assembly off, and requires the three to agree bit for bit.
func TestGemmAgainstGonum(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	dims := []int{0, 1, 2, 5, 6, 7, 8, 9, 13, 16, 17, 31}
	trans := []blas.Transpose{blas.NoTrans, blas.Trans}
	type ab struct{ alpha, beta float64 }
	scal := []ab{{1, 0}, {1, 1}, {-0.7, 2.5}, {0, 0.5}, {2, 0}}
	cases := 0
	check := func(tA, tB blas.Transpose, m, n, k, pad int, s ab) {
		cases++
		a, b, c := gemmCase(r, tA, tB, m, n, k, pad)
		if s.beta == 0 && m > 0 && n > 0 {
			c.Data[0] = math.NaN() // beta = 0: c is not read
		}
		want := cloneGeneral(c)
		blas64.Gemm(tA, tB, s.alpha, a, b, s.beta, want)
		var got, narrow, pure blas64.General
		withAsm(true, func() { got = cloneGeneral(c); Gemm(tA, tB, s.alpha, a, b, s.beta, got) })
		old := setWide(false)
		narrow = cloneGeneral(c)
		Gemm(tA, tB, s.alpha, a, b, s.beta, narrow)
		setWide(old)
		withAsm(false, func() { pure = cloneGeneral(c); Gemm(tA, tB, s.alpha, a, b, s.beta, pure) })
		at := func(g blas64.General, tr blas.Transpose, i, j int) float64 {
			if tr == blas.Trans {
				i, j = j, i
			}
			return g.Data[i*g.Stride+j]
		}
		for idx := range got.Data {
			if g, w, p := math.Float64bits(got.Data[idx]), math.Float64bits(narrow.Data[idx]), math.Float64bits(pure.Data[idx]); g != p || w != p {
				t.Fatalf("%v%v m=%d n=%d k=%d: asm %v, AVX2 %v, Go %v at %d", tA, tB, m, n, k, got.Data[idx], narrow.Data[idx], pure.Data[idx], idx)
			}
			i, j := idx/max(c.Stride, 1), idx%max(c.Stride, 1)
			if i >= m || j >= n {
				if !math.IsNaN(got.Data[idx]) {
					t.Fatalf("%v%v m=%d n=%d k=%d: padding at %d written", tA, tB, m, n, k, idx)
				}
				continue
			}
			scale := 0.0
			if s.beta != 0 {
				scale = math.Abs(s.beta * c.Data[idx])
			}
			for p := range k {
				scale += math.Abs(s.alpha * at(a, tA, i, p) * at(b, tB, p, j))
			}
			tol := 4 * float64(k+2) * 0x1p-53 * scale
			if d := math.Abs(got.Data[idx] - want.Data[idx]); !(d <= tol) {
				t.Fatalf("%v%v m=%d n=%d k=%d α=%v β=%v (%d,%d): Gemm %v, gonum %v, tol %g",
					tA, tB, m, n, k, s.alpha, s.beta, i, j, got.Data[idx], want.Data[idx], tol)
			}
		}
	}
	for _, tA := range trans {
		for _, tB := range trans {
			for _, m := range dims {
				for _, n := range dims {
					for _, k := range []int{0, 1, 3, 8, 19} {
						check(tA, tB, m, n, k, (m+n+k)%3, scal[(m+2*n+k)%len(scal)])
					}
				}
			}
			// Across the k blocks, the m and n blocks, and the parallel split.
			for _, sh := range [][3]int{{7, 9, 255}, {7, 9, 256}, {13, 11, 257}, {97, 15, 300},
				{100, 130, 70}, {130, 100, 70}, {200, 2050, 3}, {129, 140, 260}} {
				for _, s := range scal[:3] {
					check(tA, tB, sh[0], sh[1], sh[2], 1, s)
				}
			}
		}
	}
	t.Logf("%d cases, assembly %v, AVX-512 %v", cases, cpuAsm, cpuWide)
}

// TestGemmCores checks that the bits of a product large enough to be split do not depend on
// GOMAXPROCS, nor on GemmWorkers' limit.
func TestGemmCores(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for _, sh := range [][3]int{{150, 170, 300}, {300, 70, 200}} {
		a, b, c := gemmCase(r, blas.NoTrans, blas.Trans, sh[0], sh[1], sh[2], 0)
		var ref []float64
		for _, procs := range []int{1, 2, 3, 5} {
			old := runtime.GOMAXPROCS(procs)
			g := cloneGeneral(c)
			if procs == 5 { // 5 cores offered, 3 taken
				GemmWorkers(3, blas.NoTrans, blas.Trans, 1.5, a, b, 0.5, g)
			} else {
				Gemm(blas.NoTrans, blas.Trans, 1.5, a, b, 0.5, g)
			}
			runtime.GOMAXPROCS(old)
			if ref == nil {
				ref = g.Data
				continue
			}
			for i := range ref {
				if math.Float64bits(ref[i]) != math.Float64bits(g.Data[i]) {
					t.Fatalf("%v GOMAXPROCS=%d: element %d differs", sh, procs, i)
				}
			}
		}
	}
}

// TestGemmPanics checks that bad shapes panic as blas64.Gemm does.
func TestGemmPanics(t *testing.T) {
	a := blas64.General{Rows: 2, Cols: 3, Stride: 3, Data: make([]float64, 6)}
	c := blas64.General{Rows: 2, Cols: 2, Stride: 2, Data: make([]float64, 4)}
	defer func() {
		if recover() == nil {
			t.Fatal("mismatched shapes did not panic")
		}
	}()
	Gemm(blas.NoTrans, blas.NoTrans, 1, a, a, 0, c)
}

func ExampleGemm() {
	a := blas64.General{Rows: 2, Cols: 3, Stride: 3, Data: []float64{1, 2, 3, 4, 5, 6}}
	c := blas64.General{Rows: 2, Cols: 2, Stride: 2, Data: make([]float64, 4)}
	Gemm(blas.NoTrans, blas.Trans, 1, a, a, 0, c) // a·aᵀ
	fmt.Println(c.Data)
	// Output: [14 32 32 77]
}

// gemmAVX2 is Gemm with its AVX2 micro-kernel on a CPU with AVX-512, for BenchmarkGemm.
func gemmAVX2(tA, tB blas.Transpose, alpha float64, a, b blas64.General, beta float64, c blas64.General) {
	old := setWide(false)
	defer setWide(old)
	Gemm(tA, tB, alpha, a, b, beta, c)
}

// BenchmarkGemm compares Gemm (and its AVX2 kernel where the CPU has AVX-512) with gonum's blas64.Gemm on square products and on the shapes
// of a 784–256 dense layer with batches of 128 (forward x·w, the gradient xᵀ·δ and the
// back-propagated δ·wᵀ). GFLOP/s = 2·m·n·k / time.
func BenchmarkGemm(b *testing.B) {
	type shape struct {
		name    string
		tA, tB  blas.Transpose
		m, n, k int
	}
	shapes := []shape{
		{"sq128", blas.NoTrans, blas.NoTrans, 128, 128, 128},
		{"sq256", blas.NoTrans, blas.NoTrans, 256, 256, 256},
		{"sq512", blas.NoTrans, blas.NoTrans, 512, 512, 512},
		{"sq1024", blas.NoTrans, blas.NoTrans, 1024, 1024, 1024},
		{"gthUpdate936x936x64", blas.NoTrans, blas.NoTrans, 936, 936, 64},
		{"gthUpdate872x872x128", blas.NoTrans, blas.NoTrans, 872, 872, 128},
		{"nnFwd128x784x256", blas.NoTrans, blas.NoTrans, 128, 256, 784},
		{"nnGradTN784x128x256", blas.Trans, blas.NoTrans, 784, 256, 128},
		{"nnBackNT128x256x784", blas.NoTrans, blas.Trans, 128, 784, 256},
		{"icaNN8x4096x8", blas.NoTrans, blas.NoTrans, 8, 4096, 8},
		{"icaNT8x8x4096", blas.NoTrans, blas.Trans, 8, 8, 4096},
	}
	for _, s := range shapes {
		r := rand.New(rand.NewPCG(1, 1))
		a, bb, c := gemmCase(r, s.tA, s.tB, s.m, s.n, s.k, 0)
		for _, impl := range []struct {
			name string
			f    func(blas.Transpose, blas.Transpose, float64, blas64.General, blas64.General, float64, blas64.General)
		}{{"kernel", Gemm}, {"kernelAVX2", gemmAVX2}, {"gonum", blas64.Gemm}} {
			if impl.name == "kernelAVX2" && !cpuWide {
				continue // the kernel is the AVX2 one already
			}
			b.Run(s.name+"/"+impl.name, func(b *testing.B) {
				for b.Loop() {
					impl.f(s.tA, s.tB, 1, a, bb, 0, c)
				}
				b.ReportMetric(2*float64(s.m*s.n*s.k)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
			})
		}
	}
}

// packCheck packs random blocks of a random matrix both ways (assembly, then pure Go with
// setAsm(false)) for every tile width, transpose and edge, and requires equal buffers that
// hold the block's values where packSlivers documents them.
func packCheck[T float](t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	const ld = 203
	x := make([]T, 180*ld)
	for i := range x {
		x[i] = T(r.NormFloat64())
	}
	for _, w := range []int{6, 8, 16} {
		for _, trans := range []bool{false, true} {
			for range 40 {
				rows, kc := 1+r.IntN(40), 1+r.IntN(37)
				r0, c0 := r.IntN(180-kc), r.IntN(180-kc)
				if !trans {
					r0, c0 = r.IntN(180-rows), r.IntN(ld-kc)
				} else {
					r0 = r.IntN(ld - rows)
				}
				n := (rows + w - 1) / w * w * kc
				got, want := make([]T, n), make([]T, n)
				for i := range got { // garbage that must be overwritten
					got[i], want[i] = -7, -9
				}
				packSlivers(got, x, ld, trans, r0, rows, c0, kc, w)
				old := setAsm(false)
				packSlivers(want, x, ld, trans, r0, rows, c0, kc, w)
				setAsm(old)
				for i := range got {
					s, rest := i/(w*kc), i%(w*kc)
					p, row := rest/w, s*w+rest%w
					v := T(0)
					if row < rows {
						if trans {
							v = x[(c0+p)*ld+r0+row]
						} else {
							v = x[(r0+row)*ld+c0+p]
						}
					}
					if got[i] != want[i] || got[i] != v {
						t.Fatalf("%T w=%d trans=%v rows=%d kc=%d: entry %d = %v, pure Go %v, want %v",
							v, w, trans, rows, kc, i, got[i], want[i], v)
					}
				}
			}
		}
	}
}

func TestPackSlivers(t *testing.T) {
	packCheck[float32](t)
	packCheck[float64](t)
}

// TestGemmBetaZeroBits: with beta = 0 the first block of k overwrites c instead of clearing it
// and adding to it; the result must be the same bits as clearing c and multiplying with
// beta = 1, in both precisions, with and without the assembly, for shapes with edge tiles and
// with one and two blocks of k, and with rows of zeros and alpha = −1 so that −0·… products
// test the sign of zero.
func TestGemmBetaZeroBits(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 62))
	for _, sh := range [][3]int{{6, 8, 1}, {13, 19, 7}, {7, 17, gemmKC}, {25, 33, gemmKC + 9}} {
		m, n, k := sh[0], sh[1], sh[2]
		for _, tr := range [][2]blas.Transpose{{blas.NoTrans, blas.NoTrans}, {blas.Trans, blas.Trans}} {
			a, b, c := gemmCase(r, tr[0], tr[1], m, n, k, 3)
			for j := range k { // a zero row of op(a): its products are ±0
				if tr[0] == blas.NoTrans {
					a.Data[j] = 0
				} else {
					a.Data[j*a.Stride] = 0
				}
			}
			a32, b32 := to32(a), to32(b)
			for _, asm := range []bool{true, false} {
				for _, alpha := range []float64{1, -1, 0.5} {
					var got, want blas64.General
					var got32, want32 blas32.General
					withAsm(asm, func() {
						got, want = cloneGeneral(c), cloneGeneral(c)
						Gemm(tr[0], tr[1], alpha, a, b, 0, got)
						for i := range m {
							clear(want.Data[i*want.Stride : i*want.Stride+n])
						}
						Gemm(tr[0], tr[1], alpha, a, b, 1, want)
						got32, want32 = to32(c), to32(c)
						Sgemm(tr[0], tr[1], float32(alpha), a32, b32, 0, got32)
						for i := range m {
							clear(want32.Data[i*want32.Stride : i*want32.Stride+n])
						}
						Sgemm(tr[0], tr[1], float32(alpha), a32, b32, 1, want32)
					})
					for i := range got.Data {
						if math.Float64bits(got.Data[i]) != math.Float64bits(want.Data[i]) && !(math.IsNaN(got.Data[i]) && math.IsNaN(want.Data[i])) {
							t.Fatalf("Gemm %v %dx%dx%d asm=%v alpha=%v: c[%d] = %v, cleared and added %v", tr, m, n, k, asm, alpha, i, got.Data[i], want.Data[i])
						}
						if math.Float32bits(got32.Data[i]) != math.Float32bits(want32.Data[i]) && !(got32.Data[i] != got32.Data[i] && want32.Data[i] != want32.Data[i]) {
							t.Fatalf("Sgemm %v %dx%dx%d asm=%v alpha=%v: c[%d] = %v, cleared and added %v", tr, m, n, k, asm, alpha, i, got32.Data[i], want32.Data[i])
						}
					}
				}
			}
		}
	}
}
