package mapreduce_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"gonum.org/v1/gonum/mat"

	. "github.com/sltk-book/sltk/sltk/mapreduce"
)

// bruteStriped computes the striped round's records from the definition: every nonzero of A
// goes to the sc reducers of its row stripe, every nonzero of B to the sr reducers of its
// column stripe, with stripes h(i) = ⌊i·s/len⌋.
func bruteStriped(a, b *mat.Dense, sr, sc int) Round {
	l, m := a.Dims()
	_, n := b.Dims()
	loads := map[[2]int]int64{}
	var r Round
	for i := range l {
		for j := range m {
			if a.At(i, j) != 0 {
				r.MapIn++
				for u := range sc {
					loads[[2]int{i * sr / l, u}]++
				}
			}
		}
	}
	for j := range m {
		for k := range n {
			if b.At(j, k) != 0 {
				r.MapIn++
				for t := range sr {
					loads[[2]int{t, k * sc / n}]++
				}
			}
		}
	}
	for _, x := range loads {
		r.MapOut += x
		r.ReduceIn += x
		r.Keys++
		r.MaxLoad = max(r.MaxLoad, x)
	}
	return r
}

// TestCountMatMulAgainstDefinition compares the predicted rounds with brute-force counts from
// the definitions, on uneven shapes and stripes.
func TestCountMatMulAgainstDefinition(t *testing.T) {
	a, b := sparse(7, 5, 0.4, 1), sparse(5, 9, 0.3, 2)
	c, err := CountMatMul(a, b)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range [][2]int{{1, 1}, {2, 3}, {7, 9}, {3, 4}} {
		got, err := c.Striped(s[0], s[1])
		if err != nil {
			t.Fatal(err)
		}
		if want := (Cost{Rounds: []Round{bruteStriped(a, b, s[0], s[1])}}); !got.Same(want) {
			t.Errorf("stripes %v: predicted %+v, brute force %+v", s, got.Rounds[0], want.Rounds[0])
		}
	}
	if !c.OneRound().Same(Cost{Rounds: []Round{bruteStriped(a, b, 7, 9)}}) {
		t.Error("OneRound differs from 7×9 stripes by brute force")
	}
	var prods, keys, most int64
	for i := range 7 {
		for k := range 9 {
			var cell int64
			for j := range 5 {
				if a.At(i, j) != 0 && b.At(j, k) != 0 {
					cell++
				}
			}
			prods += cell
			most = max(most, cell)
			if cell > 0 {
				keys++
			}
		}
	}
	r2 := c.TwoRound().Rounds[1]
	if c.Products() != prods || r2.Keys != keys || r2.MaxLoad != most || r2.ReduceIn != prods {
		t.Errorf("round 2 %+v, want %d products over %d cells, max %d", r2, prods, keys, most)
	}
	if _, err := c.Striped(0, 1); !errors.Is(err, ErrParam) {
		t.Errorf("0 stripes: err = %v", err)
	}
	if _, err := CountMatMul(mat.NewDense(5000, 1, nil), mat.NewDense(1, 5000, nil)); !errors.Is(err, ErrTooLarge) {
		t.Errorf("25e6 cells: err = %v", err)
	}
	if _, err := CountMatMul(a, a); !errors.Is(err, ErrShape) {
		t.Errorf("7×5 times 7×5: err = %v", err)
	}
}

// TestCountMatMulMatchesBeam: the counts predicted on one machine are the counts Beam's metrics
// measure, for all three algorithms.
func TestCountMatMulMatchesBeam(t *testing.T) {
	ctx := context.Background()
	a, b := sparse(12, 12, 0.2, 3), sparse(12, 12, 0.3, 4)
	c, err := CountMatMul(a, b)
	if err != nil {
		t.Fatal(err)
	}
	two, err := Measure(MatMul2(ctx, Runner{}, a, b))
	if err != nil {
		t.Fatal(err)
	}
	one, err := Measure(MatMul1(ctx, Runner{}, a, b))
	if err != nil {
		t.Fatal(err)
	}
	st, err := Measure(MatMulStriped(ctx, Runner{}, a, b, 4))
	if err != nil {
		t.Fatal(err)
	}
	want4, _ := c.Striped(4, 4)
	for name, p := range map[string][2]Cost{"two rounds": {two.Cost, c.TwoRound()},
		"one round": {one.Cost, c.OneRound()}, "4 stripes": {st.Cost, want4}} {
		if !p[0].Same(p[1]) {
			t.Errorf("%s: Beam %+v, predicted %+v", name, p[0].Rounds, p[1].Rounds)
		}
	}
	if _, err := Measure(MatMul2(ctx, Runner{}, a, sparse(3, 3, 1, 1))); !errors.Is(err, ErrShape) {
		t.Errorf("Measure of a failed run: err = %v", err)
	}
}

func ExampleCost_Table() {
	c := Cost{Rounds: []Round{{MapIn: 10, MapOut: 20, ReduceIn: 20, Keys: 4, MaxLoad: 6}}}
	header, rows := c.Table("one round")
	fmt.Println(header)
	fmt.Println(rows)
	// Output:
	// [algorithm round map in map out (shuffled) reduce in reducers max load]
	// [[one round 1 10 20 20 4 6]]
}

func ExampleRelation_Table() {
	r := Relation{Attrs: []string{"A", "B"}, Tuples: [][]int64{{1, 2}, {4, 2}}}
	header, rows := r.Table()
	fmt.Println(header, rows)
	// Output: [A B] [[1 2] [4 2]]
}

func ExampleCountMatMul() {
	// A has nonzeros in column 0 only, B in row 0 only: every product goes through j = 0.
	a := mat.NewDense(2, 2, []float64{1, 0, 2, 0})
	b := mat.NewDense(2, 3, []float64{3, 4, 5, 0, 0, 0})
	c, _ := CountMatMul(a, b)
	two := c.TwoRound()
	fmt.Println("products:", c.Products(), "communication:", two.Communication())
	fmt.Println("one round:", c.OneRound().Communication())
	// Output:
	// products: 6 communication: 22
	// one round: 17
}

func ExampleMeasure() {
	a := mat.NewDense(2, 2, []float64{1, 2, 3, 4})
	m, err := Measure(MatMul2(context.Background(), Runner{}, a, a))
	fmt.Println(mat.Formatted(m.Out), err, m.Cost.Communication())
	// Output:
	// ⎡ 7  10⎤
	// ⎣15  22⎦ <nil> 32
}

func ExampleRelation_Markdown() {
	r := Relation{Attrs: []string{"A", "B"}, Tuples: [][]int64{{1, 2}, {4, 2}}}
	fmt.Print(r.Markdown("$R$"))
	// Output:
	// $R$
	//
	// | A | B |
	// | ---: | ---: |
	// | 1 | 2 |
	// | 4 | 2 |
}
