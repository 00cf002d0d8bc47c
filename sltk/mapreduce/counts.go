package mapreduce

import (
	"fmt"

	"gonum.org/v1/gonum/mat"
)

// MatMulCounts holds the nonzero pattern of two factors A (ℓ×m) and B (m×n) as counts per row
// and column: everything the cost analysis of the matrix products needs. Its methods predict,
// by counting on one machine, the records each pipeline moves, independently of the engine's
// metrics they are compared with.
type MatMulCounts struct {
	L, M, N int
	// RowsA[i] and ColsA[j] count the nonzeros of row i and column j of A; RowsB, ColsB those
	// of B.
	RowsA, ColsA, RowsB, ColsB []int64
	// cells[i·n+k] is the number of j with a_ij ≠ 0 and b_jk ≠ 0: the products of cell (i,k).
	cells []int64
}

// maxCountCells bounds the ℓ·n cells CountMatMul keeps.
const maxCountCells = 1 << 24

// CountMatMul counts the nonzero pattern of A and B. It fails like MatMul2 on bad factors and
// with an error wrapping ErrTooLarge for more than 2^24 output cells. Cost O(ℓm + mn + P),
// P the number of nonzero pairs a_ij, b_jk.
func CountMatMul(a, b mat.Matrix) (MatMulCounts, error) {
	es, l, m, n, err := mulShapes("CountMatMul", a, b)
	if err != nil {
		return MatMulCounts{}, err
	}
	if l*n > maxCountCells {
		return MatMulCounts{}, fmt.Errorf("mapreduce: CountMatMul: %d×%d cells, limit %d: %w", l, n, maxCountCells, ErrTooLarge)
	}
	c := MatMulCounts{L: l, M: m, N: n, RowsA: make([]int64, l), ColsA: make([]int64, m),
		RowsB: make([]int64, m), ColsB: make([]int64, n), cells: make([]int64, l*n)}
	aByJ, bByJ := make([][]int, m), make([][]int, m)
	for _, e := range es {
		if e.A {
			c.RowsA[e.I]++
			c.ColsA[e.J]++
			aByJ[e.J] = append(aByJ[e.J], e.I)
		} else {
			c.RowsB[e.I]++
			c.ColsB[e.J]++
			bByJ[e.I] = append(bByJ[e.I], e.J)
		}
	}
	for j := range m {
		for _, i := range aByJ[j] {
			for _, k := range bByJ[j] {
				c.cells[i*n+k]++
			}
		}
	}
	return c, nil
}

func total(xs []int64) int64 {
	var s int64
	for _, x := range xs {
		s += x
	}
	return s
}

// predictRound is one round's prediction: every input record is read once, emitted out times in
// total, and reducer k receives loads[k] values (zero loads are not reducers).
func predictRound(in, out int64, loads []int64) Round {
	r := Round{MapIn: in, MapOut: out}
	for _, x := range loads {
		r.ReduceIn += x
		if x > 0 {
			r.Keys++
		}
		r.MaxLoad = max(r.MaxLoad, x)
	}
	return r
}

// Products is the number of nonzero pairs (a_ij, b_jk): the records between MatMul2's rounds
// (fewer only if a product of nonzeros underflows to 0).
func (c MatMulCounts) Products() int64 { return total(c.cells) }

// TwoRound predicts MatMul2's rounds. Round 1 reads the nnz(A) + nnz(B) entries and sends each
// once, to key j, whose load is the nonzeros of column j of A and row j of B; round 2 reads the
// products and sends each once, to its cell (i,k), whose load is the number of j with
// a_ij·b_jk ≠ 0.
func (c MatMulCounts) TwoRound() Cost {
	in := total(c.RowsA) + total(c.RowsB)
	byJ := make([]int64, c.M)
	for j := range byJ {
		byJ[j] = c.ColsA[j] + c.RowsB[j]
	}
	return Cost{Rounds: []Round{predictRound(in, in, byJ), predictRound(c.Products(), c.Products(), c.cells)}}
}

// OneRound predicts MatMul1's round: a_ij goes to the n cells of row i, b_jk to the ℓ cells of
// column k, so cell (i,k) receives the nonzeros of row i of A and of column k of B.
func (c MatMulCounts) OneRound() Cost {
	r, _ := c.Striped(c.L, c.N)
	return r
}

// Striped predicts MatMulStriped's round with sr row stripes of A and sc column stripes of B
// (MatMulStriped uses sr = sc = s): a_ij goes to the sc reducers of its row stripe, b_jk to the
// sr reducers of its column stripe, and reducer (t,u) receives the nonzeros of the rows of
// stripe t of A and of the columns of stripe u of B. Stripe counts outside [1, ℓ] and [1, n]
// give an error wrapping ErrParam.
func (c MatMulCounts) Striped(sr, sc int) (Cost, error) {
	if sr < 1 || sr > c.L || sc < 1 || sc > c.N {
		return Cost{}, fmt.Errorf("mapreduce: MatMulCounts.Striped: %d×%d stripes for %d×%d cells: %w", sr, sc, c.L, c.N, ErrParam)
	}
	rowStripe, colStripe := make([]int64, sr), make([]int64, sc)
	for i, x := range c.RowsA {
		rowStripe[stripeOf(i, c.L, sr)] += x
	}
	for k, x := range c.ColsB {
		colStripe[stripeOf(k, c.N, sc)] += x
	}
	loads := make([]int64, 0, sr*sc)
	for _, a := range rowStripe {
		for _, b := range colStripe {
			loads = append(loads, a+b)
		}
	}
	na, nb := total(c.RowsA), total(c.ColsB)
	return Cost{Rounds: []Round{predictRound(na+nb, int64(sc)*na+int64(sr)*nb, loads)}}, nil
}
