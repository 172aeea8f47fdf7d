package service

import (
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// pagination says, for inspect, how an endpoint pages, from its query
// parameters and its success response's fields; "" when it does not
// seem to.
func pagination(e *catalog.Endpoint, success string) string {
	p := pager{e: e}
	how := ""
	switch {
	case has(p.queryParam("starting_after")):
		how = "pages by starting_after (the last item's id, while has_more is true)"
	case has(p.queryParam("pageToken", "page_token")):
		q, _ := p.queryParam("pageToken", "page_token")
		how = "pages by " + q.Name + " (the answer's next page token)"
	case has(p.queryParam("cursor", "after")) && strings.Contains(success, "cursor"):
		q, _ := p.queryParam("cursor", "after")
		how = "pages by " + q.Name + " (the answer's next cursor)"
	case has(p.queryParam(pageParams()...)):
		q, _ := p.queryParam(pageParams()...)
		how = "pages by page number (" + q.Name + ")"
	case has(p.queryParam(offsetParams()...)):
		q, _ := p.queryParam(offsetParams()...)
		how = "pages by offset (" + q.Name + ", the items to skip)"
	case has(p.queryParam("cursor", "after")):
		q, _ := p.queryParam("cursor", "after")
		how = "pages by " + q.Name + " (a cursor from the answer)"
	default:
		return ""
	}
	if q, ok := p.queryParam(sizeParams()...); ok {
		how += "; " + q.Name + " sets the page size"
	}
	return how + ". An invoke answer with more pages carries next.parameters for the next one."
}

func has(_ catalog.Param, ok bool) bool { return ok }
