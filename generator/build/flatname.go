package build

import (
	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/generator/naming"
)

// assignFlatNames gives every endpoint its script name, unique across the
// API in catalog order; with several specs each name starts with its
// spec's domain.
func assignFlatNames(api *ir.API) {
	var names naming.FlatNamer
	prefix := len(api.Specs) > 1
	for _, s := range api.Specs {
		for _, c := range s.Collections {
			for _, t := range c.Tags {
				for _, e := range t.Endpoints {
					e.FlatName = names.Unique(naming.FlatName(s.Domain, e.OperationID, e.Method, e.Path, prefix))
				}
			}
		}
	}
}
