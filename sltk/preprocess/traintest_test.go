package preprocess

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// labelled returns n rows whose first column is the row index (so rows can be traced) and
// labels drawn with the given class weights.
func labelled(n int, weights []float64, seed uint64) (*mat.Dense, []int) {
	rng := rand.New(rand.NewPCG(seed, 1))
	x := mat.NewDense(n, 2, nil)
	y := make([]int, n)
	total := 0.0
	for _, w := range weights {
		total += w
	}
	for i := range y {
		x.Set(i, 0, float64(i))
		x.Set(i, 1, float64(-i))
		u := rng.Float64() * total
		for c, w := range weights {
			if u < w || c == len(weights)-1 {
				y[i] = c*7 - 5 // labels −5, 2, 9, …: any ints
				break
			}
			u -= w
		}
	}
	return x, y
}

// checkPartition: every row index lands in exactly one part, rows and labels follow it.
func checkPartition(t *testing.T, s Split, x *mat.Dense, y []int) {
	t.Helper()
	n, _ := x.Dims()
	seen := make([]int, n)
	for _, p := range []Part{s.Held, s.Kept} {
		if !slices.IsSorted(p.Rows) {
			t.Errorf("rows not in order: %v", p.Rows)
		}
		for k, i := range p.Rows {
			seen[i]++
			if p.Y[k] != y[i] || !slices.Equal(p.X.RawRowView(k), x.RawRowView(i)) {
				t.Fatalf("row %d of a part is not row %d of the data", k, i)
			}
		}
	}
	for i, c := range seen {
		if c != 1 {
			t.Fatalf("row %d appears %d times", i, c)
		}
	}
}

func TestTrainTest(t *testing.T) {
	for _, n := range []int{2, 3, 10, 101, 1000} {
		for _, frac := range []float64{0, 0.1, 0.33, 0.5, 0.9} {
			for _, strat := range []bool{false, true} {
				x, y := labelled(n, []float64{0.6, 0.3, 0.1}, uint64(n))
				tt := TrainTest{TestFraction: frac, Seed: 42, Stratify: strat}
				s, err := tt.Split(x, y)
				f := frac
				if f == 0 {
					f = 0.25
				}
				want := int(math.Ceil(f * float64(n)))
				if want < 1 || want > n-1 {
					if !errors.Is(err, ErrEmpty) {
						t.Errorf("n=%d frac=%v: %v, want ErrEmpty", n, frac, err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("n=%d frac=%v strat=%v: %v", n, frac, strat, err)
				}
				checkPartition(t, s, x, y)
				if len(s.Held.Y) != want {
					t.Errorf("n=%d frac=%v: %d test rows, want ⌈%v·n⌉ = %d", n, frac, len(s.Held.Y), f, want)
				}
				again, _ := tt.Split(x, y)
				if !slices.Equal(again.Held.Rows, s.Held.Rows) {
					t.Errorf("n=%d: same seed, different split", n)
				}
				if strat {
					count := map[int]int{}
					for _, c := range y {
						count[c]++
					}
					held := map[int]int{}
					for _, c := range s.Held.Y {
						held[c]++
					}
					for c, nc := range count {
						exact := float64(nc) * float64(want) / float64(n)
						if d := math.Abs(float64(held[c]) - exact); d >= 1 {
							t.Errorf("n=%d frac=%v label %d: %d test rows, proportional share %v", n, frac, c, held[c], exact)
						}
					}
				}
			}
		}
	}
	x, y := labelled(200, []float64{1, 1}, 3)
	a, _ := TrainTest{Seed: 1}.Split(x, y)
	b, _ := TrainTest{Seed: 2}.Split(x, y)
	if slices.Equal(a.Held.Rows, b.Held.Rows) {
		t.Error("seeds 1 and 2 give the same split")
	}
}

// TestTrainTestStratifiedTies: classes of equal size and a fraction that leaves remainders
// tie; the extra rows go to the smaller labels, and one class of one row gets 0 or 1.
func TestTrainTestStratifiedTies(t *testing.T) {
	x := mat.NewDense(7, 1, []float64{0, 1, 2, 3, 4, 5, 6})
	y := []int{3, 3, 1, 1, 2, 2, 0}
	s, err := TrainTest{TestFraction: 0.5, Stratify: true, Seed: 9}.Split(x, y)
	if err != nil {
		t.Fatal(err)
	}
	checkPartition(t, s, x, y)
	// t = 4; exact shares 2/7·4 = 8/7 for labels 1, 2, 3 and 4/7 for label 0: floors 1, 1, 1, 0
	// (3 rows), remainders 1/7 each for 1, 2, 3 and 4/7 for 0: label 0 gets the extra row.
	held := map[int]int{}
	for _, c := range s.Held.Y {
		held[c]++
	}
	if held[0] != 1 || held[1] != 1 || held[2] != 1 || held[3] != 1 {
		t.Errorf("held per label %v, want one each", held)
	}
}

func TestTrainTestBadInput(t *testing.T) {
	x := mat.NewDense(3, 1, []float64{1, 2, 3})
	y := []int{0, 1, 0}
	for _, c := range []struct {
		name string
		tt   TrainTest
		x    mat.Matrix
		y    []int
		want error
	}{
		{"nil", TrainTest{}, nil, nil, ErrEmpty},
		{"labels", TrainTest{}, x, []int{0}, ErrShape},
		{"fraction 1", TrainTest{TestFraction: 1}, x, y, ErrParam},
		{"fraction < 0", TrainTest{TestFraction: -0.1}, x, y, ErrParam},
		{"fraction NaN", TrainTest{TestFraction: math.NaN()}, x, y, ErrParam},
		{"one row", TrainTest{}, mat.NewDense(1, 1, nil), []int{0}, ErrEmpty},
		{"all test", TrainTest{TestFraction: 0.99}, x, y, ErrEmpty},
	} {
		if _, err := c.tt.Split(c.x, c.y); !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
}

// TestHoldOutUnchanged: HoldOut, which the notebooks call, still holds out rows i mod k = r,
// now with their indices in Rows.
func TestHoldOutUnchanged(t *testing.T) {
	for _, n := range []int{2, 5, 6, 23} {
		for k := 2; k <= 6; k++ {
			for r := 0; r < k; r++ {
				x, y := labelled(n, []float64{1, 1}, 1)
				s, err := HoldOut(x, y, k, r)
				var want []int
				for i := r; i < n; i += k {
					want = append(want, i)
				}
				if len(want) == 0 || len(want) == n {
					if !errors.Is(err, ErrEmpty) {
						t.Errorf("n=%d k=%d r=%d: %v, want ErrEmpty", n, k, r, err)
					}
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				checkPartition(t, s, x, y)
				if !slices.Equal(s.Held.Rows, want) {
					t.Errorf("n=%d k=%d r=%d: held %v, want %v", n, k, r, s.Held.Rows, want)
				}
			}
		}
	}
}

// TestHoldOutHugeK: k = MaxInt holds out row r alone (i += k overflowed in an earlier draft).
func TestHoldOutHugeK(t *testing.T) {
	x, y := labelled(5, []float64{1}, 2)
	s, err := HoldOut(x, y, math.MaxInt, 3)
	if err != nil || !slices.Equal(s.Held.Rows, []int{3}) {
		t.Errorf("HoldOut(k = MaxInt, r = 3): %v, %v", s.Held.Rows, err)
	}
}
