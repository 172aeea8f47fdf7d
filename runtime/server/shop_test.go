package server

import (
	"bytes"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
)

// Endpoint ids of shopCatalog.
const (
	idGetItem  = "5000000000000000000000000000e000"
	idAddItem  = "5000000000000000000000000000e001"
	idLimited  = "5000000000000000000000000000e002"
	idFlaky    = "5000000000000000000000000000e003"
	idSlow     = "5000000000000000000000000000e004"
	idPostBusy = "5000000000000000000000000000e005"
)

// getItemInput is getItem's input schema as the generator renders it.
const getItemInput = `{"type":"object","properties":{"parameters":{"type":"object","properties":{` +
	`"id":{"type":"integer","description":"Item id"},` +
	`"filter":{"type":"object","properties":{"min":{"type":"integer"},"max":{"type":"integer"}}},` +
	`"tags":{"type":"array","items":{"type":"string"}},` +
	`"sort":{"type":"string","enum":["asc","desc"]},` +
	`"page":{"type":"integer","minimum":1,"default":1}},` +
	`"required":["id","page"],"additionalProperties":false}},"required":["parameters"]}`

// shopCatalog is an API with security schemes, input schemas and
// endpoints that misbehave on purpose; its base URL comes from SHOP_BASE_URL.
func shopCatalog() *catalog.Catalog {
	apiKey := []catalog.Requirement{{Schemes: []catalog.SchemeUse{{Scheme: 0}}}}
	bearer := []catalog.Requirement{{Schemes: []catalog.SchemeUse{{Scheme: 1}}}}
	return &catalog.Catalog{
		Specs: []catalog.Spec{{
			ID: "5b0b0000000000000000000000000000", Domain: "shop", EnvPrefix: "SHOP", Title: "Shop",
			BaseURL: "https://shop.example/api",
			Security: []catalog.SecurityScheme{
				{Name: "api_key", Type: "apiKey", In: "header", ParamName: "X-Api-Key", EnvVars: []string{"SHOP_API_KEY"}},
				{Name: "bearer", Type: "http", Scheme: "bearer", EnvVars: []string{"SHOP_BEARER"}},
			},
			Defs: []catalog.Def{{Name: "Item", Schema: catalog.Text(`{"type":"object","properties":{"name":{"type":"string"},` +
				`"size":{"type":"integer"},"labels":{"type":"array","items":{"type":"string"}}},"required":["name"]}`)}},
		}},
		Collections: []catalog.Collection{{ID: "5c000000000000000000000000000000", Title: "Shop"}},
		Tags:        []catalog.Tag{{ID: "5a000000000000000000000000000000", Name: "items"}},
		Endpoints: []catalog.Endpoint{
			{
				ID: idGetItem, Method: "GET", Path: "/items/{id}", Summary: "Get an item", Security: apiKey,
				Params: []catalog.Param{
					{Name: "id", In: "path", Required: true},
					{Name: "filter", In: "query", Style: "deepObject", Explode: catalog.ExplodeTrue},
					{Name: "tags", In: "query"},
					{Name: "sort", In: "query"},
					{Name: "page", In: "query", Required: true},
				},
				InputSchema: catalog.Text(getItemInput),
			},
			{
				ID: idAddItem, Method: "POST", Path: "/items", Summary: "Add an item", Security: bearer,
				Body:        &catalog.Body{Required: true, MediaTypes: []string{"application/json"}},
				InputSchema: catalog.Text(`{"type":"object","properties":{"requestBody":{"$ref":"#/$defs/Item"}},"required":["requestBody"]}`),
				Defs:        []int{0},
			},
			{ID: idLimited, Method: "GET", Path: "/limited", Summary: "Always rate limited"},
			{ID: idFlaky, Method: "GET", Path: "/flaky", Summary: "Fails once, then works"},
			{ID: idSlow, Method: "GET", Path: "/slow", Summary: "Never answers"},
			{ID: idPostBusy, Method: "POST", Path: "/busy", Summary: "Busy once, with Retry-After"},
		},
	}
}

// rawStub plays a generated stub: every parameter handed over as raw JSON.
func rawStub(in *invoke.Input) (*invoke.Request, error) {
	r := invoke.NewRequest(in)
	for _, p := range in.Endpoint.Params {
		if raw, ok := in.Parameters[p.ArgName()]; ok {
			r.Param(p.ArgName(), raw)
		}
	}
	return r, nil
}

// shopOptions serve shopCatalog against srv with env on top of
// SHOP_BASE_URL.
func shopOptions(srv *shop, env map[string]string) Options {
	e := map[string]string{"SHOP_BASE_URL": srv.URL}
	maps.Copy(e, env)
	stubs := make([]invoke.Stub, len(shopCatalog().Endpoints))
	for i := range stubs {
		stubs[i] = rawStub
	}
	return Options{Name: "shop-mcp", Version: "v0", Catalog: shopCatalog(), Stubs: stubs,
		Getenv: func(k string) string { return e[k] }}
}

// seen is one request the shop upstream received.
type seen struct {
	Method, URI, APIKey, Authorization, Body string
}

// shop is the upstream of shopCatalog; it records every request.
type shop struct {
	*httptest.Server
	mu        sync.Mutex
	reqs      []seen
	flaky     int           // /flaky and /busy calls so far
	arrived   chan struct{} // a /slow request arrived
	cancelled chan struct{} // a /slow request's context ended
}

func newShop(t *testing.T) *shop {
	t.Helper()
	s := &shop{arrived: make(chan struct{}, 4), cancelled: make(chan struct{}, 4)}
	mux := http.NewServeMux()
	reply := func(w http.ResponseWriter, status int, v any) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		json.NewEncoder(w).Encode(v)
	}
	mux.HandleFunc("GET /items/{id}", func(w http.ResponseWriter, r *http.Request) {
		// Echo headers that carry secrets: the server must drop them.
		w.Header().Set("Set-Cookie", "session="+r.Header.Get("X-Api-Key"))
		w.Header().Set("X-Api-Key", r.Header.Get("X-Api-Key"))
		reply(w, 200, map[string]any{"id": r.PathValue("id"), "query": r.URL.RawQuery})
	})
	mux.HandleFunc("POST /items", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		var v any
		json.Unmarshal(b, &v)
		reply(w, 201, map[string]any{"received": v})
	})
	mux.HandleFunc("GET /limited", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "120")
		reply(w, 429, map[string]any{"message": "slow down"})
	})
	mux.HandleFunc("GET /flaky", func(w http.ResponseWriter, r *http.Request) {
		if s.bump() == 1 {
			reply(w, 503, map[string]any{"message": "try again"})
			return
		}
		reply(w, 200, map[string]any{"ok": true})
	})
	mux.HandleFunc("POST /busy", func(w http.ResponseWriter, r *http.Request) {
		if s.bump() == 1 {
			w.Header().Set("Retry-After", "1")
			reply(w, 503, map[string]any{"message": "busy"})
			return
		}
		reply(w, 200, map[string]any{"ok": true})
	})
	mux.HandleFunc("GET /slow", func(w http.ResponseWriter, r *http.Request) {
		s.arrived <- struct{}{}
		<-r.Context().Done()
		s.cancelled <- struct{}{}
	})
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(b))
		s.mu.Lock()
		s.reqs = append(s.reqs, seen{r.Method, r.RequestURI, r.Header.Get("X-Api-Key"), r.Header.Get("Authorization"), string(b)})
		s.mu.Unlock()
		mux.ServeHTTP(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *shop) bump() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.flaky++
	return s.flaky
}

func (s *shop) requests() []seen {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]seen(nil), s.reqs...)
}
