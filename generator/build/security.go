package build

import (
	"slices"
	"strings"

	"github.com/pb33f/go-yaml"
	"github.com/pb33f/libopenapi/datamodel/high/base"
	v2high "github.com/pb33f/libopenapi/datamodel/high/v2"
	v3high "github.com/pb33f/libopenapi/datamodel/high/v3"
	"github.com/pb33f/libopenapi/datamodel/low"
	"github.com/pb33f/libopenapi/orderedmap"

	"github.com/swag2mcp/swag2mcp/generator/diag"
	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/generator/naming"
)

// addScheme appends a scheme to the spec, located at its key node.
// Its environment variables are named once every spec is lowered
// (assignCredentialVars), since they must be unique across the server.
func (l *lowerer) addScheme(s *ir.SecurityScheme, key *yaml.Node) {
	if l.schemes == nil {
		l.schemes = make(map[string]int)
	}
	s.Pos = l.pos(key)
	l.schemes[s.Name] = len(l.spec.Security)
	l.spec.Security = append(l.spec.Security, s)
}

// inSourceOrder is m's keys in the order the spec writes them (by their
// key nodes; a key without one last, by name). libopenapi builds Swagger
// 2.0's securityDefinitions on one goroutine per scheme and keeps them in
// the order the goroutines finish, so its map order is not the spec's and
// differs from run to run.
func inSourceOrder[V any](m *orderedmap.Map[string, V], keys map[string]*yaml.Node) []string {
	names := slices.Collect(m.KeysFromOldest())
	at := func(name string) (int, int, bool) {
		if k := keys[name]; k != nil {
			return k.Line, k.Column, true
		}
		return 0, 0, false
	}
	slices.SortStableFunc(names, func(a, b string) int {
		la, ca, oka := at(a)
		lb, cb, okb := at(b)
		switch {
		case oka != okb:
			if oka {
				return -1
			}
			return 1
		case la != lb:
			return la - lb
		case ca != cb:
			return ca - cb
		}
		return strings.Compare(a, b)
	})
	return names
}

// keyNodes maps the keys of a low-level map to their YAML nodes.
func keyNodes[V any](m *orderedmap.Map[low.KeyReference[string], low.ValueReference[V]]) map[string]*yaml.Node {
	out := map[string]*yaml.Node{}
	if m == nil {
		return out
	}
	for k := range m.KeysFromOldest() {
		out[k.Value] = k.KeyNode
	}
	return out
}

// assignCredentialVars names every scheme's environment variables, unique
// across the API, and warns, at the scheme, about each scheme that could
// not have its plain names and which ones it reads instead.
func assignCredentialVars(api *ir.API) diag.List {
	specs := make([]naming.CredentialSpec, len(api.Specs))
	for i, sp := range api.Specs {
		specs[i].Prefix = sp.EnvPrefix
		for _, s := range sp.Security {
			specs[i].Schemes = append(specs[i].Schemes, naming.Scheme{
				Name: s.Name, Type: s.Type, HTTPScheme: s.Scheme,
				ClientCredentials: slices.Contains(s.Flows, "clientCredentials"),
			})
		}
	}
	vars, renamed := naming.CredentialEnvVars(specs)
	for i, sp := range api.Specs {
		for j, s := range sp.Security {
			s.EnvVars = vars[i][j]
		}
	}
	var diags diag.List
	for _, r := range renamed {
		sp := api.Specs[r.Spec]
		s := sp.Security[r.Scheme]
		hs := api.Specs[r.Holder.Spec]
		holder := "a setting of spec " + quote(hs.Domain)
		if r.Holder.Scheme >= 0 {
			holder = "security scheme " + quote(hs.Security[r.Holder.Scheme].Name)
			if r.Holder.Spec != r.Spec {
				holder += " of spec " + quote(hs.Domain)
			}
		}
		diags.Warnf(s.Pos.File, s.Pos.Line, s.Pos.Col,
			"security scheme %q reads %s, not %s: that name is taken by %s",
			s.Name, strings.Join(r.Vars, ", "), r.Taken, holder)
	}
	return diags
}

// schemesV3 lowers components.securitySchemes.
func (l *lowerer) schemesV3(c *v3high.Components) {
	m := c.SecuritySchemes
	if m == nil {
		return
	}
	keys := map[string]*yaml.Node{}
	if lc := c.GoLow(); lc != nil {
		keys = keyNodes(lc.SecuritySchemes.Value)
	}
	for _, name := range inSourceOrder(m, keys) {
		ss := m.GetOrZero(name)
		if ss == nil {
			continue
		}
		s := &ir.SecurityScheme{
			Name: name, Type: ss.Type, In: ss.In, ParamName: ss.Name, Scheme: ss.Scheme,
			BearerFormat: ss.BearerFormat, OpenIDURL: ss.OpenIdConnectUrl, Description: ss.Description,
		}
		if f := ss.Flows; f != nil {
			flows := []struct {
				name string
				flow *v3high.OAuthFlow
			}{
				{"implicit", f.Implicit}, {"password", f.Password},
				{"clientCredentials", f.ClientCredentials}, {"authorizationCode", f.AuthorizationCode},
			}
			for _, fl := range flows {
				if fl.flow == nil {
					continue
				}
				s.Flows = append(s.Flows, fl.name)
				if fl.flow.Scopes != nil {
					for scope := range fl.flow.Scopes.KeysFromOldest() {
						s.Scopes = append(s.Scopes, scope)
					}
				}
			}
			if f.ClientCredentials != nil {
				s.TokenURL = f.ClientCredentials.TokenUrl
			}
		}
		l.addScheme(finishScheme(s), keys[name])
	}
}

// schemesV2 lowers securityDefinitions. Type basic becomes http/basic and
// the 2.0 flow names become their 3.x names (application → clientCredentials,
// accessCode → authorizationCode).
func (l *lowerer) schemesV2(d *v2high.SecurityDefinitions) {
	if d == nil || d.Definitions == nil {
		return
	}
	keys := map[string]*yaml.Node{}
	if ld := d.GoLow(); ld != nil {
		keys = keyNodes(ld.Definitions)
	}
	for _, name := range inSourceOrder(d.Definitions, keys) {
		ss := d.Definitions.GetOrZero(name)
		if ss == nil {
			continue
		}
		s := &ir.SecurityScheme{Name: name, Type: ss.Type, In: ss.In, ParamName: ss.Name, Description: ss.Description}
		switch ss.Type {
		case "basic":
			s.Type, s.Scheme = "http", "basic"
		case "oauth2":
			flow := map[string]string{"application": "clientCredentials", "accessCode": "authorizationCode"}[ss.Flow]
			if flow == "" {
				flow = ss.Flow
			}
			if flow != "" {
				s.Flows = []string{flow}
			}
			if flow == "clientCredentials" {
				s.TokenURL = ss.TokenUrl
			}
			if ss.Scopes != nil && ss.Scopes.Values != nil {
				for scope := range ss.Scopes.Values.KeysFromOldest() {
					s.Scopes = append(s.Scopes, scope)
				}
			}
		}
		l.addScheme(finishScheme(s), keys[name])
	}
}

// finishScheme sorts and dedupes scopes and flows.
func finishScheme(s *ir.SecurityScheme) *ir.SecurityScheme {
	slices.Sort(s.Scopes)
	s.Scopes = slices.Compact(s.Scopes)
	slices.Sort(s.Flows)
	s.Flows = slices.Compact(s.Flows)
	return s
}

// requirements lowers a security list. An empty entry ({}) is an
// alternative that needs no credentials. A scheme the spec does not define
// makes the operation unservable.
func (l *lowerer) requirements(reqs []*base.SecurityRequirement, at ir.Pos, label string) ([]ir.Requirement, *skip) {
	var out []ir.Requirement
	for _, r := range reqs {
		if r == nil {
			continue
		}
		var req ir.Requirement
		if r.Requirements != nil {
			for name, scopes := range r.Requirements.FromOldest() {
				i, ok := l.schemes[name]
				if !ok {
					return nil, skipf(at, label, "security scheme %q is not defined", name)
				}
				req.Schemes = append(req.Schemes, ir.SchemeUse{Scheme: i, Scopes: scopes})
			}
		}
		out = append(out, req)
	}
	return out, nil
}
