// Package par runs loops over row ranges on several goroutines for the other sltk packages. It
// is internal: a building block, not part of the textbook's API.
package par

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// Chunks calls fn on contiguous chunks [lo, hi) that cover 0, …, n−1, on up to GOMAXPROCS
// goroutines, each chunk holding at least minChunk indices (so small loops run serially, with
// no goroutine at all), and returns when every call has returned. It suits loops whose
// iterations write only their own outputs: the result then does not depend on the number of
// cores or on scheduling. Loops that reduce (sum) across iterations need fixed blocks and an
// ordered reduction instead. minChunk < 1 means 1.
func Chunks(n, minChunk int, fn func(lo, hi int)) {
	if n <= 0 {
		return
	}
	workers := min(runtime.GOMAXPROCS(0), max(1, n/max(minChunk, 1)))
	if workers == 1 {
		fn(0, n)
		return
	}
	var wg sync.WaitGroup
	chunk := (n + workers - 1) / workers
	for lo := 0; lo < n; lo += chunk {
		hi := min(lo+chunk, n)
		wg.Add(1)
		go func() {
			defer wg.Done()
			fn(lo, hi)
		}()
	}
	wg.Wait()
}

// Blocks calls fn(b) for every block b in [0, nb) on up to workers goroutines (workers ≤ 0
// means GOMAXPROCS), which take blocks in turn, and returns when every call has returned. The
// caller fixes the blocks from the data's shape alone and adds per-block partial results in
// block order afterwards: that ordered reduction gives the same bits on any number of cores,
// which Chunks (whose chunks depend on GOMAXPROCS) cannot promise for sums.
func Blocks(nb, workers int, fn func(b int)) { blocks(nb, workers, fn, nil) }

// WorkerBlocks is Blocks with the index of the goroutine that runs each block, in
// [0, min(workers, nb)), for per-goroutine scratch space. A goroutine takes the next block
// when it is done with its last one, so a core slowed by other work runs fewer blocks instead
// of holding up the rest, as a static split into equal chunks would.
func WorkerBlocks(nb, workers int, fn func(worker, b int)) { blocks(nb, workers, nil, fn) }

// blocks is the body of Blocks (fn) and WorkerBlocks (fnw), one of them nil; it takes both
// rather than wrapping one in the other, which would allocate a closure per call.
func blocks(nb, workers int, fn func(b int), fnw func(worker, b int)) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	w := min(workers, nb)
	if w <= 1 { // no goroutine, no allocation
		for b := 0; b < nb; b++ {
			if fn != nil {
				fn(b)
			} else {
				fnw(0, b)
			}
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	wg.Add(w)
	for wk := range w {
		go func() {
			defer wg.Done()
			for b := int(next.Add(1) - 1); b < nb; b = int(next.Add(1) - 1) {
				if fn != nil {
					fn(b)
				} else {
					fnw(wk, b)
				}
			}
		}()
	}
	wg.Wait()
}

// Team is a fixed set of goroutines that run a sequence of parallel sections (Run) with
// little overhead per section: for an algorithm that needs many short sections one after the
// other, such as the two shards of every training batch of nn.MLP. Starting goroutines for
// every section costs a wake-up of an idle core each time, which on the 2-core virtual bench
// machine takes 60–80 µs at best and milliseconds at worst (measured), as long as a small
// section. A member that took part in the last section instead waits for the next one by
// polling (yielding the processor between polls) for at most teamSpin before it blocks, so
// back-to-back sections start at once; a member that found no task left (its core is busy
// with other work) blocks at once, and so does the caller of Run when the members are slow
// to finish, so that a loaded machine loses no time to polling. A Team must be closed (Close)
// to let its goroutines go.
type Team struct {
	members int                     // goroutines besides the caller's
	cur     atomic.Pointer[section] // the current section (nil before the first)
	sleep   []atomic.Bool           // member i is blocked (or about to block) on wake[i]
	wake    []chan struct{}
	caller  atomic.Bool   // the caller of Run is blocked (or about to block) on done
	done    chan struct{} // a member finished the last task while the caller was blocked
	wg      sync.WaitGroup
}

// section is one Run: its tasks, the next one to take and how many are not yet finished. A
// member that is late still finds the section it started on, whose tasks are all taken.
type section struct {
	tasks      int
	fn         func(int)           // Run's tasks, or nil
	fnw        func(worker, i int) // RunWorker's tasks, or nil
	next, left atomic.Int64
	closed     bool // the team is closing
}

// teamSpin is how long a Team member or the caller polls before it blocks.
const teamSpin = 200 * time.Microsecond

// NewTeam starts a Team of workers goroutines in all, the caller's included (workers ≤ 0
// means GOMAXPROCS); with one worker, Run simply runs the tasks in order.
func NewTeam(workers int) *Team {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	t := &Team{members: max(0, workers-1), done: make(chan struct{}, 1)}
	t.sleep = make([]atomic.Bool, t.members)
	t.wake = make([]chan struct{}, t.members)
	t.wg.Add(t.members)
	for i := range t.members {
		t.wake[i] = make(chan struct{}, 1)
		go t.member(i)
	}
	return t
}

// Run calls fn(i) for every task i in [0, tasks) on the team's goroutines, which take the
// tasks in turn (the caller takes task 0 first, then helps with the rest), and returns when
// every call has returned. Sections run one at a time: Run must not be called concurrently,
// nor after Close.
func (t *Team) Run(tasks int, fn func(i int)) { t.run(tasks, fn, nil) }

// RunWorker is Run with the index of the goroutine that runs each task, in [0, Workers()) (the
// caller's is 0), for per-goroutine scratch space that lives as long as the team.
func (t *Team) RunWorker(tasks int, fn func(worker, i int)) { t.run(tasks, nil, fn) }

// Workers is the number of goroutines that run a section, the caller's included.
func (t *Team) Workers() int { return t.members + 1 }

// run is the body of Run (fn) and RunWorker (fnw), one of them nil.
func (t *Team) run(tasks int, fn func(int), fnw func(int, int)) {
	if t.members == 0 || tasks <= 1 {
		for i := range tasks {
			if fn != nil {
				fn(i)
			} else {
				fnw(0, i)
			}
		}
		return
	}
	s := &section{tasks: tasks, fn: fn, fnw: fnw}
	s.left.Store(int64(tasks))
	t.cur.Store(s)
	t.wakeSleepers()
	t.work(s, 0)
	start := time.Now()
	for spins := 0; s.left.Load() > 0; spins++ {
		if spins%16 != 15 {
			continue
		}
		runtime.Gosched()
		if time.Since(start) < teamSpin {
			continue
		}
		// Block until the member that finishes the last task wakes the caller; the count is
		// checked again after the flag is set, so a finish in between is not missed.
		t.caller.Store(true)
		if s.left.Load() == 0 && t.caller.Swap(false) {
			break
		}
		<-t.done
		break
	}
}

// Close ends the team's goroutines and waits for them.
func (t *Team) Close() {
	if t.members == 0 {
		return
	}
	t.cur.Store(&section{closed: true})
	t.wakeSleepers()
	t.wg.Wait()
}

func (t *Team) wakeSleepers() {
	for i := range t.sleep {
		if t.sleep[i].Swap(false) {
			t.wake[i] <- struct{}{}
		}
	}
}

// work runs tasks of the section as the given worker until none is left to take and returns
// how many it ran; whoever finishes the last task wakes a blocked caller.
func (t *Team) work(s *section, worker int) int {
	ran := 0
	for i := int(s.next.Add(1) - 1); i < s.tasks; i = int(s.next.Add(1) - 1) {
		if s.fn != nil {
			s.fn(i)
		} else {
			s.fnw(worker, i)
		}
		ran++
		if s.left.Add(-1) == 0 && t.caller.Swap(false) {
			t.done <- struct{}{}
		}
	}
	return ran
}

// member is the loop of team goroutine id: wait for a new section, help with it.
func (t *Team) member(id int) {
	defer t.wg.Done()
	var seen *section
	spin := true // the member ran a task in the last section: poll for the next one
	for {
		start := time.Now()
		for spins := 0; t.cur.Load() == seen; spins++ {
			if spin && spins%16 != 15 {
				continue
			}
			runtime.Gosched()
			if spin && time.Since(start) < teamSpin {
				continue
			}
			// Block until Run or Close wakes this member; the section is checked again after
			// the flag is set, so one published in between is not missed.
			t.sleep[id].Store(true)
			if t.cur.Load() != seen && t.sleep[id].Swap(false) {
				break // not yet seen by a waker: no send to take
			}
			<-t.wake[id]
			start = time.Now()
		}
		seen = t.cur.Load()
		if seen.closed {
			return
		}
		spin = t.work(seen, id+1) > 0
	}
}

// Latch is a countdown that goroutines wait on by polling, for the short waits inside a Team
// section whose tasks meet halfway (each waits until the other has finished a step): a
// blocking wait (sync.WaitGroup) parks the goroutine, its thread sleeps, and waking it again
// costs what Team avoids. Wait polls, yielding the processor, for teamSpin, then sleeps in
// short naps until the count reaches zero. The zero Latch is ready to use after Add.
type Latch struct{ n atomic.Int64 }

// Add adds n (positive) to the count.
func (l *Latch) Add(n int) { l.n.Add(int64(n)) }

// Done takes one from the count.
func (l *Latch) Done() { l.n.Add(-1) }

// Wait returns once the count is zero.
func (l *Latch) Wait() {
	start := time.Now()
	for spins := 0; l.n.Load() > 0; spins++ {
		if spins%16 != 15 {
			continue
		}
		runtime.Gosched()
		if time.Since(start) > teamSpin {
			time.Sleep(20 * time.Microsecond)
		}
	}
}
