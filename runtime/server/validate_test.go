package server

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestInvokeValidation drives invoke through the Go SDK client with
// arguments that break the input schema: nothing is sent, and the message
// quotes what was expected.
func TestInvokeValidation(t *testing.T) {
	srv := newShop(t)
	cs := connect(t, shopOptions(srv, map[string]string{"SWAG2MCP_COOLDOWN": "0", "SHOP_API_KEY": "k", "SHOP_BEARER": "b"}))
	tests := []struct {
		name string
		args map[string]any
		want []string // substrings of the message
	}{
		{name: "missing required", args: map[string]any{"endpointId": idGetItem, "parameters": map[string]any{}},
			want: []string{`/parameters: missing property 'id'`, `expected by schema {"properties":{"id":{"description":"Item id","type":"integer"}}}`}},
		{name: "wrong type", args: map[string]any{"endpointId": idGetItem, "parameters": map[string]any{"id": "seven"}},
			want: []string{`/parameters/id: got string, want integer`, `{"description":"Item id","type":"integer"}`}},
		{name: "enum", args: map[string]any{"endpointId": idGetItem, "parameters": map[string]any{"id": 1, "sort": "up"}},
			want: []string{`/parameters/sort: value must be one of 'asc', 'desc'`}},
		{name: "minimum", args: map[string]any{"endpointId": idGetItem, "parameters": map[string]any{"id": 1, "page": 0}},
			want: []string{`/parameters/page: minimum: got 0, want 1`}},
		{name: "unknown parameter", args: map[string]any{"endpointId": idGetItem, "parameters": map[string]any{"id": 1, "limit": 3}},
			want: []string{`additional properties 'limit' not allowed`, `(allowed: filter, id, page, sort, tags)`}},
		{name: "body from defs", args: map[string]any{"endpointId": idAddItem, "requestBody": map[string]any{"size": "L"}},
			want: []string{`/requestBody: missing property 'name'`, `/requestBody/size: got string, want integer`}},
		{name: "unhealable string", args: map[string]any{"endpointId": idGetItem, "parameters": map[string]any{"id": 1, "filter": "min=2"}},
			want: []string{`/parameters/filter: got string, want object`}},
		{name: "every problem at once", args: map[string]any{"endpointId": idGetItem, "parameters": map[string]any{"id": true, "sort": 1}},
			want: []string{`/parameters/id: got boolean, want integer`, `/parameters/sort: got number, want string`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, isErr := call(t, cs, "invoke", tt.args)
			if code := errorCode(t, got, isErr); code != codeValidationFailed {
				t.Fatalf("code = %q, want %q; answer %v", code, codeValidationFailed, got)
			}
			msg := got["error"].(map[string]any)["message"].(string)
			for _, w := range tt.want {
				if !strings.Contains(msg, w) {
					t.Errorf("message %q\nlacks %q", msg, w)
				}
			}
		})
	}
	if n := len(srv.requests()); n != 0 {
		t.Errorf("upstream saw %d requests, want 0", n)
	}
}

// TestInvokeHealing: objects and arrays sent as JSON text are parsed,
// checked, sent as what they stand for, and the answer says so.
func TestInvokeHealing(t *testing.T) {
	srv := newShop(t)
	cs := connect(t, shopOptions(srv, map[string]string{"SWAG2MCP_COOLDOWN": "0", "SHOP_API_KEY": "k", "SHOP_BEARER": "b"}))
	tests := []struct {
		name      string
		args      map[string]any
		wantURI   string
		wantBody  string
		wantNotes []any
	}{
		{name: "parameter members", args: map[string]any{"endpointId": idGetItem,
			"parameters": map[string]any{"id": 7, "page": 2, "filter": `{"min":2,"max":5}`, "tags": `["a","b"]`}},
			// A healed object's members come out sorted by name.
			wantURI: "/items/7?filter%5Bmax%5D=5&filter%5Bmin%5D=2&tags=a&tags=b&page=2",
			wantNotes: []any{"healed: parsed JSON text into objects or arrays at /parameters/filter, /parameters/tags; " +
				"next time send them as JSON objects and arrays, not strings"}},
		{name: "whole parameters object", args: map[string]any{"endpointId": idGetItem, "parameters": `{"id":8,"page":1}`},
			wantURI: "/items/8?page=1",
			wantNotes: []any{"healed: parsed JSON text into objects or arrays at /parameters; " +
				"next time send them as JSON objects and arrays, not strings"}},
		{name: "request body and nested array", args: map[string]any{"endpointId": idAddItem,
			"requestBody": `{"name":"cup","labels":"[\"x\"]"}`},
			wantURI: "/items", wantBody: `{"labels":["x"],"name":"cup"}`,
			wantNotes: []any{"healed: parsed JSON text into objects or arrays at /requestBody, /requestBody/labels; " +
				"next time send them as JSON objects and arrays, not strings"}},
		{name: "required default filled", args: map[string]any{"endpointId": idGetItem, "parameters": map[string]any{"id": 9}},
			wantURI:   "/items/9?page=1",
			wantNotes: []any{"filled required parameters from their spec defaults: page"}},
		{name: "nothing to heal", args: map[string]any{"endpointId": idGetItem, "parameters": map[string]any{"id": 3, "page": 1}},
			wantURI: "/items/3?page=1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, isErr := call(t, cs, "invoke", tt.args)
			if isErr {
				t.Fatalf("invoke failed: %v", got)
			}
			reqs := srv.requests()
			last := reqs[len(reqs)-1]
			if last.URI != tt.wantURI {
				t.Errorf("URI = %q, want %q", last.URI, tt.wantURI)
			}
			if tt.wantBody != "" && last.Body != tt.wantBody {
				t.Errorf("body = %q, want %q", last.Body, tt.wantBody)
			}
			if diff := cmp.Diff(tt.wantNotes, got["notes"]); tt.wantNotes != nil && diff != "" {
				t.Errorf("notes (-want +got):\n%s", diff)
			}
			if tt.wantNotes == nil && got["notes"] != nil {
				t.Errorf("notes = %v, want none", got["notes"])
			}
		})
	}
}
