package service

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// Inspect's detail levels.
const (
	DetailConcise = "concise" // the default: compact types, cuts named
	DetailFull    = "full"    // the operation document with its schemas under $defs
)

// brokenDef stands in for a component schema whose literal is not valid
// JSON, so one bad literal cannot break the answer.
const (
	brokenDef = `{"$comment":"schema unavailable"}`
	emptyDoc  = `{}`
)

// InspectRequest asks for one endpoint's contract: concise (Detail ""
// or DetailConcise), full (DetailFull), or one component schema (Schema).
type InspectRequest struct {
	Endpoint Ref
	Detail   string
	Schema   string
}

// InspectAnswer answers the inspect tool: *ConciseInspect, *InspectResult
// or *SchemaResult, as req asks.
func (s *Service) InspectAnswer(req InspectRequest) (any, error) {
	switch {
	case req.Detail != "" && req.Detail != DetailConcise && req.Detail != DetailFull:
		return nil, validationFailed("detail must be %q or %q, not %q", DetailConcise, DetailFull, req.Detail)
	case req.Schema != "" && req.Detail != "":
		return nil, validationFailed("give either detail or schema: schema returns one component schema whole")
	case req.Schema != "":
		return s.InspectSchema(req.Endpoint, req.Schema)
	case req.Detail == DetailFull:
		return s.Inspect(req.Endpoint)
	}
	return s.InspectConcise(req.Endpoint)
}

// EndpointHead opens every inspect answer: the endpoint's lineage, method,
// path and URLs.
type EndpointHead struct {
	ID           string `json:"id"`
	TagID        string `json:"tagId"`
	CollectionID string `json:"collectionId"`
	SpecID       string `json:"specId"`
	SpecDomain   string `json:"specDomain"`
	Method       string `json:"method"`
	Path         string `json:"path"`
	BaseURL      string `json:"baseUrl"`
	FullURL      string `json:"fullUrl"`
}

// head is endpoint e's EndpointHead.
func (s *Service) head(e *catalog.Endpoint) EndpointHead {
	tag, col, spec := s.lineage(e)
	base := s.client.BaseURL(e)
	return EndpointHead{ID: e.ID, TagID: tag.ID, CollectionID: col.ID, SpecID: spec.ID, SpecDomain: spec.Domain,
		Method: e.Method, Path: e.Path, BaseURL: base, FullURL: strings.TrimRight(base, "/") + e.Path}
}

// InspectResult is one endpoint's full contract. Operation and Defs are
// the catalog's pre-rendered JSON, spliced in without decoding.
type InspectResult struct {
	EndpointHead
	Operation json.RawMessage `json:"operation"`
	Defs      json.RawMessage `json:"$defs,omitempty"`
	// Omitted counts the referenced schemas left out of Defs for its
	// budget; OmittedSchemas names them, or the first of them when their
	// names alone would pass the budget. inspect {endpointId, schema:
	// NAME} returns each.
	Omitted        int      `json:"omitted,omitempty"`
	OmittedSchemas []string `json:"omittedSchemas,omitempty"`
	Note           string   `json:"note,omitempty"`
}

// Inspect returns an endpoint's full operation with the schemas it
// references under $defs, nearest first, as many as the defs budget
// holds (names of the others included), base URL and full URL.
func (s *Service) Inspect(ref Ref) (*InspectResult, error) {
	i, err := s.resolve(ref)
	if err != nil {
		return nil, err
	}
	e := s.cat.Endpoint(i)
	spec := s.cat.SpecOf(e)
	ans := &InspectResult{EndpointHead: s.head(e), Operation: RawDoc(e.Operation.String(), emptyDoc)}
	var notes []string
	if ans.BaseURL == "" {
		notes = append(notes, noBaseURLNote(spec))
	}
	if len(e.Defs) > 0 {
		ans.Defs, ans.OmittedSchemas, ans.Omitted = assembleDefs(spec.Defs, e.Defs, s.defsBudget)
		if n := ans.Omitted; n > 0 {
			which := "omittedSchemas names them"
			if len(ans.OmittedSchemas) < n {
				which = fmt.Sprintf("omittedSchemas names the first %d; a $ref names each", len(ans.OmittedSchemas))
			}
			notes = append(notes, fmt.Sprintf("%d of the %d schemas this operation references are not under $defs, "+
				"to keep this answer small (%s); "+
				`inspect {"endpointId":%q,"schema":"NAME"} returns any of them.`, n, n+defCount(ans.Defs), which, e.ID))
		}
	}
	ans.Note = strings.Join(notes, " ")
	return ans, nil
}

// noBaseURLNote says why invoke cannot call an API without a base URL.
func noBaseURLNote(spec *catalog.Spec) string {
	note := "The API has no base URL, so invoke cannot call it"
	if spec.EnvPrefix != "" {
		note += fmt.Sprintf(" until %s_BASE_URL is set in the server's environment", spec.EnvPrefix)
	}
	return note + "."
}

// DefsBudget is the bytes of $defs one full answer carries.
func (s *Service) DefsBudget() int { return s.defsBudget }

// assembleDefs renders the $defs object of the defs at idxs, nearest
// first, within budget bytes, and names the ones it leaves out. Every
// byte it writes counts: room for the names of left-out schemas (at most
// a quarter of budget) is reserved first, so $defs and the listed names
// together stay within budget. A schema that does not fit is left out
// whole (no placeholder); smaller ones after it may fit. omitted is how
// many were left out; listed names the first of them, as many as fit.
func assembleDefs(all []catalog.Def, idxs []int, budget int) (defs json.RawMessage, listed []string, omitted int) {
	type entry struct {
		name, schema []byte
		label        string
	}
	seen := make(map[string]bool, len(idxs))
	var entries []entry
	names := 0
	for _, i := range idxs {
		d := all[i]
		if seen[d.Name] {
			continue
		}
		seen[d.Name] = true
		name, _ := json.Marshal(d.Name) // a string always encodes
		entries = append(entries, entry{name, RawDoc(d.Schema.String(), brokenDef), d.Name})
		names += len(name) + 1
	}
	reserve := min(names, budget/4)
	// size is what $defs takes so far; reserve stays free for names.
	size := 2
	out := []byte{'{'}
	var left []string
	for _, en := range entries {
		cost := len(en.name) + 1 + len(en.schema) + 1
		if size+cost+reserve > budget {
			left = append(left, en.label)
			continue
		}
		size += cost
		if len(out) > 1 {
			out = append(out, ',')
		}
		out = append(out, en.name...)
		out = append(out, ':')
		out = append(out, en.schema...)
	}
	out = append(out, '}')
	room := budget - size
	for _, name := range left {
		n, _ := json.Marshal(name)
		if room < len(n)+1 {
			break
		}
		room -= len(n) + 1
		listed = append(listed, name)
	}
	return out, listed, len(left)
}

// defCount is the number of members of a $defs object.
func defCount(defs json.RawMessage) int {
	return len(orderedMembers(defs))
}

// RawDoc is a pre-rendered JSON document, or fallback when it is empty or
// not valid JSON, so one bad literal cannot break the whole answer.
func RawDoc(doc, fallback string) json.RawMessage {
	if strings.TrimSpace(doc) == "" || !json.Valid([]byte(doc)) {
		return json.RawMessage(fallback)
	}
	return json.RawMessage(doc)
}
