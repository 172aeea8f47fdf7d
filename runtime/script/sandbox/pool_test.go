package sandbox

import (
	"context"
	"testing"

	gocmp "github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/swag2mcp/swag2mcp/runtime/script"
)

// TestSameAsInProcess: a script that searches, describes, calls, fails a
// call, emits, logs and returns gives in a child what it gives in the
// server's process, timings aside.
func TestSameAsInProcess(t *testing.T) {
	p, _ := newPool(t, Options{})
	src := `const { items } = await tools.search({ query: "find pet", limit: 3 });
const d = await tools.describe({ path: items[0].path });
const r = await tools.call(d.path, { parameters: { id: 7 } });
const f = await tools.fail({});
const bad = await tools.search("explode");
emit({ got: r.data.body.id });
console.log("name", r.data.body.name);
console.warn("careful");
const all = await Promise.all([1, 2, 3].map((id) => tools.getPet({ parameters: { id } })));
return { id: r.data.body.id, failed: f.error.code, fault: bad.error.code, all: all.map((a) => a.data.body.id) };`
	want := script.Run(context.Background(), src, &fakeHost{}, script.Limits{})
	got := p.Run(context.Background(), src, &fakeHost{}, script.Limits{})
	if got.Err != nil {
		t.Fatalf("error: %+v", got.Err)
	}
	ignore := cmpopts.IgnoreFields(script.Result{}, "DurationMS")
	if diff := gocmp.Diff(want, got, ignore, cmpopts.IgnoreFields(script.Trace{}, "DurationMS")); diff != "" {
		t.Errorf("child result differs from in-process (-want +got):\n%s", diff)
	}
}
