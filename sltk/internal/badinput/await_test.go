package badinput

import (
	"testing"
	"time"
)

// TestAwait checks the hang detector itself: a result in time is taken, a call that spins
// and a call that blocks are both reported as hangs, and neither takes much longer than the
// wall-time cap.
func TestAwait(t *testing.T) {
	const limit = 50 * time.Millisecond
	quick := make(chan int, 1)
	quick <- 7
	var got int
	if !await(quick, &got, limit) || got != 7 {
		t.Fatalf("a ready result: await = false or %d, want true and 7", got)
	}
	stop := make(chan struct{})
	defer close(stop)
	spin := make(chan int, 1)
	go func() {
		for x := 0; ; x++ {
			select {
			case <-stop:
				return
			default:
			}
		}
	}()
	blocked := make(chan int)
	for name, ch := range map[string]chan int{"spinning": spin, "blocked": blocked} {
		t0 := time.Now()
		if await(ch, &got, limit) {
			t.Errorf("%s call: await = true, want a hang", name)
		}
		if d := time.Since(t0); d > 3*wallFactor*limit {
			t.Errorf("%s call: hang reported after %v, want about %v at most", name, d, wallFactor*limit)
		}
	}
}
