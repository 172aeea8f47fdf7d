package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/swag2mcp/swag2mcp/eval/internal/specs"
	"github.com/swag2mcp/swag2mcp/generator/ir"
)

func TestParseStress(t *testing.T) {
	for in, want := range map[string][]string{
		"":            nil,
		"all":         stressOrder(),
		"bare":        {stressBare},
		"crowd,bare":  {stressCrowd, stressBare},
		"scale,scale": {stressScale},
	} {
		got, err := parseStress(in)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("parseStress(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := parseStress("bare,huge"); err == nil {
		t.Error("parseStress accepted an unknown condition")
	}
}

func TestStripSchemaTexts(t *testing.T) {
	in := `{"type":"object","description":"A pet.","title":"Pet","properties":{"description":{"type":"string","description":"What it is."},"name":{"type":"string"}}}`
	var got map[string]any
	if err := json.Unmarshal([]byte(stripSchemaTexts(in)), &got); err != nil {
		t.Fatal(err)
	}
	if _, ok := got["description"]; ok {
		t.Error("the schema's description was kept")
	}
	if _, ok := got["title"]; ok {
		t.Error("the schema's title was kept")
	}
	props := got["properties"].(map[string]any)
	desc, ok := props["description"].(map[string]any)
	if !ok {
		t.Fatal("the property named description was dropped")
	}
	if _, ok := desc["description"]; ok {
		t.Error("the property's description was kept")
	}
	if stripSchemaTexts("not json") != "not json" {
		t.Error("a schema that is not JSON was changed")
	}
}

// miniSpec is a two-operation spec with texts everywhere stripTexts looks.
const miniSpec = `{"openapi":"3.0.3","info":{"title":"Mini","version":"1","description":"About."},
"tags":[{"name":"pets","description":"Pets and their owners."}],
"paths":{"/pets":{"get":{"operationId":"listPets","tags":["pets"],"summary":"List pets","description":"Every pet.",
"parameters":[{"name":"limit","in":"query","description":"How many.","schema":{"type":"integer"}}],
"responses":{"200":{"description":"ok"}}},
"post":{"operationId":"createPet","tags":["pets"],"summary":"Create a pet",
"requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"name":{"type":"string","description":"The pet's name."}}}}}},
"responses":{"201":{"description":"ok"}}}}}}`

func lowerMini(t *testing.T) *ir.API { t.Helper(); return lowerSpec(t, miniSpec) }

// lowerSpec lowers a JSON spec text.
func lowerSpec(t *testing.T, spec string) *ir.API {
	t.Helper()
	file := filepath.Join(t.TempDir(), "spec.json")
	if err := os.WriteFile(file, []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	api, err := specs.Lower(context.Background(), file)
	if err != nil {
		t.Fatal(err)
	}
	return api
}

func TestStripTexts(t *testing.T) {
	api := lowerMini(t)
	stripTexts(api)
	for _, s := range api.Specs {
		if s.Description != "" {
			t.Errorf("spec description %q kept", s.Description)
		}
		for _, c := range s.Collections {
			for _, tg := range c.Tags {
				if tg.Description != "" {
					t.Errorf("tag description %q kept", tg.Description)
				}
				for _, e := range tg.Endpoints {
					if e.Summary != "" || e.Description != "" {
						t.Errorf("%s %s: summary %q, description %q kept", e.Method, e.Path, e.Summary, e.Description)
					}
					for _, p := range e.Params {
						if p.Description != "" {
							t.Errorf("%s %s: parameter %s's description kept", e.Method, e.Path, p.Name)
						}
					}
					if strings.Contains(e.InputSchema, "The pet's name") || strings.Contains(e.InputSchema, "How many") {
						t.Errorf("%s %s: input schema keeps a description: %s", e.Method, e.Path, e.InputSchema)
					}
					if e.OperationID == "" {
						t.Errorf("%s %s: operationId lost", e.Method, e.Path)
					}
				}
			}
		}
	}
}

func TestCrowdHitsAreDistractors(t *testing.T) {
	api := lowerMini(t)
	crowd := lowerMini(t) // the same operations again: every label would match them
	merged := withCrowd(api, crowd)
	if got := len(specs.Endpoints(merged)); got != 4 {
		t.Fatalf("merged API has %d endpoints, want 4", got)
	}
	if len(api.Specs) != 1 {
		t.Fatal("withCrowd changed the API it merged into")
	}
	own := len(specs.Endpoints(api))
	eng, err := newOursOwning(merged, own)
	if err != nil {
		t.Fatal(err)
	}
	top, err := eng.Search(context.Background(), "create a pet", 4)
	if err != nil {
		t.Fatal(err)
	}
	ownHits, crowdHits := 0, 0
	for _, k := range top {
		if strings.HasPrefix(k, distractor) {
			crowdHits++
		} else {
			ownHits++
		}
	}
	if ownHits == 0 || crowdHits == 0 {
		t.Errorf("top %q: want hits of both the API and the crowd, the crowd's marked", top)
	}
	eng.hideCrowd = true
	top, err = eng.Search(context.Background(), "create a pet", 4)
	if err != nil {
		t.Fatal(err)
	}
	if len(top) == 0 {
		t.Fatal("no results with the crowd hidden")
	}
	for _, k := range top {
		if strings.HasPrefix(k, distractor) {
			t.Errorf("top %q: a distractor is shown with the crowd hidden", top)
		}
	}
}

func TestTemplateTitle(t *testing.T) {
	for _, c := range []struct {
		method, path string
		hasGet       bool
		summary, id  string
	}{
		{"GET", "/pets", true, "Get entities from pets", "pets.ListPets"},
		{"GET", "/pets/{id}", true, "Get entity from pets by key", "pets.GetPets"},
		{"POST", "/pets", true, "Add new entity to pets", "pets.CreatePets"},
		{"GET", "/pets/{id}/toys", true, "Get toys from pets", "pets.toys.ListToys"},
		{"PATCH", "/pets/{id}/toys/{toy}", true, "Update the navigation property toys in pets", "pets.toys.UpdateToys"},
		{"DELETE", "/pets/{id}/toys/{toy}", true, "Delete navigation property toys for pets", "pets.toys.DeleteToys"},
		{"POST", "/pets/{id}/toys", true, "Create new navigation property to toys for pets", "pets.toys.CreateToys"},
		{"POST", "/pets/{id}/feed", false, "Invoke action feed", "pets.feed.CreateFeed"},
	} {
		summary, id := templateTitle(c.method, c.path, c.hasGet)
		if summary != c.summary || id != c.id {
			t.Errorf("templateTitle(%s %s) = %q, %q; want %q, %q", c.method, c.path, summary, id, c.summary, c.id)
		}
	}
}

func TestDescribed(t *testing.T) {
	api := lowerMini(t)
	out := described(api)
	want := map[string][3]string{ // summary, description, operationId
		"GET /pets":  {"Get entities from pets", "List pets. Every pet.", "pets.ListPets"},
		"POST /pets": {"Add new entity to pets", "Create a pet.", "pets.CreatePets"},
	}
	for _, e := range specs.Endpoints(out) {
		w := want[e.Method+" "+e.Path]
		if got := [3]string{e.Summary, e.Description, e.OperationID}; got != w {
			t.Errorf("%s %s = %q, want %q", e.Method, e.Path, got, w)
		}
		if e.Method == "POST" && !strings.Contains(e.InputSchema, "The pet's name") {
			t.Errorf("POST /pets: a property's description was stripped: %s", e.InputSchema)
		}
	}
	if s := out.Specs[0]; s.Description != "About." || s.Collections[0].Tags[0].Description != "Pets and their owners." {
		t.Errorf("texts stripped: spec %q, tag %q", s.Description, s.Collections[0].Tags[0].Description)
	}
	for _, e := range specs.Endpoints(api) {
		if e.OperationID != "listPets" && e.OperationID != "createPet" {
			t.Errorf("the API itself was changed: %s %s is %q", e.Method, e.Path, e.OperationID)
		}
	}
}

// nestSpec has two resources, so each one's operations can be nested
// under the other's item path.
const nestSpec = `{"openapi":"3.0.3","info":{"title":"Nest","version":"1"},
"paths":{"/v1/pets/{petId}/toys":{"get":{"operationId":"listToys","summary":"List a pet's toys",
"parameters":[{"name":"petId","in":"path","required":true,"schema":{"type":"string"}}],"responses":{"200":{"description":"ok"}}}},
"/v1/owners/{ownerId}":{"get":{"operationId":"getOwner","summary":"Get an owner",
"parameters":[{"name":"ownerId","in":"path","required":true,"schema":{"type":"string"}}],"responses":{"200":{"description":"ok"}}}}}}`

func TestNested(t *testing.T) {
	api := lowerSpec(t, nestSpec)
	out, original := nested(api)
	eps := specs.Endpoints(out)
	if len(eps) != 2+len(original) || len(original) == 0 {
		t.Fatalf("%d endpoints, %d copies: want the two operations and their copies", len(eps), len(original))
	}
	paths := map[string]string{}
	for i, e := range eps[2:] {
		paths[opKey(e.Method, e.Path)] = original[i]
	}
	want := map[string]string{
		"GET /v1/owners/{ownerId_1}/toys":         "GET /v1/pets/{petId}/toys",
		"GET /v1/pets/{petId_1}/owners/{ownerId}": "GET /v1/owners/{ownerId}",
	}
	for k, orig := range want {
		if paths[k] != orig {
			t.Errorf("copy %s of %s missing (copies: %v)", k, orig, paths)
		}
	}
	titles := map[string]string{}
	for _, e := range eps {
		titles[opKey(e.Method, e.Path)] = e.Summary
	}
	for k, want := range map[string]string{
		"GET /v1/owners/{ownerId}":        "Get entity from owners by key", // the common base /v1 is no entity
		"GET /v1/pets/{petId}/toys":       "Get toys from pets",
		"GET /v1/owners/{ownerId_1}/toys": "Get toys from owners",
	} {
		if titles[k] != want {
			t.Errorf("%s titled %q, want %q", k, titles[k], want)
		}
	}
	for _, e := range eps {
		if e.Summary == "List a pet's toys" || e.OperationID == "listToys" {
			t.Errorf("%s %s kept its own title", e.Method, e.Path)
		}
	}
	if specs.Endpoints(api)[0].Summary != "List a pet's toys" {
		t.Error("nested changed the API it copied")
	}
}

func TestNestedCopiesCountAsOriginals(t *testing.T) {
	api := lowerSpec(t, nestSpec)
	out, original := nested(api)
	own := len(specs.Endpoints(api))
	eng, err := newOursOwning(out, own)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	top, err := eng.Search(ctx, "toys", 10)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(top, func(k string) bool { return strings.HasPrefix(k, distractor) }) {
		t.Fatalf("strict: top %q has no copy marked wrong", top)
	}
	eng.original = original
	if top, err = eng.Search(ctx, "toys", 10); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, k := range top {
		if strings.HasPrefix(k, distractor) || seen[k] {
			t.Errorf("lenient: top %q shows a copy or an operation twice", top)
		}
		seen[k] = true
	}
	if !seen["GET /v1/pets/{petId}/toys"] {
		t.Errorf("lenient: top %q lacks the operation the copies copy", top)
	}
}
