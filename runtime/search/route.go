package search

import (
	"bytes"
	"cmp"
	"net/url"
	"slices"
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// Bounds of routing a concrete request path to the API's path templates.
const (
	// maxRouteDrop bounds the leading segments a request path may carry
	// before the API's own paths begin: a server URL's base path
	// ("https://host/api/v3/pets/7" for the template /pets/{petId}).
	maxRouteDrop = 3
	// maxRouteSegment bounds the literal prefixes of a request's first
	// segment that are looked up for a template's parameter after them.
	maxRouteSegment = 64
	// routeOtherWeight scales, against exactPathScore, a template the
	// path matches with less literal text than the best ones (a
	// router would pick /issues/comments over /issues/{issue_number}
	// for ".../issues/comments"; the other stays a candidate).
	routeOtherWeight = 0.25
)

// requestURLPath returns the path of an absolute http(s) URL in a query,
// with its query string and fragment ("https://api.example.com/v1/pets/7?x=1"
// → "/v1/pets/7?x=1"; a server's own URL is its root, "/"); false for any
// other text.
func requestURLPath(v string) (string, bool) {
	lower := strings.ToLower(v)
	if !strings.HasPrefix(lower, "http://") && !strings.HasPrefix(lower, "https://") {
		return "", false
	}
	u, err := url.Parse(v)
	if err != nil || u.Host == "" {
		return "", false
	}
	p := u.Path
	if p == "" {
		p = "/"
	}
	if u.RawQuery != "" {
		p += "?" + u.RawQuery
	}
	if u.Fragment != "" {
		p += "#" + u.Fragment
	}
	return p, true
}

// basePaths are the paths of the catalog's server URLs ("/api/v3"),
// lowercase, longest first: a request path starting with one has the
// API's own path after it.
func basePaths(cat *catalog.Catalog) []string {
	var bases []string
	for _, sp := range cat.Specs {
		b := sp.BaseURL
		if u, err := url.Parse(b); err == nil && u.Host != "" {
			b = u.Path
		}
		b = strings.TrimRight(strings.ToLower(b), "/")
		if strings.HasPrefix(b, "/") && !slices.Contains(bases, b) {
			bases = append(bases, b)
		}
	}
	slices.SortFunc(bases, func(a, b string) int { return cmp.Or(len(b)-len(a), strings.Compare(a, b)) })
	return bases
}

// routedPaths returns the path keys of the index (keyPath terms) that
// the concrete request path matches as a router would: as many segments,
// each literal segment equal ignoring case, a {param} (or a segment's
// {param} part, "{name}.json") standing for any text. A query string
// counts where a template writes it (some write "/{Bucket}#acl" or
// "?acl" for a request's "?acl"), and is left out otherwise. best are the
// templates with the most literal bytes; others the rest.
func routedPaths(r *reader, path string) (best, others []termInfo) {
	path = strings.ToLower(path)
	cut := strings.IndexAny(path, "?#")
	if cut < 0 {
		return routeAfterBase(r, path)
	}
	if r.queryPaths == nil || !r.queryPaths() {
		return routeAfterBase(r, path[:cut])
	}
	head, rest := path[:cut], path[cut+1:]
	for _, p := range []string{head + "?" + rest, head + "#" + rest, head} {
		if best, others = routeAfterBase(r, p); len(best) > 0 {
			return best, others
		}
	}
	return nil, nil
}

// routeAfterBase routes path after a server URL's base path it starts
// with ("/api/v3/pets/7" for /pets/{petId}, "/api/v3" for /), or as it is,
// or without up to maxRouteDrop leading segments of a base the catalog
// does not give, the fewest that give a match.
func routeAfterBase(r *reader, path string) (best, others []termInfo) {
	for _, b := range r.bases {
		if rest, ok := strings.CutPrefix(path, b); ok && (rest == "" || rest[0] == '/' || rest[0] == '?' || rest[0] == '#') {
			if strings.Trim(rest, "/") == "" {
				rest = "/"
			}
			if best, others = routeSegments(r, splitPath(rest)); len(best) > 0 {
				return best, others
			}
		}
	}
	segs := splitPath(path)
	for drop := 0; drop <= maxRouteDrop && drop < len(segs); drop++ {
		if best, others = routeSegments(r, segs[drop:]); len(best) > 0 {
			return best, others
		}
	}
	return nil, nil
}

// hasQueryPaths reports whether some path of the index writes a query
// string, after "?" or "#" ("/{Bucket}#acl"); most APIs have none, and
// their requests' query strings need no routing.
func hasQueryPaths(r *reader) bool {
	found := false
	r.scanPrefix(keyPath, maxScanTerms, func(k []byte) bool {
		return bytes.ContainsAny(k, "?#")
	}, func(termInfo) bool {
		found = true
		return false
	})
	return found
}

// splitPath is a path's segments; the root path's is one empty segment.
func splitPath(p string) []string { return strings.Split(strings.Trim(p, "/"), "/") }

// routeSegments matches segs against every path key whose first segment
// could match segs[0].
func routeSegments(r *reader, segs []string) (best, others []termInfo) {
	type routed struct {
		t        termInfo
		literals int
	}
	if segs[0] == "" { // the root path, or "//"
		if t, ok := r.lookup(keyPath + "/"); ok && len(segs) == 1 {
			return []termInfo{t}, nil
		}
		return nil, nil
	}
	var found []routed
	most := -1
	// A template's first segment is segs[0] itself, or holds a parameter
	// after a literal part segs[0] starts with ("v{version}"): the keys
	// starting with "/"+segs[0], and those with "/"+a prefix of it+"{".
	starts := []string{keyPath + "/" + segs[0]}
	for n := range min(len(segs[0]), maxRouteSegment) {
		starts = append(starts, keyPath+"/"+segs[0][:n]+"{")
	}
	for _, start := range starts {
		var literals int
		r.scanPrefix(start, maxScanTerms, func(k []byte) bool {
			tmpl := k[len(keyPath):]
			if bytes.Count(bytes.Trim(tmpl, "/"), []byte("/")) != len(segs)-1 {
				return false // most keys: checked without a copy
			}
			var ok bool
			literals, ok = routeMatch(string(tmpl), segs)
			return ok
		}, func(t termInfo) bool {
			found = append(found, routed{t, literals})
			most = max(most, literals)
			return true
		})
	}
	for _, f := range found {
		if f.literals == most {
			best = append(best, f.t)
		} else {
			others = append(others, f.t)
		}
	}
	return best, others
}

// routeMatch reports whether the path template tmpl matches the request
// path's segments, and how many bytes of it are literal, outside its
// {params}: the more, the more specific the template, as routers rank
// them (/issues/comments over /issues/{number}, {name}:cancel over
// {name}).
func routeMatch(tmpl string, segs []string) (literals int, ok bool) {
	tmpl = strings.Trim(tmpl, "/")
	for i, s := range segs {
		var t string
		var more bool
		t, tmpl, more = strings.Cut(tmpl, "/")
		if more != (i < len(segs)-1) || !segmentMatch(t, s) {
			return 0, false
		}
		for _, lit := range segmentLiterals(t) {
			literals += len(lit)
		}
	}
	return literals, true
}

// segmentMatch matches one template segment against one request segment:
// its literal text must be there in order, each {param} standing for one
// or more bytes other than a query string's. Taking each literal at its first place after the one
// before is enough, as in glob matching: it leaves the most room for the
// rest.
func segmentMatch(t, s string) bool {
	if strings.ContainsAny(s, "?#") && !strings.ContainsAny(t, "?#") {
		return false // a query string is no parameter's value
	}
	lits := segmentLiterals(t)
	if len(lits) == 1 {
		return t == s
	}
	if !strings.HasPrefix(s, lits[0]) {
		return false
	}
	at := len(lits[0])
	for _, lit := range lits[1 : len(lits)-1] {
		if at >= len(s) {
			return false
		}
		k := strings.Index(s[at+1:], lit)
		if k < 0 {
			return false
		}
		at += 1 + k + len(lit)
	}
	last := lits[len(lits)-1]
	return len(s)-len(last) > at && strings.HasSuffix(s, last)
}

// segmentLiterals splits a template segment at its {param}s: the literal
// text before, between and after them ("{name}.json" → "", ".json").
func segmentLiterals(t string) []string {
	var lits []string
	for {
		open := strings.IndexByte(t, '{')
		if open < 0 {
			break
		}
		end := strings.IndexByte(t[open:], '}')
		if end < 0 {
			break
		}
		lits = append(lits, t[:open])
		t = t[open+end+1:]
	}
	return append(lits, t)
}
