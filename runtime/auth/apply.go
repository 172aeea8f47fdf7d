package auth

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// Apply adds to req the credentials of the first alternative of reqs whose
// schemes are all configured. Empty reqs need nothing; an alternative
// without schemes (optional auth) needs nothing too. When no alternative is
// configured, Apply returns a *MissingError and leaves req alone.
// OAuth2 client-credentials tokens are fetched with ctx when not cached.
func (p *Provider) Apply(ctx context.Context, spec *catalog.Spec, reqs []catalog.Requirement, req *http.Request) error {
	if len(reqs) == 0 {
		return nil
	}
	si, ok := p.spec(spec)
	if !ok {
		return fmt.Errorf("auth: spec %q is not in the catalog", specName(spec))
	}
	for _, r := range reqs {
		for _, u := range r.Schemes {
			if u.Scheme < 0 || u.Scheme >= len(p.schemes[si]) {
				return fmt.Errorf("auth: spec %s has no security scheme %d", p.cat.Specs[si].Domain, u.Scheme)
			}
		}
	}
	for _, r := range reqs {
		if p.configured(si, r) {
			for _, u := range r.Schemes {
				if err := p.applyScheme(ctx, p.schemes[si][u.Scheme], u.Scopes, req); err != nil {
					return err
				}
			}
			return nil
		}
	}
	return p.missing(si, reqs)
}

func specName(sp *catalog.Spec) string {
	if sp == nil {
		return ""
	}
	return sp.Domain
}

// configured reports whether every scheme of r has its credentials.
func (p *Provider) configured(si int, r catalog.Requirement) bool {
	for _, u := range r.Schemes {
		if !p.ready(p.schemes[si][u.Scheme]) {
			return false
		}
	}
	return true
}

// ready reports whether s has everything it needs: every variable that is
// not optional, and for client credentials a token URL from the spec or
// PREFIX_SCHEME_TOKEN_URL.
func (p *Provider) ready(s *scheme) bool {
	if s.kind == kindUnsupported {
		return false
	}
	for i := range s.vars {
		if !s.optional(i) && p.value(s, i) == "" {
			return false
		}
	}
	return true
}

// needed lists the variables s needs that a user must set.
func (s *scheme) needed() []string {
	var out []string
	for i, v := range s.vars {
		if !s.optional(i) || (s.kind == kindBasic && i == varPassword) {
			out = append(out, v)
		}
	}
	return out
}

// missing builds the MissingError of reqs.
func (p *Provider) missing(si int, reqs []catalog.Requirement) *MissingError {
	e := &MissingError{Spec: p.cat.Specs[si].Domain}
	for _, r := range reqs {
		var vars []string
		usable := true
		for _, u := range r.Schemes {
			s := p.schemes[si][u.Scheme]
			if s.kind == kindUnsupported {
				usable = false
				if !slices.Contains(e.Unsupported, s.name) {
					e.Unsupported = append(e.Unsupported, s.name)
				}
				continue
			}
			for _, v := range s.needed() {
				if !slices.Contains(vars, v) {
					vars = append(vars, v)
				}
			}
		}
		if usable && len(vars) > 0 {
			e.Alternatives = append(e.Alternatives, vars)
		}
	}
	slices.Sort(e.Unsupported)
	return e
}

// applyScheme puts s's credentials on req.
func (p *Provider) applyScheme(ctx context.Context, s *scheme, scopes []string, req *http.Request) error {
	switch s.kind {
	case kindAPIKey:
		return p.applyAPIKey(s, req)
	case kindBasic:
		user, pass := p.value(s, varUsername), p.value(s, varPassword)
		// Built by hand instead of req.SetBasicAuth only to share the
		// header check; the encoding is the same.
		return setHeader(req, "Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(user+":"+pass)), s.vars[varUsername])
	case kindHTTPToken:
		return setHeader(req, "Authorization", httpScheme(s.def.Scheme)+" "+p.value(s, varValue), s.vars[varValue])
	case kindToken:
		return setHeader(req, "Authorization", "Bearer "+p.value(s, varValue), s.vars[varValue])
	case kindClientCredentials:
		tok, _, err := p.token(ctx, s, scopes, false)
		if err != nil {
			return err
		}
		return setHeader(req, "Authorization", tok.Type()+" "+tok.AccessToken, s.vars[varClientID])
	}
	return fmt.Errorf("auth: scheme %q of type %s cannot be applied", s.name, s.def.Type)
}

// httpScheme is the Authorization scheme word of an http security scheme:
// "Bearer" for bearer (any case), the spec's word otherwise.
func httpScheme(s string) string {
	if s == "" || strings.EqualFold(s, "bearer") {
		return "Bearer"
	}
	return s
}

// applyAPIKey sends an API key in its header, query parameter or cookie,
// replacing any value the request already has there.
func (p *Provider) applyAPIKey(s *scheme, req *http.Request) error {
	name, val, v := s.def.ParamName, p.value(s, varValue), s.vars[varValue]
	switch strings.ToLower(s.def.In) {
	case "header":
		return setHeader(req, name, val, v)
	case "query":
		setQuery(req.URL, name, val)
		return nil
	case "cookie":
		return setCookie(req, name, val, v)
	}
	return fmt.Errorf("auth: scheme %q sends its key in %q, which is not header, query or cookie", s.name, s.def.In)
}

// setHeader sets a header after checking that the value can be sent.
func setHeader(req *http.Request, name, val, variable string) error {
	if !validHeaderValue(val) {
		return &CredentialError{Var: variable, Reason: "contains a line break or control character, which an HTTP header cannot carry"}
	}
	req.Header.Set(name, val)
	return nil
}

// validHeaderValue rejects control characters other than tab (RFC 9110
// field-value). Checked here, not left to the transport, so the error names
// the variable.
func validHeaderValue(v string) bool {
	for i := range len(v) {
		if c := v[i]; (c < 0x20 && c != '\t') || c == 0x7f {
			return false
		}
	}
	return true
}

// setQuery appends name=val to u's query after dropping other values of
// name. The rest of the raw query is kept byte for byte: re-encoding it
// with url.Values would undo the request builder's serialization.
func setQuery(u *url.URL, name, val string) {
	var kept []string
	if u.RawQuery != "" {
		for part := range strings.SplitSeq(u.RawQuery, "&") {
			k, _, _ := strings.Cut(part, "=")
			if dk, err := url.QueryUnescape(k); err == nil && dk == name {
				continue
			}
			kept = append(kept, part)
		}
	}
	kept = append(kept, url.QueryEscape(name)+"="+url.QueryEscape(val))
	u.RawQuery = strings.Join(kept, "&")
}

// setCookie sets cookie name=val in req's Cookie header, replacing a cookie
// of that name. Written by hand because http.Cookie logs and drops invalid
// bytes of a value, which would put part of a secret in the log.
func setCookie(req *http.Request, name, val, variable string) error {
	for i := range len(val) {
		if !cookieOctet(val[i]) {
			return &CredentialError{Var: variable, Reason: "contains a character a cookie cannot carry (space, quote, comma, semicolon, backslash or control character)"}
		}
	}
	var kept []string
	for _, line := range req.Header.Values("Cookie") {
		for part := range strings.SplitSeq(line, ";") {
			part = strings.TrimSpace(part)
			if k, _, _ := strings.Cut(part, "="); part == "" || k == name {
				continue
			}
			kept = append(kept, part)
		}
	}
	kept = append(kept, name+"="+val)
	req.Header.Set("Cookie", strings.Join(kept, "; "))
	return nil
}

// cookieOctet reports whether c may appear in a cookie value (RFC 6265).
func cookieOctet(c byte) bool {
	return c == 0x21 || (c >= 0x23 && c <= 0x2b) || (c >= 0x2d && c <= 0x3a) ||
		(c >= 0x3c && c <= 0x5b) || (c >= 0x5d && c <= 0x7e)
}
