package main

import (
	"context"
	"slices"
	"testing"

	"github.com/swag2mcp/swag2mcp/eval/internal/specs"
)

// writeSpec has a PUT, a PATCH and a DELETE on paths with and without a POST.
const writeSpec = `{"openapi":"3.0.3","info":{"title":"Pets","version":"1"},"paths":{
"/pets":{"post":{"operationId":"createPet","summary":"Create a pet","responses":{"201":{"description":"ok"}}},
 "put":{"operationId":"replacePets","summary":"Replace every pet","responses":{"200":{"description":"ok"}}}},
"/pets/{id}":{"parameters":[{"name":"id","in":"path","required":true,"schema":{"type":"string"}}],
 "get":{"operationId":"getPet","summary":"Get a pet","responses":{"200":{"description":"ok"}}},
 "patch":{"operationId":"updatePet","summary":"Update a pet","responses":{"200":{"description":"ok"}}},
 "delete":{"operationId":"deletePet","summary":"Delete a pet","responses":{"204":{"description":"ok"}}}}}}`

func TestPostOnly(t *testing.T) {
	api := lowerSpec(t, writeSpec)
	out, keys := postOnly(api)
	var methods, before []string
	for _, e := range specs.Endpoints(out) {
		methods = append(methods, e.Method)
	}
	for _, e := range specs.Endpoints(api) {
		before = append(before, opKey(e.Method, e.Path))
	}
	for _, m := range methods {
		if m != "GET" && m != "POST" {
			t.Errorf("a %s is left: %v", m, methods)
		}
	}
	if !slices.Equal(keys, before) {
		t.Errorf("keys %v, want the spec's own %v", keys, before)
	}
	if !slices.Contains(before, "PATCH /pets/{id}") {
		t.Fatalf("postOnly changed the API it copied: %v", before)
	}

	// A hit is judged by the key the spec gave it, so the labels still apply.
	eng, err := newOurs(out)
	if err != nil {
		t.Fatal(err)
	}
	eng.keys = keys
	top, err := eng.Search(context.Background(), "delete a pet", 1)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(top, []string{"DELETE /pets/{id}"}) {
		t.Errorf("delete a pet: %v, want the DELETE by its spec key", top)
	}
}
