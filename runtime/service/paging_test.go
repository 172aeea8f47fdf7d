package service

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/config"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
)

// pagedAPI is one GET endpoint with query parameters of the given names
// (integers where ints says so) against an upstream.
func pagedAPI(t *testing.T, path string, params []string, ints map[string]bool, h http.HandlerFunc) *Service {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	e := catalog.Endpoint{ID: "00000000000000000000000000000001", Method: "GET", Path: path}
	props := map[string]any{}
	for _, p := range params {
		e.Params = append(e.Params, catalog.Param{Name: p, In: "query"})
		typ := "string"
		if ints[p] {
			typ = "integer"
		}
		props[p] = map[string]any{"type": typ}
	}
	schema, _ := json.Marshal(map[string]any{"type": "object", "properties": map[string]any{
		"parameters": map[string]any{"type": "object", "properties": props}}})
	e.InputSchema = catalog.Text(string(schema))
	cat := &catalog.Catalog{
		Specs:       []catalog.Spec{{ID: "s", Domain: "paged", EnvPrefix: "X", BaseURL: srv.URL}},
		Collections: []catalog.Collection{{ID: "c"}},
		Tags:        []catalog.Tag{{ID: "t", Name: "t"}},
		Endpoints:   []catalog.Endpoint{e},
	}
	stub := func(in *invoke.Input) (*invoke.Request, error) {
		r := invoke.NewRequest(in)
		for _, p := range in.Endpoint.Params {
			var v any
			invoke.Decode(in, p.ArgName(), &v)
			r.Param(p.ArgName(), v)
		}
		return r, in.Err()
	}
	cfg := config.Default()
	cfg.Workspace, cfg.Cooldown = t.TempDir(), 0
	svc, err := New(Options{Name: "paged", Catalog: cat, Stubs: []invoke.Stub{stub}, Config: &cfg, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// page serves items[from:from+n] of the ids item1…itemN as objects.
func page(total, from, n int) []map[string]any {
	var out []map[string]any
	for i := from; i < min(from+n, total); i++ {
		out = append(out, map[string]any{"id": "item" + strconv.Itoa(i+1)})
	}
	return out
}

func reply(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

func atoi(s string, def int) int {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	return def
}

// follow invokes with first, then with each answer's next.parameters,
// and returns every item id seen, the vias and the calls made.
func follow(t *testing.T, svc *Service, first map[string]any, format string) (ids []string, vias []string) {
	t.Helper()
	params := map[string]json.RawMessage{}
	for k, v := range first {
		b, _ := json.Marshal(v)
		params[k] = b
	}
	for range 10 {
		res, err := svc.Invoke(context.Background(), InvokeRequest{Endpoint: ByIndex(0), Args: InvokeArgs{Parameters: params, ResponseFormat: format}})
		if err != nil {
			t.Fatalf("invoke %v: %v", params, err)
		}
		b, _ := json.Marshal(res.Body)
		for _, m := range strings.Split(string(b), `"id":"`)[1:] {
			ids = append(ids, m[:strings.IndexByte(m, '"')])
		}
		if res.Next == nil {
			return ids, vias
		}
		vias = append(vias, res.Next.Via)
		params = res.Next.Parameters
	}
	t.Fatal("more than 10 pages")
	return nil, nil
}

func TestPagination(t *testing.T) {
	want5 := []string{"item1", "item2", "item3", "item4", "item5"}
	tests := []struct {
		name    string
		path    string
		params  []string
		ints    map[string]bool
		first   map[string]any
		format  string
		handler func(base *string) http.HandlerFunc
		wantIDs []string
		wantVia string
	}{
		{
			name: "GitHub: Link header rel=next to another path", path: "/repos/octo/hello/issues",
			params: []string{"per_page", "page"}, ints: map[string]bool{"per_page": true, "page": true},
			first: map[string]any{"per_page": 2},
			handler: func(base *string) http.HandlerFunc {
				return func(w http.ResponseWriter, r *http.Request) {
					p := atoi(r.URL.Query().Get("page"), 1)
					if p < 3 {
						w.Header().Set("Link", fmt.Sprintf(`<%s/repositories/42/issues?per_page=2&page=%d>; rel="next", <%s/repositories/42/issues?per_page=2&page=3>; rel="last"`, *base, p+1, *base))
					}
					reply(w, page(5, (p-1)*2, 2))
				}
			},
			wantIDs: want5, wantVia: `the Link header's rel="next"`,
		},
		{
			name: "Stripe: has_more and starting_after, concise answers", path: "/v1/customers",
			params: []string{"limit", "starting_after", "ending_before"}, ints: map[string]bool{"limit": true},
			first: map[string]any{"limit": 2}, format: FormatConcise,
			handler: func(*string) http.HandlerFunc {
				return func(w http.ResponseWriter, r *http.Request) {
					from := 0
					if after := r.URL.Query().Get("starting_after"); after != "" {
						from = atoi(strings.TrimPrefix(after, "item"), 0)
					}
					// Ten items a page: concise shows three, next still starts after the tenth.
					items := page(25, from, 10)
					reply(w, map[string]any{"object": "list", "data": items, "has_more": from+10 < 25, "url": "/v1/customers"})
				}
			},
			wantIDs: []string{"item1", "item2", "item3", "item11", "item12", "item13", "item21", "item22", "item23", "item24", "item25"},
			wantVia: "has_more with the last item's id",
		},
		{
			name: "Google: nextPageToken", path: "/drive/v3/files", params: []string{"pageSize", "pageToken"},
			ints: map[string]bool{"pageSize": true}, first: map[string]any{"pageSize": 2},
			handler: func(*string) http.HandlerFunc {
				return func(w http.ResponseWriter, r *http.Request) {
					from := atoi(strings.TrimPrefix(r.URL.Query().Get("pageToken"), "tok"), 0)
					body := map[string]any{"kind": "drive#fileList", "files": page(5, from, 2)}
					if from+2 < 5 {
						body["nextPageToken"] = "tok" + strconv.Itoa(from+2)
					}
					reply(w, body)
				}
			},
			wantIDs: want5, wantVia: "the body's nextPageToken",
		},
		{
			name: "Slack: response_metadata.next_cursor, empty at the end", path: "/conversations.list", params: []string{"cursor", "limit"},
			ints: map[string]bool{"limit": true}, first: map[string]any{"limit": 2},
			handler: func(*string) http.HandlerFunc {
				return func(w http.ResponseWriter, r *http.Request) {
					from := atoi(r.URL.Query().Get("cursor"), 0)
					next := ""
					if from+2 < 5 {
						next = strconv.Itoa(from + 2)
					}
					reply(w, map[string]any{"ok": true, "channels": page(5, from, 2), "response_metadata": map[string]any{"next_cursor": next}})
				}
			},
			wantIDs: want5, wantVia: "the body's next_cursor",
		},
		{
			name: "page numbers with a page count", path: "/things", params: []string{"page", "per_page"},
			ints: map[string]bool{"page": true, "per_page": true},
			handler: func(*string) http.HandlerFunc {
				return func(w http.ResponseWriter, r *http.Request) {
					p := atoi(r.URL.Query().Get("page"), 1)
					reply(w, map[string]any{"items": page(5, (p-1)*2, 2), "page": p, "total_pages": 3})
				}
			},
			wantIDs: want5, wantVia: "the body's page count",
		},
		{
			name: "offset with a total", path: "/records", params: []string{"offset", "limit"},
			ints: map[string]bool{"offset": true, "limit": true}, first: map[string]any{"limit": 2},
			handler: func(*string) http.HandlerFunc {
				return func(w http.ResponseWriter, r *http.Request) {
					reply(w, map[string]any{"records": page(5, atoi(r.URL.Query().Get("offset"), 0), 2), "total": 5})
				}
			},
			wantIDs: want5, wantVia: "the items so far",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := new(string)
			h := tt.handler(base)
			svc := pagedAPI(t, tt.path, tt.params, tt.ints, h)
			*base = svc.Catalog().Specs[0].BaseURL
			ids, vias := follow(t, svc, tt.first, tt.format)
			if diff := cmp.Diff(tt.wantIDs, ids); diff != "" {
				t.Errorf("items mismatch (-want +got):\n%s", diff)
			}
			if len(vias) == 0 || vias[0] != tt.wantVia {
				t.Errorf("vias = %q, want %q", vias, tt.wantVia)
			}
		})
	}
}

func TestNoNextPage(t *testing.T) {
	tests := []struct {
		name    string
		headers map[string]string
		body    string
	}{
		{"a Link to parameters the endpoint lacks", map[string]string{"link": `<https://x/items?since=5>; rel="next"`}, `[]`},
		{"a Link without next", map[string]string{"link": `<https://x/items?page=1>; rel="prev"`}, `[]`},
		{"has_more false", nil, `{"data":[{"id":"a"}],"has_more":false}`},
		{"last page by count", nil, `{"items":[{"id":"a"}],"page":3,"total_pages":3}`},
		{"a short page", nil, `{"items":[{"id":"a"}]}`},
	}
	e := &catalog.Endpoint{Params: []catalog.Param{{Name: "page", In: "query"}, {Name: "per_page", In: "query"}, {Name: "starting_after", In: "query"}}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var body any
			json.Unmarshal([]byte(tt.body), &body)
			params := map[string]json.RawMessage{"per_page": json.RawMessage("2")}
			if n := nextPage(e, params, tt.headers, body); n != nil {
				t.Errorf("next = %+v, want none", n)
			}
		})
	}
}

func TestLinkNext(t *testing.T) {
	tests := []struct{ header, want string }{
		{`<https://a/x?page=2>; rel="next", <https://a/x?page=9>; rel="last"`, "https://a/x?page=2"},
		{`<https://a/x?q=a,b&page=1>; rel="prev", <https://a/x?q=a,b&page=3>; rel="next"`, "https://a/x?q=a,b&page=3"},
		{`<https://a/x?page=2>; title="a, b"; rel="prefetch next"`, "https://a/x?page=2"},
		{`<https://a/x?page=2>; REL=Next`, "https://a/x?page=2"},
		{`<https://a/x?page=2>; rel="nextish"`, ""},
		{`garbage`, ""},
	}
	for _, tt := range tests {
		if got := linkNext(tt.header); got != tt.want {
			t.Errorf("linkNext(%q) = %q, want %q", tt.header, got, tt.want)
		}
	}
}

func TestPaginationNote(t *testing.T) {
	q := func(names ...string) *catalog.Endpoint {
		e := &catalog.Endpoint{}
		for _, n := range names {
			e.Params = append(e.Params, catalog.Param{Name: n, In: "query"})
		}
		return e
	}
	tests := []struct {
		e       *catalog.Endpoint
		success string
		want    string // prefix; "" for none
	}{
		{q("limit", "starting_after", "ending_before"), "", "pages by starting_after (the last item's id, while has_more is true); limit sets the page size."},
		{q("pageSize", "pageToken"), "", "pages by pageToken (the answer's next page token); pageSize sets the page size."},
		{q("cursor"), "{next_cursor: string}", "pages by cursor (the answer's next cursor)."},
		{q("per_page", "page"), "", "pages by page number (page); per_page sets the page size."},
		{q("offset"), "", "pages by offset (offset, the items to skip)."},
		{q("q", "limit"), "", ""},
		{&catalog.Endpoint{Params: []catalog.Param{{Name: "page", In: "path"}}}, "", ""},
	}
	for _, tt := range tests {
		got := pagination(tt.e, tt.success)
		if tt.want == "" && got != "" || !strings.HasPrefix(got, tt.want) {
			t.Errorf("pagination(%v) = %q, want %q…", tt.e.Params, got, tt.want)
		}
		if tt.want != "" && !strings.HasSuffix(got, "carries next.parameters for the next one.") {
			t.Errorf("pagination(%v) = %q, want the next hint named", tt.e.Params, got)
		}
	}
}
