package badinput

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"os"
	"os/exec"
	"reflect"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sltk-book/sltk/sltk/internal/check"
)

// exemption marks a row that the harness does not call, with the reason.
type exemption struct{ reason string }

func exempt(reason string) exemption { return exemption{reason} }

// A case is one call: an entry point with its arguments at the baseline of a profile, except
// argument arg set to a bad variant (arg = -1: all at the baseline).
type testCase struct {
	row  string
	fn   reflect.Value
	prof int
	arg  int
	bad  variant
}

func (c testCase) String() string {
	if c.arg < 0 {
		return fmt.Sprintf("%s(baseline %d)", c.row, c.prof)
	}
	return fmt.Sprintf("%s(arg %d = %s; baseline %d)", c.row, c.arg, c.bad.name, c.prof)
}

func (c testCase) args() []reflect.Value {
	t := c.fn.Type()
	in := make([]reflect.Value, t.NumIn())
	for i := range in {
		if i == c.arg {
			in[i] = c.bad.v
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
			out = append(out, testCase{row: name, fn: fn, prof: p, arg: -1})
			for i := 0; i < fn.Type().NumIn(); i++ {
				for _, b := range bad(fn.Type().In(i), p, 0) {
					out = append(out, testCase{row: name, fn: fn, prof: p, arg: i, bad: b})
				}
			}
		}
	}
	return out
}

const (
	timeout   = 3 * time.Second
	childEnv  = "BADINPUT_CHILD"
	fromEnv   = "BADINPUT_FROM"
	memLimit  = 512 << 20 // soft limit of the Go heap in the child
	addrLimit = 6 << 30   // hard limit of the child's address space: a huge allocation fails fast
)

// Outcome kinds. The first three (and "crash") fail the test.
const (
	kPanic     = "panic"
	kHang      = "hang"
	kNonFinite = "nonfinite"
	kCrash     = "crash" // the process died: out of memory, stack overflow, panic in a goroutine
	kOK        = "ok"
	kErr       = "error"
	kLoose     = "error without sentinel"
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
				idxS, msg, _ := strings.Cut(rest, " ")
				i, _ := strconv.Atoi(idxS)
				if kind == "B" {
					began = i
					continue
				}
				outcome[i], detail[i], last = kind, msg, i
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
		if outcome[i] == "" {
			outcome[i] = "known " + skip[c.String()] + " (not run)"
			knownFail[c.row] = true
		}
		counts[outcome[i]]++
		switch outcome[i] {
		case kPanic, kHang, kNonFinite, kCrash:
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
		kind, msg := run(all[i])
		fmt.Fprintf(log, "%s %d %s\n", kind, i, strings.ReplaceAll(msg, "\n", "⏎"))
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
	select {
	case <-time.After(timeout):
		return kHang, "no return within " + timeout.String()
	case r := <-done:
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
			if path := nonFinite(o, fmt.Sprintf("result %d", i), map[uintptr]bool{}, new(int)); path != "" {
				return kNonFinite, path
			}
		}
		return kOK, ""
	}
}

// panicSite returns the first library frame of the panicking goroutine's stack.
func panicSite() string {
	for _, l := range strings.Split(string(debug.Stack()), "\n") {
		l = strings.TrimSpace(l)
		if strings.Contains(l, "/sltk/sltk/") && !strings.Contains(l, "/badinput/") && strings.Contains(l, ".go:") {
			if i := strings.LastIndex(l, "/sltk/"); i >= 0 {
				l = l[i+len("/sltk/"):]
			}
			return strings.Fields(l)[0]
		}
	}
	return "?"
}

// nonFinite returns the path of the first NaN or ±Inf reachable from v (floats, slices, arrays,
// maps, struct fields, pointers; gonum matrices through their fields), or "".
func nonFinite(v reflect.Value, path string, seen map[uintptr]bool, budget *int) string {
	*budget++
	if *budget > 1e5 || !v.IsValid() {
		return ""
	}
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		if f := v.Float(); math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Sprintf("%s = %v", path, f)
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice {
			if v.IsNil() || seen[v.Pointer()] && v.Len() > 0 {
				return ""
			}
			seen[v.Pointer()] = true
		}
		for i := 0; i < v.Len(); i++ {
			if p := nonFinite(v.Index(i), fmt.Sprintf("%s[%d]", path, i), seen, budget); p != "" {
				return p
			}
		}
	case reflect.Pointer:
		if v.IsNil() || seen[v.Pointer()] {
			return ""
		}
		seen[v.Pointer()] = true
		return nonFinite(v.Elem(), path, seen, budget)
	case reflect.Interface:
		return nonFinite(v.Elem(), path, seen, budget)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if p := nonFinite(v.Field(i), path+"."+v.Type().Field(i).Name, seen, budget); p != "" {
				return p
			}
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			if p := nonFinite(it.Value(), fmt.Sprintf("%s[%v]", path, it.Key()), seen, budget); p != "" {
				return p
			}
		}
	}
	return ""
}
