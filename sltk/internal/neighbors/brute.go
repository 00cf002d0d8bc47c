package neighbors

import (
	"math"
	"slices"

	"github.com/sltk-book/sltk/sltk/internal/kernel"
	"github.com/sltk-book/sltk/sltk/internal/par"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
)

// Brute is exact Euclidean k-nearest-neighbour search by brute force, for the dimensions where
// a k-d tree degrades to a scan anyway. It returns what ScanEuclid returns (the same neighbours,
// the same squared distances to the bit, ties to the smaller index), faster:
//
//   - every squared distance is first estimated as ‖x‖² + ‖q‖² − 2⟨x, q⟩, with the row norms
//     computed once. Where the data allow it (every row's and query's nonzero entries within
//     2^±60, squared norms at most 2^100, d ≤ 4096) the dot products of a batch of queries with
//     a block of rows are one float32 matrix product (kernel.SgemmPackedAB: the rows packed
//     once by NewBrute, the batch's queries once for all blocks; eight or sixteen lanes,
//     register blocked, several times the speed of float64 dot products one row at a time);
//     otherwise they are float64 dot products (kernel.Dots, 32 rows at a time);
//   - the estimate is off by at most rel·(‖x‖² + ‖q‖²) + abs from the distance the plain loop
//     computes (rel = (2d+2b+16)·2⁻²⁴ + (4d+16)·2⁻⁵² with float32 products, b the number of
//     256-term blocks of the product, and (4d+16)·2⁻⁵² with float64 ones; abs a floor for
//     underflow), whatever the order in which the terms are added, so a row whose lower bound
//     exceeds the k-th smallest upper bound seen so far cannot be among the k nearest and is
//     dropped; the rest (about k rows, more only with ties or near-ties closer than the
//     bound) are measured again with the plain float64 loop and ranked;
//   - batches of queries run on all cores, each query on its own, so the result does not
//     depend on the number of cores.
//
// Cost O(n·d) per query (the same as a scan, with a much smaller constant); extra memory O(n)
// for the norms and about n·d float32 values for the rows' copy (packed in blocks). When a
// row's or the query's squared norm exceeds MaxFloat64/4 (the estimate could overflow), the
// query is searched with ScanEuclid.
type Brute struct {
	x []float64 // n×d, row-major, referenced
	// x32 is x rounded to float32 when every row is in range32, nil otherwise: block i holds
	// the rows [i·r, (i+1)·r), r = rows32(n, d), packed as the right operand of their products
	// with the queries (kernel.PackedB32 of their transpose, d×r), once for every search.
	x32    []*kernel.PackedB32
	n, d   int
	norms  []float64 // ‖x_i‖²
	direct bool      // some ‖x_i‖² > MaxFloat64/4: every query takes ScanEuclid
}

const (
	bruteRows    = 32   // rows per block of the float64 path: 32·d values stay in L1 for d ≤ 128
	bruteQueries = 480  // queries per batch: five of Sgemm's 96-row blocks share one packing of the rows
	bruteMaxDim  = 4096 // largest d of the float32 path: (2d+2b)·2⁻²⁴ stays below 10⁻³
	// normMax bounds the squared norms of the estimate: ‖x‖² + ‖q‖² + 2|⟨x, q⟩| stays finite.
	normMax = math.MaxFloat64 / 4
)

// range32 reports whether the float32 product may estimate the dot products of v: every
// nonzero entry's magnitude in [2⁻⁶⁰, 2⁶⁰] (so its float32 value and the products of two
// such values are normal numbers, each entry rounded by at most 2⁻²⁴ relative) and the
// squared norm sq at most 2¹⁰⁰ (so no float32 partial sum of |x_i·q_i| overflows).
// It compares bit patterns: with the sign bit cleared, a float64's bits order as its
// magnitude does (NaNs above +Inf), so each entry costs one subtraction and one comparison of
// integers, and the loop runs to the end instead of testing for an early exit. Written with
// float comparisons it was a fifth of the CPU time of a k-NN fit on 10⁵ × 64 (0.9–1.0 ns
// per entry); this form takes 0.6 of that time.
func range32(v []float64, sq float64) bool {
	if !(sq <= 0x1p100) {
		return false
	}
	const lo, hi = 0x3C30000000000000, 0x43B0000000000000 // the bits of 2⁻⁶⁰ and 2⁶⁰
	// bad or's the bits of the entries outside [2⁻⁶⁰, 2⁶⁰]; a zero entry adds nothing.
	var bad uint64
	for _, a := range v {
		if u := math.Float64bits(a) &^ (1 << 63); u-lo > hi-lo {
			bad |= u
		}
	}
	return bad == 0
}

// NewBrute prepares the search over the n rows of x (row-major, d columns); x is referenced,
// not copied, and must not change while the search is in use. Cost O(n·d).
func NewBrute(x []float64, n, d int) *Brute {
	b := &Brute{x: x[:n*d], n: n, d: d, norms: make([]float64, n)}
	ok := make([]bool, n)
	par.Chunks(n, 1<<14, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			r := x[i*d : (i+1)*d]
			kernel.Dots(b.norms[i:i+1], r, r)
			ok[i] = range32(r, b.norms[i])
		}
	})
	for _, v := range b.norms {
		if !(v <= normMax) {
			b.direct = true
			break
		}
	}
	if !b.direct && d <= bruteMaxDim && !slices.Contains(ok, false) {
		r := rows32(n, d)
		b.x32 = make([]*kernel.PackedB32, (n+r-1)/r)
		par.Chunks(len(b.x32), 1, func(lo, hi int) {
			rows := make([]float32, r*d)
			for i := lo; i < hi; i++ {
				i0, i1 := i*r, min((i+1)*r, n)
				for j, v := range x[i0*d : i1*d] {
					rows[j] = float32(v)
				}
				p := kernel.NewPackedB32(d, i1-i0)
				p.Pack(blas.Trans, blas32.General{Rows: i1 - i0, Cols: d, Stride: d, Data: rows[:(i1-i0)*d]}, 0, 1)
				b.x32[i] = p
			}
		})
	}
	return b
}

// Search writes the min(k, n) nearest rows of each of the m queries (the rows of qs, row-major,
// d columns) to out[a·kk : (a+1)·kk], kk = min(k, n), sorted by (squared distance, index), the
// distances squared as ScanEuclid computes them. out must hold m·kk neighbours; k ≥ 1.
func (b *Brute) Search(qs []float64, m, k int, out []Neighbor) {
	k = min(k, b.n)
	if k <= 0 {
		return
	}
	par.Chunks(m, 4, func(lo, hi int) {
		b.search(qs, lo, hi, k, out)
	})
}

// How a query is searched.
const (
	viaF32    = iota // screened by the float32 product
	viaF64           // screened by float64 dot products
	viaDirect        // ScanEuclid (a squared norm beyond normMax)
)

// bruteQuery is the state of one query during a pass: the k smallest upper bounds seen so far
// (sorted) and the rows that may still be among the k nearest, with their lower bounds.
type bruteQuery struct {
	q     []float64
	qn    float64
	upper []float64
	cand  []candidate
	via   int
}

type candidate struct {
	lower float64
	i     int
}

// bound is the k-th smallest upper bound so far (+Inf before k rows are seen).
func (s *bruteQuery) bound(k int) float64 {
	if len(s.upper) < k {
		return math.Inf(1)
	}
	return s.upper[k-1]
}

// batchSize splits m queries into batches of at most bruteQueries, as even as the product's
// 6-row tiles allow (500 queries: two batches of 252 and 248, not 480 and 20).
func batchSize(m int) int {
	nb := (m + bruteQueries - 1) / bruteQueries
	return min(bruteQueries, ((m+nb-1)/nb+5)/6*6)
}

// rows32 is the rows per float32 product: about 64 KiB of rows (256 for d = 64), a multiple
// of Sgemm's 16-column tile, so that the packed rows and a batch's products (480×256 float32,
// 480 KiB) stay in L2. On 10^5 rows × 64, 1000 queries: 228 ms of CPU against 252 ms with 96
// queries × 512 rows and 243 ms with 480 × 128 (BenchmarkKNNBlobs in package classify).
func rows32(n, d int) int {
	return min(max(16, (1<<14)/d/16*16), (n+15)/16*16)
}

// search answers the queries lo, …, hi−1.
func (b *Brute) search(qs []float64, lo, hi, k int, out []Neighbor) {
	d := b.d
	bq := batchSize(hi - lo)
	st := make([]bruteQuery, bq)
	c := 2*k + 64 // candidates before a pruning pass
	uppers, cands := make([]float64, len(st)*k), make([]candidate, len(st)*c)
	for a := range st {
		st[a].upper = uppers[a*k : a*k : (a+1)*k]
		st[a].cand = cands[a*c : a*c : (a+1)*c]
	}
	var q32, prod32 []float32
	var pq *kernel.PackedA32 // packs pqRows queries
	pqRows := 0
	var hit []int32
	r32 := rows32(b.n, d)
	if b.x32 != nil {
		q32, prod32, hit = make([]float32, bq*d), make([]float32, bq*r32), make([]int32, r32)
	}
	dots := make([]float64, bruteRows)
	buf := make([]Neighbor, 0, k)
	// The estimate's error bound per unit of ‖x‖² + ‖q‖², and a floor for underflow: float64
	// products, and float32 ones (b blocks of Sgemm's 256 terms add b roundings).
	rel, abs := float64(4*d+16)*0x1p-52, float64(4*d+16)*0x1p-1022
	blocks := (d + 255) / 256
	rel32 := float64(2*d+2*blocks+16)*0x1p-24 + rel
	abs32 := float64(2*d+2*blocks+16)*0x1p-148 + abs
	for a0 := lo; a0 < hi; a0 += bq {
		batch := st[:min(bq, hi-a0)]
		n32, n64 := 0, 0
		for a := range batch {
			s := &batch[a]
			s.q = qs[(a0+a)*d : (a0+a+1)*d]
			s.qn = sqNorm(s.q)
			s.upper, s.cand = s.upper[:0], s.cand[:0]
			switch {
			case b.direct || !(s.qn <= normMax):
				s.via = viaDirect
			case b.x32 != nil && range32(s.q, s.qn):
				s.via = viaF32
				n32++
			default:
				s.via = viaF64
				n64++
			}
			if q32 != nil { // out-of-range queries enter the product as zeros, their results unused
				for j, v := range s.q {
					q32[a*d+j] = 0
					if s.via == viaF32 {
						q32[a*d+j] = float32(v)
					}
				}
			}
		}
		if n32 > 0 {
			// The batch's queries are packed once for all its products (kernel.PackedA32).
			if pq == nil || pqRows != len(batch) {
				pq, pqRows = kernel.NewPackedA32(len(batch), d), len(batch)
			}
			pq.Pack(blas.NoTrans, blas32.General{Rows: len(batch), Cols: d, Stride: d, Data: q32[:len(batch)*d]})
			for i0 := 0; i0 < b.n; i0 += r32 {
				i1 := min(i0+r32, b.n)
				r := i1 - i0
				p := prod32[:len(batch)*r]
				// p[a·r + j] ≈ ⟨q_a, x_{i0+j}⟩, on one goroutine: the batches share the cores.
				kernel.SgemmPackedAB(1, pq, b.x32[i0/r32], 1, 0,
					blas32.General{Rows: len(batch), Cols: r, Stride: r, Data: p})
				for a := range batch {
					if s := &batch[a]; s.via == viaF32 {
						s.screen32(hit, p[a*r:(a+1)*r], b.norms[i0:i1], i0, k, rel32, abs32)
					}
				}
			}
		}
		if n64 > 0 {
			for i0 := 0; i0 < b.n; i0 += bruteRows {
				i1 := min(i0+bruteRows, b.n)
				xb, norms, dd := b.x[i0*d:i1*d], b.norms[i0:i1], dots[:i1-i0]
				for a := range batch {
					if s := &batch[a]; s.via == viaF64 {
						kernel.Dots(dd, s.q, xb)
						s.screen(dd, norms, i0, k, rel, abs)
					}
				}
			}
		}
		for a := range batch {
			s := &batch[a]
			if s.via == viaDirect {
				buf = ScanEuclid(b.x, b.n, s.q, k, -1, buf)
			} else {
				buf = buf[:0]
				bound := s.bound(k)
				for _, c := range s.cand {
					if c.lower <= bound {
						buf = keep(buf, k, c.i, -1, plainSqDist(s.q, b.x[c.i*d:(c.i+1)*d]))
					}
				}
			}
			copy(out[(a0+a)*k:(a0+a+1)*k], buf)
		}
	}
}

// sqNorm is ‖q‖² by the dot-product kernel, as NewBrute computes the rows' norms.
func sqNorm(q []float64) float64 {
	var v [1]float64
	kernel.Dots(v[:], q, q)
	return v[0]
}

// screen32 is screen with float32 dot products: kernel.Screen32 picks, four rows per step,
// the rows that pass the test against the bound at entry (nearly none), and those are tested
// again, one at a time, against the bound as it tightens; hit holds len(dots) positions.
func (s *bruteQuery) screen32(hit []int32, dots []float32, norms []float64, i0, k int, rel, abs float64) {
	bound := s.bound(k)
	for _, r := range hit[:kernel.Screen32(hit, dots, norms, s.qn, rel, abs, bound)] {
		sum := norms[r] + s.qn
		est, err := sum-2*float64(dots[r]), float64(rel*sum)+abs // Screen32's steps
		if est-err > bound {
			continue
		}
		bound = s.offer(k, est+err, est-err, i0+int(r))
	}
}

// screen offers the rows i0, i0+1, … whose dot products with the query are dots (norms their
// squared norms) unless the lower bound of their squared distance, ‖x‖² + ‖q‖² − 2⟨x, q⟩ less
// its error bound rel·(‖x‖² + ‖q‖²) + abs, exceeds the k-th smallest upper bound so far.
func (s *bruteQuery) screen(dots, norms []float64, i0, k int, rel, abs float64) {
	bound := s.bound(k)
	for r, v := range dots {
		sum := norms[r] + s.qn
		est, err := sum-2*v, rel*sum+abs
		if est-err > bound {
			continue
		}
		bound = s.offer(k, est+err, est-err, i0+r)
	}
}

// offer records row i with bounds [lower, upper] on its squared distance and returns the new
// k-th smallest upper bound; it drops the candidates that bound excludes when the list grows.
func (s *bruteQuery) offer(k int, upper, lower float64, i int) float64 {
	if len(s.upper) < k {
		s.upper = append(s.upper, upper)
	} else if upper < s.upper[k-1] {
		s.upper[k-1] = upper
	}
	for j := len(s.upper) - 1; j > 0 && s.upper[j] < s.upper[j-1]; j-- {
		s.upper[j], s.upper[j-1] = s.upper[j-1], s.upper[j]
	}
	bound := s.bound(k)
	s.cand = append(s.cand, candidate{lower, i})
	if len(s.cand) == cap(s.cand) {
		kept := s.cand[:0]
		for _, c := range s.cand {
			if c.lower <= bound {
				kept = append(kept, c)
			}
		}
		s.cand = kept
	}
	return bound
}

// plainSqDist is the squared Euclidean distance in coordinate order, the bits of ScanEuclid's.
func plainSqDist(q, x []float64) float64 {
	x = x[:len(q)]
	s := 0.0
	for t, v := range q {
		u := v - x[t]
		s += u * u
	}
	return s
}
