package mapreduce_test

import (
	"context"
	"errors"
	"maps"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	. "github.com/sltk-book/sltk/sltk/mapreduce"
)

func TestMasterSimulation(t *testing.T) {
	docs := strings.Split("a b a|c a|b b c|a|d d|c a b|a|b c d", "|")
	want := wcLocal(docs)
	clean, err := Master{Workers: 3, Reduce: 2}.Run(docs)
	if err != nil || !maps.Equal(clean.Counts, want) || clean.MapRuns != len(docs) || clean.ReduceRuns != 2 {
		t.Fatalf("no failure: %+v %v", clean, err)
	}
	// Worker 0 dies at tick 2: it has completed map task 0 and runs map task 3; both are redone.
	rep, err := Master{Workers: 3, Reduce: 2, Failures: []Failure{{Worker: 0, At: 2}}}.Run(docs)
	if err != nil || !maps.Equal(rep.Counts, want) {
		t.Fatalf("map worker failure: %v %v", rep.Counts, err)
	}
	if rep.MapRuns != len(docs)+1 || len(rep.Log) != 2 {
		t.Errorf("map runs %d (want %d: the completed task redone, the in-progress one restarted), log %q",
			rep.MapRuns, len(docs)+1, rep.Log)
	}
	// A failure during the reduce phase resets the failed worker's in-progress reduce task only.
	late, err := Master{Workers: 2, Reduce: 4, Failures: []Failure{{Worker: 1, At: clean.Ticks - 1}}}.Run(docs)
	if err != nil || !maps.Equal(late.Counts, want) {
		t.Fatalf("reduce worker failure: %v %v", late.Counts, err)
	}
	t.Log(late.Log)
	if _, err := (Master{Workers: 3, Reduce: 2, Failures: []Failure{{Worker: -1, At: 1}}}).Run(docs); !errors.Is(err, ErrAborted) ||
		!errors.Is(err, errs.ErrBreakdown) || !errors.Is(ErrEngine, errs.ErrIO) {
		t.Errorf("master failure: %v", err)
	}
	if _, err := (Master{Workers: 1, Reduce: 1, Failures: []Failure{{Worker: 0, At: 1}}}).Run(docs); !errors.Is(err, ErrAborted) {
		t.Errorf("no worker left: %v", err)
	}
	if _, err := (Master{Workers: 0, Reduce: 1}).Run(docs); !errors.Is(err, ErrParam) {
		t.Errorf("no workers: %v", err)
	}
	if _, err := (Master{Workers: 1, Reduce: 1}).Run(nil); !errors.Is(err, ErrEmpty) {
		t.Errorf("no documents: %v", err)
	}
}

func TestBeamFailedBundle(t *testing.T) {
	docs := []string{"x y x", "y z", "x"}
	rep, err := WordCountFailOnce(context.Background(), Runner{}, docs)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("submissions %d, calls %d, first error: %v", rep.Submissions, rep.Calls, rep.FirstError)
	if !maps.Equal(rep.Counts, wcLocal(docs)) {
		t.Errorf("counts %v, want %v", rep.Counts, wcLocal(docs))
	}
	// Prism (Beam v2.69.0) does not retry the bundle: it fails the job with no output.
	if rep.Submissions != 2 || !errors.Is(rep.FirstError, ErrEngine) || rep.Calls < len(docs)+1 {
		t.Errorf("Prism's behaviour changed: %+v", rep)
	}
	if _, err := WordCountFailOnce(context.Background(), Runner{}, nil); !errors.Is(err, ErrEmpty) {
		t.Errorf("no documents: %v", err)
	}
}
