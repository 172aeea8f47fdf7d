package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/swag2mcp/swag2mcp/runtime/service"
)

// BenchmarkInvokeTool measures one invoke of an endpoint with an input
// schema, a deepObject query and an API key: through the application
// service (validation, serialization, auth, HTTP, shaping), through a Go SDK client
// over an in-memory stdio pipe (adds JSON-RPC), and as the plain net/http
// call it makes. Each reports its median as p50-ns/op; the overhead is the
// difference to net/http.
func BenchmarkInvokeTool(b *testing.B) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id":7,"name":"cup","tags":["a","b"]}`)
	}))
	defer up.Close()
	env := map[string]string{"SWAG2MCP_COOLDOWN": "0", "SHOP_API_KEY": "k", "SHOP_BASE_URL": up.URL}
	opts := shopOptions(&shop{Server: up}, env)
	args := map[string]any{"endpointId": idGetItem,
		"parameters": map[string]any{"id": 7, "page": 1, "filter": map[string]any{"min": 1}, "tags": []any{"a", "b"}}}
	raw, _ := json.Marshal(args)
	ctx := context.Background()

	b.Run("service", func(b *testing.B) {
		svc := benchService(b, opts)
		var args struct {
			EndpointID string `json:"endpointId"`
			service.InvokeArgs
		}
		if _, err := service.DecodeArgs(raw, &args); err != nil {
			b.Fatal(err)
		}
		timed(b, func() {
			if _, err := svc.Invoke(ctx, service.InvokeRequest{Endpoint: service.ByID(args.EndpointID), Args: args.InvokeArgs}); err != nil {
				b.Fatalf("invoke: %v", err)
			}
		})
	})
	b.Run("mcp client", func(b *testing.B) {
		cs := connect(b, opts)
		timed(b, func() {
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: toolInvoke, Arguments: args})
			if err != nil || res.IsError {
				b.Fatalf("invoke: %v %v", err, res)
			}
		})
	})
	b.Run("net/http", func(b *testing.B) {
		hc := &http.Client{}
		target := up.URL + "/api/items/7?filter%5Bmin%5D=1&tags=a&tags=b&page=1"
		timed(b, func() {
			req, _ := http.NewRequestWithContext(ctx, "GET", target, nil)
			req.Header.Set("X-Api-Key", "k")
			resp, err := hc.Do(req)
			if err != nil {
				b.Fatal(err)
			}
			data, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			var v any
			if err := json.Unmarshal(data, &v); err != nil {
				b.Fatal(err)
			}
		})
	})
}

// timed runs f b.N times and reports the median duration.
func timed(b *testing.B, f func()) {
	b.Helper()
	b.ReportAllocs()
	var ds []time.Duration
	for b.Loop() {
		start := time.Now()
		f()
		ds = append(ds, time.Since(start))
	}
	if len(ds) > 0 {
		slices.Sort(ds)
		b.ReportMetric(float64(ds[len(ds)/2].Nanoseconds()), "p50-ns/op")
	}
}

// benchService builds the application service of opts as Main would.
func benchService(b *testing.B, opts Options) *service.Service {
	b.Helper()
	opts = opts.withDefaults()
	cfg, err := loadConfig(opts)
	if err != nil {
		b.Fatal(err)
	}
	svc, err := NewService(opts, cfg, nil)
	if err != nil {
		b.Fatal(err)
	}
	return svc
}
