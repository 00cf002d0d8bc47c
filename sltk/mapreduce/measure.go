package mapreduce

import (
	"context"
	"fmt"
	"reflect"
	"strconv"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/typex"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

// Round is the chapter's cost model for one Map-Reduce round, measured on the engine with Beam
// metrics (counters and a distribution) rather than computed from the input.
type Round struct {
	// MapIn is the number of records the map tasks read; MapOut the pairs they emit (after the
	// combiner, when there is one): the pairs the shuffle moves.
	MapIn, MapOut int64
	// ReduceIn is the number of values delivered to reducers, counted on the grouped side.
	ReduceIn int64
	// Keys is the number of reducers (keys) that received at least one value.
	Keys int64
	// MaxLoad is the reducer size: the longest value list of one key.
	MaxLoad int64
	// Loads maps every key (printed with fmt) to its value-list length, when the algorithm keeps
	// them (small inputs only).
	Loads map[string]int64
}

// Cost is the measured cost of a run: one Round per shuffle.
type Cost struct{ Rounds []Round }

// Communication is the chapter's communication cost: the sum of all task inputs, map and
// reduce, over all rounds, in records.
func (c Cost) Communication() int64 {
	var s int64
	for _, r := range c.Rounds {
		s += r.MapIn + r.ReduceIn
	}
	return s
}

// Replication is the replication rate of a single-round algorithm: pairs emitted by all map
// tasks over the input size (of the first round when there are several).
func (c Cost) Replication() float64 {
	if len(c.Rounds) == 0 || c.Rounds[0].MapIn == 0 {
		return 0
	}
	return float64(c.Rounds[0].MapOut) / float64(c.Rounds[0].MapIn)
}

// MaxLoad is the largest reducer size over all rounds.
func (c Cost) MaxLoad() int64 {
	var m int64
	for _, r := range c.Rounds {
		m = max(m, r.MaxLoad)
	}
	return m
}

// incomplete returns the first round whose reducers received a different number of values than
// its map emitted, or −1: the shuffle delivers every pair, so a difference means the engine's
// metrics are missing some bundles.
func (c Cost) incomplete() int {
	for r, rd := range c.Rounds {
		if rd.MapOut != rd.ReduceIn {
			return r
		}
	}
	return -1
}

// meter instruments the rounds of one pipeline.
type meter struct {
	rounds    int
	loadSinks []string // per round; "" when loads are not kept
}

func roundNS(r int) string { return "mr.round" + strconv.Itoa(r) }

// shuffle is the measured middle of round r+1: it counts the map input in and the map output
// pairs out, groups out by key (Beam's GroupByKey is the shuffle), and measures the value list of
// every key. keepLoads keeps the per-key loads (small inputs only).
func (m *meter) shuffle(s beam.Scope, in, out beam.PCollection, keepLoads bool) beam.PCollection {
	ns := roundNS(m.rounds)
	m.rounds++
	if typex.IsKV(in.Type()) {
		beam.ParDo0(s, &countKVFn{NS: ns, Name: "map_in"}, in)
	} else {
		beam.ParDo0(s, &countFn{NS: ns, Name: "map_in"}, in)
	}
	beam.ParDo0(s, &countKVFn{NS: ns, Name: "map_out"}, out)
	g := beam.GroupByKey(s, out)
	id := ""
	if keepLoads {
		id = newSink()
	}
	m.loadSinks = append(m.loadSinks, id)
	beam.ParDo0(s, &loadFn{NS: ns, ID: id}, g)
	return g
}

// read turns the run's metrics into a Cost. Prism reports committed values, which leave out
// the work of failed and retried bundles.
func (m *meter) read(res beam.PipelineResult) (Cost, error) {
	c := Cost{Rounds: make([]Round, m.rounds)}
	q := res.Metrics().AllMetrics()
	for _, ctr := range q.Counters() {
		r, ok := roundOf(ctr.Key.Namespace, m.rounds)
		if !ok {
			continue
		}
		v := ctr.Result()
		switch ctr.Key.Name {
		case "map_in":
			c.Rounds[r].MapIn += v
		case "map_out":
			c.Rounds[r].MapOut += v
		case "reduce_in":
			c.Rounds[r].ReduceIn += v
		case "keys":
			c.Rounds[r].Keys += v
		}
	}
	for _, d := range q.Distributions() {
		if r, ok := roundOf(d.Key.Namespace, m.rounds); ok && d.Key.Name == "load" {
			c.Rounds[r].MaxLoad = max(c.Rounds[r].MaxLoad, d.Result().Max)
		}
	}
	for r, id := range m.loadSinks {
		if id == "" {
			continue
		}
		c.Rounds[r].Loads = map[string]int64{}
		for _, x := range take(id) {
			p := x.(pair)
			c.Rounds[r].Loads[fmt.Sprint(p.K)] = p.V.(int64)
		}
	}
	return c, nil
}

func roundOf(ns string, rounds int) (int, bool) {
	for r := range rounds {
		if ns == roundNS(r) {
			return r, true
		}
	}
	return 0, false
}

// countFn counts the elements of a PCollection per bundle into a counter.
type countFn struct {
	NS, Name string
	n        int64
}

func (f *countFn) StartBundle()                       { f.n = 0 }
func (f *countFn) ProcessElement(beam.T)              { f.n++ }
func (f *countFn) FinishBundle(ctx context.Context)   { beam.NewCounter(f.NS, f.Name).Inc(ctx, f.n) }
func (f *countKVFn) StartBundle()                     { f.n = 0 }
func (f *countKVFn) ProcessElement(beam.X, beam.Y)    { f.n++ }
func (f *countKVFn) FinishBundle(ctx context.Context) { beam.NewCounter(f.NS, f.Name).Inc(ctx, f.n) }

type countKVFn struct {
	NS, Name string
	n        int64
}

// loadFn measures the value list of every key after the shuffle.
type loadFn struct{ NS, ID string }

func (f *loadFn) ProcessElement(ctx context.Context, k beam.X, vs func(*beam.Y) bool) {
	var n int64
	var v beam.Y
	for vs(&v) {
		n++
	}
	beam.NewCounter(f.NS, "reduce_in").Inc(ctx, n)
	beam.NewCounter(f.NS, "keys").Inc(ctx, 1)
	beam.NewDistribution(f.NS, "load").Update(ctx, n)
	if f.ID != "" {
		sinkFor(f.ID).add(pair{k, n})
	}
}

func init() {
	beam.RegisterType(reflect.TypeOf((*countFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*countKVFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*loadFn)(nil)).Elem())
	register.Iter1[beam.Y]()
}
