//go:build !(js && wasm)

package main

// precomputed lists the live figures whose book page redraws from frames computed natively
// when the book is built (livefig -frames), with the reason the page shows. Their first draw
// would run a whole annealing schedule in WebAssembly, seconds of the reader's time (measured
// in headless Chromium by main-thread CPU time: 8.4 s for slt/03's deterministic annealing and
// 2.3 s for slt/05's histogram clustering, against 0.3 s natively), where every later redraw of
// the same figure takes tens of milliseconds. In the lab the kernel computes natively and
// live.Show redraws them live.
var precomputed = map[string]string{
	"da-temperature":        annealing,
	"histogram-temperature": annealing,
}

const annealing = "frames precomputed when the book was built: the annealing run takes seconds in the browser"
