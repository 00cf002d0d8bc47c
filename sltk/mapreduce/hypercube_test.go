package mapreduce_test

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"

	. "github.com/sltk-book/sltk/sltk/mapreduce"
)

func TestHypercubeExample(t *testing.T) {
	h := Hypercube{Reducers: 24, Shares: []int{4, 3, 2}, Widths: []int{30, 20, 30}, KeepLoads: true}
	got, c, err := h.Join(context.Background(), Runner{}, LectureTriangle()...)
	if err != nil {
		t.Fatal(err)
	}
	sameSet(t, "triangle", got, [][]int64{{67, 48, 13}, {56, 48, 13}, {119, 26, 13}})
	r := c.Rounds[0]
	if r.MapIn != 11 || r.MapOut != 32 || r.Keys != 17 || r.MaxLoad != 3 {
		t.Errorf("cost %+v, want 11 in, 32 out, 17 reducers, max load 3", r)
	}
	want := map[string]int64{"(1,2,1)": 1, "(1,3,1)": 1, "(1,3,2)": 1, "(2,1,1)": 1, "(2,2,1)": 2,
		"(2,3,1)": 3, "(2,3,2)": 2, "(3,1,1)": 1, "(3,2,1)": 2, "(3,3,1)": 3, "(3,3,2)": 2,
		"(4,1,1)": 2, "(4,1,2)": 2, "(4,2,1)": 3, "(4,2,2)": 2, "(4,3,1)": 2, "(4,3,2)": 2}
	for k, v := range want {
		if r.Loads[k] != v {
			t.Errorf("reducer %s: load %d, want %d", k, r.Loads[k], v)
		}
	}
	m, idx := []float64{4, 3, 4}, [][]int{{0, 1}, {1, 2}, {2, 0}}
	rep, _ := ReplicationRate(m, idx, h.Shares)
	load, _ := ExpectedLoad(m, idx, h.Shares)
	if math.Abs(rep-32.0/11) > 1e-12 || math.Abs(c.Replication()-rep) > 1e-12 || math.Abs(load-4.0/3) > 1e-12 {
		t.Errorf("replication %v (measured %v), expected load %v", rep, c.Replication(), load)
	}
	if mean := float64(r.ReduceIn) / 24; math.Abs(mean-load) > 1e-12 {
		t.Errorf("mean load %v, want %v", mean, load)
	}
}

func TestHypercubeRandom(t *testing.T) {
	rels := []Relation{randRel([]string{"A", "B"}, 60, 8, 6), randRel([]string{"B", "C"}, 60, 8, 7),
		randRel([]string{"C", "A"}, 60, 8, 8)}
	var want [][]int64
	for _, x := range rels[0].Tuples {
		for _, y := range rels[1].Tuples {
			for _, z := range rels[2].Tuples {
				if x[1] == y[0] && y[1] == z[0] && z[1] == x[0] {
					want = append(want, []int64{x[0], x[1], y[1]})
				}
			}
		}
	}
	for _, shares := range [][]int{{2, 2, 2}, {8, 1, 1}, {1, 1, 1}} {
		s := shares[0] * shares[1] * shares[2]
		got, c, err := Hypercube{Reducers: s, Shares: shares, Seed: 9}.Join(context.Background(), Runner{}, rels...)
		if err != nil {
			t.Fatal(err)
		}
		sameSet(t, "random triangle", got, want)
		m := []float64{float64(len(rels[0].Tuples)), float64(len(rels[1].Tuples)), float64(len(rels[2].Tuples))}
		rep, _ := ReplicationRate(m, [][]int{{0, 1}, {1, 2}, {2, 0}}, shares)
		if math.Abs(c.Replication()-rep) > 1e-12 {
			t.Errorf("shares %v: replication %v, want %v", shares, c.Replication(), rep)
		}
	}
}

func TestHypercubeBadInput(t *testing.T) {
	ctx := context.Background()
	rels := LectureTriangle()
	for _, h := range []Hypercube{
		{Reducers: 24, Shares: []int{4, 3, 3}},        // product 36
		{Reducers: 24, Shares: []int{4, 3}},           // too few shares
		{Reducers: 24, Shares: []int{24, 1 << 62, 1}}, // overflow
		{Reducers: 0, Shares: []int{1, 1, 1}},
		{Reducers: 24, Shares: []int{4, 3, 2}, Widths: []int{1, 1, 1}}, // values outside the ranges
	} {
		if _, _, err := h.Join(ctx, Runner{}, rels...); !errors.Is(err, ErrParam) && !errors.Is(err, ErrShape) {
			t.Errorf("%+v: err = %v", h, err)
		}
	}
	if _, _, err := (Hypercube{Reducers: 1, Shares: []int{1}}).Join(ctx, Runner{}); !errors.Is(err, ErrEmpty) {
		t.Errorf("no relations: %v", err)
	}
}

func TestOptimizeShares(t *testing.T) {
	// §3.8: R(A1,A2) 10^11, S(A2,A3) 10^10, T(A1,A3) 10^11 on s = 10^4 reducers.
	m, idx := []float64{1e11, 1e10, 1e11}, [][]int{{0, 1}, {1, 2}, {0, 2}}
	shares, load, err := OptimizeShares(m, idx, 3, 10_000)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(shares, []int{100, 10, 10}) || math.Abs(load-3e8) > 1 {
		t.Errorf("shares %v load %v, want [100 10 10] 3e8", shares, load)
	}
	rep, _ := ReplicationRate(m, idx, shares)
	if math.Abs(rep-100.0/7) > 1e-12 {
		t.Errorf("replication %v, want 100/7", rep)
	}
	// The real optimum of the triangle: 3 (m1 m2 m3)^{1/3} / s^{2/3}.
	if real := 3 * math.Cbrt(1e11*1e10*1e11) / math.Pow(1e4, 2.0/3); math.Abs(real-load) > 1e-6*load {
		t.Errorf("integer optimum %v, real optimum %v", load, real)
	}
	if _, _, err := OptimizeShares(m, idx, 3, 0); !errors.Is(err, ErrParam) {
		t.Errorf("s = 0: %v", err)
	}
	if _, _, err := OptimizeShares(m, [][]int{{0, 5}}, 3, 8); !errors.Is(err, ErrShape) {
		t.Errorf("bad idx: %v", err)
	}
	if _, _, err := OptimizeShares(m, idx, 3, 1<<21); !errors.Is(err, ErrTooLarge) {
		t.Errorf("s = 2^21: %v", err)
	}
}
