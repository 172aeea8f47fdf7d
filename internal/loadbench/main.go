// Command loadbench measures a generated server over streamable HTTP:
// it starts a local upstream and the petstore server binary with --http on
// a loopback port, then N clients (the official Go SDK, each its own
// session) make M calls each, mixing search, inspect and invoke. It
// reports throughput, p50/p99 latency, errors and the server's resident
// memory before and after. Every request goes to 127.0.0.1, and the run
// is bounded in calls and time. The load itself is internal/loadgen's.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"github.com/swag2mcp/swag2mcp/internal/loadgen"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// options of one run.
type options struct {
	server   string
	clients  int
	calls    int
	protocol string
	rounds   int
	timeout  time.Duration
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("loadbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.StringVar(&o.server, "server", "", "path of the generated petstore server binary")
	fs.IntVar(&o.clients, "clients", 50, "concurrent clients, each with its own session")
	fs.IntVar(&o.calls, "calls", 2000, "calls per client (search, inspect and invoke in turn)")
	fs.StringVar(&o.protocol, "protocol", "", "MCP protocol version the clients ask for (\"\": the latest, stateless 2026-07-28)")
	fs.IntVar(&o.rounds, "rounds", 1, "rounds of the whole load against the same server process, RSS after each")
	fs.DurationVar(&o.timeout, "timeout", 10*time.Minute, "stop the run after this long")
	if err := fs.Parse(args); err != nil || o.server == "" || o.clients < 1 || o.calls < 1 || o.rounds < 1 || o.rounds*o.clients*o.calls > 1_000_000 {
		fmt.Fprintln(stderr, "usage: loadbench -server PATH [-clients 50] [-calls 2000] (at most 1,000,000 calls)")
		return 2
	}
	if err := bench(o, stdout); err != nil {
		fmt.Fprintln(stderr, "loadbench:", err)
		return 1
	}
	return 0
}

func bench(o options, out io.Writer) error {
	ctx, cancel := context.WithTimeout(context.Background(), o.timeout)
	defer cancel()
	upstream := loadgen.Upstream()
	defer upstream.Close()
	srv, err := loadgen.Start(ctx, o.server, upstream.URL+"/api/v3")
	if err != nil {
		return err
	}
	defer srv.Stop()

	hc := loadgen.HTTPClient(o.clients)
	ids, err := loadgen.WarmUp(ctx, srv.URL, hc, o.protocol)
	if err != nil {
		return err
	}
	rssStart, err := loadgen.RSS(srv.Cmd.Process.Pid)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "loadbench: %d clients x %d calls (search, inspect, invoke in turn) over streamable HTTP, protocol %s, %d round(s)\n",
		o.clients, o.calls, loadgen.OrLatest(o.protocol), o.rounds)
	fmt.Fprintf(out, "machine: %d cores, load average %s at the start\n", runtime.NumCPU(), loadgen.LoadAvg())
	fmt.Fprintf(out, "server RSS after warm-up: %.1f MiB\n", float64(rssStart)/(1<<20))
	var first error
	for n := range o.rounds {
		r := loadgen.Run(ctx, []string{srv.URL}, hc, o.protocol, o.clients, o.calls, ids)
		rssEnd, err := loadgen.RSS(srv.Cmd.Process.Pid)
		if err != nil {
			return err
		}
		total := len(r.All)
		fmt.Fprintf(out, "round %d: %d calls in %.2f s = %.0f calls/s", n+1, total, r.Elapsed.Seconds(), float64(total)/r.Elapsed.Seconds())
		if total > 0 {
			fmt.Fprintf(out, ", p50 %s, p99 %s, max %s", loadgen.Pct(r.All, 0.50), loadgen.Pct(r.All, 0.99), r.All[total-1].Round(time.Microsecond))
		}
		fmt.Fprintf(out, ", errors %d, server RSS %.1f MiB\n", r.Errors, float64(rssEnd)/(1<<20))
		if first == nil {
			first = r.First
		}
	}
	fmt.Fprintf(out, "machine: load average %s at the end\n", loadgen.LoadAvg())
	if first != nil {
		return fmt.Errorf("calls failed; first: %w", first)
	}
	return nil
}
