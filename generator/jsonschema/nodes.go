package jsonschema

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/pb33f/go-yaml"
)

// maxAliasHops bounds alias and merge-key chains (YAML can nest them).
const maxAliasHops = 32

// pair is one key/value entry of a YAML mapping.
type pair struct{ key, val *yaml.Node }

// deref follows YAML aliases and unwraps document nodes.
func deref(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && i < maxAliasHops; i++ {
		switch {
		case n.Kind == yaml.AliasNode:
			n = n.Alias
		case n.Kind == yaml.DocumentNode:
			if len(n.Content) == 0 {
				return nil
			}
			n = n.Content[0]
		default:
			return n
		}
	}
	if n != nil && (n.Kind == yaml.AliasNode || n.Kind == yaml.DocumentNode) {
		return nil
	}
	return n
}

// pairs returns the entries of mapping n in spec order, with YAML merge keys
// (<<: *anchor) expanded; an explicit key wins over a merged one.
func pairs(n *yaml.Node) []pair {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	out := make([]pair, 0, len(n.Content)/2)
	hasMerge := false
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if isMergeKey(k) {
			hasMerge = true
			continue
		}
		out = append(out, pair{k, n.Content[i+1]})
	}
	if !hasMerge {
		return out
	}
	explicit := make(map[string]bool, len(out))
	for _, p := range out {
		explicit[p.key.Value] = true
	}
	var merged []pair
	mergeInto(&merged, n, explicit, 0)
	return append(out, merged...)
}

func isMergeKey(k *yaml.Node) bool {
	return k.Kind == yaml.ScalarNode && k.Value == "<<" && (k.Tag == "!!merge" || k.Tag == "tag:yaml.org,2002:merge")
}

// mergeInto appends the entries merged into n through its merge keys.
func mergeInto(out *[]pair, n *yaml.Node, seen map[string]bool, hops int) {
	if hops > maxAliasHops {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if !isMergeKey(n.Content[i]) {
			continue
		}
		v := deref(n.Content[i+1])
		var sources []*yaml.Node
		switch {
		case v == nil:
		case v.Kind == yaml.MappingNode:
			sources = []*yaml.Node{v}
		case v.Kind == yaml.SequenceNode:
			sources = v.Content
		}
		for _, s := range sources {
			s = deref(s)
			if s == nil || s.Kind != yaml.MappingNode {
				continue
			}
			for j := 0; j+1 < len(s.Content); j += 2 {
				k := s.Content[j]
				if isMergeKey(k) || seen[k.Value] {
					continue
				}
				seen[k.Value] = true
				*out = append(*out, pair{k, s.Content[j+1]})
			}
			mergeInto(out, s, seen, hops+1)
		}
	}
}

// lookup returns the value of key in mapping n, or nil.
// It scans n's own keys without building pairs(n) (a pointer into a large
// components map would copy it per lookup) and expands merge keys only
// when the key is not n's own: an explicit key wins over a merged one.
func lookup(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	hasMerge := false
	for i := 1; i < len(n.Content); i += 2 {
		switch k := n.Content[i-1]; {
		case isMergeKey(k):
			hasMerge = true
		case k.Value == key:
			return n.Content[i]
		}
	}
	if !hasMerge {
		return nil
	}
	for _, p := range pairs(n) {
		if p.key.Value == key {
			return p.val
		}
	}
	return nil
}

// refValue returns the $ref value node of mapping n, or nil.
func refValue(n *yaml.Node) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "$ref" {
			return n.Content[i+1]
		}
	}
	return nil
}

// pointerSegments splits a URI fragment holding a JSON pointer into its
// unescaped segments (percent-decoding first, then RFC 6901 ~1 and ~0).
func pointerSegments(frag string) ([]string, bool) {
	if dec, err := url.PathUnescape(frag); err == nil {
		frag = dec
	}
	if frag == "" || frag == "/" {
		return nil, true
	}
	if frag[0] != '/' {
		return nil, false // a plain-name fragment ($anchor), not a pointer
	}
	segs := strings.Split(frag[1:], "/")
	for i, s := range segs {
		if strings.Contains(s, "~") {
			segs[i] = strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
		}
	}
	return segs, true
}

// walkPointer follows segs from root through mappings and sequences.
func walkPointer(root *yaml.Node, segs []string) *yaml.Node {
	cur := deref(root)
	for _, s := range segs {
		if cur == nil {
			return nil
		}
		switch cur.Kind {
		case yaml.MappingNode:
			cur = deref(lookup(cur, s))
		case yaml.SequenceNode:
			i, err := strconv.Atoi(s)
			if err != nil || i < 0 || i >= len(cur.Content) {
				return nil
			}
			cur = deref(cur.Content[i])
		default:
			return nil
		}
	}
	return cur
}
