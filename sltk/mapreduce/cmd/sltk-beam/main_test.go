package main

import (
	"bufio"
	"context"
	"fmt"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sltk-book/sltk/sltk/embed"
	"github.com/sltk-book/sltk/sltk/mapreduce"
	"github.com/sltk-book/sltk/sltk/stream"
)

// build compiles this command into dir.
func build(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "sltk-beam")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestClusterShape runs the command the way a cluster does, as far as one machine allows:
// three processes, the submitting command, a Prism job server (mapreduce.StartJobServer's
// child) and an EXTERNAL worker pool (`sltk-beam worker`) that runs every bundle; input and
// output are files. The word counts equal LocalWordCount's exactly and the sketches equal one
// pass's bit for bit, and the eigenvalues equal embed.PCA's. TestProcessWorkers runs the same
// word count with workers the job server starts itself (the PROCESS environment).
func TestClusterShape(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and starts three processes")
	}
	ctx := context.Background()
	dir := t.TempDir()
	bin := build(t, dir)
	pool := exec.Command(bin, "worker")
	stdout, _ := pool.StdoutPipe()
	if err := pool.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { pool.Process.Kill(); pool.Wait() }()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	addr, ok := strings.CutPrefix(strings.TrimSpace(line), "worker pool at ")
	if err != nil || !ok {
		t.Fatalf("worker pool said %q (%v)", line, err)
	}
	js, err := mapreduce.StartJobServer(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer js.Close()
	in, out := filepath.Join(dir, "in.txt"), filepath.Join(dir, "counts.tsv")
	text := []string{"the map the reduce", "", "shuffle the  map", "a b c a"}
	if err := mapreduce.WriteLines(ctx, in, func(y func(string) bool) {
		for range 50 {
			for _, l := range text {
				y(l)
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	beamFlags := []string{"--endpoint", js.Endpoint, "--environment_type", "EXTERNAL", "--environment_config", addr}
	cmd := exec.Command(bin, append([]string{"wordcount", "--input", in, "--output", out}, beamFlags...)...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("wordcount: %v\n%s", err, b)
	}
	got, err := mapreduce.ReadWordCounts(ctx, out)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := mapreduce.LocalWordCount(ctx, in)
	if !maps.Equal(got, want) || want["the"] != 150 {
		t.Errorf("counts %v, want %v", got, want)
	}
	items := filepath.Join(dir, "items.txt")
	mapreduce.WriteLines(ctx, items, func(y func(string) bool) {
		for i := range 5000 {
			y(fmt.Sprint(i % 37 * (i % 5)))
		}
	})
	cmd = exec.Command(bin, append([]string{"sketch", "--input", items, "--output", out, "--seed", "3", "--sample", "25"}, beamFlags...)...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("sketch: %v\n%s", err, b)
	}
	sk, err := mapreduce.ReadSketch(ctx, out)
	if err != nil {
		t.Fatal(err)
	}
	s := mapreduce.Sketches{}
	s.HeavyHitters.Seed, s.HLL.Seed, s.MCount.Seed, s.TugOfWar.Seed = 3, 3, 3, 3
	s.Sample = stream.BottomK{K: 25, Seed: 3}
	local, err := mapreduce.LocalSketch(ctx, s, items)
	if err != nil || !sk.Equal(local) {
		t.Errorf("sketches from the worker pool differ from one pass (%v)", err)
	}
	if got, _ := sk.Sample.Sample(); len(got) != 25 || !slices.Equal(sk.Sample.IDs(), local.Sample.IDs()) {
		t.Errorf("sample from the worker pool: %d records %v, want one pass's %v", len(got), sk.Sample.IDs(), local.Sample.IDs())
	}
	csv := filepath.Join(dir, "x.csv")
	mapreduce.WriteLines(ctx, csv, func(y func(string) bool) {
		for i := range 3000 {
			a, b := float64(i%17), float64(i%5)
			y(fmt.Sprintf("%g,%g,%g", a, a+b, 2*b-a))
		}
	})
	cmd = exec.Command(bin, append([]string{"pca", "--input", csv, "--output", out}, beamFlags...)...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("pca: %v\n%s", err, b)
	}
	x, _ := mapreduce.ReadCSV(ctx, csv)
	want2, _ := embed.PCA{}.Fit(x)
	got2, err := mapreduce.ReadLines(ctx, out)
	if err != nil || len(got2) < 2 {
		t.Fatalf("pca output: %v", err)
	}
	vals := strings.Split(strings.TrimPrefix(got2[1], "value\t"), ",")
	for j, v := range vals {
		f, _ := strconv.ParseFloat(v, 64)
		if math.Abs(f-want2.Values[j]) > 1e-9*want2.Values[0] {
			t.Errorf("eigenvalue %d: %v from the worker pool, %v from embed.PCA", j, f, want2.Values[j])
		}
	}
}

// TestFailsFast: an unreachable job server, an unreachable worker pool and a bad flag end the
// command within seconds, with a message naming the cause.
func TestFailsFast(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	dir := t.TempDir()
	bin := build(t, dir)
	in := filepath.Join(dir, "in.txt")
	os.WriteFile(in, []byte("a b\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"wordcount", "--input", in, "--output", in + ".out", "--endpoint", "127.0.0.1:1"}, "job server 127.0.0.1:1 unreachable", 1},
		{[]string{"wordcount", "--input", in, "--output", in + ".out", "--environment_type", "EXTERNAL", "--environment_config", "127.0.0.1:1"}, "worker pool 127.0.0.1:1 unreachable", 1},
		{[]string{"wordcount", "--input", in, "--outptu", "x"}, "flag provided but not defined: -outptu", 2},
		{[]string{"wordcount", "--input", filepath.Join(dir, "none*"), "--output", "x"}, "no file matches", 1},
		{[]string{"cluster"}, `unknown subcommand "cluster"`, 1},
	} {
		t0 := time.Now()
		b, err := exec.Command(bin, c.args...).CombinedOutput()
		ee, ok := err.(*exec.ExitError)
		if !ok || ee.ExitCode() != c.code || !strings.Contains(string(b), c.want) || time.Since(t0) > 15*time.Second {
			t.Errorf("%v: exit %v after %v, output %.300q; want code %d and %q", c.args, err, time.Since(t0), b, c.code, c.want)
		}
	}
}

// TestProcessWorkers: in the PROCESS environment the job server (Prism, a child process)
// starts this command as its SDK worker, which recognises the boot command line and runs
// Beam's harness; the counts equal LocalWordCount's.
func TestProcessWorkers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	ctx := context.Background()
	dir := t.TempDir()
	bin := build(t, dir)
	in, out := filepath.Join(dir, "in.txt"), filepath.Join(dir, "counts.tsv")
	os.WriteFile(in, []byte("to be or not to be\nthat is the question\n"), 0o644)
	cfg := fmt.Sprintf(`{"command": %q}`, bin)
	cmd := exec.Command(bin, "wordcount", "--input", in, "--output", out, "--environment_type", "PROCESS", "--environment_config", cfg)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("wordcount: %v\n%s", err, b)
	}
	got, err := mapreduce.ReadWordCounts(ctx, out)
	want, _ := mapreduce.LocalWordCount(ctx, in)
	if err != nil || !maps.Equal(got, want) || got["be"] != 2 {
		t.Errorf("counts %v (%v), want %v", got, err, want)
	}
}
