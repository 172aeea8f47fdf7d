package server

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	gocmp "github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/swag2mcp/swag2mcp/runtime/httpserve"
)

const testToken = "s3cret-token"

// httpServer is a server under test listening on a loopback port.
type httpServer struct {
	url   string // base URL, e.g. http://127.0.0.1:41234
	stop  context.CancelFunc
	done  chan error
	token string
}

// serveHTTPTest serves opts over streamable HTTP on 127.0.0.1 with the
// flags args, built as Main builds it, until the test ends.
func serveHTTPTest(t *testing.T, opts Options, args ...string) *httpServer {
	t.Helper()
	opts = opts.withDefaults()
	opts.Args = append([]string{"--http", "127.0.0.1:0"}, args...)
	cfg, err := loadConfig(opts)
	if err != nil {
		t.Fatalf("config: %v", err)
	}
	s, rec, closeService, err := build(opts, cfg, nil)
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	t.Cleanup(closeService)
	srv, err := listenHTTP(s, cfg, rec, opts.Logger)
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	h := &httpServer{url: "http://" + srv.Addr().String(), stop: cancel, done: make(chan error, 1), token: cfg.HTTPToken}
	go func() { h.done <- srv.Serve(ctx) }()
	t.Cleanup(func() {
		cancel()
		<-h.done
	})
	return h
}

// bearer adds a token to every request.
type bearer struct {
	token string
	next  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(r)
}

// connectHTTP connects an official Go SDK client to h's /mcp with the
// token, asking for protocol ("" for the latest).
func connectHTTP(t *testing.T, h *httpServer, clientOpts *mcp.ClientOptions, protocol string) *mcp.ClientSession {
	t.Helper()
	client := mcp.NewClient(&mcp.Implementation{Name: "http-test-client", Version: "v0"}, clientOpts)
	tr := &mcp.StreamableClientTransport{Endpoint: h.url + httpserve.PathMCP, MaxRetries: -1,
		HTTPClient: &http.Client{Transport: bearer{h.token, http.DefaultTransport}, Timeout: 30 * time.Second}}
	cs, err := client.Connect(context.Background(), tr, &mcp.ClientSessionOptions{ProtocolVersion: protocol})
	if err != nil {
		t.Fatalf("Connect: %v", err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// get fetches path from h with header pairs and returns status and body.
func get(t *testing.T, h *httpServer, method, path, body string, header ...string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest(method, h.url+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		if strings.EqualFold(header[i], "Host") {
			req.Host = header[i+1]
			continue
		}
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(b)
}

const initBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}`

// TestHTTPEndToEnd drives every kind of call through the official Go SDK
// client over streamable HTTP, with the stateless protocol (2026-07-28)
// and a session-based one (2025-06-18): tools/list, search, inspect,
// invoke against an httptest upstream, a confirmation round trip through
// elicitation, a script, logging/setLevel; then /healthz and /metrics.
func TestHTTPEndToEnd(t *testing.T) {
	for _, protocol := range []string{"", "2025-06-18"} {
		t.Run("protocol "+protocol, func(t *testing.T) {
			rec := newRecorder(t)
			opts := withFlatNames(guardOptions(rec, map[string]string{"SWAG2MCP_HTTP_TOKEN": testToken}))
			h := serveHTTPTest(t, opts)
			el := &elicitor{answer: &mcp.ElicitResult{Action: "accept", Content: map[string]any{"confirm": true}}}
			cs := connectHTTP(t, h, &mcp.ClientOptions{ElicitationHandler: el.handle}, protocol)

			tools, err := cs.ListTools(context.Background(), nil)
			if err != nil || len(tools.Tools) != 9 {
				t.Fatalf("tools/list: %v, %d tools", err, len(tools.Tools))
			}
			got, isErr := call(t, cs, "search", map[string]any{"query": "find pet by id", "limit": 3})
			if isErr || got["endpoints"].([]any)[0].(map[string]any)["id"] != idGetPet {
				t.Fatalf("search: %v", got)
			}
			if got, isErr = call(t, cs, "inspect", map[string]any{"endpointId": idGetPet}); isErr || got["path"] != "/pets/{petId}" {
				t.Fatalf("inspect: %v", got)
			}
			if got, isErr = call(t, cs, "invoke", map[string]any{"endpointId": idGetPet, "parameters": map[string]any{"petId": 3}}); isErr || got["statusCode"] != 200.0 {
				t.Fatalf("invoke: %v", got)
			}
			if got, isErr = call(t, cs, "invoke", deleteArgs); isErr {
				t.Fatalf("confirmed delete: %v", got)
			}
			if p := el.shown(); len(p) != 1 || !strings.Contains(p[0], "DELETE /pets/{petId}") {
				t.Errorf("prompts = %q, want one for the DELETE", p)
			}
			got, isErr = runScript(t, cs, `const r = await tools.getPetById({parameters: {petId: 4}}); return r.data.statusCode`)
			if isErr || got["result"] != 200.0 {
				t.Fatalf("script: %v", got)
			}
			// A write in a script: a session-based connection carries the
			// confirmation request mid-script; a stateless one cannot, so the
			// call is refused and the model is told to use invoke.
			got, _ = runScript(t, cs, `const r = await tools.deletePet({parameters: {petId: 8}}); return r.ok ? "sent" : r.error.code`)
			wantScript, wantPrompts := "sent", 1
			if protocol == "" {
				wantScript, wantPrompts = "not_confirmed", 0
			}
			if got["result"] != wantScript || len(el.shown()) != wantPrompts {
				t.Errorf("script write = %v, want %s after %d prompts", got["result"], wantScript, wantPrompts)
			}
			if protocol != "" { // 2026-07-28 has no logging/setLevel: the level travels in each request's _meta
				if err := cs.SetLoggingLevel(context.Background(), &mcp.SetLoggingLevelParams{Level: "warning"}); err != nil {
					t.Errorf("logging/setLevel: %v", err)
				}
			}
			wantSent := []string{"GET /pets/3", "DELETE /pets/7", "GET /pets/4"}
			if protocol != "" {
				wantSent = append(wantSent, "DELETE /pets/8")
			}
			if diff := gocmp.Diff(wantSent, rec.requests()); diff != "" {
				t.Errorf("upstream requests (-want +got):\n%s", diff)
			}

			if code, _, body := get(t, h, "GET", httpserve.PathHealth, ""); code != 200 || body != "ok\n" {
				t.Errorf("/healthz = %d %q", code, body)
			}
			if code, _, _ := get(t, h, "GET", httpserve.PathReady, ""); code != 200 {
				t.Errorf("/readyz = %d", code)
			}
			if code, _, _ := get(t, h, "GET", httpserve.PathMetrics, ""); code != 401 {
				t.Errorf("/metrics without the token = %d, want 401", code)
			}
			code, _, metrics := get(t, h, "GET", httpserve.PathMetrics, "", "Authorization", "Bearer "+testToken)
			if code != 200 {
				t.Fatalf("/metrics = %d", code)
			}
			for _, want := range []string{
				`swag2mcp_tool_calls_total{outcome="ok",tool="invoke"} 2`,
				`swag2mcp_tool_calls_total{outcome="ok",tool="search"} 1`,
				`swag2mcp_tool_calls_total{outcome="ok",tool="script"} `,
				`swag2mcp_invoke_duration_seconds_count{operation="getPetById"} 2`,
				fmt.Sprintf(`swag2mcp_invoke_duration_seconds_count{operation="deletePet"} %d`, len(wantSent)-2),
				fmt.Sprintf(`swag2mcp_upstream_responses_total{class="2xx"} %d`, len(wantSent)),
				`swag2mcp_script_runs_total{outcome="ok"} 2`,
				"go_goroutines", "process_resident_memory_bytes",
			} {
				if !strings.Contains(metrics, want) {
					t.Errorf("/metrics lacks %q", want)
				}
			}
			if strings.Contains(metrics, "petId") || strings.Contains(metrics, `"3"`) {
				t.Errorf("/metrics carries argument values:\n%s", metrics)
			}
		})
	}
}

// TestHTTPGracefulShutdown: on shutdown the server stops accepting, lets
// the call in flight finish and answer, then Serve returns nil; a call
// that outlasts the shutdown timeout makes Serve fail.
func TestHTTPGracefulShutdown(t *testing.T) {
	for _, tt := range []struct {
		name    string
		timeout string
		wantErr bool
	}{{"call finishes", "10s", false}, {"call outlasts the bound", "200ms", true}} {
		t.Run(tt.name, func(t *testing.T) {
			entered, release := make(chan struct{}), make(chan struct{})
			up := upstreamFunc(t, func(w http.ResponseWriter, r *http.Request) {
				close(entered)
				select {
				case <-release:
				case <-r.Context().Done():
				}
				w.Header().Set("Content-Type", "application/json")
				io.WriteString(w, `{"id":1}`)
			})
			h := serveHTTPTest(t, testOptions(map[string]string{"X_BASE_URL": up}), "--http-shutdown-timeout", tt.timeout)
			cs := connectHTTP(t, h, nil, "")
			answer := make(chan *mcp.CallToolResult, 1)
			go func() {
				res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "invoke",
					Arguments: map[string]any{"endpointId": idGetPet, "parameters": map[string]any{"petId": 1}}})
				if err != nil {
					res = &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}
				}
				answer <- res
			}()
			<-entered
			h.stop()
			time.Sleep(50 * time.Millisecond) // shutdown has begun
			if _, err := http.Get(h.url + httpserve.PathHealth); err == nil {
				t.Error("a new connection was accepted during shutdown")
			}
			if tt.wantErr {
				err := <-h.done
				if err == nil || !strings.Contains(err.Error(), "did not finish") {
					t.Errorf("Serve = %v, want the bound reported", err)
				}
				close(release)
				h.done <- nil // for the cleanup
				return
			}
			close(release)
			res := <-answer
			if res.IsError {
				t.Errorf("the call in flight failed: %v", res.Content)
			}
			if err := <-h.done; err != nil {
				t.Errorf("Serve = %v, want nil after a graceful shutdown", err)
			}
			h.done <- nil
		})
	}
}

// TestHTTPReplicas: two replicas that share nothing serve one client whose
// requests alternate between them, statelessly (2026-07-28) and with a
// session id minted by the other replica (2025-06-18): no affinity needed.
func TestHTTPReplicas(t *testing.T) {
	for _, protocol := range []string{"", "2025-06-18"} {
		t.Run("protocol "+protocol, func(t *testing.T) {
			up := upstreamFunc(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				io.WriteString(w, `{"id":1}`)
			})
			a := serveHTTPTest(t, testOptions(map[string]string{"X_BASE_URL": up}))
			b := serveHTTPTest(t, testOptions(map[string]string{"X_BASE_URL": up}))
			rr := &roundRobin{hosts: []string{strings.TrimPrefix(a.url, "http://"), strings.TrimPrefix(b.url, "http://")}}
			client := mcp.NewClient(&mcp.Implementation{Name: "lb-client", Version: "v0"}, nil)
			cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: a.url + httpserve.PathMCP,
				DisableStandaloneSSE: true, MaxRetries: -1, HTTPClient: &http.Client{Transport: rr}},
				&mcp.ClientSessionOptions{ProtocolVersion: protocol})
			if err != nil {
				t.Fatalf("Connect: %v", err)
			}
			defer cs.Close()
			for i := range 4 {
				got, isErr := call(t, cs, "invoke", map[string]any{"endpointId": idGetPet, "parameters": map[string]any{"petId": i}})
				if isErr {
					t.Fatalf("call %d: %v", i, got)
				}
			}
			if rr.n.Load() < 5 {
				t.Errorf("%d requests went through the balancer, want them spread over both replicas", rr.n.Load())
			}
		})
	}
}

// roundRobin sends each request to the next of hosts.
type roundRobin struct {
	hosts []string
	n     atomic.Int64
}

func (r *roundRobin) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.URL.Host = r.hosts[int(r.n.Add(1))%len(r.hosts)]
	req.Host = req.URL.Host
	return http.DefaultTransport.RoundTrip(req)
}

// upstreamFunc serves f and returns its URL.
func upstreamFunc(t *testing.T, f http.HandlerFunc) string {
	t.Helper()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestHTTPNoElicitation: a client that did not declare elicitation is
// never asked; --confirm decides (auto sends, always refuses).
func TestHTTPNoElicitation(t *testing.T) {
	for _, protocol := range []string{"", "2025-06-18"} {
		for _, mode := range []string{"auto", "always"} {
			t.Run(mode+" protocol "+protocol, func(t *testing.T) {
				rec := newRecorder(t)
				h := serveHTTPTest(t, guardOptions(rec, nil), "--confirm", mode)
				cs := connectHTTP(t, h, nil, protocol)
				got, isErr := call(t, cs, "invoke", deleteArgs)
				wantCode, wantSent := "", []string{"DELETE /pets/7"}
				if mode == "always" {
					wantCode, wantSent = codeNotConfirmed, nil
				}
				if code := errorCode(t, got, isErr); code != wantCode {
					t.Errorf("code = %q, want %q; %v", code, wantCode, got)
				}
				if diff := gocmp.Diff(wantSent, rec.requests()); diff != "" {
					t.Errorf("sent (-want +got):\n%s", diff)
				}
			})
		}
	}
}
