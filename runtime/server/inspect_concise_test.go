package server

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestInspectConcise drives inspect's default answer, schema: NAME and
// their refusals through the Go SDK client.
func TestInspectConcise(t *testing.T) {
	cs := connect(t, testOptions(nil))
	got, isErr := call(t, cs, "inspect", map[string]any{"endpointId": idGetPet})
	if isErr {
		t.Fatalf("inspect failed: %v", got)
	}
	want := map[string]any{
		"id": idGetPet, "tagId": "7a900000000000000000000000000000", "collectionId": "c0110000000000000000000000000000",
		"specId": "5bec0000000000000000000000000000", "specDomain": "petstore", "method": "GET", "path": "/pets/{petId}",
		"baseUrl": "https://petstore.example/v1", "fullUrl": "https://petstore.example/v1/pets/{petId}",
		"operation": map[string]any{
			"deprecated": false,
			"parameters": []any{
				map[string]any{"name": "petId", "in": "path", "required": true, "type": "any"},
				map[string]any{"name": "X-Trace", "in": "header", "arg": "trace", "required": false, "type": "any"},
			},
			"responses": map[string]any{"200": map[string]any{
				"mediaType": "application/json", "schema": "Pet", "type": "{id?: integer; name: string; category?: Category}",
			}},
		},
		"cut": map[string]any{
			"what":       []any{"component schemas named in types"},
			"full":       map[string]any{"endpointId": idGetPet, "detail": "full"},
			"schemas":    []any{"Pet", "Category"},
			"schemaArgs": map[string]any{"endpointId": idGetPet, "schema": "NAME"},
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("concise answer mismatch (-want +got):\n%s", diff)
	}

	got, isErr = call(t, cs, "inspect", map[string]any{"endpointId": idGetPet, "schema": "Pet"})
	if isErr {
		t.Fatalf("inspect schema failed: %v", got)
	}
	want = map[string]any{"endpointId": idGetPet, "name": "Pet", "schema": mustDecode(t, petSchema), "references": []any{"Category"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("schema answer mismatch (-want +got):\n%s", diff)
	}

	for _, tt := range []struct {
		name     string
		args     map[string]any
		wantCode string
	}{
		{"unknown detail", map[string]any{"endpointId": idGetPet, "detail": "brief"}, codeValidationFailed},
		{"detail and schema", map[string]any{"endpointId": idGetPet, "detail": "full", "schema": "Pet"}, codeValidationFailed},
		{"unknown schema", map[string]any{"endpointId": idGetPet, "schema": "Dog"}, codeNotFound},
		{"schema of an unknown endpoint", map[string]any{"endpointId": idUnknown, "schema": "Pet"}, codeNotFound},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, isErr := call(t, cs, "inspect", tt.args)
			if code := errorCode(t, got, isErr); code != tt.wantCode {
				t.Errorf("code = %q, want %q; answer %v", code, tt.wantCode, got)
			}
		})
	}
}
