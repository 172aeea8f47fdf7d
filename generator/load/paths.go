package load

import (
	"context"
	"fmt"
	"iter"
	"runtime"
	"sync"

	"github.com/pb33f/go-yaml"
	v2high "github.com/pb33f/libopenapi/datamodel/high/v2"
	v3high "github.com/pb33f/libopenapi/datamodel/high/v3"
	"github.com/pb33f/libopenapi/datamodel/low"
	"github.com/pb33f/libopenapi/datamodel/low/base"
	v2low "github.com/pb33f/libopenapi/datamodel/low/v2"
	v3low "github.com/pb33f/libopenapi/datamodel/low/v3"
	"github.com/pb33f/libopenapi/orderedmap"
	"github.com/pb33f/libopenapi/utils"

	"github.com/swag2mcp/swag2mcp/generator/diag"
)

// Path items are built when lowering reaches them. libopenapi's document
// build makes the low and high models of every path item at once (on
// Graph beta about 370 MB, alive together with the YAML nodes and the
// index at the loader's peak); the loader hides the paths object from that
// build and builds each path item as the walk needs it, a few ahead on
// the machine's cores, so only a window of them is alive at a time. A
// spec with a $ref into its own paths object is built whole as before:
// libopenapi's index resolves such a reference by the paths key's name.

// PathItem is one entry of a paths object: T is *v2high.PathItem or
// *v3high.PathItem.
type PathItem[T any] struct {
	Path  string
	Key   *yaml.Node // the path's key node, for positions
	Item  T          // nil when it could not be built
	Diags diag.List  // why it could not be built
}

// hiddenPathsKey stands in for the root's paths key while libopenapi
// builds the document: a key it does not know, so it builds no path
// item.
const hiddenPathsKey = "swag2mcp hidden paths"

// hidePaths renames the root mapping's paths keys and returns the paths
// object's value node (nil when there is none) and what restores the
// keys. A document whose paths come through a merge key keeps them.
//
// With fromIndex the paths' values are replaced by an empty mapping too,
// so libopenapi's index, which walks every node for references on one
// core (a tenth of generation's wall time on GitHub's spec), skips them.
// That is only for a spec that references no other document: a path
// item built later then finds each local target by its pointer, which
// the index does not need to have met; another document's target the
// index must have loaded.
func hidePaths(doc *yaml.Node, fromIndex bool) (paths *yaml.Node, restore func()) {
	const label = "paths" // in Swagger 2.0 and OpenAPI 3 alike
	type hidden struct {
		key     *yaml.Node
		value   **yaml.Node
		visible *yaml.Node
	}
	var keys []hidden
	if doc != nil && doc.Kind == yaml.DocumentNode && len(doc.Content) == 1 {
		root := doc.Content[0]
		for i := 0; root.Kind == yaml.MappingNode && i+1 < len(root.Content); i += 2 {
			if k := root.Content[i]; k.Kind == yaml.ScalarNode && k.Value == label {
				if paths == nil {
					paths = utils.NodeAlias(root.Content[i+1])
				}
				h := hidden{key: k, value: &root.Content[i+1], visible: root.Content[i+1]}
				keys = append(keys, h)
				k.Value = hiddenPathsKey
				if fromIndex {
					*h.value = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: h.visible.Line, Column: h.visible.Column}
				}
			}
		}
	}
	return paths, func() {
		for _, h := range keys {
			h.key.Value = label
			*h.value = h.visible
		}
	}
}

// PathsV3 yields an OpenAPI 3 document's path items in the spec's order.
// Each is built when reached, unless the document's model holds them
// already; nothing keeps an item once the next has been asked for.
func (d *Doc) PathsV3() iter.Seq[PathItem[*v3high.PathItem]] {
	var built iter.Seq[PathItem[*v3high.PathItem]]
	if d.V3 != nil && d.V3.Paths != nil {
		built = builtPaths(d.V3.Paths.PathItems, d.V3.Paths.GoLow().PathItems)
	}
	// libopenapi's OpenAPI 3 model finds its context under this key.
	ctx := context.WithValue(context.Background(), "modelCtx", &base.ModelContext{SchemaCache: &sync.Map{}}) //nolint:staticcheck
	return pathItems(d, built, func(key, node *yaml.Node) (*v3high.PathItem, error) {
		return d.pathItemV3(ctx, key, node)
	})
}

// PathsV2 is PathsV3 for a Swagger 2.0 document.
func (d *Doc) PathsV2() iter.Seq[PathItem[*v2high.PathItem]] {
	var built iter.Seq[PathItem[*v2high.PathItem]]
	if d.V2 != nil && d.V2.Paths != nil {
		built = builtPaths(d.V2.Paths.PathItems, d.V2.Paths.GoLow().PathItems)
	}
	return pathItems(d, built, d.pathItemV2)
}

// pathItemV3 builds one OpenAPI 3 path item's low and high models as
// libopenapi's paths object builds each entry, a $ref to a path item
// followed first.
func (d *Doc) pathItemV3(ctx context.Context, key, node *yaml.Node) (*v3high.PathItem, error) {
	idx := d.Index
	var ref *yaml.Node
	if ok, _, _ := utils.IsNodeRefValue(node); ok {
		ref = node
		r, fIdx, err, fCtx := low.LocateRefNodeWithContext(ctx, node, idx)
		if r == nil {
			at := utils.GetRefValueNode(node)
			err = fmt.Errorf("cannot find reference: '%s' at line %d, col %d", at.Value, at.Line, at.Column)
		}
		if r == nil || (err != nil && !idx.AllowCircularReferenceResolving()) {
			return nil, fmt.Errorf("path item build failed: %w", err)
		}
		node, ctx = r, fCtx
		if fIdx != nil {
			idx = fIdx
		}
	}
	lp := new(v3low.PathItem)
	_ = low.BuildModel(node, lp)
	// libopenapi logs a path item's build error and keeps the item; so
	// does the loader, so its output stays the same.
	_ = lp.Build(ctx, key, node, idx)
	if ref != nil {
		_, _, v := utils.IsNodeRefValue(ref)
		lp.SetReference(v, ref)
	}
	lp.Nodes.Store(key.Line, key)
	return v3high.NewPathItem(lp), nil
}

// pathItemV2 is pathItemV3 for Swagger 2.0, whose paths object gives up
// on an item that fails to build.
func (d *Doc) pathItemV2(key, node *yaml.Node) (*v2high.PathItem, error) {
	ctx, idx := context.Background(), d.Index
	var ref low.NodeReference[string]
	if ok, refKey, v := utils.IsNodeRefValue(node); ok {
		ref = low.NodeReference[string]{Value: v, KeyNode: refKey, ValueNode: utils.GetRefValueNode(node)}
		r, fIdx, err, fCtx := low.LocateRefEnd(ctx, node, idx, 0)
		if err != nil {
			return nil, fmt.Errorf("path item build failed: %w", err)
		}
		node, idx, ctx = r, fIdx, fCtx
	}
	lp := new(v2low.PathItem)
	_ = low.BuildModel(node, lp)
	if err := lp.Build(ctx, key, node, idx); err != nil {
		return nil, err
	}
	if ref.Value != "" {
		lp.Ref = ref
	}
	return v2high.NewPathItem(lp), nil
}

// builtPaths yields the path items of a model libopenapi built.
func builtPaths[T, L any](items *orderedmap.Map[string, T], lows *orderedmap.Map[low.KeyReference[string], L]) iter.Seq[PathItem[T]] {
	return func(yield func(PathItem[T]) bool) {
		keys := make(map[string]*yaml.Node)
		for k := range lows.KeysFromOldest() {
			keys[k.Value] = k.KeyNode
		}
		for path, pi := range items.FromOldest() {
			if !yield(PathItem[T]{Path: path, Key: keys[path], Item: pi}) {
				return
			}
		}
	}
}

// pathItems yields the entries of d.paths as build makes them from their
// key and value nodes, a few ahead of the consumer on other goroutines;
// an error, or a panic in libopenapi, becomes the item's diagnostics.
// Without hidden paths it yields built, the model's own items (if any).
func pathItems[T any](d *Doc, built iter.Seq[PathItem[T]], build func(key, value *yaml.Node) (T, error)) iter.Seq[PathItem[T]] {
	if d.paths == nil {
		if built == nil {
			return func(func(PathItem[T]) bool) {}
		}
		return built
	}
	return func(yield func(PathItem[T]) bool) {
		ahead(pathEntries(d.paths), 2*runtime.GOMAXPROCS(0), func(e [2]*yaml.Node) (out PathItem[T]) {
			key := e[0]
			out = PathItem[T]{Path: key.Value, Key: key}
			defer func() {
				if r := recover(); r != nil {
					var none T
					out.Item, out.Diags = none, nil
					out.Diags.Errorf(d.Path, key.Line, key.Column, "the OpenAPI parser failed on path %q: %v", key.Value, r)
				}
			}()
			item, err := build(key, e[1])
			if err != nil {
				out.Diags = buildProblems(d.Path, err, d.refsReported)
				return out
			}
			out.Item = item
			return out
		}, yield)
	}
}

// pathEntries lists a paths object's key and value nodes, extensions left out.
func pathEntries(paths *yaml.Node) [][2]*yaml.Node {
	paths = utils.ResolveMergeNodes(paths)
	var out [][2]*yaml.Node
	for i := 0; paths.Kind == yaml.MappingNode && i+1 < len(paths.Content); i += 2 {
		k := paths.Content[i]
		if len(k.Value) >= 2 && (k.Value[0] == 'x' || k.Value[0] == 'X') && k.Value[1] == '-' {
			continue
		}
		out = append(out, [2]*yaml.Node{k, paths.Content[i+1]})
	}
	return out
}

// ahead yields build(item) for each item in order, building up to n items
// ahead of the consumer on other goroutines. It stops starting builds once
// yield returns false; builds already started finish and are dropped.
func ahead[T, R any](items []T, n int, build func(T) R, yield func(R) bool) {
	n = max(n, 1)
	pending := make([]chan R, len(items))
	start := func(i int) {
		c := make(chan R, 1)
		pending[i] = c
		go func() { c <- build(items[i]) }()
	}
	for i := range min(n, len(items)) {
		start(i)
	}
	for i := range items {
		r := <-pending[i]
		pending[i] = nil
		if i+n < len(items) {
			start(i + n)
		}
		if !yield(r) {
			return
		}
	}
}
