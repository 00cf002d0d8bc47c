package par

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

func TestChunksCoverOnce(t *testing.T) {
	for _, procs := range []int{1, 2, 7} {
		old := runtime.GOMAXPROCS(procs)
		for _, n := range []int{0, 1, 5, 63, 64, 65, 1000, 4097} {
			for _, minChunk := range []int{0, 1, 64, 5000} {
				hits := make([]int32, n)
				var calls atomic.Int32
				Chunks(n, minChunk, func(lo, hi int) {
					calls.Add(1)
					if lo >= hi {
						t.Errorf("empty chunk [%d, %d)", lo, hi)
					}
					if minChunk > 1 && hi-lo < minChunk && hi != n {
						t.Errorf("chunk [%d, %d) smaller than %d", lo, hi, minChunk)
					}
					for i := lo; i < hi; i++ {
						atomic.AddInt32(&hits[i], 1)
					}
				})
				for i, h := range hits {
					if h != 1 {
						t.Fatalf("procs %d n %d min %d: index %d visited %d times", procs, n, minChunk, i, h)
					}
				}
				if n > 0 && int(calls.Load()) > procs {
					t.Errorf("procs %d n %d: %d chunks", procs, n, calls.Load())
				}
			}
		}
		runtime.GOMAXPROCS(old)
	}
}

func ExampleChunks() {
	squares := make([]int, 10)
	Chunks(len(squares), 1, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			squares[i] = i * i // each index written by exactly one chunk
		}
	})
	fmt.Println(squares)
	// Output: [0 1 4 9 16 25 36 49 64 81]
}

func TestBlocksVisitsEveryBlockOnce(t *testing.T) {
	for _, workers := range []int{0, 1, 3, 16} {
		for _, nb := range []int{0, 1, 5, 100} {
			hits := make([]int32, nb)
			Blocks(nb, workers, func(b int) { atomic.AddInt32(&hits[b], 1) })
			for b, h := range hits {
				if h != 1 {
					t.Fatalf("workers %d nb %d: block %d visited %d times", workers, nb, b, h)
				}
			}
		}
	}
}

// TestWorkerBlocksIndices checks that WorkerBlocks visits every block once and that no two
// goroutines share a worker index (the index guards per-goroutine scratch space).
func TestWorkerBlocksIndices(t *testing.T) {
	for _, workers := range []int{0, 1, 2, 3, 16} {
		for _, nb := range []int{0, 1, 2, 5, 100} {
			hits := make([]int32, nb)
			busy := make([]int32, max(workers, 64))
			WorkerBlocks(nb, workers, func(wk, b int) {
				if wk < 0 || wk >= max(1, min(nb, workers)) && workers > 0 {
					t.Errorf("workers %d nb %d: worker index %d", workers, nb, wk)
					return
				}
				if atomic.AddInt32(&busy[wk], 1) != 1 {
					t.Errorf("workers %d nb %d: worker index %d runs twice at once", workers, nb, wk)
				}
				atomic.AddInt32(&hits[b], 1)
				atomic.AddInt32(&busy[wk], -1)
			})
			for b, h := range hits {
				if h != 1 {
					t.Fatalf("workers %d nb %d: block %d visited %d times", workers, nb, b, h)
				}
			}
		}
	}
}

// TestTeamSections runs many sections of a Team, back to back and after pauses longer than
// the members' polling (so that they block and must be woken), some with a last task longer
// than the caller's polling (so that the caller blocks and must be woken), and checks that every task of
// every section runs exactly once and that Run returns only after all of them.
func TestTeamSections(t *testing.T) {
	for _, workers := range []int{1, 2, 3, 8} {
		team := NewTeam(workers)
		for sec := range 60 {
			tasks := []int{0, 1, 2, 7, 100}[sec%5]
			if sec%20 == 19 {
				time.Sleep(2 * teamSpin)
			}
			hits := make([]int32, tasks)
			team.Run(tasks, func(i int) {
				switch {
				case sec%7 == 6 && i == tasks-1: // the caller waits longer than it polls
					time.Sleep(2 * teamSpin)
				case i%3 == 0:
					time.Sleep(10 * time.Microsecond)
				}
				atomic.AddInt32(&hits[i], 1)
			})
			for i, h := range hits {
				if h != 1 {
					t.Fatalf("workers %d section %d: task %d ran %d times", workers, sec, i, h)
				}
			}
		}
		team.Close()
	}
}

// TestTeamRunWorker checks RunWorker's worker indices: every task runs once, on a worker in
// [0, Workers()), and no two tasks run on one worker index at the same time (what per-worker
// scratch space relies on). Sections alternate with Run's and pause past the polling time.
func TestTeamRunWorker(t *testing.T) {
	for _, workers := range []int{1, 2, 3, 8} {
		team := NewTeam(workers)
		if team.Workers() != workers {
			t.Fatalf("NewTeam(%d).Workers() = %d", workers, team.Workers())
		}
		busy := make([]atomic.Bool, workers)
		for sec := range 40 {
			tasks := []int{0, 1, 5, 64}[sec%4]
			if sec%10 == 9 {
				time.Sleep(2 * teamSpin)
			}
			if sec%3 == 2 {
				team.Run(tasks, func(int) {})
				continue
			}
			hits := make([]int32, tasks)
			var bad atomic.Value
			team.RunWorker(tasks, func(w, i int) {
				if w < 0 || w >= workers {
					bad.Store(fmt.Sprintf("task %d on worker %d of %d", i, w, workers))
					return
				}
				if busy[w].Swap(true) {
					bad.Store(fmt.Sprintf("task %d: worker %d already busy", i, w))
				}
				if i%4 == 0 {
					time.Sleep(20 * time.Microsecond)
				}
				atomic.AddInt32(&hits[i], 1)
				busy[w].Store(false)
			})
			if msg := bad.Load(); msg != nil {
				t.Fatalf("workers %d section %d: %s", workers, sec, msg)
			}
			for i, h := range hits {
				if h != 1 {
					t.Fatalf("workers %d section %d: task %d ran %d times", workers, sec, i, h)
				}
			}
		}
		team.Close()
	}
}

// TestLatch has goroutines that finish at different times, some after the waiters have
// polled longer than teamSpin, and checks that no Wait returns before every Done.
func TestLatch(t *testing.T) {
	for _, late := range []time.Duration{0, 50 * time.Microsecond, 2 * teamSpin} {
		var l Latch
		var done atomic.Int32
		const n = 4
		l.Add(n)
		errs := make(chan string, n)
		for i := range n {
			go func() {
				if i == n-1 {
					time.Sleep(late)
				}
				done.Add(1)
				l.Done()
				l.Wait()
				msg := ""
				if done.Load() != n {
					msg = "a Wait returned before every Done"
				}
				errs <- msg
			}()
		}
		for range n {
			if e := <-errs; e != "" {
				t.Fatalf("late %v: %s", late, e)
			}
		}
	}
}
