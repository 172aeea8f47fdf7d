package build

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	v3high "github.com/pb33f/libopenapi/datamodel/high/v3"

	"github.com/swag2mcp/swag2mcp/generator/diag"
	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/generator/load"
)

// buildFiles writes files into a temporary folder, loads the specs named
// (the first file when none), and builds them. The working directory is the
// folder, so diagnostics carry the short names.
func buildFiles(t *testing.T, files map[string]string, specs []string, opts Options) (*ir.API, []string) {
	t.Helper()
	dir := t.TempDir()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	var docs []*load.Doc
	var all diag.List
	for _, s := range specs {
		d, ds := load.Load(context.Background(), s, load.Options{})
		all = append(all, ds...)
		if d == nil {
			t.Fatalf("load %s: %v", s, ds)
		}
		docs = append(docs, d)
	}
	api, ds := Build(docs, opts)
	all = append(all, ds...)
	all.Sort()
	var msgs []string
	for _, d := range all {
		msgs = append(msgs, d.String())
	}
	return api, msgs
}

// endpoints lists a spec's endpoints in catalog order.
func endpoints(s *ir.Spec) []*ir.Endpoint {
	var out []*ir.Endpoint
	for _, c := range s.Collections {
		for _, t := range c.Tags {
			out = append(out, t.Endpoints...)
		}
	}
	return out
}

// loadSpec writes spec to a temporary file and loads it; any load error
// fails the test.
func loadSpec(t *testing.T, spec string) *load.Doc {
	t.Helper()
	path := filepath.Join(t.TempDir(), "spec.yaml")
	if err := os.WriteFile(path, []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	doc, ds := load.Load(context.Background(), path, load.Options{})
	if doc == nil || ds.HasErrors() {
		t.Fatalf("load: %v", ds)
	}
	return doc
}

// pathItemV3 is doc's path item at path, built.
func pathItemV3(t *testing.T, doc *load.Doc, path string) *v3high.PathItem {
	t.Helper()
	for p := range doc.PathsV3() {
		if p.Path == path && p.Item != nil {
			return p.Item
		}
	}
	t.Fatalf("no path item %s", path)
	return nil
}
