package viz

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestProgressTerminal(t *testing.T) {
	var buf bytes.Buffer
	p := NewProgress("loop", 1000)
	p.mode, p.out = modeTerminal, &buf
	for range 1000 {
		p.Add(1)
	}
	p.Done()
	p.Done() // second call is a no-op
	out := buf.String()
	if !strings.HasPrefix(out, "\r") || !strings.HasSuffix(out, "\n") || strings.Count(out, "\n") != 1 {
		t.Errorf("terminal output should be \\r-updated lines ending in one newline: %q", out)
	}
	last := out[strings.LastIndex(out, "\r")+1:]
	for _, want := range []string{"loop: [", "100% 1000/1000", "it/s"} {
		if !strings.Contains(last, want) {
			t.Errorf("final line %q lacks %q", last, want)
		}
	}
}

func TestProgressSilentPrintsSummaryOnly(t *testing.T) {
	var buf bytes.Buffer
	p := NewProgress("quiet", 0) // unknown total
	p.mode, p.out = modeSilent, &buf
	for range 50 {
		p.Add(2)
	}
	if buf.Len() != 0 {
		t.Fatalf("silent progress wrote before Done: %q", buf.String())
	}
	p.Done()
	if got := buf.String(); !strings.HasPrefix(got, "quiet: 100 ") || strings.Contains(got, "[") {
		t.Errorf("summary %q", got)
	}
}

func TestProgressConcurrentCount(t *testing.T) {
	var buf bytes.Buffer
	p := NewProgress("par", 4000)
	p.mode, p.out = modeTerminal, &buf
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 1000 {
				p.Add(1)
			}
		}()
	}
	wg.Wait()
	p.Done()
	if !strings.Contains(buf.String(), "4000/4000") {
		t.Errorf("concurrent adds lost counts: %q", buf.String())
	}
}

func TestProgressIsCheap(t *testing.T) {
	var buf bytes.Buffer
	p := NewProgress("fast", 5_000_000)
	p.mode, p.out = modeTerminal, &buf
	start := time.Now()
	for range 5_000_000 {
		p.Add(1)
	}
	el := time.Since(start)
	p.Done()
	// ~2 ns per call on an idle machine (10 ms in all); 1 s allows for a machine shared by
	// many jobs and the race detector, while a redraw or a lock per call would take seconds.
	if el > time.Second {
		t.Errorf("5e6 Add calls took %v", el)
	}
	if n := strings.Count(buf.String(), "\r"); n > int(el/redrawTerminal)+3 {
		t.Errorf("%d redraws in %v: not throttled", n, el)
	}
}

func TestProgressHTML(t *testing.T) {
	p := NewProgress("a<b", 10)
	h := p.html(5, time.Second, false)
	if !strings.Contains(h, "width:50.0%") || !strings.Contains(h, "a&lt;b") {
		t.Errorf("html %q", h)
	}
	if !strings.Contains(p.html(10, time.Second, true), "#009E73") {
		t.Error("finished bar should turn green")
	}
}

func BenchmarkProgressAdd(b *testing.B) {
	var buf bytes.Buffer
	p := NewProgress("bench", b.N)
	p.mode, p.out = modeTerminal, &buf
	for range b.N {
		p.Add(1)
	}
	p.Done()
}
