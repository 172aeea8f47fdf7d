package invoke

import (
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"strings"
)

// Request is an endpoint's request before it meets a base URL and auth:
// the parameter values (by index into the endpoint's Params) and the body.
type Request struct {
	in       *Input
	values   []any // values[i] for in.Endpoint.Params[i]; nil when absent
	problems []string
}

// NewRequest starts the request for in's endpoint.
func NewRequest(in *Input) *Request {
	return &Request{in: in, values: make([]any, len(in.Endpoint.Params))}
}

// Param sets the value of the endpoint's parameter whose invoke argument
// name (catalog.Param.ArgName) is name. Nil pointers, slices and maps mean
// absent. Generated stubs name parameters as the catalog does, so a stub
// and its table cannot disagree about which value is which.
func (r *Request) Param(name string, v any) {
	for i, p := range r.in.Endpoint.Params {
		if p.ArgName() == name {
			r.values[i] = v
			return
		}
	}
	r.problems = append(r.problems, fmt.Sprintf("internal: endpoint has no parameter %q", name))
}

// prepared is a request's parts that do not depend on the base URL.
type prepared struct {
	method string
	path   string   // escaped, starts with "/"
	query  []string // escaped name=value pairs in spec order
	header http.Header
	body   *encodedBody
}

// prepare serializes parameters, extra headers and cookies and the body.
// Problems the caller can fix come back as a *ValidationError.
func (r *Request) prepare() (*prepared, error) {
	e := r.in.Endpoint
	p := &prepared{method: strings.ToUpper(e.Method), header: http.Header{}}
	problems := slices.Clone(r.problems)
	pathVals := map[string]string{}
	var cookies []string
	for i, param := range e.Params {
		v := r.values[i]
		if raw, ok := r.in.Parameters[param.ArgName()]; ok && isMap(v) {
			v = raw // the model's member order; a Go map has none
		}
		pieces, err := serialize(param, v)
		if err != nil {
			problems = append(problems, fmt.Sprintf("parameter %q: %s", param.ArgName(), err))
			continue
		}
		switch param.In {
		case "path":
			if len(pieces) == 0 {
				problems = append(problems, fmt.Sprintf("missing required path parameter %q", param.ArgName()))
				continue
			}
			s := pathText(pieces[0].value)
			if s == "" {
				problems = append(problems, fmt.Sprintf("path parameter %q must not be empty", param.ArgName()))
				continue
			}
			pathVals[param.Name] = s
		case "query":
			for _, pc := range pieces {
				p.query = append(p.query, queryText([]token{data(pc.name)}, false)+"="+queryText(pc.value, param.AllowReserved))
			}
		case "header":
			if len(pieces) == 0 || ignoredHeader(param.Name) {
				continue
			}
			if pr := setHeader(p.header, param.Name, headerText(pieces[0].value)); pr != "" {
				problems = append(problems, pr)
			}
		case "cookie":
			for _, pc := range pieces {
				if !isToken(pc.name) {
					problems = append(problems, fmt.Sprintf("cookie name %q is not valid", pc.name))
					continue
				}
				cookies = append(cookies, pc.name+"="+cookieText(pc.value))
			}
		default:
			problems = append(problems, fmt.Sprintf("parameter %q: unknown location %q", param.ArgName(), param.In))
		}
	}
	problems = append(problems, extraHeaders(p.header, r.in.Headers)...)
	cookies, cp := extraCookies(cookies, r.in.Cookies)
	problems = append(problems, cp...)
	if len(cookies) > 0 {
		if old := p.header.Get("Cookie"); old != "" {
			cookies = append([]string{old}, cookies...)
		}
		p.header.Set("Cookie", strings.Join(cookies, "; "))
	}
	body, bp := encodeBody(r.in)
	problems = append(problems, bp...)
	if len(problems) > 0 {
		return nil, &ValidationError{Problems: problems}
	}
	path, err := expandPath(e.Path, pathVals)
	if err != nil {
		return nil, err
	}
	p.path = path
	p.body = body
	if body != nil && p.header.Get("Content-Type") == "" {
		p.header.Set("Content-Type", body.contentType)
	}
	if p.header.Get("Accept") == "" {
		p.header.Set("Accept", "application/json, */*;q=0.8")
	}
	return p, nil
}

// isMap reports a non-nil map value, through pointers.
func isMap(v any) bool {
	rv := deref(reflect.ValueOf(v))
	return rv.IsValid() && rv.Kind() == reflect.Map && !rv.IsNil()
}

// ignoredHeader names the header parameters OpenAPI says to ignore: the
// body, content negotiation and auth set them.
func ignoredHeader(name string) bool {
	switch strings.ToLower(name) {
	case "accept", "content-type", "authorization":
		return true
	}
	return false
}

// setHeader sets one header after checking name and value; it returns a
// problem or "".
func setHeader(h http.Header, name, val string) string {
	if !isToken(name) {
		return fmt.Sprintf("header name %q is not valid", name)
	}
	if !validHeaderValue(val) {
		return fmt.Sprintf("header %q: value must not contain CR, LF or other control characters", name)
	}
	h.Set(name, val)
	return ""
}

// extraHeaders sets invoke's extra headers, in name order, over the spec's.
func extraHeaders(h http.Header, extra map[string]string) []string {
	var problems []string
	for _, name := range sortedKeys(extra) {
		if pr := setHeader(h, name, extra[name]); pr != "" {
			problems = append(problems, pr)
		}
	}
	return problems
}

// extraCookies appends invoke's extra cookies, in name order.
func extraCookies(cookies []string, extra map[string]string) ([]string, []string) {
	var problems []string
	for _, name := range sortedKeys(extra) {
		val := extra[name]
		switch {
		case !isToken(name):
			problems = append(problems, fmt.Sprintf("cookie name %q is not valid", name))
		case !validHeaderValue(val):
			problems = append(problems, fmt.Sprintf("cookie %q: value must not contain CR, LF or other control characters", name))
		default:
			cookies = append(cookies, name+"="+cookieEscape(val))
		}
	}
	return cookies, problems
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// expandPath fills the path template with escaped values. A segment that
// would come out as "." or ".." has its dots escaped, so no value can climb
// out of the template's path.
func expandPath(tmpl string, vals map[string]string) (string, error) {
	var segs []string
	var cur strings.Builder
	hasParam := false
	flush := func() {
		s := cur.String()
		if hasParam && s != "" && strings.Trim(s, ".") == "" {
			s = strings.ReplaceAll(s, ".", "%2E")
		}
		segs = append(segs, s)
		cur.Reset()
		hasParam = false
	}
	for i := 0; i < len(tmpl); {
		switch tmpl[i] {
		case '/':
			flush()
			i++
			continue
		case '{':
			if j := strings.IndexByte(tmpl[i:], '}'); j > 0 {
				name := tmpl[i+1 : i+j]
				v, ok := vals[name]
				if !ok {
					return "", fmt.Errorf("path %s names {%s}, which is not a path parameter of the endpoint", tmpl, name)
				}
				cur.WriteString(v)
				hasParam = true
				i += j + 1
				continue
			}
		}
		j := i + 1
		for j < len(tmpl) && tmpl[j] != '/' && tmpl[j] != '{' {
			j++
		}
		cur.WriteString(escapePathLiteral(tmpl[i:j]))
		i = j
	}
	flush()
	path := strings.Join(segs, "/")
	if !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	return path, nil
}
