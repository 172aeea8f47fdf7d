package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestInvokeResponseFormat drives response_format through the MCP tool:
// detailed (the default) answers the body whole, concise trims it and
// says what it cut, anything else is refused.
func TestInvokeResponseFormat(t *testing.T) {
	pets := []any{}
	for i := range 8 {
		pets = append(pets, map[string]any{"id": float64(i), "tag": nil})
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(pets)
	}))
	t.Cleanup(srv.Close)
	cs := connect(t, testOptions(map[string]string{"X_BASE_URL": srv.URL}))

	got, isErr := call(t, cs, toolInvoke, map[string]any{"endpointId": idListPets})
	if isErr || !cmp.Equal(pets, got["body"]) || got["trimmed"] != nil {
		t.Errorf("detailed: body %v, trimmed %v, want the body whole", got["body"], got["trimmed"])
	}

	got, isErr = call(t, cs, toolInvoke, map[string]any{"endpointId": idListPets, "response_format": "concise"})
	if isErr {
		t.Fatalf("concise failed: %v", got)
	}
	wantBody := []any{map[string]any{"id": 0.0}, map[string]any{"id": 1.0}, map[string]any{"id": 2.0}}
	if diff := cmp.Diff(wantBody, got["body"]); diff != "" {
		t.Errorf("concise body mismatch (-want +got):\n%s", diff)
	}
	trimmed, _ := got["trimmed"].(map[string]any)
	wantArrays := []any{map[string]any{"path": "$", "length": 8.0, "kept": 3.0}}
	if diff := cmp.Diff(wantArrays, trimmed["arrays"]); diff != "" || trimmed["nulls"] != 3.0 || trimmed["detailed"] == "" {
		t.Errorf("trimmed %v, want the array, 3 nulls and how to get the rest (-want +got arrays):\n%s", trimmed, diff)
	}

	got, isErr = call(t, cs, toolInvoke, map[string]any{"endpointId": idListPets, "response_format": "short"})
	if code := errorCode(t, got, isErr); code != codeValidationFailed {
		t.Errorf("unknown format: code %q, want %q", code, codeValidationFailed)
	}
}

// TestCredentialHeadersRefused: the one rule through the tool, on an open
// endpoint and on a write: refused with validation_failed before the user
// is asked, and nothing reaches the API.
func TestCredentialHeadersRefused(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }))
	t.Cleanup(srv.Close)
	el := &elicitor{answer: &mcp.ElicitResult{Action: "accept"}}
	cs := connectWith(t, testOptions(map[string]string{"X_BASE_URL": srv.URL}), &mcp.ClientOptions{ElicitationHandler: el.handle}, "")
	for _, args := range []map[string]any{
		{"endpointId": idPing, "headers": map[string]any{"Authorization": "Bearer from-the-model"}},
		{"endpointId": idAddPet, "requestBody": map[string]any{"name": "Rex"}, "headers": map[string]any{"x-api-key": "from-the-model"}},
	} {
		got, isErr := call(t, cs, toolInvoke, args)
		if code := errorCode(t, got, isErr); code != codeValidationFailed {
			t.Errorf("%v: code %q, want %q", args["headers"], code, codeValidationFailed)
		}
	}
	if n, prompts := hits.Load(), el.shown(); n != 0 || len(prompts) != 0 {
		t.Errorf("%d requests reached the API and %d prompts were shown, want none", n, len(prompts))
	}
}
