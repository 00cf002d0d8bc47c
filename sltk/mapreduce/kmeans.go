package mapreduce

import (
	"context"
	"fmt"
	"math"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"gonum.org/v1/gonum/mat"

	"github.com/sltk-book/sltk/sltk/cluster"
	"github.com/sltk-book/sltk/sltk/internal/check"
)

// KMeans is Lloyd's algorithm with every assignment step one Map-Reduce round on Beam: the rows
// are cut into Chunks (the map tasks); the centroids travel with the map function; MAP assigns
// each row to its nearest centroid (ties to the smallest index) and, as a combiner, sums the rows
// of each cluster within its chunk; the shuffle groups the (sum, count, cost, changed) records by
// cluster and REDUCE adds them up. The driver moves every centroid to its mean (an empty cluster
// keeps its centroid) and starts the next round. The stopping rules, the result and the cost
// trace are those of cluster.KMeans with Init KMeansGiven and Empty EmptyKeep, so both give the
// same centroids and labels from the same start (up to the order of floating-point sums).
//
// Cost per round: O(n·k·d) work spread over the chunks; the shuffle moves at most Chunks·k
// records of d+3 numbers, independent of n, which is why k-means scales out.
type KMeans struct {
	// Centroids are the k×d starting centroids (required); K is their number of rows.
	Centroids mat.Matrix
	// MaxIter caps the assignment steps (0 means 300); Tol > 0 also stops once a step lowers
	// the cost by at most Tol times the previous cost.
	MaxIter int
	Tol     float64
	// Chunks is the number of map tasks (0 means ⌈n/1000⌉).
	Chunks int
}

// Fit clusters the rows of x and returns the result and the measured cost of every round.
func (km KMeans) Fit(ctx context.Context, r Runner, x mat.Matrix) (*cluster.KMeansResult, []Cost, error) {
	data, n, d, cerr := check.Rows("x", x)
	if cerr != nil {
		return nil, nil, matErr("KMeans.Fit", cerr)
	}
	if km.Centroids == nil {
		return nil, nil, fmt.Errorf("mapreduce: KMeans.Fit: no starting Centroids: %w", ErrEmpty)
	}
	start, k, dc, cerr := check.Rows("Centroids", km.Centroids)
	switch {
	case cerr != nil:
		return nil, nil, matErr("KMeans.Fit", cerr)
	case dc != d:
		return nil, nil, fmt.Errorf("mapreduce: KMeans.Fit: x has %d columns, Centroids %d: %w", d, dc, ErrShape)
	case k > n:
		return nil, nil, fmt.Errorf("mapreduce: KMeans.Fit: K = %d > n = %d: %w", k, n, ErrParam)
	case km.MaxIter < 0 || !(km.Tol >= 0) || math.IsInf(km.Tol, 0) || km.Chunks < 0:
		return nil, nil, fmt.Errorf("mapreduce: KMeans.Fit: MaxIter = %d, Tol = %v, Chunks = %d: %w", km.MaxIter, km.Tol, km.Chunks, ErrParam)
	}
	maxIter, chunks := km.MaxIter, km.Chunks
	if maxIter == 0 {
		maxIter = 300
	}
	if chunks == 0 {
		chunks = (n + 999) / 1000
	}
	chunks = min(chunks, n)
	in := make([]ptChunk, chunks)
	for c := range in {
		lo, hi := c*n/chunks, (c+1)*n/chunks
		in[c] = ptChunk{First: lo, X: data[lo*d : hi*d]}
	}
	cent := append([]float64(nil), start...)
	var prev []float64 // the centroids of the previous assignment; nil: every label "changed"
	res := &cluster.KMeansResult{}
	var costs []Cost
	step := func() (roundOut, error) {
		out, c, err := kmRound(ctx, r, in, n, k, d, cent, prev)
		costs = append(costs, c)
		prev = append(prev[:0], cent...)
		return out, err
	}
	var out roundOut
	var err error
	for it := 1; it <= maxIter; it++ {
		if out, err = step(); err != nil {
			return nil, costs, err
		}
		res.Trace = append(res.Trace, out.cost)
		res.Iter = it
		if out.changed == 0 {
			res.Converged = true
			break
		}
		if km.Tol > 0 && it > 1 {
			if p := res.Trace[it-2]; p-out.cost <= km.Tol*p {
				res.Converged = true
				break
			}
		}
		for j := range k {
			if out.counts[j] > 0 {
				for t := range d {
					cent[j*d+t] = out.sums[j*d+t] / float64(out.counts[j])
				}
			}
		}
	}
	if !res.Converged {
		if out, err = step(); err != nil {
			return nil, costs, err
		}
		res.Converged = out.changed == 0
	}
	res.Cost, res.Labels = out.cost, out.labels
	res.Sizes = make([]int, k)
	for j, c := range out.counts {
		res.Sizes[j] = int(c)
	}
	res.Centroids = mat.NewDense(k, d, cent)
	res.RestartCosts = []float64{res.Cost}
	return res, costs, nil
}

// ptChunk is one map task's rows (row-major, starting at row First).
type ptChunk struct {
	First int
	X     []float64
}

// kmStats is the per-cluster record of a round: the combiner's (sum, count) plus the cost and the
// number of changed labels of the rows it covers.
type kmStats struct {
	Sum            []float64
	Count, Changed int64
	Cost           float64
}

type roundOut struct {
	sums    []float64
	counts  []int64
	cost    float64
	changed int64
	labels  []int
}

func kmRound(ctx context.Context, r Runner, in []ptChunk, n, k, d int, cent, prev []float64) (roundOut, Cost, error) {
	p, s := beam.NewPipelineWithRoot()
	var mt meter
	col := beam.CreateList(s, in)
	stats, labels := beam.ParDo2(s, &kmMapFn{K: k, D: d, Cent: cent, Prev: prev}, col)
	g := mt.shuffle(s, col, stats, false)
	sid := collect(s, beam.ParDo(s, kmReduce, g))
	lid := collect(s, labels)
	got, c, err := r.measure(ctx, p, &mt, sid, lid)
	if err != nil {
		return roundOut{}, Cost{}, err
	}
	out := roundOut{sums: make([]float64, k*d), counts: make([]int64, k), labels: make([]int, n)}
	for _, x := range got[0] {
		kv := x.(pair)
		j, st := kv.K.(int), kv.V.(kmStats)
		copy(out.sums[j*d:(j+1)*d], st.Sum)
		out.counts[j] = st.Count
		out.cost += st.Cost
		out.changed += st.Changed
	}
	for _, x := range got[1] {
		kv := x.(pair)
		copy(out.labels[kv.K.(int):], kv.V.([]int))
	}
	return out, c, nil
}

// kmMapFn assigns the rows of a chunk and combines them per cluster.
type kmMapFn struct {
	K, D       int
	Cent, Prev []float64
}

func (f *kmMapFn) ProcessElement(c ptChunk, emit func(int, kmStats), emitLabels func(int, []int)) {
	rows := len(c.X) / f.D
	acc := make([]kmStats, f.K)
	labels := make([]int, rows)
	for i := range rows {
		x := c.X[i*f.D : (i+1)*f.D]
		dist, j := nearest(x, f.Cent, f.D)
		a := &acc[j]
		if a.Sum == nil {
			a.Sum = make([]float64, f.D)
		}
		for t, v := range x {
			a.Sum[t] += v
		}
		a.Count++
		a.Cost += dist
		if f.Prev == nil {
			a.Changed++
		} else if _, pj := nearest(x, f.Prev, f.D); pj != j {
			a.Changed++
		}
		labels[i] = j
	}
	for j, a := range acc {
		if a.Count > 0 {
			emit(j, a)
		}
	}
	emitLabels(c.First, labels)
}

// nearest returns the squared distance to the nearest centroid and its index (ties to the
// smallest index).
func nearest(x, cent []float64, d int) (float64, int) {
	best, bj := math.Inf(1), 0
	for j := 0; j*d < len(cent); j++ {
		var s float64
		for t, v := range x {
			e := v - cent[j*d+t]
			s += e * e
		}
		if s < best {
			best, bj = s, j
		}
	}
	return best, bj
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
		tot.Changed += x.Changed
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
