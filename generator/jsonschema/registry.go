package jsonschema

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/pb33f/go-yaml"
	"github.com/pb33f/libopenapi/datamodel/high/base"
	"github.com/pb33f/libopenapi/index"

	"github.com/swag2mcp/swag2mcp/generator/ir"
)

// Dialect is the spec version whose schema rules apply.
type Dialect int

// Dialects.
const (
	Swagger2 Dialect = iota
	OpenAPI30
	OpenAPI31
)

// Defaults and floors of Options.
const (
	DefaultMaxSchemaBytes = 256 << 10
	DefaultMaxDepth       = 64
	minSchemaBytes        = 1 << 10
)

// Options bound the rendering.
type Options struct {
	// MaxSchemaBytes bounds one rendered schema (a def or an inline schema);
	// 0 means DefaultMaxSchemaBytes, values below 1 KiB count as 1 KiB.
	MaxSchemaBytes int
	// MaxDepth bounds the nesting of subschemas within one rendered schema;
	// 0 means DefaultMaxDepth.
	MaxDepth int
	// Index is the document's index (libopenapi's DocumentModel.Index),
	// optional. Without it the registry learns the spec's files from the
	// first schema it renders; ParamSchemaV2 and HeaderSchemaV2 called before
	// that read libopenapi's low-level fields, which drop fractional bounds.
	Index *index.SpecIndex
}

// Error is a problem at a place in a spec file.
type Error struct {
	// File is set only when the problem is in a file other than the root
	// spec: its path relative to the root spec's folder (absolute when it
	// lies outside). The caller adds the root spec's name otherwise.
	File string
	Line int // 1-based; 0 when unknown
	Col  int // 1-based; 0 when unknown
	Msg  string
}

func (e *Error) Error() string {
	prefix := ""
	if e.File != "" {
		prefix = e.File + ":"
	}
	if e.Line > 0 {
		prefix += strconv.Itoa(e.Line) + ":" + strconv.Itoa(e.Col) + ":"
	}
	if prefix == "" {
		return e.Msg
	}
	return prefix + " " + e.Msg
}

// def is one registered target schema.
type def struct {
	name  string
	node  *yaml.Node
	file  *file
	json  string
	refs  []int
	ready bool
}

// Registry renders the schemas of one spec; component schemas become defs
// once. It is not safe for concurrent use.
type Registry struct {
	dialect  Dialect
	maxBytes int
	maxDepth int

	defs   []*def
	byNode map[*yaml.Node]int
	names  map[string]bool
	next   int // first def not rendered yet

	files    map[string]*file
	rolodex  *index.Rolodex
	root     *file // the root spec file, once known
	refCache map[refKey]target
	parents  map[*yaml.Node]*yaml.Node // see parentOf
	pinned   map[*yaml.Node]target     // $ref value nodes libopenapi already resolved

	errs  []*Error
	warns []*Error
}

// NewRegistry returns an empty registry for specs of dialect d.
func NewRegistry(d Dialect, opts Options) *Registry {
	r := &Registry{
		dialect:  d,
		maxBytes: opts.MaxSchemaBytes,
		maxDepth: opts.MaxDepth,
		byNode:   map[*yaml.Node]int{},
		names:    map[string]bool{},
		files:    map[string]*file{},
		refCache: map[refKey]target{},
		pinned:   map[*yaml.Node]target{},
	}
	if r.maxBytes == 0 {
		r.maxBytes = DefaultMaxSchemaBytes
	}
	r.maxBytes = max(r.maxBytes, minSchemaBytes)
	if r.maxDepth <= 0 {
		r.maxDepth = DefaultMaxDepth
	}
	if opts.Index != nil {
		r.fileOf(opts.Index, nil)
	}
	return r
}

// Schema converts sp. Component references become {"$ref":"#/$defs/Name"}
// and register the def (rendered once, recursively; cycles are fine). refs
// are the indexes into Defs() the returned JSON references directly, in
// order of first appearance.
//
// The returned JSON is always a usable schema: a part that could not be
// converted becomes {} with a "$comment". err is the first *Error met while
// rendering sp and the defs first rendered by this call (so each problem is
// reported once per registry); Errors lists them all.
func (r *Registry) Schema(sp *base.SchemaProxy) (json string, refs []int, err error) {
	return r.guard(func() result { return r.schemaProxy(sp) })
}

// guard runs render, drains pending defs and turns a panic from a library
// into an *Error, so no input crashes the generator.
func (r *Registry) guard(render func() result) (json string, refs []int, err error) {
	start := len(r.errs)
	defer func() {
		if p := recover(); p != nil {
			r.errs = append(r.errs, &Error{Msg: fmt.Sprintf("internal error converting schema: %v", p)})
			json, refs = `{"$comment":"conversion failed"}`, nil
			// Mark whatever was pending as done so the registry stays usable.
			for ; r.next < len(r.defs); r.next++ {
				d := r.defs[r.next]
				if !d.ready {
					d.json, d.ready = `{"$comment":"conversion failed"}`, true
				}
			}
			err = r.errs[start]
		}
	}()
	res := render()
	r.drain()
	if len(r.errs) > start {
		err = r.errs[start]
	}
	return res.json, res.refs, err
}

// Errors returns every problem found so far, in the order found.
func (r *Registry) Errors() []*Error { return slices.Clone(r.errs) }

// Warnings returns every loss found so far, in the order found: schemas
// cut to their size or depth bound, keywords left out because a server
// could not check them. Each is located like an Error; none stops a
// schema from rendering.
func (r *Registry) Warnings() []*Error { return slices.Clone(r.warns) }

// DefPos locates def i in the spec (File as in Error); zeros when unknown.
func (r *Registry) DefPos(i int) (file string, line, col int) {
	if i < 0 || i >= len(r.defs) {
		return "", 0, 0
	}
	d := r.defs[i]
	if d.node != nil {
		line, col = d.node.Line, d.node.Column
	}
	return r.relFile(d.file), line, col
}

// Defs returns every def in registration order (deterministic for the same
// sequence of calls). Def names are unique and safe inside a JSON pointer.
func (r *Registry) Defs() []ir.Def {
	out := make([]ir.Def, len(r.defs))
	for i, d := range r.defs {
		out[i] = ir.Def{Name: d.name, Schema: d.json}
	}
	return out
}

// DefView looks up, by name, the JSON of the defs rendered so far. Unlike
// r, it may be used from other goroutines while r goes on: a rendered def
// never changes, and later defs (or a rollback of them) are outside it.
func (r *Registry) DefView() func(name string) (string, bool) {
	defs := r.defs[:r.next:r.next]
	return func(name string) (string, bool) {
		for _, d := range defs {
			if d.name == name {
				return d.json, true
			}
		}
		return "", false
	}
}

// Closure returns the transitive closure of refs over the defs' own
// references, breadth-first (nearest first), without duplicates. Indexes
// out of range are ignored.
func (r *Registry) Closure(refs []int) []int {
	seen := make(map[int]bool, len(refs))
	var out []int
	for _, i := range refs {
		if i >= 0 && i < len(r.defs) && !seen[i] {
			seen[i] = true
			out = append(out, i)
		}
	}
	for k := 0; k < len(out); k++ {
		for _, j := range r.defs[out[k]].refs {
			if !seen[j] {
				seen[j] = true
				out = append(out, j)
			}
		}
	}
	return out
}

// register returns the index of the def for target t, adding it (not yet
// rendered) when new.
func (r *Registry) register(t target) int {
	if i, ok := r.byNode[t.node]; ok {
		return i
	}
	name := sanitizeName(t.name)
	if r.names[name] {
		for n := 2; ; n++ {
			cand := name + "_" + strconv.Itoa(n)
			if !r.names[cand] {
				name = cand
				break
			}
		}
	}
	r.names[name] = true
	r.byNode[t.node] = len(r.defs)
	r.defs = append(r.defs, &def{name: name, node: t.node, file: t.file})
	return len(r.defs) - 1
}

// rollback forgets the defs registered after the first n; it undoes the
// registrations of a rendering attempt that was thrown away.
func (r *Registry) rollback(n int) {
	for _, d := range r.defs[n:] {
		delete(r.byNode, d.node)
		delete(r.names, d.name)
	}
	clear(r.defs[n:])
	r.defs = r.defs[:n]
}

// drain renders every registered def not rendered yet; rendering one may
// register more.
func (r *Registry) drain() {
	for ; r.next < len(r.defs); r.next++ {
		d := r.defs[r.next]
		res := r.render(d.node, d.file)
		d.json, d.refs, d.ready = res.json, res.refs, true
	}
}

// sanitizeName keeps ASCII letters, digits, '.', '_' and '-' and replaces
// anything else with '_', so a def name never needs escaping in a JSON
// pointer or a URI fragment.
func sanitizeName(s string) string {
	b := make([]byte, 0, len(s))
	for _, c := range s {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-'
		if !ok {
			c = '_'
		}
		b = append(b, byte(c))
	}
	if len(b) == 0 {
		return "Schema"
	}
	return string(b)
}
