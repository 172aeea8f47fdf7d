package auth

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// RefreshResult is the outcome of refreshing one scheme's token.
type RefreshResult struct {
	Spec      string   `json:"spec"`
	Scheme    string   `json:"scheme"`
	Scopes    []string `json:"scopes,omitempty"`
	Refreshed bool     `json:"refreshed"`
	Expires   string   `json:"expires,omitempty"` // as in TokenStatus
	Error     string   `json:"error,omitempty"`   // names variables or the endpoint's status, never values
	err       error
}

// Refresh fetches new OAuth2 client-credentials tokens, replacing cached
// ones: for every such scheme, of one spec (its domain or ID) when spec is
// set, or only the named scheme when scheme is set too. Unconfigured schemes
// are skipped unless named. An unknown spec or scheme is an *ArgError.
func (p *Provider) Refresh(ctx context.Context, spec, scheme string) error {
	results, err := p.refresh(ctx, spec, scheme)
	if err != nil {
		return err
	}
	var errs []error
	for _, r := range results {
		if r.err != nil {
			errs = append(errs, r.err)
		}
	}
	return errors.Join(errs...)
}

// refresh does Refresh and reports each token.
func (p *Provider) refresh(ctx context.Context, spec, scheme string) ([]RefreshResult, error) {
	list, err := p.selectSchemes(spec, scheme)
	if err != nil {
		return nil, err
	}
	if scheme != "" && list[0].kind != kindClientCredentials {
		return nil, &ArgError{msg: fmt.Sprintf("scheme %q is %s; only OAuth2 client-credentials tokens can be refreshed", scheme, list[0].typeName())}
	}
	var out []RefreshResult
	for _, s := range list {
		if s.kind != kindClientCredentials {
			continue
		}
		base := RefreshResult{Spec: p.cat.Specs[s.spec].Domain, Scheme: s.name}
		if !p.ready(s) {
			r := base
			r.err = p.missingFor(s)
			r.Error = r.err.Error()
			if scheme == "" {
				r.err = nil // skipped: only a named scheme must be configured
			}
			out = append(out, r)
			continue
		}
		for _, scopes := range p.cachedScopes(s) {
			r := base
			r.Scopes = scopes
			_, expires, err := p.token(ctx, s, scopes, true)
			if err != nil {
				r.err, r.Error = err, err.Error()
			} else {
				r.Refreshed, r.Expires = true, expiresText(expires, p.now())
			}
			out = append(out, r)
		}
	}
	return out, nil
}

// missingFor is the MissingError of a single scheme.
func (p *Provider) missingFor(s *scheme) *MissingError {
	return &MissingError{Spec: p.cat.Specs[s.spec].Domain, Alternatives: [][]string{s.needed()}}
}

// cachedScopes lists the scope sets s has tokens for, sorted; without any,
// the default set (PREFIX_SCHEME_SCOPES, or none).
func (p *Provider) cachedScopes(s *scheme) [][]string {
	var keys []string
	p.mu.Lock()
	for k := range p.tokens {
		if k.spec == s.spec && k.scheme == s.idx {
			keys = append(keys, k.scopes)
		}
	}
	p.mu.Unlock()
	if len(keys) == 0 {
		return [][]string{p.scopes(s, nil)}
	}
	slices.Sort(keys)
	out := make([][]string, len(keys))
	for i, k := range keys {
		out[i] = strings.Fields(k)
	}
	return out
}

// selectSchemes finds the schemes named by spec (domain or ID) and scheme;
// empty names match all.
func (p *Provider) selectSchemes(spec, name string) ([]*scheme, error) {
	var specs []int
	if spec != "" {
		i, ok := p.specs[spec]
		if !ok {
			return nil, &ArgError{msg: fmt.Sprintf("unknown spec %q; known specs: %s", spec, p.specNames())}
		}
		specs = []int{i}
	} else {
		for i := range p.schemes {
			specs = append(specs, i)
		}
	}
	var out []*scheme
	for _, i := range specs {
		for _, s := range p.schemes[i] {
			if name == "" || s.name == name {
				out = append(out, s)
			}
		}
	}
	if name != "" && len(out) == 0 {
		return nil, &ArgError{msg: fmt.Sprintf("unknown scheme %q; known schemes: %s", name, p.schemeNames(specs))}
	}
	if name != "" && len(out) > 1 {
		return nil, &ArgError{msg: fmt.Sprintf("scheme %q exists in several specs; name the spec too", name)}
	}
	return out, nil
}

func (p *Provider) specNames() string {
	names := make([]string, len(p.cat.Specs))
	for i := range p.cat.Specs {
		names[i] = fmt.Sprintf("%q", p.cat.Specs[i].Domain)
	}
	return strings.Join(names, ", ")
}

func (p *Provider) schemeNames(specs []int) string {
	var names []string
	for _, i := range specs {
		for _, s := range p.schemes[i] {
			names = append(names, fmt.Sprintf("%q", s.name))
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
