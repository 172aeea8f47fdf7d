package load

import (
	"slices"

	"github.com/pb33f/go-yaml"
)

// dropExamples removes the example maps (the "examples" entries of Example
// Objects) of media types, parameters and headers from an OpenAPI 3
// document's paths, webhooks and components, before libopenapi builds
// its model. Nothing generated reads them, and building them was over a
// third of libopenapi's path item builds on GitHub's spec. Schemas keep
// theirs (a schema's examples go into the input schema), and so do
// components.examples, which a reference elsewhere may point into. It runs
// after the reference check, so a broken reference inside a dropped map
// is still reported.
//
// Only mappings met directly are changed: an alias or a merge key is
// followed by libopenapi as before, examples and all.
func dropExamples(doc *yaml.Node) {
	if doc == nil || doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return
	}
	root := doc.Content[0]
	eachValue(entry(root, "paths"), pathItemExamples)
	eachValue(entry(root, "webhooks"), pathItemExamples)
	c := entry(root, "components")
	eachValue(entry(c, "parameters"), paramExamples)
	eachValue(entry(c, "headers"), paramExamples)
	eachValue(entry(c, "requestBodies"), bodyExamples)
	eachValue(entry(c, "responses"), responseExamples)
	eachValue(entry(c, "pathItems"), pathItemExamples)
	eachValue(entry(c, "callbacks"), callbackExamples)
}

// operationKeys are the path item entries that hold an operation.
var operationKeys = []string{"get", "put", "post", "delete", "options", "head", "patch", "trace", "query"}

func pathItemExamples(n *yaml.Node) {
	eachItem(entry(n, "parameters"), paramExamples)
	for _, k := range operationKeys {
		op := entry(n, k)
		eachItem(entry(op, "parameters"), paramExamples)
		bodyExamples(entry(op, "requestBody"))
		eachValue(entry(op, "responses"), responseExamples)
		eachValue(entry(op, "callbacks"), callbackExamples)
	}
}

// callbackExamples: a callback maps expressions to path items.
func callbackExamples(n *yaml.Node) { eachValue(n, pathItemExamples) }

// paramExamples serves parameters and headers, which hold examples alike.
func paramExamples(n *yaml.Node) {
	drop(n, "examples")
	eachValue(entry(n, "content"), mediaExamples)
}

func bodyExamples(n *yaml.Node) { eachValue(entry(n, "content"), mediaExamples) }

func responseExamples(n *yaml.Node) {
	eachValue(entry(n, "content"), mediaExamples)
	eachValue(entry(n, "headers"), paramExamples)
}

func mediaExamples(n *yaml.Node) { drop(n, "examples") }

// entry is the value of key in mapping n, or nil.
func entry(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i]; k.Kind == yaml.ScalarNode && k.Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// eachValue calls f with each value of mapping n.
func eachValue(n *yaml.Node, f func(*yaml.Node)) {
	if n == nil || n.Kind != yaml.MappingNode {
		return
	}
	for i := 1; i < len(n.Content); i += 2 {
		f(n.Content[i])
	}
}

// eachItem calls f with each item of sequence n.
func eachItem(n *yaml.Node, f func(*yaml.Node)) {
	if n == nil || n.Kind != yaml.SequenceNode {
		return
	}
	for _, item := range n.Content {
		f(item)
	}
}

// drop removes key's entries from mapping n.
func drop(n *yaml.Node, key string) {
	if n == nil || n.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(n.Content); {
		if k := n.Content[i]; k.Kind == yaml.ScalarNode && k.Value == key {
			n.Content = slices.Delete(n.Content, i, i+2)
			continue
		}
		i += 2
	}
}
