package load

import (
	"strings"

	"github.com/pb33f/go-yaml"

	"github.com/swag2mcp/swag2mcp/generator/diag"
	"github.com/swag2mcp/swag2mcp/generator/jsonschema"
)

// checkVersion finds the swagger or openapi field of root and reports an
// error located at it unless it names Swagger 2.0 or OpenAPI 3.0.x/3.1.x.
func checkVersion(file string, root *yaml.Node, diags *diag.List) (string, jsonschema.Dialect, bool) {
	m := mapping(root)
	if m == nil {
		diags.Errorf(file, 1, 1, "not an OpenAPI description: the document is not a mapping")
		return "", 0, false
	}
	if k, v := lookup(m, "swagger"); k != nil {
		if v.Kind == yaml.ScalarNode && v.Value == "2.0" {
			return v.Value, jsonschema.Swagger2, true
		}
		diags.Errorf(file, v.Line, v.Column, "unsupported swagger version %q: want 2.0", v.Value)
		return "", 0, false
	}
	if k, v := lookup(m, "openapi"); k != nil {
		if v.Kind == yaml.ScalarNode && supported3(v.Value) {
			if v.Value[2] == '0' {
				return v.Value, jsonschema.OpenAPI30, true
			}
			return v.Value, jsonschema.OpenAPI31, true
		}
		diags.Errorf(file, v.Line, v.Column, "unsupported openapi version %q: want 3.0.x or 3.1.x", v.Value)
		return "", 0, false
	}
	diags.Errorf(file, m.Line, m.Column, `not an OpenAPI description: no "openapi" or "swagger" field`)
	return "", 0, false
}

// mapping returns the mapping node n holds, looking through a document node.
func mapping(n *yaml.Node) *yaml.Node {
	if n != nil && n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	return n
}

// lookup returns the key and value nodes of key in mapping m, or nils.
func lookup(m *yaml.Node, key string) (*yaml.Node, *yaml.Node) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i], m.Content[i+1]
		}
	}
	return nil, nil
}

// supported3 reports whether v is 3.0 or 3.1, optionally with a patch number.
func supported3(v string) bool {
	rest, ok := strings.CutPrefix(v, "3.0")
	if !ok {
		rest, ok = strings.CutPrefix(v, "3.1")
	}
	if !ok {
		return false
	}
	if rest == "" {
		return true
	}
	patch, ok := strings.CutPrefix(rest, ".")
	if !ok || patch == "" {
		return false
	}
	for _, c := range patch {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
