package mapreduce

import (
	"context"
	"fmt"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"gonum.org/v1/gonum/mat"

	"github.com/sltk-book/sltk/sltk/cluster"
)

// KMeans is cluster.KMeans with its assignment step as one Map-Reduce round on Beam: the rows
// are cut into Chunks (the map tasks); the centroids travel with the map function; MAP assigns
// each row to its nearest centroid (cluster.Assign: ties to the smallest index) and, as a
// combiner, sums the rows of each cluster within its chunk; the shuffle groups the (sum, count,
// cost) records by cluster and REDUCE adds them up. Everything else is cluster.KMeans.FitWith:
// the defaults, the centroid update (an empty cluster keeps its centroid), the stopping rules,
// the result and its cost trace. So both give the same centroids and labels from the same start,
// up to the order of the floating-point sums; with one chunk of at most 2048 rows, bit for bit.
//
// Cost per round: O(n·k·d) work spread over the chunks; the shuffle moves at most Chunks·k
// records of d+2 numbers, independent of n, which is why k-means scales out.
type KMeans struct {
	// Centroids are the k×d starting centroids (required); K is their number of rows.
	Centroids mat.Matrix
	// MaxIter and Tol are cluster.KMeans's: MaxIter caps the assignment steps (0 means 300);
	// Tol > 0 also stops once a step lowers the cost by at most Tol times the previous cost.
	MaxIter int
	Tol     float64
	// Chunks is the number of map tasks (0 means ⌈n/1000⌉).
	Chunks int
}

// Fit clusters the rows of x and returns the result and the measured cost of every round.
// It returns cluster.KMeans.FitWith's errors (wrapping errs.ErrEmpty, ErrNotFinite, ErrShape,
// ErrParam), ErrEmpty for nil Centroids, ErrParam for Chunks < 0, and a Runner's error.
func (km KMeans) Fit(ctx context.Context, r Runner, x mat.Matrix) (*cluster.KMeansResult, []Cost, error) {
	if km.Centroids == nil {
		return nil, nil, fmt.Errorf("mapreduce: KMeans.Fit: no starting Centroids: %w", ErrEmpty)
	}
	if km.Chunks < 0 {
		return nil, nil, fmt.Errorf("mapreduce: KMeans.Fit: Chunks = %d, want ≥ 0: %w", km.Chunks, ErrParam)
	}
	k, _ := km.Centroids.Dims()
	var in []ptChunk // built at the first round, once FitWith has validated x
	var costs []Cost
	step := func(cent []float64) (cluster.KMeansStep, error) {
		if in == nil {
			in = kmChunks(x, km.Chunks)
		}
		out, c, err := kmRound(ctx, r, in, x, k, cent)
		costs = append(costs, c)
		return out, err
	}
	cfg := cluster.KMeans{K: k, Init: cluster.KMeansGiven, Centroids: km.Centroids, MaxIter: km.MaxIter, Tol: km.Tol}
	res, err := cfg.FitWith(x, step)
	if err != nil {
		return nil, costs, fmt.Errorf("mapreduce: KMeans.Fit: %w", err)
	}
	return res, costs, nil
}

// kmChunks cuts the rows of x into chunks map tasks (0: ⌈n/1000⌉, at most n), each a row-major
// copy. Cost O(n·d).
func kmChunks(x mat.Matrix, chunks int) []ptChunk {
	n, d := x.Dims()
	if chunks == 0 {
		chunks = (n + 999) / 1000
	}
	chunks = min(chunks, n)
	in := make([]ptChunk, chunks)
	for c := range in {
		lo, hi := c*n/chunks, (c+1)*n/chunks
		rows := make([]float64, (hi-lo)*d)
		for i := lo; i < hi; i++ {
			mat.Row(rows[(i-lo)*d:(i-lo+1)*d], i, x)
		}
		in[c] = ptChunk{First: lo, X: rows}
	}
	return in
}

// ptChunk is one map task's rows (row-major, starting at row First).
type ptChunk struct {
	First int
	X     []float64
}

// kmStats is the per-cluster record of a round: the combiner's (sum, count) plus a cost. A
// chunk's assignment cost travels whole with the record of its first row's cluster (the others
// carry 0), so that one chunk's cost is cluster.Assign's sum over its rows in row order.
type kmStats struct {
	Sum   []float64
	Count int64
	Cost  float64
}

// kmRound runs one assignment step against cent as one Map-Reduce round and returns its
// reduced outcome and measured cost.
func kmRound(ctx context.Context, r Runner, in []ptChunk, x mat.Matrix, k int, cent []float64) (cluster.KMeansStep, Cost, error) {
	n, d := x.Dims()
	p, s := beam.NewPipelineWithRoot()
	var mt meter
	col := beam.CreateList(s, in)
	stats, labels := beam.ParDo2(s, &kmMapFn{K: k, D: d, Cent: cent}, col)
	g := mt.shuffle(s, col, stats, false)
	sid := collect(s, beam.ParDo(s, kmReduce, g))
	lid := collect(s, labels)
	got, c, err := r.measure(ctx, p, &mt, sid, lid)
	if err != nil {
		return cluster.KMeansStep{}, Cost{}, err
	}
	out := cluster.KMeansStep{Sums: make([]float64, k*d), Counts: make([]int, k), Labels: make([]int, n)}
	for _, x := range got[0] {
		kv := x.(pair)
		j, st := kv.K.(int), kv.V.(kmStats)
		copy(out.Sums[j*d:(j+1)*d], st.Sum)
		out.Counts[j] = int(st.Count)
		out.Cost += st.Cost
	}
	for _, x := range got[1] {
		kv := x.(pair)
		copy(out.Labels[kv.K.(int):], kv.V.([]int))
	}
	return out, c, nil
}

// kmMapFn assigns the rows of a chunk and combines them per cluster.
type kmMapFn struct {
	K, D int
	Cent []float64
}

// ProcessElement labels the chunk's rows by cluster.Assign, so that the nearest-centroid rule
// and its distances are cluster's, and emits per cluster the sum of its rows (in row order) and
// their number, the chunk's cost with its first row's cluster, and the chunk's labels.
func (f *kmMapFn) ProcessElement(c ptChunk, emit func(int, kmStats), emitLabels func(int, []int)) error {
	rows := len(c.X) / f.D
	xc := mat.NewDense(rows, f.D, c.X)
	labels, cost, err := cluster.Assign(xc, mat.NewDense(f.K, f.D, f.Cent))
	if err != nil {
		return err
	}
	acc := make([]kmStats, f.K)
	acc[labels[0]].Cost = cost
	for i, j := range labels {
		a := &acc[j]
		if a.Sum == nil {
			a.Sum = make([]float64, f.D)
		}
		for t, v := range c.X[i*f.D : (i+1)*f.D] {
			a.Sum[t] += v
		}
		a.Count++
	}
	for j, a := range acc {
		if a.Count > 0 {
			emit(j, a)
		}
	}
	emitLabels(c.First, labels)
	return nil
}

func kmReduce(j int, vs func(*kmStats) bool) (int, kmStats) {
	var tot, x kmStats
	for vs(&x) {
		if tot.Sum == nil {
			tot.Sum = make([]float64, len(x.Sum))
		}
		for t, v := range x.Sum {
			tot.Sum[t] += v
		}
		tot.Count += x.Count
		tot.Cost += x.Cost
	}
	return j, tot
}

func init() {
	beam.RegisterType(reflect.TypeOf(ptChunk{}))
	beam.RegisterType(reflect.TypeOf(kmStats{}))
	beam.RegisterType(reflect.TypeOf((*kmMapFn)(nil)).Elem())
	beam.RegisterFunction(kmReduce)
	register.Emitter2[int, kmStats]()
	register.Emitter2[int, []int]()
	register.Iter1[kmStats]()
}
