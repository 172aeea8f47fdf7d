package service

import (
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// Ref names an endpoint: by its id (as search gives it) or by its index in
// the catalog (as generated code knows it). The zero Ref names none.
type Ref struct {
	id      string
	index   int
	byIndex bool
}

// ByID names the endpoint with id.
func ByID(id string) Ref { return Ref{id: id} }

// ByIndex names endpoint i of the catalog.
func ByIndex(i int) Ref { return Ref{index: i, byIndex: true} }

// EndpointSummary is how search hits and endpoint summaries describe an
// endpoint: enough lineage (spec → collection → tag) to navigate from it.
type EndpointSummary struct {
	ID              string `json:"id"`
	TagID           string `json:"tagId"`
	TagName         string `json:"tagName"`
	CollectionID    string `json:"collectionId"`
	CollectionTitle string `json:"collectionTitle"`
	SpecID          string `json:"specId"`
	SpecDomain      string `json:"specDomain"`
	Method          string `json:"method"`
	Path            string `json:"path"`
	Summary         string `json:"summary"`
	// Invocable is false for an endpoint invoke refuses under the server's
	// policy (a write in read-only mode); absent otherwise.
	Invocable *bool `json:"invocable,omitempty"`
	// Deprecated marks an operation the API asks callers to stop using,
	// so a model choosing among hits takes its replacement; absent
	// otherwise.
	Deprecated bool `json:"deprecated,omitempty"`
}

// EndpointDetail is one endpoint's summary with its operationId and
// deprecation, which it states either way (it shadows the summary's).
type EndpointDetail struct {
	EndpointSummary
	OperationID string `json:"operationId,omitempty"`
	Deprecated  bool   `json:"deprecated"`
}

// resolve finds the visible endpoint ref names and decodes its record. An
// empty id is validation_failed; an unknown or hidden endpoint is
// not_found; a record that does not decode is corrupt_data.
func (s *Service) resolve(ref Ref) (int, *Error) {
	i, err := s.visible(ref)
	if err != nil {
		return 0, err
	}
	if _, err := s.cat.Load(i); err != nil {
		return 0, &Error{Code: CodeCorruptData, Message: err.Error()}
	}
	return i, nil
}

// visible is the index of the visible endpoint ref names.
func (s *Service) visible(ref Ref) (int, *Error) {
	if ref.byIndex {
		if ref.index < 0 || ref.index >= s.cat.Len() || s.hidden(ref.index) {
			return 0, &Error{Code: CodeNotFound, Message: "no endpoint has this index"}
		}
		return ref.index, nil
	}
	if catalog.IDKey(ref.id) == "" {
		return 0, validationFailed("endpointId is required")
	}
	i, ok := s.cat.Find(ref.id)
	if !ok || s.hidden(i) {
		return 0, notFound(ref.id)
	}
	return i, nil
}

// Lookup returns the catalog index of the visible endpoint ref names.
func (s *Service) Lookup(ref Ref) (int, error) {
	i, err := s.resolve(ref)
	if err != nil {
		return 0, err
	}
	return i, nil
}

// Endpoint summarizes one endpoint (the endpoint_by_id tool).
func (s *Service) Endpoint(ref Ref) (*EndpointDetail, error) {
	i, err := s.resolve(ref)
	if err != nil {
		return nil, err
	}
	e := s.cat.Endpoint(i)
	return &EndpointDetail{EndpointSummary: s.Summarize(i), OperationID: e.OperationID, Deprecated: e.Deprecated}, nil
}

// lineage returns the tag, collection and spec of e; checkCatalog made
// every index valid.
func (s *Service) lineage(e *catalog.Endpoint) (*catalog.Tag, *catalog.Collection, *catalog.Spec) {
	tag := &s.cat.Tags[e.Tag]
	col := &s.cat.Collections[tag.Collection]
	return tag, col, &s.cat.Specs[col.Spec]
}

// Summarize describes endpoint i of the catalog.
func (s *Service) Summarize(i int) EndpointSummary {
	e := s.cat.Endpoint(i)
	tag, col, spec := s.lineage(e)
	var invocable *bool
	if !s.invocable(e) {
		invocable = new(bool)
	}
	return EndpointSummary{
		ID:              e.ID,
		TagID:           tag.ID,
		TagName:         tag.Name,
		CollectionID:    col.ID,
		CollectionTitle: col.Title,
		SpecID:          spec.ID,
		SpecDomain:      spec.Domain,
		Method:          e.Method,
		Path:            e.Path,
		Summary:         e.Summary,
		Invocable:       invocable,
		Deprecated:      e.Deprecated,
	}
}

// Visible reports whether the run-time filter leaves endpoint i visible.
func (s *Service) Visible(i int) bool {
	return i >= 0 && i < s.cat.Len() && !s.hidden(i)
}

// hidden reports whether the run-time filter hides endpoint i.
func (s *Service) hidden(i int) bool {
	return s.hide != nil && s.hide[i]
}
