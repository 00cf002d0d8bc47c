package classify

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// friday is the seed's §2.3 table (features W, P, S; labels yes = 0, no = 1).
func friday() (*mat.Dense, []int, []Feature) {
	feats := []Feature{
		{Name: "W", Values: []string{"Sunny", "Cloudy", "Rainy", "Snow"}},
		{Name: "P", Values: []string{"yes", "no"}},
		{Name: "S", Values: []string{"8-10", "11-15", "16-20"}},
	}
	x := mat.NewDense(10, 3, []float64{
		0, 1, 1, // Sunny no 11-15
		1, 0, 2,
		1, 0, 1,
		0, 1, 1,
		1, 1, 2,
		3, 1, 2,
		2, 1, 2,
		2, 1, 2,
		2, 1, 0,
		0, 1, 0,
	})
	return x, []int{0, 0, 1, 0, 0, 1, 0, 0, 1, 1}, feats
}

func TestTreeFriday(t *testing.T) {
	x, y, feats := friday()
	tree, err := DecisionTree{Features: feats, Classes: []string{"yes", "no"}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if tree.Root.Feature != 2 || math.Abs(tree.Root.Gain-0.3344978) > 1e-7 {
		t.Errorf("root splits on %d with gain %v, want S with 0.3344978", tree.Root.Feature, tree.Root.Gain)
	}
	if tree.Nodes() != 12 || tree.Leaves() != 9 {
		t.Errorf("nodes %d, leaves %d; want 12, 9\n%s", tree.Nodes(), tree.Leaves(), tree)
	}
	mid := tree.Root.Children[1]
	if mid.Feature != 0 || math.Abs(mid.Gain-0.9182958) > 1e-7 {
		t.Errorf("S=11-15 splits on %d (gain %v), want W by the tie rule", mid.Feature, mid.Gain)
	}
	if c := tree.Root.Children[2].Children[0]; c.Class != 0 || c.Counts[0]+c.Counts[1] != 0 {
		t.Errorf("empty child Sunny under 16-20 should be a 'yes' leaf: %+v", c)
	}
	for i := 0; i < 10; i++ {
		if p, _ := tree.PredictOne(x.RawRowView(i)); p != y[i] {
			t.Errorf("training example %d misclassified", i+1)
		}
	}
}

// boolean is the seed's §1.3 truth table f = (¬x1 ∧ ¬x2) ∨ (x1 ∧ x3).
func boolean() (*mat.Dense, []int) {
	x := mat.NewDense(8, 3, nil)
	y := make([]int, 8)
	for i := 0; i < 8; i++ {
		a, b, c := i>>2&1, i>>1&1, i&1
		x.SetRow(i, []float64{float64(a), float64(b), float64(c)})
		if (a == 0 && b == 0) || (a == 1 && c == 1) {
			y[i] = 1
		}
	}
	return x, y
}

func binaryFeatures(d int) []Feature {
	f := make([]Feature, d)
	for j := range f {
		f[j] = Feature{Name: fmt.Sprintf("X%d", j+1), Values: []string{"0", "1"}}
	}
	return f
}

func TestGreedyVersusMinimal(t *testing.T) {
	x, y := boolean()
	greedy, err := DecisionTree{Features: binaryFeatures(3)}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if greedy.Nodes() != 11 || greedy.Root.Feature != 1 {
		t.Errorf("greedy: %d nodes, root X%d; want 11, X2\n%s", greedy.Nodes(), greedy.Root.Feature+1, greedy)
	}
	if g := greedy.Root.Gain; math.Abs(g-0.188722) > 1e-6 {
		t.Errorf("root gain %v, want 0.188722", g)
	}
	minimal, err := MinimalTree(x, y, nil)
	if err != nil {
		t.Fatal(err)
	}
	if minimal.Nodes() != 7 || minimal.Root.Feature != 0 {
		t.Errorf("minimal: %d nodes, root X%d; want 7, X1\n%s", minimal.Nodes(), minimal.Root.Feature+1, minimal)
	}
	for i := 0; i < 8; i++ {
		if p, _ := minimal.PredictOne(x.RawRowView(i)); p != y[i] {
			t.Errorf("minimal tree wrong on row %d", i)
		}
	}
}

func TestParityTrees(t *testing.T) {
	for n, want := range map[int]int{2: 7, 3: 15, 4: 31} {
		x := mat.NewDense(1<<n, n, nil)
		y := make([]int, 1<<n)
		for i := 0; i < 1<<n; i++ {
			ones := 0
			for j := 0; j < n; j++ {
				b := i >> j & 1
				ones += b
				x.Set(i, j, float64(b))
			}
			if ones%2 == 0 {
				y[i] = 1
			}
		}
		m, err := MinimalTree(x, y, nil)
		if err != nil {
			t.Fatal(err)
		}
		if m.Nodes() != want || m.Depth() != n {
			t.Errorf("EvenParity n=%d: %d nodes, depth %d; want %d, %d", n, m.Nodes(), m.Depth(), want, n)
		}
	}
}

// TestVertexCoverReduction checks Thm 1.4's reduction: min nodes = 2·(min cover) + 1.
func TestVertexCoverReduction(t *testing.T) {
	cases := []struct {
		name  string
		n     int
		edges [][2]int
		nodes int
	}{
		{"K3", 3, [][2]int{{1, 2}, {2, 3}, {1, 3}}, 5},
		{"P3", 3, [][2]int{{1, 2}, {2, 3}}, 3},
		{"C4", 4, [][2]int{{1, 2}, {2, 3}, {3, 4}, {4, 1}}, 5},
		{"K4", 4, [][2]int{{1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}, 7},
		{"star", 4, [][2]int{{1, 2}, {1, 3}, {1, 4}}, 3},
		{"C5", 5, [][2]int{{1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 1}}, 7},
		{"P5", 5, [][2]int{{1, 2}, {2, 3}, {3, 4}, {4, 5}}, 5},
	}
	for _, c := range cases {
		x := mat.NewDense(len(c.edges)+1, c.n, nil)
		y := make([]int, len(c.edges)+1)
		for i, e := range c.edges {
			x.Set(i+1, e[0]-1, 1)
			x.Set(i+1, e[1]-1, 1)
			y[i+1] = 1
		}
		m, err := MinimalTree(x, y, nil)
		if err != nil {
			t.Fatal(err)
		}
		if m.Nodes() != c.nodes {
			t.Errorf("%s: %d nodes, want %d", c.name, m.Nodes(), c.nodes)
		}
	}
}

// TestAttendanceRoot checks the visible columns of the seed's class-attendance table (E1).
func TestAttendanceRoot(t *testing.T) {
	days := []int{0, 2, 3, 2, 3, 1, 1, 2, 3, 3, 2, 3, 1, 1, 0, 1}
	topics := []int{0, 1, 2, 0, 3, 3, 2, 3, 0, 0, 1, 0, 2, 2, 2, 2}
	starts := []int{0, 1, 1, 1, 0, 2, 2, 1, 1, 0, 2, 2, 1, 0, 0, 0}
	out := []int{1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 0, 1, 1, 0} // yes = 0
	x := mat.NewDense(16, 3, nil)
	for i := range out {
		x.SetRow(i, []float64{float64(days[i]), float64(topics[i]), float64(starts[i])})
	}
	feats := []Feature{
		{Name: "D", Values: []string{"Mon", "Tue", "Wed", "Thu", "Fri"}},
		{Name: "T", Values: []string{"DB", "ML", "Alg", "Logic"}},
		{Name: "S", Values: []string{"8-10", "11-15", "16-20"}},
	}
	tree, err := DecisionTree{Features: feats, MaxDepth: 1}.Fit(x, out)
	if err != nil {
		t.Fatal(err)
	}
	if tree.Root.Feature != 0 || math.Abs(tree.Root.Gain-0.256855) > 1e-6 {
		t.Errorf("root %d gain %v, want D 0.256855", tree.Root.Feature, tree.Root.Gain)
	}
	if tree.Depth() != 1 || len(tree.Root.Children) != 5 {
		t.Errorf("depth %d, children %d", tree.Depth(), len(tree.Root.Children))
	}
}

// noisyThreshold draws points in [0,1]^d labelled 1 iff x0 + x1 > 1, with label noise.
func noisyThreshold(r *rand.Rand, n, d int, noise float64) (*mat.Dense, []int) {
	x := mat.NewDense(n, d, nil)
	y := make([]int, n)
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			x.Set(i, j, r.Float64())
		}
		if x.At(i, 0)+x.At(i, 1) > 1 {
			y[i] = 1
		}
		if r.Float64() < noise {
			y[i] = 1 - y[i]
		}
	}
	return x, y
}

func TestNumericTreeLimitsAndPruning(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	x, y := noisyThreshold(r, 600, 4, 0.1)
	full, err := DecisionTree{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	pred, _ := full.Predict(x)
	if acc, _ := Accuracy(pred, y); acc != 1 {
		t.Errorf("unlimited tree has training accuracy %v, want 1 (distinct points)", acc)
	}
	if d3, _ := (DecisionTree{MaxDepth: 3}).Fit(x, y); d3.Depth() > 3 {
		t.Errorf("MaxDepth 3 gives depth %d", d3.Depth())
	}
	if s, _ := (DecisionTree{MaxNodes: 15}).Fit(x, y); s.Nodes() > 15 || s.Nodes() < 13 {
		t.Errorf("MaxNodes 15 gives %d nodes", s.Nodes())
	}
	xv, yv := noisyThreshold(r, 600, 4, 0.1)
	pruned, err := full.Prune(xv, yv)
	if err != nil {
		t.Fatal(err)
	}
	pf, _ := full.Predict(xv)
	pp, _ := pruned.Predict(xv)
	af, _ := Accuracy(pf, yv)
	ap, _ := Accuracy(pp, yv)
	if pruned.Nodes() >= full.Nodes() || ap < af {
		t.Errorf("pruning: %d → %d nodes, validation accuracy %v → %v", full.Nodes(), pruned.Nodes(), af, ap)
	}
	if full.Nodes() != full.Leaves()*2-1 {
		t.Errorf("binary tree with %d leaves has %d nodes (Lemma 1.5)", full.Leaves(), full.Nodes())
	}
}

func TestTreeBadInput(t *testing.T) {
	x, y, feats := friday()
	bad := mat.DenseCopyOf(x)
	bad.Set(0, 0, 7)
	if _, err := (DecisionTree{Features: feats}).Fit(bad, y); !errors.Is(err, ErrLabel) {
		t.Errorf("value outside domain: %v", err)
	}
	yb := append([]int(nil), y...)
	yb[3] = -1
	if _, err := (DecisionTree{Features: feats}).Fit(x, yb); !errors.Is(err, ErrLabel) {
		t.Errorf("negative label: %v", err)
	}
	yb[3] = 2
	if _, err := (DecisionTree{Features: feats, Classes: []string{"yes", "no"}}).Fit(x, yb); !errors.Is(err, ErrLabel) {
		t.Errorf("label beyond class names: %v", err)
	}
	if _, err := (DecisionTree{Features: feats[:2]}).Fit(x, y); !errors.Is(err, ErrShape) {
		t.Errorf("feature count: %v", err)
	}
	if _, err := MinimalTree(mat.NewDense(65, 1, nil), make([]int, 65), nil); !errors.Is(err, ErrTooLarge) {
		t.Errorf("65 examples: %v", err)
	}
}

func ExampleDecisionTree() {
	feats := []Feature{
		{Name: "X1", Values: []string{"0", "1"}},
		{Name: "X2", Values: []string{"0", "1"}},
		{Name: "X3", Values: []string{"0", "1"}},
	}
	x := mat.NewDense(8, 3, []float64{0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 1, 0, 0, 1, 0, 1, 1, 1, 0, 1, 1, 1})
	y := []int{1, 1, 0, 0, 0, 1, 0, 1}
	greedy, _ := DecisionTree{Features: feats}.Fit(x, y)
	minimal, _ := MinimalTree(x, y, feats)
	fmt.Printf("greedy %d nodes, minimal %d nodes\n%s", greedy.Nodes(), minimal.Nodes(), minimal)
	// Output:
	// greedy 11 nodes, minimal 7 nodes
	// X1 = 0
	//     X2 = 0 → 1
	//     X2 = 1 → 0
	// X1 = 1
	//     X3 = 0 → 0
	//     X3 = 1 → 1
}

func TestGains(t *testing.T) {
	x, y, feats := friday()
	g, err := DecisionTree{Features: feats}.Gains(x, y)
	if err != nil {
		t.Fatal(err)
	}
	for j, want := range []float64{0.1444843, 0.0074034, 0.3344978} {
		if math.Abs(g[j]-want) > 1e-7 {
			t.Errorf("G(%s) = %.7f, want %.7f", feats[j].Name, g[j], want)
		}
	}
	xn := mat.NewDense(4, 1, []float64{1, 2, 3, 4})
	gn, _ := DecisionTree{}.Gains(xn, []int{0, 0, 1, 1})
	if math.Abs(gn[0]-1) > 1e-12 {
		t.Errorf("numeric gain %v, want 1", gn[0])
	}
	xc, fc, err := Categorical([]string{"A"}, [][]int{{0, 1, 1}}, [][]string{{"u", "v"}})
	if err != nil || xc.At(1, 0) != 1 || fc[0].Values[1] != "v" {
		t.Errorf("Categorical: %v %v %v", xc, fc, err)
	}
	if _, _, err := Categorical([]string{"A"}, [][]int{{0, 2}}, [][]string{{"u", "v"}}); !errors.Is(err, ErrLabel) {
		t.Errorf("code 2: %v", err)
	}
}

// TestTreeDeterministicAcrossCores checks that the parallel feature scoring at large nodes gives
// the same tree as a single core.
func TestTreeDeterministicAcrossCores(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	x, y := noisyThreshold(r, 6000, 5, 0.2)
	a, err := DecisionTree{MaxDepth: 6}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	prev := runtime.GOMAXPROCS(1)
	b, _ := DecisionTree{MaxDepth: 6}.Fit(x, y)
	runtime.GOMAXPROCS(prev)
	if a.String() != b.String() {
		t.Error("tree depends on the number of cores")
	}
}

func TestOutline(t *testing.T) {
	x, y := boolean()
	minimal, err := MinimalTree(x, y, binaryFeatures(3))
	if err != nil {
		t.Fatal(err)
	}
	labels, parent, edges := minimal.Outline()
	if len(labels) != minimal.Nodes() || len(parent) != len(labels) || len(edges) != len(labels) {
		t.Fatalf("outline of %d nodes: %d labels, %d parents, %d edges", minimal.Nodes(), len(labels), len(parent), len(edges))
	}
	if labels[0] != "X1" || parent[0] != -1 || edges[1] != "0" {
		t.Errorf("root %q (parent %d), first edge %q; want X1, −1, \"0\"", labels[0], parent[0], edges[1])
	}
	leaves := 0
	for i := 1; i < len(parent); i++ {
		if parent[i] >= i {
			t.Errorf("parent[%d] = %d, not in pre-order", i, parent[i])
		}
		if labels[i] == "0" || labels[i] == "1" {
			leaves++
		}
	}
	if leaves != minimal.Leaves() {
		t.Errorf("%d leaf labels, want %d", leaves, minimal.Leaves())
	}
	if l, p, e := (*Tree)(nil).Outline(); l != nil || p != nil || e != nil {
		t.Error("nil tree: want nil slices")
	}
}

// TestTreeConflictingExamples covers the case the lecture's greedy pseudo-code leaves out: no
// feature is left but the labels still disagree. The node becomes a majority leaf (ties: the
// smallest label) instead of failing.
func TestTreeConflictingExamples(t *testing.T) {
	x := mat.NewDense(5, 1, []float64{0, 0, 0, 1, 1})
	feats := []Feature{{Name: "A", Values: []string{"0", "1"}}}
	tree, err := DecisionTree{Features: feats}.Fit(x, []int{1, 1, 0, 0, 1})
	if err != nil {
		t.Fatal(err)
	}
	if tree.Nodes() != 3 || tree.Root.Children[0].Class != 1 || tree.Root.Children[1].Class != 0 {
		t.Errorf("want a split on A with majority leaves 1 (2:1) and 0 (1:1 tie)\n%s", tree)
	}
}

// TestClassNameNegative: a class without a name prints as its number.
func TestClassNameNegative(t *testing.T) {
	if got := (&Tree{}).ClassName(-1); got != "-1" {
		t.Errorf("ClassName(-1) = %q", got)
	}
}
