package emit

import (
	"fmt"
	"strings"

	"github.com/swag2mcp/swag2mcp/generator/ir"
)

// hostile is spec text meant to break whatever it lands in: Go strings and
// comments, go.mod, Markdown and HTML.
const hostile = "Evil \"quote\" `tick` ``` */ /* //go:generate rm -rf / \n\r\n\x00 \u2028 \u2029 \u202e " +
	"\ufeff <script>alert(1)</script> &amp; [link](http://x) *em* _u_ # h | t \\ non-ASCII: Grüße, 日本語 \xff\xfe"

func ptr[T any](v T) *T { return &v }

// fixture is an API of two specs that uses every IR feature emit renders,
// with hostile text wherever the spec supplies text.
func fixture() *ir.API {
	pet := &ir.Spec{
		ID: "5f1e4c", Domain: "petstore", EnvPrefix: "PETSTORE", File: "petstore.yaml",
		Title: "Pet`store\n# Title */", Version: "1.0.0\n<b>", Description: hostile + "\n\n" + strings.Repeat("long ", 2000),
		BaseURL: "https://petstore.example/v1?a=`b`",
		Security: []*ir.SecurityScheme{
			{Name: "api_key", Type: "apiKey", In: "header", ParamName: "X-API-Key`", Description: hostile,
				EnvVars: []string{"PETSTORE_API_KEY"}},
			{Name: "basic", Type: "http", Scheme: "basic", EnvVars: []string{"PETSTORE_BASIC_USERNAME", "PETSTORE_BASIC_PASSWORD"}},
			{Name: "oauth", Type: "oauth2", TokenURL: "https://auth.example/token", Flows: []string{"clientCredentials"},
				Scopes:  []string{"read", "write"},
				EnvVars: []string{"PETSTORE_OAUTH_CLIENT_ID", "PETSTORE_OAUTH_CLIENT_SECRET", "PETSTORE_OAUTH_TOKEN_URL", "PETSTORE_OAUTH_SCOPES"}},
		},
		Defs: []ir.Def{
			{Name: "Pet", Schema: `{"type":"object","description":"` + "a \\\"pet\\\" */ `x`" + `"}`},
			{Name: "Error", Schema: `{"type":"object"}`},
		},
	}
	every := []ir.Param{
		{Name: "id", In: "path", Required: true, Description: hostile, Type: ir.Type{Kind: ir.KindInteger}, GoName: "ID"},
		{Name: "q\"uery*/", Key: "query", In: "query", Description: "line one\r\nline two\u2028three",
			Type: ir.Type{Kind: ir.KindString}, GoName: "Query", AllowReserved: true},
		{Name: "ratio", In: "query", Type: ir.Type{Kind: ir.KindNumber}, GoName: "Ratio"},
		{Name: "flag", In: "query", Type: ir.Type{Kind: ir.KindBoolean}, GoName: "Flag", Explode: ptr(false)},
		{Name: "tags", In: "query", Style: "form", Explode: ptr(true), Type: ir.Type{Kind: ir.KindArray, Elem: ir.KindString}, GoName: "Tags"},
		{Name: "ids", In: "query", Style: "pipeDelimited", Type: ir.Type{Kind: ir.KindArray, Elem: ir.KindInteger}, GoName: "IDs"},
		{Name: "weights", In: "query", CollectionFormat: "csv", Type: ir.Type{Kind: ir.KindArray, Elem: ir.KindNumber}, GoName: "Weights"},
		{Name: "bits", In: "query", Type: ir.Type{Kind: ir.KindArray, Elem: ir.KindBoolean}, GoName: "Bits"},
		{Name: "objs", In: "query", Type: ir.Type{Kind: ir.KindArray, Elem: ir.KindObject}, GoName: "Objs"},
		{Name: "nested", In: "query", Type: ir.Type{Kind: ir.KindArray, Elem: ir.KindArray}, GoName: "Nested"},
		{Name: "anys", In: "query", Type: ir.Type{Kind: ir.KindArray, Elem: ir.KindAny}, GoName: "Anys"},
		{Name: "filter", In: "query", Style: "deepObject", Explode: ptr(true), Type: ir.Type{Kind: ir.KindObject}, GoName: "Filter"},
		{Name: "X-Trace", In: "header", Type: ir.Type{Kind: ir.KindAny}, GoName: "XTrace"},
		{Name: "session", In: "cookie", Type: ir.Type{Kind: ir.KindString}, GoName: "Session"},
	}
	pet.Collections = []*ir.Collection{{
		ID: "c1", Title: "Pets */ `and` \"friends\"",
		Tags: []*ir.Tag{
			{ID: "t1", Name: "pet", Description: hostile, Endpoints: []*ir.Endpoint{
				{
					ID: "e1", Method: "POST", Path: "/pets/{id}", OperationID: "updatePet*/", Summary: hostile,
					Description: hostile, Tags: []string{"pet"}, Deprecated: true, BaseURL: "https://other.example",
					Params: every, Body: &ir.Body{Required: true, MediaTypes: []string{"application/json", "application/xml"}},
					Security: []ir.Requirement{
						{Schemes: []ir.SchemeUse{{Scheme: 0}, {Scheme: 2, Scopes: []string{"write"}}}},
						{Schemes: []ir.SchemeUse{{Scheme: 1}}},
						{},
					},
					InputSchema: `{"type":"object","properties":{"parameters":{"$ref":"#/$defs/Pet"}}}`,
					Operation:   `{"summary":"` + "\\u2028 */ `" + `"}`,
					DefRefs:     []int{0, 1}, GoName: "UpdatePet",
				},
				{ID: "e2", Method: "GET", Path: "/pets", GoName: "ListPets"},
			}},
		},
	}}
	meteo := &ir.Spec{
		ID: "m1", Domain: "meteo-2", EnvPrefix: "METEO_2", Title: "Weather <img src=x>",
		Security: []*ir.SecurityScheme{{Name: "bearer", Type: "http", Scheme: "bearer", EnvVars: []string{"METEO_2_BEARER"}}},
		Collections: []*ir.Collection{{ID: "c2", Title: "Weather", Tags: []*ir.Tag{
			{ID: "t2", Name: "default", Endpoints: []*ir.Endpoint{{
				ID: "e3", Method: "GET", Path: "/forecast", GoName: "GetForecast",
				Security: []ir.Requirement{{Schemes: []ir.SchemeUse{{Scheme: 0}}}},
				Params: []ir.Param{
					{Name: "lat", In: "query", Required: true, Type: ir.Type{Kind: ir.KindNumber}, GoName: "Lat"},
				},
			}}},
			{ID: "t3", Name: "empty"},
		}}},
	}
	return &ir.API{Name: "petstore-mcp", Module: "example.com/petstore-mcp", Specs: []*ir.Spec{pet, meteo}}
}

// synthetic is an API of n endpoints with documents of about docSize bytes,
// for benchmarks.
func synthetic(n, docSize int) *ir.API {
	doc := `{"type":"object","description":"` + strings.Repeat("x", docSize) + `"}`
	s := &ir.Spec{ID: "s", Domain: "big", EnvPrefix: "BIG", Title: "Big"}
	tag := &ir.Tag{ID: "t", Name: "default"}
	s.Collections = []*ir.Collection{{ID: "c", Title: "Big", Tags: []*ir.Tag{tag}}}
	for i := range n {
		tag.Endpoints = append(tag.Endpoints, &ir.Endpoint{
			ID: fmt.Sprintf("e%d", i), Method: "GET", Path: fmt.Sprintf("/things/%d/{id}", i),
			Summary: "Get a thing", Description: doc[:200], GoName: fmt.Sprintf("GetThing%d", i),
			InputSchema: doc, Operation: doc,
			Params: []ir.Param{
				{Name: "id", In: "path", Required: true, Type: ir.Type{Kind: ir.KindString}, GoName: "ID"},
				{Name: "limit", In: "query", Type: ir.Type{Kind: ir.KindInteger}, GoName: "Limit"},
			},
		})
	}
	return &ir.API{Name: "big-mcp", Module: "example.com/big-mcp", Specs: []*ir.Spec{s}}
}
