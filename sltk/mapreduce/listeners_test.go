package mapreduce_test

import (
	"context"
	"errors"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	. "github.com/sltk-book/sltk/sltk/mapreduce"
)

// TestDefaultRunnerListensOnLoopbackOnly runs pipelines on the default runner and, while they
// run, reads the listening sockets of this process and of its job server: every one must be on
// a loopback address. Before the job server moved to a child process, Beam's in-process Prism
// listened on "*:port" here.
func TestDefaultRunnerListensOnLoopbackOnly(t *testing.T) {
	if _, err := Listeners(os.Getpid()); errors.Is(err, ErrNoProcNet) {
		t.Skip("listeners are read from /proc (Linux)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute) // the first pipeline may build the job server
	defer cancel()
	docs := strings.Fields(strings.Repeat("the quick brown fox jumps over the lazy dog ", 2000))
	if _, _, err := WordCount(ctx, Runner{}, docs[:10], false); err != nil {
		t.Fatal(err)
	}
	child := LocalJobServerPid()
	if child == 0 {
		t.Fatal("the default runner started no job server")
	}
	seen := map[string]bool{}
	var mu sync.Mutex
	poll := func() {
		for _, pid := range []int{os.Getpid(), child} {
			ls, err := Listeners(pid)
			if err != nil {
				t.Errorf("listeners of %d: %v", pid, err)
				return
			}
			mu.Lock()
			for _, a := range ls {
				seen[a] = true
			}
			mu.Unlock()
		}
	}
	done := make(chan error)
	go func() {
		_, _, err := WordCount(ctx, Runner{}, docs, false)
		done <- err
	}()
	for running := true; running; {
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
			running = false
		case <-time.After(5 * time.Millisecond):
			poll()
		}
	}
	poll()
	if len(seen) == 0 {
		t.Fatal("no listening socket seen: the check saw nothing to check")
	}
	for a := range seen {
		if !strings.HasPrefix(a, "127.") && !strings.HasPrefix(a, "[::1]") {
			t.Errorf("listening beyond loopback: %s", a)
		}
	}
	t.Logf("listening while pipelines ran: %v", slices.Sorted(maps.Keys(seen)))
}

// A job server killed from outside is replaced by the next pipeline, not reported as
// unreachable for the rest of the process's life.
func TestKilledJobServerRestarted(t *testing.T) {
	ctx := context.Background()
	if _, _, err := WordCount(ctx, Runner{}, []string{"a b"}, false); err != nil {
		t.Fatal(err)
	}
	old := LocalJobServerPid()
	p, err := os.FindProcess(old)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Kill(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for LocalJobServerRunning() && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	got, _, err := WordCount(ctx, Runner{}, []string{"a b a"}, false)
	if err != nil || got["a"] != 2 {
		t.Fatalf("after the kill: %v, %v", got, err)
	}
	if now := LocalJobServerPid(); now == old || now == 0 {
		t.Errorf("job server pid %d, killed %d: not replaced", now, old)
	}
}

// TestJobServerWithoutOverlayRefused builds the job server command without the loopback
// edit, against Beam as it ships: it listens on all interfaces, and StartJobServer must refuse it.
func TestJobServerWithoutOverlayRefused(t *testing.T) {
	if _, err := Listeners(os.Getpid()); errors.Is(err, ErrNoProcNet) {
		t.Skip("listeners are read from /proc (Linux)")
	}
	if testing.Short() {
		t.Skip("builds a binary")
	}
	bin := filepath.Join(t.TempDir(), "prism-upstream")
	out, err := exec.Command("go", "build", "-o", bin, "./cmd/sltk-prism").CombinedOutput()
	if err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	t.Setenv("SLTK_PRISM", bin)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	js, err := StartJobServer(ctx)
	if err == nil {
		js.Close()
		t.Fatal("a job server listening on all interfaces was accepted")
	}
	if !errors.Is(err, ErrEngine) || !strings.Contains(err.Error(), "beyond loopback") {
		t.Errorf("error = %v", err)
	}
}

func TestProcAddr(t *testing.T) {
	for in, want := range map[string]string{
		"0100007F:1F90":                         "127.0.0.1:8080",
		"00000000:0050":                         "0.0.0.0:80",
		"00000000000000000000000001000000:0050": "[::1]:80",
		"00000000000000000000000000000000:1F90": "[::]:8080",
		"0000000000000000FFFF00000100007F:0016": "127.0.0.1:22", // IPv4-mapped
	} {
		got, err := ProcAddr(in)
		if err != nil || got != want {
			t.Errorf("procAddr(%s) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "0100007F", "zz00007F:0050", "0100007F:10000", "01:0050"} {
		if _, err := ProcAddr(bad); err == nil {
			t.Errorf("procAddr(%q) accepted", bad)
		}
	}
}

// The listener line is edited only where it occurs exactly once.
func TestLoopbackPatch(t *testing.T) {
	line := `lis, err := net.Listen("tcp", fmt.Sprintf(":%d", port))`
	got, err := LoopbackPatch([]byte("a\n" + line + "\nb"))
	if err != nil || !strings.Contains(string(got), `fmt.Sprintf("127.0.0.1:%d", port)`) {
		t.Errorf("patch: %s, %v", got, err)
	}
	for _, src := range []string{"no listener", line + "\n" + line} {
		if _, err := LoopbackPatch([]byte(src)); err == nil {
			t.Errorf("patched %q", src)
		}
	}
	mod, err := ChildGoMod(ModuleGoMod)
	if err != nil || strings.Contains(string(mod), "sltk-book") || !strings.Contains(string(mod), "apache/beam") {
		t.Errorf("child go.mod: %v\n%s", err, mod)
	}
}
