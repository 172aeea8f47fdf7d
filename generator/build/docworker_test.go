package build

import (
	"context"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/generator/load"
)

// TestDocsSameOnOneProcessor: endpoint documents built on the worker (two
// processors) are the ones built in place (one), for every golden spec.
func TestDocsSameOnOneProcessor(t *testing.T) {
	specs, err := filepath.Glob(filepath.Join("..", "..", "golden", "testdata", "*", "*.yaml"))
	if err != nil || len(specs) == 0 {
		t.Fatalf("no golden specs: %v", err)
	}
	for _, spec := range specs {
		docs := func(procs int) []string {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			d, _ := load.Load(context.Background(), spec, load.Options{})
			if d == nil {
				return nil // a part of a spec of several files
			}
			api, _ := Build([]*load.Doc{d}, Options{})
			var out []string
			for _, s := range api.Specs {
				for _, e := range endpoints(s) {
					out = append(out, e.ID, e.InputSchema, e.Operation)
				}
			}
			return out
		}
		inPlace, worker := docs(1), docs(2)
		if len(inPlace) == 0 {
			continue
		}
		if diff := cmp.Diff(inPlace, worker); diff != "" {
			t.Errorf("%s: documents differ (-in place +worker):\n%s", spec, diff)
		}
	}
}
