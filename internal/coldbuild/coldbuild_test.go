package main

import (
	"os"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/mod/modfile"
)

// Every module a generated server requires must say what it is for.
func TestPurposesCoverRuntimeDeps(t *testing.T) {
	data, err := os.ReadFile("../../runtime-deps.mod")
	if err != nil {
		t.Fatal(err)
	}
	f, err := modfile.Parse("runtime-deps.mod", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	why := purposes()
	for _, r := range f.Require {
		if why[r.Mod.Path] == "" {
			t.Errorf("runtime-deps.mod requires %s: say what it is for in purposes()", r.Mod.Path)
		}
	}
}

func TestParseActionGraph(t *testing.T) {
	graph := `[
	{"ID":0,"Mode":"link-install","Package":"srv","TimeStart":"2026-01-01T00:00:09Z","TimeDone":"2026-01-01T00:00:09Z"},
	{"ID":1,"Mode":"link","Package":"srv","TimeStart":"2026-01-01T00:00:07Z","TimeDone":"2026-01-01T00:00:09Z","CmdUser":1500000000,"CmdSys":500000000},
	{"ID":2,"Mode":"build","Package":"example.com/a","TimeStart":"2026-01-01T00:00:00Z","TimeDone":"2026-01-01T00:00:03Z","CmdUser":2000000000,"CmdSys":1000000000},
	{"ID":3,"Mode":"cgo compile x.c","Package":"example.com/a","TimeStart":"2026-01-01T00:00:00Z","TimeDone":"2026-01-01T00:00:01Z","CmdUser":250000000},
	{"ID":4,"Mode":"nop","Package":""},
	{"ID":5,"Mode":"built-in package","Package":"unsafe"}
	]`
	got, err := parseActionGraph([]byte(graph))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]cost{
		"srv":           {cpu: 2 * time.Second, wall: 2 * time.Second, actions: 2},
		"example.com/a": {cpu: 3250 * time.Millisecond, wall: 4 * time.Second, actions: 2},
	}
	if d := cmp.Diff(want, got, cmp.AllowUnexported(cost{})); d != "" {
		t.Errorf("parseActionGraph (-want +got):\n%s", d)
	}
	if _, err := parseActionGraph([]byte(`[{"Mode":"nop"}]`)); err == nil {
		t.Error("a graph without timed actions: want an error")
	}
}

// A small server: main imports the runtime, which imports two modules; both
// bring fmt; only big brings net/http, and small is shared with big.
const listOutput = "fmt\tstd\t\n" +
	"net/http\tstd\tfmt\n" +
	"example.com/small\texample.com/small\tfmt\n" +
	"example.com/big\texample.com/big\tnet/http example.com/small\n" +
	"github.com/swag2mcp/swag2mcp/runtime/x\tgithub.com/swag2mcp/swag2mcp\texample.com/big example.com/small\n" +
	"srv\tsrv\tgithub.com/swag2mcp/swag2mcp/runtime/x fmt\n"

func TestGraph(t *testing.T) {
	g, err := parseGraph([]byte(listOutput))
	if err != nil {
		t.Fatal(err)
	}
	if g.main != "srv" {
		t.Errorf("main = %q, want srv", g.main)
	}
	costs := map[string]cost{
		"fmt": {cpu: 1 * time.Second}, "net/http": {cpu: 4 * time.Second},
		"example.com/small": {cpu: 2 * time.Second}, "example.com/big": {cpu: 8 * time.Second},
	}
	if d := cmp.Diff([]string{"example.com/big", "example.com/small"}, g.direct()); d != "" {
		t.Errorf("direct (-want +got):\n%s", d)
	}
	// Dropping big saves big and the net/http only it brings, not the
	// shared small or fmt.
	if got := g.dropSaves("example.com/big", costs); got != 12*time.Second {
		t.Errorf("dropSaves(big) = %v, want 12s", got)
	}
	// small stays when the runtime drops it: big imports it too.
	if got := g.dropSaves("example.com/small", costs); got != 0 {
		t.Errorf("dropSaves(small) = %v, want 0", got)
	}
	if d := cmp.Diff([]string{"example.com/big", "github.com/swag2mcp/swag2mcp"}, g.via("example.com/small")); d != "" {
		t.Errorf("via(small) (-want +got):\n%s", d)
	}
	if _, err := parseGraph([]byte("just one field\n")); err == nil {
		t.Error("a malformed line: want an error")
	}
}
