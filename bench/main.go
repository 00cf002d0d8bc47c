// Command bench runs sltk workloads next to their scikit-learn peers on the very same data and
// prints one Markdown table: time and a quality figure for each side.
//
// Usage (from the repository root):
//
//	go run ./bench [-run regexp] [-out dir] [-reps n] [-maxn n] [-python /usr/bin/python3]
//
// A workload (see workload.go) builds its inputs from a fixed seed, runs sltk on them, and may
// name a function of peers.py that runs the peer. The harness writes every input array to the
// output directory as raw little-endian float64 with a JSON sidecar holding its shape, so the
// peer reads exactly the numbers sltk saw (including, for k-means, the initial centroids). Both
// sides time only the algorithm, not the loading. The table goes to stdout at the end and to
// results.md and results.json in the output directory (default: this directory, with the data
// in a temporary directory), which are rewritten after every row: an interrupted run keeps the
// rows it finished.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	runRe := flag.String("run", ".", "regular expression selecting workloads by name")
	out := flag.String("out", "", "directory for the data files and results.md (default: data in a temporary directory, results.md beside this program)")
	reps := flag.Int("reps", 1, "minimum rounds per row (a row under 0.1 s runs 15, under a second 5, under ten seconds 3); each side's median is reported")
	maxN := flag.Int("maxn", 0, "largest n of the scaling sweeps (0: every size; a quick run on a busy machine)")
	python := flag.String("python", "/usr/bin/python3", "Python interpreter with numpy and scikit-learn (Debian's, not a pyenv one)")
	peers := flag.String("peers", "", "path of peers.py (default: beside this program's source)")
	flag.Parse()
	if err := run(*runRe, *out, *reps, *maxN, *python, *peers); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(runRe, out string, reps, maxN int, python, peers string) error {
	re, err := regexp.Compile(runRe)
	if err != nil {
		return fmt.Errorf("-run: %w", err)
	}
	if reps < 1 {
		return fmt.Errorf("-reps = %d, want ≥ 1", reps)
	}
	srcDir := sourceDir()
	if peers == "" {
		peers = filepath.Join(srcDir, "peers.py")
	}
	resultsDir, dataDir := out, out
	if out == "" {
		resultsDir = srcDir
		if dataDir, err = os.MkdirTemp("", "sltk-bench-"); err != nil {
			return err
		}
		defer os.RemoveAll(dataDir)
	} else if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	peer := peerRunner{python: python, script: peers}
	var rows []row
	for _, w := range registry {
		if !re.MatchString(w.Name) {
			continue
		}
		fmt.Fprintf(os.Stderr, "bench: %s ...\n", w.Name)
		r, err := runWorkload(w, filepath.Join(dataDir, slug(w.Name)), reps, peer)
		if err != nil {
			return fmt.Errorf("%s: %w", w.Name, err)
		}
		rows = append(rows, r)
		// The table so far, after every row: an interrupted run keeps the rows it finished.
		if err := writeResults(resultsDir, rows, reps); err != nil {
			return err
		}
	}
	if err := runSweeps(re.MatchString, resultsDir, dataDir, reps, maxN, peer); err != nil {
		return err
	}
	if len(rows) == 0 {
		return nil // only sweeps matched
	}
	fmt.Print(renderTable(rows))
	return nil
}

// writeResults writes the rows finished so far as results.md and results.json in dir.
func writeResults(dir string, rows []row, reps int) error {
	header := fmt.Sprintf("# sltk vs scikit-learn\n\n%s, %s/%s, GOMAXPROCS=%d, %d CPUs; each side's median over interleaved rounds (at least %d; 15 for rows under 0.1 s, 5 under a second, 3 under ten).\n\n",
		time.Now().UTC().Format("2006-01-02"), runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0), runtime.NumCPU(), reps)
	if err := os.WriteFile(filepath.Join(dir, "results.md"), []byte(header+renderTable(rows)), 0o644); err != nil {
		return err
	}
	return writeJSON(filepath.Join(dir, "results.json"), rows, reps)
}

// sourceDir is the directory of this file at build time (go run keeps the path).
func sourceDir() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "bench"
	}
	return filepath.Dir(file)
}

func slug(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	return strings.Trim(b.String(), "-")
}

type row struct {
	name, quality      string
	sltkSec, peerSec   float64   // median wall seconds over the rounds
	sltkCPU, peerCPU   float64   // median CPU seconds (user + system, all threads)
	sltkRuns, peerRuns []float64 // wall seconds of every round, in order
	sltkQual, peerQual float64
	hasPeer            bool
	sltkNote, peerNote string
	peerErr            string
	sltkMiB, peerMiB   float64 // peak resident set during the runs (0: not measured)
}

// rounds is how many times each side runs, given the minimum asked for (-reps) and the
// seconds of the slower side's first run. One run of a short workload is at the mercy of the
// scheduler, the garbage collector and a cold cache, so short rows run more often and the
// median counts; a row of minutes runs once unless -reps asks for more. A row of under 0.1 s
// runs 15 times: there a wake-up of an idle core costs milliseconds on either side, and with 5
// rounds the median of k-means at 10^5 × 2 (14 ms) swung from 3.27× to 1.53× between two
// runs as scikit-learn's rounds spread over 22–79 ms.
func rounds(reps int, first float64) int {
	switch {
	case first < 0.1:
		return max(reps, 15)
	case first < 1:
		return max(reps, 5)
	case first < 10:
		return max(reps, 3)
	}
	return reps
}

// median of xs (the mean of the middle two for an even count); xs is not modified.
func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// cpuSeconds is the process's user plus system CPU time in seconds (all threads), measured
// beside the wall time because the bench machine is often shared.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

// timeGo times one in-process run (wall and CPU seconds) after a collection, so that the
// garbage of earlier runs is not billed to this one.
func timeGo(f func(Inputs) (Result, error), in Inputs) (res Result, wall, cpu float64, err error) {
	runtime.GC()
	resetPeakRSS()
	start, cpu0 := time.Now(), cpuSeconds()
	res, err = f(in)
	return res, time.Since(start).Seconds(), cpuSeconds() - cpu0, err
}

// runWorkload runs the two sides in interleaved rounds (sltk, then the peer, then sltk again …)
// and reports each side's median. Interleaving puts both sides under the same load when the
// machine is shared, and a Python peer runs all its rounds in one process, as the Go side does,
// so neither side alone pays the cold start of its runtime in every round.
func runWorkload(w Workload, dir string, reps int, peer peerRunner) (row, error) {
	in, err := w.Data()
	if err != nil {
		return row{}, fmt.Errorf("data: %w", err)
	}
	r := row{name: w.Name, quality: w.Quality}
	var runPeer func() (peerResult, error)
	switch {
	case w.GoPeer != nil:
		runPeer = func() (peerResult, error) {
			res, sec, cpu, err := timeGo(w.GoPeer, in)
			if err != nil {
				return peerResult{}, fmt.Errorf("Go peer: %w", err)
			}
			return peerResult{Seconds: sec, CPU: cpu, Quality: res.Quality, Note: res.Note, MaxRSS: peakRSS()}, nil
		}
	case w.Peer != "":
		if err := writeInputs(dir, in); err != nil {
			return row{}, err
		}
		p, err := peer.start(w.Peer, dir, in, w.Params)
		if err != nil {
			r.peerErr = err.Error()
			break
		}
		defer p.close()
		runPeer = p.run
	}
	var sltkCPU, peerCPU []float64
	for round, n := 0, 1; round < n; round++ {
		res, sec, cpu, err := timeGo(w.Run, in)
		if err != nil {
			return row{}, fmt.Errorf("sltk: %w", err)
		}
		r.sltkRuns, sltkCPU = append(r.sltkRuns, sec), append(sltkCPU, cpu)
		r.sltkMiB = max(r.sltkMiB, peakRSS())
		r.sltkQual, r.sltkNote = res.Quality, res.Note
		slower := sec
		if runPeer != nil {
			res, err := runPeer()
			if err != nil {
				if w.GoPeer != nil {
					return row{}, err
				}
				// A missing Python or scikit-learn should not hide the sltk figures.
				r.peerErr, runPeer = err.Error(), nil
				r.peerRuns, peerCPU, r.hasPeer = nil, nil, false
			} else {
				r.peerRuns, peerCPU = append(r.peerRuns, res.Seconds), append(peerCPU, res.CPU)
				r.peerMiB = max(r.peerMiB, res.MaxRSS)
				r.peerQual, r.peerNote, r.hasPeer = res.Quality, res.Note, true
				slower = max(slower, res.Seconds)
			}
		}
		if round == 0 {
			n = rounds(reps, slower)
		}
	}
	if r.peerErr != "" {
		fmt.Fprintf(os.Stderr, "bench: %s: peer: %s\n", w.Name, r.peerErr)
	}
	r.sltkSec, r.sltkCPU = median(r.sltkRuns), median(sltkCPU)
	if r.hasPeer {
		r.peerSec, r.peerCPU = median(r.peerRuns), median(peerCPU)
	}
	if w.Iter != nil {
		if si, pi := w.Iter(r.sltkNote), w.Iter(r.peerNote); si > 0 && pi > 0 {
			r.sltkNote += fmt.Sprintf("; per iteration peer/sltk %.2f", r.peerSec/float64(pi)/(r.sltkSec/float64(si)))
		}
	}
	return r, nil
}

// spread describes a side's rounds for the notes: their count and range.
func spread(runs []float64) string {
	if len(runs) < 2 {
		return "1 run"
	}
	s := append([]float64(nil), runs...)
	sort.Float64s(s)
	return fmt.Sprintf("%d runs, %s–%s s", len(s), fmtSec(s[0]), fmtSec(s[len(s)-1]))
}

// fmtSec prints seconds with three significant digits.
func fmtSec(x float64) string { return strconv.FormatFloat(x, 'g', 3, 64) }

func renderTable(rows []row) string {
	var b strings.Builder
	b.WriteString("| workload | quality | sltk s | peer s | peer/sltk | cpu peer/sltk | sltk quality | peer quality | sltk MiB | peer MiB | notes |\n")
	b.WriteString("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|\n")
	for _, r := range rows {
		peerSec, ratio, cpuRatio, peerQual := "—", "—", "—", "—"
		if r.hasPeer {
			peerSec = fmt.Sprintf("%.3f", r.peerSec)
			ratio = fmt.Sprintf("%.2f", r.peerSec/r.sltkSec)
			peerQual = fmt.Sprintf("%.10g", r.peerQual)
			if r.peerCPU > 0 && r.sltkCPU > 0 {
				cpuRatio = fmt.Sprintf("%.2f", r.peerCPU/r.sltkCPU)
			}
		}
		notes := []string{"sltk " + spread(r.sltkRuns)}
		if r.hasPeer {
			notes[0] += ", peer " + spread(r.peerRuns)
		}
		if r.sltkNote != "" {
			notes = append(notes, "sltk: "+r.sltkNote)
		}
		if r.peerNote != "" {
			notes = append(notes, "peer: "+r.peerNote)
		}
		if r.peerErr != "" {
			notes = append(notes, "peer failed: "+r.peerErr)
		}
		cell := strings.NewReplacer("|", `\|`).Replace // a | inside a cell would end it
		mib := func(v float64) string {
			if v == 0 {
				return "—"
			}
			return fmt.Sprintf("%.0f", v)
		}
		fmt.Fprintf(&b, "| %s | %s | %.3f | %s | %s | %s | %.10g | %s | %s | %s | %s |\n",
			cell(r.name), cell(r.quality), r.sltkSec, peerSec, ratio, cpuRatio, r.sltkQual, peerQual,
			mib(r.sltkMiB), mib(r.peerMiB), cell(strings.Join(notes, "; ")))
	}
	return b.String()
}
