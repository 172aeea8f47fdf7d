package server

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// endpointSummary is how search hits and endpoint_by_id describe an
// endpoint: enough lineage (spec → collection → tag) to navigate from it.
type endpointSummary struct {
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
}

// endpointDetail is endpoint_by_id's answer.
type endpointDetail struct {
	endpointSummary
	OperationID string `json:"operationId,omitempty"`
	Deprecated  bool   `json:"deprecated"`
}

// lineage returns the tag, collection and spec of e; checkCatalog made
// every index valid.
func (t *tools) lineage(e *catalog.Endpoint) (*catalog.Tag, *catalog.Collection, *catalog.Spec) {
	tag := &t.cat.Tags[e.Tag]
	col := &t.cat.Collections[tag.Collection]
	return tag, col, &t.cat.Specs[col.Spec]
}

// summarize describes endpoint i of the catalog.
func (t *tools) summarize(i int) endpointSummary {
	e := &t.cat.Endpoints[i]
	tag, col, spec := t.lineage(e)
	var invocable *bool
	if !t.invocable(e) {
		invocable = new(bool)
	}
	return endpointSummary{
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
	}
}

// lookup finds the endpoint an endpointId argument names. It reports a
// validation_failed error for a bad argument and not_found for an unknown
// id or one the run-time filter hides.
func (t *tools) lookup(a *args) (int, *toolError) {
	id := a.string("endpointId", true)
	if err := a.err(); err != nil {
		return 0, err
	}
	i, ok := t.byID[endpointKey(id)]
	if !ok || t.hidden(i) {
		return 0, notFound(id)
	}
	return i, nil
}

// endpointByID handles the endpoint_by_id tool.
func (t *tools) endpointByID(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	i, terr := t.lookup(readArgs(req, "endpointId"))
	if terr != nil {
		return failure(terr)
	}
	e := &t.cat.Endpoints[i]
	return success(endpointDetail{
		endpointSummary: t.summarize(i),
		OperationID:     e.OperationID,
		Deprecated:      e.Deprecated,
	})
}
