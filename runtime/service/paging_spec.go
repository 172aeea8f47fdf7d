package service

import "github.com/swag2mcp/swag2mcp/runtime/catalog"

// pagination says how an endpoint pages, from its parameters.
func pagination(e *catalog.Endpoint, doc *opDoc, defs defFunc) string {
	return ""
}
