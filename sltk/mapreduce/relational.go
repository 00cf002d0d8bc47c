package mapreduce

import (
	"cmp"
	"context"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

// Relation is a set of tuples over named attributes (Remark 7.1: relations are sets, so results
// are compared as sets). Values are integers; other domains are encoded by a dictionary first.
// Results of this package are deduplicated and sorted.
type Relation struct {
	Attrs  []string
	Tuples [][]int64
}

// check validates r for function fn: attributes named and distinct, every tuple of full arity.
func (r Relation) check(fn, name string) error {
	if len(r.Attrs) == 0 {
		return fmt.Errorf("mapreduce: %s: relation %s has no attributes: %w", fn, name, ErrEmpty)
	}
	for i, a := range r.Attrs {
		if slices.Contains(r.Attrs[:i], a) {
			return fmt.Errorf("mapreduce: %s: relation %s repeats attribute %q: %w", fn, name, a, ErrShape)
		}
	}
	for i, t := range r.Tuples {
		if len(t) != len(r.Attrs) {
			return fmt.Errorf("mapreduce: %s: %s tuple %d has %d values, want %d: %w", fn, name, i, len(t), len(r.Attrs), ErrShape)
		}
	}
	return nil
}

// index returns the position of every attribute of names in r; a name given twice is an error
// (the result would be a relation with a repeated attribute).
func (r Relation) index(fn string, names []string) ([]int, error) {
	idx := make([]int, len(names))
	for k, a := range names {
		if slices.Contains(names[:k], a) {
			return nil, fmt.Errorf("mapreduce: %s: attribute %q named twice: %w", fn, a, ErrShape)
		}
		idx[k] = slices.Index(r.Attrs, a)
		if idx[k] < 0 {
			return nil, fmt.Errorf("mapreduce: %s: no attribute %q in %v: %w", fn, a, r.Attrs, ErrShape)
		}
	}
	return idx, nil
}

// tagged is a tuple with the relation it comes from: the value (R, t) of the chapter.
type tagged struct {
	Rel int
	T   []int64
}

// tupleKey encodes the values of t at idx as a shuffle key.
func tupleKey(t []int64, idx []int) string {
	b := make([]byte, 0, 8*len(idx))
	for k, i := range idx {
		if k > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, t[i], 10)
	}
	return string(b)
}

// Cond is a selection condition: attribute Attr compared with Value by Op, one of
// "<", "<=", "=", "!=", ">=", ">".
type Cond struct {
	Attr  string
	Op    string
	Value int64
}

func (c Cond) holds(x int64) bool {
	switch c.Op {
	case "<":
		return x < c.Value
	case "<=":
		return x <= c.Value
	case "=":
		return x == c.Value
	case "!=":
		return x != c.Value
	case ">=":
		return x >= c.Value
	}
	return x > c.Value
}

// set operations and the map-side filters, by name (DoFn fields must be plain data).
const (
	opSelect = iota
	opProject
	opUnion
	opIntersect
	opDifference
)

// Select is σ_C(R): MAP emits (t, t) when C(t) holds, REDUCE emits t once. One round.
func Select(ctx context.Context, r Runner, rel Relation, c Cond) (Relation, Cost, error) {
	if err := rel.check("Select", "R"); err != nil {
		return Relation{}, Cost{}, err
	}
	col, err := rel.index("Select", []string{c.Attr})
	if err != nil {
		return Relation{}, Cost{}, err
	}
	if !slices.Contains([]string{"<", "<=", "=", "!=", ">=", ">"}, c.Op) {
		return Relation{}, Cost{}, fmt.Errorf("mapreduce: Select: Op = %q, want one of < <= = != >= >: %w", c.Op, ErrParam)
	}
	f := &setMapFn{Op: opSelect, Cond: c, Col: col[0], Keep: seq(len(rel.Attrs))}
	return setOp(ctx, r, rel.Attrs, f, rel)
}

// Project is π_attrs(R): MAP emits (t[attrs], 1), REDUCE emits each distinct projection once
// (it only removes duplicates). One round.
func Project(ctx context.Context, r Runner, rel Relation, attrs ...string) (Relation, Cost, error) {
	if err := rel.check("Project", "R"); err != nil {
		return Relation{}, Cost{}, err
	}
	if len(attrs) == 0 {
		return Relation{}, Cost{}, fmt.Errorf("mapreduce: Project: no attributes to keep: %w", ErrEmpty)
	}
	keep, err := rel.index("Project", attrs)
	if err != nil {
		return Relation{}, Cost{}, err
	}
	return setOp(ctx, r, attrs, &setMapFn{Op: opProject, Keep: keep}, rel)
}

// Union is R ∪ S, Intersect R ∩ S and Difference R − S for relations of the same schema: MAP
// emits (t, name of t's relation), REDUCE emits t once (union), if both names came
// (intersection), or if only R came (difference). One round each.
func Union(ctx context.Context, r Runner, a, b Relation) (Relation, Cost, error) {
	return binarySetOp(ctx, r, "Union", opUnion, a, b)
}

// Intersect is R ∩ S; see Union.
func Intersect(ctx context.Context, r Runner, a, b Relation) (Relation, Cost, error) {
	return binarySetOp(ctx, r, "Intersect", opIntersect, a, b)
}

// Difference is R − S; see Union.
func Difference(ctx context.Context, r Runner, a, b Relation) (Relation, Cost, error) {
	return binarySetOp(ctx, r, "Difference", opDifference, a, b)
}

func binarySetOp(ctx context.Context, r Runner, fn string, op int, a, b Relation) (Relation, Cost, error) {
	if err := a.check(fn, "R"); err != nil {
		return Relation{}, Cost{}, err
	}
	if err := b.check(fn, "S"); err != nil {
		return Relation{}, Cost{}, err
	}
	if !slices.Equal(a.Attrs, b.Attrs) {
		return Relation{}, Cost{}, fmt.Errorf("mapreduce: %s: schemas %v and %v differ: %w", fn, a.Attrs, b.Attrs, ErrShape)
	}
	return setOp(ctx, r, a.Attrs, &setMapFn{Op: op, Keep: seq(len(a.Attrs))}, a, b)
}

func seq(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	return s
}

// setOp runs one round: the tagged tuples of rels through f, grouped by the kept values, and the
// set reducer of f.Op.
func setOp(ctx context.Context, r Runner, attrs []string, f *setMapFn, rels ...Relation) (Relation, Cost, error) {
	in := taggedTuples(rels)
	if len(in) == 0 {
		return Relation{Attrs: attrs}, Cost{}, nil
	}
	p, s := beam.NewPipelineWithRoot()
	var mt meter
	col := beam.CreateList(s, in)
	g := mt.shuffle(s, col, beam.ParDo(s, f, col), false)
	id := collect(s, beam.ParDo(s, &setReduceFn{Op: f.Op}, g))
	return runRelation(ctx, r, p, &mt, id, attrs)
}

func taggedTuples(rels []Relation) []tagged {
	var in []tagged
	for i, rel := range rels {
		for _, t := range rel.Tuples {
			in = append(in, tagged{Rel: i, T: t})
		}
	}
	return in
}

func runRelation(ctx context.Context, r Runner, p *beam.Pipeline, mt *meter, id string, attrs []string) (Relation, Cost, error) {
	got, c, err := r.measure(ctx, p, mt, id)
	if err != nil {
		return Relation{}, Cost{}, err
	}
	out := Relation{Attrs: attrs}
	for _, x := range got[0] {
		out.Tuples = append(out.Tuples, x.([]int64))
	}
	out.normalize()
	return out, c, nil
}

// normalize sorts the tuples and removes duplicates.
func (r *Relation) normalize() {
	slices.SortFunc(r.Tuples, slices.Compare[[]int64])
	r.Tuples = slices.CompactFunc(r.Tuples, slices.Equal[[]int64])
}

// setMapFn is the MAP of selection, projection and the set operations.
type setMapFn struct {
	Op   int
	Cond Cond
	Col  int   // the selection's attribute
	Keep []int // the attributes kept (all but for projection)
}

func (f *setMapFn) ProcessElement(x tagged, emit func(string, tagged)) {
	if f.Op == opSelect && !f.Cond.holds(x.T[f.Col]) {
		return
	}
	t := x.T
	if f.Op == opProject {
		t = make([]int64, len(f.Keep))
		for k, i := range f.Keep {
			t[k] = x.T[i]
		}
	}
	emit(tupleKey(t, seq(len(t))), tagged{Rel: x.Rel, T: t})
}

// setReduceFn is the REDUCE of selection, projection and the set operations.
type setReduceFn struct{ Op int }

func (f *setReduceFn) ProcessElement(_ string, vs func(*tagged) bool, emit func([]int64)) {
	var seen [2]bool
	var t []int64
	var x tagged
	for vs(&x) {
		seen[x.Rel] = true
		t = x.T
	}
	switch {
	case f.Op == opIntersect && !(seen[0] && seen[1]):
	case f.Op == opDifference && seen[1]:
	default:
		emit(t)
	}
}

// Join is the natural join R ⋈ S on the attributes the two share (A7.3): MAP sends (R,t) and
// (S,t) to the key of their shared values, REDUCE pairs every R tuple with every S tuple of its
// key. The result has R's attributes followed by S's others. With no shared attribute it is the
// Cartesian product on one reducer. One round; the load of key b is |R_b| + |S_b|.
func Join(ctx context.Context, r Runner, a, b Relation) (Relation, Cost, error) {
	if err := a.check("Join", "R"); err != nil {
		return Relation{}, Cost{}, err
	}
	if err := b.check("Join", "S"); err != nil {
		return Relation{}, Cost{}, err
	}
	var shared []string
	attrs := slices.Clone(a.Attrs)
	for _, x := range b.Attrs {
		if slices.Contains(a.Attrs, x) {
			shared = append(shared, x)
		} else {
			attrs = append(attrs, x)
		}
	}
	ka, _ := a.index("Join", shared)
	kb, _ := b.index("Join", shared)
	var rest []int
	for i, x := range b.Attrs {
		if !slices.Contains(shared, x) {
			rest = append(rest, i)
		}
	}
	in := taggedTuples([]Relation{a, b})
	if len(in) == 0 {
		return Relation{Attrs: attrs}, Cost{}, nil
	}
	p, s := beam.NewPipelineWithRoot()
	var mt meter
	col := beam.CreateList(s, in)
	keyed := beam.ParDo(s, &joinMapFn{KeyA: ka, KeyB: kb}, col)
	id := collect(s, beam.ParDo(s, &joinReduceFn{Rest: rest}, mt.shuffle(s, col, keyed, false)))
	return runRelation(ctx, r, p, &mt, id, attrs)
}

type joinMapFn struct{ KeyA, KeyB []int }

func (f *joinMapFn) ProcessElement(x tagged, emit func(string, tagged)) {
	if x.Rel == 0 {
		emit(tupleKey(x.T, f.KeyA), x)
	} else {
		emit(tupleKey(x.T, f.KeyB), x)
	}
}

type joinReduceFn struct{ Rest []int }

func (f *joinReduceFn) ProcessElement(_ string, vs func(*tagged) bool, emit func([]int64)) {
	var as, bs [][]int64
	var x tagged
	for vs(&x) {
		if x.Rel == 0 {
			as = append(as, x.T)
		} else {
			bs = append(bs, x.T)
		}
	}
	for _, ta := range as {
		for _, tb := range bs {
			t := slices.Clone(ta)
			for _, i := range f.Rest {
				t = append(t, tb[i])
			}
			emit(t)
		}
	}
}

// Group is one group of GroupAvg: the grouping value, its mean and its size.
type Group struct {
	Key   int64
	Mean  float64
	Count int64
}

// GroupAvg is γ_{A, AVG(C)}(R) (A7.3): MAP emits (a, c), REDUCE averages. The average is not
// associative, so the combiner carries (sum, count) pairs, which are: with combine, every map
// task (a Beam bundle) ships one (sum, count) per group it saw instead of one pair per tuple.
// The groups are returned sorted by key.
func GroupAvg(ctx context.Context, r Runner, rel Relation, by, of string, combine bool) ([]Group, Cost, error) {
	if err := rel.check("GroupAvg", "R"); err != nil {
		return nil, Cost{}, err
	}
	idx, err := rel.index("GroupAvg", []string{by, of})
	if err != nil {
		return nil, Cost{}, err
	}
	if len(rel.Tuples) == 0 {
		return nil, Cost{}, nil
	}
	p, s := beam.NewPipelineWithRoot()
	var mt meter
	col := beam.CreateList(s, rel.Tuples)
	var pairs beam.PCollection
	if combine {
		pairs = beam.ParDo(s, &avgCombineFn{By: idx[0], Of: idx[1]}, col)
	} else {
		pairs = beam.ParDo(s, &avgMapFn{By: idx[0], Of: idx[1]}, col)
	}
	id := collect(s, beam.ParDo(s, avgReduce, mt.shuffle(s, col, pairs, false)))
	got, c, err := r.measure(ctx, p, &mt, id)
	if err != nil {
		return nil, Cost{}, err
	}
	var out []Group
	for _, x := range got[0] {
		out = append(out, x.(Group))
	}
	slices.SortFunc(out, func(a, b Group) int { return cmp.Compare(a.Key, b.Key) })
	return out, c, nil
}

// sumCount is the combiner's accumulator for the mean.
type sumCount struct {
	Sum   float64
	Count int64
}

type avgMapFn struct{ By, Of int }

func (f *avgMapFn) ProcessElement(t []int64, emit func(int64, sumCount)) {
	emit(t[f.By], sumCount{float64(t[f.Of]), 1})
}

// avgCombineFn is the MAP with its combiner: it sums per group within a bundle and ships the
// (sum, count) pairs when the bundle ends.
type avgCombineFn struct {
	By, Of int
	acc    map[int64]sumCount
}

// StartBundle takes the output too, as Beam requires of a DoFn that emits in FinishBundle.
func (f *avgCombineFn) StartBundle(_ func(int64, sumCount)) { f.acc = map[int64]sumCount{} }

// ProcessElement emits nothing itself; FinishBundle emits through the same output.
func (f *avgCombineFn) ProcessElement(t []int64, _ func(int64, sumCount)) {
	a := f.acc[t[f.By]]
	f.acc[t[f.By]] = sumCount{a.Sum + float64(t[f.Of]), a.Count + 1}
}

func (f *avgCombineFn) FinishBundle(emit func(int64, sumCount)) {
	keys := make([]int64, 0, len(f.acc))
	for k := range f.acc {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		emit(k, f.acc[k])
	}
}

func avgReduce(k int64, vs func(*sumCount) bool) Group {
	var tot, x sumCount
	for vs(&x) {
		tot.Sum += x.Sum
		tot.Count += x.Count
	}
	return Group{Key: k, Mean: tot.Sum / float64(tot.Count), Count: tot.Count}
}

// String prints the relation as a small table.
func (r Relation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%v", r.Attrs)
	for _, t := range r.Tuples {
		fmt.Fprintf(&b, "\n%v", t)
	}
	return b.String()
}

func init() {
	beam.RegisterType(reflect.TypeOf(tagged{}))
	beam.RegisterType(reflect.TypeOf(sumCount{}))
	beam.RegisterType(reflect.TypeOf(Group{}))
	beam.RegisterType(reflect.TypeOf((*setMapFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*setReduceFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*joinMapFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*joinReduceFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*avgMapFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*avgCombineFn)(nil)).Elem())
	beam.RegisterFunction(avgReduce)
	register.Emitter2[string, tagged]()
	register.Emitter1[[]int64]()
	register.Emitter2[int64, sumCount]()
	register.Iter1[tagged]()
	register.Iter1[sumCount]()
}
