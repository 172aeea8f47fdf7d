package invoke

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// BaseURLError says an endpoint has no usable base URL and which
// environment variable sets one.
type BaseURLError struct {
	Env    string // e.g. "PETSTORE_BASE_URL"; "" when the spec has no prefix
	Reason string
}

func (e *BaseURLError) Error() string {
	if e.Env == "" {
		return e.Reason
	}
	return fmt.Sprintf("%s: set %s to the API's absolute base URL, e.g. https://api.example.com/v1", e.Reason, e.Env)
}

// BaseURL is the base URL requests to e go to, with any password redacted:
// the {EnvPrefix}_BASE_URL environment variable when set, else the
// endpoint's own base URL (a relative one resolved against the spec's), else
// the spec's. When none is absolute it returns the configured text as is.
func (c *Client) BaseURL(e *catalog.Endpoint) string {
	u, err := c.baseURL(e)
	if err != nil {
		if e.BaseURL != "" {
			return e.BaseURL
		}
		if spec := c.specOf(e); spec != nil {
			return spec.BaseURL
		}
		return ""
	}
	return u.Redacted()
}

// baseURL resolves e's base URL; it is absolute http(s) or an error.
func (c *Client) baseURL(e *catalog.Endpoint) (*url.URL, error) {
	spec := c.specOf(e)
	if spec == nil {
		return nil, &BaseURLError{Reason: fmt.Sprintf("endpoint %s belongs to no spec of the catalog", e.ID)}
	}
	env := ""
	if spec.EnvPrefix != "" {
		env = spec.EnvPrefix + "_BASE_URL"
		if v := strings.TrimSpace(c.getenv(env)); v != "" {
			u, err := url.Parse(v)
			if err != nil || !isAbsolute(u) {
				// The value is not repeated: it may carry credentials.
				return nil, &BaseURLError{Env: env, Reason: env + " is not an absolute http or https URL"}
			}
			return clean(u), nil
		}
	}
	specURL, specErr := url.Parse(spec.BaseURL)
	if e.BaseURL != "" {
		u, err := url.Parse(e.BaseURL)
		if err == nil && isAbsolute(u) {
			return clean(u), nil
		}
		if err == nil && specErr == nil && isAbsolute(specURL) {
			if r := specURL.ResolveReference(u); isAbsolute(r) {
				return clean(r), nil
			}
		}
		return nil, &BaseURLError{Env: env, Reason: fmt.Sprintf("the endpoint's server URL %q is not absolute", e.BaseURL)}
	}
	if spec.BaseURL == "" {
		return nil, &BaseURLError{Env: env, Reason: "the spec gives no server URL"}
	}
	if specErr != nil || !isAbsolute(specURL) {
		return nil, &BaseURLError{Env: env, Reason: fmt.Sprintf("the spec's server URL %q is not absolute", spec.BaseURL)}
	}
	return clean(specURL), nil
}

// specOf finds e's spec without trusting the catalog's indexes.
func (c *Client) specOf(e *catalog.Endpoint) *catalog.Spec {
	return specOf(c.cat, e)
}

func isAbsolute(u *url.URL) bool {
	return (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// clean drops a fragment, which a base URL cannot use.
func clean(u *url.URL) *url.URL {
	c := *u
	c.Fragment, c.RawFragment = "", ""
	return &c
}
