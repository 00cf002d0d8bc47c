package badinput

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"reflect"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
)

// exemption marks a row that the harness does not call, with the reason.
type exemption struct{ reason string }

func exempt(reason string) exemption { return exemption{reason} }

// A case is one call: an entry point with its arguments at the baseline of a profile, except
// argument arg set to a bad variant (arg = -1: all at the baseline).
// arg2 ≥ 0 sets a second argument too (combos_test.go: two counts whose product matters);
// combo marks the calls of combos_test.go.
type testCase struct {
	row   string
	fn    reflect.Value
	prof  int
	arg   int
	bad   variant
	arg2  int
	bad2  variant
	combo bool
}

func (c testCase) String() string {
	switch {
	case c.arg < 0:
		return fmt.Sprintf("%s(baseline %d)", c.row, c.prof)
	case c.arg2 >= 0:
		return fmt.Sprintf("%s(arg %d = %s, arg %d = %s; baseline %d)", c.row, c.arg, c.bad.name, c.arg2, c.bad2.name, c.prof)
	}
	return fmt.Sprintf("%s(arg %d = %s; baseline %d)", c.row, c.arg, c.bad.name, c.prof)
}

func (c testCase) args() []reflect.Value {
	t := c.fn.Type()
	in := make([]reflect.Value, t.NumIn())
	for i := range in {
		if i == c.arg {
			in[i] = c.bad.v
		} else if i == c.arg2 {
			in[i] = c.bad2.v
		} else {
			in[i] = baseline(t.In(i), c.prof, 0)
		}
	}
	return in
}

// cases lists every call of the table in a fixed order.
func cases() []testCase {
	names := make([]string, 0, len(rows))
	for name := range rows {
		names = append(names, name)
	}
	sort.Strings(names)
	var out []testCase
	for _, name := range names {
		if _, ok := rows[name].(exemption); ok {
			continue
		}
		fn := reflect.ValueOf(rows[name])
		if fn.Kind() != reflect.Func {
			panic("row " + name + " is neither a function nor an exemption")
		}
		for p := 0; p < 2; p++ {
			out = append(out, testCase{row: name, fn: fn, prof: p, arg: -1, arg2: -1})
			for i := 0; i < fn.Type().NumIn(); i++ {
				if p > 0 && !shaped(fn.Type().In(i)) {
					continue // a scalar's bad variants do not depend on the profile
				}
				for _, b := range bad(fn.Type().In(i), p, 0) {
					out = append(out, testCase{row: name, fn: fn, prof: p, arg: i, bad: b, arg2: -1})
				}
			}
		}
		out = append(out, comboCases(name, fn, 0)...)
	}
	return out
}

// shaped reports whether the bad variants of t depend on the profile: matrices, vectors and
// slices. Profile 1 (square data) tries only these.
func shaped(t reflect.Type) bool {
	switch t {
	case tMatrix, tDense, tSymmetric, tSymDense, tVector, tVecDense:
		return true
	}
	return t.Kind() == reflect.Slice
}

const (
	timeout = 3 * time.Second
	// comboTimeout is the limit of a combined call (combos_test.go): counts at 2^20 drive
	// loops of millions of steps through the sweep's reflect-made callbacks, slow but bounded.
	comboTimeout = 15 * time.Second
	childEnv     = "BADINPUT_CHILD"
	fromEnv      = "BADINPUT_FROM"
	memLimit     = 512 << 20 // soft limit of the Go heap in the child
	addrLimit    = 6 << 30   // hard limit of the child's address space: a huge allocation fails fast
)

// Outcome kinds. Panics, hangs, non-finite results, crashes, lost calls and errors that wrap
// no sentinel of package errs fail the test.
const (
	kPanic     = "panic"
	kHang      = "hang"
	kNonFinite = "nonfinite"
	kCrash     = "crash" // the process died: out of memory, stack overflow, panic in a goroutine
	kLost      = "lost"  // never reported: a harness fault
	kOK        = "ok"
	kErr       = "error"
	kLoose     = "unwrapped-error" // an error that wraps no sentinel of package errs
)

// TestBadInput runs every case in a child process (the same test binary), which reports each
// outcome on a file as it goes; when a call kills the child (a fatal out-of-memory cannot be
// recovered) or hangs, the parent records it and restarts the child after that case.
func TestBadInput(t *testing.T) {
	if os.Getenv(childEnv) != "" {
		child(t)
		return
	}
	if testing.Short() {
		t.Skip("bad-input sweep skipped in -short mode")
	}
	all := cases()
	outcome := make([]string, len(all))
	detail := make([]string, len(all))
	took := make([]time.Duration, len(all))
	log := t.TempDir() + "/outcomes"
	start := time.Now()
	restarts := 0
	for from := 0; from < len(all); {
		os.Remove(log)
		cmd := exec.Command(os.Args[0], "-test.run=^TestBadInput$", "-test.timeout=0")
		cmd.Env = append(os.Environ(), childEnv+"="+log, fromEnv+"="+strconv.Itoa(from))
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		runErr := cmd.Run()
		last := from - 1
		began := -1
		if f, err := os.Open(log); err == nil {
			sc := bufio.NewScanner(f)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				kind, rest, _ := strings.Cut(sc.Text(), " ")
				idxS, rest, _ := strings.Cut(rest, " ")
				i, _ := strconv.Atoi(idxS)
				if kind == "B" {
					began = i
					continue
				}
				usS, msg, _ := strings.Cut(rest, " ")
				us, _ := strconv.Atoi(usS)
				outcome[i], detail[i], last, took[i] = kind, msg, i, time.Duration(us)*time.Microsecond
			}
			if err := sc.Err(); err != nil {
				t.Fatalf("reading the child's log: %v", err)
			}
			f.Close()
		}
		if runErr == nil { // the child ran every remaining case
			break
		}
		if began > last { // died inside a call
			outcome[began], detail[began] = kCrash, firstFatal(stderr.String())
			last = began
		}
		if last < from {
			t.Fatalf("child made no progress from case %d: %v\n%s", from, runErr, stderr.String())
		}
		from = last + 1
		restarts++
	}
	counts := map[string]int{}
	failRows, knownFail := map[string]bool{}, map[string]bool{}
	var fails, known []string
	for i, c := range all {
		if outcome[i] == "" && skip[c.String()] != "" {
			outcome[i] = "known " + skip[c.String()] + " (not run)"
			knownFail[c.row] = true
		}
		if outcome[i] == "" {
			outcome[i], detail[i] = kLost, "the child never reported this call"
		}
		counts[outcome[i]]++
		switch outcome[i] {
		case kPanic, kHang, kNonFinite, kCrash, kLost, kLoose:
			line := fmt.Sprintf("%s: %s: %s", outcome[i], c, detail[i])
			if broken[c.row] {
				knownFail[c.row] = true
				known = append(known, line)
				continue
			}
			failRows[c.row] = true
			fails = append(fails, line)
		}
	}
	slow := make([]int, len(all))
	for i := range slow {
		slow[i] = i
	}
	sort.Slice(slow, func(a, b int) bool { return took[slow[a]] > took[slow[b]] })
	var slowest []string
	for _, i := range slow[:min(10, len(slow))] {
		slowest = append(slowest, fmt.Sprintf("%v %s", took[i].Round(time.Millisecond), all[i]))
	}
	t.Logf("slowest calls:\n%s", strings.Join(slowest, "\n"))
	if len(known) > 0 {
		t.Logf("%d calls in %d rows of known-broken entry points (known_test.go) still break the "+
			"contract:\n%s", len(known), len(knownFail), strings.Join(known, "\n"))
	}
	for row := range broken {
		if !knownFail[row] && rows[row] != nil {
			t.Logf("row %s passes now: remove it from broken in known_test.go", row)
		}
	}
	exempted := 0
	for _, r := range rows {
		if _, ok := r.(exemption); ok {
			exempted++
		}
	}
	t.Logf("%d entry points (%d exempt) × corpus = %d calls in %v (%d child restarts): %v",
		len(rows), exempted, len(all), time.Since(start).Round(time.Millisecond), restarts, counts)
	if len(fails) > 0 {
		t.Errorf("%d calls in %d entry points broke the error contract:\n%s",
			len(fails), len(failRows), strings.Join(fails, "\n"))
	}
}

func firstFatal(stderr string) string {
	for _, l := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(l, "panic:") || strings.HasPrefix(l, "fatal error:") || strings.HasPrefix(l, "runtime:") {
			return strings.TrimSpace(l)
		}
	}
	return "process died"
}

// wallFactor bounds a call that blocks without computing: it hangs after wallFactor × its
// limit of wall time even though it used little CPU.
const wallFactor = 10

// await waits for the call's result and reports whether it came in time. The limit is CPU
// time of this process (the child runs one call at a time), limit per core the call may use,
// so a machine busy with other work does not turn a slow-but-bounded call into a hang; a call
// blocked without computing hangs after wallFactor × limit of wall time.
func await[T any](done <-chan T, r *T, limit time.Duration) bool {
	budget := limit * time.Duration(runtime.GOMAXPROCS(0))
	cpu0, wall := cpuTime(), time.After(wallFactor*limit)
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case *r = <-done:
			return true
		case <-wall:
			return false
		case <-tick.C:
			if cpuTime()-cpu0 > budget {
				return false
			}
		}
	}
}

// cpuTime is the user plus system time this process has used.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// child runs the cases from $BADINPUT_FROM on, appending "B i" before and "<kind> i <detail>"
// after each call to the file $BADINPUT_CHILD. A hang ends the process.
func child(t *testing.T) {
	debug.SetMemoryLimit(memLimit)
	lim := syscall.Rlimit{Cur: addrLimit, Max: addrLimit}
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &lim); err != nil {
		t.Logf("setrlimit: %v", err)
	}
	if err := os.Chdir(t.TempDir()); err != nil { // entry points that write files write here
		t.Fatal(err)
	}
	log, err := os.OpenFile(os.Getenv(childEnv), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	from, _ := strconv.Atoi(os.Getenv(fromEnv))
	all := cases()
	for i := from; i < len(all); i++ {
		if skip[all[i].String()] != "" {
			continue
		}
		fmt.Fprintf(log, "B %d\n", i)
		t0 := time.Now()
		kind, msg := run(all[i])
		if len(msg) > 300 {
			msg = msg[:300] + "…"
		}
		fmt.Fprintf(log, "%s %d %d %s\n", kind, i, time.Since(t0).Microseconds(), strings.ReplaceAll(msg, "\n", "⏎"))
		if kind == kHang {
			os.Exit(3)
		}
	}
}

// run makes one call in a goroutine and classifies its outcome.
func run(c testCase) (kind, msg string) {
	type result struct {
		out   []reflect.Value
		panic any
		stack string
	}
	limit := timeout
	if c.combo {
		limit = comboTimeout
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- result{panic: r, stack: panicSite()}
			}
		}()
		in := c.args()
		var out []reflect.Value
		if c.fn.Type().IsVariadic() {
			out = c.fn.CallSlice(in)
		} else {
			out = c.fn.Call(in)
		}
		done <- result{out: out}
	}()
	var r result
	if !await(done, &r, limit) {
		return kHang, "no return within " + limit.String() + " of CPU time per core (or " + (wallFactor * limit).String() + " of wall time)"
	}
	if r.panic != nil {
		return kPanic, fmt.Sprintf("%v at %s", r.panic, r.stack)
	}
	if n := len(r.out); n > 0 && r.out[n-1].Type() == tError && !r.out[n-1].IsNil() {
		err := r.out[n-1].Interface().(error)
		if check.Sentinel(err) == nil {
			return kLoose, err.Error()
		}
		return kErr, err.Error()
	}
	for i, o := range r.out {
		if o.CanInterface() {
			if path := fuzzdata.NonFinite(o.Interface()); path != "" {
				return kNonFinite, fmt.Sprintf("%d: %s", i, path)
			}
		}
	}
	return kOK, ""
}

// panicSite returns the innermost library function of the panicking goroutine's stack, with
// its file and line.
func panicSite() string {
	lines := strings.Split(string(debug.Stack()), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "github.com/sltk-book/sltk/sltk/") && !strings.Contains(l, "/internal/badinput") &&
			i+1 < len(lines) {
			fn := strings.TrimPrefix(l, "github.com/sltk-book/sltk/sltk/")
			if k := strings.LastIndex(fn, "("); k > 0 {
				fn = fn[:k]
			}
			file := strings.Fields(strings.TrimSpace(lines[i+1]))[0]
			return fn + " " + file[strings.LastIndex(file, "/")+1:]
		}
	}
	return "?"
}
