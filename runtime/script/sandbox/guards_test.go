package sandbox

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/swag2mcp/swag2mcp/runtime/script"
)

// peaks are the peak resident bytes of the children that ended, by pid.
func (l *logs) peaks() map[int]int64 {
	out := map[int]int64{}
	for _, r := range l.find("script process ended") {
		out[int(r.attrs["pid"].(int64))] = r.attrs["peak_rss_bytes"].(int64)
	}
	return out
}

// pids are the children started, in order.
func (l *logs) pids() []int {
	var out []int
	for _, r := range l.find("script process started") {
		out = append(out, int(r.attrs["pid"].(int64)))
	}
	return out
}

// waitEnded waits until n children have ended.
func (l *logs) waitEnded(t *testing.T, n int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); len(l.find("script process ended")) < n; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d children ended, want %d", len(l.find("script process ended")), n)
		}
	}
}

// runaway scripts grow memory in the ways a model's script goes wrong;
// each stops by itself at a few hundred megabytes if nothing stops it.
var runaways = []struct{ name, src string }{
	{"doubling string", `let s = "x"; for (let i = 0; i < 28; i++) s = s + s; return s.length`},
	{"one huge allocation", `return "x".repeat(5e8).length`},
	{"array of strings", `const keep = []; for (let i = 0; i < 600; i++) keep.push("x".repeat(1 << 20) + i); return keep.length`},
	{"array of objects", `const keep = []; for (let i = 0; i < 4e6; i++) keep.push({ i, s: "v" + i }); return keep.length`},
}

// TestMemoryIsBounded: each runaway ends with memory_limit and its child's
// peak resident memory stays within the headroom plus one heap arena and
// the child's own size, far below what the script would reach; the pool
// goes on running scripts. Without the address-space limit the scripts
// finish (or the engine's watchdog stops them late) and the peaks exceed
// the bound.
func TestMemoryIsBounded(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's shadow memory does not fit under the limit")
	}
	const memory = 64 << 20
	const bound = memory + 64<<20 + 32<<20
	p, l := newPool(t, Options{Memory: memory, Warm: -1})
	for _, r := range runaways {
		res := p.Run(context.Background(), r.src, &fakeHost{}, script.Limits{Timeout: 20 * time.Second})
		if res.Err == nil || res.Err.Code != script.CodeMemory {
			t.Errorf("%s: error %+v, want %s", r.name, res.Err, script.CodeMemory)
		}
	}
	l.waitEnded(t, len(runaways))
	for pid, peak := range l.peaks() {
		t.Logf("child %d: peak %d MiB", pid, peak>>20)
		if peak > bound {
			t.Errorf("child %d peaked at %d MiB, over the %d MiB bound", pid, peak>>20, bound>>20)
		}
	}
	if res := p.Run(context.Background(), `return 1`, &fakeHost{}, script.Limits{}); res.Err != nil || string(res.Value) != "1" {
		t.Errorf("after the runaways: %+v", res)
	}
}

// redos backtracks for minutes in Go code (goja's regexp2 engine), where
// the engine's interrupt cannot reach it.
const redos = `/^(?:(a+)+)(?!x)\1$/.test("a".repeat(26) + "!")`

// TestDeadlineKill: a script stuck where the engine cannot interrupt it
// still answers by its timeout plus the grace: its child is killed, and
// what it called and emitted before is kept.
func TestDeadlineKill(t *testing.T) {
	p, l := newPool(t, Options{Grace: 300 * time.Millisecond})
	src := `const r = await tools.getPet({ parameters: { id: 3 } }); emit(r.data.body.id); console.log("before"); ` + redos
	began := time.Now()
	res := p.Run(context.Background(), src, &fakeHost{}, script.Limits{Timeout: time.Second})
	took := time.Since(began)
	if res.Err == nil || res.Err.Code != script.CodeTimeout || !strings.Contains(res.Err.Message, "timeout of 1s") {
		t.Fatalf("error %+v, want %s", res.Err, script.CodeTimeout)
	}
	if took > time.Second+300*time.Millisecond+time.Second {
		t.Errorf("answered after %v, want the 1s timeout plus the 300ms grace", took)
	}
	if len(res.Calls) != 1 || res.Calls[0].Outcome != "ok" || res.Calls[0].Path != "getPet" {
		t.Errorf("calls %+v, want the getPet call kept", res.Calls)
	}
	if len(res.Emitted) != 1 || string(res.Emitted[0]) != "3" || len(res.Console) != 1 {
		t.Errorf("emitted %s, console %q, want 3 and the line", res.Emitted, res.Console)
	}
	l.waitEnded(t, 1)
	if r := l.find("script process ended")[0]; r.attrs["reason"] != endTimeout {
		t.Errorf("child ended for %v, want %s", r.attrs["reason"], endTimeout)
	}
}

// TestEngineDeadlines: a CPU loop and a call that never answers end at the
// timeout, an await that nothing can settle ends at once.
func TestEngineDeadlines(t *testing.T) {
	p, _ := newPool(t, Options{})
	for _, tt := range []struct{ name, src, code string }{
		{"cpu loop", `for (;;) {}`, script.CodeTimeout},
		{"call that never answers", `await tools.slow({})`, script.CodeTimeout},
		{"await of nothing", `await new Promise(() => {})`, script.CodeStalled},
	} {
		began := time.Now()
		res := p.Run(context.Background(), tt.src, &fakeHost{Delay: time.Hour}, script.Limits{Timeout: time.Second})
		if res.Err == nil || res.Err.Code != tt.code {
			t.Errorf("%s: error %+v, want %s", tt.name, res.Err, tt.code)
		}
		if took := time.Since(began); took > 2*time.Second {
			t.Errorf("%s: took %v", tt.name, took)
		}
	}
}

// TestConfirmationPausesBothClocks: a confirmation longer than the whole
// timeout pauses the child's clock and the server's deadline alike.
func TestConfirmationPausesBothClocks(t *testing.T) {
	p, _ := newPool(t, Options{Grace: 200 * time.Millisecond})
	res := p.Run(context.Background(), `const r = await tools.pause({}); return r.data.confirmed`,
		&fakeHost{Delay: 3 * time.Second}, script.Limits{Timeout: 2 * time.Second})
	if res.Err != nil || string(res.Value) != "true" {
		t.Fatalf("result %s, error %+v; want true", res.Value, res.Err)
	}
}

// TestCancel: a cancelled script ends with cancelled, at once when the
// engine can be interrupted, after the grace when it cannot.
func TestCancel(t *testing.T) {
	p, _ := newPool(t, Options{Grace: 300 * time.Millisecond})
	for _, src := range []string{`for (;;) {}`, redos} {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		began := time.Now()
		res := p.Run(ctx, src, &fakeHost{}, script.Limits{Timeout: time.Minute})
		cancel()
		if res.Err == nil || res.Err.Code != script.CodeCancelled {
			t.Errorf("%.20s: error %+v, want %s", src, res.Err, script.CodeCancelled)
		}
		if took := time.Since(began); took > 200*time.Millisecond+300*time.Millisecond+time.Second {
			t.Errorf("%.20s: answered after %v", src, took)
		}
	}
}

// TestConcurrencyBound: with one slot two scripts run one after the
// other; with two, side by side. Each script's call waits until both
// calls are in flight, for at most a second.
func TestConcurrencyBound(t *testing.T) {
	for _, slots := range []int{1, 2} {
		p, _ := newPool(t, Options{Concurrency: slots})
		h := &fakeHost{Delay: time.Second, Meet: 2}
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() {
				if res := p.Run(context.Background(), `return (await tools.slow({})).ok`, h, script.Limits{}); res.Err != nil {
					t.Errorf("error %+v", res.Err)
				}
			})
		}
		wg.Wait()
		if h.maxSeen != slots {
			t.Errorf("%d slots: %d scripts ran at once", slots, h.maxSeen)
		}
	}
}

// TestReuse: children are reused after scripts that ended cleanly (a
// script's own exception included) and replaced after one that timed out.
func TestReuse(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's shadow memory grows a child past the reuse bound")
	}
	p, l := newPool(t, Options{})
	for _, src := range []string{`return 1`, `throw new Error("mine")`, `return 2`} {
		p.Run(context.Background(), src, &fakeHost{}, script.Limits{})
	}
	if n := len(l.pids()); n != 1 {
		t.Fatalf("%d children for three clean scripts, want 1", n)
	}
	p.Run(context.Background(), `for (;;) {}`, &fakeHost{}, script.Limits{Timeout: 200 * time.Millisecond})
	res := p.Run(context.Background(), `return 3`, &fakeHost{}, script.Limits{})
	if res.Err != nil || string(res.Value) != "3" {
		t.Fatalf("after a timeout: %+v", res)
	}
	if pids := l.pids(); len(pids) != 2 {
		t.Errorf("children %v, want a new one after the timeout", pids)
	}
}

// TestGrownChildRetires: a script that ends cleanly but left the child's
// heap grown by more than a quarter of the headroom is not followed by
// another in that child, whose room is less than a fresh one's.
func TestGrownChildRetires(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's shadow memory grows a child past the reuse bound")
	}
	p, l := newPool(t, Options{Memory: 128 << 20})
	grow := `const keep = []; for (let i = 0; i < 48; i++) keep.push("x".repeat(1 << 20) + i); return keep.length`
	if res := p.Run(context.Background(), grow, &fakeHost{}, script.Limits{}); res.Err != nil || string(res.Value) != "48" {
		t.Fatalf("growing script: %+v", res)
	}
	if res := p.Run(context.Background(), `return 1`, &fakeHost{}, script.Limits{}); res.Err != nil {
		t.Fatal(res.Err)
	}
	if pids := l.pids(); len(pids) != 2 {
		t.Errorf("children %v, want a fresh one after the script that grew the heap", pids)
	}
}

// TestChildEnvironment: a child gets the marker and none of the server's
// environment, credentials included.
func TestChildEnvironment(t *testing.T) {
	t.Setenv("PETSTORE_API_KEY", "hunter2")
	p, l := newPool(t, Options{})
	if res := p.Run(context.Background(), `return 1`, &fakeHost{}, script.Limits{}); res.Err != nil {
		t.Fatal(res.Err)
	}
	pid := l.pids()[0] // idle now, kept for the next script
	env, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "environ"))
	if err != nil {
		t.Fatal(err)
	}
	vars := strings.Split(strings.TrimRight(string(env), "\x00"), "\x00")
	for _, v := range vars {
		name, _, _ := strings.Cut(v, "=")
		switch name {
		case EnvChild, "GOMAXPROCS", "TZ":
		default:
			t.Errorf("the child's environment has %s", name)
		}
	}
	if !strings.Contains(string(env), EnvChild+"=") {
		t.Errorf("the child's environment lacks the marker: %q", vars)
	}
}

// TestChildKilledFromOutside: a child that dies in the middle of a script
// (here killed by a signal) fails that script with engine_failed, keeps
// its trace and output, and the next script gets a new child.
func TestChildKilledFromOutside(t *testing.T) {
	p, l := newPool(t, Options{})
	h := &fakeHost{}
	h.OnCall = func(path string) {
		if path == "slow" {
			pids := l.pids()
			syscall.Kill(pids[len(pids)-1], syscall.SIGKILL)
		}
	}
	res := p.Run(context.Background(), `await tools.getPet({}); emit("before"); await tools.slow({}); return 1`, h, script.Limits{})
	if res.Err == nil || res.Err.Code != script.CodeEngineFailed {
		t.Fatalf("error %+v, want %s", res.Err, script.CodeEngineFailed)
	}
	if len(res.Calls) != 2 || len(res.Emitted) != 1 {
		t.Errorf("calls %+v, emitted %s; want both calls and the value", res.Calls, res.Emitted)
	}
	if res := p.Run(context.Background(), `return 1`, &fakeHost{}, script.Limits{}); res.Err != nil {
		t.Errorf("next script: %+v", res.Err)
	}
}

// TestKnownAskedOncePerName: flat names are asked of the server once per
// run, however often the script uses them.
func TestKnownAskedOncePerName(t *testing.T) {
	p, _ := newPool(t, Options{})
	h := &countingKnown{fakeHost: &fakeHost{}}
	res := p.Run(context.Background(), `let n = 0; for (let i = 0; i < 20; i++) if ((await tools.getPet({})).ok && "fail" in tools) n++; return n`,
		h, script.Limits{})
	if res.Err != nil || string(res.Value) != "20" {
		t.Fatalf("result %s, error %+v", res.Value, res.Err)
	}
	if h.n != 2 {
		t.Errorf("Known asked %d times, want 2 (getPet, fail)", h.n)
	}
}

type countingKnown struct {
	*fakeHost
	n int // the session answers known on its loop goroutine
}

func (c *countingKnown) Known(name string) bool {
	c.n++
	return c.fakeHost.Known(name)
}

// TestAnswerOverBudget: an answer larger than a script's whole transfer
// budget is refused in the server and never crosses the pipe.
func TestAnswerOverBudget(t *testing.T) {
	p, _ := newPool(t, Options{})
	res := p.Run(context.Background(), `const r = await tools.big({}); return [r.ok, r.error.code]`,
		&fakeHost{Size: maxBody + 1}, script.Limits{Timeout: 5 * time.Second})
	if res.Err != nil || string(res.Value) != `[false,"`+script.CodeTooLarge+`"]` {
		t.Fatalf("result %s, error %+v", res.Value, res.Err)
	}
}

// TestFanOutAtTheLimit: a fan-out wider than MaxConcurrency keeps the
// child at the limit of operations in flight, which is not a flood: the
// server counts an operation out before the child can start the next.
func TestFanOutAtTheLimit(t *testing.T) {
	p, _ := newPool(t, Options{})
	src := `const rs = await Promise.all(Array.from({ length: 200 }, (_, id) => tools.getPet({ parameters: { id } })));
return rs.filter((r) => r.ok).length`
	for range 3 {
		res := p.Run(context.Background(), src, &fakeHost{}, script.Limits{MaxCalls: 200})
		if res.Err != nil || string(res.Value) != "200" {
			t.Fatalf("result %s, error %+v", res.Value, res.Err)
		}
	}
}
