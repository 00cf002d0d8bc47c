// Command sltk-beam runs sltk's file pipelines (package mapreduce) on Beam, from a laptop to a
// cluster:
//
//	sltk-beam wordcount --input 'docs/*.txt' --output counts.tsv
//	sltk-beam sketch    --input items.txt   --output sketch.txt [--tau 0.01 --sample 100 --seed 1]
//	sltk-beam kmeans    --input x.csv --centroids start.csv --output centroids.csv [--max_iter 300 --tol 0]
//	sltk-beam pca       --input x.csv --output pca.txt [--components 2]
//	sltk-beam worker    --port 50000
//
// Beam's own flags choose where the job runs. Without --runner and --endpoint it runs on a
// Prism job server in a child process listening on 127.0.0.1 (mapreduce.StartJobServer), the
// workers in this process. --endpoint host:port submits to any portable job server (Prism,
// Flink's or Spark's job server), with --environment_type LOOPBACK (workers in this process),
// EXTERNAL (--environment_config host:port of a worker pool such as `sltk-beam worker`),
// PROCESS or DOCKER. --runner flink|spark|dataflow|prism|direct hands the pipeline to Beam's
// runner of that name with the rest of Beam's flags (--project, --region, --temp_location, …
// for Dataflow). On a cluster, --input and --output must name storage every worker sees
// (gs://…, or a shared filesystem); the GCS filesystem is linked in.
//
// `sltk-beam worker` is a Beam SDK worker pool (the EXTERNAL environment): it runs the bundles a
// job server on the same machine sends it, with this binary's code. The binary is also a
// PROCESS worker: --environment_type PROCESS --environment_config '{"command": "/path/sltk-beam"}'
// makes the job server start it for each worker (the path must exist where the workers run).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"

	"github.com/apache/beam/sdks/v2/go/container/tools"
	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/runtime/harness"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/options/jobopts"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/universal/extworker"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/util/grpcx"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	"gonum.org/v1/gonum/mat"

	"github.com/sltk-book/sltk/sltk/mapreduce"
	"github.com/sltk-book/sltk/sltk/stream"
)

var (
	input      = flag.String("input", "", "input file or glob (all subcommands but worker)")
	output     = flag.String("output", "", "output file")
	centroids  = flag.String("centroids", "", "kmeans: CSV of the k starting centroids")
	maxIter    = flag.Int("max_iter", 0, "kmeans: iteration cap (0: 300)")
	tol        = flag.Float64("tol", 0, "kmeans: relative cost decrease that stops (0: off)")
	components = flag.Int("components", 0, "pca: directions kept (0: all)")
	tau        = flag.Float64("tau", 0, "sketch: heavy-hitter threshold τ (0: 0.01)")
	sample     = flag.Int("sample", 0, "sketch: size of the uniform sample of lines (0: 100)")
	seed       = flag.Uint64("seed", 0, "sketch: seed of the hash functions")
	port       = flag.Int("port", 0, "worker: port of the worker pool (0: any)")
	verbose    = flag.Bool("v", false, "keep Beam's and Prism's logs")
)

const usage = "usage: sltk-beam wordcount|sketch|kmeans|pca|worker [flags]; sltk-beam -help for the flags"

func main() {
	if boot, ok := processWorker(os.Args[1:]); ok { // started by a job server (PROCESS)
		if err := boot(); err != nil {
			fmt.Fprintln(os.Stderr, "sltk-beam worker:", err)
			os.Exit(1)
		}
		return
	}
	if len(os.Args) < 2 || strings.HasPrefix(os.Args[1], "-") {
		if len(os.Args) >= 2 && (os.Args[1] == "-help" || os.Args[1] == "--help" || os.Args[1] == "-h") {
			fmt.Fprintln(os.Stderr, usage)
			flag.PrintDefaults()
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, usage)
		os.Exit(2)
	}
	cmd := os.Args[1]
	flag.CommandLine.Parse(os.Args[2:]) // exits 2 with a message on a bad flag
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "sltk-beam: unexpected arguments %q\n%s\n", flag.Args(), usage)
		os.Exit(2)
	}
	beam.Init()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, cmd); err != nil {
		fmt.Fprintln(os.Stderr, "sltk-beam:", err)
		os.Exit(1)
	}
}

// processWorker recognises the command line a job server gives the program of a PROCESS
// environment (--id=… --provision_endpoint=…, the boot protocol of Beam's SDK containers) and
// returns the worker: it asks the provision service for the control and logging endpoints and
// runs Beam's SDK harness in this process, with this binary's code (what Beam's Go boot loader
// would do after fetching the staged binary, which here is this one).
func processWorker(args []string) (func() error, bool) {
	var id, prov string
	for _, a := range args {
		if v, ok := strings.CutPrefix(a, "--id="); ok {
			id = strings.Trim(v, "'")
		} else if v, ok := strings.CutPrefix(a, "--provision_endpoint="); ok {
			prov = v
		}
	}
	if prov == "" {
		return nil, false
	}
	return func() error {
		beam.Init()
		ctx := grpcx.WriteWorkerID(context.Background(), id)
		info, err := tools.ProvisionInfo(ctx, prov)
		if err != nil {
			return err
		}
		opts := harness.Options{StatusEndpoint: info.GetStatusEndpoint().GetUrl(),
			RunnerCapabilities: info.GetRunnerCapabilities()}
		return harness.MainWithOptions(ctx, info.GetLoggingEndpoint().GetUrl(), info.GetControlEndpoint().GetUrl(), opts)
	}, true
}

// runner is the mapreduce.Runner Beam's flags describe.
func runner() mapreduce.Runner {
	r := mapreduce.Runner{Endpoint: *jobopts.Endpoint, Environment: *jobopts.EnvironmentType,
		EnvironmentConfig: *jobopts.EnvironmentConfig, Verbose: *verbose}
	switch *runners.Runner {
	case "", "universal", "portable":
	default:
		r.Execute = beamx.RunWithMetrics
	}
	return r
}

func run(ctx context.Context, cmd string) error {
	r := runner()
	switch cmd {
	case "wordcount":
		return mapreduce.FileWordCount(ctx, r, *input, *output)
	case "sketch":
		cfg := mapreduce.Sketches{HeavyHitters: stream.HeavyHitters{CountMin: stream.CountMin{Seed: *seed}, Tau: *tau},
			HLL: stream.HyperLogLog{Seed: *seed}, MCount: stream.MCount{Seed: *seed}, TugOfWar: stream.TugOfWar{Seed: *seed},
			Sample: stream.BottomK{K: *sample, Seed: *seed}}
		return mapreduce.FileSketch(ctx, r, cfg, *input, *output)
	case "kmeans":
		if *centroids == "" {
			return fmt.Errorf("kmeans needs --centroids (a CSV of the k starting centroids)")
		}
		start, err := mapreduce.ReadCSV(ctx, *centroids)
		if err != nil {
			return err
		}
		res, err := mapreduce.FileKMeans{Centroids: start, MaxIter: *maxIter, Tol: *tol}.Fit(ctx, r, *input, *output)
		if err == nil {
			fmt.Printf("k-means: %d iterations, converged %v, cost %g, sizes %v\n", res.Iter, res.Converged, res.Cost, res.Sizes)
		}
		return err
	case "pca":
		m, err := mapreduce.FilePCA{Components: *components}.Fit(ctx, r, *input, *output)
		if err == nil {
			fmt.Printf("PCA of %d rows: eigenvalues %.6g, components\n%.6g\n", m.N, m.Values, mat.Formatted(m.Components.T()))
		}
		return err
	case "worker":
		pool, err := extworker.StartLoopback(ctx, *port)
		if err != nil {
			return err
		}
		fmt.Println("worker pool at", pool.EnvironmentConfig(ctx))
		<-ctx.Done()
		return pool.Stop(context.Background())
	}
	return fmt.Errorf("unknown subcommand %q\n%s", cmd, usage)
}
