// Package build lowers loaded specs into the IR: it walks each libopenapi
// model once, decides names and IDs through package naming, renders schemas
// through one jsonschema.Registry per spec, and pre-renders each endpoint's
// input schema and inspect document. Operations it cannot serve are skipped
// with a located warning (an error with Options.Strict), never dropped
// silently.
//
// Parameter keys: a parameter's key in invoke's "parameters" object is its
// name, unless another parameter of the same operation has the same name in
// another location; then every such parameter not in the path gets the key
// "{in}.{name}" (for example "query.id" beside the path parameter "id").
package build

import (
	"github.com/swag2mcp/swag2mcp/generator/diag"
	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/generator/load"
	"github.com/swag2mcp/swag2mcp/generator/naming"
	"github.com/swag2mcp/swag2mcp/runtime/filter"
)

// Options control the lowering.
type Options struct {
	Name   string // server name; default: the first spec's domain + "-mcp"
	Module string // Go module path; default: Name
	// Domains override the domain derived from a spec's file name, keyed
	// by the spec's path as loaded (load.Doc.Path).
	Domains map[string]string
	Strict  bool // skipped operations are errors instead of warnings
	// Filter chooses the operations to emit; the others are left out before
	// they are lowered, so they cost nothing and warn about nothing.
	Filter filter.Rules
	// Filtered, when set, receives how many operations Filter left out.
	Filtered *int
	// TypedAPI derives the Go type of each request body, for package
	// mode's typed client (ir.Endpoint.BodyType); standalone servers build
	// requests from data and need none.
	TypedAPI bool
}

// Build lowers docs, in order, into one API. The API is returned even when
// the list holds errors, so callers can show everything found.
func Build(docs []*load.Doc, opts Options) (*ir.API, diag.List) {
	b := NewBuilder(opts)
	for _, d := range docs {
		b.Add(d)
	}
	api, ds := b.Finish()
	return api, append(ds, b.Check()...)
}

// Builder lowers specs one at a time, so a caller can load, lower and
// drop each spec in turn: a server over hundreds of specs then never holds
// more than one libopenapi model in memory.
type Builder struct {
	opts   Options
	api    *ir.API
	owner  map[string]string // domain → file that has it
	diags  diag.List
	checks []schemaCheck // run by Check, when no model is alive
}

// NewBuilder starts an API.
func NewBuilder(opts Options) *Builder {
	return &Builder{opts: opts, api: &ir.API{}, owner: map[string]string{}}
}

// Add lowers one loaded spec into the API; nil is ignored. The IR keeps
// nothing of d, so d can be freed once Add returns.
func (b *Builder) Add(d *load.Doc) {
	if d == nil {
		return
	}
	domain := naming.Domain(d.Path)
	if o := b.opts.Domains[d.Path]; o != "" {
		domain = naming.NormalizeDomain(o)
	}
	if prev, ok := b.owner[domain]; ok {
		b.diags.Errorf(d.Path, 0, 0, "domain %q is already used by %s; give this spec another with --domain %s=NAME",
			domain, prev, d.Path)
		return
	}
	b.owner[domain] = d.Path
	spec, check, filtered, ds := lowerSpec(d, domain, b.opts.Strict, b.opts.Filter)
	b.diags = append(b.diags, ds...)
	if b.opts.Filtered != nil {
		*b.opts.Filtered += filtered
	}
	if spec != nil {
		b.api.Specs = append(b.api.Specs, spec)
		b.checks = append(b.checks, check)
	}
}

// Finish names the API and its endpoints and returns it with every
// problem found but those of Check.
func (b *Builder) Finish() (*ir.API, diag.List) {
	api := b.api
	api.Name = b.opts.Name
	if api.Name == "" {
		domain := "api"
		if len(api.Specs) > 0 {
			domain = api.Specs[0].Domain
		}
		api.Name = domain + "-mcp"
	}
	api.Module = b.opts.Module
	if api.Module == "" {
		api.Module = api.Name
	}
	assignGoNames(api)
	assignFlatNames(api)
	b.diags = append(b.diags, assignCredentialVars(api)...)
	if b.opts.TypedAPI {
		assignBodyTypes(api)
	}
	return api, b.diags
}

// assignGoNames gives every endpoint a Go name unique across the API and
// every parameter a Go name unique within its endpoint, in catalog order.
func assignGoNames(api *ir.API) {
	var endpoints naming.Namer
	for _, s := range api.Specs {
		for _, c := range s.Collections {
			for _, t := range c.Tags {
				for _, e := range t.Endpoints {
					e.GoName = endpoints.Unique(naming.EndpointGoName(e.OperationID, e.Method, e.Path))
					var params naming.Namer
					params.Reserve("Body") // the typed body's field (package mode)
					for i := range e.Params {
						e.Params[i].GoName = params.Unique(naming.GoName(e.Params[i].Key))
					}
				}
			}
		}
	}
}

// Check compiles every endpoint's input schema as a generated server's
// validator will and returns the errors, located. It only reads the API,
// so it may run while the API is emitted; call it after Finish.
func (b *Builder) Check() diag.List {
	var out diag.List
	for _, c := range b.checks {
		out = append(out, c.run()...)
	}
	return out
}
