package mapreduce

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	_ "embed" // the job server's source and this module's requirements, built on first use
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The default runner does not call Beam's prism.Execute: that starts Prism's job server inside
// the process with net.Listen("tcp", ":0"), on every interface, for the life of the process, and
// Beam (v2.69 to v2.77) has no option for the address. Anyone who could reach the machine could
// submit pipelines to it. Instead the default runner starts Prism in a child process, built from
// cmd/sltk-prism against a throw-away copy of Beam's files in which that one listener is moved to
// 127.0.0.1: no copy of Beam's code is kept in this repository, only the one-line edit, and the
// build fails with ErrEngine if Beam's line is not found verbatim (a changed upstream). Before the first job
// the parent reads the child's listening sockets and refuses a child that listens anywhere but
// loopback. To expose a job server to other machines on purpose, run Beam's own Prism command
// (it listens on all interfaces) and set Runner.Endpoint.

//go:embed cmd/sltk-prism/main.go
var jobServerMain []byte

//go:embed go.mod
var moduleGoMod []byte

//go:embed go.sum
var moduleGoSum []byte

// beamModule is the module whose Prism job server the child runs; its version is the one this
// module requires (go.mod above), so the child and the SDK in this process agree.
const beamModule = "github.com/apache/beam/sdks/v2"

// prismListen is Beam's listener line and loopbackListen its replacement.
const (
	prismListenFile = "go/pkg/beam/runners/prism/internal/jobservices/server.go"
	prismListen     = `net.Listen("tcp", fmt.Sprintf(":%d", port))`
	loopbackListen  = `net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port))`
)

// jobServerStart bounds the wait for a started child to report that it serves.
const jobServerStart = 2 * time.Minute

// JobServer is a Prism job server in a child process that listens on 127.0.0.1 only. The
// default Runner starts one on first use and keeps it for the life of the process; start your
// own to control its lifetime and pass its Endpoint to Runner.
type JobServer struct {
	// Endpoint is "127.0.0.1:port", the address to give Runner.Endpoint.
	Endpoint string
	// Pid is the child's process id.
	Pid int

	cmd    *exec.Cmd
	stdin  io.WriteCloser
	done   chan error
	exited chan struct{} // closed when the child has ended, for whatever reason
	closed sync.Once
}

// running reports whether the child still runs (it may have been killed from outside).
func (j *JobServer) running() bool {
	select {
	case <-j.exited:
		return false
	default:
		return true
	}
}

// StartJobServer builds the loopback job server on first use (into the user's cache directory,
// 1–4 minutes on 2 cores, as Beam's packages compile anew from the edited copy; SLTK_PRISM
// names a binary built before), starts it on a free loopback port and returns when it serves.
// It fails with ErrEngine when the build or the start fails (a ctx that ends during the build
// ends it), or when the child listens on any address that is not loopback (checked on Linux
// through /proc; elsewhere the edited listener alone restricts it).
func StartJobServer(ctx context.Context) (*JobServer, error) {
	if ctx == nil {
		return nil, fmt.Errorf("mapreduce: StartJobServer: nil context: %w", ErrParam)
	}
	bin, err := jobServerBinary(ctx)
	if err != nil {
		return nil, err
	}
	port, err := freeLoopbackPort()
	if err != nil {
		return nil, fmt.Errorf("mapreduce: StartJobServer: no loopback port: %v: %w", err, ErrEngine)
	}
	cmd := exec.Command(bin, "-port", strconv.Itoa(port))
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("mapreduce: StartJobServer: %v: %w", err, ErrEngine)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("mapreduce: StartJobServer: %v: %w", err, ErrEngine)
	}
	var stderr tailBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("mapreduce: StartJobServer: start %s: %v: %w", bin, err, ErrEngine)
	}
	j := &JobServer{Endpoint: "127.0.0.1:" + strconv.Itoa(port), Pid: cmd.Process.Pid,
		cmd: cmd, stdin: stdin, done: make(chan error, 1), exited: make(chan struct{})}
	ready := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		ready <- sc.Scan() && sc.Text() == "ready"
		io.Copy(io.Discard, stdout)
		err := cmd.Wait()
		close(j.exited)
		j.done <- err
	}()
	timer := time.NewTimer(jobServerStart)
	defer timer.Stop()
	select {
	case ok := <-ready:
		if !ok {
			j.Close()
			return nil, fmt.Errorf("mapreduce: StartJobServer: the job server exited: %s: %w", stderr.String(), ErrEngine)
		}
	case <-timer.C:
		j.Close()
		return nil, fmt.Errorf("mapreduce: StartJobServer: no answer in %v: %w", jobServerStart, ErrEngine)
	case <-ctx.Done():
		j.Close()
		return nil, fmt.Errorf("mapreduce: StartJobServer: %v: %w", ctx.Err(), ErrEngine)
	}
	if open, err := nonLoopbackListeners(j.Pid); err != nil && !errors.Is(err, errNoProcNet) {
		j.Close()
		return nil, fmt.Errorf("mapreduce: StartJobServer: %v: %w", err, ErrEngine)
	} else if len(open) > 0 {
		j.Close()
		return nil, fmt.Errorf("mapreduce: StartJobServer: %s listens beyond loopback on %v "+
			"(built without the loopback edit?): %w", bin, open, ErrEngine)
	}
	return j, nil
}

// Close stops the job server: it closes the child's standard input, which ends it, and kills it
// if it is still running after five seconds. Later calls do nothing.
func (j *JobServer) Close() error {
	if j == nil || j.cmd == nil {
		return nil
	}
	j.closed.Do(func() {
		j.stdin.Close()
		select {
		case <-j.done:
		case <-time.After(5 * time.Second):
			j.cmd.Process.Kill()
			<-j.done
		}
	})
	return nil
}

var buildMu sync.Mutex // one build of the job server at a time in this process

// jobServerBinary returns the path of the loopback job server, building it on first use. The
// binary is keyed by a hash of its source, this module's requirements, the listener edit and the
// Go version, so an upgrade of any of them builds a new one.
func jobServerBinary(ctx context.Context) (string, error) {
	if p := os.Getenv("SLTK_PRISM"); p != "" {
		return p, nil
	}
	buildMu.Lock()
	defer buildMu.Unlock()
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	h := sha256.New()
	for _, b := range [][]byte{jobServerMain, moduleGoMod, []byte(loopbackListen + runtime.Version())} {
		h.Write(b)
	}
	dir := filepath.Join(cache, "sltk", "prism-"+hex.EncodeToString(h.Sum(nil))[:16])
	bin := filepath.Join(dir, "sltk-prism")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	if err := buildJobServer(ctx, dir, bin); err != nil {
		return "", fmt.Errorf("mapreduce: building the loopback job server: %v: %w", err, ErrEngine)
	}
	return bin, nil
}

// buildJobServer writes a throw-away module (cmd/sltk-prism's main.go; this module's
// requirements and checksums, so the build needs nothing the module cache lacks), replaces Beam
// in it by a copy of the Beam files the build reads (Go refuses overlays of files in the module
// cache) with Prism's listener edited, and builds into bin, atomically.
func buildJobServer(ctx context.Context, dir, bin string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(dir, "build-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	goMod, err := childGoMod(moduleGoMod)
	if err != nil {
		return err
	}
	files := map[string][]byte{"main.go": jobServerMain, "go.mod": goMod, "go.sum": moduleGoSum}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(tmp, name), b, 0o644); err != nil {
			return err
		}
	}
	goCmd := goCommand()
	run := func(args ...string) ([]byte, error) {
		c := exec.CommandContext(ctx, goCmd, args...)
		c.Dir = tmp
		c.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GO111MODULE=on",
			"GOTOOLCHAIN=local", "CGO_ENABLED=0")
		var out bytes.Buffer
		c.Stdout, c.Stderr = &out, &out
		err := c.Run()
		if err != nil {
			return nil, fmt.Errorf("go %s: %v: %s", strings.Join(args, " "), err, lastLines(out.String(), 8))
		}
		return out.Bytes(), nil
	}
	if err := copyBeam(run, tmp); err != nil {
		return err
	}
	server := filepath.Join(tmp, "beam", filepath.FromSlash(prismListenFile))
	src, err := os.ReadFile(server)
	if err != nil {
		return err
	}
	if src, err = loopbackPatch(src); err != nil {
		return fmt.Errorf("%s: %v", server, err)
	}
	if err := os.WriteFile(server, src, 0o644); err != nil {
		return err
	}
	f, err := os.OpenFile(filepath.Join(tmp, "go.mod"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(f, "\nreplace %s => ./beam\n", beamModule)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	part := filepath.Join(tmp, filepath.Base(bin))
	if _, err := run("build", "-o", part, "."); err != nil {
		return err
	}
	return os.Rename(part, bin)
}

// copyBeam copies the files of the Beam packages that the throw-away module in tmp builds
// (Go, assembly and embedded files, no tests: about 9 MB) and Beam's go.mod to tmp/beam.
func copyBeam(run func(...string) ([]byte, error), tmp string) error {
	out, err := run("list", "-m", "-f", "{{.Dir}}", beamModule)
	if err != nil {
		return err
	}
	root := strings.TrimSpace(string(out))
	const files = `{{if and .Module (eq .Module.Path "` + beamModule + `")}}{{$d := .Dir}}` +
		`{{range .GoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}{{range .SFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}` +
		`{{range .HFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}{{range .EmbedFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}{{end}}`
	out, err = run("list", "-deps", "-f", files, ".")
	if err != nil {
		return err
	}
	paths := append(strings.Fields(string(out)), filepath.Join(root, "go.mod"))
	for _, p := range paths {
		rel, err := filepath.Rel(root, p)
		if err != nil || strings.HasPrefix(rel, "..") {
			return fmt.Errorf("%s is outside %s", p, root)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		dst := filepath.Join(tmp, "beam", rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// loopbackPatch moves Prism's listener to 127.0.0.1. It fails unless Beam's line occurs exactly
// once, so an upstream change is reviewed rather than silently left listening everywhere.
func loopbackPatch(src []byte) ([]byte, error) {
	if n := bytes.Count(src, []byte(prismListen)); n != 1 {
		return nil, fmt.Errorf("holds %q %d times, not once: Beam changed, the loopback edit "+
			"must be reviewed", prismListen, n)
	}
	return bytes.Replace(src, []byte(prismListen), []byte(loopbackListen), 1), nil
}

// childGoMod turns this module's go.mod into the throw-away module's: another module path and
// no requirement on, or replacement of, sltk itself.
func childGoMod(goMod []byte) ([]byte, error) {
	var out bytes.Buffer
	found := false
	for _, line := range strings.Split(string(goMod), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) >= 2 && f[0] == "module":
			out.WriteString("module sltkprism\n")
			continue
		case len(f) >= 1 && (f[0] == "replace" || strings.HasPrefix(f[0], "github.com/sltk-book/sltk")):
			continue
		case len(f) >= 2 && (f[0] == "require" && f[1] == "github.com/sltk-book/sltk"):
			continue
		case len(f) >= 2 && f[0] == beamModule:
			found = true
		}
		out.WriteString(line + "\n")
	}
	if !found {
		return nil, fmt.Errorf("go.mod requires no %s", beamModule)
	}
	return out.Bytes(), nil
}

// goCommand is the go command on PATH, else the one of the toolchain that built this program.
func goCommand() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return filepath.Join(runtime.GOROOT(), "bin", "go")
}

// freeLoopbackPort asks the kernel for a free port on 127.0.0.1.
func freeLoopbackPort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// tailBuffer keeps the last 4 KiB written to it (a child's standard error).
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > 4096 {
		t.buf = t.buf[len(t.buf)-4096:]
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.TrimSpace(string(t.buf))
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
