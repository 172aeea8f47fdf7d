package build

import (
	"github.com/swag2mcp/swag2mcp/generator/diag"
	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
)

// schemaCheck is the compilation of one lowered spec's input schemas, kept
// for after the spec's libopenapi model is gone: it holds only the IR and
// where each def was declared. Compiling every schema of a giant spec
// (Graph beta: 22,361 endpoints) takes as much memory again as its model,
// so the two never coexist.
type schemaCheck struct {
	spec   *ir.Spec
	eps    []*ir.Endpoint // in lowering order
	defPos []ir.Pos       // by def index
}

// newSchemaCheck records what the check of l's spec needs.
func (l *lowerer) newSchemaCheck() schemaCheck {
	c := schemaCheck{spec: l.spec, eps: make([]*ir.Endpoint, len(l.eps)), defPos: make([]ir.Pos, len(l.spec.Defs))}
	for i, lw := range l.eps {
		c.eps[i] = lw.ep
	}
	for i := range c.defPos {
		c.defPos[i] = l.at(l.reg.DefPos(i))
	}
	return c
}

// run compiles each endpoint's input schema as a generated server's
// validator will (runtime/invoke.CompileInputSchema): a schema it cannot
// compile would leave the endpoint's arguments unchecked, so it is an
// error, located at the def or the operation it is in, each place once.
func (c schemaCheck) run() diag.List {
	spec := &catalog.Spec{Defs: make([]catalog.Def, len(c.spec.Defs))}
	defIndex := map[string]int{}
	for i, d := range c.spec.Defs {
		spec.Defs[i] = catalog.Def{Name: d.Name, Schema: catalog.Text(d.Schema)}
		defIndex[d.Name] = i
	}
	eps := make([]*catalog.Endpoint, len(c.eps))
	for i, e := range c.eps {
		eps[i] = &catalog.Endpoint{ID: e.ID, InputSchema: catalog.Text(e.InputSchema), Defs: e.DefRefs}
	}
	if allCompile(spec, eps) {
		return nil
	}
	var out diag.List
	reported := map[string]bool{}
	for i, e := range c.eps {
		se, ok := invoke.CompileInputSchema(eps[i], spec).(*invoke.SchemaError)
		if !ok {
			continue
		}
		for _, p := range se.Problems {
			where, at, inner := opLabel(e.OperationID, e.Method, e.Path)+": input schema", e.Pos, p.Pointer
			if name, rest, ok := defOf(p.Pointer); ok {
				if i, known := defIndex[name]; known {
					where, at, inner = "schema "+quote(name), c.defPos[i], rest
				}
			}
			key := where + "\x00" + inner + "\x00" + p.Message
			if reported[key] {
				continue
			}
			reported[key] = true
			if inner == "" {
				inner = "/"
			}
			out.Errorf(at.File, at.Line, at.Col, "%s cannot be compiled for argument validation: at %s: %s", where, inner, p.Message)
		}
	}
	return out
}

// allCompile reports whether every endpoint's input schema compiles, as
// invoke.InputSchemasCompile does, with each distinct schema text
// compiled once (on Graph beta 12,945 of 22,361 are distinct).
func allCompile(spec *catalog.Spec, eps []*catalog.Endpoint) bool {
	var distinct []*catalog.Endpoint
	first := map[string]*catalog.Endpoint{}
	for _, e := range eps {
		text := e.InputSchema.String()
		if rep, seen := first[text]; seen {
			rep.Defs = append(rep.Defs, e.Defs...)
			continue
		}
		rep := &catalog.Endpoint{ID: e.ID, InputSchema: e.InputSchema, Defs: e.Defs[:len(e.Defs):len(e.Defs)]}
		first[text] = rep
		distinct = append(distinct, rep)
	}
	return invoke.InputSchemasCompile(spec, distinct)
}
