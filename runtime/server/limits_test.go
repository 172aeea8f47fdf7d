package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// step is one invoke call of a scenario and what it must produce.
type step struct {
	args        map[string]any
	wantCode    string // "" for success
	wantMessage string // substring
	wantRetry   float64
	wantStatus  float64
}

func runSteps(t *testing.T, cs *mcp.ClientSession, steps []step) {
	t.Helper()
	for i, s := range steps {
		got, isErr := call(t, cs, "invoke", s.args)
		if code := errorCode(t, got, isErr); code != s.wantCode {
			t.Fatalf("step %d: code = %q, want %q; answer %v", i, code, s.wantCode, got)
		}
		if s.wantCode == "" {
			continue
		}
		e := got["error"].(map[string]any)
		if msg := e["message"].(string); !strings.Contains(msg, s.wantMessage) {
			t.Errorf("step %d: message %q lacks %q", i, msg, s.wantMessage)
		}
		if s.wantRetry != 0 && e["retryAfterSeconds"] != s.wantRetry {
			t.Errorf("step %d: retryAfterSeconds = %v, want %v", i, e["retryAfterSeconds"], s.wantRetry)
		}
		if s.wantStatus != 0 && e["statusCode"] != s.wantStatus {
			t.Errorf("step %d: statusCode = %v, want %v", i, e["statusCode"], s.wantStatus)
		}
	}
}

func TestInvokeLimits(t *testing.T) {
	item := func(id int) map[string]any {
		return map[string]any{"endpointId": idGetItem, "parameters": map[string]any{"id": id, "page": 1}}
	}
	creds := map[string]string{"SHOP_API_KEY": "k", "SHOP_BEARER": "b"}
	with := func(extra map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range creds {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	tests := []struct {
		name      string
		env       map[string]string
		steps     []step
		wantCalls []string // method and URI of each upstream request
	}{
		{
			name: "cooldown by default",
			env:  creds,
			steps: []step{
				{args: map[string]any{"endpointId": idGetItem, "parameters": map[string]any{"id": "x"}}, wantCode: codeValidationFailed,
					wantMessage: "got string"},
				{args: item(1)}, // a refused call did not start the window
				{args: item(2), wantCode: codeRateLimit, wantMessage: "wait 10 s", wantRetry: 10},
				{args: map[string]any{"endpointId": idFlaky}}, // other endpoints are free
			},
			wantCalls: []string{"GET /items/1?page=1", "GET /flaky", "GET /flaky"},
		},
		{
			name:      "cooldown off for the spec",
			env:       with(map[string]string{"SHOP_COOLDOWN": "0"}),
			steps:     []step{{args: item(1)}, {args: item(2)}},
			wantCalls: []string{"GET /items/1?page=1", "GET /items/2?page=1"},
		},
		{
			name:      "spec cooldown over server-wide",
			env:       with(map[string]string{"SWAG2MCP_COOLDOWN": "0", "SHOP_COOLDOWN": "90s"}),
			steps:     []step{{args: item(1)}, {args: item(1), wantCode: codeRateLimit, wantRetry: 90}},
			wantCalls: []string{"GET /items/1?page=1"},
		},
		{
			name: "429 with Retry-After is rate_limit, not retried",
			env:  with(map[string]string{"SWAG2MCP_COOLDOWN": "0"}),
			steps: []step{{args: map[string]any{"endpointId": idLimited}, wantCode: codeRateLimit,
				wantMessage: "asks to wait 120 s", wantRetry: 120, wantStatus: 429}},
			wantCalls: []string{"GET /limited"},
		},
		{
			name:      "503 retried for GET",
			env:       with(map[string]string{"SWAG2MCP_COOLDOWN": "0"}),
			steps:     []step{{args: map[string]any{"endpointId": idFlaky}}},
			wantCalls: []string{"GET /flaky", "GET /flaky"},
		},
		{
			name:      "503 with short Retry-After retried for POST",
			env:       with(map[string]string{"SWAG2MCP_COOLDOWN": "0"}),
			steps:     []step{{args: map[string]any{"endpointId": idPostBusy}}},
			wantCalls: []string{"POST /busy", "POST /busy"},
		},
		{
			name: "no retries",
			env:  with(map[string]string{"SWAG2MCP_COOLDOWN": "0", "SWAG2MCP_RETRIES": "0"}),
			steps: []step{{args: map[string]any{"endpointId": idFlaky}, wantCode: codeInvokeError,
				wantMessage: "HTTP 503", wantStatus: 503}},
			wantCalls: []string{"GET /flaky"},
		},
		{
			name: "timeout",
			env:  with(map[string]string{"SHOP_TIMEOUT": "0.2"}),
			steps: []step{{args: map[string]any{"endpointId": idSlow}, wantCode: codeTimeout,
				wantMessage: "no complete answer within 200ms"}},
			wantCalls: []string{"GET /slow"},
		},
		{
			name: "auth missing, nothing sent",
			env:  map[string]string{"SWAG2MCP_COOLDOWN": "0"},
			steps: []step{
				{args: item(1), wantCode: codeAuthMissing, wantMessage: "set SHOP_API_KEY"},
				{args: map[string]any{"endpointId": idAddItem, "requestBody": map[string]any{"name": "x"}},
					wantCode: codeAuthMissing, wantMessage: "set SHOP_BEARER"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newShop(t)
			cs := connect(t, shopOptions(srv, tt.env))
			runSteps(t, cs, tt.steps)
			var calls []string
			for _, r := range srv.requests() {
				calls = append(calls, r.Method+" "+r.URI)
			}
			if diff := cmp.Diff(tt.wantCalls, calls); diff != "" {
				t.Errorf("upstream calls (-want +got):\n%s", diff)
			}
		})
	}
}

// TestInvokeAuthApplied: the configured credentials reach the upstream,
// and auth_missing names the variables in its structured answer.
func TestInvokeAuthApplied(t *testing.T) {
	srv := newShop(t)
	cs := connect(t, shopOptions(srv, map[string]string{"SWAG2MCP_COOLDOWN": "0", "SHOP_API_KEY": "key-1", "SHOP_BEARER": "tok-2"}))
	runSteps(t, cs, []step{
		{args: map[string]any{"endpointId": idGetItem, "parameters": map[string]any{"id": 1}}},
		{args: map[string]any{"endpointId": idAddItem, "requestBody": map[string]any{"name": "x"}}},
	})
	reqs := srv.requests()
	if len(reqs) != 2 || reqs[0].APIKey != "key-1" || reqs[1].Authorization != "Bearer tok-2" {
		t.Errorf("upstream saw %+v", reqs)
	}
	cs2 := connect(t, shopOptions(srv, map[string]string{"SWAG2MCP_COOLDOWN": "0"}))
	got, isErr := call(t, cs2, "invoke", map[string]any{"endpointId": idGetItem, "parameters": map[string]any{"id": 1}})
	if code := errorCode(t, got, isErr); code != codeAuthMissing {
		t.Fatalf("code = %q, want auth_missing", code)
	}
	if diff := cmp.Diff([]any{"SHOP_API_KEY"}, got["error"].(map[string]any)["variables"]); diff != "" {
		t.Errorf("variables (-want +got):\n%s", diff)
	}
}

// TestInvokeCancel: cancelling the MCP request stops the upstream call.
func TestInvokeCancel(t *testing.T) {
	srv := newShop(t)
	cs := connect(t, shopOptions(srv, map[string]string{"SWAG2MCP_COOLDOWN": "0"}))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		select {
		case <-srv.arrived:
			cancel()
		case <-ctx.Done():
		}
	}()
	_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "invoke", Arguments: map[string]any{"endpointId": idSlow}})
	if err == nil {
		t.Fatal("CallTool succeeded after cancel")
	}
	select {
	case <-srv.cancelled:
	case <-time.After(10 * time.Second): // a bound, not a speed check
		t.Fatal("the upstream request was not cancelled")
	}
}
