package metrics

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// denseNMI is the reference: NMI over the full K_a×K_b table of labels recoded to dense
// codes 0, …, K−1 in order of their ids, with entropies and the mutual information summed
// cell by cell (the computation NMI did before it went sparse).
func denseNMI(a, b []int) float64 {
	ca, ka := recode(a)
	cb, kb := recode(b)
	n := float64(len(a))
	tab := make([][]int, ka)
	for i := range tab {
		tab[i] = make([]int, kb)
	}
	ra, rb := make([]int, ka), make([]int, kb)
	for i := range a {
		tab[ca[i]][cb[i]]++
		ra[ca[i]]++
		rb[cb[i]]++
	}
	h := func(m []int) float64 {
		s := 0.0
		for _, v := range m {
			p := float64(v) / n
			s -= p * math.Log(p)
		}
		return s
	}
	ha, hb := h(ra), h(rb)
	if ha == 0 && hb == 0 {
		return 1
	}
	mi := 0.0
	for i := 0; i < ka; i++ {
		for j := 0; j < kb; j++ {
			if v := tab[i][j]; v > 0 {
				p := float64(v) / n
				mi += p * math.Log(p*n*n/(float64(ra[i])*float64(rb[j])))
			}
		}
	}
	return math.Min(1, math.Max(0, mi/((ha+hb)/2)))
}

// recode maps the ids of l to 0, …, K−1 in increasing order of id.
func recode(l []int) ([]int, int) {
	seen := map[int]bool{}
	for _, v := range l {
		seen[v] = true
	}
	ids := []int{}
	for v := range seen {
		ids = append(ids, v)
	}
	code := map[int]int{}
	slices.Sort(ids)
	for i, v := range ids {
		code[v] = i
	}
	out := make([]int, len(l))
	for i, v := range l {
		out[i] = code[v]
	}
	return out, len(ids)
}

// TestNMISparseEqualsDense: the sparse sum over non-empty cells gives the same bits as the
// dense K_a×K_b loop, on random labellings with repeated ids, gaps, ties and n = 1.
func TestNMISparseEqualsDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 300; trial++ {
		n := 1 + rng.IntN(60)
		ka, kb := 1+rng.IntN(8), 1+rng.IntN(8)
		a, b := make([]int, n), make([]int, n)
		for i := range a {
			a[i] = 3 * rng.IntN(ka) // gaps in the ids
			b[i] = rng.IntN(kb)
		}
		got, err := NMI(a, b)
		if err != nil {
			t.Fatal(err)
		}
		if want := denseNMI(a, b); got != want {
			t.Fatalf("trial %d: NMI %v, dense %v (a %v b %v)", trial, got, want, a, b)
		}
	}
}

// TestNMISingletons: 10⁵ singleton clusters against themselves and against 10 classes. The
// dense loop visited 10¹⁰ cells (hours); the sparse one visits 10⁵. Reference: identical
// partitions give 1; singletons against K balanced classes give
// I = H(B) = log K, H(A) = log n, so NMI = 2 log K / (log n + log K).
func TestNMISingletons(t *testing.T) {
	const n = 100000
	a, b := make([]int, n), make([]int, n)
	for i := range a {
		a[i] = i
		b[i] = i % 10
	}
	start := time.Now()
	same, err := NMI(a, a)
	if err != nil || math.Abs(same-1) > 1e-12 {
		t.Errorf("NMI(singletons, singletons) = %v, %v; want 1", same, err)
	}
	got, err := NMI(a, b)
	want := 2 * math.Log(10) / (math.Log(n) + math.Log(10))
	if err != nil || math.Abs(got-want) > 1e-12 {
		t.Errorf("NMI(singletons, 10 classes) = %v, %v; want %v", got, err, want)
	}
	if el := time.Since(start); el > 20*time.Second {
		t.Errorf("took %v: not linear in the non-empty cells", el)
	}
}

// TestAnyIntLabels: AdjustedRand and NMI accept negative and huge ids (−1 for noise, as in
// scikit-learn) and equal the scores of the labels recoded to 0, …, K−1.
func TestAnyIntLabels(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	ids := []int{-1, -7, math.MinInt, math.MaxInt, 0, 42}
	for trial := 0; trial < 100; trial++ {
		n := 1 + rng.IntN(40)
		a, b := make([]int, n), make([]int, n)
		for i := range a {
			a[i] = ids[rng.IntN(len(ids))]
			b[i] = ids[rng.IntN(3)]
		}
		ra, _ := recode(a)
		rb, _ := recode(b)
		ari, err1 := AdjustedRand(a, b)
		want, err2 := AdjustedRand(ra, rb)
		if err1 != nil || err2 != nil || ari != want {
			t.Fatalf("ARI %v (%v), recoded %v (%v)", ari, err1, want, err2)
		}
		nmi, err1 := NMI(a, b)
		wantN, err2 := NMI(ra, rb)
		if err1 != nil || err2 != nil || nmi != wantN {
			t.Fatalf("NMI %v (%v), recoded %v (%v)", nmi, err1, wantN, err2)
		}
	}
}
