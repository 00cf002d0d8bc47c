package mapreduce_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"

	. "github.com/sltk-book/sltk/sltk/mapreduce"
)

// Every count that drives a loop or an allocation has a limit: huge values return ErrTooLarge
// at once instead of allocating or searching until the process dies.
func TestSizeLimits(t *testing.T) {
	m, idx := []float64{1, 1, 1}, [][]int{{0, 1}, {1, 2}, {2, 0}}
	start := time.Now()
	for _, c := range []struct {
		name string
		k, s int
	}{
		{"k beyond the attribute limit", 1 << 20, 2},
		{"many factorisations", 12, 1 << 19},
	} {
		if _, _, err := OptimizeShares(m, idx, c.k, c.s); !errors.Is(err, ErrTooLarge) {
			t.Errorf("OptimizeShares(%s): %v", c.name, err)
		}
	}
	if _, err := (Master{Workers: 1 << 40, Reduce: 1}).Run([]string{"a"}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Master with 2^40 workers: %v", err)
	}
	many := make([]Failure, 1_000_001)
	if _, err := (Master{Workers: 2, Reduce: 1, Failures: many}).Run([]string{"a"}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Master with 10^6+1 failures: %v", err)
	}
	// A large prime s with the most attributes allowed: the search tries divisors only, so it
	// is cheap (it once tried every d ≤ s at every node: k·s steps).
	if _, _, err := OptimizeShares(m, idx, 64, 1_048_573); err != nil {
		t.Errorf("OptimizeShares(k = 64, prime s): %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("refusing took %v", d)
	}
	// Just inside the limits the search still answers, and agrees with a smaller k padded by
	// attributes no relation uses (their shares must be 1).
	shares, load, err := OptimizeShares(m, idx, 3, 720)
	if err != nil {
		t.Fatal(err)
	}
	padded, load2, err := OptimizeShares(m, idx, 5, 720)
	if err != nil || load2 != load || padded[3] != 1 || padded[4] != 1 {
		t.Errorf("padded search: %v %v %v; unpadded %v %v", padded, load2, err, shares, load)
	}
}

// Nonsense the simulation and the formulas used to accept: failures of workers that do not
// exist, failures before the first tick, an attribute repeated in a relation's index list.
func TestAcceptedNonsense(t *testing.T) {
	docs := []string{"a b", "b c"}
	for _, f := range []Failure{{Worker: 3, At: 1}, {Worker: 0, At: -1}} {
		if _, err := (Master{Workers: 3, Reduce: 1, Failures: []Failure{f}}).Run(docs); !errors.Is(err, ErrParam) {
			t.Errorf("failure %+v: %v", f, err)
		}
	}
	if _, err := ReplicationRate([]float64{1}, [][]int{{0, 0}}, []int{2, 3}); !errors.Is(err, ErrShape) {
		t.Errorf("repeated attribute in Idx: %v", err)
	}
	rel := Relation{Attrs: []string{"a", "b"}, Tuples: [][]int64{{1, 2}}}
	if _, _, err := Project(context.Background(), Runner{}, rel, "a", "a"); !errors.Is(err, ErrShape) {
		t.Errorf("Project onto a repeated attribute: %v", err)
	}
}

// Finite factors near 1e307 overflow in the products: an error, not ±Inf in the result.
func TestProductsOverflow(t *testing.T) {
	ctx := context.Background()
	a := mat.NewDense(2, 2, []float64{1e307, 1e307, 1, 1})
	if _, _, err := MatVec(ctx, Runner{}, a, []float64{1e307, 1}, 1); !errors.Is(err, ErrNotFinite) {
		t.Errorf("MatVec: %v", err)
	}
	if _, _, err := MatMul2(ctx, Runner{}, a, a); !errors.Is(err, ErrNotFinite) {
		t.Errorf("MatMul2: %v", err)
	}
	if _, _, err := MatMulStriped(ctx, Runner{}, a, a, 2); !errors.Is(err, ErrNotFinite) {
		t.Errorf("MatMulStriped: %v", err)
	}
}
