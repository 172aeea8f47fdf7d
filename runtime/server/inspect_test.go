package server

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

func TestInspectFull(t *testing.T) {
	pet := mustDecode(t, petSchema)
	category := mustDecode(t, categorySchema)
	audit := mustDecode(t, testCatalog().Specs[0].Defs[2].Schema.String())
	tests := []struct {
		name        string
		env         map[string]string
		budget      int
		id          string
		wantBase    string
		wantDefs    map[string]any
		wantOmitted []any
		wantNote    string // substring; "" means no note
	}{
		{name: "all defs fit", id: idGetPet, wantBase: "https://petstore.example/v1",
			wantDefs: map[string]any{"Audit": audit, "Pet": pet, "Category": category}},
		{name: "base URL from environment", env: map[string]string{"X_BASE_URL": "http://localhost:8080/api/"}, id: idAddPet,
			wantBase: "http://localhost:8080/api/", wantDefs: map[string]any{"Pet": pet, "Category": category}},
		// Pet and Category cost their quoted names, colons and commas (19),
		// the braces 2, and the three names are reserved (25): Audit,
		// nearest but larger, is left out.
		{name: "nearest first, smaller later defs still fit", budget: len(petSchema) + len(categorySchema) + 46, id: idGetPet,
			wantBase: "https://petstore.example/v1", wantDefs: map[string]any{"Pet": pet, "Category": category},
			wantOmitted: []any{"Audit"}, wantNote: "1 of the 3 schemas"},
		{name: "budget below every def", budget: 40, id: idGetPet, wantBase: "https://petstore.example/v1",
			wantDefs: map[string]any{}, wantOmitted: []any{"Audit", "Pet", "Category"}, wantNote: "3 of the 3 schemas"},
		{name: "no defs, no operation", id: idDeletePet, wantBase: "https://petstore.example/v1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := testOptions(tt.env)
			opts.DefsBudget = tt.budget
			cs := connect(t, opts)
			got, isErr := call(t, cs, "inspect", map[string]any{"endpointId": tt.id, "detail": "full"})
			if isErr {
				t.Fatalf("inspect failed: %v", got)
			}
			e := endpointOf(t, tt.id)
			want := map[string]any{
				"id": e.ID, "tagId": "7a900000000000000000000000000000",
				"collectionId": "c0110000000000000000000000000000",
				"specId":       "5bec0000000000000000000000000000", "specDomain": "petstore",
				"method": e.Method, "path": e.Path,
				"baseUrl": tt.wantBase, "fullUrl": strings.TrimSuffix(tt.wantBase, "/") + e.Path,
				"operation": mustDecode(t, cmpOrEmpty(e.Operation.String())),
			}
			if tt.wantDefs != nil {
				want["$defs"] = tt.wantDefs
			}
			if tt.wantOmitted != nil {
				want["omittedSchemas"] = tt.wantOmitted
				want["omitted"] = float64(len(tt.wantOmitted))
			}
			note, _ := got["note"].(string)
			delete(got, "note")
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("answer mismatch (-want +got):\n%s", diff)
			}
			if (tt.wantNote == "") != (note == "") || !strings.Contains(note, tt.wantNote) {
				t.Errorf("note = %q, want one containing %q", note, tt.wantNote)
			}
		})
	}
}

func TestInspectErrors(t *testing.T) {
	cs := connect(t, testOptions(nil))
	tests := []struct {
		name     string
		args     map[string]any
		wantCode string
	}{
		{"unknown id", map[string]any{"endpointId": idUnknown}, codeNotFound},
		{"empty id", map[string]any{"endpointId": ""}, codeValidationFailed},
		{"missing id", map[string]any{}, codeValidationFailed},
		{"null id", map[string]any{"endpointId": nil}, codeValidationFailed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, isErr := call(t, cs, "inspect", tt.args)
			if code := errorCode(t, got, isErr); code != tt.wantCode {
				t.Errorf("code = %q, want %q; answer %v", code, tt.wantCode, got)
			}
		})
	}
}

func endpointOf(t *testing.T, id string) catalog.Endpoint {
	t.Helper()
	for _, e := range testCatalog().Endpoints {
		if e.ID == id {
			return e
		}
	}
	t.Fatalf("no endpoint %s", id)
	return catalog.Endpoint{}
}

func cmpOrEmpty(doc string) string {
	if doc == "" {
		return "{}"
	}
	return doc
}

func mustDecode(t *testing.T, doc string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(doc), &v); err != nil {
		t.Fatalf("decode %s: %v", doc, err)
	}
	return v
}
