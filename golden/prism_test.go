package golden_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/swag2mcp/swag2mcp/generator"
)

// TestAuthAgainstPrism drives the server generated from testdata/secured
// with the Go SDK client against Stoplight Prism, a mock server started from
// the same spec that refuses requests without the credentials the spec
// demands. A recording proxy in front of Prism shows the exact credentials
// that arrived; an httptest server plays the OAuth2 token endpoint. Prism
// comes from `make prism` (SWAG2MCP_PRISM names its binary); `make test`
// installs it.
func TestAuthAgainstPrism(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a generated server and starts Prism")
	}
	prism := os.Getenv("SWAG2MCP_PRISM")
	if prism == "" {
		t.Skip("SWAG2MCP_PRISM is not set: run `make test` (or `make prism`) to install Stoplight Prism")
	}
	binary := buildServer(t, "testdata/secured/openapi.yaml", "notes")
	upstream := startPrism(t, prism, "testdata/secured/openapi.yaml")
	proxy := newRecordingProxy(t, upstream)
	tokens := newTokenServer(t)

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	env := []string{
		"NOTES_BASE_URL=" + proxy.URL,
		"NOTES_APIKEY=key-7f3a",
		"NOTES_BEARER=bearer-91c2",
		"NOTES_BASIC_USERNAME=ada",
		"NOTES_BASIC_PASSWORD=pw-5e8d",
		"NOTES_SERVICE_CLIENT_ID=client-1",
		"NOTES_SERVICE_CLIENT_SECRET=secret-0b4e",
		"NOTES_SERVICE_TOKEN_URL=" + tokens.URL + "/token",
	}
	cs := connect(t, ctx, binary, env)
	ids := endpointIDs(t, ctx, cs)

	// Prism checks credentials itself: without them it refuses.
	resp, err := http.Get(upstream.String() + "/notes")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("Prism without credentials answered %s, want 401", resp.Status)
	}

	credentialCases := []struct {
		name, op  string
		args      map[string]any
		header    string
		wantValue string
	}{
		{"apiKey header", "listNotes", nil, "X-Api-Key", "key-7f3a"},
		{"bearer", "createNote", map[string]any{"requestBody": map[string]any{"text": "hello"}}, "Authorization", "Bearer bearer-91c2"},
		{"basic", "getStats", nil, "Authorization", "Basic " + base64.StdEncoding.EncodeToString([]byte("ada:pw-5e8d"))},
		{"client credentials", "exportNotes", nil, "Authorization", "Bearer token-from-endpoint"},
	}
	for _, c := range credentialCases {
		t.Run(c.name, func(t *testing.T) {
			args := map[string]any{"endpointId": ids[c.op]}
			for k, v := range c.args {
				args[k] = v
			}
			var got struct{ StatusCode int }
			ok(t, callTool(t, ctx, cs, "invoke", args, &got))
			if got.StatusCode/100 != 2 {
				t.Errorf("Prism answered %d", got.StatusCode)
			}
			if v := proxy.last(t).Get(c.header); v != c.wantValue {
				t.Errorf("%s = %q, want %q", c.header, v, c.wantValue)
			}
		})
	}
	if n := tokens.count(); n != 1 {
		t.Errorf("token endpoint called %d times, want 1", n)
	}

	t.Run("validation_failed", func(t *testing.T) {
		res := callTool(t, ctx, cs, "invoke", map[string]any{"endpointId": ids["getNote"], "parameters": map[string]any{"noteId": "seven"}}, nil)
		wantCode(t, res, "validation_failed")
	})
	t.Run("invoke_error", func(t *testing.T) {
		res := callTool(t, ctx, cs, "invoke", map[string]any{
			"endpointId": ids["getNote"],
			"parameters": map[string]any{"noteId": 7},
			"headers":    map[string]any{"Prefer": "code=404"}, // Prism answers with the spec's 404
		}, nil)
		wantCode(t, res, "invoke_error")
	})
	t.Run("rate_limit", func(t *testing.T) {
		// listNotes was called above, well within the 10 s cooldown.
		res := callTool(t, ctx, cs, "invoke", map[string]any{"endpointId": ids["listNotes"]}, nil)
		wantCode(t, res, "rate_limit")
	})
	t.Run("auth_missing", func(t *testing.T) {
		before := proxy.count()
		bare := connect(t, ctx, binary, []string{"NOTES_BASE_URL=" + proxy.URL})
		res := callTool(t, ctx, bare, "invoke", map[string]any{"endpointId": ids["getStats"]}, nil)
		wantCode(t, res, "auth_missing")
		for _, v := range []string{"NOTES_BASIC_USERNAME", "NOTES_BASIC_PASSWORD"} {
			if !strings.Contains(text(res), v) {
				t.Errorf("auth_missing does not name %s: %s", v, text(res))
			}
		}
		if proxy.count() != before {
			t.Error("a request was sent despite missing credentials")
		}
	})
}

// buildServer generates spec's server with the given domain and builds it.
func buildServer(t *testing.T, spec, domain string) string {
	t.Helper()
	dir := t.TempDir()
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	_, err = generator.Generate(context.Background(), generator.Options{
		Specs: []string{spec}, Domains: map[string]string{spec: domain}, OutDir: filepath.Join(dir, "mod"), RuntimeDir: root,
	})
	if err != nil {
		t.Fatalf("generate: %v", err)
	}
	binary := filepath.Join(dir, domain+"-mcp")
	cmd := exec.Command("go", "build", "-o", binary, ".")
	cmd.Dir = filepath.Join(dir, "mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return binary
}

// connect starts the server binary with env added and connects a client.
func connect(t *testing.T, ctx context.Context, binary string, env []string) *mcp.ClientSession {
	t.Helper()
	cmd := exec.Command(binary)
	cmd.Env = append(os.Environ(), env...)
	client := mcp.NewClient(&mcp.Implementation{Name: "prism-test", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// endpointIDs maps operationIds to endpoint IDs through search.
func endpointIDs(t *testing.T, ctx context.Context, cs *mcp.ClientSession) map[string]string {
	t.Helper()
	ids := map[string]string{}
	for _, q := range []string{"notes", "admin stats export"} {
		var got struct{ Endpoints []struct{ ID string } }
		ok(t, callTool(t, ctx, cs, "search", map[string]any{"query": q, "limit": 50}, &got))
		for _, e := range got.Endpoints {
			var one struct{ OperationID string }
			ok(t, callTool(t, ctx, cs, "endpoint_by_id", map[string]any{"endpointId": e.ID}, &one))
			ids[one.OperationID] = e.ID
		}
	}
	for _, op := range []string{"listNotes", "createNote", "getNote", "getStats", "exportNotes"} {
		if ids[op] == "" {
			t.Fatalf("search did not find %s: %v", op, ids)
		}
	}
	return ids
}

func wantCode(t *testing.T, res *mcp.CallToolResult, code string) {
	t.Helper()
	var e struct {
		Error struct{ Code, Message string }
	}
	if err := json.Unmarshal([]byte(text(res)), &e); err != nil || !res.IsError {
		t.Fatalf("want isError with %s, got %s", code, text(res))
	}
	if e.Error.Code != code || e.Error.Message == "" {
		t.Errorf("error = %+v, want code %s with a message", e.Error, code)
	}
}

// startPrism runs `prism mock` on a free loopback port and waits until it answers.
func startPrism(t *testing.T, prism, spec string) *url.URL {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	var logs lockedLog
	cmd := exec.Command(prism, "mock", "-h", "127.0.0.1", "-p", fmt.Sprint(port), spec)
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatalf("start prism: %v", err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	base := &url.URL{Scheme: "http", Host: fmt.Sprintf("127.0.0.1:%d", port)}
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if resp, err := http.Get(base.String() + "/notes"); err == nil {
			resp.Body.Close()
			return base
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("prism did not start within 60 s:\n%s", logs.String())
	return nil
}

// recordingProxy forwards to Prism and keeps the headers of each request.
type recordingProxy struct {
	*httptest.Server
	mu      sync.Mutex
	headers []http.Header
}

func newRecordingProxy(t *testing.T, target *url.URL) *recordingProxy {
	p := &recordingProxy{}
	forward := httputil.NewSingleHostReverseProxy(target)
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.mu.Lock()
		p.headers = append(p.headers, r.Header.Clone())
		p.mu.Unlock()
		forward.ServeHTTP(w, r)
	}))
	t.Cleanup(p.Close)
	return p
}

func (p *recordingProxy) count() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.headers)
}

func (p *recordingProxy) last(t *testing.T) http.Header {
	t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.headers) == 0 {
		t.Fatal("no request reached the upstream")
	}
	return p.headers[len(p.headers)-1]
}

// tokenServer is an OAuth2 token endpoint for the client credentials grant.
type tokenServer struct {
	*httptest.Server
	mu    sync.Mutex
	calls int
}

func newTokenServer(t *testing.T) *tokenServer {
	s := &tokenServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		user, pass, hasBasic := r.BasicAuth()
		if err := r.ParseForm(); err != nil {
			http.Error(w, "bad form", http.StatusBadRequest)
			return
		}
		if !hasBasic {
			user, pass = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
		}
		if r.PostForm.Get("grant_type") != "client_credentials" || user != "client-1" || pass != "secret-0b4e" ||
			r.PostForm.Get("scope") != "notes.read" {
			http.Error(w, `{"error":"invalid_client"}`, http.StatusUnauthorized)
			return
		}
		s.mu.Lock()
		s.calls++
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"access_token":"token-from-endpoint","token_type":"bearer","expires_in":3600}`)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *tokenServer) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.calls
}

// lockedLog collects a process's output for a failure message.
type lockedLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
