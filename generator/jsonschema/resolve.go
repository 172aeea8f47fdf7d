package jsonschema

import (
	"context"
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/pb33f/go-yaml"
	"github.com/pb33f/libopenapi/datamodel/low"
	"github.com/pb33f/libopenapi/index"
	"github.com/pb33f/libopenapi/utils"
)

// file is one spec file: the root spec or a file reached through a $ref.
type file struct {
	path string     // absolute path as libopenapi's rolodex names it; "" when unknown
	root *yaml.Node // the document's top node
	idx  *index.SpecIndex
}

// target is what a $ref points at: a node of a file, and the name its def
// would get.
type target struct {
	node *yaml.Node
	file *file
	name string
}

type refKey struct {
	from *file
	ref  string
}

// fileOf returns the file whose nodes idx indexes; ctx may name the file
// more precisely (libopenapi carries the current path in it).
func (r *Registry) fileOf(idx *index.SpecIndex, ctx context.Context) *file {
	if idx == nil {
		return r.root
	}
	p := idx.GetSpecAbsolutePath()
	if ctx != nil {
		if cp, ok := ctx.Value(index.CurrentPathKey).(string); ok && cp != "" {
			p = cp
		}
	}
	if f := r.files[p]; f != nil {
		return f
	}
	if r.rolodex == nil {
		r.rolodex = idx.GetRolodex()
	}
	if p != idx.GetSpecAbsolutePath() {
		if other := r.indexByPath(p); other != nil {
			idx = other
		}
	}
	f := &file{path: p, root: deref(idx.GetRootNode()), idx: idx}
	r.files[p] = f
	if r.root == nil && r.rolodex != nil && r.rolodex.GetRootIndex() != nil {
		rootIdx := r.rolodex.GetRootIndex()
		if rootIdx == idx {
			r.root = f
		} else {
			r.root = r.fileOf(rootIdx, nil)
		}
	}
	if r.root == nil {
		r.root = f
	}
	return f
}

// originOf returns the file holding node n, or def when unknown.
func (r *Registry) originOf(n *yaml.Node, def *file) *file {
	if r.rolodex == nil {
		return def
	}
	o := r.rolodex.FindNodeOrigin(n)
	if o == nil || o.AbsoluteLocation == "" {
		return def
	}
	if f := r.files[o.AbsoluteLocation]; f != nil {
		return f
	}
	if idx := r.indexByPath(o.AbsoluteLocation); idx != nil {
		return r.fileOf(idx, nil)
	}
	return def
}

// indexByPath finds the index of an already loaded file.
func (r *Registry) indexByPath(p string) *index.SpecIndex {
	if r.rolodex == nil {
		return nil
	}
	if ri := r.rolodex.GetRootIndex(); ri != nil && ri.GetSpecAbsolutePath() == p {
		return ri
	}
	for _, i := range r.rolodex.GetIndexes() {
		if i != nil && i.GetSpecAbsolutePath() == p {
			return i
		}
	}
	return nil
}

// relFile names f for an Error: "" for the root spec, else its path
// relative to the root spec's folder.
func (r *Registry) relFile(f *file) string {
	if f == nil || r.root == nil || f == r.root || f.path == "" {
		return ""
	}
	if r.root.path != "" && !isURL(f.path) {
		if rel, err := filepath.Rel(filepath.Dir(r.root.path), f.path); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return f.path
}

func isURL(s string) bool {
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")
}

// resolve finds the target of ref written in file from.
//
// Local and relative-file references are resolved here by walking the JSON
// pointer over the YAML of the file (the file must be in libopenapi's
// rolodex, which loads every file a spec references). Anything else (URLs,
// $id-relative references, files not yet loaded) goes through libopenapi's
// own lookup.
func (r *Registry) resolve(from *file, ref string) (target, error) {
	key := refKey{from, ref}
	if t, ok := r.refCache[key]; ok {
		return t, nil
	}
	filePart, frag, _ := strings.Cut(ref, "#")
	t := target{name: nameHint(filePart, frag)}
	if segs, ok := pointerSegments(frag); ok {
		if tf := r.refFile(from, filePart); tf != nil {
			t.node, t.file = walkPointer(tf.root, segs), tf
		}
	}
	if t.node == nil {
		n, f, err := r.locate(from, ref)
		if err != nil {
			return target{}, err
		}
		t.node, t.file = n, f
	}
	r.refCache[key] = t
	return t, nil
}

// refFile returns the file a reference's file part names, relative to from;
// nil when it is not a loaded local file.
func (r *Registry) refFile(from *file, filePart string) *file {
	if filePart == "" {
		return from
	}
	if from == nil || isURL(filePart) || isURL(from.path) || from.path == "" {
		return nil
	}
	p := filePart
	if !filepath.IsAbs(p) {
		p = filepath.Join(filepath.Dir(from.path), filepath.FromSlash(p))
	}
	p = filepath.Clean(p)
	if f := r.files[p]; f != nil {
		return f
	}
	if idx := r.indexByPath(p); idx != nil {
		return r.fileOf(idx, nil)
	}
	return nil
}

// locate asks libopenapi to find ref (one level: no chains followed here
// beyond what libopenapi itself follows).
func (r *Registry) locate(from *file, ref string) (*yaml.Node, *file, error) {
	if from == nil || from.idx == nil {
		return nil, nil, fmt.Errorf("cannot resolve $ref %q: no spec index", ref)
	}
	ctx := context.Background()
	if from.path != "" {
		ctx = context.WithValue(ctx, index.CurrentPathKey, from.path)
	}
	n, idx, err, nctx := low.LocateRefNodeWithContext(ctx, utils.CreateRefNode(ref), from.idx)
	n = deref(n)
	if err != nil || n == nil {
		return nil, nil, fmt.Errorf("cannot resolve $ref %q", ref)
	}
	if idx == nil {
		idx = from.idx
	}
	return n, r.fileOf(idx, nctx), nil
}

// nameHint derives a def name from a reference: the last JSON pointer
// segment (with the one before it when it is a number, e.g. allOf_0), or the
// file's base name without extension for a whole-file reference.
func nameHint(filePart, frag string) string {
	segs, ok := pointerSegments(frag)
	if !ok {
		return frag // an anchor name
	}
	if len(segs) == 0 {
		base := path.Base(filepath.ToSlash(filePart))
		if base == "." || base == "/" {
			return "Schema"
		}
		return strings.TrimSuffix(base, path.Ext(base))
	}
	last := segs[len(segs)-1]
	if isDigits(last) && len(segs) > 1 {
		return segs[len(segs)-2] + "_" + last
	}
	return last
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
