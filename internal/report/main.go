// Command report measures the speed and size goals on real specs (`make
// report`: GitHub's REST spec and, when fetched, Microsoft Graph beta).
// For each spec it prints generation wall time, CPU time and peak memory
// (median of -runs runs), the build of the generated server with the
// runtime already compiled, the binary's size, the tools/list size and the
// time from spawning the server to its first tools/list answer (with the
// CPU time a start costs). With -peer it runs the peer generator on the
// first spec in the same loop, alternating with ours, and prints the ratio
// of the medians. With -baseline BIN (an older build of the same server,
// say) each spawn of the first spec's server alternates with one of BIN.
// With -server BIN instead of -spec it times only the spawns of prebuilt
// servers, alternating: `go run ./internal/report -server new -server old`.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// config is the command line.
type config struct {
	gen, peer, work    string
	specs              []string
	servers, baselines []string
	runs, spawns       int
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c config
	fs.StringVar(&c.gen, "swag2mcp", "bin/swag2mcp", "generator binary")
	fs.StringVar(&c.peer, "peer", "", "peer generator (openapi-mcp-generator) to time on the first spec")
	fs.StringVar(&c.work, "work", ".cache/report", "work folder (wiped)")
	fs.IntVar(&c.runs, "runs", 3, "generator runs per spec (the median is printed)")
	fs.IntVar(&c.spawns, "spawns", 20, "server starts to time")
	fs.Func("spec", "spec to measure (repeatable; a missing file is skipped with a note)", func(s string) error {
		c.specs = append(c.specs, s)
		return nil
	})
	fs.Func("baseline", "server binary whose spawns alternate with the first spec's server's (repeatable)", func(s string) error {
		c.baselines = append(c.baselines, s)
		return nil
	})
	fs.Func("server", "prebuilt server binary to time spawns of, instead of -spec (repeatable)", func(s string) error {
		c.servers = append(c.servers, s)
		return nil
	})
	if err := fs.Parse(args); err != nil || len(c.specs) == 0 == (len(c.servers) == 0) || c.runs < 1 || c.spawns < 1 {
		fmt.Fprintln(stderr, "usage: report -spec FILE [-spec FILE…] [-peer BIN] [-baseline BIN] [-runs N] [-spawns N] [-swag2mcp BIN] [-work DIR]\n"+
			"       report -server BIN [-server BIN…] [-spawns N]")
		return 2
	}
	measure := measureAll
	if len(c.servers) > 0 {
		measure = compareServers
	}
	if err := measure(c, stdout); err != nil {
		fmt.Fprintln(stderr, "report:", err)
		return 1
	}
	return 0
}

// measureAll measures every spec that exists, after one build that
// compiles the runtime so later builds find it compiled.
func measureAll(c config, out io.Writer) error {
	if err := os.RemoveAll(c.work); err != nil {
		return err
	}
	fmt.Fprintf(out, "load average         %s\n", loadAverage())
	if err := warmRuntime(c); err != nil {
		return fmt.Errorf("warming the runtime: %w", err)
	}
	for i, spec := range c.specs {
		if _, err := os.Stat(spec); err != nil {
			fmt.Fprintf(out, "\n%s: skipped (%v; scripts/fetch-specs.sh fetches it)\n", spec, err)
			continue
		}
		peer, baselines := "", []string(nil)
		if i == 0 {
			peer, baselines = c.peer, c.baselines
		}
		if err := measure(c, spec, peer, baselines, out); err != nil {
			return fmt.Errorf("%s: %w", spec, err)
		}
	}
	fmt.Fprintf(out, "\nload average         %s\n", loadAverage())
	return nil
}

// loadAverage is the first three fields of /proc/loadavg, or "?".
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}
