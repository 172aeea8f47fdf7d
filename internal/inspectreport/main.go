// Command inspectreport measures inspect's answers on real APIs (GitHub's
// and Stripe's specs in `make inspect-report`): it generates and builds
// each server with bin/swag2mcp, inspects every endpoint over MCP (the Go
// SDK client on the server's stdio) concise and full, and prints p50, p95
// and max bytes of the text content a client shows the model and of the
// whole result (structured content included). It exits 1 when a concise
// answer's text passes the goal: 16 KiB at most, p50 at most 3 KiB.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/swag2mcp/swag2mcp/generator/index"
)

// Goals of a concise answer's text, in bytes.
const (
	goalMax = 16 << 10
	goalP50 = 3 << 10
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("inspectreport", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gen := fs.String("swag2mcp", "bin/swag2mcp", "generator binary")
	work := fs.String("work", ".cache/inspect-report", "work folder (wiped)")
	if err := fs.Parse(args); err != nil || fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: inspectreport [-swag2mcp bin/swag2mcp] [-work DIR] SPEC...")
		return 2
	}
	if err := os.RemoveAll(*work); err != nil {
		fmt.Fprintln(stderr, "inspectreport:", err)
		return 1
	}
	ok := true
	fmt.Fprintf(stdout, "%-22s %-8s %-7s %9s %9s %9s   %s\n", "spec", "mode", "bytes", "p50", "p95", "max", "largest")
	for _, spec := range fs.Args() {
		met, err := report(*gen, spec, *work, stdout)
		if err != nil {
			fmt.Fprintln(stderr, "inspectreport:", err)
			return 1
		}
		ok = ok && met
	}
	if !ok {
		fmt.Fprintf(stdout, "goal NOT met: concise text at most %d bytes, p50 at most %d\n", goalMax, goalP50)
		return 1
	}
	fmt.Fprintf(stdout, "goal met: every concise text at most %d bytes, p50 at most %d\n", goalMax, goalP50)
	return 0
}

// report generates, builds and inspects the server of one spec.
func report(gen, spec, work string, out io.Writer) (bool, error) {
	ctx := context.Background()
	name := strings.TrimSuffix(filepath.Base(spec), filepath.Ext(spec))
	api, err := loadAPI(ctx, spec)
	if err != nil {
		return false, err
	}
	mod := filepath.Join(work, name)
	if err := runCmd("", gen, "gen", spec, "-o", mod, "--runtime", "."); err != nil {
		return false, fmt.Errorf("gen: %w", err)
	}
	if err := runCmd(mod, "go", "build", "-o", "server", "."); err != nil {
		return false, fmt.Errorf("go build: %w", err)
	}
	bin, err := filepath.Abs(filepath.Join(mod, "server"))
	if err != nil {
		return false, err
	}
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "SWAG2MCP_WORKSPACE="+filepath.Join(work, name+"-workspace"))
	client := mcp.NewClient(&mcp.Implementation{Name: "inspectreport", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd, TerminateDuration: 2 * time.Second}, nil)
	if err != nil {
		return false, err
	}
	defer cs.Close()
	met := true
	for _, mode := range []string{"concise", "full"} {
		var text, whole sizes
		for _, e := range index.Catalog(api).Endpoints {
			args := map[string]any{"endpointId": e.ID}
			if mode == "full" {
				args["detail"] = "full"
			}
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "inspect", Arguments: args})
			if err != nil {
				return false, fmt.Errorf("inspect %s %s: %w", e.Method, e.Path, err)
			}
			if res.IsError {
				return false, fmt.Errorf("inspect %s %s failed: %v", e.Method, e.Path, res.Content)
			}
			t, ok := res.Content[0].(*mcp.TextContent)
			if !ok {
				return false, fmt.Errorf("inspect %s %s: content is %T", e.Method, e.Path, res.Content[0])
			}
			b, err := json.Marshal(res)
			if err != nil {
				return false, err
			}
			where := e.Method + " " + e.Path
			text.add(len(t.Text), where)
			whole.add(len(b), where)
		}
		fmt.Fprintf(out, "%-22s %-8s %-7s %s\n", name, mode, "text", text)
		fmt.Fprintf(out, "%-22s %-8s %-7s %s\n", "", "", "result", whole)
		if mode == "concise" && (text.max() > goalMax || text.p(50) > goalP50) {
			met = false
		}
	}
	return met, nil
}

// sizes are answer sizes with the endpoint of the largest.
type sizes struct {
	n       []int
	largest string
}

func (s *sizes) add(n int, where string) {
	if len(s.n) == 0 || n > slices.Max(s.n) {
		s.largest = where
	}
	s.n = append(s.n, n)
}

func (s *sizes) p(q int) int {
	v := slices.Sorted(slices.Values(s.n))
	return v[min(len(v)-1, len(v)*q/100)]
}

func (s *sizes) max() int { return slices.Max(s.n) }

func (s sizes) String() string {
	return fmt.Sprintf("%9d %9d %9d   %s (%d endpoints)", s.p(50), s.p(95), s.max(), s.largest, len(s.n))
}

// runCmd runs a command in dir with its output on stderr.
func runCmd(dir, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	return cmd.Run()
}
