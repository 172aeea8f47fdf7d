package invoke

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// staticAuth applies a fixed API key, as a configured server would.
type staticAuth struct{}

func (staticAuth) Apply(_ context.Context, _ *catalog.Spec, reqs []catalog.Requirement, req *http.Request) error {
	if len(reqs) > 0 {
		req.Header.Set("X-Api-Key", "configured")
	}
	return nil
}

// TestCredentialArgsRefused: one rule on secured and open endpoints
// alike: an argument that would carry credentials is refused and nothing
// is sent; other headers and cookies go through.
func TestCredentialArgsRefused(t *testing.T) {
	open := catalog.Endpoint{ID: "open", Method: "GET", Path: "/open", Params: []catalog.Param{
		{Name: "api_key", In: "query"}, {Name: "Authorization", In: "header"}, {Name: "q", In: "query"}}}
	secured := catalog.Endpoint{ID: "secured", Method: "GET", Path: "/secured",
		Security: []catalog.Requirement{{Schemes: []catalog.SchemeUse{{Scheme: 0}}}}}
	tests := []struct {
		name    string
		ep      catalog.Endpoint
		in      Input
		refused string // "" means sent
	}{
		{"Authorization header, open endpoint", open, Input{Headers: map[string]string{"Authorization": "Bearer model"}}, "headers.Authorization"},
		{"Authorization header, secured endpoint", secured, Input{Headers: map[string]string{"authorization": "Bearer model"}}, "headers.authorization"},
		{"Proxy-Authorization header", open, Input{Headers: map[string]string{"Proxy-Authorization": "Basic x"}}, "headers.Proxy-Authorization"},
		{"Cookie header", open, Input{Headers: map[string]string{"Cookie": "sid=1"}}, "headers.Cookie"},
		{"the API key's header, any case", open, Input{Headers: map[string]string{"x-api-key": "model"}}, "headers.x-api-key"},
		{"the API key's cookie", secured, Input{Cookies: map[string]string{"session_key": "model"}}, "cookies.session_key"},
		{"a spec parameter where the API key goes", open, Input{Parameters: params(t, `{"api_key":"model"}`)}, `parameter "api_key" (query)`},
		{"a spec header parameter Authorization", open, Input{Parameters: params(t, `{"Authorization":"Bearer model"}`)}, `parameter "Authorization" (header)`},
		{"other headers, cookies and parameters", open, Input{Headers: map[string]string{"X-Trace": "t"}, Cookies: map[string]string{"theme": "dark"},
			Parameters: params(t, `{"q":"x","api_key":null}`)}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := newRecorder(t, nil)
			cat := testCatalog(rec.URL, tt.ep)
			cat.Specs[0].Security = []catalog.SecurityScheme{
				{Name: "key", Type: "apiKey", In: "header", ParamName: "X-Api-Key"},
				{Name: "qkey", Type: "apiKey", In: "query", ParamName: "api_key"},
				{Name: "ckey", Type: "apiKey", In: "cookie", ParamName: "session_key"},
			}
			c := NewClient(cat, ClientOptions{Getenv: noEnv, Auth: staticAuth{}})
			in := tt.in
			in.Endpoint = &cat.Endpoints[0]
			_, err := c.Do(context.Background(), &in, anyStub)
			var ve *ValidationError
			if tt.refused == "" {
				if err != nil {
					t.Fatalf("err = %v, want the call sent", err)
				}
				if got := rec.last(t).Header.Get("X-Trace"); got != "t" {
					t.Errorf("X-Trace = %q", got)
				}
				return
			}
			if !errors.As(err, &ve) || !strings.Contains(err.Error(), tt.refused) || !strings.Contains(err.Error(), "never taken from arguments") {
				t.Fatalf("err = %v, want a validation problem naming %s", err, tt.refused)
			}
			if rec.count() != 0 {
				t.Errorf("%d requests sent, want none", rec.count())
			}
		})
	}
}
