package build

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/generator/ir"
)

func TestTagGroupsAndServers(t *testing.T) {
	spec := `openapi: 3.1.0
info: {title: Shop, version: "1"}
servers:
  - url: "{scheme}://{host}:{port}/api"
    variables:
      scheme: {default: https}
      host: {default: shop.example.com}
      port: {default: "8443"}
x-tagGroups:
  - name: Catalog
    tags: [products, prices]
  - name: Admin
    tags: [users]
tags:
  - {name: users, description: People}
  - {name: orders, description: Orders}
paths:
  /orders:
    get: {tags: [orders], responses: {"200": {description: ok}}}
  /users:
    servers: [{url: /internal}]
    get: {tags: [users], responses: {"200": {description: ok}}}
    post:
      tags: [users]
      servers: [{url: "https://{region}.example.com", variables: {region: {default: eu}}}]
      responses: {"200": {description: ok}}
  /products:
    get: {tags: [products], responses: {"200": {description: ok}}}
  /misc:
    get: {responses: {"200": {description: ok}}}
`
	api, msgs := buildFiles(t, map[string]string{"shop.json.yaml": spec}, []string{"shop.json.yaml"}, Options{})
	if len(msgs) != 0 {
		t.Fatalf("diagnostics: %v", msgs)
	}
	s := api.Specs[0]
	if s.Domain != "shop-json" || s.BaseURL != "https://shop.example.com:8443/api" {
		t.Errorf("Domain, BaseURL = %q, %q", s.Domain, s.BaseURL)
	}
	type r struct{ Collection, Tag, Method, Path, BaseURL string }
	var got []r
	for _, x := range rows(s) {
		got = append(got, r{x.Collection, x.Tag, x.Method, x.Path, x.BaseURL})
	}
	want := []r{
		{"Catalog", "products", "GET", "/products", ""},
		{"Admin", "users", "GET", "/users", "/internal"},
		{"Admin", "users", "POST", "/users", "https://eu.example.com"},
		{"Shop", "orders", "GET", "/orders", ""},
		{"Shop", "default", "GET", "/misc", ""},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// md5("shop-json/Admin") and md5("shop-json#users"), computed with md5sum.
	if c := s.Collections[1]; c.ID != "6cc72fb356f21cdf48edcb70f74ebe8e" || c.Tags[0].ID != "9cba69ccdcf0ab3f0b7f46f2945d9861" || c.Tags[0].Description != "People" {
		t.Errorf("Admin collection: ID %q, tag ID %q, description %q", c.ID, c.Tags[0].ID, c.Tags[0].Description)
	}
}

func TestSecurity(t *testing.T) {
	spec := `openapi: 3.0.3
info: {title: Sec, version: "1"}
security: [{key: []}]
components:
  securitySchemes:
    key: {type: apiKey, in: header, name: X-API-Key}
    basic-auth: {type: http, scheme: basic}
    bearer: {type: http, scheme: bearer, bearerFormat: JWT}
    oauth:
      type: oauth2
      flows:
        clientCredentials: {tokenUrl: "https://auth.example.com/token", scopes: {write: w, read: r}}
        implicit: {authorizationUrl: "https://auth.example.com/auth", scopes: {admin: a}}
    oidc: {type: openIdConnect, openIdConnectUrl: "https://auth.example.com/.well-known"}
paths:
  /global:
    get: {responses: {"200": {description: ok}}}
  /none:
    get: {security: [], responses: {"200": {description: ok}}}
  /either:
    get:
      security: [{basic-auth: [], bearer: []}, {oauth: [read]}, {}]
      responses: {"200": {description: ok}}
`
	api, msgs := buildFiles(t, map[string]string{"sec.yaml": spec}, []string{"sec.yaml"}, Options{})
	if len(msgs) != 0 {
		t.Fatalf("diagnostics: %v", msgs)
	}
	s := api.Specs[0]
	wantSchemes := []*ir.SecurityScheme{
		{Name: "key", Type: "apiKey", In: "header", ParamName: "X-API-Key", EnvVars: []string{"SEC_KEY"},
			Pos: ir.Pos{File: "sec.yaml", Line: 6, Col: 5}},
		{Name: "basic-auth", Type: "http", Scheme: "basic", EnvVars: []string{"SEC_BASIC_AUTH_USERNAME", "SEC_BASIC_AUTH_PASSWORD"},
			Pos: ir.Pos{File: "sec.yaml", Line: 7, Col: 5}},
		{Name: "bearer", Type: "http", Scheme: "bearer", BearerFormat: "JWT", EnvVars: []string{"SEC_BEARER"},
			Pos: ir.Pos{File: "sec.yaml", Line: 8, Col: 5}},
		{Name: "oauth", Type: "oauth2", TokenURL: "https://auth.example.com/token", Scopes: []string{"admin", "read", "write"},
			Flows:   []string{"clientCredentials", "implicit"},
			EnvVars: []string{"SEC_OAUTH_CLIENT_ID", "SEC_OAUTH_CLIENT_SECRET", "SEC_OAUTH_TOKEN_URL", "SEC_OAUTH_SCOPES"},
			Pos:     ir.Pos{File: "sec.yaml", Line: 9, Col: 5}},
		{Name: "oidc", Type: "openIdConnect", OpenIDURL: "https://auth.example.com/.well-known", EnvVars: []string{"SEC_OIDC_TOKEN"},
			Pos: ir.Pos{File: "sec.yaml", Line: 14, Col: 5}},
	}
	if diff := cmp.Diff(wantSchemes, s.Security); diff != "" {
		t.Errorf("schemes (-want +got):\n%s", diff)
	}
	eps := endpoints(s)
	want := [][]ir.Requirement{
		{{Schemes: []ir.SchemeUse{{Scheme: 0, Scopes: nil}}}},
		nil,
		{{Schemes: []ir.SchemeUse{{Scheme: 1}, {Scheme: 2}}}, {Schemes: []ir.SchemeUse{{Scheme: 3, Scopes: []string{"read"}}}}, {}},
	}
	var got [][]ir.Requirement
	for _, e := range eps {
		got = append(got, e.Security)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("requirements (-want +got):\n%s", diff)
	}
}

func TestSkipped(t *testing.T) {
	spec := `openapi: 3.0.3
info: {title: Bad, version: "1"}
paths:
  /pets/{id}:
    get:
      operationId: getPet
      parameters:
        - {name: id, in: path, required: true}
      responses: {"200": {description: ok}}
    put:
      parameters:
        - {name: petId, in: path, required: true, schema: {type: string}}
      responses: {"200": {description: ok}}
    delete:
      security: [{nope: []}]
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}
      responses: {"200": {description: ok}}
  /ok:
    get: {responses: {"200": {description: ok}}}
`
	tests := []struct {
		strict bool
		want   []string
	}{
		{false, []string{
			`bad.yaml:5:5: warning: operation "getPet": parameter "id": no schema`,
			`bad.yaml:10:5: warning: operation "PUT /pets/{id}": parameter "petId": path parameter is not in the path template`,
			`bad.yaml:14:5: warning: operation "DELETE /pets/{id}": security scheme "nope" is not defined`,
		}},
		{true, []string{
			`bad.yaml:5:5: operation "getPet": parameter "id": no schema`,
			`bad.yaml:10:5: operation "PUT /pets/{id}": parameter "petId": path parameter is not in the path template`,
			`bad.yaml:14:5: operation "DELETE /pets/{id}": security scheme "nope" is not defined`,
		}},
	}
	for _, tt := range tests {
		name := "warning"
		if tt.strict {
			name = "strict"
		}
		t.Run(name, func(t *testing.T) {
			api, msgs := buildFiles(t, map[string]string{"bad.yaml": spec}, []string{"bad.yaml"}, Options{Strict: tt.strict})
			if diff := cmp.Diff(tt.want, msgs); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if eps := endpoints(api.Specs[0]); len(eps) != 1 || eps[0].Path != "/ok" {
				t.Errorf("endpoints kept: %d", len(eps))
			}
		})
	}
}

func TestMultipleFiles(t *testing.T) {
	files := map[string]string{
		"a.yaml": `openapi: 3.0.3
info: {title: A, version: "1"}
paths:
  /pets:
    get:
      operationId: getPet
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: "schemas/pet.yaml#/Pet"}
`,
		"schemas/pet.yaml": "Pet:\n  type: object\n  properties:\n    kind: {$ref: '#/Kind'}\nKind: {type: string, enum: [cat, dog]}\n",
		"b.yaml":           "swagger: '2.0'\ninfo: {title: B, version: '1'}\npaths:\n  /pets:\n    get: {operationId: getPet, responses: {200: {description: ok}}}\n",
		"sub/b.yaml":       "swagger: '2.0'\ninfo: {title: B2, version: '1'}\npaths: {}\n",
	}
	api, msgs := buildFiles(t, files, []string{"a.yaml", "b.yaml", "sub/b.yaml"}, Options{Name: "pets"})
	if diff := cmp.Diff([]string{`sub/b.yaml: domain "b" is already used by b.yaml; give this spec another with --domain sub/b.yaml=NAME`}, msgs); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
	if api.Name != "pets" || api.Module != "pets" || len(api.Specs) != 2 {
		t.Fatalf("Name %q, Module %q, %d specs", api.Name, api.Module, len(api.Specs))
	}
	a, b := endpoints(api.Specs[0])[0], endpoints(api.Specs[1])[0]
	if a.GoName != "GetPet" || b.GoName != "GetPet2" {
		t.Errorf("GoNames %q, %q", a.GoName, b.GoName)
	}
	var defs []string
	for _, i := range a.DefRefs {
		defs = append(defs, api.Specs[0].Defs[i].Name+"="+api.Specs[0].Defs[i].Schema)
	}
	want := []string{
		`Pet={"type":"object","properties":{"kind":{"$ref":"#/$defs/Kind"}}}`,
		`Kind={"type":"string","enum":["cat","dog"]}`,
	}
	if diff := cmp.Diff(want, defs); diff != "" {
		t.Errorf("defs (-want +got):\n%s", diff)
	}
}
