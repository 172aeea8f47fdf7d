package service

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// maxNamesInMessage bounds the schema names a not_found message lists.
const maxNamesInMessage = 30

// SchemaResult is one component schema of an endpoint's API, as
// inspect {endpointId, schema: NAME} returns it.
type SchemaResult struct {
	EndpointID string          `json:"endpointId"`
	Name       string          `json:"name"`
	Schema     json.RawMessage `json:"schema"` // JSON Schema 2020-12; $refs point to #/$defs/NAME
	// References are the component schemas Schema refers to, each
	// returned by the same call with its name.
	References []string `json:"references,omitempty"`
}

// InspectSchema returns the component schema name of the endpoint's API
// and the names it references.
func (s *Service) InspectSchema(ref Ref, name string) (*SchemaResult, error) {
	i, rerr := s.resolve(ref)
	if rerr != nil {
		return nil, rerr
	}
	e := s.cat.Endpoint(i)
	spec := s.cat.SpecOf(e)
	raw, ok := s.defsOf(spec)(name)
	if !ok {
		return nil, &Error{Code: CodeNotFound, Message: unknownSchema(spec, e, name)}
	}
	return &SchemaResult{EndpointID: e.ID, Name: name, Schema: raw, References: references(raw, name)}, nil
}

// refPattern finds the component references in a rendered schema;
// compiled on first use, not at start-up.
var refPattern = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`"\$ref":"#/\$defs/((?:[^"\\]|\\.)*)"`)
})

// references lists the components raw refers to, in order, once, itself
// left out.
func references(raw json.RawMessage, self string) []string {
	var out []string
	for _, m := range refPattern().FindAllSubmatch(raw, -1) {
		var name string
		if json.Unmarshal([]byte(`"`+string(m[1])+`"`), &name) != nil || name == self || slices.Contains(out, name) {
			continue
		}
		out = append(out, name)
	}
	return out
}

// unknownSchema words a not_found for a schema name, listing names the
// endpoint does reference.
func unknownSchema(spec *catalog.Spec, e *catalog.Endpoint, name string) string {
	var names []string
	for _, d := range e.Defs {
		if n := spec.Defs[d].Name; !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	msg := fmt.Sprintf("the API has no component schema named %q", name)
	switch {
	case len(names) == 0:
		return msg + "; this endpoint references none"
	case len(names) > maxNamesInMessage:
		return msg + "; this endpoint references " + strings.Join(names[:maxNamesInMessage], ", ") +
			fmt.Sprintf(" and %d more", len(names)-maxNamesInMessage)
	}
	return msg + "; this endpoint references " + strings.Join(names, ", ")
}

// defsOf looks up the component schemas of spec by name; a schema whose
// literal is not valid JSON is missing.
func (s *Service) defsOf(spec *catalog.Spec) defFunc {
	var index map[string]int
	for si := range s.cat.Specs {
		if &s.cat.Specs[si] == spec {
			index = s.defsByName()[si]
		}
	}
	return func(name string) (json.RawMessage, bool) {
		di, ok := index[name]
		if !ok {
			return nil, false
		}
		text := spec.Defs[di].Schema.String()
		if !json.Valid([]byte(text)) {
			return nil, false
		}
		return json.RawMessage(text), true
	}
}
