package jsonschema

import (
	"encoding/json"
	"errors"
	"log/slog"
	"testing"

	"github.com/pb33f/libopenapi"
	"github.com/pb33f/libopenapi/datamodel"
	"github.com/pb33f/libopenapi/datamodel/high/base"
	v2high "github.com/pb33f/libopenapi/datamodel/high/v2"
	v3high "github.com/pb33f/libopenapi/datamodel/high/v3"
)

// loadV3 builds an OpenAPI 3.x model from spec text.
func loadV3(t testing.TB, spec string, cfg *datamodel.DocumentConfiguration) *v3high.Document {
	t.Helper()
	if cfg == nil {
		cfg = &datamodel.DocumentConfiguration{}
	}
	cfg.Logger = quiet()
	doc, err := libopenapi.NewDocumentWithConfiguration([]byte(spec), cfg)
	if err != nil {
		t.Fatalf("new document: %v", err)
	}
	m, err := doc.BuildV3Model()
	if m == nil {
		t.Fatalf("build v3 model: %v", err)
	}
	return &m.Model
}

// loadV2 builds a Swagger 2.0 model from spec text.
func loadV2(t testing.TB, spec string) *v2high.Swagger {
	t.Helper()
	doc, err := libopenapi.NewDocumentWithConfiguration([]byte(spec), &datamodel.DocumentConfiguration{Logger: quiet()})
	if err != nil {
		t.Fatalf("new document: %v", err)
	}
	m, err := doc.BuildV2Model()
	if m == nil {
		t.Fatalf("build v2 model: %v", err)
	}
	return &m.Model
}

// quiet returns a logger that drops libopenapi's log lines.
func quiet() *slog.Logger { return slog.New(slog.DiscardHandler) }

// bodySchema returns the application/json request body schema of POST path.
func bodySchema(t testing.TB, doc *v3high.Document, path string) *base.SchemaProxy {
	t.Helper()
	pi := doc.Paths.PathItems.GetOrZero(path)
	if pi == nil || pi.Post == nil || pi.Post.RequestBody == nil {
		t.Fatalf("no POST %s with a body", path)
	}
	mt := pi.Post.RequestBody.Content.GetOrZero("application/json")
	if mt == nil {
		t.Fatalf("POST %s: no application/json body", path)
	}
	return mt.Schema
}

// v3Spec wraps component schemas and a POST /x body schema into a spec.
func v3Spec(version, body, components string) string {
	return "openapi: " + version + `
info: {title: t, version: "1"}
paths:
  /x:
    post:
      requestBody:
        content:
          application/json:
            schema:
` + indent(body, "              ") + `
      responses:
        "200": {description: ok}
components:
  schemas:
` + indent(components, "    ")
}

func indent(s, pad string) string {
	out := ""
	line := ""
	for _, r := range s + "\n" {
		if r == '\n' {
			if line != "" {
				out += pad + line + "\n"
			}
			line = ""
			continue
		}
		line += string(r)
	}
	return out
}

// defsMap returns the registry's defs as name → schema.
func defsMap(r *Registry) map[string]string {
	m := map[string]string{}
	for _, d := range r.Defs() {
		m[d.Name] = d.Schema
	}
	return m
}

// mustJSON fails when s is not valid JSON.
func mustJSON(t testing.TB, s string) {
	t.Helper()
	if !json.Valid([]byte(s)) {
		t.Fatalf("invalid JSON: %s", s)
	}
}

// asError returns err as *Error, failing when it is not one.
func asError(t testing.TB, err error) *Error {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T) is not *Error", err, err)
	}
	return e
}
