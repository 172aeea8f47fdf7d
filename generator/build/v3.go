package build

import (
	"strings"

	"github.com/pb33f/go-yaml"
	"github.com/pb33f/libopenapi/datamodel/high/base"
	v3high "github.com/pb33f/libopenapi/datamodel/high/v3"
	"github.com/pb33f/libopenapi/orderedmap"

	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/generator/naming"
)

// lowerV3 lowers an OpenAPI 3.0/3.1 document into l.spec and l.eps.
func (l *lowerer) lowerV3() grouping {
	d := l.doc.V3
	if d.Info != nil {
		l.spec.Title, l.spec.Description, l.spec.Version = d.Info.Title, d.Info.Description, d.Info.Version
	}
	l.spec.BaseURL = serverURL(d.Servers)
	if d.Components != nil {
		l.schemesV3(d.Components)
	}
	for p := range l.doc.PathsV3() {
		l.diags = append(l.diags, p.Diags...)
		if p.Item == nil {
			continue
		}
		for _, o := range operationsV3(p.Item) {
			l.operationV3(p.Path, p.Item, o)
		}
	}
	return grouping{groups: tagGroups(d.Extensions), tags: d.Tags}
}

// opV3 is one operation of a path item with the key node that declares it.
type opV3 struct {
	method string
	op     *v3high.Operation
	key    *yaml.Node
}

// operationsV3 lists a path item's operations in method order.
func operationsV3(pi *v3high.PathItem) []opV3 {
	ops := []*v3high.Operation{pi.Get, pi.Put, pi.Post, pi.Delete, pi.Options, pi.Head, pi.Patch, pi.Trace}
	var keys []*yaml.Node
	if lp := pi.GoLow(); lp != nil {
		keys = []*yaml.Node{lp.Get.KeyNode, lp.Put.KeyNode, lp.Post.KeyNode, lp.Delete.KeyNode,
			lp.Options.KeyNode, lp.Head.KeyNode, lp.Patch.KeyNode, lp.Trace.KeyNode}
	}
	var out []opV3
	for i, m := range methods() {
		if ops[i] == nil {
			continue
		}
		o := opV3{method: m, op: ops[i]}
		if keys != nil {
			o.key = keys[i]
		}
		out = append(out, o)
	}
	return out
}

// serverURL is the first server's URL with its variables set to their defaults.
func serverURL(servers []*v3high.Server) string {
	if len(servers) == 0 || servers[0] == nil {
		return ""
	}
	s := servers[0]
	u := s.URL
	if s.Variables != nil {
		for name, v := range s.Variables.FromOldest() {
			if v != nil {
				u = strings.ReplaceAll(u, "{"+name+"}", v.Default)
			}
		}
	}
	return u
}

// operationV3 lowers one operation, or reports why it is skipped.
func (l *lowerer) operationV3(path string, pi *v3high.PathItem, o opV3) {
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
		Deprecated:  op.Deprecated != nil && *op.Deprecated,
		Pos:         at,
	}
	if !l.keep(ep) {
		return
	}
	if u := serverURL(op.Servers); u != "" {
		ep.BaseURL = u
	} else {
		ep.BaseURL = serverURL(pi.Servers)
	}
	var refs refSet
	params, sk := l.paramsV3(pi.Parameters, op.Parameters, at, label, &refs)
	if sk == nil {
		if name, problem := checkPathParams(path, params); problem != "" {
			sk = skipf(at, label, "parameter %q: %s", name, problem)
		}
	}
	var b *body
	if sk == nil && op.RequestBody != nil {
		b, sk = l.bodyV3(op.RequestBody, at, label, &refs)
	}
	var resps []response
	if sk == nil {
		resps, sk = l.responsesV3(op.Responses, at, label, &refs)
	}
	if sk == nil {
		reqs := l.doc.V3.Security
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

// finish fills an endpoint's parameters and body, keeps it, and has its
// documents built (see docWorker).
func (l *lowerer) finish(ep *ir.Endpoint, params []param, b *body, resps []response, refs refSet) {
	for _, p := range params {
		ep.Params = append(ep.Params, p.ir)
	}
	if b != nil && len(b.media) > 0 {
		ep.Body = &ir.Body{Required: b.required}
		for _, m := range b.media {
			ep.Body.MediaTypes = append(ep.Body.MediaTypes, m.name)
		}
	}
	ep.DefRefs = l.reg.Closure(refs)
	l.docs.add(docJob{ep: ep, params: params, body: b, resps: resps, defs: l.defSchemas()})
	tags := ep.Tags
	if len(tags) == 0 {
		tags = []string{defaultTag}
	}
	l.eps = append(l.eps, lowered{ep: ep, tags: tags})
}

// paramsV3 lowers the merged parameters of an operation.
func (l *lowerer) paramsV3(pathLevel, opLevel []*v3high.Parameter, at ir.Pos, label string, refs *refSet) ([]param, *skip) {
	var out []param
	id := func(p *v3high.Parameter) paramID {
		if p == nil {
			return paramID{}
		}
		return paramID{p.Name, p.In}
	}
	for _, p := range merge(pathLevel, opLevel, id) {
		if p == nil || ignoredHeader(p.In, p.Name) {
			continue
		}
		if !checkLocation(p.In) {
			return nil, skipf(at, label, "parameter %q: unsupported location %q", p.Name, p.In)
		}
		sp := p.Schema
		if sp == nil && p.Content != nil {
			for _, mt := range p.Content.FromOldest() {
				if mt != nil {
					sp = mt.Schema
				}
				break
			}
		}
		if sp == nil {
			return nil, skipf(at, label, "parameter %q: no schema", p.Name)
		}
		js, rs, err := l.reg.Schema(sp)
		if err != nil {
			return nil, l.schemaErr(at, label, "parameter "+quote(p.Name), err)
		}
		refs.add(rs)
		ip := ir.Param{
			Name:          p.Name,
			In:            p.In,
			AllowReserved: p.AllowReserved,
			Required:      p.In == "path" || (p.Required != nil && *p.Required),
			Description:   p.Description,
			Type:          typeOf(sp),
		}
		if lp := p.GoLow(); lp != nil {
			if lp.Style.ValueNode != nil {
				ip.Style = lp.Style.Value
			}
			if lp.Explode.ValueNode != nil {
				v := lp.Explode.Value
				ip.Explode = &v
			}
		}
		out = append(out, param{ir: ip, schema: raw(js)})
	}
	assignKeys(out)
	return out, nil
}

// mediaV3 renders a content map.
func (l *lowerer) mediaV3(c *orderedmap.Map[string, *v3high.MediaType], at ir.Pos, label, what string, refs *refSet) ([]media, *skip) {
	if c == nil {
		return nil, nil
	}
	var out []media
	for name, mt := range c.FromOldest() {
		m := media{name: name}
		if mt != nil && mt.Schema != nil {
			js, rs, err := l.reg.Schema(mt.Schema)
			if err != nil {
				return nil, l.schemaErr(at, label, what+" "+quote(name), err)
			}
			refs.add(rs)
			m.schema = raw(js)
		}
		if mt != nil {
			m.encoding = encodingV3(mt.Encoding)
		}
		out = append(out, m)
	}
	return out, nil
}

// bodyV3 lowers a request body.
func (l *lowerer) bodyV3(rb *v3high.RequestBody, at ir.Pos, label string, refs *refSet) (*body, *skip) {
	ms, sk := l.mediaV3(rb.Content, at, label, "request body", refs)
	if sk != nil {
		return nil, sk
	}
	if len(ms) == 0 {
		return nil, nil
	}
	return &body{required: rb.Required != nil && *rb.Required, description: rb.Description, media: ms}, nil
}

// responsesV3 lowers responses: codes in spec order, then default.
func (l *lowerer) responsesV3(rs *v3high.Responses, at ir.Pos, label string, refs *refSet) ([]response, *skip) {
	if rs == nil {
		return nil, nil
	}
	var out []response
	add := func(code string, r *v3high.Response) *skip {
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
				var sp *base.SchemaProxy = h.Schema
				if sp == nil && h.Content != nil {
					for _, mt := range h.Content.FromOldest() {
						if mt != nil {
							sp = mt.Schema
						}
						break
					}
				}
				hd := header{name: name, description: h.Description, schema: raw("")}
				if sp != nil {
					js, rr, err := l.reg.Schema(sp)
					if err != nil {
						return l.schemaErr(at, label, what+": header "+quote(name), err)
					}
					refs.add(rr)
					hd.schema = raw(js)
				}
				resp.headers = append(resp.headers, hd)
			}
		}
		ms, sk := l.mediaV3(r.Content, at, label, what+": media type", refs)
		if sk != nil {
			return sk
		}
		resp.content = ms
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
