package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	gocmp "github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/runtime/httpserve"
)

// TestHTTPInboundGuards: no token 401 (with the metadata pointer when an
// authorization server is configured), a foreign Origin or Host 403, an
// oversized body 413; what is allowed passes.
func TestHTTPInboundGuards(t *testing.T) {
	h := serveHTTPTest(t, testOptions(map[string]string{"SWAG2MCP_HTTP_TOKEN": testToken}),
		"--http-allowed-origins", "https://app.example.com", "--http-allowed-hosts", "mcp.internal",
		"--http-max-body-size", "2KB", "--http-auth-servers", "https://auth.example.com", "--http-resource", "https://mcp.example.com/mcp")
	auth := []string{"Content-Type", "application/json", "Accept", "application/json, text/event-stream", "Authorization", "Bearer " + testToken}
	tests := []struct {
		name     string
		body     string
		header   []string
		want     int
		wantHead string // WWW-Authenticate contains
	}{
		{name: "token", body: initBody, header: auth, want: 200},
		{name: "no token", body: initBody, header: auth[:4], want: 401,
			wantHead: `Bearer realm="mcp", resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp"`},
		{name: "wrong token", body: initBody, header: append(auth[:4:4], "Authorization", "Bearer nope"), want: 401},
		{name: "token of another scheme", body: initBody, header: append(auth[:4:4], "Authorization", "Basic "+testToken), want: 401},
		{name: "foreign origin", body: initBody, header: append(auth, "Origin", "https://evil.example"), want: 403},
		{name: "allowed origin", body: initBody, header: append(auth, "Origin", "https://app.example.com"), want: 200},
		{name: "same origin", body: initBody, header: append(auth, "Origin", h.url), want: 200},
		{name: "foreign host", body: initBody, header: append(auth, "Host", "evil.example.com"), want: 403},
		{name: "allowed host", body: initBody, header: append(auth, "Host", "mcp.internal:8080"), want: 200},
		{name: "localhost", body: initBody, header: append(auth, "Host", "localhost"), want: 200},
		{name: "oversized body", body: `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"` + strings.Repeat("x", 4096) + `"}}`, header: auth, want: 413},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, header, body := get(t, h, "POST", httpserve.PathMCP, tt.body, tt.header...)
			if code != tt.want {
				t.Errorf("status = %d, want %d; body %q", code, tt.want, body)
			}
			if tt.wantHead != "" && header.Get("WWW-Authenticate") != tt.wantHead {
				t.Errorf("WWW-Authenticate = %q, want %q", header.Get("WWW-Authenticate"), tt.wantHead)
			}
		})
	}
	t.Run("chunked oversized body", func(t *testing.T) {
		pr, pw := io.Pipe()
		go func() {
			pw.Write([]byte(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"` + strings.Repeat("x", 4096) + `"}}`))
			pw.Close()
		}()
		req, _ := http.NewRequest("POST", h.url+httpserve.PathMCP, pr)
		for i := 0; i+1 < len(auth); i += 2 {
			req.Header.Set(auth[i], auth[i+1])
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 413 {
			t.Errorf("status = %d, want 413", resp.StatusCode)
		}
	})
	t.Run("protected resource metadata", func(t *testing.T) {
		for _, path := range []string{"/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"} {
			code, _, body := get(t, h, "GET", path, "")
			var meta map[string]any
			if code != 200 || json.Unmarshal([]byte(body), &meta) != nil || meta["resource"] != "https://mcp.example.com/mcp" ||
				gocmp.Diff([]any{"https://auth.example.com"}, meta["authorization_servers"]) != "" {
				t.Errorf("%s = %d %s", path, code, body)
			}
		}
	})
}

// TestHTTPListenerRules: a non-loopback listener needs a token unless
// --http-insecure is given; a loopback one does not.
func TestHTTPListenerRules(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		env     map[string]string
		wantErr string
	}{
		{name: "all interfaces without a token", args: []string{"--http", "0.0.0.0:0"}, wantErr: "without a token"},
		{name: "all interfaces, insecure", args: []string{"--http", "0.0.0.0:0", "--http-insecure"}},
		{name: "all interfaces with a token", args: []string{"--http", "0.0.0.0:0"}, env: map[string]string{"SWAG2MCP_HTTP_TOKEN": "t"}},
		{name: "loopback without a token", args: []string{"--http", "127.0.0.1:0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := testOptions(tt.env).withDefaults()
			opts.Args = tt.args
			cfg, err := loadConfig(opts)
			if err != nil {
				t.Fatal(err)
			}
			s, rec, closeService, err := build(opts, cfg, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer closeService()
			srv, err := listenHTTP(s, cfg, rec, opts.Logger)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			if err := srv.Serve(ctx); err != nil {
				t.Errorf("Serve: %v", err)
			}
		})
	}
}
