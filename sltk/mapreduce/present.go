package mapreduce

import (
	"slices"
	"strconv"
	"strings"
)

// Measured is the result of a pipeline together with its measured cost, so that a caller gets
// one value and one error: claim.Must(mapreduce.Measure(mapreduce.MatMul2(ctx, r, a, b))).
type Measured[T any] struct {
	Out  T
	Cost Cost
}

// Measure bundles the three results of an algorithm of this package (output, cost, error)
// into a Measured value and the error. Cost O(1).
func Measure[T any](out T, c Cost, err error) (Measured[T], error) {
	if err != nil {
		return Measured[T]{}, err
	}
	return Measured[T]{Out: out, Cost: c}, nil
}

// Table returns the rounds of c as a table, ready for viz.ShowTable: a header and one row per
// round, labelled name (the algorithm), with map input, map output (the shuffled pairs),
// reduce input, reducers that received values, and the maximum load. Rows of several runs
// under one header compare algorithms.
func (c Cost) Table(name string) ([]string, [][]string) {
	header := []string{"algorithm", "round", "map in", "map out (shuffled)", "reduce in", "reducers", "max load"}
	rows := make([][]string, len(c.Rounds))
	for i, r := range c.Rounds {
		rows[i] = []string{name, strconv.Itoa(i + 1)}
		for _, v := range []int64{r.MapIn, r.MapOut, r.ReduceIn, r.Keys, r.MaxLoad} {
			rows[i] = append(rows[i], strconv.FormatInt(v, 10))
		}
	}
	return header, rows
}

// Same reports whether c and d count the same records in every round (Loads are not
// compared).
func (c Cost) Same(d Cost) bool {
	if len(c.Rounds) != len(d.Rounds) {
		return false
	}
	for i, r := range c.Rounds {
		q := d.Rounds[i]
		if r.MapIn != q.MapIn || r.MapOut != q.MapOut || r.ReduceIn != q.ReduceIn ||
			r.Keys != q.Keys || r.MaxLoad != q.MaxLoad {
			return false
		}
	}
	return true
}

// Table returns r as a table (its attributes as header, one row per tuple), ready for
// viz.ShowTable.
func (r Relation) Table() ([]string, [][]string) {
	rows := make([][]string, len(r.Tuples))
	for i, t := range r.Tuples {
		rows[i] = make([]string, len(t))
		for j, v := range t {
			rows[i][j] = strconv.FormatInt(v, 10)
		}
	}
	return r.Attrs, rows
}

// Markdown returns r as a Markdown table under the caption name (Markdown and $…$ math
// allowed; none when empty), for viz.Markdown in a notebook: one output per relation, the
// attributes as the header and one row per tuple. An empty relation shows its header only.
func (r Relation) Markdown(name string) string {
	header, rows := r.Table()
	var b strings.Builder
	if name != "" {
		b.WriteString(name + "\n\n")
	}
	line := func(cells []string) { b.WriteString("| " + strings.Join(cells, " | ") + " |\n") }
	line(header)
	line(slices.Repeat([]string{"---:"}, len(header))) // numbers align right
	for _, row := range rows {
		line(row)
	}
	return b.String()
}
