package neighbors

import (
	"math"

	"github.com/sltk-book/sltk/sltk/internal/kernel"
	"github.com/sltk-book/sltk/sltk/internal/par"
)

// Brute is exact Euclidean k-nearest-neighbour search by brute force, for the dimensions where
// a k-d tree degrades to a scan anyway. It returns what ScanEuclid returns (the same neighbours,
// the same squared distances to the bit, ties to the smaller index), faster:
//
//   - every squared distance is first estimated as ‖x‖² + ‖q‖² − 2⟨x, q⟩ with the dot products
//     of internal/kernel (the row norms computed once), which runs at the CPU's vector width;
//   - the estimate is off by at most (4d+16)·2⁻⁵²·(‖x‖² + ‖q‖²) from the distance the plain loop
//     computes, so a row whose lower bound exceeds the k-th smallest upper bound seen so far
//     cannot be among the k nearest and is dropped; the rest (about k rows, more only with ties
//     or near-ties) are measured again with the plain loop and ranked;
//   - rows are taken in blocks of 32 that stay in L1 while a batch of queries runs over them,
//     and batches of queries run on all cores, each query on its own, so the result does not
//     depend on the number of cores.
//
// Cost O(n·d) per query (the same as a scan, with a smaller constant), O(n) extra memory for
// the norms. When a row's or the query's squared norm exceeds MaxFloat64/4 (the estimate could
// overflow), the query is searched with ScanEuclid.
type Brute struct {
	x      []float64 // n×d, row-major, referenced
	n, d   int
	norms  []float64 // ‖x_i‖²
	direct bool      // some ‖x_i‖² > MaxFloat64/4: every query takes ScanEuclid
}

const (
	bruteRows    = 32  // rows per block: 32·d values stay in L1 for d ≤ 128
	bruteQueries = 128 // queries per pass over the rows
	// normMax bounds the squared norms of the estimate: ‖x‖² + ‖q‖² + 2|⟨x, q⟩| stays finite.
	normMax = math.MaxFloat64 / 4
)

// NewBrute prepares the search over the n rows of x (row-major, d columns); x is referenced,
// not copied, and must not change while the search is in use. Cost O(n·d).
func NewBrute(x []float64, n, d int) *Brute {
	b := &Brute{x: x[:n*d], n: n, d: d, norms: make([]float64, n)}
	par.Chunks(n, 1<<14, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			r := x[i*d : (i+1)*d]
			kernel.Dots(b.norms[i:i+1], r, r)
		}
	})
	for _, v := range b.norms {
		if !(v <= normMax) {
			b.direct = true
			break
		}
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

// bruteQuery is the state of one query during a pass: the k smallest upper bounds seen so far
// (sorted) and the rows that may still be among the k nearest, with their lower bounds.
type bruteQuery struct {
	q      []float64
	qn     float64
	upper  []float64
	cand   []candidate
	direct bool
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

// search answers the queries lo, …, hi−1.
func (b *Brute) search(qs []float64, lo, hi, k int, out []Neighbor) {
	d := b.d
	dots, dots2 := make([]float64, bruteRows), make([]float64, bruteRows)
	st := make([]bruteQuery, min(bruteQueries, hi-lo))
	c := 2*k + 64 // candidates before a pruning pass
	uppers, cands := make([]float64, len(st)*k), make([]candidate, len(st)*c)
	for a := range st {
		st[a].upper = uppers[a*k : a*k : (a+1)*k]
		st[a].cand = cands[a*c : a*c : (a+1)*c]
	}
	buf := make([]Neighbor, 0, k)
	// The estimate's error bound per unit of ‖x‖² + ‖q‖², and a floor for underflow.
	rel, abs := float64(4*d+16)*0x1p-52, float64(4*d+16)*0x1p-1022
	for a0 := lo; a0 < hi; a0 += bruteQueries {
		batch := st[:min(bruteQueries, hi-a0)]
		for a := range batch {
			s := &batch[a]
			s.q = qs[(a0+a)*d : (a0+a+1)*d]
			kernel.Dots(dots[:1], s.q, s.q)
			s.qn = dots[0]
			s.upper, s.cand = s.upper[:0], s.cand[:0]
			s.direct = b.direct || !(s.qn <= normMax)
		}
		for i0 := 0; i0 < b.n; i0 += bruteRows {
			i1 := min(i0+bruteRows, b.n)
			xb, norms := b.x[i0*d:i1*d], b.norms[i0:i1]
			dd, dd2 := dots[:i1-i0], dots2[:i1-i0]
			for a := 0; a < len(batch); a++ {
				s := &batch[a]
				if s.direct {
					continue
				}
				if a+1 < len(batch) && !batch[a+1].direct { // two queries per pass over the rows
					t := &batch[a+1]
					kernel.Dots2(dd, dd2, s.q, t.q, xb)
					s.screen(dd, norms, i0, k, rel, abs)
					t.screen(dd2, norms, i0, k, rel, abs)
					a++
					continue
				}
				kernel.Dots(dd, s.q, xb)
				s.screen(dd, norms, i0, k, rel, abs)
			}
		}
		for a := range batch {
			s := &batch[a]
			if s.direct {
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
