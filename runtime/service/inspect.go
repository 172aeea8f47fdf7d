package service

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// Placeholders that stand in for a schema under $defs, so no $ref dangles.
const (
	omittedDef = `{"$comment":"omitted to keep this answer small"}`
	brokenDef  = `{"$comment":"schema unavailable"}`
	emptyDoc   = `{}`
)

// InspectResult is one endpoint's full contract. Operation and Defs are
// the catalog's pre-rendered JSON, spliced in without decoding.
type InspectResult struct {
	ID           string          `json:"id"`
	TagID        string          `json:"tagId"`
	CollectionID string          `json:"collectionId"`
	SpecID       string          `json:"specId"`
	SpecDomain   string          `json:"specDomain"`
	Method       string          `json:"method"`
	Path         string          `json:"path"`
	BaseURL      string          `json:"baseUrl"`
	FullURL      string          `json:"fullUrl"`
	Operation    json.RawMessage `json:"operation"`
	Defs         json.RawMessage `json:"$defs,omitempty"`
	Note         string          `json:"note,omitempty"`
}

// Inspect returns an endpoint's operation with its schemas under $defs
// (bounded by the defs budget), base URL and full URL.
func (s *Service) Inspect(ref Ref) (*InspectResult, error) {
	i, err := s.resolve(ref)
	if err != nil {
		return nil, err
	}
	e := &s.cat.Endpoints[i]
	tag, col, spec := s.lineage(e)
	base := s.client.BaseURL(e)
	ans := &InspectResult{
		ID:           e.ID,
		TagID:        tag.ID,
		CollectionID: col.ID,
		SpecID:       spec.ID,
		SpecDomain:   spec.Domain,
		Method:       e.Method,
		Path:         e.Path,
		BaseURL:      base,
		FullURL:      strings.TrimRight(base, "/") + e.Path,
		Operation:    RawDoc(e.Operation, emptyDoc),
	}
	var notes []string
	if base == "" {
		note := "The API has no base URL, so invoke cannot call it"
		if spec.EnvPrefix != "" {
			note += fmt.Sprintf(" until %s_BASE_URL is set in the server's environment", spec.EnvPrefix)
		}
		notes = append(notes, note+".")
	}
	if len(e.Defs) > 0 {
		defs, omitted := assembleDefs(spec.Defs, e.Defs, s.defsBudget)
		ans.Defs = defs
		if omitted > 0 {
			notes = append(notes, fmt.Sprintf("%d of %d schemas under $defs were omitted to keep this answer small; "+
				"the operation's own parameters and body are complete.", omitted, len(e.Defs)))
		}
	}
	ans.Note = strings.Join(notes, " ")
	return ans, nil
}

// DefsBudget is the bytes of $defs one answer carries.
func (s *Service) DefsBudget() int { return s.defsBudget }

// assembleDefs renders the $defs object of the defs at idxs, nearest first.
// A schema that no longer fits in budget bytes is replaced by a placeholder,
// and smaller ones after it may still fit. It returns how many were omitted.
func assembleDefs(all []catalog.Def, idxs []int, budget int) (json.RawMessage, int) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	seen := make(map[string]bool, len(idxs))
	used, omitted := 0, 0
	for _, i := range idxs {
		d := all[i]
		if seen[d.Name] {
			continue
		}
		seen[d.Name] = true
		if len(seen) > 1 {
			buf.WriteByte(',')
		}
		name, _ := json.Marshal(d.Name) // a string always encodes
		buf.Write(name)
		buf.WriteByte(':')
		schema := RawDoc(d.Schema, brokenDef)
		if used+len(schema) > budget {
			omitted++
			buf.WriteString(omittedDef)
			continue
		}
		used += len(schema)
		buf.Write(schema)
	}
	buf.WriteByte('}')
	return buf.Bytes(), omitted
}

// RawDoc is a pre-rendered JSON document, or fallback when it is empty or
// not valid JSON, so one bad literal cannot break the whole answer.
func RawDoc(doc, fallback string) json.RawMessage {
	if strings.TrimSpace(doc) == "" || !json.Valid([]byte(doc)) {
		return json.RawMessage(fallback)
	}
	return json.RawMessage(doc)
}
