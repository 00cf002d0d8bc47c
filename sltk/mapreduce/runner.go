package mapreduce

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/runtime/graphx"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/typex"
	beamlog "github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/options/jobopts"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/universal/extworker"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/universal/runnerlib"
)

// Runner says where a pipeline runs. Every pipeline is submitted through Beam's portable
// (universal) runner, the path every cluster runner uses, with a LOOPBACK environment: the SDK
// worker runs in this process (its endpoint listens on localhost), so results come back in
// memory. The zero value runs it on Beam's Prism runner in a child process that listens on
// 127.0.0.1 only (StartJobServer), started on the first pipeline and kept for the life of the
// process; nothing it starts is reachable from another machine. With Endpoint set ("host:port" of
// a Beam job server: Prism, Flink, Spark) the pipeline goes to that server instead. Pipelines of
// one process run one at a time (Beam's runner options are global).
type Runner struct {
	// Endpoint of a job server; empty means the process's own loopback Prism (StartJobServer).
	Endpoint string
	// Verbose keeps Beam's and Prism's logging; by default only errors are printed.
	Verbose bool
	// Environment is where the SDK workers run, Beam's --environment_type: "" or "LOOPBACK"
	// (in this process), "EXTERNAL" (a worker pool at EnvironmentConfig, host:port, such as
	// `sltk-beam worker`), "PROCESS" or "DOCKER" (started by the job server from
	// EnvironmentConfig). Only the file pipelines (FileWordCount, FileSketch, FileKMeans,
	// FilePCA) accept another environment than LOOPBACK: the others hand their results back in
	// this process's memory. PROCESS and DOCKER workers run this program's binary, so its
	// main package must link Beam's worker hook, import _ ".../beam/core/runtime/harness/init"
	// (cmd/sltk-beam does; the Runner refuses these environments with ErrParam otherwise).
	Environment       string
	EnvironmentConfig string
	// Execute, if set, runs the pipeline instead of the portable runner above (Endpoint and
	// Environment are then ignored), for example beamx.Run with Beam's own --runner flag
	// (Flink, Spark, Dataflow); cmd/sltk-beam sets it. Only the file pipelines use it.
	Execute func(context.Context, *beam.Pipeline) (beam.PipelineResult, error)
}

var (
	runMu       sync.Mutex // Beam's job options are process-wide flags
	localServer *JobServer // the process's loopback Prism, once started
	sinkSeq     atomic.Int64
	sinks       sync.Map // sink id → *sink
)

// endpointDial bounds the check that a job server answers before a job is submitted (Beam's
// own client retries an unreachable endpoint for two minutes).
const endpointDial = 10 * time.Second

// run executes p and returns its metrics. Errors of the engine wrap ErrEngine.
func (r Runner) run(ctx context.Context, p *beam.Pipeline) (beam.PipelineResult, error) {
	if env := strings.ToUpper(r.Environment); env != "" && env != "LOOPBACK" || r.Execute != nil {
		return nil, fmt.Errorf("mapreduce: Runner: environment %q or Execute set: this pipeline hands results back in memory and needs LOOPBACK; use a File pipeline: %w", r.Environment, ErrParam)
	}
	return r.exec(ctx, p)
}

// exec runs p in r's environment (validated by envCheck).
func (r Runner) exec(ctx context.Context, p *beam.Pipeline) (beam.PipelineResult, error) {
	if ctx == nil {
		return nil, fmt.Errorf("mapreduce: nil context: %w", ErrParam)
	}
	env, err := r.envCheck(ctx)
	if err != nil {
		return nil, err
	}
	runMu.Lock()
	defer runMu.Unlock()
	if !beam.Initialized() {
		beam.Init()
	}
	quiet(r.Verbose)
	if r.Execute != nil {
		res, err := r.Execute(ctx, p)
		if err != nil {
			return nil, fmt.Errorf("mapreduce: Runner: the Beam job failed: %v: %w", err, ErrEngine)
		}
		return res, nil
	}
	endpoint := r.Endpoint
	if endpoint == "" {
		if localServer == nil || !localServer.running() { // never started, or killed since
			if localServer != nil {
				localServer.Close()
			}
			js, err := StartJobServer(ctx)
			if err != nil {
				return nil, err
			}
			localServer = js
		}
		endpoint = localServer.Endpoint
	}
	d := net.Dialer{Timeout: endpointDial}
	conn, err := d.DialContext(ctx, "tcp", endpoint)
	if err != nil {
		return nil, fmt.Errorf("mapreduce: job server %s unreachable: %v: %w", endpoint, err, ErrEngine)
	}
	conn.Close()
	*jobopts.EnvironmentType = env
	if env != "loopback" && *jobopts.WorkerBinary == "" {
		// Beam stages a worker binary for every environment but LOOPBACK, and would otherwise
		// try to compile one from the source directory of the main package (absent on a user's
		// machine): the running binary holds the same code. An EXTERNAL pool runs its own.
		if self, err := os.Executable(); err == nil {
			*jobopts.WorkerBinary = self
			defer func() { *jobopts.WorkerBinary = "" }()
		}
	}
	*jobopts.EnvironmentConfig = r.EnvironmentConfig
	res, err := submit(ctx, p, endpoint, env == "loopback")
	if err != nil {
		return nil, fmt.Errorf("mapreduce: Runner: the Beam job failed: %v: %w", err, ErrEngine)
	}
	return res, nil
}

// submit sends p to the portable job server at endpoint and waits for the job, as Beam's
// runners/universal.Execute does. That package is not imported because it also links Beam's
// worker-container hook (core/runtime/harness/init), and through it Google Cloud Storage, gRPC's
// xDS and OpenTelemetry: 260 of the 808 packages of a program that imported mapreduce, and a
// quarter of the link time of every notebook cell that uses this package (4.9 → 3.6 s). The
// pipelines here have no cross-language transforms, so no expansion artifacts are resolved;
// Beam's --beam_strict vetting (jobopts.Strict, off by default) is not applied.
func submit(ctx context.Context, p *beam.Pipeline, endpoint string, loopback bool) (beam.PipelineResult, error) {
	edges, _, err := p.Build()
	if err != nil {
		return nil, err
	}
	envConfig := jobopts.GetEnvironmentConfig
	if loopback { // the SDK worker in this process, on a localhost port
		srv, err := extworker.StartLoopback(ctx, 0)
		if err != nil {
			return nil, err
		}
		defer srv.Stop(ctx)
		envConfig = srv.EnvironmentConfig
	}
	env, err := graphx.CreateEnvironment(ctx, jobopts.GetEnvironmentUrn(ctx), envConfig)
	if err != nil {
		return nil, err
	}
	model, err := graphx.Marshal(edges, &graphx.Options{Environment: env,
		PipelineResourceHints: jobopts.GetPipelineResourceHints()})
	if err != nil {
		return nil, err
	}
	opt := &runnerlib.JobOptions{Name: jobopts.GetJobName(), Experiments: jobopts.GetExperiments(),
		Worker: *jobopts.WorkerBinary, RetainDocker: *jobopts.RetainDockerContainers,
		Parallelism: *jobopts.Parallelism, Loopback: loopback}
	return runnerlib.Execute(ctx, model, endpoint, opt, false)
}

// envCheck returns Beam's name of r's environment, and checks that an EXTERNAL worker pool
// answers (Prism's job server would otherwise end the job with a panic).
func (r Runner) envCheck(ctx context.Context) (string, error) {
	env := strings.ToUpper(cmp.Or(r.Environment, "LOOPBACK"))
	switch {
	case r.Execute != nil:
		return env, nil
	case env != "LOOPBACK" && env != "EXTERNAL" && env != "PROCESS" && env != "DOCKER":
		return "", fmt.Errorf("mapreduce: Runner: Environment = %q, want LOOPBACK, EXTERNAL, PROCESS or DOCKER: %w", r.Environment, ErrParam)
	case env == "EXTERNAL" && r.EnvironmentConfig == "":
		return "", fmt.Errorf("mapreduce: Runner: EXTERNAL needs the worker pool's host:port in EnvironmentConfig: %w", ErrParam)
	case (env == "PROCESS" || env == "DOCKER") && flag.Lookup("worker") == nil:
		// Beam's boot loader starts the staged binary (this program) with --worker; the hook
		// that turns it into an SDK worker is not linked by this package (see submit).
		return "", fmt.Errorf("mapreduce: Runner: the %s environment runs this program as Beam's SDK worker, which needs Beam's worker hook: import _ %q in package main: %w",
			env, "github.com/apache/beam/sdks/v2/go/pkg/beam/core/runtime/harness/init", ErrParam)
	case env == "EXTERNAL":
		d := net.Dialer{Timeout: endpointDial}
		conn, err := d.DialContext(ctx, "tcp", r.EnvironmentConfig)
		if err != nil {
			return "", fmt.Errorf("mapreduce: Runner: worker pool %s unreachable: %v: %w", r.EnvironmentConfig, err, ErrEngine)
		}
		conn.Close()
	}
	if env == "LOOPBACK" {
		env = "loopback"
	}
	return env, nil
}

// quiet silences Beam's SDK log and the slog default logger Prism writes to, unless verbose.
func quiet(verbose bool) {
	if verbose {
		beamlog.SetLogger(&beamlog.Structural{})
		slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, nil)))
		return
	}
	beamlog.SetLogger(errorsOnly{})
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
}

type errorsOnly struct{}

func (errorsOnly) Log(_ context.Context, sev beamlog.Severity, _ int, msg string) {
	if sev >= beamlog.SevError {
		fmt.Fprintln(os.Stderr, "beam:", msg)
	}
}

// sink gathers the elements a pipeline hands back to this process.
type sink struct {
	mu    sync.Mutex
	items []any
}

func newSink() string {
	id := strconv.FormatInt(sinkSeq.Add(1), 10)
	sinks.Store(id, &sink{})
	return id
}

// maxMeasuredRuns bounds how often measure runs a pipeline whose metrics came back incomplete.
const maxMeasuredRuns = 3

// measure runs p, gathers the sinks ids and reads the cost of its rounds. Prism now and then
// reports a job's metrics before the counters of its last bundles are merged (seen in about
// 1 of 50 jobs in a loaded container, never with the output incomplete): a round then shows
// fewer values at the reducers than its map emitted, which the model rules out (the shuffle
// delivers every pair). measure runs the job again in that case, with fresh sinks, at most
// maxMeasuredRuns times, and reports ErrEngine if the metrics never add up.
func (r Runner) measure(ctx context.Context, p *beam.Pipeline, mt *meter, ids ...string) ([][]any, Cost, error) {
	for run := 1; ; run++ {
		res, err := r.run(ctx, p)
		if err != nil {
			return nil, Cost{}, err
		}
		got := make([][]any, len(ids))
		for i, id := range ids {
			got[i] = take(id)
		}
		c, err := mt.read(res)
		if err != nil {
			return nil, Cost{}, err
		}
		bad := c.incomplete()
		if bad < 0 {
			return got, c, nil
		}
		if run == maxMeasuredRuns {
			return nil, Cost{}, fmt.Errorf("mapreduce: Runner: metrics of round %d incomplete in %d runs (map out %d, reduce in %d): %w", bad+1, run, c.Rounds[bad].MapOut, c.Rounds[bad].ReduceIn, ErrEngine)
		}
		for _, id := range append(ids, mt.loadSinks...) {
			if id != "" {
				sinks.Store(id, &sink{})
			}
		}
	}
}

// take removes sink id and returns what it gathered.
func take(id string) []any {
	v, ok := sinks.LoadAndDelete(id)
	if !ok {
		return nil
	}
	s := v.(*sink)
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.items
}

func (s *sink) add(x any) {
	s.mu.Lock()
	s.items = append(s.items, x)
	s.mu.Unlock()
}

func sinkFor(id string) *sink {
	v, ok := sinks.Load(id)
	if !ok {
		return &sink{} // a retried or stale bundle after take: drop
	}
	return v.(*sink)
}

// collectFn hands every element of a PCollection back to this process. It works with runners
// whose SDK worker is this process (Prism, or any job server with the LOOPBACK environment).
type collectFn struct{ ID string }

func (f *collectFn) ProcessElement(x beam.T) { sinkFor(f.ID).add(x) }

// pair is one key–value element handed back by collectKVFn.
type pair struct{ K, V any }

type collectKVFn struct{ ID string }

func (f *collectKVFn) ProcessElement(k beam.X, v beam.Y) { sinkFor(f.ID).add(pair{k, v}) }

// collect returns the sink id that will hold the elements of col after the run.
func collect(s beam.Scope, col beam.PCollection) string {
	id := newSink()
	if typex.IsKV(col.Type()) {
		beam.ParDo0(s, &collectKVFn{ID: id}, col)
	} else {
		beam.ParDo0(s, &collectFn{ID: id}, col)
	}
	return id
}

func init() {
	beam.RegisterType(reflect.TypeOf((*collectFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*collectKVFn)(nil)).Elem())
}
