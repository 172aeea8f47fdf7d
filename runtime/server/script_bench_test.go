package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/swag2mcp/swag2mcp/runtime/script"
	"github.com/swag2mcp/swag2mcp/runtime/script/sandbox"
)

// BenchmarkScript measures the script tool through a Go SDK client over
// an in-memory stdio pipe, with scripts in this process and in a child
// process (this test binary, as a generated server re-executes itself): a
// script that only returns (start-up: engine, bindings, parse; for a
// child also the pipe), a script making 1 and 50 sequential calls of GET
// /ping, and the direct invoke of the same endpoint. Per-call overhead is
// ((50 calls − start) / 50) − invoke; the pipe's share is the difference
// of that between the two runners.
func BenchmarkScript(b *testing.B) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"ok":true}`))
	}))
	defer up.Close()
	ctx := context.Background()
	scripts := []struct{ name, code string }{
		{"start", `return 1`},
		{"1 call", `const r = await tools.getPing({}); return r.ok`},
		{"50 calls", `let n = 0; for (let i = 0; i < 50; i++) { if ((await tools.getPing({})).ok) n++ } return n`},
	}
	pool := sandbox.New(sandbox.Options{})
	defer pool.Close()
	for _, runner := range []struct {
		name string
		run  script.Runner
	}{{"in process", script.InProcess{}}, {"child", pool}} {
		// One session at a time: mcp-go's stdio session is a singleton.
		b.Run(runner.name, func(b *testing.B) {
			opts := withFlatNames(testOptions(map[string]string{"X_BASE_URL": up.URL})).withDefaults()
			cfg, err := loadConfig(opts)
			if err != nil {
				b.Fatal(err)
			}
			cs := connectScripts(b, opts, cfg, nil, "", runner.run)
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
		})
	}
	b.Run("invoke", func(b *testing.B) {
		cs := connect(b, withFlatNames(testOptions(map[string]string{"X_BASE_URL": up.URL})))
		timed(b, func() {
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: toolInvoke, Arguments: map[string]any{"endpointId": idPing}})
			if err != nil || res.IsError {
				b.Fatalf("invoke: %v %v", err, res)
			}
		})
	})
}
