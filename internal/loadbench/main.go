// Command loadbench measures a generated server over streamable HTTP:
// it starts a local upstream and the petstore server binary with --http on
// a loopback port, then N clients (the official Go SDK, each its own
// session) make M calls each, mixing search, inspect and invoke. It
// reports throughput, p50/p99 latency, errors and the server's resident
// memory before and after. Every request goes to 127.0.0.1, and the run
// is bounded in calls and time.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
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

// pet is the upstream's answer to every call.
const pet = `{"id":1,"name":"Rex","status":"available","photoUrls":[],"tags":[{"id":1,"name":"calm"}]}`

const token = "loadbench-token"

func bench(o options, out io.Writer) error {
	ctx, cancel := context.WithTimeout(context.Background(), o.timeout)
	defer cancel()
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, pet)
	}))
	defer upstream.Close()

	srv, err := startServer(ctx, o.server, upstream.URL+"/api/v3")
	if err != nil {
		return err
	}
	defer srv.stop()

	hc := &http.Client{Transport: &bearer{next: &http.Transport{MaxIdleConnsPerHost: o.clients * 2}}, Timeout: time.Minute}
	ids, err := warmUp(ctx, srv.url, hc, o.protocol)
	if err != nil {
		return err
	}
	rssStart, err := rss(srv.cmd.Process.Pid)
	if err != nil {
		return err
	}
	loadStart := loadAvg()

	fmt.Fprintf(out, "loadbench: %d clients x %d calls (search, inspect, invoke in turn) over streamable HTTP, protocol %s, %d round(s)\n",
		o.clients, o.calls, orLatest(o.protocol), o.rounds)
	fmt.Fprintf(out, "machine: %d cores, load average %s at the start\n", runtime.NumCPU(), loadStart)
	fmt.Fprintf(out, "server RSS after warm-up: %.1f MiB\n", float64(rssStart)/(1<<20))
	var firstErr atomic.Value
	for r := range o.rounds {
		if err := round(ctx, o, srv, hc, ids, &firstErr, out, r+1); err != nil {
			return err
		}
	}
	fmt.Fprintf(out, "machine: load average %s at the end\n", loadAvg())
	if e, ok := firstErr.Load().(error); ok {
		return fmt.Errorf("calls failed; first: %w", e)
	}
	return nil
}

// round runs the whole load once and reports it.
func round(ctx context.Context, o options, srv *server, hc *http.Client, ids []string, firstErr *atomic.Value, out io.Writer, n int) error {
	lat := make([][]time.Duration, o.clients)
	var errs atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for c := range o.clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lat[c] = make([]time.Duration, 0, o.calls)
			cs, err := connect(ctx, srv.url, hc, o.protocol)
			if err != nil {
				errs.Add(int64(o.calls))
				firstErr.CompareAndSwap(nil, err)
				return
			}
			defer cs.Close()
			for i := range o.calls {
				name, args := callOf(c+i, ids)
				t0 := time.Now()
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
				lat[c] = append(lat[c], time.Since(t0))
				if err == nil && res.IsError {
					err = fmt.Errorf("%s: %s", name, text(res))
				}
				if err != nil {
					errs.Add(1)
					firstErr.CompareAndSwap(nil, err)
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	rssEnd, err := rss(srv.cmd.Process.Pid)
	if err != nil {
		return err
	}
	all := slices.Concat(lat...)
	slices.Sort(all)
	total := len(all)
	fmt.Fprintf(out, "round %d: %d calls in %.2f s = %.0f calls/s", n, total, elapsed.Seconds(), float64(total)/elapsed.Seconds())
	if total > 0 {
		fmt.Fprintf(out, ", p50 %s, p99 %s, max %s", pct(all, 0.50), pct(all, 0.99), all[total-1].Round(time.Microsecond))
	}
	fmt.Fprintf(out, ", errors %d, server RSS %.1f MiB\n", errs.Load(), float64(rssEnd)/(1<<20))
	return nil
}

// callOf is the k-th call of a client: search, inspect or invoke in turn.
func callOf(k int, ids []string) (string, map[string]any) {
	id := ids[k%len(ids)]
	switch k % 3 {
	case 0:
		return "search", map[string]any{"query": "find pet by id", "limit": 5}
	case 1:
		return "inspect", map[string]any{"endpointId": id}
	}
	return "invoke", map[string]any{"endpointId": id, "parameters": map[string]any{"petId": k%100 + 1}}
}

// warmUp connects once, checks the server answers, and returns the id of
// GET /pet/{petId}, the endpoint the run invokes.
func warmUp(ctx context.Context, url string, hc *http.Client, protocol string) ([]string, error) {
	cs, err := connect(ctx, url, hc, protocol)
	if err != nil {
		return nil, err
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "search", Arguments: map[string]any{"query": "method:GET path:/pet/*", "limit": 5}})
	if err != nil || res.IsError {
		return nil, fmt.Errorf("warm-up search: %v %s", err, text(res))
	}
	var ans struct {
		Endpoints []struct{ ID, Path string }
	}
	if err := json.Unmarshal([]byte(text(res)), &ans); err != nil {
		return nil, err
	}
	for _, e := range ans.Endpoints {
		if e.Path == "/pet/{petId}" {
			return []string{e.ID}, nil
		}
	}
	return nil, errors.New("warm-up: no GET /pet/{petId} endpoint")
}

func connect(ctx context.Context, url string, hc *http.Client, protocol string) (*mcp.ClientSession, error) {
	client := mcp.NewClient(&mcp.Implementation{Name: "loadbench", Version: "1"}, nil)
	return client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: hc, DisableStandaloneSSE: true, MaxRetries: -1},
		&mcp.ClientSessionOptions{ProtocolVersion: protocol})
}

// server is the server process under load.
type server struct {
	cmd  *exec.Cmd
	url  string
	stop func()
}

// startServer runs the binary with --http on a free loopback port and
// waits for the address it logs.
func startServer(ctx context.Context, binary, baseURL string) (*server, error) {
	ws, err := os.MkdirTemp("", "loadbench-ws-")
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, binary, "--http", "127.0.0.1:0", "--log-format", "json", "--audit-log", os.DevNull,
		"--cooldown", "0", "--workspace", ws)
	cmd.Env = append(os.Environ(), "PETSTORE_BASE_URL="+baseURL, "PETSTORE_API_KEY=loadbench-key", "SWAG2MCP_HTTP_TOKEN="+token)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, stop: func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
		os.RemoveAll(ws)
	}}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			var line struct{ Msg, URL string }
			if json.Unmarshal(sc.Bytes(), &line) == nil && line.Msg == "serving MCP over streamable HTTP" {
				found <- line.URL
			}
		}
	}()
	select {
	case s.url = <-found:
		return s, nil
	case <-time.After(30 * time.Second):
		s.stop()
		return nil, errors.New("the server did not log its address within 30 s")
	}
}

// bearer adds the server's token to each request.
type bearer struct{ next http.RoundTripper }

func (b *bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+token)
	return b.next.RoundTrip(r)
}

// rss reads a process's resident set size from /proc.
func rss(pid int) (int64, error) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, fmt.Errorf("read RSS (Linux only): %w", err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10, err
		}
	}
	return 0, errors.New("no VmRSS in /proc status")
}

// loadAvg is the 1-, 5- and 15-minute load average, or "unknown".
func loadAvg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func pct(sorted []time.Duration, p float64) time.Duration {
	return sorted[min(len(sorted)-1, int(float64(len(sorted))*p))].Round(time.Microsecond)
}

func text(res *mcp.CallToolResult) string {
	if res == nil || len(res.Content) == 0 {
		return ""
	}
	if t, ok := res.Content[0].(*mcp.TextContent); ok {
		return t.Text
	}
	return ""
}

func orLatest(p string) string {
	if p == "" {
		return "latest (2026-07-28, stateless)"
	}
	return p
}
