package mapreduce_test

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"

	. "github.com/sltk-book/sltk/sltk/mapreduce"
)

// randRel is RandomRelation for valid arguments.
func randRel(attrs []string, n, v int, seed uint64) Relation {
	r, _ := RandomRelation(attrs, n, v, seed)
	return r
}

func sameSet(t *testing.T, name string, got Relation, want [][]int64) {
	t.Helper()
	if !got.Equal(Relation{Attrs: got.Attrs, Tuples: want}) {
		t.Errorf("%s: got %v, want %v", name, got.Tuples, want)
	}
}

func member(ts [][]int64, t []int64) bool {
	return slices.ContainsFunc(ts, func(u []int64) bool { return slices.Equal(u, t) })
}

func TestRelational(t *testing.T) {
	ctx := context.Background()
	r := randRel([]string{"A", "B", "C"}, 40, 4, 1)
	s := randRel([]string{"A", "B", "C"}, 40, 4, 2)
	var sel, proj, uni, inter, diff [][]int64
	for _, x := range r.Tuples {
		if x[1] >= 3 {
			sel = append(sel, x)
		}
		proj = append(proj, []int64{x[2], x[0]})
		uni = append(uni, x)
		if member(s.Tuples, x) {
			inter = append(inter, x)
		} else {
			diff = append(diff, x)
		}
	}
	uni = append(uni, s.Tuples...)
	got, c, err := Select(ctx, Runner{}, r, Cond{"B", ">=", 3})
	if err != nil {
		t.Fatal(err)
	}
	sameSet(t, "Select", got, sel)
	if c.Rounds[0].MapIn != int64(len(r.Tuples)) {
		t.Errorf("Select read %d tuples", c.Rounds[0].MapIn)
	}
	got, _, err = Project(ctx, Runner{}, r, "C", "A")
	if err != nil || !slices.Equal(got.Attrs, []string{"C", "A"}) {
		t.Fatal(err, got.Attrs)
	}
	sameSet(t, "Project", got, proj)
	for _, op := range []struct {
		name string
		f    func(context.Context, Runner, Relation, Relation) (Relation, Cost, error)
		want [][]int64
	}{{"Union", Union, uni}, {"Intersect", Intersect, inter}, {"Difference", Difference, diff}} {
		got, _, err := op.f(ctx, Runner{}, r, s)
		if err != nil {
			t.Fatal(err)
		}
		sameSet(t, op.name, got, op.want)
	}
	// Bad input: another schema, a short tuple, an unknown attribute or operator.
	if _, _, err := Union(ctx, Runner{}, r, Relation{Attrs: []string{"A", "B"}}); !errors.Is(err, ErrShape) {
		t.Errorf("schemas differ: %v", err)
	}
	bad := Relation{Attrs: []string{"A", "B"}, Tuples: [][]int64{{1}}}
	if _, _, err := Project(ctx, Runner{}, bad, "A"); !errors.Is(err, ErrShape) {
		t.Errorf("short tuple: %v", err)
	}
	if _, _, err := Project(ctx, Runner{}, r, "Z"); !errors.Is(err, ErrShape) {
		t.Errorf("unknown attribute: %v", err)
	}
	if _, _, err := Select(ctx, Runner{}, r, Cond{"A", "~", 1}); !errors.Is(err, ErrParam) {
		t.Errorf("unknown operator: %v", err)
	}
	if _, _, err := Select(ctx, Runner{}, Relation{}, Cond{"A", "=", 1}); !errors.Is(err, ErrEmpty) {
		t.Errorf("no attributes: %v", err)
	}
	// Empty relations are sets too.
	empty := Relation{Attrs: r.Attrs}
	if got, _, err := Difference(ctx, Runner{}, empty, s); err != nil || len(got.Tuples) != 0 {
		t.Errorf("∅ − S = %v, %v", got.Tuples, err)
	}
}

func TestJoin(t *testing.T) {
	ctx := context.Background()
	r := randRel([]string{"A", "B"}, 30, 5, 3)
	s := randRel([]string{"B", "C"}, 30, 5, 4)
	var want [][]int64
	for _, x := range r.Tuples {
		for _, y := range s.Tuples {
			if x[1] == y[0] {
				want = append(want, []int64{x[0], x[1], y[1]})
			}
		}
	}
	got, c, err := Join(ctx, Runner{}, r, s)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Attrs, []string{"A", "B", "C"}) {
		t.Errorf("attributes %v", got.Attrs)
	}
	sameSet(t, "Join", got, want)
	if c.Rounds[0].MapIn != int64(len(r.Tuples)+len(s.Tuples)) || c.Rounds[0].Keys > 5 {
		t.Errorf("join cost %+v", c.Rounds[0])
	}
}

func TestGroupAvg(t *testing.T) {
	ctx := context.Background()
	r := randRel([]string{"A", "B", "C"}, 200, 6, 5)
	sum, cnt := map[int64]float64{}, map[int64]int64{}
	for _, x := range r.Tuples {
		sum[x[0]] += float64(x[2])
		cnt[x[0]]++
	}
	for _, combine := range []bool{false, true} {
		got, c, err := GroupAvg(ctx, Runner{}, r, "A", "C", combine)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(cnt) {
			t.Fatalf("%d groups, want %d", len(got), len(cnt))
		}
		for _, g := range got {
			if g.Count != cnt[g.Key] || math.Abs(g.Mean-sum[g.Key]/float64(cnt[g.Key])) > 1e-12 {
				t.Errorf("combine=%v: group %+v, want mean %v of %d", combine, g, sum[g.Key]/float64(cnt[g.Key]), cnt[g.Key])
			}
		}
		t.Logf("combine=%v: %+v", combine, c.Rounds[0])
		if !combine && c.Rounds[0].MapOut != int64(len(r.Tuples)) {
			t.Errorf("without combiner %d pairs shuffled, want %d", c.Rounds[0].MapOut, len(r.Tuples))
		}
	}
}
