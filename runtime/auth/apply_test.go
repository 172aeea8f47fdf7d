package auth

import (
	"errors"
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

func TestApplySchemes(t *testing.T) {
	vars := map[string]string{
		"PETSTORE_API_KEY":        "hk-123",
		"PETSTORE_QUERY_KEY":      "q k&=/+",
		"PETSTORE_COOKIEKEY":      "ck-456=",
		"PETSTORE_BASIC_USERNAME": "alice",
		"PETSTORE_BASIC_PASSWORD": "p:w ö",
		"PETSTORE_BEARER":         "bt-789",
		"PETSTORE_OIDC_TOKEN":     "oidc-tok",
		"PETSTORE_CODE_TOKEN":     "code-tok",
	}
	tests := []struct {
		name    string
		reqs    []catalog.Requirement
		path    string
		prepare func(*http.Request)
		want    recorded
	}{
		{name: "no requirement", want: recorded{}},
		{name: "apiKey header", reqs: []catalog.Requirement{req1(sHeaderKey)}, want: recorded{APIKey: "hk-123"}},
		{
			name: "apiKey header replaces a sent one", reqs: []catalog.Requirement{req1(sHeaderKey)},
			prepare: func(r *http.Request) { r.Header.Set("X-Api-Key", "model-sent") },
			want:    recorded{APIKey: "hk-123"},
		},
		{name: "apiKey query", reqs: []catalog.Requirement{req1(sQueryKey)}, want: recorded{RawQuery: "api_key=q+k%26%3D%2F%2B"}},
		{
			name: "apiKey query keeps the raw query and drops a sent key", reqs: []catalog.Requirement{req1(sQueryKey)},
			path: "?tags=a%20b,c&api_key=model&api%5Fkey=x&x=1",
			want: recorded{RawQuery: "tags=a%20b,c&x=1&api_key=q+k%26%3D%2F%2B"},
		},
		{name: "apiKey cookie", reqs: []catalog.Requirement{req1(sCookieKey)}, want: recorded{Cookie: "session=ck-456="}},
		{
			name: "apiKey cookie beside other cookies", reqs: []catalog.Requirement{req1(sCookieKey)},
			prepare: func(r *http.Request) { r.Header.Set("Cookie", "a=1; session=model; b=2") },
			want:    recorded{Cookie: "a=1; b=2; session=ck-456="},
		},
		{name: "http basic", reqs: []catalog.Requirement{req1(sBasic)}, want: recorded{Authorization: "Basic YWxpY2U6cDp3IMO2"}},
		{name: "http bearer", reqs: []catalog.Requirement{req1(sBearer)}, want: recorded{Authorization: "Bearer bt-789"}},
		{name: "openIdConnect token", reqs: []catalog.Requirement{req1(sOIDC)}, want: recorded{Authorization: "Bearer oidc-tok"}},
		{name: "oauth2 authorization code token", reqs: []catalog.Requirement{req1(sCode, "read")}, want: recorded{Authorization: "Bearer code-tok"}},
		{
			name: "all schemes of an alternative", path: "?x=1",
			reqs: []catalog.Requirement{{Schemes: []catalog.SchemeUse{{Scheme: sHeaderKey}, {Scheme: sQueryKey}, {Scheme: sBearer}}}},
			want: recorded{APIKey: "hk-123", RawQuery: "x=1&api_key=q+k%26%3D%2F%2B", Authorization: "Bearer bt-789"},
		},
		{name: "empty alternative needs nothing", reqs: []catalog.Requirement{{}}, want: recorded{}},
	}
	u := newUpstream(t)
	p := mustNew(t, testCatalog(""), Options{Getenv: env(vars)})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := u.send(t, p, tt.reqs, "/pets"+tt.path, tt.prepare)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("upstream saw (-want +got):\n%s", diff)
			}
		})
	}
}

func TestApplyAlternatives(t *testing.T) {
	tests := []struct {
		name    string
		vars    map[string]string
		reqs    []catalog.Requirement
		want    recorded
		missing *MissingError
	}{
		{
			name: "first configured wins",
			vars: map[string]string{"PETSTORE_API_KEY": "k", "PETSTORE_BEARER": "b"},
			reqs: []catalog.Requirement{req1(sBearer), req1(sHeaderKey)},
			want: recorded{Authorization: "Bearer b"},
		},
		{
			name: "unconfigured first is skipped",
			vars: map[string]string{"PETSTORE_API_KEY": "k"},
			reqs: []catalog.Requirement{req1(sBearer), req1(sHeaderKey)},
			want: recorded{APIKey: "k"},
		},
		{
			name: "partly configured alternative is skipped",
			vars: map[string]string{"PETSTORE_API_KEY": "k", "PETSTORE_BEARER": "b"},
			reqs: []catalog.Requirement{
				{Schemes: []catalog.SchemeUse{{Scheme: sHeaderKey}, {Scheme: sBasic}}},
				req1(sBearer),
			},
			want: recorded{Authorization: "Bearer b"},
		},
		{
			name: "basic with user name only sends an empty password",
			vars: map[string]string{"PETSTORE_BASIC_USERNAME": "sk_live"},
			reqs: []catalog.Requirement{req1(sBasic)},
			want: recorded{Authorization: "Basic c2tfbGl2ZTo="},
		},
		{
			name: "optional auth falls back to anonymous",
			reqs: []catalog.Requirement{req1(sHeaderKey), {}},
			want: recorded{},
		},
		{
			name: "nothing configured",
			vars: map[string]string{"PETSTORE_BASIC_PASSWORD": "only-the-password"},
			reqs: []catalog.Requirement{
				req1(sHeaderKey),
				{Schemes: []catalog.SchemeUse{{Scheme: sBasic}, {Scheme: sHeaderKey}}},
				req1(sOAuth, "read"),
				req1(sMTLS),
			},
			missing: &MissingError{
				Spec: "petstore",
				Alternatives: [][]string{
					{"PETSTORE_API_KEY"},
					{"PETSTORE_BASIC_USERNAME", "PETSTORE_BASIC_PASSWORD", "PETSTORE_API_KEY"},
					{"PETSTORE_OAUTH_CLIENT_ID", "PETSTORE_OAUTH_CLIENT_SECRET"},
				},
				Unsupported: []string{"mtls"},
			},
		},
	}
	u := newUpstream(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustNew(t, testCatalog("https://auth.example/token"), Options{Getenv: env(tt.vars)})
			got, err := u.send(t, p, tt.reqs, "/pets", nil)
			if tt.missing != nil {
				var me *MissingError
				if !errors.As(err, &me) {
					t.Fatalf("error %v, want a MissingError", err)
				}
				if diff := cmp.Diff(tt.missing, me); diff != "" {
					t.Errorf("MissingError (-want +got):\n%s", diff)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("upstream saw (-want +got):\n%s", diff)
			}
		})
	}
}

func TestMissingErrorMessage(t *testing.T) {
	tests := []struct {
		name string
		err  *MissingError
		want string
	}{
		{
			name: "alternatives",
			err:  &MissingError{Spec: "petstore", Alternatives: [][]string{{"P_A"}, {"P_B_USERNAME", "P_B_PASSWORD"}}},
			want: "credentials for petstore are not configured: set P_A; or set P_B_USERNAME and P_B_PASSWORD in the server's environment or config file, then restart it",
		},
		{
			name: "only unsupported",
			err:  &MissingError{Spec: "petstore", Unsupported: []string{"mtls"}},
			want: "credentials for petstore are not configured (scheme mtls cannot be applied by this server)",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, tt.err.Error()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestApplyRejects(t *testing.T) {
	tests := []struct {
		name    string
		vars    map[string]string
		spec    func(*catalog.Catalog) *catalog.Spec
		reqs    []catalog.Requirement
		wantErr string
	}{
		{
			name: "header value with a line break", vars: map[string]string{"PETSTORE_API_KEY": "a\r\nX-Evil: 1"},
			reqs:    []catalog.Requirement{req1(sHeaderKey)},
			wantErr: "PETSTORE_API_KEY contains a line break or control character, which an HTTP header cannot carry",
		},
		{
			name: "cookie value with a semicolon", vars: map[string]string{"PETSTORE_COOKIEKEY": "a;b"},
			reqs:    []catalog.Requirement{req1(sCookieKey)},
			wantErr: "PETSTORE_COOKIEKEY contains a character a cookie cannot carry (space, quote, comma, semicolon, backslash or control character)",
		},
		{
			name: "scheme index out of range", reqs: []catalog.Requirement{req1(42)},
			wantErr: "auth: spec petstore has no security scheme 42",
		},
		{
			name: "foreign spec", reqs: []catalog.Requirement{req1(0)},
			spec:    func(*catalog.Catalog) *catalog.Spec { return &catalog.Spec{ID: "other", Domain: "other"} },
			wantErr: `auth: spec "other" is not in the catalog`,
		},
		{
			name: "nil spec", reqs: []catalog.Requirement{req1(0)},
			spec:    func(*catalog.Catalog) *catalog.Spec { return nil },
			wantErr: `auth: spec "" is not in the catalog`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cat := testCatalog("")
			p := mustNew(t, cat, Options{Getenv: env(tt.vars)})
			spec := &cat.Specs[0]
			if tt.spec != nil {
				spec = tt.spec(cat)
			}
			req, _ := http.NewRequest(http.MethodGet, "http://127.0.0.1/x", nil)
			err := p.Apply(t.Context(), spec, tt.reqs, req)
			if err == nil {
				t.Fatal("no error")
			}
			if diff := cmp.Diff(tt.wantErr, err.Error()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
