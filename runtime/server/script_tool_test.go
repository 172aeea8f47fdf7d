package server

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	gocmp "github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// withFlatNames gives testCatalog's endpoints the flat names the generator
// would.
func withFlatNames(opts Options) Options {
	for i, name := range []string{"listPets", "addPet", "getPetById", "deletePet", "getPing"} {
		opts.Catalog.Endpoints[i].FlatName = name
	}
	return opts
}

// runScript calls the script tool and returns its answer and error flag.
func runScript(t *testing.T, cs *mcp.ClientSession, code string) (map[string]any, bool) {
	t.Helper()
	return call(t, cs, "script", map[string]any{"code": code})
}

// calls lists the trace of a script answer as "op path-or-query outcome".
func calls(got map[string]any) []string {
	var out []string
	for _, c := range got["calls"].([]any) {
		m := c.(map[string]any)
		what, _ := m["path"].(string)
		if q, ok := m["query"].(string); ok {
			what = q
		}
		out = append(out, m["op"].(string)+" "+what+" "+m["outcome"].(string))
	}
	return out
}

// TestScriptSeedExample runs the contract's example shape (search →
// describe → call → emit → return) through a real MCP client against a
// real upstream.
func TestScriptSeedExample(t *testing.T) {
	srv := upstream(t)
	cs := connect(t, withFlatNames(testOptions(map[string]string{"X_BASE_URL": srv.URL})))
	code := `
const { items } = await tools.search({ query: "find pet by id" });
const candidate = items[0];
if (!candidate) return { error: "No matching tool" };
const details = await tools.describe({ path: candidate.path });
if (details.error) return details;
const result = await tools.call(details.path, { parameters: { petId: 7, trace: "t-1" } });
if (!result.ok) return result;
emit({ tool: details.path, completed: true });
console.log("status", result.data.statusCode);
return result.data.body;`
	got, isErr := runScript(t, cs, code)
	if isErr {
		t.Fatalf("script failed: %v", got)
	}
	want := map[string]any{"id": "7", "trace": "t-1", "extra": "", "session": ""}
	if diff := gocmp.Diff(want, got["result"]); diff != "" {
		t.Errorf("result mismatch (-want +got):\n%s", diff)
	}
	if diff := gocmp.Diff([]any{map[string]any{"tool": "getPetById", "completed": true}}, got["emitted"]); diff != "" {
		t.Errorf("emitted mismatch (-want +got):\n%s", diff)
	}
	if diff := gocmp.Diff([]any{"status 200"}, got["console"]); diff != "" {
		t.Errorf("console mismatch (-want +got):\n%s", diff)
	}
	wantCalls := []string{"search find pet by id ok", "describe getPetById ok", "call getPetById ok"}
	if diff := gocmp.Diff(wantCalls, calls(got)); diff != "" {
		t.Errorf("calls mismatch (-want +got):\n%s", diff)
	}
}

func TestScriptTools(t *testing.T) {
	srv := upstream(t)
	cs := connect(t, withFlatNames(testOptions(map[string]string{"X_BASE_URL": srv.URL})))
	tests := []struct {
		name string
		code string
		want any
	}{
		{"flat call", `const r = await tools.listPets({ parameters: { limit: 2 } }); return [r.ok, r.data.body.limit]`, []any{true, "2"}},
		{"call by id", `const r = await tools.call("` + idListPets + `", {}); return r.data.statusCode`, 200.0},
		{"request body", `const r = await tools.addPet({ requestBody: { name: "Rex" } }); return r.data.body.received`,
			map[string]any{"name": "Rex"}},
		{
			"failing calls do not stop the script",
			`const a = await tools.getPetById({ parameters: { petId: 404 } });
			const b = await tools.getPetById({ parameters: {} });
			const c = await tools.call("nope", {});
			const d = await tools.getPetById("not an object");
			const e = await tools.getPing({});
			return [a.ok, a.error.code, a.error.statusCode, b.error.code, c.error.code, d.error.code, e.ok]`,
			[]any{false, "invoke_error", 404.0, "validation_failed", "not_found", "validation_failed", true},
		},
		{
			"search items carry path, flat name and HTTP path",
			`const { items, total } = await tools.search({ query: "delete pet", limit: 1 });
			const it = items[0]; return [it.path, it.flatName, it.id, it.method, it.httpPath, total > 0]`,
			[]any{"deletePet", "deletePet", idDeletePet, "DELETE", "/pets/{petId}", true},
		},
		{
			"search offset pages",
			`const all = (await tools.search({ query: "pet", limit: 3 })).items.map((i) => i.path);
			const rest = (await tools.search({ query: "pet", limit: 2, offset: 1 })).items.map((i) => i.path);
			return JSON.stringify(all.slice(1)) === JSON.stringify(rest)`,
			true,
		},
		{"describe unknown", `return (await tools.describe({ path: "nope" })).error.code`, "not_found"},
		{"arguments with endpointId", `return (await tools.call("listPets", { endpointId: "x" })).error.code`, "validation_failed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, isErr := runScript(t, cs, tt.code)
			if isErr {
				t.Fatalf("script failed: %v", got)
			}
			if diff := gocmp.Diff(tt.want, got["result"]); diff != "" {
				t.Errorf("result mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestScriptDescribe(t *testing.T) {
	cs := connect(t, withFlatNames(testOptions(nil)))
	got, isErr := runScript(t, cs, `return await tools.describe({ path: "getPetById" })`)
	if isErr {
		t.Fatalf("script failed: %v", got)
	}
	d := got["result"].(map[string]any)
	keep := map[string]any{}
	for _, k := range []string{"path", "flatName", "id", "method", "httpPath", "inputTypeScript", "outputSchema", "outputSchemaTarget"} {
		keep[k] = d[k]
	}
	want := map[string]any{
		"path": "getPetById", "flatName": "getPetById", "id": idGetPet, "method": "GET", "httpPath": "/pets/{petId}",
		// testCatalog has no input schemas.
		"inputTypeScript": "{ [key: string]: unknown }",
		"outputSchema": map[string]any{
			"$ref": "#/$defs/Pet",
			"$defs": map[string]any{
				"Pet":      roundTrip(t, json.RawMessage(petSchema)),
				"Category": roundTrip(t, json.RawMessage(categorySchema)),
			},
		},
		"outputSchemaTarget": "data.body",
	}
	if diff := gocmp.Diff(want, keep); diff != "" {
		t.Errorf("descriptor mismatch (-want +got):\n%s", diff)
	}
	if d["operation"] == nil || d["$defs"] == nil {
		t.Errorf("descriptor lacks the inspect document: %v", d)
	}
}

// TestScriptErrors: syntax errors, exceptions and timeouts are isError
// answers with a code, a message and the place in the script.
func TestScriptErrors(t *testing.T) {
	cs := connect(t, withFlatNames(testOptions(nil)))
	tests := []struct {
		name    string
		args    map[string]any
		code    string
		line    float64
		message string
	}{
		{"syntax", map[string]any{"code": "const a = 1;\nlet = ;"}, "syntax_error", 2, "SyntaxError"},
		{"exception", map[string]any{"code": "emit(1);\nnull.x"}, "script_error", 2, "TypeError"},
		{"timeout", map[string]any{"code": "let i = 0;\nwhile (true) { i++ }", "timeoutSeconds": 1}, "timeout", 2, "timeout of 1s"},
		{"require", map[string]any{"code": `require("fs")`}, "script_error", 1, "ReferenceError: require is not defined"},
		{"process", map[string]any{"code": `process.env`}, "script_error", 1, "ReferenceError: process is not defined"},
		{"fetch", map[string]any{"code": `await fetch("http://example.com")`}, "script_error", 1, "ReferenceError: fetch is not defined"},
		{"Object.keys(tools)", map[string]any{"code": `Object.keys(tools)`}, "script_error", 1, "tools.search"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, isErr := call(t, cs, "script", tt.args)
			if !isErr {
				t.Fatalf("script succeeded: %v", got)
			}
			e := got["error"].(map[string]any)
			if e["code"] != tt.code || e["line"] != tt.line || !strings.Contains(e["message"].(string), tt.message) {
				t.Errorf("error = %v, want code %s at line %v with %q", e, tt.code, tt.line, tt.message)
			}
			if _, ok := e["column"]; !ok {
				t.Errorf("error %v has no column", e)
			}
		})
	}
	for _, args := range []map[string]any{{}, {"code": "1", "timeoutSeconds": 31}, {"code": "1", "other": true}} {
		got, isErr := call(t, cs, "script", args)
		if code := errorCode(t, got, isErr); code != codeValidationFailed {
			t.Errorf("script(%v): code %q, want %s", args, code, codeValidationFailed)
		}
	}
}

// TestScriptFanOut: 20 calls to a slow upstream run at once, so the script
// takes about one call's time, not twenty.
func TestScriptFanOut(t *testing.T) {
	const delay = 400 * time.Millisecond
	var inFlight, most atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := inFlight.Add(1)
		defer inFlight.Add(-1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		time.Sleep(delay)
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"pets":[]}`))
	}))
	defer srv.Close()
	cs := connect(t, withFlatNames(testOptions(map[string]string{"X_BASE_URL": srv.URL})))
	code := `const rs = await Promise.all(Array.from({ length: 20 }, (_, i) => tools.listPets({ parameters: { limit: i + 1 } })));
	return rs.filter((r) => r.ok).length`
	start := time.Now()
	got, isErr := runScript(t, cs, code)
	took := time.Since(start)
	if isErr || got["result"] != 20.0 {
		t.Fatalf("script: %v", got)
	}
	t.Logf("20 calls of %v each took %v (%d at once at most)", delay, took, most.Load())
	if took >= 3*delay {
		t.Errorf("20 parallel calls took %v, want less than 3 × %v: they did not run concurrently", took, delay)
	}
}

// TestScriptGuards: read-only mode, confirmation and the run-time filter
// apply to calls made by scripts as they do to invoke.
func TestScriptGuards(t *testing.T) {
	t.Run("read-only", func(t *testing.T) {
		rec := newRecorder(t)
		el := &elicitor{answer: &mcp.ElicitResult{Action: "accept"}}
		cs := connectWith(t, withFlatNames(guardOptions(rec, map[string]string{"SWAG2MCP_READ_ONLY": "true"})),
			&mcp.ClientOptions{ElicitationHandler: el.handle}, "")
		got, isErr := runScript(t, cs, `const d = await tools.deletePet({ parameters: { petId: 7 } });
			const l = await tools.listPets({});
			return [d.ok, d.error.code, l.ok]`)
		if isErr {
			t.Fatalf("script failed: %v", got)
		}
		if diff := gocmp.Diff([]any{false, codeReadOnly, true}, got["result"]); diff != "" {
			t.Errorf("result mismatch (-want +got):\n%s", diff)
		}
		if diff := gocmp.Diff([]string{"GET /pets"}, rec.requests()); diff != "" {
			t.Errorf("upstream requests (-want +got):\n%s", diff)
		}
		if p := el.shown(); len(p) > 0 {
			t.Errorf("asked %q, want no confirmation", p)
		}
	})
	t.Run("confirmation", func(t *testing.T) {
		rec := newRecorder(t)
		el := &elicitor{answer: &mcp.ElicitResult{Action: "decline"}}
		cs := connectWith(t, withFlatNames(guardOptions(rec, nil)), &mcp.ClientOptions{ElicitationHandler: el.handle}, "")
		code := `const r = await tools.deletePet({ parameters: { petId: 7 } }); return r.ok || r.error.code`
		got, _ := runScript(t, cs, code)
		if got["result"] != codeNotConfirmed {
			t.Errorf("declined: result %v, want %s", got["result"], codeNotConfirmed)
		}
		if sent := rec.requests(); len(sent) > 0 {
			t.Errorf("declined: upstream got %q, want nothing", sent)
		}
		if p := el.shown(); len(p) != 1 {
			t.Errorf("declined: %d prompts, want 1", len(p))
		}
		el.mu.Lock()
		el.answer = &mcp.ElicitResult{Action: "accept", Content: map[string]any{"confirm": true}}
		el.mu.Unlock()
		got, _ = runScript(t, cs, code)
		if got["result"] != true {
			t.Errorf("accepted: result %v, want true", got["result"])
		}
		if diff := gocmp.Diff([]string{"DELETE /pets/7"}, rec.requests()); diff != "" {
			t.Errorf("accepted: upstream requests (-want +got):\n%s", diff)
		}
	})
	t.Run("run-time filter", func(t *testing.T) {
		rec := newRecorder(t)
		env := map[string]string{"SWAG2MCP_EXCLUDE_METHOD": "DELETE"}
		cs := connect(t, withFlatNames(guardOptions(rec, env)))
		got, isErr := runScript(t, cs, `const byId = await tools.call("`+idDeletePet+`", { parameters: { petId: 7 } });
			const found = (await tools.search({ query: "delete pet", limit: 50 })).items.map((i) => i.path);
			const flat = "deletePet" in tools;
			return [byId.error.code, found.includes("deletePet"), flat]`)
		if isErr {
			t.Fatalf("script failed: %v", got)
		}
		if diff := gocmp.Diff([]any{codeNotFound, false, false}, got["result"]); diff != "" {
			t.Errorf("result mismatch (-want +got):\n%s", diff)
		}
		if sent := rec.requests(); len(sent) > 0 {
			t.Errorf("upstream got %q, want nothing", sent)
		}
	})
}

// TestScriptAudit: every call a script makes gets invoke's audit line.
func TestScriptAudit(t *testing.T) {
	rec := newRecorder(t)
	opts := withFlatNames(guardOptions(rec, nil))
	var audit lockedBuffer
	opts.AuditWriter = &audit
	cs := connect(t, opts)
	got, isErr := runScript(t, cs, `await Promise.all([tools.listPets({}), tools.getPing({})]); return 1`)
	if isErr {
		t.Fatalf("script failed: %v", got)
	}
	lines := strings.Split(strings.TrimSpace(audit.String()), "\n")
	var endpoints []string
	for _, l := range lines {
		var v struct{ Endpoint string }
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("audit line %q: %v", l, err)
		}
		endpoints = append(endpoints, v.Endpoint)
	}
	slices.Sort(endpoints)
	if diff := gocmp.Diff([]string{idListPets, idPing}, endpoints); diff != "" {
		t.Errorf("audited endpoints (-want +got):\n%s", diff)
	}
}

// TestScriptSpill: a body over the inline limit reaches the script as a
// fileRef, as with invoke, and a returned value over it is saved too.
func TestScriptSpill(t *testing.T) {
	big := strings.Repeat("x", 4<<10)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]string{"blob": big})
	}))
	defer srv.Close()
	opts := withFlatNames(testOptions(map[string]string{"X_BASE_URL": srv.URL}))
	opts.Args = []string{"--workspace", t.TempDir(), "--max-response-size", "1KB"}
	cs := connect(t, opts)

	got, isErr := runScript(t, cs, `const r = await tools.listPets({}); return [r.ok, typeof r.data.fileRef.path, r.data.body === undefined]`)
	if isErr {
		t.Fatalf("script failed: %v", got)
	}
	if diff := gocmp.Diff([]any{true, "string", true}, got["result"]); diff != "" {
		t.Errorf("result mismatch (-want +got):\n%s", diff)
	}

	got, isErr = runScript(t, cs, `return "y".repeat(4096)`)
	if isErr {
		t.Fatalf("script failed: %v", got)
	}
	ref, _ := got["resultFileRef"].(map[string]any)
	if ref == nil || got["result"] != nil {
		t.Fatalf("answer %v, want the returned value in resultFileRef", got)
	}
	out, isErr := call(t, cs, "response_slice", map[string]any{"path": ref["path"], "jsonPath": "$"})
	if isErr {
		t.Fatalf("response_slice: %v", out)
	}
}

// TestScriptCancelledByClient: cancelling the tool call stops the script.
func TestScriptCancelledByClient(t *testing.T) {
	cs := connect(t, withFlatNames(testOptions(nil)))
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "script", Arguments: map[string]any{"code": "while (true) {}"}})
	if err == nil {
		t.Fatal("the call succeeded, want the client's cancellation")
	}
	// The server must still answer: the script's goroutine was interrupted.
	got, isErr := runScript(t, cs, `return 1`)
	if isErr || got["result"] != 1.0 {
		t.Fatalf("after cancellation: %v", got)
	}
}

// TestScriptCooldownScope: a script's calls of one endpoint count as one
// use of it, so loops and fan-out work under the default cooldown, while
// the next tool call of that endpoint still meets the cooldown.
func TestScriptCooldownScope(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"pets":[]}`))
	}))
	defer srv.Close()
	cs := connect(t, withFlatNames(testOptions(map[string]string{"X_BASE_URL": srv.URL, "SWAG2MCP_COOLDOWN": "10s"})))

	code := `const rs = await Promise.all([1, 2, 3, 4, 5].map((n) => tools.listPets({ parameters: { limit: n } })));
	for (const n of [6, 7]) rs.push(await tools.listPets({ parameters: { limit: n } }));
	return rs.map((r) => r.ok)`
	got, isErr := runScript(t, cs, code)
	if isErr {
		t.Fatalf("script: %v", got)
	}
	if diff := gocmp.Diff([]any{true, true, true, true, true, true, true}, got["result"]); diff != "" {
		t.Errorf("calls ok (-want +got):\n%s", diff)
	}
	if n := hits.Load(); n != 7 {
		t.Errorf("upstream got %d calls, want 7", n)
	}

	res, isErr := call(t, cs, "invoke", map[string]any{"endpointId": idListPets})
	if !isErr || !strings.Contains(jsonText(t, res), "rate_limit") {
		t.Errorf("invoke after the script: %v, want rate_limit", res)
	}
	got, _ = runScript(t, cs, `const r = await tools.listPets({}); return r.ok ? "ok" : r.error.code`)
	if got["result"] != "rate_limit" {
		t.Errorf("a second script: %v, want rate_limit", got["result"])
	}
}

func jsonText(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestScriptTimeoutSetting: SWAG2MCP_SCRIPT_TIMEOUT bounds every script,
// and timeoutSeconds cannot ask for more.
func TestScriptTimeoutSetting(t *testing.T) {
	cs := connect(t, withFlatNames(testOptions(map[string]string{"SWAG2MCP_SCRIPT_TIMEOUT": "1s"})))
	got, isErr := runScript(t, cs, "while (true) {}")
	if !isErr || !strings.Contains(jsonText(t, got), "timeout of 1s") {
		t.Errorf("endless loop under a 1 s maximum: %v", got)
	}
	got, isErr = call(t, cs, "script", map[string]any{"code": "1", "timeoutSeconds": 2})
	if !isErr || !strings.Contains(jsonText(t, got), "validation_failed") {
		t.Errorf("asking for more than the maximum: %v", got)
	}
}

// TestScriptClockPausedForConfirmation: the time a user takes to answer a
// confirmation does not count against the script's timeout.
func TestScriptClockPausedForConfirmation(t *testing.T) {
	rec := newRecorder(t)
	slow := func(_ context.Context, _ *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		time.Sleep(1500 * time.Millisecond) // longer than the script's whole timeout
		return &mcp.ElicitResult{Action: "accept"}, nil
	}
	cs := connectWith(t, withFlatNames(guardOptions(rec, nil)), &mcp.ClientOptions{ElicitationHandler: slow}, "")
	got, isErr := call(t, cs, "script", map[string]any{
		"code":           `const r = await tools.deletePet({ parameters: { petId: 7 } }); return r.ok`,
		"timeoutSeconds": 1,
	})
	if isErr || got["result"] != true {
		t.Fatalf("script with a slow confirmation: %v", got)
	}
	if diff := gocmp.Diff([]string{"DELETE /pets/7"}, rec.requests()); diff != "" {
		t.Errorf("upstream requests (-want +got):\n%s", diff)
	}
}
