package index

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/generator/build"
	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/generator/load"
	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// petstore lowers the README's demo spec.
func petstore(t *testing.T) *ir.API {
	t.Helper()
	return lowered(t, "../../golden/testdata/petstore/petstore.yaml")
}

// lowered loads and lowers the spec at path.
func lowered(t testing.TB, path string) *ir.API {
	t.Helper()
	doc, ds := load.Load(context.Background(), path, load.Options{})
	if doc == nil || ds.HasErrors() {
		t.Fatalf("load: %v", ds)
	}
	api, ds := build.Build([]*load.Doc{doc}, build.Options{})
	if api == nil || ds.HasErrors() {
		t.Fatalf("build: %v", ds)
	}
	return api
}

func TestBuild(t *testing.T) {
	api := petstore(t)
	cat := Catalog(api)
	ix := Build(api)
	if ix.Docs != len(cat.Endpoints) || ix.Format != search.FormatVersion {
		t.Fatalf("index of %d docs, format %d; catalog has %d endpoints", ix.Docs, ix.Format, len(cat.Endpoints))
	}
	if diff := cmp.Diff(ix, Build(api)); diff != "" {
		t.Errorf("two builds differ (-first +second):\n%s", diff)
	}
	tests := []struct {
		query    string
		wantPath string
	}{
		{"find a pet by its id", "/pet/{petId}"},
		{"place an order", "/store/order"},
		{"log in", "/user/login"},
		{`path:"/store/inventory"`, "/store/inventory"},
	}
	s := search.Open(ix, cat)
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			res, err := s.Search(context.Background(), search.Query{Text: tt.query, Limit: 1})
			if err != nil || len(res.Hits) == 0 {
				t.Fatalf("Search = %+v, %v", res, err)
			}
			if got := cat.Endpoints[res.Hits[0].Endpoint].Path; got != tt.wantPath {
				t.Errorf("best hit %s, want %s", got, tt.wantPath)
			}
		})
	}
}

// TestDocsFollowCatalogOrder checks that document i describes catalog
// endpoint i, the contract between the generator's index and the server.
func TestDocsFollowCatalogOrder(t *testing.T) {
	api := petstore(t)
	cat := Catalog(api)
	docs := Docs(api)
	if len(docs) != len(cat.Endpoints) {
		t.Fatalf("%d docs for %d endpoints", len(docs), len(cat.Endpoints))
	}
	for i, d := range docs {
		e := cat.Endpoints[i]
		if d.Method != e.Method || d.Path != e.Path || d.Tags[0] != cat.Tags[e.Tag].Name {
			t.Errorf("doc %d is %s %s (tag %s), endpoint is %s %s (tag %s)", i, d.Method, d.Path, d.Tags[0], e.Method, e.Path, cat.Tags[e.Tag].Name)
		}
	}
}

// TestUsageWordsReachTheAPIsWord: a query in everyday words finds the
// operation its API names otherwise, through the lexicon's usage
// thesaurus (internal/lexgen/usage.txt: "reboot" for restart, "reimburse"
// for refund). WordNet's relations and the word vectors alone find the
// first but not the second.
func TestUsageWordsReachTheAPIsWord(t *testing.T) {
	spec := filepath.Join(t.TempDir(), "devices.yaml")
	const text = `openapi: 3.0.3
info: {title: Devices, version: "1"}
paths:
  /devices:
    get: {operationId: listDevices, summary: List devices, responses: {"200": {description: OK}}}
  /devices/{id}:
    parameters: [{name: id, in: path, required: true, schema: {type: string}}]
    delete: {operationId: deleteDevice, summary: Delete a device, responses: {"204": {description: Gone}}}
  /devices/{id}/restart:
    parameters: [{name: id, in: path, required: true, schema: {type: string}}]
    post: {operationId: restartDevice, summary: Restart a device, responses: {"202": {description: Accepted}}}
  /devices/{id}/firmware:
    parameters: [{name: id, in: path, required: true, schema: {type: string}}]
    put: {operationId: updateFirmware, summary: Update a device's firmware, responses: {"200": {description: OK}}}
  /orders/{id}/refund:
    parameters: [{name: id, in: path, required: true, schema: {type: string}}]
    post: {operationId: refundOrder, summary: Refund an order, responses: {"200": {description: OK}}}
  /orders/{id}:
    parameters: [{name: id, in: path, required: true, schema: {type: string}}]
    get: {operationId: getOrder, summary: Get an order, responses: {"200": {description: OK}}}
`
	if err := os.WriteFile(spec, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	api := lowered(t, spec)
	cat := Catalog(api)
	s := search.Open(Build(api), cat)
	for query, want := range map[string]string{
		"reboot the device":         "/devices/{id}/restart",
		"reimburse me for an order": "/orders/{id}/refund",
	} {
		res, err := s.Search(context.Background(), search.Query{Text: query, Limit: 1})
		if err != nil || len(res.Hits) == 0 {
			t.Fatalf("%q: Search = %+v, %v", query, res, err)
		}
		if got := cat.Endpoints[res.Hits[0].Endpoint].Path; got != want {
			t.Errorf("%q: best hit %s, want %s", query, got, want)
		}
	}
}
