package service

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
)

// ConciseBudget is the size, in bytes of JSON, a concise inspect answer
// aims to stay within: request bodies lose depth and then descriptions
// until it fits. Parameters are always listed whole.
const ConciseBudget = 12 << 10

// ConciseInspect is the default inspect answer: everything a correct call
// needs, with schemas as compact types, and what it leaves out named in
// Cut with the arguments that return it.
type ConciseInspect struct {
	EndpointHead
	Operation ConciseOperation `json:"operation"`
	// Pagination says how the endpoint pages, when it does.
	Pagination string `json:"pagination,omitempty"`
	Cut        *Cut   `json:"cut,omitempty"`
	Note       string `json:"note,omitempty"`
}

// ConciseOperation is the operation with compact schemas.
type ConciseOperation struct {
	ID          string                     `json:"id,omitempty"`
	Tags        []string                   `json:"tags,omitempty"`
	Summary     string                     `json:"summary,omitempty"`
	Description string                     `json:"description,omitempty"`
	Deprecated  bool                       `json:"deprecated"`
	Parameters  []Field                    `json:"parameters,omitempty"`
	RequestBody *ConciseBody               `json:"requestBody,omitempty"`
	Responses   map[string]ConciseResponse `json:"responses,omitempty"`
}

// ConciseBody is a request body: its members as fields when it is an
// object, else its type.
type ConciseBody struct {
	Required        bool     `json:"required"`
	MediaType       string   `json:"mediaType"`
	OtherMediaTypes []string `json:"otherMediaTypes,omitempty"`
	Description     string   `json:"description,omitempty"`
	Schema          string   `json:"schema,omitempty"` // the component schema the body is
	Fields          []Field  `json:"fields,omitempty"`
	Type            string   `json:"type,omitempty"`
}

// ConciseResponse is one response: the success response with its
// top-level fields, the others by their description.
type ConciseResponse struct {
	Description string   `json:"description,omitempty"`
	MediaType   string   `json:"mediaType,omitempty"`
	Schema      string   `json:"schema,omitempty"` // the component schema the body is (or its items are)
	Type        string   `json:"type,omitempty"`
	Headers     []string `json:"headers,omitempty"`
}

// Cut names what a concise answer leaves out and the exact inspect
// arguments that return it.
type Cut struct {
	What []string `json:"what"`
	// Full are the arguments of the whole operation, every schema
	// included as far as the full answer's budget allows.
	Full map[string]string `json:"full"`
	// Schemas are the component schemas named in types but not shown;
	// SchemaArgs return one (NAME stands for one of Schemas).
	Schemas    []string          `json:"schemas,omitempty"`
	SchemaArgs map[string]string `json:"schemaArgs,omitempty"`
}

// opDoc is the part of a catalog operation document concise reads.
type opDoc struct {
	ID          string   `json:"id"`
	Tags        []string `json:"tags"`
	Summary     string   `json:"summary"`
	Description string   `json:"description"`
	Deprecated  bool     `json:"deprecated"`
	Parameters  []struct {
		Name        string          `json:"name"`
		In          string          `json:"in"`
		Description string          `json:"description"`
		Required    bool            `json:"required"`
		Schema      json.RawMessage `json:"schema"`
	} `json:"parameters"`
	RequestBody *struct {
		Description string          `json:"description"`
		Required    bool            `json:"required"`
		Content     json.RawMessage `json:"content"`
	} `json:"requestBody"`
	Responses json.RawMessage `json:"responses"`
}

// conciseLevel is how much of the request body one attempt shows.
type conciseLevel struct {
	bodyDepth  int  // object levels of body fields' types
	bodyDocs   bool // body field descriptions
	respFields bool // the success response's top-level fields
}

// conciseLevels go from the richest answer to the smallest.
func conciseLevels() []conciseLevel {
	return []conciseLevel{{4, true, true}, {3, true, true}, {2, true, true}, {1, true, true}, {1, false, true}, {1, false, false}}
}

// InspectConcise returns the endpoint's concise contract (inspect's
// default).
func (s *Service) InspectConcise(ref Ref) (*ConciseInspect, error) {
	i, err := s.resolve(ref)
	if err != nil {
		return nil, err
	}
	e := s.cat.Endpoint(i)
	var doc opDoc
	_ = json.Unmarshal([]byte(e.Operation.String()), &doc) // a broken document reads as empty
	var ans *ConciseInspect
	for _, lv := range conciseLevels() {
		ans = s.concise(e, &doc, lv)
		if b, err := Encode(ans); err == nil && len(b) <= ConciseBudget {
			break
		}
	}
	return ans, nil
}

// concise builds the answer at one level of detail.
func (s *Service) concise(e *catalog.Endpoint, doc *opDoc, lv conciseLevel) *ConciseInspect {
	spec := s.cat.SpecOf(e)
	defs := s.defsOf(spec)
	c := &conciser{what: map[string]bool{}}
	ans := &ConciseInspect{
		EndpointHead: s.head(e),
		Operation:    ConciseOperation{ID: doc.ID, Tags: doc.Tags, Summary: doc.Summary, Deprecated: doc.Deprecated || e.Deprecated},
	}
	if doc.Description != "" {
		ans.Operation.Description = c.sentence(doc.Description)
	}
	// The catalog's parameters are what invoke takes; the document
	// describes them.
	params := newShaper(defs, 2, true)
	for _, p := range e.Params {
		var schema json.RawMessage
		desc := ""
		for _, dp := range doc.Parameters {
			if dp.Name == p.Name && dp.In == p.In {
				schema, desc = dp.Schema, dp.Description
				break
			}
		}
		f, cut := params.fieldOf(p.Name, p.Required, schema, desc, 1)
		f.In = p.In
		f.Credential = invoke.CarriesCredential(spec, p.In, p.Name)
		if p.ArgName() != p.Name {
			f.Arg = p.ArgName()
		}
		c.note(cut, whatDescriptions)
		ans.Operation.Parameters = append(ans.Operation.Parameters, f)
	}
	c.absorb(params)
	switch {
	case doc.RequestBody != nil:
		ans.Operation.RequestBody = c.body(defs, doc.RequestBody.Required, doc.RequestBody.Description, doc.RequestBody.Content, lv)
	case e.Body != nil && len(e.Body.MediaTypes) > 0: // a document without its body: the media types still tell
		ms := make([]mediaSchema, len(e.Body.MediaTypes))
		for i, mt := range e.Body.MediaTypes {
			ms[i] = mediaSchema{name: mt}
		}
		k := preferred(ms)
		ans.Operation.RequestBody = &ConciseBody{Required: e.Body.Required, MediaType: ms[k].name, Type: "any"}
	}
	ans.Operation.Responses = c.responses(defs, doc.Responses, lv)
	ans.Pagination = pagination(e, successType(ans.Operation.Responses))
	if ans.BaseURL == "" {
		ans.Note = noBaseURLNote(spec)
	}
	ans.Cut = c.cut(e.ID)
	return ans
}

// successType is the type of the success response, "" when none shows.
func successType(rs map[string]ConciseResponse) string {
	for _, code := range slices.Sorted(maps.Keys(rs)) {
		if strings.HasPrefix(code, "2") {
			return rs[code].Type
		}
	}
	return ""
}

// Kinds of cuts, as Cut.What words them.
const (
	whatDescriptions = "descriptions cut to their first sentence"
	whatObjects      = "objects deeper than shown appear as {…}"
	whatEnums        = "enums and unions longer than shown end in …"
	whatBodyDocs     = "descriptions of request body fields"
	whatRespFields   = "the success response's fields (its schema is named)"
	whatRespNested   = "response fields below the top level"
	whatOtherResps   = "schemas of responses other than the success response"
	whatMedia        = "schemas of other media types"
)

// conciser collects what one concise answer leaves out.
type conciser struct {
	what  map[string]bool
	named []string
}

func (c *conciser) note(cut bool, what string) {
	if cut {
		c.what[what] = true
	}
}

// sentence cuts a description, noting the cut.
func (c *conciser) sentence(desc string) string {
	s, cut := firstSentence(desc)
	c.note(cut, whatDescriptions)
	return s
}

// absorb takes the names and cuts of a shaper.
func (c *conciser) absorb(s *shaper) {
	for _, n := range s.named {
		if !slices.Contains(c.named, n) {
			c.named = append(c.named, n)
		}
	}
	if s.cut {
		c.what[whatObjects] = true
	}
	if s.enumCut {
		c.what[whatEnums] = true
	}
}

// cut is the answer's Cut, or nil when nothing was left out.
func (c *conciser) cut(id string) *Cut {
	if len(c.what) == 0 && len(c.named) == 0 {
		return nil
	}
	out := &Cut{Full: map[string]string{"endpointId": id, "detail": DetailFull}}
	for _, w := range []string{whatDescriptions, whatObjects, whatEnums, whatBodyDocs, whatRespFields, whatRespNested, whatOtherResps, whatMedia} {
		if c.what[w] {
			out.What = append(out.What, w)
		}
	}
	if len(c.named) > 0 {
		out.What = append(out.What, "component schemas named in types")
		out.Schemas = c.named
		out.SchemaArgs = map[string]string{"endpointId": id, "schema": "NAME"}
	}
	return out
}

func (c *conciser) addNamed(name string) {
	if !slices.Contains(c.named, name) {
		c.named = append(c.named, name)
	}
}

// defFunc finds a component schema by name.
type defFunc = func(name string) (json.RawMessage, bool)
