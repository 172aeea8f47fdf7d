package main

import (
	"crypto/md5"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"slices"
	"strings"

	"github.com/swag2mcp/swag2mcp/eval/internal/specs"
	"github.com/swag2mcp/swag2mcp/generator/ir"
)

// The shape of a giant generated API (-stress template, nested,
// nested-strict): every operation titled by a template of its method and
// path segments, no other text, and the same operations repeated under
// other resources' paths, deeper and deeper. It is built from the tuning
// API itself, so the queries and their labels still apply.

// nestSeed seeds which prefixes nest an operation's copies; it is fixed so
// every run builds the same API.
const nestSeed = "swag2mcp-issue-11/nested"

// nestCopies is how many nested copies each operation gets: about ten
// paths per operation, as a giant generated API has.
const nestCopies = 8

// templated returns a copy of api with every text stripped (as bare) and
// every operation re-titled from its method and path: a summary such as
// "Get comments from issues" or "Update the navigation property labels in
// issues", and an operationId such as "issues.comments.ListComments".
// api itself is not changed.
func templated(api *ir.API) *ir.API {
	out := cloneAPI(api)
	stripTexts(out)
	retitle(out)
	return out
}

// described returns a copy of api re-titled as templated does, its texts
// kept, and each operation's own summary moved to the front of its
// description: a generated API whose titles restate the path while its
// descriptions say what an operation does ("Invoke action cancel": "This
// action allows the organizer of a meeting to send a cancellation…").
func described(api *ir.API) *ir.API {
	out := cloneAPI(api)
	for _, e := range specs.Endpoints(out) {
		if sum := strings.TrimSpace(e.Summary); sum != "" {
			e.Description = strings.TrimSpace(strings.TrimRight(sum, ".") + ". " + e.Description)
		}
	}
	retitle(out)
	return out
}

// retitle titles, in place, every operation of api from its method and
// path (see templateTitle).
func retitle(out *ir.API) {
	byPath := map[string]bool{}
	for _, e := range specs.Endpoints(out) {
		if e.Method == "GET" {
			byPath[e.Path] = true
		}
	}
	base := commonBase(out)
	for _, e := range specs.Endpoints(out) {
		e.Summary, e.OperationID = templateTitle(e.Method, strings.TrimPrefix(e.Path, base), byPath[e.Path])
	}
}

// templateTitle is the summary and operationId of a method on a path
// (below the API's common base, such as /api): the path's last literal
// segment is the property, the one before it (or the first) the entity it
// belongs to. hasGet tells whether the path can be read, so a POST to an
// unreadable path is an action.
func templateTitle(method, path string, hasGet bool) (summary, opID string) {
	lits, item := pathShape(path)
	if len(lits) == 0 {
		return strings.ToLower(method) + " root", "root." + verbName(method, item)
	}
	prop := lits[len(lits)-1]
	if len(lits) == 1 {
		set := prop
		switch {
		case method == "GET" && item:
			summary = "Get entity from " + set + " by key"
		case method == "GET":
			summary = "Get entities from " + set
		case method == "POST" && !item:
			summary = "Add new entity to " + set
		case method == "DELETE":
			summary = "Delete entity from " + set
		default:
			summary = "Update entity in " + set
		}
		return summary, set + "." + verbName(method, item) + upperFirst(set)
	}
	owner := lits[len(lits)-2]
	switch {
	case method == "POST" && !item && !hasGet:
		summary = "Invoke action " + prop
	case method == "GET":
		summary = "Get " + prop + " from " + owner
	case method == "POST":
		summary = "Create new navigation property to " + prop + " for " + owner
	case method == "DELETE":
		summary = "Delete navigation property " + prop + " for " + owner
	default:
		summary = "Update the navigation property " + prop + " in " + owner
	}
	return summary, owner + "." + prop + "." + verbName(method, item) + upperFirst(prop)
}

// pathShape returns a path's literal segments and whether it ends in a
// parameter.
func pathShape(path string) (lits []string, item bool) {
	for seg := range strings.SplitSeq(strings.Trim(path, "/"), "/") {
		if seg == "" {
			continue
		}
		item = strings.HasPrefix(seg, "{")
		if !item {
			lits = append(lits, seg)
		}
	}
	return lits, item
}

func verbName(method string, item bool) string {
	switch method {
	case "GET":
		if item {
			return "Get"
		}
		return "List"
	case "POST":
		return "Create"
	case "DELETE":
		return "Delete"
	}
	return "Update"
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// nested returns the templated api followed by one more spec holding up
// to nestCopies copies of every operation, each moved under another of the
// API's item paths (a path prefix that ends in parameters, such as
// /users/{username} or /repos/{owner}/{repo}/issues/{issue_number}), its
// parameters renamed apart, and titled by the template again: /repos/{owner}/{repo}/labels
// also appears as /users/{username_1}/labels and
// /orgs/{org_1}/teams/{team_slug_1}/labels. original gives, for each copy
// in catalog order, the key of the operation it copies.
func nested(api *ir.API) (out *ir.API, original []string) {
	out = templated(api)
	base := commonBase(out)
	prefixes := itemPrefixes(out, base)
	if len(prefixes) == 0 {
		return out, nil
	}
	taken := map[string]bool{} // method and path: no copy repeats an operation or another copy
	for _, e := range specs.Endpoints(out) {
		taken[opKey(e.Method, e.Path)] = true
	}
	var made []*ir.Endpoint
	copies := mapEndpoints(out, func(s *ir.Spec, e *ir.Endpoint) []*ir.Endpoint {
		var cs []*ir.Endpoint
		for i := range nestCopies {
			ce := nestedCopy(s.Domain, e, base, prefixes, i)
			if ce == nil || taken[opKey(ce.Method, ce.Path)] {
				continue
			}
			taken[opKey(ce.Method, ce.Path)] = true
			original = append(original, opKey(e.Method, e.Path))
			cs = append(cs, ce)
		}
		made = append(made, cs...)
		return cs
	})
	hasGet := map[string]bool{}
	for _, e := range made {
		hasGet[e.Path] = hasGet[e.Path] || e.Method == "GET"
	}
	for _, e := range made {
		e.Summary, e.OperationID = templateTitle(e.Method, strings.TrimPrefix(e.Path, base), hasGet[e.Path])
	}
	out.Specs = append(out.Specs, copies.Specs...)
	return out, original
}

// nestedCopy is copy i of e under the item path a hash of the seed, e and
// i picks: base, the item path, then what follows e's own first item path
// (all of e's path after base when e has none, or is one). nil when the
// pick is e's own first item path or a prefix of e's path.
func nestedCopy(domain string, e *ir.Endpoint, base string, prefixes []string, i int) *ir.Endpoint {
	h := sha256.Sum256([]byte(nestSeed + "\x00" + e.Method + " " + e.Path + "\x00" + string(rune('0'+i))))
	p := prefixes[binary.BigEndian.Uint32(h[:4])%uint32(len(prefixes))]
	rest := strings.TrimPrefix(e.Path, base)
	if strings.HasPrefix(rest+"/", p+"/") {
		return nil
	}
	if head := firstItem(rest); head != "" && head != rest {
		rest = strings.TrimPrefix(rest, head)
	}
	ce := *e
	ce.Params = slices.Clone(e.Params)
	var pre strings.Builder
	pre.WriteString(base)
	for seg := range strings.SplitSeq(strings.Trim(p, "/"), "/") {
		if name, ok := strings.CutPrefix(seg, "{"); ok {
			name = strings.TrimSuffix(name, "}") + "_1"
			ce.Params = append(ce.Params, ir.Param{Name: name, Key: name, In: "path", Required: true})
			seg = "{" + name + "}"
		}
		pre.WriteString("/" + seg)
	}
	ce.Path = pre.String() + rest
	sum := md5.Sum([]byte(domain + " " + ce.Method + " " + ce.Path))
	ce.ID = hex.EncodeToString(sum[:])
	return &ce
}

// firstItem is a path's literal segments up to its first parameters and
// those parameters ("/repos/{owner}/{repo}"); "" when the path starts with
// a parameter or has none.
func firstItem(path string) string {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	n := 0
	for n < len(segs) && segs[n] != "" && !strings.HasPrefix(segs[n], "{") {
		n++
	}
	if n == 0 || n == len(segs) {
		return ""
	}
	for n < len(segs) && strings.HasPrefix(segs[n], "{") {
		n++
	}
	return "/" + strings.Join(segs[:n], "/")
}

// commonBase is the literal path prefix every path of api shares
// ("/gmail/v1", "/api"), without a trailing slash; "" when none.
func commonBase(api *ir.API) string {
	var base []string
	for k, e := range specs.Endpoints(api) {
		segs := strings.Split(strings.Trim(e.Path, "/"), "/")
		if k == 0 {
			base = segs[:len(segs)-1]
		}
		n := 0
		for n < len(base) && n < len(segs)-1 && base[n] == segs[n] && !strings.HasPrefix(segs[n], "{") {
			n++
		}
		base = base[:n]
	}
	if len(base) == 0 {
		return ""
	}
	return "/" + strings.Join(base, "/")
}

// itemPrefixes are the API's distinct item paths below base, sorted:
// every prefix of a path (base removed) that ends in a run of parameters
// and starts with a literal segment.
func itemPrefixes(api *ir.API, base string) []string {
	seen := map[string]bool{}
	for _, e := range specs.Endpoints(api) {
		segs := strings.Split(strings.Trim(strings.TrimPrefix(e.Path, base), "/"), "/")
		if len(segs) == 0 || segs[0] == "" || strings.HasPrefix(segs[0], "{") {
			continue
		}
		for n := 1; n < len(segs); n++ {
			if strings.HasPrefix(segs[n], "{") && (n+1 == len(segs) || !strings.HasPrefix(segs[n+1], "{")) {
				seen["/"+strings.Join(segs[:n+1], "/")] = true
			}
		}
	}
	out := make([]string, 0, len(seen))
	for p := range seen {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// cloneAPI copies api down to its endpoints and their parameters, and its
// schemas, so stripping and re-titling the copy leaves api as it was.
func cloneAPI(api *ir.API) *ir.API {
	return mapEndpoints(api, func(_ *ir.Spec, e *ir.Endpoint) []*ir.Endpoint {
		ce := *e
		ce.Params = slices.Clone(e.Params)
		return []*ir.Endpoint{&ce}
	})
}

// mapEndpoints is a copy of api's specs (their schemas copied too),
// collections and tags, each tag holding what fn returns for its
// endpoints, in order.
func mapEndpoints(api *ir.API, fn func(*ir.Spec, *ir.Endpoint) []*ir.Endpoint) *ir.API {
	out := *api
	out.Specs = nil
	for _, s := range api.Specs {
		cs := *s
		cs.Defs = slices.Clone(s.Defs)
		cs.Collections = nil
		for _, c := range s.Collections {
			cc := *c
			cc.Tags = nil
			for _, t := range c.Tags {
				ct := *t
				ct.Endpoints = nil
				for _, e := range t.Endpoints {
					ct.Endpoints = append(ct.Endpoints, fn(s, e)...)
				}
				cc.Tags = append(cc.Tags, &ct)
			}
			cs.Collections = append(cs.Collections, &cc)
		}
		out.Specs = append(out.Specs, &cs)
	}
	return &out
}
