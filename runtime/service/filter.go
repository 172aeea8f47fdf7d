package service

import (
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
	hide := make([]bool, cat.Len())
	some := false
	for i := range cat.Len() {
		e := cat.Endpoint(i)
		// An endpoint sits under its first tag; Tags has all of them.
		op := filter.Op{Method: e.Method, Path: e.Path, OperationID: e.OperationID, Tags: e.Tags}
		if len(op.Tags) == 0 {
			op.Tags = []string{cat.Tags[e.Tag].Name}
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
