package build

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/pb33f/go-yaml"
	v2high "github.com/pb33f/libopenapi/datamodel/high/v2"

	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/generator/naming"
)

// lowerV2 lowers a Swagger 2.0 document into l.spec and l.eps.
func (l *lowerer) lowerV2() grouping {
	d := l.doc.V2
	if d.Info != nil {
		l.spec.Title, l.spec.Description, l.spec.Version = d.Info.Title, d.Info.Description, d.Info.Version
	}
	l.spec.BaseURL = baseURLV2(d.Schemes, d.Host, d.BasePath)
	l.schemesV2(d.SecurityDefinitions)
	for p := range l.doc.PathsV2() {
		l.diags = append(l.diags, p.Diags...)
		if p.Item == nil {
			continue
		}
		for _, o := range operationsV2(p.Item) {
			l.operationV2(p.Path, p.Item, o)
		}
	}
	return grouping{groups: tagGroups(d.Extensions), tags: d.Tags}
}

// baseURLV2 is scheme://host/basePath, preferring https among the schemes
// (https when none are listed); without a host it is the base path alone.
func baseURLV2(schemes []string, host, basePath string) string {
	if host == "" {
		return basePath
	}
	scheme := "https"
	if len(schemes) > 0 && !slices.Contains(schemes, "https") {
		scheme = schemes[0]
	}
	return scheme + "://" + host + basePath
}

// opV2 is one operation of a path item with the key node that declares it.
type opV2 struct {
	method string
	op     *v2high.Operation
	key    *yaml.Node
}

// operationsV2 lists a path item's operations in method order.
func operationsV2(pi *v2high.PathItem) []opV2 {
	ops := []*v2high.Operation{pi.Get, pi.Put, pi.Post, pi.Delete, pi.Options, pi.Head, pi.Patch}
	var keys []*yaml.Node
	if lp := pi.GoLow(); lp != nil {
		keys = []*yaml.Node{lp.Get.KeyNode, lp.Put.KeyNode, lp.Post.KeyNode, lp.Delete.KeyNode,
			lp.Options.KeyNode, lp.Head.KeyNode, lp.Patch.KeyNode}
	}
	var out []opV2
	for i, op := range ops {
		if op == nil {
			continue
		}
		o := opV2{method: methods()[i], op: op}
		if keys != nil {
			o.key = keys[i]
		}
		out = append(out, o)
	}
	return out
}

// operationV2 lowers one operation, or reports why it is skipped.
func (l *lowerer) operationV2(path string, pi *v2high.PathItem, o opV2) {
	d := l.doc.V2
	op := o.op
	method := strings.ToUpper(o.method)
	at := l.pos(o.key)
	label := opLabel(op.OperationId, method, path)
	ep := &ir.Endpoint{
		ID:          naming.EndpointID(l.spec.Domain, method, path),
		Method:      method,
		Path:        path,
		OperationID: op.OperationId,
		Summary:     op.Summary,
		Description: op.Description,
		Tags:        op.Tags,
		Deprecated:  op.Deprecated,
		Pos:         at,
	}
	if !l.keep(ep) {
		return
	}
	if len(op.Schemes) > 0 {
		if u := baseURLV2(op.Schemes, d.Host, d.BasePath); u != l.spec.BaseURL {
			ep.BaseURL = u
		}
	}
	consumes := firstNonEmpty(op.Consumes, d.Consumes, []string{"application/json"})
	produces := firstNonEmpty(op.Produces, d.Produces, []string{"application/json"})
	var refs refSet
	params, b, sk := l.paramsV2(pi.Parameters, op.Parameters, consumes, at, label, &refs)
	if sk == nil {
		if name, problem := checkPathParams(path, params); problem != "" {
			sk = skipf(at, label, "parameter %q: %s", name, problem)
		}
	}
	var resps []response
	if sk == nil {
		resps, sk = l.responsesV2(op.Responses, produces, at, label, &refs)
	}
	if sk == nil {
		reqs := d.Security
		if lo := op.GoLow(); lo != nil && lo.Security.KeyNode != nil {
			reqs = op.Security
		}
		ep.Security, sk = l.requirements(reqs, at, label)
	}
	if sk != nil {
		l.problem(sk)
		return
	}
	l.finish(ep, params, b, resps, refs)
}

// firstNonEmpty returns the first list that has entries.
func firstNonEmpty(lists ...[]string) []string {
	for _, l := range lists {
		if len(l) > 0 {
			return l
		}
	}
	return nil
}

// formField is one formData parameter on its way into an object schema.
type formField struct {
	name     string
	schema   json.RawMessage
	required bool
}

// paramsV2 lowers the merged parameters of a 2.0 operation: body and
// formData parameters become the request body.
func (l *lowerer) paramsV2(pathLevel, opLevel []*v2high.Parameter, consumes []string, at ir.Pos, label string, refs *refSet) ([]param, *body, *skip) {
	id := func(p *v2high.Parameter) paramID {
		if p == nil {
			return paramID{}
		}
		return paramID{p.Name, p.In}
	}
	var out []param
	var b *body
	var form []formField
	file := false
	for _, p := range merge(pathLevel, opLevel, id) {
		if p == nil || ignoredHeader(p.In, p.Name) {
			continue
		}
		required := p.Required != nil && *p.Required
		switch p.In {
		case "body":
			if p.Schema == nil {
				return nil, nil, skipf(at, label, "body parameter %q: no schema", p.Name)
			}
			js, rs, err := l.reg.Schema(p.Schema)
			if err != nil {
				return nil, nil, l.schemaErr(at, label, "body parameter "+quote(p.Name), err)
			}
			refs.add(rs)
			b = &body{required: required, description: p.Description}
			for _, mt := range consumes {
				b.media = append(b.media, media{name: mt, schema: raw(js)})
			}
			continue
		case "formData":
			if p.Type == "" {
				return nil, nil, skipf(at, label, "form parameter %q: no type", p.Name)
			}
			js, rs, err := l.reg.ParamSchemaV2(p)
			if err != nil {
				return nil, nil, l.schemaErr(at, label, "form parameter "+quote(p.Name), err)
			}
			refs.add(rs)
			file = file || p.Type == "file"
			form = append(form, formField{p.Name, withDescription(raw(js), p.Description), required})
			continue
		}
		if !checkLocation(p.In) {
			return nil, nil, skipf(at, label, "parameter %q: unsupported location %q", p.Name, p.In)
		}
		if p.Type == "" {
			return nil, nil, skipf(at, label, "parameter %q: no type", p.Name)
		}
		js, rs, err := l.reg.ParamSchemaV2(p)
		if err != nil {
			return nil, nil, l.schemaErr(at, label, "parameter "+quote(p.Name), err)
		}
		refs.add(rs)
		itemsType := ""
		if p.Items != nil {
			itemsType = p.Items.Type
		}
		format := p.CollectionFormat
		if format == "" && p.Type == "array" {
			format = "csv" // Swagger 2.0's default; the runtime cannot tell a 2.0 parameter otherwise
		}
		out = append(out, param{ir: ir.Param{
			Name:             p.Name,
			In:               p.In,
			CollectionFormat: format,
			Required:         p.In == "path" || required,
			Description:      p.Description,
			Type:             v2Type(p.Type, itemsType),
		}, schema: raw(js)})
	}
	if len(form) > 0 {
		if b != nil {
			return nil, nil, skipf(at, label, "both body and formData parameters")
		}
		b = formBody(form, file || slices.Contains(consumes, "multipart/form-data"))
	}
	assignKeys(out)
	return out, b, nil
}

// formBody is the request body of formData parameters: an object of the fields.
func formBody(form []formField, multipart bool) *body {
	props := object{}
	var required []string
	for _, f := range form {
		props.set(f.name, f.schema)
		if f.required {
			required = append(required, f.name)
		}
	}
	s := object{{"type", "object"}, {"properties", props}}
	if len(required) > 0 {
		s.set("required", required)
	}
	mt := "application/x-www-form-urlencoded"
	if multipart {
		mt = "multipart/form-data"
	}
	return &body{required: len(required) > 0, media: []media{{name: mt, schema: raw(marshalString(s))}}}
}

// responsesV2 lowers responses: codes in spec order, then default. A
// response schema is offered under every media type the operation produces.
func (l *lowerer) responsesV2(rs *v2high.Responses, produces []string, at ir.Pos, label string, refs *refSet) ([]response, *skip) {
	if rs == nil {
		return nil, nil
	}
	var out []response
	add := func(code string, r *v2high.Response) *skip {
		if r == nil {
			return nil
		}
		what := "response " + quote(code)
		resp := response{code: code, description: r.Description}
		if r.Headers != nil {
			for name, h := range r.Headers.FromOldest() {
				if h == nil {
					continue
				}
				js, rr, err := l.reg.HeaderSchemaV2(h)
				if err != nil {
					return l.schemaErr(at, label, what+": header "+quote(name), err)
				}
				refs.add(rr)
				resp.headers = append(resp.headers, header{name: name, description: h.Description, schema: raw(js)})
			}
		}
		if r.Schema != nil {
			js, rr, err := l.reg.Schema(r.Schema)
			if err != nil {
				return l.schemaErr(at, label, what, err)
			}
			refs.add(rr)
			for _, mt := range produces {
				resp.content = append(resp.content, media{name: mt, schema: raw(js)})
			}
		}
		out = append(out, resp)
		return nil
	}
	if rs.Codes != nil {
		for code, r := range rs.Codes.FromOldest() {
			if sk := add(code, r); sk != nil {
				return nil, sk
			}
		}
	}
	if sk := add("default", rs.Default); sk != nil {
		return nil, sk
	}
	return out, nil
}
