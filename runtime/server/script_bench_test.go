package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// BenchmarkScript measures the script tool through a Go SDK client over
// an in-memory stdio pipe: a script that only returns (start-up: engine,
// bindings, parse), a script making 1 and 50 sequential calls of GET
// /ping, and the direct invoke of the same endpoint. Per-call overhead is
// ((50 calls − start) / 50) − invoke.
func BenchmarkScript(b *testing.B) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"ok":true}`))
	}))
	defer up.Close()
	cs := connect(b, withFlatNames(testOptions(map[string]string{"X_BASE_URL": up.URL})))
	ctx := context.Background()
	scripts := []struct{ name, code string }{
		{"start", `return 1`},
		{"1 call", `const r = await tools.getPing({}); return r.ok`},
		{"50 calls", `let n = 0; for (let i = 0; i < 50; i++) { if ((await tools.getPing({})).ok) n++ } return n`},
	}
	for _, s := range scripts {
		b.Run("script "+s.name, func(b *testing.B) {
			timed(b, func() {
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: toolScript, Arguments: map[string]any{"code": s.code}})
				if err != nil || res.IsError {
					b.Fatalf("script: %v %v", err, res)
				}
			})
		})
	}
	b.Run("invoke", func(b *testing.B) {
		timed(b, func() {
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: toolInvoke, Arguments: map[string]any{"endpointId": idPing}})
			if err != nil || res.IsError {
				b.Fatalf("invoke: %v %v", err, res)
			}
		})
	})
}
