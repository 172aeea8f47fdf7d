package server

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestToolsList(t *testing.T) {
	cs := connect(t, testOptions(nil))
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatalf("ListTools: %v", err)
	}
	size, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("tools/list is %d bytes", len(size))
	if len(size) > 8<<10 {
		t.Errorf("tools/list is %d bytes, want at most 8 KiB", len(size))
	}

	type shape struct {
		ReadOnly, Destructive, Idempotent, OpenWorld bool
		Required                                     []any
	}
	got := map[string]shape{}
	for _, tool := range res.Tools {
		if tool.Description == "" {
			t.Errorf("tool %s has no description", tool.Name)
		}
		schema, _ := tool.InputSchema.(map[string]any)
		if schema["type"] != "object" {
			t.Errorf("tool %s: input schema type = %v, want object", tool.Name, schema["type"])
		}
		a := tool.Annotations
		if a == nil || a.DestructiveHint == nil || a.OpenWorldHint == nil {
			t.Fatalf("tool %s: annotations incomplete: %+v", tool.Name, a)
		}
		required, _ := schema["required"].([]any)
		got[tool.Name] = shape{a.ReadOnlyHint, *a.DestructiveHint, a.IdempotentHint, *a.OpenWorldHint, required}
	}
	want := map[string]shape{
		"search":            {ReadOnly: true, Idempotent: true, Required: []any{"query", "limit"}},
		"inspect":           {ReadOnly: true, Idempotent: true, Required: []any{"endpointId"}},
		"auth":              {ReadOnly: true, Idempotent: true, OpenWorld: true},
		"endpoint_by_id":    {ReadOnly: true, Idempotent: true, Required: []any{"endpointId"}},
		"invoke":            {Destructive: true, OpenWorld: true, Required: []any{"endpointId"}},
		"script":            {Destructive: true, OpenWorld: true, Required: []any{"code"}},
		"response_outline":  {ReadOnly: true, Idempotent: true, Required: []any{"path"}},
		"response_compress": {ReadOnly: true, Idempotent: true, Required: []any{"path", "mode"}},
		"response_slice":    {ReadOnly: true, Idempotent: true, Required: []any{"path", "jsonPath"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tools mismatch (-want +got):\n%s", diff)
	}
}

func TestUnknownToolIsProtocolError(t *testing.T) {
	cs := connect(t, testOptions(nil))
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "no_such_tool", Arguments: map[string]any{}})
	if err == nil {
		t.Fatal("CallTool of an unknown tool succeeded, want a JSON-RPC error")
	}
}

func TestEndpointByID(t *testing.T) {
	cs := connect(t, testOptions(nil))
	tests := []struct {
		name     string
		args     map[string]any
		want     map[string]any // nil when only the code matters
		wantCode string
	}{
		{
			name: "deprecated endpoint",
			args: map[string]any{"endpointId": idDeletePet},
			want: map[string]any{
				"id": idDeletePet, "tagId": "7a900000000000000000000000000000", "tagName": "pet",
				"collectionId": "c0110000000000000000000000000000", "collectionTitle": "Petstore",
				"specId": "5bec0000000000000000000000000000", "specDomain": "petstore",
				"method": "DELETE", "path": "/pets/{petId}", "summary": "Delete a pet",
				"operationId": "deletePet", "deprecated": true,
			},
		},
		{
			name: "id padded and uppercased, no operationId",
			args: map[string]any{"endpointId": "  00000000000000000000000000000E04 "},
			want: map[string]any{
				"id": idPing, "tagId": "7a910000000000000000000000000000", "tagName": "health",
				"collectionId": "c0110000000000000000000000000000", "collectionTitle": "Petstore",
				"specId": "5bec0000000000000000000000000000", "specDomain": "petstore",
				"method": "GET", "path": "/ping", "summary": "Check health", "deprecated": false,
			},
		},
		{name: "unknown id", args: map[string]any{"endpointId": idUnknown}, wantCode: codeNotFound},
		{name: "missing id", args: map[string]any{}, wantCode: codeValidationFailed},
		{name: "id not a string", args: map[string]any{"endpointId": 7}, wantCode: codeValidationFailed},
		{name: "unknown argument", args: map[string]any{"endpointId": idPing, "verbose": true}, wantCode: codeValidationFailed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, isErr := call(t, cs, "endpoint_by_id", tt.args)
			if code := errorCode(t, got, isErr); code != tt.wantCode {
				t.Fatalf("code = %q, want %q; answer %v", code, tt.wantCode, got)
			}
			if tt.want != nil {
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Errorf("answer mismatch (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// TestInstructionsNameTheAPI: initialize's instructions end with the API's
// name, size and tags, within 2 KiB.
func TestInstructionsNameTheAPI(t *testing.T) {
	cs := connect(t, testOptions(nil))
	got := cs.InitializeResult().Instructions
	if !strings.Contains(got, "Served: Petstore: ") || !strings.Contains(got, "tags with the most: pet, ") || len(got) > 2<<10 {
		t.Errorf("instructions (%d bytes) = %q; want the API's name, size and tags within 2 KiB", len(got), got)
	}
}
