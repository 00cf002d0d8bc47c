// Package par runs loops over row ranges on several goroutines for the other sltk packages. It
// is internal: a building block, not part of the textbook's API.
package par

import (
	"runtime"
	"sync"
	"sync/atomic"
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
