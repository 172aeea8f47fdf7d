// Package scripthost answers a script's tools operations (search,
// describe, call) from the application service directly: typed calls in,
// JSON out. It knows neither MCP nor the script engine's internals, only
// the script.Host contract of JSON values, so the engine can later run in
// another process and reach the same calls over a pipe.
package scripthost

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/script"
	"github.com/swag2mcp/swag2mcp/runtime/service"
)

// typeScriptBudget bounds describe's inputTypeScript.
const typeScriptBudget = 6 << 10

// Index maps the flat names of the visible endpoints to their catalog
// index. It is read-only once built.
type Index struct {
	flat map[string]int
}

// NewIndex indexes the flat names of the endpoints svc leaves visible.
func NewIndex(svc *service.Service) *Index {
	cat := svc.Catalog()
	ix := &Index{flat: make(map[string]int, cat.Len())}
	for i := range cat.Len() {
		if name := cat.FlatName(i); name != "" && svc.Visible(i) {
			if _, dup := ix.flat[name]; !dup {
				ix.flat[name] = i
			}
		}
	}
	return ix
}

// Host is one run's script.Host: its calls go to svc and ask the user
// through ask (nil: nobody can be asked).
type Host struct {
	svc   *service.Service
	index *Index
	ask   service.Asker
}

// New returns the host of one script run.
func New(svc *service.Service, index *Index, ask service.Asker) *Host {
	return &Host{svc: svc, index: index, ask: ask}
}

// Known reports whether name is a visible endpoint's flat name.
func (h *Host) Known(name string) bool {
	_, ok := h.index.flat[name]
	return ok
}

// resolve finds the visible endpoint a script path names: an endpoint id
// or a flat name.
func (h *Host) resolve(path string) (int, bool) {
	if i, err := h.svc.Lookup(service.ByID(path)); err == nil {
		return i, true
	}
	i, ok := h.index.flat[path]
	return i, ok
}

// pathOf is the path scripts use for endpoint i: its flat name, or its id
// when it has none.
func (h *Host) pathOf(i int) string {
	cat := h.svc.Catalog()
	if name := cat.FlatName(i); name != "" {
		return name
	}
	return cat.Endpoint(i).ID
}

// item is one search hit in a script: the endpoint summary, with path the
// name describe and call take; the endpoint's URL path is httpPath.
type item struct {
	Path     string `json:"path"`
	FlatName string `json:"flatName,omitempty"`
	service.EndpointSummary
	HTTPPath string `json:"httpPath"`
}

// Search answers tools.search.
func (h *Host) Search(ctx context.Context, q script.SearchQuery) (json.RawMessage, error) {
	res, err := h.svc.Search(ctx, service.SearchRequest{Query: q.Query, Limit: q.Limit, Offset: q.Offset})
	if e := service.AsError(err); e != nil {
		return errorDoc(e)
	}
	if err != nil {
		return nil, err
	}
	items := make([]item, 0, len(res.Endpoints))
	for k, sum := range res.Endpoints {
		i := res.Hits[k]
		items = append(items, item{Path: h.pathOf(i), FlatName: h.svc.Catalog().FlatName(i),
			EndpointSummary: sum, HTTPPath: sum.Path})
	}
	return service.Encode(struct {
		Items []item `json:"items"`
		Total int    `json:"total"`
	}{items, res.Total})
}

// descriptor is tools.describe's answer: inspect's, with the names a
// script uses and the input as TypeScript.
type descriptor struct {
	*service.InspectResult
	HTTPPath           string          `json:"httpPath"`
	ScriptPath         string          `json:"-"`
	FlatName           string          `json:"flatName,omitempty"`
	InputTypeScript    string          `json:"inputTypeScript"`
	InputGuidance      []string        `json:"inputGuidance,omitempty"`
	OutputSchema       json.RawMessage `json:"outputSchema,omitempty"`
	OutputSchemaTarget string          `json:"outputSchemaTarget,omitempty"`
}

// MarshalJSON puts the script path where inspect has the URL path.
func (d descriptor) MarshalJSON() ([]byte, error) {
	type plain descriptor
	b, err := service.Encode(plain(d))
	if err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	if m["path"], err = service.Encode(d.ScriptPath); err != nil {
		return nil, err
	}
	return service.Encode(m) // map keys sorted: deterministic
}

// Describe answers tools.describe.
func (h *Host) Describe(_ context.Context, path string) (json.RawMessage, error) {
	i, ok := h.resolve(path)
	if !ok {
		return errorDoc(unknownPath(path))
	}
	ins, err := h.svc.Inspect(service.ByIndex(i))
	if e := service.AsError(err); e != nil {
		return errorDoc(e)
	}
	if err != nil {
		return nil, err
	}
	cat := h.svc.Catalog()
	e := cat.Endpoint(i)
	defs := specDefs(cat.SpecOf(e).Defs)
	d := descriptor{InspectResult: ins, HTTPPath: ins.Path, ScriptPath: h.pathOf(i), FlatName: e.FlatName}
	d.InputTypeScript, d.InputGuidance = script.TypeScript(service.RawDoc(e.InputSchema.String(), `{"type":"object"}`), defs, typeScriptBudget)
	if out, ok := script.OutputSchema(e.Operation.String(), defs, h.svc.DefsBudget()); ok {
		d.OutputSchema, d.OutputSchemaTarget = out, script.OutputSchemaTarget
	}
	return service.Encode(d)
}

// Call answers tools.call: the invoke path, with the run's asker.
func (h *Host) Call(ctx context.Context, path string, args json.RawMessage) script.CallResult {
	i, ok := h.resolve(path)
	if !ok {
		return failed(unknownPath(path))
	}
	var in service.InvokeArgs
	if hasEndpointID(args) {
		return failed(&service.Error{Code: service.CodeValidationFailed,
			Message: "the endpoint is named by the path argument; leave endpointId out of the arguments"})
	}
	healed, err := service.DecodeArgs(args, &in)
	if err != nil {
		return failed(err)
	}
	in.Healed = healed
	res, err := h.svc.Invoke(ctx, service.InvokeRequest{Endpoint: service.ByIndex(i), Args: in, Ask: h.ask})
	if err != nil {
		return failed(err)
	}
	data, err := service.Encode(res)
	if err != nil {
		return failed(err)
	}
	return script.CallResult{OK: true, Data: data}
}

// hasEndpointID reports arguments that name an endpoint of their own.
func hasEndpointID(args json.RawMessage) bool {
	var m map[string]json.RawMessage
	if json.Unmarshal(args, &m) != nil {
		return false
	}
	_, ok := m["endpointId"]
	return ok
}

// failed is a call's failure as the script sees it: {code, message, …}.
func failed(err error) script.CallResult {
	e := service.AsError(err)
	if e == nil {
		e = &service.Error{Code: service.CodeInvokeError, Message: "the server failed to make the call: " + err.Error()}
	}
	raw, encErr := service.Encode(e)
	if encErr != nil {
		raw = json.RawMessage(`{"code":"invoke_error","message":"unencodable error"}`)
	}
	return script.CallResult{Error: raw}
}

// errorDoc is {"error": e} as describe and search answer a failure.
func errorDoc(e *service.Error) (json.RawMessage, error) {
	return service.Encode(map[string]*service.Error{"error": e})
}

// unknownPath is the not_found error of a path no visible endpoint has.
func unknownPath(path string) *service.Error {
	return &service.Error{Code: service.CodeNotFound, Message: fmt.Sprintf(
		"no endpoint has the path %q; use a path from tools.search (an endpoint id or flat name)", path)}
}

// specDefs looks up a spec's component schemas by name.
func specDefs(defs []catalog.Def) script.DefLookup {
	byName := make(map[string]catalog.Doc, len(defs))
	for _, d := range defs {
		if _, dup := byName[d.Name]; !dup {
			byName[d.Name] = d.Schema
		}
	}
	return func(name string) (json.RawMessage, bool) {
		doc, ok := byName[name]
		if !ok {
			return nil, false
		}
		s := doc.String()
		if !json.Valid([]byte(s)) {
			return nil, false
		}
		return json.RawMessage(s), true
	}
}
