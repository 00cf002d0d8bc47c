package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"time"

	"github.com/chromedp/chromedp"
)

// liveCell is added at the end of the notebook with -live: a live figure (sltk/live) whose GoNB
// slider the test moves.
const liveCell = `import (
	"time"

	"github.com/sltk-book/sltk/sltk/live"
)

%%
live.IdleTimeout = 30 * time.Second
if _, err := live.Show("hoeffding-n"); err != nil {
	panic(err)
}`

// liveExpected is the native registry's run (cmd/livefig) of the figure liveCell shows.
type liveExpected struct {
	Name  string `json:"name"`
	Cases []struct {
		Value   float64            `json:"value"`
		Numbers map[string]float64 `json:"numbers"`
	} `json:"cases"`
}

// checkLive adds liveCell, runs it, moves the slider of the figure to the largest value as a
// reader does (a change event on the range input GoNB drew), waits for the kernel to redraw
// the figure in place, and compares the numbers shown with a native run of the registry; then
// presses "done", which ends the cell.
func checkLive(tab context.Context, root string) (string, error) {
	cmd := exec.Command("go", "-C", root, "run", "./sltk/live/cmd/livefig")
	// the project's own Go settings, whatever the caller's (make labtest runs with a hostile one)
	cmd.Env = append(os.Environ(), "GO111MODULE=on", "GOFLAGS=-mod=readonly", "GOWORK=")
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("live: the native registry run: %w", err)
	}
	var all []liveExpected
	if err := json.Unmarshal(out, &all); err != nil {
		return "", fmt.Errorf("live: reading the native run: %w", err)
	}
	var want liveExpected
	for _, e := range all {
		if e.Name == "hoeffding-n" {
			want = e
		}
	}
	if len(want.Cases) < 3 {
		return "", fmt.Errorf("live: hoeffding-n missing from the native run")
	}
	target := want.Cases[2] // the largest value
	add := fmt.Sprintf(`(() => {
  const nb = Jupyter.notebook, c = nb.insert_cell_at_bottom('code');
  c.set_text(%q);
  nb.select(nb.find_cell_index(c));
  window.__liveCell = c;
  return nb.find_cell_index(c);
})()`, liveCell)
	if _, err := chromedp.Run(tab, chromedp.Evaluate[int](add)); err != nil {
		return "", fmt.Errorf("live: adding the cell: %w", err)
	}
	if err := chromedp.Do(tab, chromedp.Click(chromedp.CSS(`#celllink`)),
		chromedp.Click(chromedp.CSS(`#run_cell > a`))); err != nil {
		return "", fmt.Errorf("live: running the cell: %w", err)
	}
	out0 := `window.__liveCell.output_area.element[0]`
	if err := chromedp.Do(tab, waitTrue(out0+`.querySelector('input[type=range][id^=gonb_slider_]') !== null &&
	  `+out0+`.querySelector('button') !== null`, 300*time.Second)); err != nil {
		text, _ := chromedp.Run(tab, chromedp.Evaluate[string](`(() => { const c = window.__liveCell;
  return (c.element.hasClass('running') ? '[running] ' : '[idle] ') + c.output_area.element[0].innerText.slice(0, 400) +
    ' gonb_comm: ' + (typeof globalThis.gonb_comm); })()`))
		return "", fmt.Errorf("live: no GoNB slider and button in the cell's output (%q): %w", text, err)
	}
	start := time.Now()
	move := fmt.Sprintf(`(() => { const o = %s, s = o.querySelector('input[type=range][id^=gonb_slider_]');
  const box = o.querySelector('.sltk-live'), vals = box.dataset.values.split(' ').map(Number);
  s.value = vals.indexOf(%v); s.dispatchEvent(new Event('change')); return true; })()`, out0, target.Value)
	if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](move)); err != nil {
		return "", fmt.Errorf("live: moving the slider: %w", err)
	}
	moved := fmt.Sprintf(`Number(%s.querySelector('.sltk-live').dataset.value) === %v`, out0, target.Value)
	if err := chromedp.Do(tab, waitTrue(moved, 60*time.Second)); err != nil {
		return "", fmt.Errorf("live: the figure was not redrawn at %v: %w", target.Value, err)
	}
	took := time.Since(start)
	read := fmt.Sprintf(`(() => { const o = {}; %s.querySelectorAll('.sltk-live .sltk-live-num').forEach(
  s => o[s.dataset.name] = Number(s.dataset.value)); return o; })()`, out0)
	got, err := chromedp.Run(tab, chromedp.Evaluate[map[string]float64](read))
	if err != nil {
		return "", fmt.Errorf("live: reading the numbers: %w", err)
	}
	for k, v := range target.Numbers {
		if g, ok := got[k]; !ok || math.Abs(g-v) > 1e-9*math.Max(math.Abs(g), math.Abs(v)) {
			return "", fmt.Errorf("live: at %v the lab shows %s = %v, the native registry %v", target.Value, k, got[k], v)
		}
	}
	if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](out0+`.querySelector('button').click() || true`)); err != nil {
		return "", fmt.Errorf("live: pressing done: %w", err)
	}
	if err := chromedp.Do(tab, waitTrue(`!window.__liveCell.element.hasClass('running')`, 60*time.Second)); err != nil {
		return "", fmt.Errorf("live: the cell did not end after done: %w", err)
	}
	return fmt.Sprintf("live figure redrawn by its GoNB slider in %.1f s with the native numbers", took.Seconds()), nil
}
