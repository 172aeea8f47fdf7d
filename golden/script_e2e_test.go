package golden_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/swag2mcp/swag2mcp/internal/petstore"
)

// treeBound is the most memory the server's process tree may hold
// resident at any time under the default settings (one script at a time,
// 256 MiB per script).
const treeBound = 512 << 20

// TestScriptsCannotTakeTheServerDown runs the generated petstore server
// and sends it runaway scripts one after the other: four that allocate
// without end, a CPU loop, a regular expression that backtracks for
// minutes where the engine cannot interrupt it, and an await of nothing.
// Each ends by its deadline with its error code; the server's process
// tree stays under treeBound (from each process's peak resident memory,
// and sampled); and the server still answers tools/list, invoke and a
// script.
func TestScriptsCannotTakeTheServerDown(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a generated server")
	}
	if _, err := os.Stat("/proc/self/statm"); err != nil {
		t.Skip("measures memory through /proc")
	}
	binary := buildPetstore(t)
	upstream := httptest.NewServer(petstore.New())
	defer upstream.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	var stderr lockedBuffer
	cmd := exec.Command(binary)
	cmd.Env = append(os.Environ(), "PETSTORE_BASE_URL="+upstream.URL+petstore.Prefix, "PETSTORE_COOLDOWN=0",
		"PETSTORE_API_KEY=e2e-key", "SWAG2MCP_LOG_LEVEL=debug")
	cmd.Stderr = &stderr
	client := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	sampled := sampleTree(ctx, cmd.Process.Pid)

	const grace = 500 * time.Millisecond // sandbox.DefaultGrace
	scripts := []struct {
		name, code string
		timeout    int // seconds
		want       string
	}{
		// Each would stop by itself at one to two gigabytes, so that a
		// broken bound costs the test machine that much and no more.
		{"doubling string", `let s = "x"; for (let i = 0; i < 30; i++) s = s + s; return s.length`, 10, "memory_limit"},
		{"doubling string again", `let s = "ab"; let i = 0; while (i++ < 29) { s = s + s; } return s.length`, 10, "memory_limit"},
		{"one huge allocation", `return "x".repeat(1e9).length`, 10, "memory_limit"},
		{"growing array", `const keep = []; for (let i = 0; i < 1e7; i++) keep.push({ i, s: "v".repeat(100) + i }); return keep.length`, 10, "memory_limit"},
		{"cpu loop", `for (;;) {}`, 2, "timeout"},
		{"backtracking regexp", `/^(?:(a+)+)(?!x)\1$/.test("a".repeat(30) + "!")`, 2, "timeout"},
		{"await of nothing", `await new Promise(() => {})`, 2, "stalled"},
	}
	for _, s := range scripts {
		began := time.Now()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "script", Arguments: map[string]any{"code": s.code, "timeoutSeconds": s.timeout}})
		took := time.Since(began)
		if err != nil {
			t.Fatalf("%s: %v\nserver log:\n%s", s.name, err, stderr.String())
		}
		var got struct {
			Error struct{ Code, Message string }
		}
		json.Unmarshal([]byte(text(res)), &got)
		t.Logf("%s: %s after %v", s.name, got.Error.Code, took.Round(time.Millisecond))
		if !res.IsError || got.Error.Code != s.want {
			t.Errorf("%s: answer %s, want %s", s.name, text(res), s.want)
		}
		if limit := time.Duration(s.timeout)*time.Second + grace + time.Second; took > limit {
			t.Errorf("%s: answered after %v, more than its timeout and grace (%v)", s.name, took, limit)
		}
	}

	t.Run("still serving", func(t *testing.T) {
		list, err := cs.ListTools(ctx, nil)
		if err != nil || len(list.Tools) == 0 {
			t.Fatalf("tools/list: %v", err)
		}
		var found struct{ Endpoints []struct{ ID, Path string } }
		ok(t, callTool(t, ctx, cs, "search", map[string]any{"query": "find pet by id", "limit": 1}, &found))
		var pet struct {
			StatusCode int
			Body       struct{ Name string }
		}
		ok(t, callTool(t, ctx, cs, "invoke", map[string]any{"endpointId": found.Endpoints[0].ID, "parameters": map[string]any{"petId": 1}}, &pet))
		if pet.StatusCode != 200 || pet.Body.Name != "Rex" {
			t.Errorf("invoke = %+v", pet)
		}
		var run struct{ Result any }
		ok(t, callTool(t, ctx, cs, "script", map[string]any{"code": `return (await tools.getPetById({ parameters: { petId: 1 } })).data.body.name`}, &run))
		if run.Result != "Rex" {
			t.Errorf("script after the runaways = %v", run.Result)
		}
	})

	serverPeak := hwm(t, cmd.Process.Pid)
	cs.Close()
	cmd.Wait()
	tree, peaks := fromLog(t, stderr.String())
	maxSampled := <-sampled
	t.Logf("server peak %d MiB; %d script processes, largest peak %d MiB; tree at most %d MiB by peaks, %d MiB sampled",
		serverPeak>>20, len(peaks), maxOf(peaks)>>20, (serverPeak+tree)>>20, maxSampled>>20)
	if serverPeak+tree > treeBound {
		t.Errorf("the process tree may have held %d MiB, over %d MiB", (serverPeak+tree)>>20, treeBound>>20)
	}
	if maxSampled > treeBound {
		t.Errorf("the process tree was sampled at %d MiB, over %d MiB", maxSampled>>20, treeBound>>20)
	}
	if len(peaks) < 4 {
		t.Errorf("%d script processes ended, want one per runaway at least", len(peaks))
	}

	t.Run("children die with a killed server", func(t *testing.T) {
		cmd := exec.Command(binary)
		cmd.Env = append(os.Environ(), "PETSTORE_BASE_URL="+upstream.URL+petstore.Prefix)
		cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer cs.Close()
		go cs.CallTool(ctx, &mcp.CallToolParams{Name: "script", Arguments: map[string]any{"code": `for (;;) {}`}})
		// Wait for the script's CPU loop to run in its process: a child
		// still starting would die of its first write to the dead server.
		var kids []int
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			if kids = children(cmd.Process.Pid); len(kids) > 0 && cpuTicks(kids[0]) >= 20 {
				break
			}
		}
		if len(kids) == 0 || cpuTicks(kids[0]) < 20 {
			t.Fatal("no script process ran the script")
		}
		cmd.Process.Kill() // no chance to end its children itself
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			if _, alive := rss(kids[0]); !alive {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("script process %d outlived its killed server by 5 s", kids[0])
			}
		}
	})
}

var (
	startedLine = regexp.MustCompile(`msg="script process started" pid=(\d+)`)
	endedLine   = regexp.MustCompile(`msg="script process ended" pid=(\d+) scripts=\d+ peak_rss_bytes=(\d+)`)
)

// fromLog reads the server's debug log: the most the script processes
// alive at one time can have held together (each counted at its own
// peak), and each process's peak.
func fromLog(t *testing.T, log string) (most int64, peaks map[int]int64) {
	t.Helper()
	peaks = map[int]int64{}
	type event struct {
		pid   int
		start bool
	}
	var events []event
	for _, line := range strings.Split(log, "\n") {
		if m := startedLine.FindStringSubmatch(line); m != nil {
			pid, _ := strconv.Atoi(m[1])
			events = append(events, event{pid, true})
		}
		if m := endedLine.FindStringSubmatch(line); m != nil {
			pid, _ := strconv.Atoi(m[1])
			peaks[pid], _ = strconv.ParseInt(m[2], 10, 64)
			events = append(events, event{pid, false})
		}
	}
	alive := map[int]bool{}
	for _, e := range events {
		alive[e.pid] = e.start
		var sum int64
		for pid, up := range alive {
			if up {
				sum += peaks[pid]
			}
		}
		most = max(most, sum)
	}
	// A child still alive when the log ends was counted without its peak.
	for pid, up := range alive {
		if up {
			t.Errorf("script process %d did not end with the server", pid)
		}
	}
	return most, peaks
}

func maxOf(m map[int]int64) int64 {
	var most int64
	for _, v := range m {
		most = max(most, v)
	}
	return most
}

// hwm is a live process's peak resident memory (VmHWM) in bytes.
func hwm(t *testing.T, pid int) int64 {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	t.Fatal("no VmHWM")
	return 0
}

// sampleTree samples the resident memory of pid and its children every
// few milliseconds until ctx ends or pid exits, then sends the largest
// sum seen.
func sampleTree(ctx context.Context, pid int) <-chan int64 {
	out := make(chan int64, 1)
	go func() {
		var most int64
		defer func() { out <- most }()
		for ctx.Err() == nil {
			sum, ok := rss(pid)
			if !ok {
				return
			}
			for _, c := range children(pid) {
				r, _ := rss(c)
				sum += r
			}
			most = max(most, sum)
			time.Sleep(2 * time.Millisecond)
		}
	}()
	return out
}

// rss is a process's resident memory in bytes.
func rss(pid int) (int64, bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/statm", pid))
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0, false
	}
	pages, _ := strconv.ParseInt(f[1], 10, 64)
	return pages * int64(os.Getpagesize()), true
}

// cpuTicks is the user CPU time a process has used, in clock ticks.
func cpuTicks(pid int) int {
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	_, rest, _ := strings.Cut(string(b), ") ") // the command name may hold spaces
	f := strings.Fields(rest)
	if len(f) < 12 {
		return 0
	}
	n, _ := strconv.Atoi(f[11]) // utime, field 14 of stat
	return n
}

// children lists pid's child processes.
func children(pid int) []int {
	var out []int
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	for _, task := range tasks {
		b, _ := os.ReadFile(task)
		for _, f := range strings.Fields(string(b)) {
			if c, err := strconv.Atoi(f); err == nil {
				out = append(out, c)
			}
		}
	}
	return out
}

// lockedBuffer is a bytes.Buffer safe for the writer goroutine of
// exec.Cmd and the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
