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
	"strings"
	"syscall"
	"time"
)

func main() {
	runRe := flag.String("run", ".", "regular expression selecting workloads by name")
	out := flag.String("out", "", "directory for the data files and results.md (default: data in a temporary directory, results.md beside this program)")
	reps := flag.Int("reps", 1, "repetitions per side (at least 3 for runs under a second); the fastest time is reported")
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
	header := fmt.Sprintf("# sltk vs scikit-learn\n\n%s, %s/%s, GOMAXPROCS=%d, %d CPUs, best of %d (of 3 for runs under a second).\n\n",
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
	sltkSec, peerSec   float64
	sltkCPU, peerCPU   float64 // CPU seconds (user + system, all threads) of the fastest run
	sltkQual, peerQual float64
	hasPeer            bool
	sltkNote, peerNote string
	peerErr            string
	sltkMiB, peerMiB   float64 // peak resident set during the runs (0: not measured)
}

// A side whose run takes less than shortSec runs at least shortReps times (the fastest counts):
// one run of a short workload is at the mercy of the scheduler and of the garbage collector.
const (
	shortSec  = 1.0
	shortReps = 3
)

// more tells whether a side that has run rep times, the fastest in best seconds, runs again.
func more(rep, reps int, best float64) bool {
	return rep < reps || rep < shortReps && best < shortSec
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
// garbage of earlier rows is not billed to this one.
func timeGo(f func(Inputs) (Result, error), in Inputs) (res Result, wall, cpu float64, err error) {
	runtime.GC()
	resetPeakRSS()
	start, cpu0 := time.Now(), cpuSeconds()
	res, err = f(in)
	return res, time.Since(start).Seconds(), cpuSeconds() - cpu0, err
}

func runWorkload(w Workload, dir string, reps int, peer peerRunner) (row, error) {
	in, err := w.Data()
	if err != nil {
		return row{}, fmt.Errorf("data: %w", err)
	}
	r := row{name: w.Name, quality: w.Quality}
	for rep := 0; more(rep, reps, r.sltkSec); rep++ {
		res, sec, cpu, err := timeGo(w.Run, in)
		if err != nil {
			return row{}, fmt.Errorf("sltk: %w", err)
		}
		if rep == 0 || sec < r.sltkSec {
			r.sltkSec, r.sltkCPU = sec, cpu
		}
		r.sltkMiB = max(r.sltkMiB, peakRSS())
		r.sltkQual, r.sltkNote = res.Quality, res.Note
	}
	if w.GoPeer != nil {
		return runGoPeer(w, in, reps, r)
	}
	if w.Peer == "" {
		return r, nil
	}
	if err := writeInputs(dir, in); err != nil {
		return row{}, err
	}
	for rep := 0; more(rep, reps, r.peerSec); rep++ {
		res, err := peer.run(w.Peer, dir, in, w.Params)
		if err != nil {
			// A missing Python or scikit-learn should not hide the sltk figures.
			r.peerErr = err.Error()
			fmt.Fprintf(os.Stderr, "bench: %s: peer: %v\n", w.Name, err)
			return r, nil
		}
		if rep == 0 || res.Seconds < r.peerSec {
			r.peerSec, r.peerCPU = res.Seconds, res.CPU
		}
		r.peerMiB = max(r.peerMiB, res.MaxRSS)
		r.peerQual, r.peerNote, r.hasPeer = res.Quality, res.Note, true
	}
	if w.Iter != nil {
		if si, pi := w.Iter(r.sltkNote), w.Iter(r.peerNote); si > 0 && pi > 0 {
			r.sltkNote += fmt.Sprintf("; per iteration peer/sltk %.2f", r.peerSec/float64(pi)/(r.sltkSec/float64(si)))
		}
	}
	return r, nil
}

// runGoPeer times w.GoPeer like the sltk side and fills the peer columns of r.
func runGoPeer(w Workload, in Inputs, reps int, r row) (row, error) {
	for rep := 0; more(rep, reps, r.peerSec); rep++ {
		res, sec, cpu, err := timeGo(w.GoPeer, in)
		if err != nil {
			return row{}, fmt.Errorf("Go peer: %w", err)
		}
		if rep == 0 || sec < r.peerSec {
			r.peerSec, r.peerCPU = sec, cpu
		}
		r.peerMiB = max(r.peerMiB, peakRSS())
		r.peerQual, r.peerNote, r.hasPeer = res.Quality, res.Note, true
	}
	return r, nil
}

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
		notes := []string{}
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
