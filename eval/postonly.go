package main

import (
	"github.com/swag2mcp/swag2mcp/eval/internal/specs"
	"github.com/swag2mcp/swag2mcp/generator/ir"
)

// stressPost is the API with every write done by POST (-stress post): each
// PUT, PATCH and DELETE endpoint becomes a POST, as in APIs that update
// and delete by POST (many payment, messaging and RPC-style APIs). Texts,
// paths and endpoint ids stay, so only what the method told search is
// gone; two endpoints may now share a method and path, as each keeps its
// label key.
const stressPost = "post"

// postOnly returns a copy of api with its writes turned into POSTs, and
// the label key ("METHOD /path" as the spec has it) of each endpoint in
// catalog order. api itself is not changed.
func postOnly(api *ir.API) (out *ir.API, keys []string) {
	out = cloneAPI(api)
	for _, e := range specs.Endpoints(out) {
		keys = append(keys, opKey(e.Method, e.Path))
		switch e.Method {
		case "PUT", "PATCH", "DELETE":
			e.Method = "POST"
		}
	}
	return out, keys
}
