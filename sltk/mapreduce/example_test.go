package mapreduce_test

import (
	"context"
	"fmt"

	"github.com/sltk-book/sltk/sltk/mapreduce"
)

// Word count on Prism, with the combiner: the counts and what the shuffle moved.
func ExampleWordCount() {
	docs := []string{"to be or not to be", "to see"}
	counts, cost, err := mapreduce.WordCount(context.Background(), mapreduce.Runner{}, docs, true)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(counts["to"], counts["be"], counts["see"])
	fmt.Println("pairs shuffled:", cost.Rounds[0].MapOut, "communication:", cost.Communication())
	// Output:
	// 3 2 1
	// pairs shuffled: 6 communication: 8
}

// The hypercube join of the lecture's triangle example on 24 reducers.
func ExampleHypercube() {
	h := mapreduce.Hypercube{Reducers: 24, Shares: []int{4, 3, 2}, Widths: []int{30, 20, 30}}
	q, cost, err := h.Join(context.Background(), mapreduce.Runner{}, mapreduce.LectureTriangle()...)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(q.Tuples)
	fmt.Printf("replication %.3f, max load %d\n", cost.Replication(), cost.MaxLoad())
	// Output:
	// [[56 48 13] [67 48 13] [119 26 13]]
	// replication 2.909, max load 3
}

// Shares for the triangle query of §7.5 on 10 000 reducers.
func ExampleOptimizeShares() {
	m, idx := []float64{1e11, 1e10, 1e11}, [][]int{{0, 1}, {1, 2}, {0, 2}}
	shares, load, err := mapreduce.OptimizeShares(m, idx, 3, 10_000)
	fmt.Println(shares, load, err)
	// Output: [100 10 10] 3e+08 <nil>
}
