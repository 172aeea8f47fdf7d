package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/script"
	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// scriptHost answers a script's tools operations from the server's own
// tools: search through the searcher, describe through inspect, call
// through callEndpoint (the invoke path).
type scriptHost struct {
	s *scriptTool
}

// scriptItem is one search hit in a script: the search tool's endpoint
// summary, with path the name describe and call take; the endpoint's URL
// path is httpPath.
type scriptItem struct {
	Path     string `json:"path"`
	FlatName string `json:"flatName,omitempty"`
	endpointSummary
	HTTPPath string `json:"httpPath"`
}

func (h *scriptHost) Known(name string) bool {
	_, ok := h.s.flat[name]
	return ok
}

func (h *scriptHost) Search(ctx context.Context, q script.SearchQuery) (json.RawMessage, error) {
	t := h.s.t
	hits, total, err := t.find(ctx, q.Query, q.Offset+q.Limit)
	if err != nil {
		var qe *search.QueryError
		if errors.As(err, &qe) {
			return encode(map[string]*toolError{"error": validationFailed("%s", qe.Error())})
		}
		return nil, err
	}
	items := []scriptItem{}
	for k, hit := range hits {
		if k < q.Offset || hit.Endpoint < 0 || hit.Endpoint >= len(t.cat.Endpoints) {
			continue
		}
		sum := t.summarize(hit.Endpoint)
		items = append(items, scriptItem{Path: h.s.pathOf(hit.Endpoint), FlatName: t.cat.Endpoints[hit.Endpoint].FlatName,
			endpointSummary: sum, HTTPPath: sum.Path})
	}
	return encode(struct {
		Items []scriptItem `json:"items"`
		Total int          `json:"total"`
	}{items, total})
}

func (h *scriptHost) Describe(ctx context.Context, path string) (json.RawMessage, error) {
	i, ok := h.s.resolve(path)
	if !ok {
		return encode(map[string]*toolError{"error": unknownPath(path)})
	}
	t := h.s.t
	e := &t.cat.Endpoints[i]
	raw, err := json.Marshal(map[string]string{"endpointId": e.ID})
	if err != nil {
		return nil, err
	}
	res, err := t.inspect(ctx, mcp.CallToolRequest{Params: mcp.CallToolParams{Name: toolInspect, RawArguments: raw}})
	if err != nil {
		return nil, err
	}
	doc, err := structured(res)
	if err != nil || res.IsError {
		return doc, err
	}
	var d map[string]json.RawMessage
	if err := json.Unmarshal(doc, &d); err != nil {
		return nil, fmt.Errorf("inspect answer: %w", err)
	}
	d["httpPath"] = d["path"]
	defs := specDefs(t.cat.SpecOf(e).Defs)
	ts, guide := script.TypeScript(json.RawMessage(rawDoc(e.InputSchema, `{"type":"object"}`)), defs, typeScriptBudget)
	add := map[string]any{"path": h.s.pathOf(i), "inputTypeScript": ts}
	if e.FlatName != "" {
		add["flatName"] = e.FlatName
	}
	if len(guide) > 0 {
		add["inputGuidance"] = guide
	}
	if out, ok := script.OutputSchema(e.Operation, defs, t.defsBudget); ok {
		add["outputSchema"], add["outputSchemaTarget"] = out, script.OutputSchemaTarget
	}
	for k, v := range add {
		if d[k], err = encode(v); err != nil {
			return nil, err
		}
	}
	return encode(d) // map keys sorted: deterministic
}

func (h *scriptHost) Call(ctx context.Context, path string, args json.RawMessage) script.CallResult {
	i, ok := h.s.resolve(path)
	if !ok {
		raw, _ := encode(unknownPath(path)) // strings always encode
		return script.CallResult{Error: raw}
	}
	res, err := h.s.t.callEndpoint(ctx, i, args)
	if err != nil {
		raw, _ := encode(&toolError{Code: codeInvokeError, Message: "the server failed to make the call: " + err.Error()})
		return script.CallResult{Error: raw}
	}
	doc, err := structured(res)
	if err != nil {
		raw, _ := encode(&toolError{Code: codeInvokeError, Message: err.Error()})
		return script.CallResult{Error: raw}
	}
	if !res.IsError {
		return script.CallResult{OK: true, Data: doc}
	}
	var failed struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(doc, &failed) != nil || len(failed.Error) == 0 {
		failed.Error = doc
	}
	return script.CallResult{Error: failed.Error}
}

// unknownPath is the not_found error of a path no visible endpoint has.
func unknownPath(path string) *toolError {
	return &toolError{Code: codeNotFound, Message: fmt.Sprintf(
		"no endpoint has the path %q; use a path from tools.search (an endpoint id or flat name)", path)}
}

// structured is a tool result's structured content as JSON.
func structured(res *mcp.CallToolResult) (json.RawMessage, error) {
	switch v := res.StructuredContent.(type) {
	case json.RawMessage:
		return v, nil
	case nil:
		return nil, errors.New("the tool gave no structured answer")
	default:
		return encode(v)
	}
}

// specDefs looks up a spec's component schemas by name.
func specDefs(defs []catalog.Def) script.DefLookup {
	byName := make(map[string]string, len(defs))
	for _, d := range defs {
		if _, dup := byName[d.Name]; !dup {
			byName[d.Name] = d.Schema
		}
	}
	return func(name string) (json.RawMessage, bool) {
		s, ok := byName[name]
		if !ok || !json.Valid([]byte(s)) {
			return nil, false
		}
		return json.RawMessage(s), true
	}
}
