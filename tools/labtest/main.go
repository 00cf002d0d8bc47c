// Command labtest drives the classic Jupyter Notebook page in headless Chromium the way a
// reader does: it opens a notebook with the server's token, chooses Cell ▸ Run All, waits for
// the kernel, and checks the page:
//
//   - every code cell finished without an error (the kernel's reply for each cell is "ok" and
//     no cell shows an error output);
//   - every figure the kernel sent is drawn as an SVG element of non-zero size, and there are
//     at least -min-figures of them;
//   - with -live, a cell added at the end shows a live figure (sltk/live), and moving its GoNB
//     slider redraws it with the numbers of a native run of the registry (live.go);
//   - with -progress, a cell added at the end runs a loop with viz.NewProgress, and the bar on
//     the page changes at least twice while the cell runs, then shows 100 %.
//
// A screenshot of the whole page after the run goes to -screenshot.
//
// The server is either one already running (-url, -token: the lab container) or, with -serve,
// `make lab` started on a free loopback port with a fresh token and stopped at the end.
// -must-fail names a notebook that has to be reported as failing (a cell with an error):
// the check that this test can fail at all. Exit status 0 only when every notebook behaved as
// expected.
package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"

	"github.com/chromedp/chromedp"
)

func main() {
	serve := flag.Bool("serve", false, "start `make lab` on a free loopback port (in -root)")
	root := flag.String("root", ".", "repository root (with -serve: where make lab runs)")
	base := flag.String("url", "", "base URL of a running server, e.g. http://127.0.0.1:8888/")
	token := flag.String("token", "", "the running server's token")
	prefix := flag.String("prefix", "", "path of the notebooks below the server's notebook dir")
	progress := flag.Bool("progress", true, "also check that a progress bar updates while its cell runs")
	liveFig := flag.Bool("live", false, "also add a live figure (sltk/live) and move its GoNB slider")
	minFigures := flag.Int("min-figures", 1, "figures the notebook must show at least")
	mustFail := flag.String("must-fail", "", "a notebook that must be reported as failing")
	shot := flag.String("screenshot", "", "PNG of the notebook page after the run")
	chromium := flag.String("chromium", "/usr/bin/chromium", "the browser")
	timeout := flag.Duration("timeout", 10*time.Minute, "for the whole test")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: labtest [flags] NOTEBOOK  (path below the notebook dir)\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 || (*serve == (*base != "")) {
		flag.Usage()
		os.Exit(2)
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()

	var lab *labServer
	if *serve {
		var err error
		if lab, err = startLab(ctx, *root); err != nil {
			fail("lab UI test: %v", err)
		}
		defer lab.stop()
		*base, *token = lab.url, lab.token
	}
	b, closeBrowser, err := newBrowser(ctx, *chromium)
	if err != nil {
		fail("lab UI test: %v", err)
	}
	defer closeBrowser()

	p := page{base: strings.TrimSuffix(*base, "/") + "/", token: *token}
	nb := filepath.ToSlash(filepath.Join(*prefix, flag.Arg(0)))
	p.live, p.root = *liveFig, *root
	r, err := p.run(b, nb, *progress, *shot)
	if err == nil && r.figures < *minFigures {
		err = fmt.Errorf("%d figures on the page, want at least %d", r.figures, *minFigures)
	}
	ok := err == nil
	if ok {
		fmt.Printf("lab UI test: PASS %s: %d code cells ran without error, %d SVG figures drawn, "+
			"%s (%.1f s)\n", nb, r.cells, r.figures, r.progress, r.seconds)
	} else {
		fmt.Printf("lab UI test: FAIL %s: %v\n", nb, err)
	}
	if *mustFail != "" {
		nb := filepath.ToSlash(filepath.Join(*prefix, *mustFail))
		_, err := p.run(b, nb, false, "")
		if err == nil {
			fmt.Printf("lab UI test: FAIL %s ran without error, but it has a failing cell\n", nb)
			ok = false
		} else {
			fmt.Printf("lab UI test: a failing notebook is reported: %s: %v\n", nb, err)
		}
	}
	closeBrowser()
	if lab != nil {
		lab.stop()
	}
	fmt.Printf("lab UI test: %.1f s in all\n", time.Since(start).Seconds())
	if !ok {
		os.Exit(1)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	os.Exit(1)
}

// labServer is `make lab` running in its own process group.
type labServer struct {
	cmd        *exec.Cmd
	url, token string
	log        *os.File
}

// startLab runs `make lab` on a free loopback port with a random token, its notebook dir the
// repository root (so that test notebooks outside notebooks/ can be opened), and waits until
// the server answers.
func startLab(ctx context.Context, root string) (*labServer, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	tok := make([]byte, 24)
	if _, err := rand.Read(tok); err != nil {
		return nil, err
	}
	log, err := os.CreateTemp("", "labtest-server-*.log")
	if err != nil {
		return nil, err
	}
	s := &labServer{url: fmt.Sprintf("http://127.0.0.1:%d/", port), token: hex.EncodeToString(tok), log: log}
	s.cmd = exec.Command("make", "--no-print-directory", "-C", root, "lab",
		fmt.Sprintf("LAB_PORT=%d", port), "LAB_IP=127.0.0.1", "LAB_DIR="+root)
	s.cmd.Env = append(os.Environ(), "JUPYTER_TOKEN="+s.token)
	s.cmd.Stdout, s.cmd.Stderr = log, log
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := s.cmd.Start(); err != nil {
		return nil, fmt.Errorf("make lab: %w", err)
	}
	exited := make(chan error, 1)
	go func() { exited <- s.cmd.Wait() }()
	deadline := time.Now().Add(90 * time.Second)
	for {
		resp, err := http.Get(s.url + "api/status?token=" + s.token)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return s, nil
			}
		}
		select {
		case err := <-exited:
			s.cmd.Process = nil
			return nil, fmt.Errorf("make lab exited (%v):\n%s", err, tail(log.Name(), 20))
		case <-ctx.Done():
		case <-time.After(200 * time.Millisecond):
		}
		if ctx.Err() != nil || time.Now().After(deadline) {
			s.stop()
			return nil, fmt.Errorf("make lab did not answer on %s:\n%s", s.url, tail(log.Name(), 20))
		}
	}
}

// stop ends the server with its kernels (the whole process group); it may be called twice.
func (s *labServer) stop() {
	if s.cmd == nil || s.cmd.Process == nil {
		return
	}
	pgid := s.cmd.Process.Pid
	_ = syscall.Kill(-pgid, syscall.SIGTERM)
	for i := 0; i < 50 && syscall.Kill(-pgid, 0) == nil; i++ {
		time.Sleep(100 * time.Millisecond)
	}
	_ = syscall.Kill(-pgid, syscall.SIGKILL)
	s.cmd.Process = nil
	s.log.Close()
	os.Remove(s.log.Name())
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func tail(path string, n int) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// newBrowser starts headless Chromium with the flags this closed network needs (no background
// connections) and a throw-away profile.
func newBrowser(ctx context.Context, path string) (context.Context, func(), error) {
	if _, err := os.Stat(path); err != nil {
		return nil, nil, fmt.Errorf("no browser at %s (Debian: apt-get install chromium)", path)
	}
	profile, err := os.MkdirTemp("", "labtest-chromium-")
	if err != nil {
		return nil, nil, err
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path), chromedp.UserDataDir(profile), chromedp.WindowSize(1280, 1000),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	if err := chromedp.Do(bctx); err != nil { // starts the browser
		cancelBrowser()
		cancelAlloc()
		os.RemoveAll(profile)
		return nil, nil, fmt.Errorf("starting %s: %w", path, err)
	}
	done := false
	return bctx, func() {
		if !done {
			done = true
			cancelBrowser()
			cancelAlloc()
			os.RemoveAll(profile)
		}
	}, nil
}

type page struct {
	base, token, root string
	live              bool // -live: also check a live figure's slider (live.go)
}

type result struct {
	cells, figures int
	progress       string
	seconds        float64
}

// state is what the page reports while the notebook runs.
type state struct {
	Code, Done, Running int
	Failed              []failure
}

type failure struct {
	Index  int // 1-based among all cells
	Code   int // 1-based among code cells
	Status string
	First  string // first line of the cell's source
	Output string // text of the cell's output area
}

type figure struct {
	Cell          int
	Want          int
	Width, Height []float64
}

// hooks makes the page safe and observable: nothing is ever saved back to the notebook file,
// and each execute reply from the kernel is recorded for its cell.
const hooks = `(() => {
  const nb = Jupyter.notebook;
  nb.set_autosave_interval(0);
  nb.save_notebook = () => Promise.resolve();
  const CodeCell = require('notebook/js/codecell').CodeCell;
  window.__lab = {replies: {}};
  nb.events.on('shell_reply.Kernel', (e, d) => {
    const r = d.reply;
    if (r.header.msg_type !== 'execute_reply') return;
    const cell = CodeCell.msg_cells[r.parent_header.msg_id];
    if (cell) window.__lab.replies[nb.find_cell_index(cell)] = r.content.status;
  });
  return true;
})()`

const ready = `!!(window.Jupyter && Jupyter.notebook && Jupyter.notebook._fully_loaded &&
  Jupyter.notebook.kernel && Jupyter.notebook.kernel.is_connected() &&
  Jupyter.notebook.kernel.info_reply && Jupyter.notebook.kernel.info_reply.status === 'ok')`

const poll = `(() => {
  const nb = Jupyter.notebook, s = {Code: 0, Done: 0, Running: 0, Failed: []};
  let code = 0;
  nb.get_cells().forEach((c, i) => {
    if (c.cell_type !== 'code') return;
    code++;
    if (c.get_text().trim() === '') return;
    s.Code++;
    if (c.element.hasClass('running')) s.Running++;
    const st = window.__lab.replies[i];
    const errOut = c.output_area.outputs.some(o => o.output_type === 'error');
    if (st) s.Done++;
    if ((st && st !== 'ok') || errOut) {
      const first = c.get_text().split('\n').find(l => l.trim() && l.trim() !== '%%') || '';
      s.Failed.push({Index: i + 1, Code: code, Status: st || 'error output', First: first.trim(),
        Output: c.output_area.element[0].innerText.slice(0, 2000)});
    }
  });
  return s;
})()`

const figures = `(() => {
  const res = [];
  Jupyter.notebook.get_cells().forEach((c, i) => {
    if (c.cell_type !== 'code') return;
    let want = 0;
    c.output_area.outputs.forEach(o => {
      const d = o.data || {};
      const h = [].concat(d['text/html'] || []).join('');
      if (h.includes('<svg') || d['image/svg+xml']) want++;
    });
    // A figure may carry a second rendering for phones (viz.HTML) that CSS hides here: only
    // the renderings on show count, and each of those must have a size.
    const svgs = [...c.output_area.element[0].querySelectorAll('svg')]
      .filter(s => !s.parentElement.closest('svg') && s.checkVisibility());
    if (!want && !svgs.length) return;
    const rs = svgs.map(s => s.getBoundingClientRect());
    res.push({Cell: i + 1, Want: want, Width: rs.map(r => r.width), Height: rs.map(r => r.height)});
  });
  return res;
})()`

// progressCell is added at the end of the notebook: a loop of about 2.5 s with a progress bar.
const progressCell = `import (
	"time"

	"github.com/sltk-book/sltk/sltk/viz"
)

%%
pr := viz.NewProgress("lab UI progress", 50)
for range 50 {
	time.Sleep(50 * time.Millisecond)
	pr.Add(1)
}
pr.Done()`

var percent = regexp.MustCompile(`lab UI progress: +(\d+)%`)

// run opens one notebook, runs all its cells through the menu and checks the page.
func (p page) run(ctx context.Context, nb string, progress bool, shot string) (result, error) {
	start := time.Now()
	var r result
	tab, closeTab := chromedp.NewContext(ctx)
	defer closeTab()
	u := p.base + "notebooks/" + (&url.URL{Path: nb}).EscapedPath() + "?token=" + url.QueryEscape(p.token)
	err := chromedp.Do(tab, chromedp.Navigate(u), waitTrue(ready, 120*time.Second),
		evaluate(hooks), chromedp.Click(chromedp.CSS(`#celllink`)),
		chromedp.Click(chromedp.CSS(`#run_all_cells > a`)))
	if err != nil {
		return r, fmt.Errorf("opening the notebook and choosing Cell ▸ Run All: %w%s", err, p.loginHint(tab))
	}
	s, err := waitRun(tab)
	if err != nil {
		return r, err
	}
	if len(s.Failed) > 0 {
		f := s.Failed[0]
		return r, fmt.Errorf("in cell %d (code cell %d): %s: %s\n%s", f.Index, f.Code, f.Status, f.First,
			indent(f.Output, 12))
	}
	r.cells = s.Code
	// The last outputs can arrive after the last reply (another channel): let them land.
	time.Sleep(time.Second)
	figs, err := chromedp.Run(tab, chromedp.Evaluate[[]figure](figures))
	if err != nil {
		return r, err
	}
	for _, f := range figs {
		if len(f.Width) < f.Want {
			return r, fmt.Errorf("in cell %d: %d figures sent, %d SVG elements on the page", f.Cell, f.Want, len(f.Width))
		}
		for k := range f.Width {
			if f.Width[k] <= 0 || f.Height[k] <= 0 {
				return r, fmt.Errorf("in cell %d: figure %d is drawn %gx%g px", f.Cell, k+1, f.Width[k], f.Height[k])
			}
		}
		r.figures += len(f.Width)
	}
	if progress {
		if r.progress, err = checkProgress(tab); err != nil {
			return r, err
		}
	}
	if p.live {
		live, err := checkLive(tab, p.root)
		if err != nil {
			return r, err
		}
		r.progress += "; " + live
	}
	if shot != "" {
		if err := screenshot(tab, shot); err != nil {
			return r, err
		}
	}
	r.seconds = time.Since(start).Seconds()
	return r, nil
}

// loginHint tells when the page is the login page (a wrong or missing token).
func (p page) loginHint(tab context.Context) string {
	ctx, cancel := context.WithTimeout(tab, 5*time.Second)
	defer cancel()
	if loc, err := chromedp.Run(ctx, chromedp.Location()); err == nil && strings.Contains(loc, "/login") {
		return " (the page is the login page: wrong token?)"
	}
	return ""
}

// waitRun waits until every code cell has its reply, or a cell failed and nothing runs any more.
func waitRun(tab context.Context) (state, error) {
	quiet := 0
	for {
		s, err := chromedp.Run(tab, chromedp.Evaluate[state](poll))
		if err != nil {
			return s, fmt.Errorf("reading the page: %w", err)
		}
		if s.Done == s.Code && s.Running == 0 {
			return s, nil
		}
		if len(s.Failed) > 0 && s.Running == 0 {
			if quiet++; quiet >= 8 { // 2 s without a running cell: the kernel stopped the run
				return s, nil
			}
		}
		select {
		case <-tab.Done():
			return s, fmt.Errorf("timed out with %d of %d code cells done", s.Done, s.Code)
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// checkProgress adds the progress cell at the end, runs it from the menu and watches its bar.
func checkProgress(tab context.Context) (string, error) {
	add := fmt.Sprintf(`(() => {
  const nb = Jupyter.notebook, c = nb.insert_cell_at_bottom('code');
  c.set_text(%q);
  nb.select(nb.find_cell_index(c));
  return nb.find_cell_index(c);
})()`, progressCell)
	idx, err := chromedp.Run(tab, chromedp.Evaluate[int](add))
	if err == nil {
		err = chromedp.Do(tab, chromedp.Click(chromedp.CSS(`#celllink`)),
			chromedp.Click(chromedp.CSS(`#run_cell > a`)))
	}
	if err != nil {
		return "", fmt.Errorf("adding and running the progress cell: %w", err)
	}
	read := fmt.Sprintf(`(() => { const c = Jupyter.notebook.get_cell(%d);
  return [c.element.hasClass('running') || !(%d in window.__lab.replies) ? 'running' : window.__lab.replies[%d],
          c.output_area.element[0].innerText]; })()`, idx, idx, idx)
	seen := map[string]bool{}
	var last []string
	for {
		var err error
		if last, err = chromedp.Run(tab, chromedp.Evaluate[[]string](read)); err != nil {
			return "", fmt.Errorf("reading the progress cell: %w", err)
		}
		if last[0] != "running" {
			break
		}
		if m := percent.FindStringSubmatch(last[1]); m != nil && m[1] != "100" {
			seen[m[1]] = true
		}
		select {
		case <-tab.Done():
			return "", errors.New("timed out waiting for the progress cell")
		case <-time.After(50 * time.Millisecond):
		}
	}
	if last[0] != "ok" {
		return "", fmt.Errorf("the progress cell failed (%s):\n%s", last[0], indent(last[1], 12))
	}
	// The reply can come before the last outputs (they travel on another channel): wait up
	// to 5 s for the final bar.
	for range 50 {
		if m := percent.FindStringSubmatch(last[1]); m != nil && m[1] == "100" {
			break
		}
		time.Sleep(100 * time.Millisecond)
		var err error
		if last, err = chromedp.Run(tab, chromedp.Evaluate[[]string](read)); err != nil {
			return "", fmt.Errorf("reading the progress cell: %w", err)
		}
	}
	if m := percent.FindStringSubmatch(last[1]); m == nil || m[1] != "100" {
		return "", fmt.Errorf("the progress bar does not end at 100%%: %q", last[1])
	}
	if len(seen) < 2 {
		return "", fmt.Errorf("the progress bar showed %d values below 100%% while its cell ran, want ≥ 2", len(seen))
	}
	return fmt.Sprintf("progress bar updated %d times while its cell ran", len(seen)), nil
}

// screenshot saves the whole notebook: the page scrolls inside #site, so the viewport is made
// as tall as the notebook first (at most 16000 px).
func screenshot(tab context.Context, path string) error {
	h, err := chromedp.Run(tab, chromedp.Evaluate[int64](`Math.min(16000,
	  document.getElementById('header').offsetHeight +
	  document.getElementById('notebook').scrollHeight + 40)`))
	if err == nil {
		err = chromedp.Do(tab, chromedp.EmulateViewport(1280, h), chromedp.Sleep(300*time.Millisecond))
	}
	var png []byte
	if err == nil {
		png, err = chromedp.Run(tab, chromedp.CaptureScreenshot())
	}
	if err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, png, 0o644)
}

// evaluate runs a script for its effect.
func evaluate(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Evaluate[bool](expr)(ctx, t)
		return err
	})
}

// waitTrue polls a script until it gives true.
func waitTrue(expr string, limit time.Duration) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		deadline := time.Now().Add(limit)
		for {
			if ok, err := chromedp.Evaluate[bool](expr)(ctx, t); err == nil && ok {
				return nil
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("the notebook page or its kernel was not ready after %s", limit)
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(200 * time.Millisecond):
			}
		}
	})
}

func indent(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append(lines[:n], "…")
	}
	return "    " + strings.Join(lines, "\n    ")
}
