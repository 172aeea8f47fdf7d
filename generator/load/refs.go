package load

import (
	"context"
	"errors"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pb33f/go-yaml"

	"github.com/swag2mcp/swag2mcp/generator/diag"
)

// refChecker follows every $ref of a spec and the files it references, and
// reports the ones that cannot work: remote references when they are not
// allowed, files outside the spec's folder or missing, and JSON pointers that
// lead nowhere. libopenapi reports some of these too, but without the file a
// problem is in and often with a misleading message.
type refChecker struct {
	ctx     context.Context
	dir     string // absolute folder of the root spec; references stay inside
	realDir string // dir with symbolic links resolved; real paths stay inside
	relDir  string // that folder as the user wrote it, for messages
	remote  bool   // remote references allowed
	files   map[string]*yaml.Node
	queue   []string // absolute paths still to scan
	display map[string]string
	// refReport is what the check finds.
	refReport
	// missing is, per JSON pointer already followed, the token it found
	// no node for ("" when it resolves). Specs repeat the same targets
	// (Graph beta: hundreds of thousands of $refs to a few thousand
	// schemas) and each step scans a mapping of thousands of keys, so
	// each pointer is followed once.
	missing map[pointerKey]string
	// keys indexes the large mappings pointers pass through (such as
	// components/schemas), so a step is not a scan of every key.
	keys map[*yaml.Node]map[string]*yaml.Node
	// root is the root spec's document.
	root *yaml.Node
}

// refReport is what checkRefs found.
type refReport struct {
	diags diag.List
	// remoteRefs are the remote references met when they are allowed, so
	// a failed fetch can be reported where the reference is.
	remoteRefs []remoteRef
	// intoPaths: a pointer leads into the root spec's paths object (the
	// loader then lets libopenapi build the paths, whose index must see
	// them under their name).
	intoPaths bool
	// external: a reference names another document (a file or URL).
	external bool
}

// pointerKey is a JSON pointer into one parsed file.
type pointerKey struct {
	root *yaml.Node
	frag string
}

// remoteRef is one remote $ref and where it is written.
type remoteRef struct {
	file      string // as displayed
	line, col int
	ref       string
	document  string // the URL before "#"
}

// checkRefs checks the references reachable from the root spec at file
// (whose contents are root), and says whether one points into its paths
// or out of the root spec.
func checkRefs(ctx context.Context, file, dir, realDir string, root *yaml.Node, opts Options) refReport {
	abs := filepath.Join(dir, filepath.Base(file))
	c := &refChecker{
		ctx:     ctx,
		dir:     dir,
		realDir: realDir,
		relDir:  filepath.Dir(file),
		remote:  opts.AllowRemoteRefs,
		files:   map[string]*yaml.Node{abs: root},
		queue:   []string{abs},
		display: map[string]string{abs: file},
		missing: map[pointerKey]string{},
		keys:    map[*yaml.Node]map[string]*yaml.Node{},
		root:    root,
	}
	for len(c.queue) > 0 {
		if err := ctx.Err(); err != nil {
			c.diags.Errorf(file, 0, 0, "%v", err)
			break
		}
		next := c.queue[0]
		c.queue = c.queue[1:]
		c.walk(next, c.files[next])
	}
	return c.refReport
}

// walk checks every $ref under n, which belongs to the file at abs.
func (c *refChecker) walk(abs string, n *yaml.Node) {
	if n == nil {
		return
	}
	switch n.Kind {
	case yaml.DocumentNode, yaml.SequenceNode:
		for _, child := range n.Content {
			c.walk(abs, child)
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			switch {
			case k.Value == "$ref" && v.Kind == yaml.ScalarNode:
				c.check(abs, v)
			case k.Value == "example":
				// Examples are data; a "$ref" key in them is not a reference.
			default:
				c.walk(abs, v)
			}
		}
	}
}

// check checks one $ref value node of the file at abs.
func (c *refChecker) check(abs string, v *yaml.Node) {
	ref := v.Value
	filePart, frag, _ := strings.Cut(ref, "#")
	here := c.display[abs]
	if filePart == "" {
		c.checkPointer(here, v, ref, c.files[abs], frag)
		return
	}
	c.external = true
	if isRemote(filePart) {
		if !c.remote {
			c.diags.Errorf(here, v.Line, v.Column,
				"remote reference %q refused; pass --allow-remote-refs to fetch it", ref)
			return
		}
		c.remoteRefs = append(c.remoteRefs, remoteRef{file: here, line: v.Line, col: v.Column, ref: ref, document: filePart})
		return
	}
	target := filePart
	if !filepath.IsAbs(target) {
		target = filepath.Join(filepath.Dir(abs), filepath.FromSlash(filePart))
	}
	target = filepath.Clean(target)
	rel, err := filepath.Rel(c.dir, target)
	if err != nil || !filepath.IsLocal(rel) {
		c.diags.Errorf(here, v.Line, v.Column,
			"reference %q points outside the spec's folder; only files inside it may be referenced", ref)
		return
	}
	node, ok := c.files[target]
	if !ok {
		node = c.open(here, v, ref, target, rel)
		c.files[target] = node
		if node != nil {
			c.display[target] = filepath.Join(c.relDir, rel)
			c.queue = append(c.queue, target)
		}
	}
	if node != nil {
		c.checkPointer(here, v, ref, node, frag)
	}
}

// open reads and parses a referenced file, reporting failures at the $ref.
// A file whose real path (symbolic links resolved) lies outside the spec's
// folder is refused before it is read.
func (c *refChecker) open(here string, v *yaml.Node, ref, target, rel string) *yaml.Node {
	real, err := resolveInside(c.realDir, target)
	if errors.Is(err, errOutside) {
		c.diags.Errorf(here, v.Line, v.Column,
			"reference %q points outside the spec's folder through a symbolic link; only files inside it may be referenced", ref)
		return nil
	}
	var data []byte
	if err == nil {
		data, err = os.ReadFile(real)
	}
	if err != nil {
		reason := "cannot be read"
		if errors.Is(err, fs.ErrNotExist) {
			reason = "does not exist"
		}
		c.diags.Errorf(here, v.Line, v.Column, "reference %q: file %s %s", ref, filepath.ToSlash(rel), reason)
		return nil
	}
	n, err := parseYAML(data)
	if err != nil {
		line, col := position(err.Error())
		c.diags.Errorf(filepath.Join(c.relDir, rel), line, col, "%s", message(err.Error()))
		return nil
	}
	return n
}

// checkPointer reports frag (a JSON pointer, without '#') if it does not
// lead to a node of root.
func (c *refChecker) checkPointer(here string, v *yaml.Node, ref string, root *yaml.Node, frag string) {
	if !strings.HasPrefix(frag, "/") {
		return // whole document, or a JSON Schema anchor we do not track
	}
	if root == c.root && (frag == "/paths" || strings.HasPrefix(frag, "/paths/")) {
		c.intoPaths = true
	}
	key := pointerKey{root, frag}
	tok, seen := c.missing[key]
	if !seen {
		tok = c.missingToken(root, frag)
		c.missing[key] = tok
	}
	if tok != "" {
		c.diags.Errorf(here, v.Line, v.Column, "reference %q does not resolve: %q not found", ref, tok)
	}
}

// missingToken follows frag (a JSON pointer, without '#') from root and
// returns the first token that leads to no node, or "" if it resolves.
func (c *refChecker) missingToken(root *yaml.Node, frag string) string {
	n := root
	if n != nil && n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	for _, tok := range strings.Split(frag[1:], "/") {
		if u, err := url.PathUnescape(tok); err == nil {
			tok = u
		}
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		n = c.step(n, tok)
		if n == nil {
			return tok
		}
	}
	return ""
}

// indexedKeys is the smallest mapping whose keys step indexes.
const indexedKeys = 32

// step moves from n to its child named tok, following aliases; nil if none.
func (c *refChecker) step(n *yaml.Node, tok string) *yaml.Node {
	for depth := 0; n != nil && n.Kind == yaml.AliasNode && depth < 100; depth++ {
		n = n.Alias
	}
	if n == nil {
		return nil
	}
	switch n.Kind {
	case yaml.MappingNode:
		if len(n.Content) < 2*indexedKeys {
			_, v := lookup(n, tok)
			return v
		}
		keys, ok := c.keys[n]
		if !ok {
			keys = make(map[string]*yaml.Node, len(n.Content)/2)
			for i := 0; i+1 < len(n.Content); i += 2 {
				if _, dup := keys[n.Content[i].Value]; !dup { // the first wins, as in lookup
					keys[n.Content[i].Value] = n.Content[i+1]
				}
			}
			c.keys[n] = keys
		}
		return keys[tok]
	case yaml.SequenceNode:
		i, err := strconv.Atoi(tok)
		if err == nil && i >= 0 && i < len(n.Content) {
			return n.Content[i]
		}
	}
	return nil
}

// isRemote reports whether a $ref's file part is a URL rather than a path.
func isRemote(filePart string) bool {
	if strings.HasPrefix(filePart, "//") {
		return true
	}
	u, err := url.Parse(filePart)
	// One-letter schemes are Windows drive letters, not URLs.
	return err == nil && len(u.Scheme) > 1
}
