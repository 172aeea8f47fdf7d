package service

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/config"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
)

// conciseService serves one endpoint with the given operation document
// and component schemas.
func conciseService(t *testing.T, e catalog.Endpoint, defs ...catalog.Def) *Service {
	t.Helper()
	e.ID = "00000000000000000000000000000001"
	cat := &catalog.Catalog{
		Specs: []catalog.Spec{{ID: "s", Domain: "d", EnvPrefix: "D", BaseURL: "https://api.example", Defs: defs,
			Security: []catalog.SecurityScheme{{Name: "key", Type: "apiKey", In: "header", ParamName: "api_key"}}}},
		Collections: []catalog.Collection{{ID: "c"}},
		Tags:        []catalog.Tag{{ID: "t", Name: "t"}},
		Endpoints:   []catalog.Endpoint{e},
	}
	cfg := config.Default()
	cfg.Workspace = t.TempDir()
	svc, err := New(Options{Name: "d", Catalog: cat, Stubs: make([]invoke.Stub, 1), Config: &cfg, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

func TestConciseBodyAndCredentials(t *testing.T) {
	op := `{"id":"addPet","deprecated":false,` +
		`"parameters":[{"name":"api_key","in":"header","required":false,"schema":{"type":"string"}}],` +
		`"requestBody":{"required":true,"content":{"application/xml":{},"application/json":{"schema":{"allOf":[` +
		`{"$ref":"#/$defs/Named"},{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string"}}},"required":["tags"]}]}}}},` +
		`"responses":{"201":{"description":"Created. With more words.","content":{"application/json":{"schema":{"$ref":"#/$defs/Named"}}}},` +
		`"400":{"description":"Bad","content":{"application/json":{"schema":{"type":"object"}}}}}}`
	svc := conciseService(t, catalog.Endpoint{Method: "POST", Path: "/pets", Operation: catalog.Text(op),
		Params: []catalog.Param{{Name: "api_key", In: "header"}},
		Body:   &catalog.Body{Required: true, MediaTypes: []string{"application/xml", "application/json"}}},
		catalog.Def{Name: "Named", Schema: catalog.Text(`{"type":"object","properties":{"name":{"type":"string","description":"The name. Unique."}},"required":["name"]}`)})
	got, err := svc.InspectConcise(ByIndex(0))
	if err != nil {
		t.Fatal(err)
	}
	wantParams := []Field{{Name: "api_key", In: "header", Type: "string", Credential: true}}
	if diff := cmp.Diff(wantParams, got.Operation.Parameters); diff != "" {
		t.Errorf("parameters mismatch (-want +got):\n%s", diff)
	}
	wantBody := &ConciseBody{Required: true, MediaType: "application/json", OtherMediaTypes: []string{"application/xml"},
		Fields: []Field{{Name: "name", Required: true, Type: "string", Description: "The name."}, {Name: "tags", Required: true, Type: "string[]"}}}
	if diff := cmp.Diff(wantBody, got.Operation.RequestBody); diff != "" {
		t.Errorf("body mismatch (-want +got):\n%s", diff)
	}
	wantResp := map[string]ConciseResponse{
		"201": {Description: "Created.", MediaType: "application/json", Schema: "Named", Type: "{name: string}"},
		"400": {Description: "Bad"},
	}
	if diff := cmp.Diff(wantResp, got.Operation.Responses); diff != "" {
		t.Errorf("responses mismatch (-want +got):\n%s", diff)
	}
	for _, w := range []string{whatDescriptions, whatOtherResps, whatMedia} {
		if !slices.Contains(got.Cut.What, w) {
			t.Errorf("cut.what %q lacks %q", got.Cut.What, w)
		}
	}
}

// TestConciseShrinksToBudget: a body too large at full depth loses depth,
// then its field descriptions, and says so; every field stays.
func TestConciseShrinksToBudget(t *testing.T) {
	var props []string
	for i := range 150 {
		props = append(props, fmt.Sprintf(`"field_%03d":{"type":"object","description":"%s","properties":{"a":{"type":"object","properties":{"b":{"type":"string"}}}}}`,
			i, strings.Repeat("word ", 12)))
	}
	op := `{"requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{` + strings.Join(props, ",") + `}}}}}}`
	svc := conciseService(t, catalog.Endpoint{Method: "POST", Path: "/big", Operation: catalog.Text(op), Body: &catalog.Body{MediaTypes: []string{"application/json"}}})
	got, err := svc.InspectConcise(ByIndex(0))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(got)
	if len(b) > ConciseBudget {
		t.Errorf("answer is %d bytes, over the %d budget", len(b), ConciseBudget)
	}
	if n := len(got.Operation.RequestBody.Fields); n != 150 {
		t.Errorf("%d fields, want 150", n)
	}
	if f := got.Operation.RequestBody.Fields[0]; f.Type != cutObject || f.Description != "" {
		t.Errorf("first field %+v, want its object cut and no description", f)
	}
	for _, w := range []string{whatObjects, whatBodyDocs} {
		if !slices.Contains(got.Cut.What, w) {
			t.Errorf("cut.what %q lacks %q", got.Cut.What, w)
		}
	}
}
