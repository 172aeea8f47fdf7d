package auth

import (
	"cmp"
	"errors"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// Token endpoint bounds.
const (
	tokenTimeout   = 30 * time.Second
	minRedactChars = 4 // shorter values are not searched for in messages
)

// Options configures a Provider. The zero value reads the environment only.
type Options struct {
	Getenv func(string) string // nil: os.Getenv
	// Credentials are the config file's credentials section (read by
	// runtime/config); the environment wins over them.
	Credentials map[string]string
	HTTPClient  *http.Client     // for token endpoints; nil: a client with a timeout that follows no redirects
	Now         func() time.Time // nil: time.Now
}

// Provider applies a catalog's credentials to requests. It is safe for
// concurrent use.
type Provider struct {
	cat     *catalog.Catalog
	schemes [][]*scheme       // per spec, in Spec.Security order
	specs   map[string]int    // spec ID and domain → index
	values  map[string]source // variable name → value, for every scheme variable that is set
	getenv  func(string) string
	file    map[string]string
	client  *http.Client
	now     func() time.Time
	secrets []string // values to remove from messages, longest first

	mu     sync.Mutex
	tokens map[tokenKey]*tokenEntry
}

// source is a variable's value and where it came from.
type source struct {
	value string
	from  string // "environment" or "config file"
}

// New reads the credentials of every scheme of cat from the environment
// and opts.Credentials. Missing credentials surface when a request needs
// them.
func New(cat *catalog.Catalog, opts Options) (*Provider, error) {
	if cat == nil {
		return nil, errors.New("auth: nil catalog")
	}
	p := &Provider{
		cat:    cat,
		specs:  map[string]int{},
		values: map[string]source{},
		getenv: opts.Getenv,
		file:   map[string]string{},
		client: opts.HTTPClient,
		now:    opts.Now,
		tokens: map[tokenKey]*tokenEntry{},
	}
	if p.getenv == nil {
		p.getenv = os.Getenv
	}
	if p.now == nil {
		p.now = time.Now
	}
	for k, v := range opts.Credentials {
		p.file[k] = v
	}
	if p.client == nil {
		p.client = &http.Client{
			Timeout: tokenTimeout,
			// A redirected token request would carry the client secret to
			// wherever the endpoint points.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		}
	}
	names := catalog.CredentialEnvVars(cat.Specs)
	for i := range cat.Specs {
		sp := &cat.Specs[i]
		for _, k := range []string{sp.ID, sp.Domain} {
			if _, dup := p.specs[k]; !dup && k != "" {
				p.specs[k] = i
			}
		}
		list := make([]*scheme, len(sp.Security))
		for j := range sp.Security {
			s := newScheme(i, j, names[i][j], &sp.Security[j])
			list[j] = s
			for vi, name := range s.vars {
				v, ok := p.read(name)
				if !ok {
					continue
				}
				p.values[name] = v
				if s.secret(vi) {
					p.addSecret(v.value)
				}
			}
		}
		p.schemes = append(p.schemes, list)
	}
	return p, nil
}

// Lookup returns a variable from the environment or, when unset there,
// from the config file; "" when neither has it. Other settings of a spec
// (such as PREFIX_BASE_URL) can be read the same way.
func (p *Provider) Lookup(name string) string {
	v, _ := p.read(name)
	return v.value
}

func (p *Provider) read(name string) (source, bool) {
	if v := p.getenv(name); v != "" {
		return source{v, "environment"}, true
	}
	if v := p.file[name]; v != "" {
		return source{v, "config file"}, true
	}
	return source{}, false
}

// value is the value of a scheme's variable i, "" when unset.
func (p *Provider) value(s *scheme, i int) string {
	if i >= len(s.vars) {
		return ""
	}
	return p.values[s.vars[i]].value
}

// addSecret remembers v (and its form encoding) for redact.
func (p *Provider) addSecret(v string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, s := range []string{v, url.QueryEscape(v)} {
		if len(s) >= minRedactChars && !slices.Contains(p.secrets, s) {
			p.secrets = append(p.secrets, s)
		}
	}
	slices.SortFunc(p.secrets, func(a, b string) int { return cmp.Compare(len(b), len(a)) })
}

// redact removes every known secret from a message built from text the
// package does not control (a token endpoint's answer, a network error).
func (p *Provider) redact(msg string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, s := range p.secrets {
		msg = strings.ReplaceAll(msg, s, "[redacted]")
	}
	return msg
}

// spec finds sp among the catalog's specs.
func (p *Provider) spec(sp *catalog.Spec) (int, bool) {
	if sp == nil {
		return 0, false
	}
	for i := range p.cat.Specs {
		if &p.cat.Specs[i] == sp {
			return i, true
		}
	}
	i, ok := p.specs[sp.ID]
	return i, ok && sp.ID != ""
}
