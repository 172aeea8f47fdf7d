package server

import (
	"cmp"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	gocmp "github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/swag2mcp/swag2mcp/runtime/invoke"
)

// recorder is an upstream that answers every request with 200 and an empty
// JSON object, and records "METHOD path" of each.
type recorder struct {
	mu   sync.Mutex
	seen []string
	srv  *httptest.Server
}

func newRecorder(t *testing.T) *recorder {
	t.Helper()
	r := &recorder{}
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r.mu.Lock()
		r.seen = append(r.seen, req.Method+" "+req.URL.Path)
		r.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{}`))
	}))
	t.Cleanup(r.srv.Close)
	return r
}

// requests returns the requests seen since the last call and forgets them.
func (r *recorder) requests() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.seen
	r.seen = nil
	return out
}

// guardOptions serve testCatalog against rec, with a request builder for
// deletePet so DELETE calls can be sent.
func guardOptions(rec *recorder, env map[string]string) Options {
	if env == nil {
		env = map[string]string{}
	}
	env["X_BASE_URL"] = rec.srv.URL
	opts := testOptions(env)
	opts.Stubs[3] = func(in *invoke.Input) (*invoke.Request, error) {
		var petID int64
		invoke.Decode(in, "petId", &petID)
		if err := in.Err(); err != nil {
			return nil, err
		}
		r := invoke.NewRequest(in)
		r.Param("petId", petID)
		return r, nil
	}
	return opts
}

// elicitor is a client-side elicitation handler that answers with a fixed
// result and records the prompts it was shown.
type elicitor struct {
	mu      sync.Mutex
	answer  *mcp.ElicitResult
	prompts []string
}

func (el *elicitor) handle(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
	el.mu.Lock()
	defer el.mu.Unlock()
	el.prompts = append(el.prompts, req.Params.Message)
	return el.answer, nil
}

func (el *elicitor) shown() []string {
	el.mu.Lock()
	defer el.mu.Unlock()
	out := el.prompts
	el.prompts = nil
	return out
}

var (
	deleteArgs = map[string]any{"endpointId": idDeletePet, "parameters": map[string]any{"petId": 7}}
	addArgs    = map[string]any{"endpointId": idAddPet, "requestBody": map[string]any{"name": "Rex", "password": "hunter2"}}
	listArgs   = map[string]any{"endpointId": idListPets, "parameters": map[string]any{"limit": 2}}
)

// TestConfirmWithElicitation runs with the latest protocol, where the
// client declares elicitation per request, and with 2025-11-25, where it
// declared it at initialization.
func TestConfirmWithElicitation(t *testing.T) {
	for _, protocol := range []string{"", "2025-11-25"} {
		t.Run(cmp.Or(protocol, "latest"), func(t *testing.T) { testConfirmWithElicitation(t, protocol) })
	}
}

func testConfirmWithElicitation(t *testing.T, protocol string) {
	rec := newRecorder(t)
	el := &elicitor{}
	cs := connectWith(t, guardOptions(rec, nil), &mcp.ClientOptions{ElicitationHandler: el.handle}, protocol)
	if got := cs.InitializeResult().ProtocolVersion; protocol != "" && got != protocol {
		t.Fatalf("negotiated %s, want %s", got, protocol)
	}
	tests := []struct {
		name       string
		answer     *mcp.ElicitResult
		args       map[string]any
		wantCode   string
		wantSent   []string
		wantPrompt []string // substrings of the one prompt; nil: no prompt
	}{
		{
			name: "accept sends", answer: &mcp.ElicitResult{Action: "accept", Content: map[string]any{"confirm": true}},
			args: deleteArgs, wantSent: []string{"DELETE /pets/7"},
			wantPrompt: []string{"DELETE /pets/{petId}", "to Petstore", "Delete a pet", "petId: 7"},
		},
		{
			name: "accept without content sends", answer: &mcp.ElicitResult{Action: "accept"},
			args: addArgs, wantSent: []string{"POST /pets"},
			wantPrompt: []string{"POST /pets", "Add a new pet", `"name":"Rex"`, `"password":"***"`},
		},
		{
			name: "decline sends nothing", answer: &mcp.ElicitResult{Action: "decline"},
			args: deleteArgs, wantCode: codeNotConfirmed, wantPrompt: []string{"DELETE /pets/{petId}"},
		},
		{
			name: "cancel sends nothing", answer: &mcp.ElicitResult{Action: "cancel"},
			args: deleteArgs, wantCode: codeNotConfirmed, wantPrompt: []string{"DELETE /pets/{petId}"},
		},
		{
			name: "accept with the box unticked sends nothing", answer: &mcp.ElicitResult{Action: "accept", Content: map[string]any{"confirm": false}},
			args: addArgs, wantCode: codeNotConfirmed, wantPrompt: []string{"POST /pets"},
		},
		{
			name: "GET is not confirmed", answer: &mcp.ElicitResult{Action: "decline"},
			args: listArgs, wantSent: []string{"GET /pets"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			el.answer = tt.answer
			got, isErr := call(t, cs, "invoke", tt.args)
			if code := errorCode(t, got, isErr); code != tt.wantCode {
				t.Fatalf("code = %q, want %q; answer %v", code, tt.wantCode, got)
			}
			if diff := gocmp.Diff(tt.wantSent, rec.requests()); diff != "" {
				t.Errorf("upstream requests (-want +got):\n%s", diff)
			}
			prompts := el.shown()
			if tt.wantPrompt == nil {
				if len(prompts) > 0 {
					t.Errorf("asked %q, want no confirmation", prompts)
				}
				return
			}
			if len(prompts) != 1 {
				t.Fatalf("asked %d times, want once: %q", len(prompts), prompts)
			}
			for _, want := range tt.wantPrompt {
				if !strings.Contains(prompts[0], want) {
					t.Errorf("prompt lacks %q:\n%s", want, prompts[0])
				}
			}
			if strings.Contains(prompts[0], "hunter2") {
				t.Errorf("prompt shows a secret:\n%s", prompts[0])
			}
		})
	}
}

func TestConfirmWithoutElicitation(t *testing.T) {
	tests := []struct {
		name     string
		env      map[string]string
		args     []string // flags
		elicit   bool     // the client supports elicitation (and declines)
		wantCode string
		wantMsg  []string
		wantSent []string
	}{
		{name: "auto sends", wantSent: []string{"DELETE /pets/7"}},
		{name: "always refuses", env: map[string]string{"SWAG2MCP_CONFIRM": "always"}, wantCode: codeNotConfirmed,
			wantMsg: []string{"does not support elicitation", "--confirm=auto", "SWAG2MCP_CONFIRM=auto", "confirm: auto"}},
		{name: "flag over environment", env: map[string]string{"SWAG2MCP_CONFIRM": "always"}, args: []string{"--confirm=auto"},
			wantSent: []string{"DELETE /pets/7"}},
		{name: "never does not ask a client that could", args: []string{"--confirm=never"}, elicit: true,
			wantSent: []string{"DELETE /pets/7"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := newRecorder(t)
			opts := guardOptions(rec, tt.env)
			opts.Args = tt.args
			var clientOpts *mcp.ClientOptions
			el := &elicitor{answer: &mcp.ElicitResult{Action: "decline"}}
			if tt.elicit {
				clientOpts = &mcp.ClientOptions{ElicitationHandler: el.handle}
			}
			cs := connectWith(t, opts, clientOpts, "")
			got, isErr := call(t, cs, "invoke", deleteArgs)
			if code := errorCode(t, got, isErr); code != tt.wantCode {
				t.Fatalf("code = %q, want %q; answer %v", code, tt.wantCode, got)
			}
			for _, want := range tt.wantMsg {
				if msg := got["error"].(map[string]any)["message"].(string); !strings.Contains(msg, want) {
					t.Errorf("message lacks %q: %s", want, msg)
				}
			}
			if diff := gocmp.Diff(tt.wantSent, rec.requests()); diff != "" {
				t.Errorf("upstream requests (-want +got):\n%s", diff)
			}
			if p := el.shown(); len(p) > 0 {
				t.Errorf("asked %q, want no confirmation", p)
			}
		})
	}
}

func TestReadOnly(t *testing.T) {
	rec := newRecorder(t)
	el := &elicitor{answer: &mcp.ElicitResult{Action: "accept"}}
	cs := connectWith(t, guardOptions(rec, map[string]string{"SWAG2MCP_READ_ONLY": "true"}),
		&mcp.ClientOptions{ElicitationHandler: el.handle}, "")

	got, isErr := call(t, cs, "invoke", deleteArgs)
	if code := errorCode(t, got, isErr); code != codeReadOnly {
		t.Fatalf("code = %q, want %q; answer %v", code, codeReadOnly, got)
	}
	if sent := rec.requests(); len(sent) > 0 {
		t.Errorf("upstream got %q, want nothing", sent)
	}
	if p := el.shown(); len(p) > 0 {
		t.Errorf("asked %q, want no confirmation", p)
	}

	got, isErr = call(t, cs, "invoke", listArgs)
	if code := errorCode(t, got, isErr); code != "" {
		t.Fatalf("GET refused: %v", got)
	}
	if diff := gocmp.Diff([]string{"GET /pets"}, rec.requests()); diff != "" {
		t.Errorf("upstream requests (-want +got):\n%s", diff)
	}

	got, _ = call(t, cs, "search", map[string]any{"query": "pet", "limit": 10})
	marks := map[string]any{}
	for _, e := range got["endpoints"].([]any) {
		m := e.(map[string]any)
		marks[m["method"].(string)+" "+m["path"].(string)] = m["invocable"]
	}
	want := map[string]any{"GET /pets": nil, "POST /pets": false, "GET /pets/{petId}": nil, "DELETE /pets/{petId}": false}
	if diff := gocmp.Diff(want, marks); diff != "" {
		t.Errorf("invocable marks (-want +got):\n%s", diff)
	}
	if note, _ := got["note"].(string); !strings.Contains(note, "read-only") {
		t.Errorf("note = %q, want it to explain the marks", note)
	}

	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range tools.Tools {
		if tool.Name != "invoke" {
			continue
		}
		a := tool.Annotations
		if !a.ReadOnlyHint || a.DestructiveHint == nil || *a.DestructiveHint || !a.IdempotentHint {
			t.Errorf("read-only invoke annotations = %+v, want read-only, not destructive, idempotent", a)
		}
	}
}

func TestRuntimeFilter(t *testing.T) {
	rec := newRecorder(t)
	env := map[string]string{"SWAG2MCP_INCLUDE_TAG": "pet", "SWAG2MCP_EXCLUDE_METHOD": "DELETE"}
	cs := connect(t, guardOptions(rec, env))

	for _, q := range []string{"delete pet", "health", "pets"} {
		got, isErr := call(t, cs, "search", map[string]any{"query": q, "limit": 50})
		if isErr {
			t.Fatalf("search %q: %v", q, got)
		}
		var ids []string
		for _, e := range got["endpoints"].([]any) {
			ids = append(ids, e.(map[string]any)["id"].(string))
		}
		for _, id := range ids {
			if id == idDeletePet || id == idPing {
				t.Errorf("search %q shows hidden endpoint %s: %v", q, id, ids)
			}
		}
		if total := got["total"].(float64); int(total) != len(ids) {
			t.Errorf("search %q: total = %v, want %d (hidden ones not counted)", q, total, len(ids))
		}
	}
	for _, tool := range []string{"inspect", "endpoint_by_id", "invoke"} {
		for _, id := range []string{idDeletePet, idPing} {
			args := map[string]any{"endpointId": id}
			if id == idDeletePet && tool == "invoke" {
				args = deleteArgs
			}
			got, isErr := call(t, cs, tool, args)
			if code := errorCode(t, got, isErr); code != codeNotFound {
				t.Errorf("%s %s: code = %q, want %q", tool, id, code, codeNotFound)
			}
		}
	}
	if sent := rec.requests(); len(sent) > 0 {
		t.Errorf("upstream got %q, want nothing", sent)
	}
	got, isErr := call(t, cs, "invoke", listArgs)
	if code := errorCode(t, got, isErr); code != "" {
		t.Errorf("visible endpoint refused: %v", got)
	}
}

// TestSafeOps: an operation declared reading with --safe-op
// (SWAG2MCP_SAFE_OP) is sent in read-only mode without a confirmation;
// other writes are still refused.
func TestSafeOps(t *testing.T) {
	rec := newRecorder(t)
	el := &elicitor{answer: &mcp.ElicitResult{Action: "decline"}}
	env := map[string]string{"SWAG2MCP_READ_ONLY": "true", "SWAG2MCP_SAFE_OP": "add*"}
	cs := connectWith(t, guardOptions(rec, env), &mcp.ClientOptions{ElicitationHandler: el.handle}, "")
	if got, isErr := call(t, cs, "invoke", addArgs); isErr {
		t.Fatalf("safe POST refused: %v", got)
	}
	got, isErr := call(t, cs, "invoke", deleteArgs)
	if code := errorCode(t, got, isErr); code != codeReadOnly {
		t.Errorf("DELETE: code %q, want %s", code, codeReadOnly)
	}
	if diff := gocmp.Diff([]string{"POST /pets"}, rec.requests()); diff != "" {
		t.Errorf("upstream requests (-want +got):\n%s", diff)
	}
	if p := el.shown(); len(p) > 0 {
		t.Errorf("asked %q, want no confirmation for a safe operation", p)
	}
}
