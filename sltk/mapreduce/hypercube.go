package mapreduce

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
)

// Hypercube is the one-round multiway join R_1 ⋈ … ⋈ R_ℓ of A7.8. The k attributes A_1..A_k
// (in order of first appearance over the relations) get shares s_1..s_k with ∏ s_j = Reducers;
// reducer p̄ = (p_1..p_k), p_j ∈ [1, s_j], receives every tuple whose hashed values match p̄ on
// the tuple's own attributes, for all values of the coordinates it lacks, and joins what it
// holds. Every output tuple is produced by exactly one reducer (Lemma 7.3).
//
// Cost: one round; replication rate Σ m_i ∏_{j∉Idx(i)} s_j / Σ m_i (Observation 7.4), expected
// load Σ m_i / ∏_{j∈Idx(i)} s_j (Theorem 7.5); see ReplicationRate and ExpectedLoad.
type Hypercube struct {
	// Reducers is s, the number of reducers.
	Reducers int
	// Shares are s_1..s_k, one per attribute; their product must be Reducers.
	Shares []int
	// Widths, when set, replace hashing by range partitions h_j(x) = ⌈x / Widths[j]⌉ (the
	// lecture's worked example); the values must then lie in [1, Widths[j]·Shares[j]].
	Widths []int
	// Seed selects the hash functions h_j(x) ∈ [1, s_j] when Widths is nil.
	Seed uint64
	// KeepLoads keeps the load of every reducer in the Cost (small inputs only).
	KeepLoads bool
}

// maxReducers bounds the number of reducers of a hypercube.
const maxReducers = 1 << 20

// Attrs returns the attributes of the join of rels in order of first appearance.
func Attrs(rels ...Relation) []string {
	var attrs []string
	for _, r := range rels {
		for _, a := range r.Attrs {
			if !slices.Contains(attrs, a) {
				attrs = append(attrs, a)
			}
		}
	}
	return attrs
}

// Join computes the natural join of rels on Beam.
func (h Hypercube) Join(ctx context.Context, r Runner, rels ...Relation) (Relation, Cost, error) {
	if len(rels) == 0 {
		return Relation{}, Cost{}, fmt.Errorf("mapreduce: Hypercube.Join: no relations: %w", ErrEmpty)
	}
	for i, rel := range rels {
		if err := rel.check("Hypercube.Join", "R"+strconv.Itoa(i+1)); err != nil {
			return Relation{}, Cost{}, err
		}
	}
	attrs := Attrs(rels...)
	if err := h.check(len(attrs)); err != nil {
		return Relation{}, Cost{}, err
	}
	f := &cubeMapFn{Shares: h.Shares, Widths: h.Widths, Seed: h.Seed}
	for _, rel := range rels {
		idx := make([]int, len(rel.Attrs))
		for k, a := range rel.Attrs {
			idx[k] = slices.Index(attrs, a)
		}
		f.Idx = append(f.Idx, idx)
	}
	in := taggedTuples(rels)
	for _, x := range in {
		if err := h.checkValues(f.Idx[x.Rel], x.T, attrs); err != nil {
			return Relation{}, Cost{}, err
		}
	}
	if len(in) == 0 {
		return Relation{Attrs: attrs}, Cost{}, nil
	}
	p, s := beam.NewPipelineWithRoot()
	var mt meter
	col := beam.CreateList(s, in)
	keyed := beam.ParDo(s, f, col)
	g := mt.shuffle(s, col, keyed, h.KeepLoads)
	id := collect(s, beam.ParDo(s, &cubeReduceFn{Idx: f.Idx, K: len(attrs)}, g))
	return runRelation(ctx, r, p, &mt, id, attrs)
}

func (h Hypercube) check(k int) error {
	switch {
	case h.Reducers < 1 || h.Reducers > maxReducers:
		return fmt.Errorf("mapreduce: Hypercube: Reducers = %d, want 1..%d: %w", h.Reducers, maxReducers, ErrParam)
	case len(h.Shares) != k:
		return fmt.Errorf("mapreduce: Hypercube: %d shares for %d attributes: %w", len(h.Shares), k, ErrShape)
	case h.Widths != nil && len(h.Widths) != k:
		return fmt.Errorf("mapreduce: Hypercube: %d widths for %d attributes: %w", len(h.Widths), k, ErrShape)
	}
	prod := 1
	for j, sj := range h.Shares {
		if sj < 1 {
			return fmt.Errorf("mapreduce: Hypercube: Shares[%d] = %d, want ≥ 1: %w", j, sj, ErrParam)
		}
		if sj > h.Reducers/prod {
			prod = h.Reducers + 1 // the product already exceeds s (and cannot overflow)
			break
		}
		prod *= sj
		if h.Widths != nil && h.Widths[j] < 1 {
			return fmt.Errorf("mapreduce: Hypercube: Widths[%d] = %d, want ≥ 1: %w", j, h.Widths[j], ErrParam)
		}
	}
	if prod != h.Reducers {
		return fmt.Errorf("mapreduce: Hypercube: the shares %v do not multiply to Reducers = %d: %w", h.Shares, h.Reducers, ErrParam)
	}
	return nil
}

func (h Hypercube) checkValues(idx []int, t []int64, attrs []string) error {
	if h.Widths == nil {
		return nil
	}
	for k, j := range idx {
		if hi := int64(h.Widths[j]) * int64(h.Shares[j]); t[k] < 1 || t[k] > hi {
			return fmt.Errorf("mapreduce: Hypercube: %s = %d outside the range partition [1, %d]: %w", attrs[j], t[k], hi, ErrParam)
		}
	}
	return nil
}

// bucket is h_j(x) ∈ [1, s_j]: a range partition or a seeded hash (splitmix64).
func bucket(x int64, j int, shares, widths []int, seed uint64) int {
	if widths != nil {
		return int((x + int64(widths[j]) - 1) / int64(widths[j]))
	}
	z := uint64(x) + seed + uint64(j+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	z ^= z >> 31
	return int(z%uint64(shares[j])) + 1
}

// cubeMapFn sends a tuple of relation i to every reducer that agrees with its hashed values.
type cubeMapFn struct {
	Shares, Widths []int
	Seed           uint64
	Idx            [][]int // attribute numbers of every relation's columns
}

func (f *cubeMapFn) ProcessElement(x tagged, emit func(string, tagged)) {
	p := make([]int, len(f.Shares))
	for k, j := range f.Idx[x.Rel] {
		p[j] = bucket(x.T[k], j, f.Shares, f.Widths, f.Seed)
	}
	free := slices.DeleteFunc(seq(len(p)), func(j int) bool { return p[j] != 0 })
	for _, j := range free {
		p[j] = 1
	}
	for {
		emit(cubeKey(p), x)
		k := len(free) - 1 // odometer over the free coordinates
		for ; k >= 0; k-- {
			if j := free[k]; p[j] < f.Shares[j] {
				p[j]++
				break
			} else {
				p[j] = 1
			}
		}
		if k < 0 {
			return
		}
	}
}

// cubeKey prints p̄ as "(p1,p2,...)", the lecture's notation.
func cubeKey(p []int) string {
	var b strings.Builder
	b.WriteByte('(')
	for j, x := range p {
		if j > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(x))
	}
	b.WriteByte(')')
	return b.String()
}

// cubeReduceFn joins the relations a reducer holds, one relation at a time (hash joins on the
// attributes bound so far).
type cubeReduceFn struct {
	Idx [][]int
	K   int
}

func (f *cubeReduceFn) ProcessElement(_ string, vs func(*tagged) bool, emit func([]int64)) {
	parts := make([][][]int64, len(f.Idx))
	var x tagged
	for vs(&x) {
		parts[x.Rel] = append(parts[x.Rel], x.T)
	}
	for _, t := range joinParts(parts, f.Idx, f.K) {
		emit(t)
	}
}

// joinParts is the in-reducer multiway join: rows over k attributes, extended relation by
// relation through a hash join on the attributes already bound.
func joinParts(parts [][][]int64, idx [][]int, k int) [][]int64 {
	bound := make([]bool, k)
	rows := [][]int64{make([]int64, k)}
	for i, part := range parts {
		var on []int // columns of relation i whose attribute is bound
		for c, j := range idx[i] {
			if bound[j] {
				on = append(on, c)
			}
		}
		byKey := map[string][][]int64{}
		for _, t := range part {
			byKey[tupleKey(t, on)] = append(byKey[tupleKey(t, on)], t)
		}
		rowKey := make([]int, len(on))
		for n, c := range on {
			rowKey[n] = idx[i][c]
		}
		var next [][]int64
		for _, row := range rows {
			for _, t := range byKey[tupleKey(row, rowKey)] {
				nr := slices.Clone(row)
				for c, j := range idx[i] {
					nr[j] = t[c]
				}
				next = append(next, nr)
			}
		}
		rows = next
		for _, j := range idx[i] {
			bound[j] = true
		}
	}
	return rows
}

func init() {
	beam.RegisterType(reflect.TypeOf((*cubeMapFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*cubeReduceFn)(nil)).Elem())
}
