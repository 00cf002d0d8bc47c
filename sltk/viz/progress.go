package viz

import (
	"fmt"
	"html"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/janpfeifer/gonb/gonbui"
)

// Progress reports how far a long loop has come: in GoNB an HTML bar that updates in place,
// on a terminal one line on stderr rewritten with \r, and elsewhere (logs, go test) nothing
// until Done prints a one-line summary.
//
// Add is cheap enough for the innermost loop: it costs one atomic addition and one atomic
// load until a count threshold is passed; only then does it read the clock, and the
// threshold adapts so that that happens about every 50 ms whatever the iteration rate. The
// display itself is redrawn at most every 100 ms (terminal) or 250 ms (notebook). Add and
// Done may be called from several goroutines.
type Progress struct {
	name  string
	total int64
	start time.Time

	count atomic.Int64
	next  atomic.Int64 // count at which Add next looks at the clock
	done  atomic.Bool

	mu       sync.Mutex // guards the fields below and the output
	lastDraw time.Time
	lastSeen time.Time
	seenAt   int64
	mode     progressMode
	out      io.Writer
	id       string // GoNB display id
}

type progressMode int

const (
	modeSilent progressMode = iota // not a terminal, not a notebook: summary at Done only
	modeTerminal
	modeNotebook
)

const (
	checkEvery     = 50 * time.Millisecond
	redrawTerminal = 100 * time.Millisecond
	redrawNotebook = 250 * time.Millisecond
	barCells       = 30
)

// NewProgress starts a progress display for total steps; total ≤ 0 means unknown, in which
// case the count and rate are shown without a bar. The display appears at the first redraw.
func NewProgress(name string, total int) *Progress {
	p := &Progress{name: name, total: int64(max(total, 0)), start: time.Now(), out: os.Stderr}
	p.lastSeen = p.start
	switch {
	case gonbui.IsNotebook:
		p.mode = modeNotebook
		p.id = "viz-progress-" + gonbui.UniqueId()
	case isTerminal(os.Stderr):
		p.mode = modeTerminal
	}
	p.next.Store(1)
	return p
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// Add records n more completed steps; on a nil Progress it does nothing.
func (p *Progress) Add(n int) {
	if p == nil {
		return
	}
	c := p.count.Add(int64(n))
	if c < p.next.Load() || p.done.Load() {
		return
	}
	p.tick(c)
}

// tick runs when the count passes the threshold: it sets the next threshold so the clock is
// read about every checkEvery, and redraws if the last redraw is old enough.
func (p *Progress) tick(c int64) {
	if !p.mu.TryLock() { // another goroutine is already drawing
		return
	}
	defer p.mu.Unlock()
	now := time.Now()
	dt := now.Sub(p.lastSeen)
	steps := c - p.seenAt
	stride := int64(1)
	if dt > 0 && steps > 0 {
		stride = max(1, int64(float64(steps)*float64(checkEvery)/float64(dt)))
	}
	p.lastSeen, p.seenAt = now, c
	p.next.Store(c + stride)
	every := redrawTerminal
	if p.mode == modeNotebook {
		every = redrawNotebook
	}
	if p.mode != modeSilent && now.Sub(p.lastDraw) >= every {
		p.lastDraw = now
		p.draw(c, now, false)
	}
}

// Done stops the display and leaves a final summary: in GoNB a finished bar that stays in
// the saved notebook, on a terminal the final line followed by a newline, elsewhere one
// summary line on stderr. Calls after the first do nothing, and so does a call on nil.
func (p *Progress) Done() {
	if p == nil || p.done.Swap(true) {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.draw(p.count.Load(), time.Now(), true)
}

// draw writes the current state; the caller holds p.mu.
func (p *Progress) draw(c int64, now time.Time, final bool) {
	elapsed := now.Sub(p.start)
	switch p.mode {
	case modeNotebook:
		h := p.html(c, elapsed, final)
		if final {
			gonbui.UpdateHTML(p.id, "") // drop the transient block, keep a permanent one
			gonbui.DisplayHTML(h)
			_ = flush()
		} else {
			gonbui.UpdateHTML(p.id, h)
		}
	case modeTerminal:
		end := ""
		if final {
			end = "\n"
		}
		fmt.Fprintf(p.out, "\r%s\x1b[K%s", p.text(c, elapsed, true), end)
	default:
		if final && p.out != nil { // a zero Progress has no output
			fmt.Fprintln(p.out, p.text(c, elapsed, false))
		}
	}
}

// text is the one-line form: name, bar, percentage, count, rate and time.
func (p *Progress) text(c int64, elapsed time.Duration, bar bool) string {
	var b strings.Builder
	b.WriteString(p.name)
	b.WriteString(": ")
	if p.total > 0 {
		frac := min(1, float64(c)/float64(p.total))
		if bar {
			full := int(frac * barCells)
			b.WriteString("[" + strings.Repeat("█", full) + strings.Repeat("·", barCells-full) + "] ")
		}
		fmt.Fprintf(&b, "%3.0f%% %d/%d", 100*frac, c, p.total)
	} else {
		fmt.Fprintf(&b, "%d", c)
	}
	fmt.Fprintf(&b, " %s, %s", rate(c, elapsed), elapsed.Round(100*time.Millisecond))
	if eta, ok := p.eta(c, elapsed); ok && c < p.total {
		fmt.Fprintf(&b, ", %s left", eta)
	}
	return b.String()
}

func rate(c int64, elapsed time.Duration) string {
	s := elapsed.Seconds()
	if s <= 0 {
		return "– it/s"
	}
	r := float64(c) / s
	switch {
	case r >= 1e6:
		return fmt.Sprintf("%.1fM it/s", r/1e6)
	case r >= 1e3:
		return fmt.Sprintf("%.1fk it/s", r/1e3)
	default:
		return fmt.Sprintf("%.1f it/s", r)
	}
}

// eta extrapolates the remaining time from the average rate so far.
func (p *Progress) eta(c int64, elapsed time.Duration) (time.Duration, bool) {
	if p.total <= 0 || c <= 0 {
		return 0, false
	}
	left := time.Duration(float64(elapsed) * float64(p.total-c) / float64(c))
	return left.Round(time.Second), true
}

// html is the notebook form: a thin bar in the palette's first colour with the text below.
func (p *Progress) html(c int64, elapsed time.Duration, final bool) string {
	pct := 100.0
	if p.total > 0 {
		pct = min(100, 100*float64(c)/float64(p.total))
	} else if !final {
		pct = 0
	}
	col := "#0072B2"
	if final {
		col = "#009E73"
	}
	return fmt.Sprintf(`<div style="font-family:sans-serif;font-size:12px;max-width:480px">`+
		`<div style="background:#e6e6e6;border-radius:3px;height:8px">`+
		`<div style="background:%s;width:%.1f%%;height:8px;border-radius:3px"></div></div>`+
		`<div style="color:#333;margin-top:2px">%s</div></div>`,
		col, pct, html.EscapeString(p.text(c, elapsed, false)))
}
