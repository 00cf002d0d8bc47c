package mapreduce

import (
	"context"
	"fmt"
	"hash/fnv"
	"reflect"
	"strings"
	"sync"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
)

// Failure is an injected fault of the simulation: Worker dies at the start of tick At
// (Worker = -1 is the master).
type Failure struct {
	Worker, At int
}

// Master is a SIMULATION of the lecture's master (§7.1), not Beam: Workers workers run the map
// tasks (one per document) and then Reduce reduce tasks of a word count, each task taking one
// tick, and the master applies the lecture's failure rules. When a worker dies, its completed
// and in-progress map tasks go back to idle (their output lived on its local disk), its
// in-progress reduce tasks go back to idle, its completed reduce tasks stay done (their output is
// in the distributed file system); when the master dies the job aborts. Reduce tasks start only
// once every map task is completed, so a map task redone late holds them back. Deterministic.
type Master struct {
	Workers, Reduce int
	Failures        []Failure
}

// SimReport is what a simulated job did.
type SimReport struct {
	// Counts is the word count the reduce tasks wrote.
	Counts map[string]int64
	// MapRuns and ReduceRuns count task executions, re-executions included; Ticks is the
	// makespan.
	MapRuns, ReduceRuns, Ticks int
	// Log lists the failures and the tasks they reset, in order.
	Log []string
}

// maxSimTasks bounds the simulation: documents + reduce tasks, workers and failures ≤ 10^6 each.
const maxSimTasks = 1_000_000

// Run simulates the job on docs. It returns an error wrapping ErrAborted when the master fails
// or every worker is dead with work left, ErrEmpty for no documents and ErrParam for bad sizes.
func (ms Master) Run(docs []string) (SimReport, error) {
	nm, nr := len(docs), ms.Reduce
	switch {
	case nm == 0:
		return SimReport{}, fmt.Errorf("mapreduce: Master.Run: no documents: %w", ErrEmpty)
	case ms.Workers < 1 || nr < 1:
		return SimReport{}, fmt.Errorf("mapreduce: Master.Run: Workers = %d, Reduce = %d, want ≥ 1: %w", ms.Workers, nr, ErrParam)
	case nm+nr > maxSimTasks || ms.Workers > maxSimTasks || len(ms.Failures) > maxSimTasks:
		return SimReport{}, fmt.Errorf("mapreduce: Master.Run: %d documents + %d reduce tasks, %d workers, "+
			"%d failures; limit %d each: %w", nm, nr, ms.Workers, len(ms.Failures), maxSimTasks, ErrTooLarge)
	}
	byTick := map[int][]Failure{} // each tick looks only at its own failures
	for i, f := range ms.Failures {
		byTick[f.At] = append(byTick[f.At], f)
		if f.Worker >= ms.Workers || f.At < 0 {
			return SimReport{}, fmt.Errorf("mapreduce: Master.Run: Failures[%d] = {Worker: %d, At: %d}, "+
				"want Worker < %d (or < 0 for the master) and At ≥ 0: %w", i, f.Worker, f.At, ms.Workers, ErrParam)
		}
	}
	const idle, running, done = 0, 1, 2
	mapState, mapOwner := make([]int, nm), make([]int, nm)
	redState, redOwner := make([]int, nr), make([]int, nr)
	alive := make([]bool, ms.Workers)
	for w := range alive {
		alive[w] = true
	}
	parts := make([][]map[string]int64, nm) // parts[i][r]: map task i's output for reducer r
	rep := SimReport{Counts: map[string]int64{}}
	for tick := 0; ; tick++ {
		for _, f := range byTick[tick] {
			if f.Worker < 0 {
				return rep, fmt.Errorf("mapreduce: Master.Run: the master failed at tick %d: %w", tick, ErrAborted)
			}
			if !alive[f.Worker] {
				continue
			}
			alive[f.Worker] = false
			for i := range mapState {
				if mapState[i] != idle && mapOwner[i] == f.Worker {
					rep.Log = append(rep.Log, fmt.Sprintf("tick %d: worker %d failed, map task %d (%s) back to idle",
						tick, f.Worker, i, []string{"", "in progress", "completed"}[mapState[i]]))
					mapState[i] = idle
				}
			}
			for r := range redState {
				if redState[r] == running && redOwner[r] == f.Worker {
					rep.Log = append(rep.Log, fmt.Sprintf("tick %d: worker %d failed, reduce task %d (in progress) back to idle",
						tick, f.Worker, r))
					redState[r] = idle
				}
			}
		}
		// Tasks started in the previous tick complete now.
		for i, s := range mapState {
			if s == running {
				parts[i] = mapTask(docs[i], nr)
				mapState[i] = done
				rep.MapRuns++
			}
		}
		for r, s := range redState {
			if s == running {
				for i := range parts {
					for w, c := range parts[i][r] {
						rep.Counts[w] += c // reduce output is final: the task wrote it once
					}
				}
				redState[r] = done
				rep.ReduceRuns++
			}
		}
		mapsDone := !containsNot(mapState, done)
		if mapsDone && !containsNot(redState, done) {
			rep.Ticks = tick
			return rep, nil
		}
		// Every live worker takes the next idle task: maps first, reduces once all maps are done.
		live := false
		for w := range alive {
			if !alive[w] {
				continue
			}
			live = true
			if i := indexOf(mapState, idle); i >= 0 {
				mapState[i], mapOwner[i] = running, w
			} else if r := indexOf(redState, idle); mapsDone && r >= 0 {
				redState[r], redOwner[r] = running, w
			}
		}
		if !live {
			return rep, fmt.Errorf("mapreduce: Master.Run: every worker is dead (tick %d): %w", tick, ErrAborted)
		}
	}
}

// mapTask is the map task of one document with its combiner, partitioned by hash(word) mod R.
func mapTask(doc string, r int) []map[string]int64 {
	out := make([]map[string]int64, r)
	for i := range out {
		out[i] = map[string]int64{}
	}
	for _, w := range strings.Fields(doc) {
		h := fnv.New32a()
		h.Write([]byte(w))
		out[h.Sum32()%uint32(r)][w]++
	}
	return out
}

func indexOf(s []int, v int) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

func containsNot(s []int, v int) bool {
	for _, x := range s {
		if x != v {
			return true
		}
	}
	return false
}

// FailOnceReport is what WordCountFailOnce observed.
type FailOnceReport struct {
	// Counts is the word count of the submission that succeeded.
	Counts map[string]int64
	// Calls counts the calls of the map function over all submissions.
	Calls int
	// Submissions is 1 when the runner recovered from the failed bundle itself (by retrying
	// it), 2 when it failed the job and the job was submitted again.
	Submissions int
	// FirstError is the runner's error for the failed job, nil when it recovered by itself.
	FirstError error
}

// WordCountFailOnce is WordCount (without combiner) on Beam with one injected fault: the map
// function returns an error the first time it is called. Runners differ in what they do with
// the failed bundle: Flink and Dataflow retry bundles; Prism of Beam v2.69.0 fails the job and
// discards its output. In that case the job is submitted once more, the way the lecture's client
// restarts an aborted job, and the fault, spent, does not fire again. Either way the counts must
// be exact.
func WordCountFailOnce(ctx context.Context, r Runner, docs []string) (FailOnceReport, error) {
	if len(docs) == 0 {
		return FailOnceReport{}, fmt.Errorf("mapreduce: WordCountFailOnce: no documents: %w", ErrEmpty)
	}
	id := newSink()
	defer take(id)
	calls := &failCalls{}
	failures.Store(id, calls)
	defer failures.Delete(id)
	var rep FailOnceReport
	for rep.Submissions < 2 {
		rep.Submissions++
		p, s := beam.NewPipelineWithRoot()
		pairs := beam.ParDo(s, &failOnceFn{ID: id}, beam.CreateList(s, docs))
		out := collect(s, beam.ParDo(s, sumInts, beam.GroupByKey(s, pairs)))
		_, err := r.run(ctx, p)
		got := take(out)
		if err != nil {
			if rep.FirstError != nil {
				return rep, err
			}
			rep.FirstError = err
			continue
		}
		rep.Counts = map[string]int64{}
		for _, x := range got {
			kv := x.(pair)
			rep.Counts[kv.K.(string)] = kv.V.(int64)
		}
		break
	}
	calls.mu.Lock()
	rep.Calls = calls.n
	calls.mu.Unlock()
	return rep, nil
}

var failures sync.Map // id → *failCalls

type failCalls struct {
	mu sync.Mutex
	n  int
}

// failOnceFn is word count's MAP, failing on its first call.
type failOnceFn struct{ ID string }

func (f *failOnceFn) ProcessElement(doc string, emit func(string, int64)) error {
	if v, ok := failures.Load(f.ID); ok {
		c := v.(*failCalls)
		c.mu.Lock()
		c.n++
		first := c.n == 1
		c.mu.Unlock()
		if first {
			return fmt.Errorf("injected fault in the first map call")
		}
	}
	for _, w := range strings.Fields(doc) {
		emit(w, 1)
	}
	return nil
}

func init() {
	beam.RegisterType(reflect.TypeOf((*failOnceFn)(nil)).Elem())
}
