package server

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	gomcp "github.com/mark3labs/mcp-go/mcp"
)

// BenchmarkScript measures the script tool's overhead through the tool
// handlers (no transport): a script that only returns (start-up: engine,
// bindings, parse), a script making 1 and 50 sequential calls of GET
// /ping, and the direct invoke of the same endpoint. Per-call overhead is
// ((50 calls − start) / 50) − invoke.
func BenchmarkScript(b *testing.B) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"ok":true}`))
	}))
	defer up.Close()
	opts := withFlatNames(testOptions(map[string]string{"X_BASE_URL": up.URL}))
	t, err := newTools(opts.withDefaults())
	if err != nil {
		b.Fatal(err)
	}
	handler := t.scriptServerTool().Handler
	ctx := context.Background()
	request := func(name string, args map[string]any) gomcp.CallToolRequest {
		raw, _ := json.Marshal(args)
		req := gomcp.CallToolRequest{}
		req.Params.Name, req.Params.RawArguments = name, raw
		return req
	}
	scripts := []struct{ name, code string }{
		{"start", `return 1`},
		{"1 call", `const r = await tools.getPing({}); return r.ok`},
		{"50 calls", `let n = 0; for (let i = 0; i < 50; i++) { if ((await tools.getPing({})).ok) n++ } return n`},
	}
	for _, s := range scripts {
		b.Run("script "+s.name, func(b *testing.B) {
			req := request(toolScript, map[string]any{"code": s.code})
			timed(b, func() {
				res, err := handler(ctx, req)
				if err != nil || res.IsError {
					b.Fatalf("script: %v %v", err, res)
				}
			})
		})
	}
	b.Run("invoke", func(b *testing.B) {
		req := request(toolInvoke, map[string]any{"endpointId": idPing})
		timed(b, func() {
			res, err := t.invoke(ctx, req)
			if err != nil || res.IsError {
				b.Fatalf("invoke: %v %v", err, res)
			}
		})
	})
}
