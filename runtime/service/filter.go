package service

import (
	"encoding/json"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/filter"
)

// hiddenEndpoints applies the run-time filter to every endpoint of cat:
// the result is true at the index of each endpoint the server hides, or
// nil when the rules hide nothing. Hidden endpoints are left out of search
// and are not_found for inspect, endpoint_by_id and invoke, as if the
// generator had left them out.
func hiddenEndpoints(cat *catalog.Catalog, rules filter.Rules) []bool {
	if rules.Empty() {
		return nil
	}
	// An endpoint sits under its first tag; the others are only in its
	// operation document, read when a tag rule needs them.
	byTag := len(rules.IncludeTags)+len(rules.ExcludeTags) > 0
	hide := make([]bool, len(cat.Endpoints))
	some := false
	for i := range cat.Endpoints {
		e := &cat.Endpoints[i]
		op := filter.Op{Method: e.Method, Path: e.Path, OperationID: e.OperationID, Tags: []string{cat.Tags[e.Tag].Name}}
		if byTag {
			op.Tags = append(op.Tags, operationTags(e.Operation)...)
		}
		if !rules.Keep(op) {
			hide[i], some = true, true
		}
	}
	if !some {
		return nil
	}
	return hide
}

// operationTags reads the tags of an inspect document.
func operationTags(doc string) []string {
	var op struct {
		Tags []string `json:"tags"`
	}
	if json.Unmarshal([]byte(doc), &op) != nil {
		return nil
	}
	return op.Tags
}
