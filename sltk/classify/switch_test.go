package classify

import (
	"cmp"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"gonum.org/v1/gonum/mat"
)

// Switch points of package classify, each tested on both sides and at the boundary against an
// independent reference (see the table in the branch report):
//
//	KNN neighbour search   k-d tree (Euclidean, d ≤ KDTreeMaxDim) ↔ vectorised brute force
//	                       (Euclidean, d > KDTreeMaxDim) ↔ plain scan (other metrics)
//	logistic objective     1 block (n < 4096) ↔ ⌊n/2048⌋ blocks on all cores ↔ 64 (n ≥ 131072)
//	tree split search      serial (node of < 4096 examples) ↔ one feature per worker (≥ 4096)

// lcg returns a deterministic pseudo-random integer in [0, m) from *s.
func lcg(s *uint64, m int) int {
	*s = *s*6364136223846793005 + 1442695040888963407
	return int((*s >> 33) % uint64(m))
}

// refKNN is the plain definition: sort the training rows by (distance, index), take k, vote,
// and among the labels with the most votes take the nearest one's.
func refKNN(x [][]float64, y []int, q []float64, k int, dist func(a, b []float64) float64) int {
	idx := make([]int, len(x))
	for i := range idx {
		idx[i] = i
	}
	d := make([]float64, len(x))
	for i := range x {
		d[i] = dist(x[i], q)
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(d[a], d[b]) })
	votes := map[int]int{}
	best := 0
	for _, i := range idx[:k] {
		votes[y[i]]++
		best = max(best, votes[y[i]])
	}
	for _, i := range idx[:k] {
		if votes[y[i]] == best {
			return y[i]
		}
	}
	return -1
}

// k-NN on integer grid points with many exact distance ties and duplicated training rows with
// different labels: the k-d tree (d = 4, 5 = KDTreeMaxDim), the brute force (d = 6, and d = 5
// with KDTreeMaxDim = 4) and the plain scan (Manhattan, Chebyshev) all give the reference's
// labels, for k = 1, 2 (1–1 ties) and 5.
func TestSwitchKNNSearch(t *testing.T) {
	sq := func(a, b []float64) float64 {
		s := 0.0
		for i := range a {
			s += (a[i] - b[i]) * (a[i] - b[i])
		}
		return s
	}
	man := func(a, b []float64) float64 {
		s := 0.0
		for i := range a {
			s += math.Abs(a[i] - b[i])
		}
		return s
	}
	cheb := func(a, b []float64) float64 {
		s := 0.0
		for i := range a {
			s = math.Max(s, math.Abs(a[i]-b[i]))
		}
		return s
	}
	cases := []struct {
		d, maxDim int
		metric    Metric
		dist      func(a, b []float64) float64
	}{
		{4, 0, Euclidean, sq}, {5, 0, Euclidean, sq}, {6, 0, Euclidean, sq}, {5, 4, Euclidean, sq},
		{1, 0, Euclidean, sq}, {2, 0, Manhattan, man}, {3, 0, Chebyshev, cheb},
	}
	for _, c := range cases {
		seed := uint64(c.d*10 + c.maxDim)
		const n, nq = 300, 200
		rows := make([][]float64, n)
		y := make([]int, n)
		for i := range rows {
			if i%10 == 9 { // a duplicate of the previous row with another label
				rows[i] = slices.Clone(rows[i-1])
				y[i] = (y[i-1] + 1) % 3
				continue
			}
			rows[i] = make([]float64, c.d)
			for j := range rows[i] {
				rows[i][j] = float64(lcg(&seed, 4))
			}
			y[i] = lcg(&seed, 3)
		}
		x := mat.NewDense(n, c.d, nil)
		for i, r := range rows {
			x.SetRow(i, r)
		}
		q := mat.NewDense(nq, c.d, nil)
		for i := 0; i < nq; i++ {
			for j := 0; j < c.d; j++ {
				q.Set(i, j, float64(lcg(&seed, 4)))
			}
		}
		for _, k := range []int{1, 2, 5} {
			m, err := KNN{Neighbors: k, Metric: c.metric, KDTreeMaxDim: c.maxDim}.Fit(x, y)
			if err != nil {
				t.Fatal(err)
			}
			usesTree := m.tree != nil
			if want := c.metric == Euclidean && c.d <= cmp.Or(c.maxDim, 5); usesTree != want {
				t.Errorf("d = %d, KDTreeMaxDim = %d: tree = %v", c.d, c.maxDim, usesTree)
			}
			got, err := m.Predict(q)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < nq; i++ {
				if want := refKNN(rows, y, q.RawRowView(i), k, c.dist); got[i] != want {
					t.Errorf("%v d = %d maxDim = %d k = %d: query %d → %d, want %d", c.metric, c.d, c.maxDim, k, i, got[i], want)
					break
				}
			}
		}
	}
}

// refLogistic is Newton's method with a dense gonum solve on the same objective
// J(w, b) = Σ ln(1 + e^{−s_i(⟨w, x_i⟩ + b)}) + (λ/2)‖w‖².
func refLogistic(x *mat.Dense, y []int, l2 float64) []float64 {
	n, d := x.Dims()
	p := d + 1
	w := make([]float64, p)
	for range 20 {
		g := mat.NewVecDense(p, nil)
		h := mat.NewSymDense(p, nil)
		for i := 0; i < n; i++ {
			xi := append(slices.Clone(x.RawRowView(i)), 1)
			s := float64(2*y[i] - 1)
			z := 0.0
			for j := range xi {
				z += w[j] * xi[j]
			}
			sig := 1 / (1 + math.Exp(s*z)) // σ(−s z)
			for a := 0; a < p; a++ {
				g.SetVec(a, g.AtVec(a)-s*sig*xi[a])
				for b := a; b < p; b++ {
					h.SetSym(a, b, h.At(a, b)+sig*(1-sig)*xi[a]*xi[b])
				}
			}
		}
		for j := 0; j < d; j++ {
			g.SetVec(j, g.AtVec(j)+l2*w[j])
			h.SetSym(j, j, h.At(j, j)+l2)
		}
		var step mat.VecDense
		if err := step.SolveVec(h, g); err != nil {
			panic(err)
		}
		for j := range w {
			w[j] -= step.AtVec(j)
		}
	}
	return w
}

// The logistic objective is summed in ⌊n/2048⌋ blocks (1 below 4096 rows, at most 64 from
// 131072 on), on all cores. On both sides of both thresholds, with every row duplicated (a hard
// case: exact ties) and d = 1 and 2, the fit matches Newton's method to 1e-7, and runs with 1
// and 2 cores give the same bits.
func TestSwitchLogisticBlocks(t *testing.T) {
	for _, n := range []int{4094, 4096, 4098, 131070, 131072, 135168} {
		d := 1 + n%3%2 // d = 1 or 2
		x := mat.NewDense(n, d, nil)
		y := make([]int, n)
		seed := uint64(n)
		for i := 0; i < n; i += 2 {
			for j := 0; j < d; j++ {
				v := float64(lcg(&seed, 2001))/1000 - 1
				x.Set(i, j, v)
				x.Set(i+1, j, v)
			}
			lab := 0
			if x.At(i, 0)+0.3 > float64(lcg(&seed, 1000))/500-1 {
				lab = 1
			}
			y[i], y[i+1] = lab, lab
		}
		if want := max(1, min(64, n/2048)); len(newLogisticObjective(x, make([]float64, n), 0, true).fs) != want {
			t.Fatalf("n = %d: %d blocks, want %d", n, len(newLogisticObjective(x, make([]float64, n), 0, true).fs), want)
		}
		lr := LogisticRegression{L2: 1, Tol: 1e-8}
		prev := runtime.GOMAXPROCS(1)
		one, err1 := lr.Fit(x, y)
		runtime.GOMAXPROCS(2)
		two, err2 := lr.Fit(x, y)
		runtime.GOMAXPROCS(prev)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if !slices.Equal(one.W, two.W) || one.B != two.B {
			t.Errorf("n = %d: 1 and 2 cores differ: %v %v vs %v %v", n, one.W, one.B, two.W, two.B)
		}
		ref := refLogistic(x, y, 1)
		got := append(slices.Clone(one.W), one.B)
		for j := range ref {
			if math.Abs(got[j]-ref[j]) > 1e-7*math.Max(1, math.Abs(ref[j])) {
				t.Errorf("n = %d: coefficient %d = %.12g, Newton %.12g", n, j, got[j], ref[j])
			}
		}
		if !one.Converged {
			t.Errorf("n = %d: not converged (GradNorm %g)", n, one.GradNorm)
		}
	}
}

// refRootSplit returns the feature, threshold and gain (bits) of the best numeric split of
// (x, y) by the definition: every midpoint between consecutive distinct values of every
// feature, gain H(S) − (|L|/|S|)H(L) − (|R|/|S|)H(R), the first of equal gains.
func refRootSplit(x [][]float64, y []int, k int) (int, float64, float64) {
	ent := func(c []int, n int) float64 {
		h := 0.0
		for _, v := range c {
			if v > 0 {
				p := float64(v) / float64(n)
				h -= p * math.Log2(p)
			}
		}
		return h
	}
	n := len(x)
	all := make([]int, k)
	for _, v := range y {
		all[v]++
	}
	hS := ent(all, n)
	bestF, bestT, bestG := -1, 0.0, math.Inf(-1)
	for j := range x[0] {
		vals := make([]float64, 0, n)
		for i := range x {
			vals = append(vals, x[i][j])
		}
		slices.Sort(vals)
		vals = slices.Compact(vals)
		for a := 0; a+1 < len(vals); a++ {
			thr := vals[a] + (vals[a+1]-vals[a])/2
			l, r := make([]int, k), make([]int, k)
			nl := 0
			for i := range x {
				if x[i][j] <= thr {
					l[y[i]]++
					nl++
				} else {
					r[y[i]]++
				}
			}
			g := hS - float64(nl)/float64(n)*ent(l, nl) - float64(n-nl)/float64(n)*ent(r, n-nl)
			if g > bestG+1e-12 {
				bestF, bestT, bestG = j, thr, g
			}
		}
	}
	return bestF, bestT, bestG
}

// The split search scores the features serially at nodes of fewer than 4096 examples and one
// feature per worker from 4096 on. At 4095, 4096 and 4097 root examples, with heavily tied
// feature values (8 levels) and d = 3, the root split equals the definition's, and 1 and 2
// cores grow the same tree.
func TestSwitchTreeParallelSplit(t *testing.T) {
	for _, n := range []int{4095, 4096, 4097} {
		seed := uint64(n)
		rows := make([][]float64, n)
		y := make([]int, n)
		x := mat.NewDense(n, 3, nil)
		for i := range rows {
			rows[i] = []float64{float64(lcg(&seed, 8)), float64(lcg(&seed, 8)), float64(lcg(&seed, 8))}
			x.SetRow(i, rows[i])
			if rows[i][1]+float64(lcg(&seed, 4)) > 5 {
				y[i] = 1
			}
		}
		prev := runtime.GOMAXPROCS(1)
		one, err1 := DecisionTree{MaxDepth: 2}.Fit(x, y)
		runtime.GOMAXPROCS(2)
		two, err2 := DecisionTree{MaxDepth: 2}.Fit(x, y)
		runtime.GOMAXPROCS(prev)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		f, thr, g := refRootSplit(rows, y, 2)
		r := two.Root
		if r.Feature != f || r.Threshold != thr || math.Abs(r.Gain-g) > 1e-12 {
			t.Errorf("n = %d: root split (%d, %v, %.15g), want (%d, %v, %.15g)", n, r.Feature, r.Threshold, r.Gain, f, thr, g)
		}
		if !sameTree(one.Root, two.Root) {
			t.Errorf("n = %d: 1 and 2 cores grow different trees", n)
		}
	}
}

func sameTree(a, b *Node) bool {
	if a.Feature != b.Feature || a.Threshold != b.Threshold || a.Gain != b.Gain || a.Class != b.Class || len(a.Children) != len(b.Children) {
		return false
	}
	for i := range a.Children {
		if !sameTree(a.Children[i], b.Children[i]) {
			return false
		}
	}
	return true
}

// The brute-force search takes the queries in blocks (knnBlock/k of them in Predict). With
// blocks of 1, 3, 4 (= a divisor), 9, 10 (= all queries) and 11 queries, d = 6, k = 1, 2, 7,
// tied grid points and duplicated rows, every block size gives the definition's labels, and
// Predict (one block here) agrees.
func TestSwitchKNNBlocks(t *testing.T) {
	const n, d, nq = 200, 6, 12
	seed := uint64(5)
	rows := make([][]float64, n)
	y := make([]int, n)
	x := mat.NewDense(n, d, nil)
	for i := range rows {
		rows[i] = make([]float64, d)
		for j := range rows[i] {
			rows[i][j] = float64(lcg(&seed, 3))
		}
		if i%7 == 6 {
			copy(rows[i], rows[i-1])
		}
		x.SetRow(i, rows[i])
		y[i] = lcg(&seed, 3)
	}
	q := mat.NewDense(nq, d, nil)
	for i := 0; i < nq; i++ {
		for j := 0; j < d; j++ {
			q.Set(i, j, float64(lcg(&seed, 3)))
		}
	}
	sq := func(a, b []float64) float64 {
		s := 0.0
		for j := range a {
			s += (a[j] - b[j]) * (a[j] - b[j])
		}
		return s
	}
	for _, k := range []int{1, 2, 7} {
		m, err := KNN{Neighbors: k}.Fit(x, y)
		if err != nil || m.brute == nil {
			t.Fatalf("fit: %v", err)
		}
		want := make([]int, nq)
		for i := range want {
			want[i] = refKNN(rows, y, q.RawRowView(i), k, sq)
		}
		for _, block := range []int{1, 3, 4, 9, nq, nq + 1} {
			got := make([]int, nq)
			m.predictBrute(q.RawMatrix().Data, d, block, got)
			if !slices.Equal(got, want) {
				t.Errorf("k = %d, block %d: %v, want %v", k, block, got, want)
			}
		}
		if got, err := m.Predict(q); err != nil || !slices.Equal(got, want) {
			t.Errorf("k = %d: Predict %v, %v, want %v", k, got, err, want)
		}
	}
}

// The fitted weights must be bit-identical whatever the number of cores.
func TestLogisticSameBitsOnAnyCoreCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n, d := 9000, 5
	y := make([]int, n)
	x := fuzzdata.Rows(n, d, func(i int, row []float64) {
		z := 0.0
		for j := range row {
			row[j] = rng.NormFloat64()
			z += float64(j+1) * row[j]
		}
		y[i] = 1
		if z+rng.NormFloat64() < 0 {
			y[i] = 0
		}
	})
	var ref []float64
	for _, procs := range []int{1, 2, 3, 8} {
		var m *LogisticModel
		var err error
		fuzzdata.WithProcs(procs, func() { m, err = LogisticRegression{L2: 0.1}.Fit(x, y) })
		if err != nil {
			t.Fatal(err)
		}
		got := append(append([]float64{}, m.W...), m.B)
		if ref == nil {
			ref = got
		}
		for j := range ref {
			if got[j] != ref[j] {
				t.Fatalf("GOMAXPROCS=%d: weight %d is %v, with 1 core %v", procs, j, got[j], ref[j])
			}
		}
	}
}
