package build

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"runtime/trace"

	"github.com/pb33f/go-yaml"

	"github.com/swag2mcp/swag2mcp/generator/diag"
	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/generator/jsonschema"
	"github.com/swag2mcp/swag2mcp/generator/load"
	"github.com/swag2mcp/swag2mcp/generator/naming"
	"github.com/swag2mcp/swag2mcp/runtime/filter"
)

// methods is the order operations of a path are lowered in.
func methods() []string {
	return []string{"get", "put", "post", "delete", "options", "head", "patch", "trace"}
}

// lowerer holds the state of lowering one spec.
type lowerer struct {
	doc     *load.Doc
	spec    *ir.Spec
	reg     *jsonschema.Registry
	strict  bool
	filter  filter.Rules
	skipped int // operations filter left out
	diags   diag.List
	eps     []lowered      // in path and method order
	docs    *docWorker     // builds the documents of eps
	schemes map[string]int // security scheme name → index in spec.Security
}

// lowered is one endpoint and the tags it was declared with.
type lowered struct {
	ep   *ir.Endpoint
	tags []string
}

// skip is why an operation cannot be served, located in a spec file.
type skip struct {
	pos ir.Pos
	msg string
}

func (s *skip) Error() string { return s.msg }

// lowerSpec lowers one document, leaving out the operations rules do not
// keep, and says how many it left out. The compilation of its input
// schemas is returned to be run once d is no longer needed.
func lowerSpec(d *load.Doc, domain string, strict bool, rules filter.Rules) (*ir.Spec, schemaCheck, int, diag.List) {
	prefix := naming.EnvPrefix(domain)
	l := &lowerer{
		doc:    d,
		strict: strict,
		filter: rules,
		reg:    jsonschema.NewRegistry(d.Dialect, jsonschema.Options{Index: d.Index}),
		spec: &ir.Spec{
			ID:        naming.SpecID(domain),
			Domain:    domain,
			EnvPrefix: prefix,
			File:      d.Path,
		},
	}
	var walk func() grouping
	switch {
	case d.V3 != nil:
		walk = l.lowerV3
	case d.V2 != nil:
		walk = l.lowerV2
	default:
		l.diags.Errorf(d.Path, 0, 0, "no model to lower")
		return nil, schemaCheck{}, 0, l.diags
	}
	l.docs = startDocs()
	var g grouping
	trace.WithRegion(context.Background(), "lower.walk", func() { g = walk() })
	trace.WithRegion(context.Background(), "lower.docwait", l.docs.wait)
	defer trace.StartRegion(context.Background(), "lower.group").End()
	title := l.spec.Title
	if title == "" {
		title = domain
	}
	l.spec.Collections = group(domain, title, g, l.eps)
	l.spec.Defs = l.reg.Defs()
	l.schemaWarnings()
	l.duplicateOperationIDs()
	l.conflictingTemplates()
	return l.spec, l.newSchemaCheck(), l.skipped, l.diags
}

// keep applies the generation filter to an operation before it is lowered;
// untagged operations carry the tag they will sit under.
func (l *lowerer) keep(ep *ir.Endpoint) bool {
	if l.filter.Empty() {
		return true
	}
	tags := ep.Tags
	if len(tags) == 0 {
		tags = []string{defaultTag}
	}
	if l.filter.Keep(filter.Op{Method: ep.Method, Path: ep.Path, OperationID: ep.OperationID, Tags: tags}) {
		return true
	}
	l.skipped++
	return false
}

// problem reports a skipped operation: a warning, or an error when strict.
func (l *lowerer) problem(s *skip) {
	if l.strict {
		l.diags.Errorf(s.pos.File, s.pos.Line, s.pos.Col, "%s", s.msg)
		return
	}
	l.diags.Warnf(s.pos.File, s.pos.Line, s.pos.Col, "%s", s.msg)
}

// pos locates a YAML node of the root spec file.
func (l *lowerer) pos(n *yaml.Node) ir.Pos {
	p := ir.Pos{File: l.doc.Path}
	if n != nil {
		p.Line, p.Col = n.Line, n.Column
	}
	return p
}

// opLabel names an operation in messages.
func opLabel(operationID, method, path string) string {
	if operationID != "" {
		return fmt.Sprintf("operation %q", operationID)
	}
	return fmt.Sprintf("operation \"%s %s\"", method, path)
}

// skipf builds a skip for the operation being lowered.
func skipf(at ir.Pos, label, format string, args ...any) *skip {
	return &skip{pos: at, msg: label + ": " + fmt.Sprintf(format, args...)}
}

// schemaErr turns a registry error into a skip, located where the registry
// found the problem (the operation when it gives no place).
func (l *lowerer) schemaErr(at ir.Pos, label, what string, err error) *skip {
	var se *jsonschema.Error
	if errors.As(err, &se) {
		if se.Line > 0 {
			at = ir.Pos{File: l.doc.Path, Line: se.Line, Col: se.Col}
			if se.File != "" {
				at.File = filepath.Join(filepath.Dir(l.doc.Path), se.File)
			}
		}
		return skipf(at, label, "%s: %s", what, se.Msg)
	}
	return skipf(at, label, "%s: %v", what, err)
}

// refSet collects def indexes an endpoint's documents reference.
type refSet []int

func (r *refSet) add(refs []int) { *r = append(*r, refs...) }

// raw wraps a rendered schema for marshaling.
func raw(s string) json.RawMessage {
	if s == "" {
		return json.RawMessage("{}")
	}
	return json.RawMessage(s)
}

// quote is %q of s, for building messages.
func quote(s string) string { return fmt.Sprintf("%q", s) }

// defSchemas looks up the JSON of the components rendered as $defs so far
// (multipart bodies given by reference need their fields); it may be used
// on another goroutine while lowering goes on.
func (l *lowerer) defSchemas() defLookup {
	view := l.reg.DefView()
	return func(name string) (json.RawMessage, bool) {
		s, ok := view(name)
		return json.RawMessage(s), ok
	}
}
