package server

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/swag2mcp/swag2mcp/runtime/search"
)

func TestSearchTool(t *testing.T) {
	cs := connect(t, testOptions(nil))
	tests := []struct {
		name      string
		args      map[string]any
		wantIDs   []any
		wantTotal float64
		wantNote  string // substring; "" means no note
		wantCode  string
	}{
		{name: "ranked", args: map[string]any{"query": "pet by id", "limit": 10},
			wantIDs: []any{idGetPet, idDeletePet, idListPets, idAddPet}, wantTotal: 4},
		{name: "cut by limit", args: map[string]any{"query": "pets", "limit": 2},
			wantIDs: []any{idListPets, idGetPet}, wantTotal: 4, wantNote: "best 2 of 4"}, // a plural noun and no verb: GET first
		{name: "limit as whole float", args: map[string]any{"query": "health", "limit": 3.0},
			wantIDs: []any{idPing}, wantTotal: 1},
		{name: "no match", args: map[string]any{"query": "weather", "limit": 5},
			wantIDs: []any{}, wantTotal: 0, wantNote: "No endpoint matched"},
		{name: "missing query", args: map[string]any{"limit": 5}, wantCode: codeValidationFailed},
		{name: "blank query", args: map[string]any{"query": "  ", "limit": 5}, wantCode: codeValidationFailed},
		{name: "grouping not supported", args: map[string]any{"query": "(pet OR ping)", "limit": 5}, wantCode: codeValidationFailed},
		{name: "unclosed phrase", args: map[string]any{"query": `tag:"pet`, "limit": 5}, wantCode: codeValidationFailed},
		// A description pasted whole, which the query language refuses (NOT),
		// is searched as its words, and the note says why.
		{name: "prose", args: map[string]any{"query": "Checks the health of the service; it does NOT need any credentials at all", "limit": 1},
			wantIDs: []any{idPing}, wantTotal: 1, wantNote: "could not read this query (NOT is not supported"},
		// A request as a model meets it names its operations: a URL after
		// the server URL (its base path /v1 left out), an operationId, an id.
		{name: "request URL", args: map[string]any{"query": "delete https://petstore.example/v1/pets/7?force=true", "limit": 2},
			wantIDs: []any{idDeletePet, idGetPet}, wantTotal: 2},
		{name: "operationId", args: map[string]any{"query": "getPetById", "limit": 1},
			wantIDs: []any{idGetPet}, wantTotal: 4, wantNote: "best 1 of 4"},
		{name: "endpoint id", args: map[string]any{"query": idPing, "limit": 3},
			wantIDs: []any{idPing}, wantTotal: 1},
		{name: "field filter", args: map[string]any{"query": "method:DELETE", "limit": 5},
			wantIDs: []any{idDeletePet}, wantTotal: 1},
		{name: "stop words only", args: map[string]any{"query": "the of", "limit": 5}, wantCode: codeValidationFailed},
		{name: "query not a string", args: map[string]any{"query": 3, "limit": 5}, wantCode: codeValidationFailed},
		{name: "missing limit", args: map[string]any{"query": "pet"}, wantCode: codeValidationFailed},
		{name: "limit zero", args: map[string]any{"query": "pet", "limit": 0}, wantCode: codeValidationFailed},
		{name: "limit above 50", args: map[string]any{"query": "pet", "limit": 51}, wantCode: codeValidationFailed},
		{name: "limit fraction", args: map[string]any{"query": "pet", "limit": 2.5}, wantCode: codeValidationFailed},
		{name: "limit string", args: map[string]any{"query": "pet", "limit": "5"}, wantCode: codeValidationFailed},
		{name: "unknown argument", args: map[string]any{"query": "pet", "limit": 5, "tag": "pet"}, wantCode: codeValidationFailed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, isErr := call(t, cs, "search", tt.args)
			if code := errorCode(t, got, isErr); code != tt.wantCode {
				t.Fatalf("code = %q, want %q; answer %v", code, tt.wantCode, got)
			}
			if tt.wantCode != "" {
				return
			}
			var ids []any
			for _, e := range got["endpoints"].([]any) {
				ids = append(ids, e.(map[string]any)["id"])
			}
			if ids == nil {
				ids = []any{}
			}
			if diff := cmp.Diff(tt.wantIDs, ids); diff != "" {
				t.Errorf("ids mismatch (-want +got):\n%s", diff)
			}
			if got["total"] != tt.wantTotal {
				t.Errorf("total = %v, want %v", got["total"], tt.wantTotal)
			}
			note, _ := got["note"].(string)
			if (tt.wantNote == "") != (note == "") || !strings.Contains(note, tt.wantNote) {
				t.Errorf("note = %q, want one containing %q", note, tt.wantNote)
			}
		})
	}
}

func TestSearchHitShape(t *testing.T) {
	cs := connect(t, testOptions(nil))
	got, isErr := call(t, cs, "search", map[string]any{"query": "health", "limit": 1})
	if isErr {
		t.Fatalf("search failed: %v", got)
	}
	want := map[string]any{
		"endpoints": []any{map[string]any{
			"id": idPing, "tagId": "7a910000000000000000000000000000", "tagName": "health",
			"collectionId": "c0110000000000000000000000000000", "collectionTitle": "Petstore",
			"specId": "5bec0000000000000000000000000000", "specDomain": "petstore",
			"method": "GET", "path": "/ping", "summary": "Check health",
		}},
		"total": 1.0,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("answer mismatch (-want +got):\n%s", diff)
	}
}

// TestSearchHitMarksDeprecated: a deprecated operation's hit says so, so
// a model choosing among hits can take its replacement; others carry no
// mark.
func TestSearchHitMarksDeprecated(t *testing.T) {
	cs := connect(t, testOptions(nil))
	got, isErr := call(t, cs, "search", map[string]any{"query": "pet", "limit": 50})
	if isErr {
		t.Fatalf("search failed: %v", got)
	}
	marked := 0
	for _, h := range got["endpoints"].([]any) {
		hit := h.(map[string]any)
		dep, has := hit["deprecated"]
		switch {
		case hit["id"] == idDeletePet && dep != true:
			t.Errorf("deprecated DELETE /pets/{petId}: hit %v lacks \"deprecated\": true", hit)
		case hit["id"] != idDeletePet && has:
			t.Errorf("hit %v is marked deprecated", hit)
		}
		if dep == true {
			marked++
		}
	}
	if marked != 1 {
		t.Errorf("%d hits marked deprecated; want DELETE /pets/{petId}'s only", marked)
	}
}

// fixedSearcher answers every query with its hits or error.
type fixedSearcher struct {
	res search.Result
	err error
}

func (f fixedSearcher) Search(context.Context, search.Query) (search.Result, error) {
	return f.res, f.err
}

func TestSearchToolCustomSearcher(t *testing.T) {
	opts := testOptions(nil)
	opts.Searcher = fixedSearcher{res: search.Result{Hits: []search.Hit{{Endpoint: 4}, {Endpoint: 99}, {Endpoint: -1}}, Total: 3}}
	cs := connect(t, opts)
	got, isErr := call(t, cs, "search", map[string]any{"query": "anything", "limit": 5})
	if isErr {
		t.Fatalf("search failed: %v", got)
	}
	if n := len(got["endpoints"].([]any)); n != 1 {
		t.Errorf("got %d endpoints, want 1 (out-of-range hits dropped)", n)
	}
}

func TestSearchToolSearcherFault(t *testing.T) {
	opts := testOptions(nil)
	opts.Searcher = fixedSearcher{err: errors.New("index broken")}
	cs := connect(t, opts)
	if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "search", Arguments: map[string]any{"query": "pet", "limit": 5}}); err == nil {
		t.Error("a failing searcher gave a tool result, want a JSON-RPC error")
	}
}
