package mapreduce_test

import (
	"context"
	"errors"
	"maps"
	"net"
	"strconv"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"

	. "github.com/sltk-book/sltk/sltk/mapreduce"
)

// TestPortableRunnerLoopback submits word count to a Prism job server on a loopback port
// through Beam's portable (universal) runner: the path of Flink, Spark and Dataflow.
func TestPortableRunnerLoopback(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip("no loopback port:", err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if _, err := prism.CreateJobServer(ctx, prism.Options{Port: port}); err != nil {
		t.Fatal(err)
	}
	docs := []string{"to be or not to be", "be quick"}
	r := Runner{Endpoint: "127.0.0.1:" + strconv.Itoa(port)}
	got, cost, err := WordCount(ctx, r, docs, true)
	if err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(got, wcLocal(docs)) || cost.Rounds[0].MapIn != 2 {
		t.Errorf("portable run: %v %+v", got, cost)
	}
	// An endpoint with no job server fails with ErrEngine, not a hang.
	ctx2, cancel2 := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel2()
	if _, _, err := WordCount(ctx2, Runner{Endpoint: "127.0.0.1:1"}, docs, false); !errors.Is(err, ErrEngine) {
		t.Errorf("no job server: %v", err)
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
