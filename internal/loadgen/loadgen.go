// Package loadgen is the load of the HTTP benchmarks (internal/loadbench,
// internal/scalebench): generated petstore servers started with --http on
// loopback ports against a local upstream, and clients of the official Go
// SDK, each its own session, making calls that mix search, inspect and
// invoke. It measures latency per call and reads a process's RSS and CPU
// time from /proc (Linux). Every request goes to 127.0.0.1.
package loadgen

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Pet is the upstream's answer to every call.
const Pet = `{"id":1,"name":"Rex","status":"available","photoUrls":[],"tags":[{"id":1,"name":"calm"}]}`

// Token is the bearer token servers are started with.
const Token = "loadbench-token"

// Upstream is a local API answering Pet to every request.
func Upstream() *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, Pet)
	}))
}

// Server is a server process under load.
type Server struct {
	Cmd *exec.Cmd
	URL string // http://127.0.0.1:PORT/mcp
	ws  string
}

// Start runs the petstore server binary with --http on a free loopback
// port, the cooldown off, its own workspace unless args names one, and
// args added; it waits for the address the server logs.
func Start(ctx context.Context, binary, baseURL string, args ...string) (*Server, error) {
	ws, err := os.MkdirTemp("", "loadbench-ws-")
	if err != nil {
		return nil, err
	}
	all := append([]string{"--http", "127.0.0.1:0", "--log-format", "json", "--audit-log", os.DevNull,
		"--cooldown", "0", "--workspace", ws}, args...)
	cmd := exec.CommandContext(ctx, binary, all...)
	cmd.Env = append(os.Environ(), "PETSTORE_BASE_URL="+baseURL, "PETSTORE_API_KEY=loadbench-key", "SWAG2MCP_HTTP_TOKEN="+Token)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &Server{Cmd: cmd, ws: ws}
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
	case s.URL = <-found:
		return s, nil
	case <-time.After(30 * time.Second):
		s.Stop()
		return nil, errors.New("the server did not log its address within 30 s")
	}
}

// Stop interrupts the server and waits for it.
func (s *Server) Stop() {
	s.Cmd.Process.Signal(os.Interrupt)
	s.Cmd.Wait()
	os.RemoveAll(s.ws)
}

// Metrics fetches the server's /metrics text.
func (s *Server) Metrics(ctx context.Context, hc *http.Client) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(s.URL, "/mcp")+"/metrics", nil)
	if err != nil {
		return "", err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

// HTTPClient sends the token with every request and keeps enough idle
// connections for clients concurrent clients.
func HTTPClient(clients int) *http.Client {
	return &http.Client{Transport: &bearer{next: &http.Transport{MaxIdleConnsPerHost: clients * 2}}, Timeout: time.Minute}
}

type bearer struct{ next http.RoundTripper }

func (b *bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+Token)
	return b.next.RoundTrip(r)
}

// Connect opens one client session with url.
func Connect(ctx context.Context, url string, hc *http.Client, protocol string) (*mcp.ClientSession, error) {
	client := mcp.NewClient(&mcp.Implementation{Name: "loadbench", Version: "1"}, nil)
	return client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: hc, DisableStandaloneSSE: true, MaxRetries: -1},
		&mcp.ClientSessionOptions{ProtocolVersion: protocol})
}

// WarmUp connects once, checks the server answers, and returns the id of
// GET /pet/{petId}, the endpoint the load invokes.
func WarmUp(ctx context.Context, url string, hc *http.Client, protocol string) ([]string, error) {
	cs, err := Connect(ctx, url, hc, protocol)
	if err != nil {
		return nil, err
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "search", Arguments: map[string]any{"query": "method:GET path:/pet/*", "limit": 5}})
	if err != nil || res.IsError {
		return nil, fmt.Errorf("warm-up search: %v %s", err, Text(res))
	}
	var ans struct {
		Endpoints []struct{ ID, Path string }
	}
	if err := json.Unmarshal([]byte(Text(res)), &ans); err != nil {
		return nil, err
	}
	for _, e := range ans.Endpoints {
		if e.Path == "/pet/{petId}" {
			return []string{e.ID}, nil
		}
	}
	return nil, errors.New("warm-up: no GET /pet/{petId} endpoint")
}

// CallOf is the k-th call of a client: search, inspect or invoke in turn.
func CallOf(k int, ids []string) (string, map[string]any) {
	id := ids[k%len(ids)]
	switch k % 3 {
	case 0:
		return "search", map[string]any{"query": "find pet by id", "limit": 5}
	case 1:
		return "inspect", map[string]any{"endpointId": id}
	}
	return "invoke", map[string]any{"endpointId": id, "parameters": map[string]any{"petId": k%100 + 1}}
}

// Result is one run of the load.
type Result struct {
	Elapsed time.Duration
	All     []time.Duration // every call's latency, sorted
	Invoke  []time.Duration // the invoke calls' latency, sorted
	Errors  int64
	First   error // the first failure, if any
}

// Run makes clients sessions, client c with urls[c%len(urls)] (client-side
// round robin), each making calls calls of CallOf in turn.
func Run(ctx context.Context, urls []string, hc *http.Client, protocol string, clients, calls int, ids []string) Result {
	lat := make([][]time.Duration, clients)
	inv := make([][]time.Duration, clients)
	var errs atomic.Int64
	var first atomic.Value
	var wg sync.WaitGroup
	start := time.Now()
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lat[c] = make([]time.Duration, 0, calls)
			cs, err := Connect(ctx, urls[c%len(urls)], hc, protocol)
			if err != nil {
				errs.Add(int64(calls))
				first.CompareAndSwap(nil, err)
				return
			}
			defer cs.Close()
			for i := range calls {
				name, args := CallOf(c+i, ids)
				t0 := time.Now()
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
				d := time.Since(t0)
				lat[c] = append(lat[c], d)
				if name == "invoke" {
					inv[c] = append(inv[c], d)
				}
				if err == nil && res.IsError {
					err = fmt.Errorf("%s: %s", name, Text(res))
				}
				if err != nil {
					errs.Add(1)
					first.CompareAndSwap(nil, err)
				}
			}
		}()
	}
	wg.Wait()
	r := Result{Elapsed: time.Since(start), All: slices.Concat(lat...), Invoke: slices.Concat(inv...), Errors: errs.Load()}
	slices.Sort(r.All)
	slices.Sort(r.Invoke)
	if e, ok := first.Load().(error); ok {
		r.First = e
	}
	return r
}

// Pct is the p-quantile of sorted latencies, rounded to microseconds.
func Pct(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(float64(len(sorted))*p))].Round(time.Microsecond)
}

// RSS reads a process's resident set size from /proc.
func RSS(pid int) (int64, error) {
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

// clockTicks is USER_HZ, the unit of /proc/PID/stat's times: 100 on every
// Linux platform Go supports.
const clockTicks = 100

// CPU reads a process's user plus system CPU time from /proc.
func CPU(pid int) (time.Duration, error) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, fmt.Errorf("read CPU time (Linux only): %w", err)
	}
	// The command name (field 2) may hold spaces; fields after its ')' are plain.
	rest := string(data)
	if i := strings.LastIndexByte(rest, ')'); i >= 0 {
		rest = rest[i+1:]
	}
	f := strings.Fields(rest)
	if len(f) < 13 {
		return 0, errors.New("short /proc stat")
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64) // field 14
	stime, err2 := strconv.ParseInt(f[12], 10, 64) // field 15
	if err1 != nil || err2 != nil {
		return 0, errors.New("unreadable /proc stat times")
	}
	return time.Duration(utime+stime) * time.Second / clockTicks, nil
}

// LoadAvg is the 1-, 5- and 15-minute load average, or "unknown".
func LoadAvg() string {
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

// Text is the first text content of a tool result.
func Text(res *mcp.CallToolResult) string {
	if res == nil || len(res.Content) == 0 {
		return ""
	}
	if t, ok := res.Content[0].(*mcp.TextContent); ok {
		return t.Text
	}
	return ""
}

// OrLatest names a protocol version for a report.
func OrLatest(p string) string {
	if p == "" {
		return "latest (2026-07-28, stateless)"
	}
	return p
}
