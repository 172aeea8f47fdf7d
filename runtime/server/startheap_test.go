package server

import (
	"os"
	"os/exec"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"
)

// TestRaiseStartingHeap runs in a child process: it changes the process's
// GC percentage, which other tests calling Main in this one would too.
func TestRaiseStartingHeap(t *testing.T) {
	if os.Getenv("SWAG2MCP_STARTHEAP_CHILD") != "" {
		startHeapChild(t)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestRaiseStartingHeap$", "-test.v")
	cmd.Env = append(os.Environ(), "SWAG2MCP_STARTHEAP_CHILD=1", "GOGC=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	t.Logf("child:\n%s", out)
}

func startHeapChild(t *testing.T) {
	runtime.GC() // the heap the test binary's start left is the baseline
	t.Run("GOGC set", func(t *testing.T) {
		raiseStartingHeap(func(k string) string {
			if k == "GOGC" {
				return "100"
			}
			return ""
		})
		if got := gcPercent(); got != 100 {
			t.Errorf("GC percent %d with GOGC=100 in the environment; want it left alone", got)
		}
	})
	t.Run("start", func(t *testing.T) {
		before := gcCycles(t)
		raiseStartingHeap(func(string) string { return "" })
		if got := gcPercent(); got != startGCPercent {
			t.Fatalf("GC percent %d after raising; want %d", got, startGCPercent)
		}
		// 6 MB of garbage, a start's worth and more: at Go's 4 MB first goal
		// (or twice the live heap) it would run a collection.
		for range 96 {
			sink = make([]byte, 64<<10)
		}
		if n := gcCycles(t) - before; n != 0 {
			t.Errorf("%d collections during a start's allocations; want none", n)
		}
		awaitRestored(t)
	})
	t.Run("twice", func(t *testing.T) {
		// A second Main in one process must not leave 400 behind: its
		// cleanup would restore what the first one set.
		raiseStartingHeap(func(string) string { return "" })
		raiseStartingHeap(func(string) string { return "" })
		awaitRestored(t)
		time.Sleep(50 * time.Millisecond) // any second cleanup has run by now
		if got := gcPercent(); got != 100 {
			t.Errorf("GC percent %d after two raises and a collection; want 100", got)
		}
	})
}

// awaitRestored runs a collection and waits for the cleanup to restore
// the GC percentage of 100.
func awaitRestored(t *testing.T) {
	t.Helper()
	runtime.GC()
	deadline := time.Now().Add(5 * time.Second)
	for gcPercent() != 100 {
		if time.Now().After(deadline) {
			t.Fatalf("GC percent still %d after the first collection; want 100 restored", gcPercent())
		}
		time.Sleep(time.Millisecond)
	}
}

// sink keeps the test's allocations from being optimized away.
var sink []byte

// gcCycles is the number of collections the process has run.
func gcCycles(t *testing.T) uint64 {
	t.Helper()
	s := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		t.Fatalf("no collection count: kind %v", s[0].Value.Kind())
	}
	return s[0].Value.Uint64()
}
