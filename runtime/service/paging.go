package service

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// Next is how to get the page after a paged answer: the call's own
// parameters with the next page's put in, to pass to invoke as they are.
type Next struct {
	Parameters map[string]json.RawMessage `json:"parameters"`
	Via        string                     `json:"via"` // what told: the Link header, a token or cursor in the body, a page count
}

// Conventions of paging, by the names that carry them. Functions, not
// variables, so no caller can change them.

// pageParams number pages; offsetParams skip items; sizeParams size a page.
func pageParams() []string   { return []string{"page", "page_number", "pageNumber"} }
func offsetParams() []string { return []string{"offset", "skip"} }
func sizeParams() []string {
	return []string{"per_page", "page_size", "pageSize", "limit", "size", "count", "max_results", "maxResults"}
}

// tokenField pairs a body field that holds the next page's token or
// cursor with the parameters that take it back.
type tokenField struct {
	field  string
	params []string
}

func tokenFields() []tokenField {
	return []tokenField{
		{"nextPageToken", []string{"pageToken", "page_token"}},
		{"next_page_token", []string{"page_token", "pageToken"}},
		{"next_cursor", []string{"cursor", "next_cursor", "after"}},
		{"nextCursor", []string{"cursor", "nextCursor", "after"}},
		{"nextToken", []string{"nextToken", "next_token", "NextToken"}},
		{"NextToken", []string{"NextToken", "nextToken", "next_token"}},
		{"next_token", []string{"next_token", "nextToken"}},
	}
}

// tokenHolders are members under which APIs nest their paging fields.
func tokenHolders() []string {
	return []string{"response_metadata", "meta", "pagination", "paging", "page_info", "pageInfo"}
}

// itemHolders are members that hold a page's items.
func itemHolders() []string {
	return []string{"data", "items", "results", "records", "entries", "values", "list"}
}

// nextPage reads a 2xx answer for the next page's parameters: a Link
// header with rel="next", a token or cursor in the body, Stripe's
// has_more with the last item's id, or a page number or offset while the
// answer says there is more. Nil when there is no next page or it cannot
// be put into the endpoint's parameters.
func nextPage(e *catalog.Endpoint, params map[string]json.RawMessage, headers map[string]string, body any) *Next {
	p := pager{e: e, params: params}
	if link, ok := headers["link"]; ok {
		if n := p.fromLink(link); n != nil {
			return n
		}
	}
	return p.fromBody(body)
}

// pager builds one answer's Next.
type pager struct {
	e      *catalog.Endpoint
	params map[string]json.RawMessage
	types  map[string]string // parameter types from the input schema, read once
}

// queryParam finds the endpoint's query parameter named one of names.
func (p *pager) queryParam(names ...string) (catalog.Param, bool) {
	for _, n := range names {
		for _, q := range p.e.Params {
			if q.In == "query" && q.Name == n {
				return q, true
			}
		}
	}
	return catalog.Param{}, false
}

// next is the call's parameters with set put in.
func (p *pager) next(via string, set map[string]json.RawMessage) *Next {
	out := maps.Clone(p.params)
	if out == nil {
		out = map[string]json.RawMessage{}
	}
	maps.Copy(out, set)
	return &Next{Parameters: out, Via: via}
}

// value encodes a query value for parameter q by its schema type.
func (p *pager) value(q catalog.Param, text string) json.RawMessage {
	if p.types == nil {
		p.types = paramTypes(p.e.InputSchema.String())
	}
	switch p.types[q.ArgName()] {
	case "integer", "number":
		if _, err := strconv.ParseFloat(text, 64); err == nil {
			return json.RawMessage(text)
		}
	case "boolean":
		if text == "true" || text == "false" {
			return json.RawMessage(text)
		}
	}
	b, _ := json.Marshal(text) // a string always encodes
	return b
}

// paramTypes reads the type of each parameter from an input schema.
func paramTypes(schema string) map[string]string {
	var doc struct {
		Properties struct {
			Parameters struct {
				Properties map[string]struct {
					Type any `json:"type"`
				} `json:"properties"`
			} `json:"parameters"`
		} `json:"properties"`
	}
	_ = json.Unmarshal([]byte(schema), &doc) // a broken schema types nothing
	out := map[string]string{}
	for name, s := range doc.Properties.Parameters.Properties {
		switch t := s.Type.(type) {
		case string:
			out[name] = t
		case []any:
			for _, v := range t {
				if s, ok := v.(string); ok && s != "null" {
					out[name] = s
				}
			}
		}
	}
	return out
}

// fromBody reads paging fields from a JSON body.
func (p *pager) fromBody(body any) *Next {
	obj, _ := body.(map[string]any)
	if n := p.fromToken(obj); n != nil {
		return n
	}
	items, more := pageItems(body)
	if obj != nil && isTrue(obj["has_more"]) && len(items) > 0 {
		// Stripe: the next page starts after the last item, or, paging
		// backwards with ending_before, ends before the first.
		if q, ok := p.queryParam("ending_before"); ok && p.params[q.ArgName()] != nil {
			if id, ok := itemID(items[0]); ok {
				return p.next("has_more with the first item's id", map[string]json.RawMessage{q.ArgName(): id})
			}
		}
		if q, ok := p.queryParam("starting_after"); ok {
			if id, ok := itemID(items[len(items)-1]); ok {
				return p.next("has_more with the last item's id", map[string]json.RawMessage{q.ArgName(): id})
			}
		}
	}
	return p.fromCount(obj, items, more)
}

// fromToken finds a next-page token or cursor in the body, at its top or
// under a member that holds paging fields.
func (p *pager) fromToken(obj map[string]any) *Next {
	if obj == nil {
		return nil
	}
	places := []map[string]any{obj}
	for _, h := range tokenHolders() {
		if m, ok := obj[h].(map[string]any); ok {
			places = append(places, m)
		}
	}
	for _, place := range places {
		for _, tf := range tokenFields() {
			tok, ok := place[tf.field].(string)
			if !ok || tok == "" {
				continue
			}
			if q, ok := p.queryParam(tf.params...); ok {
				v, _ := json.Marshal(tok) // a string always encodes
				return p.next("the body's "+tf.field, map[string]json.RawMessage{q.ArgName(): v})
			}
		}
	}
	return nil
}

// fromCount pages by number or offset while the body says there is more:
// has_more, a next page number, a page count past this page, or a total
// past this offset; without any of those, a page as full as the size
// asked for.
func (p *pager) fromCount(obj map[string]any, items []any, more bool) *Next {
	size := 0
	if q, ok := p.queryParam(sizeParams()...); ok {
		size = intOf(p.params[q.ArgName()])
	}
	full := size > 0 && len(items) >= size
	if q, ok := p.queryParam(pageParams()...); ok {
		page := max(intOf(p.params[q.ArgName()]), 1)
		if n, ok := numberField(obj, "page", "current_page", "currentPage", "page_number", "pageNumber"); ok && n > 0 {
			page = n // the body knows best which page this is
		}
		if n, ok := numberField(obj, "next_page", "nextPage"); ok && n > page {
			return p.next("the body's next page number", map[string]json.RawMessage{q.ArgName(): intJSON(n)})
		}
		total, hasTotal := numberField(obj, "total_pages", "totalPages", "page_count", "pageCount", "pages")
		switch {
		case hasTotal && page < total, !hasTotal && (more || full) && len(items) > 0:
			via := "the body's page count"
			if !hasTotal {
				via = "a full page"
				if more {
					via = "has_more"
				}
			}
			return p.next(via, map[string]json.RawMessage{q.ArgName(): intJSON(page + 1)})
		}
		return nil
	}
	if q, ok := p.queryParam(offsetParams()...); ok && len(items) > 0 {
		off := intOf(p.params[q.ArgName()])
		total, hasTotal := numberField(obj, "total", "total_count", "totalCount", "count")
		if hasTotal && off+len(items) < total || !hasTotal && (more || full) {
			return p.next("the items so far", map[string]json.RawMessage{q.ArgName(): intJSON(off + len(items))})
		}
	}
	return nil
}

// pageItems finds a page's items: the body itself when it is an array,
// else its member that holds them; more reports has_more or hasMore.
func pageItems(body any) (items []any, more bool) {
	switch b := body.(type) {
	case []any:
		return b, false
	case map[string]any:
		more = isTrue(b["has_more"]) || isTrue(b["hasMore"])
		for _, h := range itemHolders() {
			if a, ok := b[h].([]any); ok {
				return a, more
			}
		}
		var only []any
		n := 0
		for _, k := range slices.Sorted(maps.Keys(b)) {
			if a, ok := b[k].([]any); ok {
				only, n = a, n+1
			}
		}
		if n == 1 {
			return only, more
		}
		return nil, more
	}
	return nil, false
}

// itemID is an item's "id" as JSON, when it has one.
func itemID(item any) (json.RawMessage, bool) {
	m, ok := item.(map[string]any)
	if !ok || m["id"] == nil {
		return nil, false
	}
	b, err := json.Marshal(m["id"])
	return b, err == nil
}

func isTrue(v any) bool {
	b, ok := v.(bool)
	return ok && b
}

// numberField is the first of names that holds a whole number in obj.
func numberField(obj map[string]any, names ...string) (int, bool) {
	for _, n := range names {
		if v, ok := obj[n]; ok {
			if i, ok := wholeNumber(v); ok {
				return i, true
			}
		}
	}
	return 0, false
}

// wholeNumber reads a decoded JSON number (json.Number or float64).
func wholeNumber(v any) (int, bool) {
	switch x := v.(type) {
	case json.Number:
		i, err := strconv.Atoi(x.String())
		return i, err == nil
	case float64:
		if x == float64(int(x)) {
			return int(x), true
		}
	}
	return 0, false
}

// intOf reads a parameter given as a JSON number or numeric string; 0
// when absent or not a whole number.
func intOf(raw json.RawMessage) int {
	s := strings.Trim(strings.TrimSpace(string(raw)), `"`)
	i, err := strconv.Atoi(s)
	if err != nil {
		return 0
	}
	return i
}

func intJSON(n int) json.RawMessage { return json.RawMessage(strconv.Itoa(n)) }
