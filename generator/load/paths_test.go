package load

import (
	"context"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"
	"weak"

	v2high "github.com/pb33f/libopenapi/datamodel/high/v2"
	v3high "github.com/pb33f/libopenapi/datamodel/high/v3"
)

// pathsSpec has inline path items, one in another file behind a $ref, an
// extension among the paths and a path-level parameter from components.
var pathsSpec = map[string]string{
	"spec.yaml": `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    get: {operationId: getA, responses: {"200": {description: ok}}}
    post: {operationId: postA, responses: {"200": {description: ok}}}
  x-note: not a path
  /b/{id}:
    parameters: [{$ref: "#/components/parameters/id"}]
    get: {operationId: getB, responses: {"200": {description: ok}}}
  /c:
    $ref: "items/c.yaml"
components:
  parameters:
    id: {name: id, in: path, required: true, schema: {type: string}}
`,
	"items/c.yaml": `delete: {operationId: delC, responses: {"204": {description: gone}}}
`,
}

// TestPathsV3BuiltOnDemand: the document's model holds no path item (the
// paths key is back in the YAML), and PathsV3 yields every one in the
// spec's order, references followed, with the key that declares it.
func TestPathsV3BuiltOnDemand(t *testing.T) {
	d := loadFiles(t, pathsSpec)
	if d.V3.Paths != nil {
		t.Errorf("the document's model holds paths")
	}
	if root := d.Index.GetRootNode().Content[0]; root.Content[4].Value != "paths" {
		t.Errorf("root key %q, want paths back", root.Content[4].Value)
	}
	type seen struct {
		path string
		line int
		ops  []string
	}
	var got []seen
	for p := range d.PathsV3() {
		if len(p.Diags) > 0 || p.Item == nil {
			t.Fatalf("%s: item %v, %v", p.Path, p.Item, p.Diags)
		}
		var ops []string
		for _, o := range []*v3high.Operation{p.Item.Get, p.Item.Post, p.Item.Delete} {
			if o != nil {
				ops = append(ops, o.OperationId)
			}
		}
		if p.Path == "/b/{id}" && (len(p.Item.Parameters) != 1 || p.Item.Parameters[0].Name != "id") {
			t.Errorf("/b/{id}: parameters %v, want the referenced id", p.Item.Parameters)
		}
		got = append(got, seen{p.Path, p.Key.Line, ops})
	}
	want := []seen{
		{"/a", 4, []string{"getA", "postA"}},
		{"/b/{id}", 8, []string{"getB"}},
		{"/c", 11, []string{"delC"}},
	}
	if !slices.EqualFunc(got, want, func(a, b seen) bool {
		return a.path == b.path && a.line == b.line && slices.Equal(a.ops, b.ops)
	}) {
		t.Errorf("PathsV3 yielded %v, want %v", got, want)
	}
}

// TestPathsV3NotKept: once the walk has moved on, nothing holds a path
// item it was given, so a giant spec's models can be collected while it
// is lowered. It fails if the loader lets libopenapi build the paths (the
// document would hold them) or keeps what it built.
func TestPathsV3NotKept(t *testing.T) {
	d := loadFiles(t, pathsSpec)
	var items []weak.Pointer[v3high.PathItem]
	for p := range d.PathsV3() {
		items = append(items, weak.Make(p.Item))
	}
	if len(items) != 3 {
		t.Fatalf("yielded %d items, want 3", len(items))
	}
	checkCollected(t, items)
	runtime.KeepAlive(d)
}

// TestAheadOrderAndStop: ahead yields in the items' order whatever the
// window, and starts nothing more once yield says stop.
func TestAheadOrderAndStop(t *testing.T) {
	items := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	for _, n := range []int{0, 1, 3, 10, 50} {
		var got []int
		ahead(items, n, func(i int) int { return i * i }, func(r int) bool {
			got = append(got, r)
			return true
		})
		if !slices.Equal(got, []int{0, 1, 4, 9, 16, 25, 36, 49, 64, 81}) {
			t.Errorf("window %d: %v", n, got)
		}
	}
	built := make(chan int, len(items))
	var got []int
	ahead(items, 2, func(i int) int { built <- i; return i }, func(r int) bool {
		got = append(got, r)
		return len(got) < 3
	})
	if !slices.Equal(got, []int{0, 1, 2}) {
		t.Errorf("stopped after %v, want [0 1 2]", got)
	}
	// Three taken with a window of two: items 0 to 4 were started, no more.
	var started []int
	timeout := time.After(200 * time.Millisecond)
	for done := false; !done; {
		select {
		case i := <-built:
			started = append(started, i)
		case <-timeout:
			done = true
		}
	}
	slices.Sort(started)
	if !slices.Equal(started, []int{0, 1, 2, 3, 4}) {
		t.Errorf("built %v, want [0 1 2 3 4]", started)
	}
}

// TestPathsV2BuiltOnDemand is the Swagger 2.0 side of the two tests above.
func TestPathsV2BuiltOnDemand(t *testing.T) {
	d := loadFiles(t, map[string]string{
		"spec.yaml": `swagger: "2.0"
info: {title: t, version: "1"}
paths:
  /a:
    get: {operationId: getA, responses: {"200": {description: ok}}}
  x-note: not a path
  /c:
    $ref: "items/c.yaml"
`,
		"items/c.yaml": `delete: {operationId: delC, responses: {"204": {description: gone}}}
`,
	})
	if d.V2.Paths != nil {
		t.Errorf("the document's model holds paths")
	}
	var got []string
	var items []weak.Pointer[v2high.PathItem]
	for p := range d.PathsV2() {
		if p.Item == nil {
			t.Fatalf("%s: %v", p.Path, p.Diags)
		}
		for _, o := range []*v2high.Operation{p.Item.Get, p.Item.Delete} {
			if o != nil {
				got = append(got, p.Path+" "+o.OperationId)
			}
		}
		items = append(items, weak.Make(p.Item))
	}
	if want := []string{"/a getA", "/c delC"}; !slices.Equal(got, want) {
		t.Errorf("PathsV2 yielded %v, want %v", got, want)
	}
	checkCollected(t, items)
	runtime.KeepAlive(d)
}

// TestPathsV3RefIntoPaths: a spec whose $ref points into its own paths
// object is built whole by libopenapi (its index finds the target by the
// paths key's name), and PathsV3 yields that model's items.
func TestPathsV3RefIntoPaths(t *testing.T) {
	d := loadFiles(t, map[string]string{"spec.yaml": `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    post:
      requestBody:
        content: {application/json: {schema: {type: object, properties: {n: {type: integer}}}}}
      responses: {"200": {description: ok}}
  /b:
    post:
      requestBody:
        content: {application/json: {schema: {$ref: "#/paths/~1a/post/requestBody/content/application~1json/schema"}}}
      responses: {"200": {description: ok}}
`})
	var got []string
	for p := range d.PathsV3() {
		s := p.Item.Post.RequestBody.Content.GetOrZero("application/json").Schema.Schema()
		got = append(got, p.Path+" "+s.Properties.First().Key())
	}
	if want := []string{"/a n", "/b n"}; !slices.Equal(got, want) {
		t.Errorf("PathsV3 yielded %v, want %v", got, want)
	}
}

// loadFiles writes files into a temporary folder and loads its spec.yaml.
func loadFiles(t *testing.T, files map[string]string) *Doc {
	t.Helper()
	dir := t.TempDir()
	writeFiles(t, dir, files)
	d, ds := Load(context.Background(), filepath.Join(dir, "spec.yaml"), Options{})
	if d == nil || ds.HasErrors() {
		t.Fatalf("load: %v", ds)
	}
	return d
}

// checkCollected fails for each of items still reachable after a collection.
func checkCollected[T any](t *testing.T, items []weak.Pointer[T]) {
	t.Helper()
	runtime.GC()
	for i, w := range items {
		if w.Value() != nil {
			t.Errorf("path item %d is still reachable after the walk", i)
		}
	}
}

// TestPathsKeptFromIndex: in a spec that references no other document,
// libopenapi's index does not walk the paths (its references there are
// not in the index), and a path item built later still resolves them.
// With a reference to another file (pathsSpec) the index walks them.
func TestPathsKeptFromIndex(t *testing.T) {
	spec := map[string]string{"spec.yaml": `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /b/{id}:
    parameters: [{$ref: "#/components/parameters/id"}]
    get: {operationId: getB, responses: {"200": {description: ok}}}
components:
  parameters:
    id: {name: id, in: path, required: true, schema: {type: string}}
`}
	// The spec's only references are in its paths.
	inPaths := func(d *Doc) int { return len(d.Index.GetAllReferences()) }
	d := loadFiles(t, spec)
	if n := inPaths(d); n != 0 {
		t.Errorf("the index holds %d references from the paths", n)
	}
	for p := range d.PathsV3() {
		if len(p.Diags) > 0 || p.Item == nil || len(p.Item.Parameters) != 1 || p.Item.Parameters[0].Name != "id" {
			t.Fatalf("%s: item %v, %v", p.Path, p.Item, p.Diags)
		}
	}
	if n := inPaths(loadFiles(t, pathsSpec)); n == 0 {
		t.Errorf("with a reference to another file the index holds no reference from the paths")
	}
}
