package kernel

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
	"gonum.org/v1/gonum/blas/blas64"
)

// TestFma32 checks fma32 against x·y + z computed exactly with math/big and rounded once to
// float32: random operands over wide exponent ranges, sums that cancel, and the sums where
// rounding first to float64 and then to float32 would be wrong (x·y + z within 2⁻⁵³ of a
// float32 midpoint).
func TestFma32(t *testing.T) {
	exact := func(x, y, z float32) float32 {
		f := func(v float32) *big.Float { return new(big.Float).SetPrec(400).SetFloat64(float64(v)) }
		s := new(big.Float).SetPrec(400).Mul(f(x), f(y))
		s.Add(s, f(z))
		r, _ := s.Float32()
		return r
	}
	type tc struct{ x, y, z float32 }
	u := float32(1 + 1.0/4096) // (1 + 2⁻¹²)² = 1 + 2⁻¹¹ + 2⁻²⁴: a float32 midpoint
	cases := []tc{{u, u, 0x1p-80}, {u, u, -0x1p-80}, {-u, u, 0x1p-80}, {-u, u, -0x1p-80},
		{u, u, 0}, {3, 0x1p-149, 0}, {0x1p100, 0x1p100, -1}, {0, 5, -0.0}}
	r := rand.New(rand.NewPCG(5, 6))
	f32 := func(e float64) float32 { return float32(r.NormFloat64() * math.Exp2(math.Round(e))) }
	for range 200000 {
		x, y := f32(r.NormFloat64()*20), f32(r.NormFloat64()*20)
		var z float32
		switch r.IntN(3) {
		case 0:
			z = f32(r.NormFloat64() * 30)
		case 1: // cancellation
			z = -float32(float64(x)*float64(y)) * (1 + float32(r.IntN(5)-2)*0x1p-23)
		case 2: // near a midpoint of x·y
			z = f32(math.Log2(math.Abs(float64(x)*float64(y))) - 30 - float64(r.IntN(40)))
		}
		cases = append(cases, tc{x, y, z})
	}
	bad := 0
	for _, c := range cases {
		got, want := fma32(c.x, c.y, c.z), exact(c.x, c.y, c.z)
		if math.Float32bits(got) != math.Float32bits(want) && !(got != got && want != want) {
			if bad++; bad < 5 {
				t.Errorf("fma32(%g, %g, %g) = %g, want %g", c.x, c.y, c.z, got, want)
			}
		}
	}
	if naive := float32(float64(u)*float64(u) + 0x1p-80); naive == exact(u, u, 0x1p-80) {
		t.Fatal("the midpoint case does not test double rounding")
	}
}

func to32(g blas64.General) blas32.General {
	out := blas32.General{Rows: g.Rows, Cols: g.Cols, Stride: g.Stride, Data: make([]float32, len(g.Data))}
	for i, v := range g.Data {
		out.Data[i] = float32(v)
	}
	return out
}

// TestSgemmAgainstFloat64 compares Sgemm on float32 operands with their product in float64
// (exact to far below float32's rounding) over the transpose cases, shapes around the 6×16
// tile and the 256-step k blocks, padded strides (filled with NaN, never read) and alpha,
// beta in {0, 1, other}: every element within 2·(k+2)·2⁻²⁴ of the scale
// |alpha|·Σ_p|a_ip||b_pj| + |beta|·|c_ij|. It runs with the assembly as the CPU allows and
// with it off, and requires the two to agree bit for bit.
func TestSgemmAgainstFloat64(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	dims := []int{0, 1, 5, 6, 7, 15, 16, 17, 33}
	trans := []blas.Transpose{blas.NoTrans, blas.Trans}
	cases := 0
	for _, tA := range trans {
		for _, tB := range trans {
			for _, m := range dims {
				for _, n := range dims {
					for _, k := range []int{0, 1, 7, 256, 300} {
						for _, ab := range [][2]float32{{1, 0}, {-0.75, 1}, {0, 2.5}, {1.5, -0.5}} {
							cases++
							a64, b64, c64 := gemmCase(r, tA, tB, m, n, k, 1+r.IntN(2))
							a, b, c := to32(a64), to32(b64), to32(c64)
							got := blas32.General{Rows: c.Rows, Cols: c.Cols, Stride: c.Stride,
								Data: append([]float32(nil), c.Data...)}
							Sgemm(tA, tB, ab[0], a, b, ab[1], got)
							oldWide := setWide(false)
							narrow := append([]float32(nil), c.Data...)
							Sgemm(tA, tB, ab[0], a, b, ab[1], blas32.General{Rows: c.Rows, Cols: c.Cols, Stride: c.Stride, Data: narrow})
							setWide(oldWide)
							old := setAsm(false)
							ref := append([]float32(nil), c.Data...)
							Sgemm(tA, tB, ab[0], a, b, ab[1], blas32.General{Rows: c.Rows, Cols: c.Cols, Stride: c.Stride, Data: ref})
							setAsm(old)
							at := func(g blas32.General, tr bool, i, j int) float64 {
								if tr {
									i, j = j, i
								}
								return float64(g.Data[i*g.Stride+j])
							}
							for i := range m {
								for j := range n {
									e := float64(ab[1]) * float64(c.Data[i*c.Stride+j])
									scale := math.Abs(e)
									if ab[1] == 0 {
										e, scale = 0, 0
									}
									for p := range k {
										v := at(a, tA == blas.Trans, i, p) * at(b, tB == blas.Trans, p, j)
										e += float64(ab[0]) * v
										scale += math.Abs(float64(ab[0]) * v)
									}
									g := got.Data[i*c.Stride+j]
									if math.Abs(float64(g)-e) > 2*float64(k+2)*0x1p-24*scale {
										t.Fatalf("%v%v %d×%d×%d α=%v β=%v: c[%d,%d] = %v, want %v", tA, tB, m, n, k,
											ab[0], ab[1], i, j, g, e)
									}
								}
							}
							for i := range got.Data {
								if math.Float32bits(got.Data[i]) != math.Float32bits(ref[i]) || math.Float32bits(narrow[i]) != math.Float32bits(ref[i]) {
									t.Fatalf("%v%v %d×%d×%d: element %d: assembly %v, AVX2 %v, Go %v", tA, tB, m, n, k, i, got.Data[i], narrow[i], ref[i])
								}
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d cases, assembly %v, AVX-512 %v", cases, cpuAsm, cpuWide)
}

// TestSgemmCores checks that the bits of a product large enough to be split do not depend on
// GOMAXPROCS, nor on SgemmWorkers' limit.
func TestSgemmCores(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	for _, sh := range [][3]int{{150, 170, 300}, {300, 70, 200}} {
		a64, b64, c64 := gemmCase(r, blas.Trans, blas.NoTrans, sh[0], sh[1], sh[2], 0)
		a, b, c := to32(a64), to32(b64), to32(c64)
		var ref []float32
		for _, procs := range []int{1, 2, 3, 5} {
			old := runtime.GOMAXPROCS(procs)
			g := c
			g.Data = append([]float32(nil), c.Data...)
			if procs == 5 { // 5 cores offered, 2 taken
				SgemmWorkers(2, blas.Trans, blas.NoTrans, 1.5, a, b, 0.5, g)
			} else {
				Sgemm(blas.Trans, blas.NoTrans, 1.5, a, b, 0.5, g)
			}
			runtime.GOMAXPROCS(old)
			if ref == nil {
				ref = g.Data
				continue
			}
			for i := range ref {
				if math.Float32bits(ref[i]) != math.Float32bits(g.Data[i]) {
					t.Fatalf("%v GOMAXPROCS=%d: element %d differs", sh, procs, i)
				}
			}
		}
	}
}

// TestSgemmPanics checks that bad shapes panic as blas32.Gemm does.
func TestSgemmPanics(t *testing.T) {
	a := blas32.General{Rows: 2, Cols: 3, Stride: 3, Data: make([]float32, 6)}
	c := blas32.General{Rows: 2, Cols: 2, Stride: 2, Data: make([]float32, 4)}
	defer func() {
		if recover() == nil {
			t.Fatal("mismatched shapes did not panic")
		}
	}()
	Sgemm(blas.NoTrans, blas.NoTrans, 1, a, a, 0, c)
}

func ExampleSgemm() {
	a := blas32.General{Rows: 2, Cols: 3, Stride: 3, Data: []float32{1, 2, 3, 4, 5, 6}}
	c := blas32.General{Rows: 2, Cols: 2, Stride: 2, Data: make([]float32, 4)}
	Sgemm(blas.NoTrans, blas.Trans, 1, a, a, 0, c) // a·aᵀ
	fmt.Println(c.Data)
	// Output: [14 32 32 77]
}

// BenchmarkSgemm times Sgemm (and its AVX2 kernels where the CPU has AVX-512) against Gemm on the shapes of a 784–256 dense layer with batches
// of 128 (forward, weight gradient, back-propagated δ). GFLOP/s = 2·m·n·k / time.
func BenchmarkSgemm(b *testing.B) {
	shapes := []struct {
		name    string
		tA, tB  blas.Transpose
		m, n, k int
	}{
		{"nnFwd128x784x256", blas.NoTrans, blas.NoTrans, 128, 256, 784},
		{"nnGradTN784x128x256", blas.Trans, blas.NoTrans, 784, 256, 128},
		{"nnBackNT128x256x784", blas.NoTrans, blas.Trans, 128, 784, 256},
	}
	for _, s := range shapes {
		r := rand.New(rand.NewPCG(1, 1))
		a, bb, c := gemmCase(r, s.tA, s.tB, s.m, s.n, s.k, 0)
		a32, b32, c32 := to32(a), to32(bb), to32(c)
		flops := func(b *testing.B) {
			b.ReportMetric(2*float64(s.m*s.n*s.k)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
		}
		b.Run(s.name+"/sgemm", func(b *testing.B) {
			for b.Loop() {
				Sgemm(s.tA, s.tB, 1, a32, b32, 0, c32)
			}
			flops(b)
		})
		if cpuWide {
			b.Run(s.name+"/sgemmAVX2", func(b *testing.B) {
				defer setWide(setWide(false))
				for b.Loop() {
					Sgemm(s.tA, s.tB, 1, a32, b32, 0, c32)
				}
				flops(b)
			})
		}
		b.Run(s.name+"/gemm", func(b *testing.B) {
			for b.Loop() {
				Gemm(s.tA, s.tB, 1, a, bb, 0, c)
			}
			flops(b)
		})
	}
}
