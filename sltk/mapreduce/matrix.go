package mapreduce

import (
	"context"
	"fmt"
	"math"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"gonum.org/v1/gonum/mat"
)

// mEntry is one stored nonzero: (A, (i, j, v)) when A is true, else (B, (i, j, v)).
type mEntry struct {
	A    bool
	I, J int
	V    float64
}

// maxCells bounds the products: ℓ·m·n ≤ 10^10 multiply–adds (and ℓ·n output cells).
const maxCells = 10_000_000_000

// entries lists the nonzeros of x as triples, the storage of A7.2 and A7.4. It refuses a nil or
// empty x and a NaN or ±Inf entry as it scans (the library's layout, "A[1,1] = NaN: value is
// not finite"), so validation costs no second pass; the module checks here rather than import
// the core's internal validation across the module boundary. Cost O(n·d).
func entries(fn, name string, x mat.Matrix, isA bool) ([]mEntry, int, int, error) {
	if v := reflect.ValueOf(x); x == nil || v.Kind() == reflect.Pointer && v.IsNil() {
		return nil, 0, 0, fmt.Errorf("mapreduce: %s: %s is nil: %w", fn, name, ErrEmpty)
	}
	n, d := x.Dims()
	if n == 0 || d == 0 {
		return nil, n, d, fmt.Errorf("mapreduce: %s: %s is empty (%d×%d): %w", fn, name, n, d, ErrEmpty)
	}
	var out []mEntry
	for i := range n {
		for j := range d {
			v := x.At(i, j)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, n, d, fmt.Errorf("mapreduce: %s: %s[%d,%d] = %v: %w", fn, name, i, j, v, ErrNotFinite)
			}
			if v != 0 {
				out = append(out, mEntry{A: isA, I: i, J: j, V: v})
			}
		}
	}
	return out, n, d, nil
}

// MatVec computes A·v (A7.2) from the nonzeros (i, j, a_ij) of A: MAP emits (i, a_ij·v_j), REDUCE
// sums per row. With stripes = 1 every map task reads all of v (version 1). With stripes > 1, v
// is cut into that many segments and A into the matching vertical stripes; an entry of stripe t
// reads segment t only, a keyed side input (version 2, for a v too large for one task's memory).
// Cost: one round, communication 2·nnz(A) plus the input records, load = nonzeros of a row.
func MatVec(ctx context.Context, r Runner, a mat.Matrix, v []float64, stripes int) ([]float64, Cost, error) {
	es, m, n, err := entries("MatVec", "A", a, true)
	if err != nil {
		return nil, Cost{}, err
	}
	switch {
	case len(v) != n:
		return nil, Cost{}, fmt.Errorf("mapreduce: MatVec: A is %d×%d, len(v) = %d: %w", m, n, len(v), ErrShape)
	case stripes < 1 || stripes > n:
		return nil, Cost{}, fmt.Errorf("mapreduce: MatVec: stripes = %d, want 1 ≤ stripes ≤ %d: %w", stripes, n, ErrParam)
	}
	for j, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, Cost{}, fmt.Errorf("mapreduce: MatVec: v[%d] = %v: %w", j, x, ErrNotFinite)
		}
	}
	segs := make([]segment, stripes)
	for t := range segs {
		segs[t] = segment{T: t, V: v[stripeStart(t, n, stripes):stripeStart(t+1, n, stripes)]}
	}
	p, s := beam.NewPipelineWithRoot()
	var mt meter
	in := beam.CreateList(s, es)
	side := beam.ParDo(s, segmentKV, beam.CreateList(s, segs))
	out := beam.ParDo(s, &matVecMapFn{N: n, Stripes: stripes}, in, beam.SideInput{Input: side})
	id := collect(s, beam.ParDo(s, sumFloats, mt.shuffle(s, in, out, false)))
	got, c, err := r.measure(ctx, p, &mt, id)
	if err != nil {
		return nil, Cost{}, err
	}
	y := make([]float64, m)
	for _, x := range got[0] {
		kv := x.(pair)
		i, v := kv.K.(int), kv.V.(float64)
		if err := finiteCell("MatVec", "y", i, 0, v); err != nil {
			return nil, Cost{}, err
		}
		y[i] = v
	}
	return y, c, nil
}

type segment struct {
	T int
	V []float64
}

func segmentKV(s segment) (int, []float64) { return s.T, s.V }

type matVecMapFn struct{ N, Stripes int }

func (f *matVecMapFn) ProcessElement(e mEntry, seg func(int) func(*[]float64) bool, emit func(int, float64)) {
	t := stripeOf(e.J, f.N, f.Stripes)
	var v []float64
	seg(t)(&v)
	emit(e.I, e.V*v[e.J-stripeStart(t, f.N, f.Stripes)])
}

// stripeOf is h(i) = ⌊i·s/n⌋, the stripe (in [0, s)) of index i in [0, n).
func stripeOf(i, n, s int) int { return i * s / n }

// stripeStart is ⌈t·n/s⌉, the first index of stripe t under stripeOf: stripe t holds the i
// with t ≤ i·s/n < t+1, that is [stripeStart(t), stripeStart(t+1)). When s does not divide n
// this differs from ⌊t·n/s⌋, so a segment cut at ⌊t·n/s⌋ would miss indices of its stripe.
func stripeStart(t, n, s int) int { return (t*n + s - 1) / s }

func sumFloats(k int, vs func(*float64) bool) (int, float64) {
	var s, v float64
	for vs(&v) {
		s += v
	}
	return k, s
}

// mulShapes validates the factors of a product and returns their nonzeros.
func mulShapes(fn string, a, b mat.Matrix) (es []mEntry, l, m, n int, err error) {
	ea, l, m, err := entries(fn, "A", a, true)
	if err != nil {
		return nil, 0, 0, 0, err
	}
	eb, mb, n, err := entries(fn, "B", b, false)
	switch {
	case err != nil:
		return nil, 0, 0, 0, err
	case mb != m:
		return nil, 0, 0, 0, fmt.Errorf("mapreduce: %s: A is %d×%d, B is %d×%d: %w", fn, l, m, mb, n, ErrShape)
	case float64(l)*float64(m)*float64(n) > maxCells:
		return nil, 0, 0, 0, fmt.Errorf("mapreduce: %s: %d·%d·%d products, limit %d: %w", fn, l, m, n, int64(maxCells), ErrTooLarge)
	}
	return append(ea, eb...), l, m, n, nil
}

// MatMul2 computes C = A·B in two rounds (A7.4). Round 1 joins on j: MAP sends (A,(i,j,v)) and
// (B,(j,k,w)) to key j, REDUCE emits ((i,k), v·w) for every pair with v·w ≠ 0. Round 2 groups
// the products by (i,k) and sums them. For sparse factors its communication,
// 2pℓm + 2qmn + 2pqℓmn in expectation, is far below the one-round algorithm's (A7.6).
func MatMul2(ctx context.Context, r Runner, a, b mat.Matrix) (*mat.Dense, Cost, error) {
	es, l, _, n, err := mulShapes("MatMul2", a, b)
	if err != nil {
		return nil, Cost{}, err
	}
	p, s := beam.NewPipelineWithRoot()
	var mt meter
	in := beam.CreateList(s, es)
	byJ := beam.ParDo(s, keyByJ, in)
	prods := beam.ParDo(s, &joinJFn{N: n}, mt.shuffle(s, in, byJ, false))
	id := collect(s, beam.ParDo(s, sumFloats, mt.shuffle(s, prods, prods, false)))
	return runProduct(ctx, r, p, &mt, id, "MatMul2", l, n)
}

// keyByJ is round 1's MAP: the join attribute j is the index A and B share.
func keyByJ(e mEntry) (int, mEntry) {
	if e.A {
		return e.J, e
	}
	return e.I, e
}

// joinJFn is round 1's REDUCE: all products a_ij·b_jk of one j, keyed by the cell i·n+k.
type joinJFn struct{ N int }

func (f *joinJFn) ProcessElement(_ int, vs func(*mEntry) bool, emit func(int, float64)) {
	var as, bs []mEntry
	var e mEntry
	for vs(&e) {
		if e.A {
			as = append(as, e)
		} else {
			bs = append(bs, e)
		}
	}
	for _, x := range as {
		for _, y := range bs {
			if p := x.V * y.V; p != 0 {
				emit(x.I*f.N+y.J, p)
			}
		}
	}
}

// MatMul1 computes C = A·B in one round (A7.5): MAP sends a_ij to every cell (i,k), k ∈ [n],
// and b_jk to every cell (i,k), i ∈ [ℓ]; the reducer of cell (i,k) sums a_ij·b_jk over j.
// It is MatMulStriped with ℓ row stripes and n column stripes: replication n for A and ℓ for B.
func MatMul1(ctx context.Context, r Runner, a, b mat.Matrix) (*mat.Dense, Cost, error) {
	es, l, m, n, err := mulShapes("MatMul1", a, b)
	if err != nil {
		return nil, Cost{}, err
	}
	return mulStriped(ctx, r, "MatMul1", es, l, m, n, l, n)
}

// MatMulStriped is the generalised single round (A7.7): rows of A and columns of B are cut
// into s stripes by h(i) = ⌊i·s/ℓ⌋ and h(k) = ⌊k·s/n⌋; MAP sends a_ij to the s reducers
// (h(i), u) and b_jk to the s reducers (t, h(k)); reducer (t,u) computes the block of C it owns.
// s = 1 is the sequential algorithm, s = ℓ = n the one-round one. Replication s, worst-case
// communication 2n²(1+s) and maximum load 2n²/s for dense n×n factors.
func MatMulStriped(ctx context.Context, r Runner, a, b mat.Matrix, s int) (*mat.Dense, Cost, error) {
	es, l, m, n, err := mulShapes("MatMulStriped", a, b)
	if err != nil {
		return nil, Cost{}, err
	}
	if s < 1 || s > min(l, n) {
		return nil, Cost{}, fmt.Errorf("mapreduce: MatMulStriped: s = %d, want 1 ≤ s ≤ min(ℓ, n) = %d: %w", s, min(l, n), ErrParam)
	}
	return mulStriped(ctx, r, "MatMulStriped", es, l, m, n, s, s)
}

func mulStriped(ctx context.Context, r Runner, fn string, es []mEntry, l, m, n, sr, sc int) (*mat.Dense, Cost, error) {
	p, s := beam.NewPipelineWithRoot()
	var mt meter
	in := beam.CreateList(s, es)
	f := &stripeMapFn{L: l, N: n, SR: sr, SC: sc}
	blocks := beam.ParDo(s, f, in)
	id := collect(s, beam.ParDo(s, &blockMulFn{N: n}, mt.shuffle(s, in, blocks, false)))
	return runProduct(ctx, r, p, &mt, id, fn, l, n)
}

// stripeMapFn replicates an entry of A along the column stripes and one of B along the row
// stripes; the key of reducer (t,u) is t·SC+u.
type stripeMapFn struct{ L, N, SR, SC int }

func (f *stripeMapFn) ProcessElement(e mEntry, emit func(int, mEntry)) {
	if e.A {
		t := stripeOf(e.I, f.L, f.SR)
		for u := range f.SC {
			emit(t*f.SC+u, e)
		}
		return
	}
	u := stripeOf(e.J, f.N, f.SC)
	for t := range f.SR {
		emit(t*f.SC+u, e)
	}
}

// blockMulFn is the striped REDUCE: c_ik = Σ_j a_ij·b_jk over the entries the reducer holds.
type blockMulFn struct{ N int }

func (f *blockMulFn) ProcessElement(_ int, vs func(*mEntry) bool, emit func(int, float64)) {
	bByJ := map[int][]mEntry{}
	var as []mEntry
	var e mEntry
	for vs(&e) {
		if e.A {
			as = append(as, e)
		} else {
			bByJ[e.I] = append(bByJ[e.I], e)
		}
	}
	cells := map[int]float64{}
	for _, x := range as {
		for _, y := range bByJ[x.J] {
			cells[x.I*f.N+y.J] += x.V * y.V
		}
	}
	for c, v := range cells {
		emit(c, v)
	}
}

func runProduct(ctx context.Context, r Runner, p *beam.Pipeline, mt *meter, id, fn string, l, n int) (*mat.Dense, Cost, error) {
	got, cost, err := r.measure(ctx, p, mt, id)
	if err != nil {
		return nil, Cost{}, err
	}
	c := mat.NewDense(l, n, nil)
	for _, x := range got[0] {
		kv := x.(pair)
		cell, v := kv.K.(int), kv.V.(float64)
		if err := finiteCell(fn, "C", cell/n, cell%n, v); err != nil {
			return nil, Cost{}, err
		}
		c.Set(cell/n, cell%n, v)
	}
	return c, cost, nil
}

// finiteCell refuses a result entry that overflowed: finite factors whose products or sums leave
// the float64 range (entries near 1e307) give ±Inf or NaN, which the product must not return.
func finiteCell(fn, name string, i, j int, v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("mapreduce: %s: %s[%d,%d] = %v overflowed; rescale the data: %w", fn, name, i, j, v, ErrNotFinite)
	}
	return nil
}

func init() {
	beam.RegisterType(reflect.TypeOf(mEntry{}))
	beam.RegisterType(reflect.TypeOf(segment{}))
	beam.RegisterFunction(segmentKV)
	beam.RegisterFunction(keyByJ)
	beam.RegisterFunction(sumFloats)
	beam.RegisterType(reflect.TypeOf((*matVecMapFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*joinJFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*stripeMapFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*blockMulFn)(nil)).Elem())
	register.Emitter2[int, float64]()
	register.Emitter2[int, mEntry]()
	register.Iter1[float64]()
	register.Iter1[mEntry]()
	register.Iter1[[]float64]()
}
