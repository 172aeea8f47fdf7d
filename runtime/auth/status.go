package auth

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// SchemeStatus tells whether one security scheme of one spec is configured.
// It holds variable names and where they were found, never values.
type SchemeStatus struct {
	Spec       string        `json:"spec"` // the spec's domain
	Scheme     string        `json:"scheme"`
	Type       string        `json:"type"` // e.g. "apiKey in header X-API-Key", "http basic"
	Configured bool          `json:"configured"`
	Variables  []VarStatus   `json:"variables,omitempty"`
	Tokens     []TokenStatus `json:"tokens,omitempty"` // cached client-credentials tokens
	Note       string        `json:"note,omitempty"`
}

// VarStatus is one variable of a scheme.
type VarStatus struct {
	Name     string `json:"name"`
	Set      bool   `json:"set"`
	From     string `json:"from,omitempty"` // "environment" or "config file"
	Optional bool   `json:"optional,omitempty"`
}

// TokenStatus is one cached OAuth2 token, by the scopes it was asked for.
type TokenStatus struct {
	Scopes  []string `json:"scopes,omitempty"`
	Expires string   `json:"expires"` // "in 3540s", "never" or "expired"
}

// Status reports every scheme of every spec, in catalog order.
func (p *Provider) Status() []SchemeStatus {
	var out []SchemeStatus
	for _, list := range p.schemes {
		for _, s := range list {
			out = append(out, p.status(s))
		}
	}
	return out
}

// status reports one scheme.
func (p *Provider) status(s *scheme) SchemeStatus {
	st := SchemeStatus{Spec: p.cat.Specs[s.spec].Domain, Scheme: s.name, Type: s.typeName(), Configured: p.ready(s)}
	for i, name := range s.vars {
		v, set := p.values[name]
		st.Variables = append(st.Variables, VarStatus{Name: name, Set: set, From: v.from, Optional: s.optional(i)})
	}
	switch {
	case s.kind == kindUnsupported:
		st.Note = fmt.Sprintf("this server cannot apply %s authentication", s.def.Type)
	case s.kind == kindClientCredentials && p.tokenURL(s) == "":
		st.Note = "the spec names no token URL; set " + s.vars[varTokenURL]
	case s.kind == kindBasic && st.Configured && p.value(s, varPassword) == "":
		st.Note = "no password is set; an empty one is sent"
	case !st.Configured:
		st.Note = "set " + strings.Join(s.needed(), " and ") + " in the server's environment or config file, then restart it"
	}
	if s.kind == kindClientCredentials {
		st.Tokens = p.tokenStatus(s)
	}
	return st
}

// tokenStatus lists the cached tokens of s, sorted by scopes.
func (p *Provider) tokenStatus(s *scheme) []TokenStatus {
	type cached struct {
		scopes  string
		expires time.Time
	}
	var list []cached
	p.mu.Lock()
	entries := make(map[string]*tokenEntry)
	for k, e := range p.tokens {
		if k.spec == s.spec && k.scheme == s.idx {
			entries[k.scopes] = e
		}
	}
	p.mu.Unlock()
	for scopes, e := range entries {
		// A full semaphore means a fetch is running; skip that entry
		// rather than wait for the network.
		select {
		case e.sem <- struct{}{}:
			if e.tok != nil {
				list = append(list, cached{scopes, e.expires})
			}
			<-e.sem
		default:
		}
	}
	slices.SortFunc(list, func(a, b cached) int { return strings.Compare(a.scopes, b.scopes) })
	now := p.now()
	var out []TokenStatus
	for _, c := range list {
		out = append(out, TokenStatus{Scopes: strings.Fields(c.scopes), Expires: expiresText(c.expires, now)})
	}
	return out
}

// expiresText says when a token expires, relative to now.
func expiresText(expires, now time.Time) string {
	switch {
	case expires.IsZero():
		return "never"
	case !now.Before(expires):
		return "expired"
	}
	return fmt.Sprintf("in %ds", int64(expires.Sub(now)/time.Second))
}
