package auth

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"sync"
	"testing"
	"time"

	_ "github.com/swag2mcp/swag2mcp/internal/updateflag"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// Indexes of testCatalog's schemes.
const (
	sHeaderKey = iota
	sQueryKey
	sCookieKey
	sBasic
	sBearer
	sOAuth
	sOIDC
	sCode
	sMTLS
)

// testCatalog has one spec, petstore, with a scheme of every kind. The
// scheme variables are the generator's, from catalog.SchemeEnvVars.
func testCatalog(tokenURL string) *catalog.Catalog {
	schemes := []catalog.SecurityScheme{
		{Name: "api_key", Type: "apiKey", In: "header", ParamName: "X-API-Key"},
		{Name: "query-key", Type: "apiKey", In: "query", ParamName: "api_key"},
		{Name: "cookieKey", Type: "apiKey", In: "cookie", ParamName: "session"},
		{Name: "basic", Type: "http", Scheme: "basic"},
		{Name: "bearer", Type: "http", Scheme: "bearer", BearerFormat: "JWT"},
		{Name: "oauth", Type: "oauth2", Flows: []string{"authorizationCode", "clientCredentials"}, TokenURL: tokenURL, Scopes: []string{"read", "write"}},
		{Name: "oidc", Type: "openIdConnect", OpenIDURL: "https://id.example/.well-known/openid-configuration"},
		{Name: "code", Type: "oauth2", Flows: []string{"authorizationCode"}},
		{Name: "mtls", Type: "mutualTLS"},
	}
	for i := range schemes {
		s := &schemes[i]
		s.EnvVars = catalog.SchemeEnvVars("PETSTORE", s)
	}
	return &catalog.Catalog{Specs: []catalog.Spec{{
		ID: "0123456789abcdef0123456789abcdef", Domain: "petstore", EnvPrefix: "PETSTORE",
		Title: "Petstore", BaseURL: "http://127.0.0.1/", Security: schemes,
	}}}
}

// env is a Getenv over a map.
func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

// req1 is a requirement of one scheme with scopes.
func req1(scheme int, scopes ...string) catalog.Requirement {
	return catalog.Requirement{Schemes: []catalog.SchemeUse{{Scheme: scheme, Scopes: scopes}}}
}

// recorded is what the upstream saw of one request.
type recorded struct {
	Authorization string
	APIKey        string
	Cookie        string
	RawQuery      string
}

// upstream is an httptest server that records the requests it gets.
type upstream struct {
	*httptest.Server
	mu   sync.Mutex
	seen []recorded
}

func newUpstream(t *testing.T) *upstream {
	u := &upstream{}
	u.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u.mu.Lock()
		u.seen = append(u.seen, recorded{
			Authorization: r.Header.Get("Authorization"),
			APIKey:        r.Header.Get("X-API-Key"),
			Cookie:        r.Header.Get("Cookie"),
			RawQuery:      r.URL.RawQuery,
		})
		u.mu.Unlock()
	}))
	t.Cleanup(u.Close)
	return u
}

// send applies reqs to a GET of path and sends it; it returns Apply's
// error or what the upstream saw.
func (u *upstream) send(t *testing.T, p *Provider, reqs []catalog.Requirement, path string, prepare func(*http.Request)) (recorded, error) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, u.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if prepare != nil {
		prepare(req)
	}
	if err := p.Apply(t.Context(), &p.cat.Specs[0], reqs, req); err != nil {
		return recorded{}, err
	}
	resp, err := u.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.seen[len(u.seen)-1], nil
}

// tokenServer is an httptest OAuth2 token endpoint. It hands out
// "token-1", "token-2", … and records each request's form and basic auth.
type tokenServer struct {
	*httptest.Server
	mu       sync.Mutex
	requests []tokenRequest
	status   int    // answer with this status and body when non-zero
	body     string // error body
	expires  int    // expires_in; 0 omits it
	tokType  string // token_type; "" → "bearer"
	prefix   string // of access tokens; "" → "token-"
}

type tokenRequest struct {
	Form       url.Values
	User, Pass string
}

func newTokenServer(t testing.TB) *tokenServer {
	ts := &tokenServer{expires: 3600}
	ts.Server = httptest.NewServer(http.HandlerFunc(ts.serve))
	t.Cleanup(ts.Close)
	return ts
}

func (ts *tokenServer) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<16))
	form, _ := url.ParseQuery(string(body))
	user, pass, _ := r.BasicAuth()
	// RFC 6749 2.3.1: client id and secret are form-encoded inside basic auth.
	user, _ = url.QueryUnescape(user)
	pass, _ = url.QueryUnescape(pass)
	ts.mu.Lock()
	defer ts.mu.Unlock()
	ts.requests = append(ts.requests, tokenRequest{Form: form, User: user, Pass: pass})
	if ts.status != 0 {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(ts.status)
		io.WriteString(w, ts.body)
		return
	}
	prefix := ts.prefix
	if prefix == "" {
		prefix = "token-"
	}
	answer := map[string]any{"access_token": prefix + strconv.Itoa(len(ts.requests)), "token_type": "bearer"}
	if ts.tokType != "" {
		answer["token_type"] = ts.tokType
	}
	if ts.expires != 0 {
		answer["expires_in"] = ts.expires
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(answer)
}

func (ts *tokenServer) count() int {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return len(ts.requests)
}

// clock is a settable Now.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// mustNew builds a Provider or fails the test.
func mustNew(t *testing.T, cat *catalog.Catalog, opts Options) *Provider {
	t.Helper()
	p, err := New(cat, opts)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
