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
		how = "starting_after takes the last item's id while has_more is true"
	case has(p.queryParam("pageToken", "page_token")):
		how = "pageToken takes the answer's nextPageToken"
	case has(p.queryParam("cursor", "after")) && strings.Contains(success, "cursor"):
		how = "cursor takes the answer's next cursor"
	case has(p.queryParam(pageParams...)):
		q, _ := p.queryParam(pageParams...)
		how = q.Name + " numbers the pages"
	case has(p.queryParam(offsetParams...)):
		q, _ := p.queryParam(offsetParams...)
		how = q.Name + " skips the items so far"
	case has(p.queryParam("cursor", "after")):
		how = "a cursor (Link header or body) goes into cursor or after"
	default:
		return ""
	}
	if q, ok := p.queryParam(sizeParams...); ok {
		how += "; " + q.Name + " sets the page size"
	}
	return how + ". An invoke answer with more pages carries next.parameters for the next one."
}

func has(_ catalog.Param, ok bool) bool { return ok }
