package mapreduce_test

import (
	"context"
	"errors"
	"maps"
	"testing"
	"time"

	. "github.com/sltk-book/sltk/sltk/mapreduce"
)

// TestPortableRunnerLoopback submits word count to a job server of its own, on a loopback port,
// through Beam's portable (universal) runner: the path of Flink, Spark and Dataflow.
func TestPortableRunnerLoopback(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute) // the first pipeline may build the job server
	defer cancel()
	js, err := StartJobServer(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer js.Close()
	docs := []string{"to be or not to be", "be quick"}
	r := Runner{Endpoint: js.Endpoint}
	got, cost, err := WordCount(ctx, r, docs, true)
	if err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(got, wcLocal(docs)) || cost.Rounds[0].MapIn != 2 {
		t.Errorf("portable run: %v %+v", got, cost)
	}
	// An endpoint with no job server fails at once with ErrEngine (Beam's client alone would
	// retry for two minutes).
	start := time.Now()
	if _, _, err := WordCount(ctx, Runner{Endpoint: "127.0.0.1:1"}, docs, false); !errors.Is(err, ErrEngine) {
		t.Errorf("no job server: %v", err)
	}
	if d := time.Since(start); d > 15*time.Second {
		t.Errorf("an unreachable job server took %v to report", d)
	}
	// A closed job server is gone: its endpoint no longer answers.
	js.Close()
	if _, _, err := WordCount(ctx, Runner{Endpoint: js.Endpoint}, docs, false); !errors.Is(err, ErrEngine) {
		t.Errorf("closed job server: %v", err)
	}
}

// A nil context is a parameter error, not a panic inside Beam.
func TestNilContext(t *testing.T) {
	if _, _, err := WordCount(nil, Runner{}, []string{"a"}, false); !errors.Is(err, ErrParam) {
		t.Errorf("WordCount(nil ctx): %v", err)
	}
	if _, err := StartJobServer(nil); !errors.Is(err, ErrParam) {
		t.Errorf("StartJobServer(nil): %v", err)
	}
}

// A round whose reducers received fewer values than its map emitted marks metrics the engine
// reported before all bundles were merged; measure runs such a job again.
func TestCostIncomplete(t *testing.T) {
	c := Cost{Rounds: []Round{{MapOut: 5, ReduceIn: 5}, {MapOut: 7, ReduceIn: 3}}}
	if got := CostIncomplete(c); got != 1 {
		t.Errorf("incomplete round = %d, want 1", got)
	}
	if got := CostIncomplete(Cost{Rounds: c.Rounds[:1]}); got != -1 {
		t.Errorf("complete cost: %d, want -1", got)
	}
}
