package index

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/generator/ir"
)

func TestBodyReaderText(t *testing.T) {
	defs := map[string]string{
		"Repo":  `{"allOf":[{"$ref":"#/$defs/Named"}],"properties":{"archived":{"type":"boolean","description":"Whether to archive this repository. Archived ones are read-only."}}}`,
		"Named": `{"properties":{"name":{"type":"string","description":"The name"}}}`,
	}
	e := &ir.Endpoint{Body: &ir.Body{}, InputSchema: `{"type":"object","properties":{"requestBody":{"$ref":"#/$defs/Repo"}}}`}
	want := []string{"archived Whether to archive this repository", "name The name"}
	if diff := cmp.Diff(want, newBodyReader(defs).text(e)); diff != "" {
		t.Errorf("text mismatch (-want +got):\n%s", diff)
	}
	for _, bad := range []*ir.Endpoint{
		{InputSchema: e.InputSchema}, // no body
		{Body: &ir.Body{}, InputSchema: "{not json"},
		{Body: &ir.Body{}, InputSchema: `{"properties":{"requestBody":{"$ref":"#/$defs/Missing"}}}`},
	} {
		if got := newBodyReader(defs).text(bad); got != nil {
			t.Errorf("text(%q) = %v, want nil", bad.InputSchema, got)
		}
	}
	// A schema that refers to itself stops at maxBodyDepth.
	loop := map[string]string{"A": `{"allOf":[{"$ref":"#/$defs/A"}],"properties":{"x":{}}}`}
	if got := newBodyReader(loop).text(&ir.Endpoint{Body: &ir.Body{}, InputSchema: `{"properties":{"requestBody":{"$ref":"#/$defs/A"}}}`}); len(got) != 1 {
		t.Errorf("self-referring body = %v, want [x]", got)
	}
}

// TestBodyTextBoundIsDeterministic: of a body with more properties than
// maxBodyProps, text keeps the first by name, whatever the map order.
func TestBodyTextBoundIsDeterministic(t *testing.T) {
	var props, want []string
	for i := range 2 * maxBodyProps {
		props = append(props, fmt.Sprintf(`"p%03d":{"description":"d"}`, i))
		if i < maxBodyProps {
			want = append(want, fmt.Sprintf("p%03d d", i))
		}
	}
	defs := newBodyReader(map[string]string{"Big": `{"properties":{` + strings.Join(props, ",") + `}}`})
	e := &ir.Endpoint{Body: &ir.Body{}, InputSchema: `{"properties":{"requestBody":{"$ref":"#/$defs/Big"}}}`}
	for range 5 {
		if diff := cmp.Diff(want, newBodyReader(defs.raw).text(e)); diff != "" {
			t.Fatalf("text mismatch (-want +got):\n%s", diff)
		}
	}
}

// TestBodyReaderSharesByBody: one reader answers every endpoint of a spec,
// and an answer it kept for a body schema is the one a fresh reader gives,
// for that body only.
func TestBodyReaderSharesByBody(t *testing.T) {
	defs := map[string]string{
		"Pet":   `{"allOf":[{"$ref":"#/$defs/Named"},{"properties":{"tag":{"description":"A tag"}}}]}`,
		"Named": `{"properties":{"name":{"description":"The name"}}}`,
		"Order": `{"properties":{"quantity":{"description":"How many"}}}`,
	}
	body := func(schema string) *ir.Endpoint {
		return &ir.Endpoint{Body: &ir.Body{}, InputSchema: `{"properties":{"parameters":{},"requestBody":` + schema + `}}`}
	}
	eps := []*ir.Endpoint{
		body(`{"$ref":"#/$defs/Pet"}`), body(`{"$ref":"#/$defs/Order"}`),
		body(`{"$ref":"#/$defs/Pet"}`), body(`{"allOf":[{"$ref":"#/$defs/Pet"},{"properties":{"owner":{}}}]}`),
		body(`{"$ref":"#/$defs/Order"}`),
	}
	shared := newBodyReader(defs)
	for i, e := range eps {
		want := newBodyReader(defs).text(e)
		if len(want) == 0 {
			t.Fatalf("endpoint %d: no text; the case tests nothing", i)
		}
		if diff := cmp.Diff(want, shared.text(e)); diff != "" {
			t.Errorf("endpoint %d: shared reader differs from a fresh one (-fresh +shared):\n%s", i, diff)
		}
	}
}
