// Command sltk-prism is Beam's Prism job server for one parent process: it serves on the
// loopback port given by -port and exits when its standard input closes, so it never outlives
// the program that started it. mapreduce.StartJobServer builds it with its one listener moved
// from all interfaces to 127.0.0.1 (Beam's Prism listens on ":port"; see jobserver.go there)
// and starts it; built without that change it still runs, but StartJobServer refuses to use
// it, because it checks where the child listens before it submits anything.
//
// The file imports only the standard library and Beam, so that it builds in a throw-away module
// holding nothing but Beam's requirements.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
)

func main() {
	port := flag.Int("port", 0, "loopback port of the job service")
	verbose := flag.Bool("v", false, "keep Prism's log on standard error")
	flag.Parse()
	if *port <= 0 || *port > 65535 {
		fmt.Fprintln(os.Stderr, "sltk-prism: -port must be in [1, 65535]")
		os.Exit(2)
	}
	if !*verbose {
		slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	if _, err := prism.CreateJobServer(ctx, prism.Options{Port: *port, CancelFn: cancel}); err != nil {
		fmt.Fprintln(os.Stderr, "sltk-prism:", err)
		os.Exit(1)
	}
	fmt.Println("ready")
	go func() { // the parent holds the write end; it closes when the parent exits
		io.Copy(io.Discard, os.Stdin)
		cancel(nil)
	}()
	<-ctx.Done()
}
