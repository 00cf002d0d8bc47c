package assign

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// bruteForce returns the least total cost over all injective assignments of the smaller side.
func bruteForce(cost [][]float64) float64 {
	n, m := len(cost), len(cost[0])
	best := math.Inf(1)
	used := make([]bool, max(n, m))
	var rec func(i int, s float64)
	if n <= m {
		rec = func(i int, s float64) {
			if i == n {
				best = math.Min(best, s)
				return
			}
			for j := 0; j < m; j++ {
				if !used[j] {
					used[j] = true
					rec(i+1, s+cost[i][j])
					used[j] = false
				}
			}
		}
	} else {
		rec = func(j int, s float64) {
			if j == m {
				best = math.Min(best, s)
				return
			}
			for i := 0; i < n; i++ {
				if !used[i] {
					used[i] = true
					rec(j+1, s+cost[i][j])
					used[i] = false
				}
			}
		}
	}
	rec(0, 0)
	return best
}

func TestHungarianBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 300; trial++ {
		n, m := 1+rng.IntN(6), 1+rng.IntN(6)
		cost := make([][]float64, n)
		for i := range cost {
			cost[i] = make([]float64, m)
			for j := range cost[i] {
				if trial%3 == 0 {
					cost[i][j] = float64(rng.IntN(4)) // many ties
				} else {
					cost[i][j] = rng.NormFloat64()
				}
			}
		}
		match, err := Hungarian(cost)
		if err != nil {
			t.Fatal(err)
		}
		if len(match) != n {
			t.Fatalf("%d×%d: %d entries", n, m, len(match))
		}
		seen := map[int]bool{}
		s, assigned := 0.0, 0
		for i, j := range match {
			if j == -1 {
				continue
			}
			if j < 0 || j >= m || seen[j] {
				t.Fatalf("%d×%d: invalid match %v", n, m, match)
			}
			seen[j] = true
			s += cost[i][j]
			assigned++
		}
		if assigned != min(n, m) {
			t.Fatalf("%d×%d: %d rows assigned, want %d (%v)", n, m, assigned, min(n, m), match)
		}
		if want := bruteForce(cost); math.Abs(s-want) > 1e-12 {
			t.Errorf("%d×%d: cost %v, optimum %v", n, m, s, want)
		}
	}
}

func TestHungarianKnown(t *testing.T) {
	// The optimum takes the anti-diagonal and the centre: 1 + 2 + 3 = 6 against 42 on the diagonal.
	cost := [][]float64{{10, 5, 1}, {5, 2, 5}, {3, 5, 30}}
	match, err := Hungarian(cost)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(match) != "[2 1 0]" {
		t.Errorf("match %v, want [2 1 0]", match)
	}
}

func TestHungarianBadInput(t *testing.T) {
	for name, cost := range map[string][][]float64{
		"nil":    nil,
		"no col": {{}},
		"ragged": {{1, 2}, {3}},
		"NaN":    {{1, math.NaN()}, {3, 4}},
		"Inf":    {{1, 2}, {math.Inf(-1), 4}},
	} {
		if _, err := Hungarian(cost); !errors.Is(err, ErrInput) {
			t.Errorf("%s: err = %v, want ErrInput", name, err)
		}
	}
}

func ExampleHungarian() {
	// Three workers, three jobs: cost[i][j] is worker i's time for job j.
	cost := [][]float64{
		{4, 1, 3},
		{2, 0, 5},
		{3, 2, 2},
	}
	match, err := Hungarian(cost)
	if err != nil {
		panic(err)
	}
	total := 0.0
	for i, j := range match {
		total += cost[i][j]
	}
	fmt.Println(match, total)
	// Output: [1 0 2] 5
}

func BenchmarkHungarian100(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	cost := make([][]float64, 100)
	for i := range cost {
		cost[i] = make([]float64, 100)
		for j := range cost[i] {
			cost[i][j] = rng.Float64()
		}
	}
	for b.Loop() {
		if _, err := Hungarian(cost); err != nil {
			b.Fatal(err)
		}
	}
}
