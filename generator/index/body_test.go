package index

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/generator/ir"
)

func TestBodyText(t *testing.T) {
	defs := map[string]string{
		"Repo":  `{"allOf":[{"$ref":"#/$defs/Named"}],"properties":{"archived":{"type":"boolean","description":"Whether to archive this repository. Archived ones are read-only."}}}`,
		"Named": `{"properties":{"name":{"type":"string","description":"The name"}}}`,
	}
	e := &ir.Endpoint{Body: &ir.Body{}, InputSchema: `{"type":"object","properties":{"requestBody":{"$ref":"#/$defs/Repo"}}}`}
	want := []string{"archived Whether to archive this repository", "name The name"}
	if diff := cmp.Diff(want, bodyText(e, newDefNodes(defs))); diff != "" {
		t.Errorf("bodyText mismatch (-want +got):\n%s", diff)
	}
	for _, bad := range []*ir.Endpoint{
		{InputSchema: e.InputSchema}, // no body
		{Body: &ir.Body{}, InputSchema: "{not json"},
		{Body: &ir.Body{}, InputSchema: `{"properties":{"requestBody":{"$ref":"#/$defs/Missing"}}}`},
	} {
		if got := bodyText(bad, newDefNodes(defs)); got != nil {
			t.Errorf("bodyText(%q) = %v, want nil", bad.InputSchema, got)
		}
	}
	// A schema that refers to itself stops at maxBodyDepth.
	loop := map[string]string{"A": `{"allOf":[{"$ref":"#/$defs/A"}],"properties":{"x":{}}}`}
	if got := bodyText(&ir.Endpoint{Body: &ir.Body{}, InputSchema: `{"properties":{"requestBody":{"$ref":"#/$defs/A"}}}`}, newDefNodes(loop)); len(got) != 1 {
		t.Errorf("self-referring body = %v, want [x]", got)
	}
}

// TestBodyTextBoundIsDeterministic: of a body with more properties than
// maxBodyProps, bodyText keeps the first by name, whatever the map order.
func TestBodyTextBoundIsDeterministic(t *testing.T) {
	var props, want []string
	for i := range 2 * maxBodyProps {
		props = append(props, fmt.Sprintf(`"p%03d":{"description":"d"}`, i))
		if i < maxBodyProps {
			want = append(want, fmt.Sprintf("p%03d d", i))
		}
	}
	defs := newDefNodes(map[string]string{"Big": `{"properties":{` + strings.Join(props, ",") + `}}`})
	e := &ir.Endpoint{Body: &ir.Body{}, InputSchema: `{"properties":{"requestBody":{"$ref":"#/$defs/Big"}}}`}
	for range 5 {
		if diff := cmp.Diff(want, bodyText(e, newDefNodes(defs.raw))); diff != "" {
			t.Fatalf("bodyText mismatch (-want +got):\n%s", diff)
		}
	}
}
