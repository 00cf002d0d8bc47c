package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"gonum.org/v1/gonum/mat"
)

// Inputs are a workload's named arrays. Every one is handed to the peer under the same name.
type Inputs map[string]*mat.Dense

// Result is what one side reports: the quality figure and an optional short note (e.g. the
// number of iterations run).
type Result struct {
	Quality float64
	Note    string
}

// Workload is one row of the table.
type Workload struct {
	// Name labels the row and is matched by -run.
	Name string
	// Quality names the quality figure both sides report, e.g. "cost (lower is better)".
	Quality string
	// Data builds the inputs from a fixed seed; it is not timed.
	Data func() (Inputs, error)
	// Run runs sltk on the inputs; the harness times the whole call, so do any set-up in Data.
	Run func(Inputs) (Result, error)
	// Peer is the name of a function in peers.py ("" for no peer), called with the inputs and
	// Params; it times only the fit.
	Peer   string
	Params map[string]any
	// GoPeer, instead of Peer, runs a Go peer library in this process on the same inputs, timed
	// like Run (e.g. apache/datasketches-go next to the streaming sketches).
	GoPeer func(Inputs) (Result, error)
	// Iter, if set, reads the iteration count from a side's note (0 if absent); when both
	// sides report one, the notes get the ratio of the peer's to sltk's time per iteration
	// (for rows whose two sides run different numbers of iterations).
	Iter func(note string) int
}

// registry holds the workloads in table order; files add theirs with register in an init
// function.
var registry []Workload

func register(w ...Workload) { registry = append(registry, w...) }

// writeInputs writes each array as <dir>/<name>.f64 (row-major little-endian float64) and
// <dir>/<name>.json ({"shape": [rows, cols]}).
func writeInputs(dir string, in Inputs) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, m := range in {
		r, c := m.Dims()
		buf := make([]byte, 8*r*c)
		for i := 0; i < r; i++ {
			for j := 0; j < c; j++ {
				binary.LittleEndian.PutUint64(buf[8*(i*c+j):], math.Float64bits(m.At(i, j)))
			}
		}
		if err := os.WriteFile(filepath.Join(dir, name+".f64"), buf, 0o644); err != nil {
			return err
		}
		meta, _ := json.Marshal(map[string]any{"shape": []int{r, c}, "dtype": "<f8"})
		if err := os.WriteFile(filepath.Join(dir, name+".json"), meta, 0o644); err != nil {
			return err
		}
	}
	return nil
}

type peerRunner struct{ python, script string }

type peerResult struct {
	Seconds float64 `json:"seconds"`
	CPU     float64 `json:"cpu_seconds"` // user + system seconds of the peer's threads
	Quality float64 `json:"quality"`
	Note    string  `json:"note"`
	MaxRSS  float64 `json:"maxrss_mib"` // peak resident set of the peer process, MiB
}

// peerProc is a running `python peers.py request.json`: it has loaded the data and imported its
// libraries, and times one more run of the peer each time it reads a line on its standard input.
type peerProc struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout *bufio.Reader
	stderr bytes.Buffer
}

// start writes the request (the peer function, the data files' prefixes, the parameters) and
// starts the peer process on it.
func (p peerRunner) start(fn, dir string, in Inputs, params map[string]any) (*peerProc, error) {
	names := make([]string, 0, len(in))
	for name := range in {
		names = append(names, name)
	}
	sort.Strings(names)
	data := map[string]string{}
	for _, name := range names {
		data[name] = filepath.Join(dir, name)
	}
	req, err := json.Marshal(map[string]any{"function": fn, "data": data, "params": params})
	if err != nil {
		return nil, err
	}
	reqPath := filepath.Join(dir, "request.json")
	if err := os.WriteFile(reqPath, req, 0o644); err != nil {
		return nil, err
	}
	pp := &peerProc{cmd: exec.Command(p.python, p.script, reqPath)}
	pp.cmd.Stderr = &pp.stderr
	if pp.stdin, err = pp.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	out, err := pp.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	pp.stdout = bufio.NewReader(out)
	if err := pp.cmd.Start(); err != nil {
		return nil, fmt.Errorf("%s %s: %w", p.python, filepath.Base(p.script), err)
	}
	// The peer says "ready" once its data are loaded, so that the loading does not overlap
	// sltk's first round.
	if line, err := pp.stdout.ReadString('\n'); err != nil || strings.TrimSpace(line) != "ready" {
		if err == nil {
			err = fmt.Errorf("first line %q, want \"ready\"", strings.TrimSpace(line))
		}
		return nil, pp.failed(err)
	}
	pp.settle()
	return pp, nil
}

// settle returns once the peer process has stopped using the CPU, or after two seconds. Its
// BLAS worker threads keep spinning after a call returns (after scikit-learn's GMM fit of 10^5
// rows: 94 ms of CPU in the next half second, none with OPENBLAS_NUM_THREADS=1), and on the
// two-core bench machine they took a core from the sltk round that followed: run back to back,
// GMM at 10^5 took 120 ms of wall time for 147 ms of CPU (a two-core speed-up of 1.23), and
// 67 ms for 132 ms once the peer was left to go idle first (1.96, the speed-up it has at 10^6,
// where the spinning is a small part of the round). The CPU time is read from /proc every
// 20 ms; where /proc is missing, settle returns at once.
func (pp *peerProc) settle() {
	stat := fmt.Sprintf("/proc/%d/stat", pp.cmd.Process.Pid)
	last := -1
	for start := time.Now(); time.Since(start) < 2*time.Second; time.Sleep(20 * time.Millisecond) {
		ticks := cpuTicks(stat)
		if ticks < 0 || ticks == last {
			return
		}
		last = ticks
	}
}

// cpuTicks is the user plus system time, in clock ticks, in a /proc/<pid>/stat file, or −1
// when the file cannot be read or parsed.
func cpuTicks(path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		return -1
	}
	// The fields after the command name, which is in parentheses and may hold spaces: state is
	// the first of them, utime the 12th and stime the 13th (fields 14 and 15 of proc(5)).
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return -1
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return -1
	}
	u, err1 := strconv.Atoi(f[11])
	s, err2 := strconv.Atoi(f[12])
	if err1 != nil || err2 != nil {
		return -1
	}
	return u + s
}

// run asks the peer for one timed run and parses its answer, one JSON line
// {"seconds", "cpu_seconds", "quality", "note", "maxrss_mib"}.
func (pp *peerProc) run() (peerResult, error) {
	if _, err := io.WriteString(pp.stdin, "run\n"); err != nil {
		return peerResult{}, pp.failed(err)
	}
	line, err := pp.stdout.ReadString('\n')
	if err != nil {
		return peerResult{}, pp.failed(err)
	}
	var res peerResult
	if err := json.Unmarshal([]byte(line), &res); err != nil {
		return peerResult{}, fmt.Errorf("peer output %q: %w", strings.TrimSpace(line), err)
	}
	pp.settle()
	return res, nil
}

// failed explains a broken pipe to the peer by the process's exit and its last line of stderr.
func (pp *peerProc) failed(err error) error {
	pp.stdin.Close()
	if werr := pp.cmd.Wait(); werr != nil {
		err = werr
	}
	return fmt.Errorf("%s: %v: %s", filepath.Base(pp.cmd.Path), err, lastLine(pp.stderr.String()))
}

// close ends the peer: it exits at the end of its input.
func (pp *peerProc) close() {
	pp.stdin.Close()
	_ = pp.cmd.Wait()
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}
