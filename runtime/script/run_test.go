package script

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// outcome is what a test compares of a Result.
type outcome struct {
	Value   any
	Emitted []any
	Console []string
	Code    string
	Line    int
	Column  int
}

func summarize(t *testing.T, res *Result) outcome {
	t.Helper()
	var o outcome
	if res.Value != nil {
		if err := json.Unmarshal(res.Value, &o.Value); err != nil {
			t.Fatalf("result is not JSON: %v", err)
		}
	}
	for _, e := range res.Emitted {
		var v any
		if err := json.Unmarshal(e, &v); err != nil {
			t.Fatalf("emitted value is not JSON: %v", err)
		}
		o.Emitted = append(o.Emitted, v)
	}
	o.Console = res.Console
	if res.Err != nil {
		o.Code, o.Line, o.Column = res.Err.Code, res.Err.Line, res.Err.Column
	}
	return o
}

func TestRun(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want outcome
	}{
		{"plain return", `return 1 + 1`, outcome{Value: 2.0}},
		{"no return", `const x = 1`, outcome{}},
		{
			"search describe call emit return",
			`const { items } = await tools.search({ query: "find pet" });
			const d = await tools.describe({ path: items[0].path });
			if (d.error) return d;
			const r = await tools.call(d.path, { parameters: { id: 7 } });
			if (!r.ok) return r;
			emit({ tool: d.path, completed: true });
			return r.data.body;`,
			outcome{Value: map[string]any{"id": 7.0, "name": "Rex"}, Emitted: []any{map[string]any{"tool": "getPet", "completed": true}}},
		},
		{"flat call", `const r = await tools.getPet({ parameters: { id: 3 } }); return r.data.body.id`, outcome{Value: 3.0}},
		{"bracket call", `const r = await tools["getPet"]({ parameters: { id: 4 } }); return r.data.body.id`, outcome{Value: 4.0}},
		{
			"failing call does not stop the script",
			`const a = await tools.fail({}); const b = await tools.getPet({ parameters: { id: 1 } });
			return [a.ok, a.error.code, b.ok]`,
			outcome{Value: []any{false, "invoke_error", true}},
		},
		{"host panic is a failed call", `const r = await tools.panic({}); return [r.ok, r.error.code]`,
			outcome{Value: []any{false, "internal_error"}}},
		{"describe unknown", `return await tools.describe({ path: "nope" })`,
			outcome{Value: map[string]any{"error": map[string]any{"code": "not_found", "message": "no such endpoint"}}}},
		{"search defaults", `const r = await tools.search({ query: "pets" }); return [r.limit, r.offset]`, outcome{Value: []any{10.0, 0.0}}},
		{"search paging", `const r = await tools.search({ query: "pets", limit: 5, offset: 20 }); return [r.limit, r.offset]`,
			outcome{Value: []any{5.0, 20.0}}},
		{"search host fault is an error value", `return (await tools.search("explode")).error.code`, outcome{Value: "internal_error"}},
		{"search without query", `await tools.search({})`, outcome{Code: CodeException, Line: 1, Column: 19}},
		{"search unknown field", `await tools.search({ query: "x", server: "github" })`, outcome{Code: CodeException, Line: 1, Column: 19}},
		{
			"console captured",
			`console.log("a", 1, { b: 2 }); console.warn("careful"); console.error(new Error("e").message); return null`,
			outcome{Value: nil, Console: []string{`a 1 {"b":2}`, "[warn] careful", "[error] e"}},
		},
		{"emit undefined is null", `emit(undefined); emit(() => 1)`, outcome{Emitted: []any{nil, nil}}},
		{
			"reserved names",
			`return [typeof tools.search, typeof tools.call, typeof tools.describe, tools.then, tools.catch,
				tools.finally, tools.toJSON, tools.toString, tools.valueOf, "getPet" in tools, "then" in tools]`,
			outcome{Value: []any{"function", "function", "function", nil, nil, nil, nil, nil, nil, true, false}},
		},
		{
			"flat name colliding with a reserved one is reached through call",
			`const r = await tools.call("search", {}); return [r.ok, typeof tools.search]`,
			outcome{Value: []any{true, "function"}},
		},
		{"tools can be awaited", `const t = await tools; return typeof t.getPet`, outcome{Value: "function"}},
		{"unknown flat name", "\n\n  tools.nope({})", outcome{Code: CodeException, Line: 3, Column: 3}},
		{"Object.keys(tools) throws", `try { Object.keys(tools) } catch (e) { return e.message }`,
			outcome{Value: "tools cannot be listed or enumerated; find endpoints with await tools.search({query}) and use the path it returns"}},
		{"for-in over tools throws", `for (const k in tools) {}`, outcome{Code: CodeException, Line: 1, Column: 17}},
		{"JSON.stringify(tools) throws", `JSON.stringify(tools)`, outcome{Code: CodeException, Line: 1, Column: 15}},
		{"tools is read-only", `tools.getPet = 1`, outcome{Code: CodeException, Line: 1, Column: 7}},
		{"syntax error", "const a = 1;\nlet b = ;", outcome{Code: CodeSyntax, Line: 2, Column: 9}},
		{"syntax error on line 1", "let b = ;", outcome{Code: CodeSyntax, Line: 1, Column: 9}},
		{"unclosed brace", "if (true) {\n  x()", outcome{Code: CodeSyntax, Line: 1}}, // the { left open
		{"exception position", "const a = 1;\n\nnull.foo", outcome{Code: CodeException, Line: 3, Column: 6}},
		{"exception on line 1", "throw new Error('boom')", outcome{Code: CodeException, Line: 1, Column: 7}},
		{"exception after await", "await tools.getPet({});\n  undefinedFn()", outcome{Code: CodeException, Line: 2, Column: 14}},
		{"thrown string", `throw "plain"`, outcome{Code: CodeException}},
		{"caught error", `try { null.x } catch (e) { return e.name }`, outcome{Value: "TypeError"}},
		{"runaway recursion", "function f() { return f() }\nf()", outcome{Code: CodeException, Line: 1}},
		{"stalled", `await new Promise(() => {})`, outcome{Code: CodeStalled}},
		{"returned tools cannot be serialized", `return tools`, outcome{Code: CodeException}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Run(context.Background(), tt.src, &fakeHost{}, Limits{})
			got := summarize(t, res)
			if tt.want.Code != "" && tt.want.Column == 0 {
				got.Column = 0 // only the line matters
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("outcome mismatch (-want +got):\n%s\nerror: %+v", diff, res.Err)
			}
		})
	}
}

// TestSandbox checks that nothing but tools reaches outside.
func TestSandbox(t *testing.T) {
	src := `return ["require", "process", "fetch", "setTimeout", "setInterval", "setImmediate", "queueMicrotask",
		"XMLHttpRequest", "WebSocket", "Deno", "Bun", "module", "exports", "global", "__dirname", "load", "print", "os", "fs"]
		.filter((n) => typeof globalThis[n] !== "undefined")`
	res := Run(context.Background(), src, &fakeHost{}, Limits{})
	if diff := cmp.Diff(outcome{Value: []any{}}, summarize(t, res)); diff != "" {
		t.Errorf("globals reachable (-want +got):\n%s", diff)
	}
	for _, src := range []string{`require("fs")`, `process.exit(1)`, `fetch("http://example.com")`, `setTimeout(() => {}, 1)`} {
		t.Run(src, func(t *testing.T) {
			res := Run(context.Background(), src, &fakeHost{}, Limits{})
			if res.Err == nil || res.Err.Code != CodeException || !strings.Contains(res.Err.Message, "ReferenceError") {
				t.Errorf("Run(%s) error = %+v, want a ReferenceError", src, res.Err)
			}
		})
	}
}

func TestTimeout(t *testing.T) {
	tests := []struct{ name, src string }{
		{"infinite loop", "let i = 0;\nwhile (true) { i++ }"},
		// After an await, goja places an interrupt of the top-level body at
		// the await it resumed from; inside a function the place is exact.
		{"infinite loop after await", "await tools.getPet({});\nfunction spin() { for (;;) {} }\nspin()"},
		{"awaiting a slow call", "await tools.slow({})"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Run(context.Background(), tt.src, &fakeHost{Delay: time.Minute}, Limits{Timeout: 200 * time.Millisecond})
			if res.Err == nil || res.Err.Code != CodeTimeout {
				t.Fatalf("error = %+v, want %s", res.Err, CodeTimeout)
			}
			if strings.Contains(tt.src, "\n") && !strings.HasPrefix(tt.name, "awaiting") && res.Err.Line != 2 {
				t.Errorf("timeout at line %d, want 2", res.Err.Line)
			}
		})
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := Run(ctx, "while (true) {}", &fakeHost{}, Limits{})
	if res.Err == nil || res.Err.Code != CodeCancelled {
		t.Fatalf("error = %+v, want %s", res.Err, CodeCancelled)
	}
}

func TestCallLimit(t *testing.T) {
	src := `let n = 0;
	try { for (;;) { await tools.getPet({}); n++ } } catch (e) { return [n, e.name, e.message.split(":")[0]] }`
	res := Run(context.Background(), src, &fakeHost{}, Limits{MaxCalls: 5})
	want := outcome{Value: []any{5.0, "RangeError", CodeCallLimit}}
	if diff := cmp.Diff(want, summarize(t, res)); diff != "" {
		t.Errorf("outcome mismatch (-want +got):\n%s", diff)
	}
}

func TestTransferBudget(t *testing.T) {
	h := &fakeHost{Size: 6 << 20}
	src := `const out = [];
	for (let i = 0; i < 3; i++) { const r = await tools.big({}); out.push(r.ok ? "ok" : r.error.code) }
	const small = await tools.getPet({ parameters: { id: 1 } });
	out.push(small.ok ? "ok" : small.error.code);
	return out`
	res := Run(context.Background(), src, h, Limits{})
	want := outcome{Value: []any{"ok", "ok", CodeTooLarge, "ok"}}
	if diff := cmp.Diff(want, summarize(t, res)); diff != "" {
		t.Fatalf("outcome mismatch (-want +got):\n%s", diff)
	}
	var outcomes []string
	for _, c := range res.Calls {
		outcomes = append(outcomes, c.Outcome)
	}
	if diff := cmp.Diff([]string{"ok", "ok", CodeTooLarge, "ok"}, outcomes); diff != "" {
		t.Errorf("trace mismatch (-want +got):\n%s", diff)
	}
	if res.TransferredBytes > TransferBudget || res.TransferredBytes < 12<<20 {
		t.Errorf("transferred %d bytes, want two big results and a small one within %d", res.TransferredBytes, TransferBudget)
	}
}

func TestTransferBudgetParallel(t *testing.T) {
	h := &fakeHost{Size: 5 << 20}
	src := `const rs = await Promise.all([1, 2, 3, 4].map(() => tools.big({})));
	return rs.filter((r) => r.ok).length`
	res := Run(context.Background(), src, h, Limits{})
	if diff := cmp.Diff(outcome{Value: 3.0}, summarize(t, res)); diff != "" {
		t.Errorf("outcome mismatch (-want +got):\n%s", diff)
	}
}

func TestConcurrencyBound(t *testing.T) {
	h := &fakeHost{Delay: 20 * time.Millisecond}
	src := `const rs = await Promise.all(Array.from({ length: 24 }, () => tools.slow({}))); return rs.length`
	res := Run(context.Background(), src, h, Limits{MaxConcurrency: 4})
	if res.Err != nil {
		t.Fatalf("error: %+v", res.Err)
	}
	if h.maxSeen > 4 || h.maxSeen < 2 {
		t.Errorf("%d calls were in flight at once, want 2 to 4", h.maxSeen)
	}
}

func TestOutputLimit(t *testing.T) {
	src := `try { for (let i = 0; i < 100; i++) emit("x".repeat(100)) } catch (e) { return e.name }`
	res := Run(context.Background(), src, &fakeHost{}, Limits{MaxOutputBytes: 1000})
	got := summarize(t, res)
	if got.Value != "RangeError" || len(got.Emitted) != 9 {
		t.Errorf("value %v with %d emitted, want RangeError after 9", got.Value, len(got.Emitted))
	}
	res = Run(context.Background(), `for (let i = 0; i < 100; i++) console.log("y".repeat(100))`, &fakeHost{}, Limits{MaxOutputBytes: 1000})
	if !res.ConsoleTruncated || len(res.Console) != 10 {
		t.Errorf("console: %d lines, truncated %v; want 10 lines, truncated", len(res.Console), res.ConsoleTruncated)
	}
	res = Run(context.Background(), `return "z".repeat(2000)`, &fakeHost{}, Limits{MaxResultBytes: 1000})
	if res.Err == nil || res.Err.Code != CodeResultTooLarge {
		t.Errorf("error = %+v, want %s", res.Err, CodeResultTooLarge)
	}
}

func TestSourceTooLarge(t *testing.T) {
	res := Run(context.Background(), strings.Repeat(" ", 101), &fakeHost{}, Limits{MaxSourceBytes: 100})
	if res.Err == nil || res.Err.Code != CodeSourceTooLarge {
		t.Errorf("error = %+v, want %s", res.Err, CodeSourceTooLarge)
	}
}

func TestMemoryLimit(t *testing.T) {
	src := `const keep = []; for (;;) keep.push("x".repeat(1 << 20) + Math.random())`
	res := Run(context.Background(), src, &fakeHost{}, Limits{MaxMemoryGrowth: 64 << 20})
	if res.Err == nil || res.Err.Code != CodeMemory {
		t.Errorf("error = %+v, want %s", res.Err, CodeMemory)
	}
}

func TestUnawaitedCallsAreCancelled(t *testing.T) {
	h := &fakeHost{Delay: time.Minute}
	res := Run(context.Background(), `tools.slow({}); return "done"`, h, Limits{})
	if got := summarize(t, res); got.Value != "done" || res.Err != nil {
		t.Fatalf("outcome %+v, error %+v", got, res.Err)
	}
	// Cancelled while waiting for a slot, or in the host.
	if len(res.Calls) != 1 || (res.Calls[0].Outcome != CodeCancelled && res.Calls[0].Outcome != "invoke_error") {
		t.Errorf("trace %+v, want the slow call cancelled", res.Calls)
	}
}
