package auth

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

func TestStatus(t *testing.T) {
	ts := newTokenServer(t)
	clk := newClock()
	vars := ccVars(map[string]string{"PETSTORE_API_KEY": "k", "PETSTORE_BASIC_USERNAME": "u", "PETSTORE_OAUTH_SCOPES": "read"})
	p := mustNew(t, testCatalog(ts.URL), Options{Getenv: env(vars), Now: clk.Now})
	u := newUpstream(t)
	if _, err := u.send(t, p, []catalog.Requirement{req1(sOAuth)}, "/", nil); err != nil {
		t.Fatal(err)
	}
	clk.advance(60 * time.Second)
	env := "environment"
	want := []SchemeStatus{
		{Spec: "petstore", Scheme: "api_key", Type: "apiKey in header X-API-Key", Configured: true,
			Variables: []VarStatus{{Name: "PETSTORE_API_KEY", Set: true, From: env}}},
		{Spec: "petstore", Scheme: "query-key", Type: "apiKey in query api_key",
			Variables: []VarStatus{{Name: "PETSTORE_QUERY_KEY"}},
			Note:      "set PETSTORE_QUERY_KEY in the server's environment or config file, then restart it"},
		{Spec: "petstore", Scheme: "cookieKey", Type: "apiKey in cookie session",
			Variables: []VarStatus{{Name: "PETSTORE_COOKIEKEY"}},
			Note:      "set PETSTORE_COOKIEKEY in the server's environment or config file, then restart it"},
		{Spec: "petstore", Scheme: "basic", Type: "http basic", Configured: true,
			Variables: []VarStatus{{Name: "PETSTORE_BASIC_USERNAME", Set: true, From: env}, {Name: "PETSTORE_BASIC_PASSWORD", Optional: true}},
			Note:      "no password is set; an empty one is sent"},
		{Spec: "petstore", Scheme: "bearer", Type: "http bearer",
			Variables: []VarStatus{{Name: "PETSTORE_BEARER"}},
			Note:      "set PETSTORE_BEARER in the server's environment or config file, then restart it"},
		{Spec: "petstore", Scheme: "oauth", Type: "oauth2 client credentials", Configured: true,
			Variables: []VarStatus{
				{Name: "PETSTORE_OAUTH_CLIENT_ID", Set: true, From: env},
				{Name: "PETSTORE_OAUTH_CLIENT_SECRET", Set: true, From: env},
				{Name: "PETSTORE_OAUTH_TOKEN_URL", Optional: true},
				{Name: "PETSTORE_OAUTH_SCOPES", Set: true, From: env, Optional: true},
			},
			Tokens: []TokenStatus{{Scopes: []string{"read"}, Expires: "in 3540s"}}},
		{Spec: "petstore", Scheme: "oidc", Type: "openIdConnect token",
			Variables: []VarStatus{{Name: "PETSTORE_OIDC_TOKEN"}},
			Note:      "set PETSTORE_OIDC_TOKEN in the server's environment or config file, then restart it"},
		{Spec: "petstore", Scheme: "code", Type: "oauth2 token",
			Variables: []VarStatus{{Name: "PETSTORE_CODE_TOKEN"}},
			Note:      "set PETSTORE_CODE_TOKEN in the server's environment or config file, then restart it"},
		{Spec: "petstore", Scheme: "mtls", Type: "mutualTLS", Note: "this server cannot apply mutualTLS authentication"},
	}
	if diff := cmp.Diff(want, p.Status()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestRunTool(t *testing.T) {
	ts := newTokenServer(t)
	clk := newClock()
	p := mustNew(t, testCatalog(ts.URL), Options{Getenv: env(ccVars(nil)), Now: clk.Now})
	tests := []struct {
		name    string
		args    string
		want    string // the answer as JSON
		wantErr string
	}{
		{
			name: "one scheme",
			args: `{"spec":"petstore","scheme":"bearer"}`,
			want: `{"schemes":[{"spec":"petstore","scheme":"bearer","type":"http bearer","configured":false,` +
				`"variables":[{"name":"PETSTORE_BEARER","set":false}],` +
				`"note":"set PETSTORE_BEARER in the server's environment or config file, then restart it"}]}`,
		},
		{
			name: "refresh by spec id",
			args: `{"refresh":true,"spec":"0123456789abcdef0123456789abcdef","scheme":"oauth"}`,
			want: `{"schemes":[{"spec":"petstore","scheme":"oauth","type":"oauth2 client credentials","configured":true,` +
				`"variables":[{"name":"PETSTORE_OAUTH_CLIENT_ID","set":true,"from":"environment"},` +
				`{"name":"PETSTORE_OAUTH_CLIENT_SECRET","set":true,"from":"environment"},` +
				`{"name":"PETSTORE_OAUTH_TOKEN_URL","set":false,"optional":true},` +
				`{"name":"PETSTORE_OAUTH_SCOPES","set":false,"optional":true}],` +
				`"tokens":[{"expires":"in 3600s"}]}],` +
				`"refreshed":[{"spec":"petstore","scheme":"oauth","refreshed":true,"expires":"in 3600s"}]}`,
		},
		{name: "unknown spec", args: `{"spec":"nope"}`, wantErr: `unknown spec "nope"; known specs: "petstore"`},
		{
			name: "unknown scheme", args: `{"scheme":"nope"}`,
			wantErr: `unknown scheme "nope"; known schemes: "api_key", "query-key", "cookieKey", "basic", "bearer", "oauth", "oidc", "code", "mtls"`,
		},
		{name: "refresh a non-oauth scheme", args: `{"refresh":true,"scheme":"basic"}`, wantErr: `scheme "basic" is http basic; only OAuth2 client-credentials tokens can be refreshed`},
		{name: "credentials are not arguments", args: `{"token":"x"}`, wantErr: "arguments must be an object with optional refresh (boolean), spec and scheme (strings)"},
		{name: "wrong type", args: `{"refresh":"yes"}`, wantErr: "arguments must be an object with optional refresh (boolean), spec and scheme (strings)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args, err := DecodeToolArgs(json.RawMessage(tt.args))
			var ans *ToolAnswer
			if err == nil {
				ans, err = p.RunTool(t.Context(), args)
			}
			if tt.wantErr != "" {
				var ae *ArgError
				if !errors.As(err, &ae) {
					t.Fatalf("error %v, want an ArgError", err)
				}
				if diff := cmp.Diff(tt.wantErr, err.Error()); diff != "" {
					t.Errorf("(-want +got):\n%s", diff)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got, _ := json.Marshal(ans)
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestRunToolRefreshAll(t *testing.T) {
	tests := []struct {
		name string
		cat  func() *catalog.Catalog
		vars map[string]string
		want string
	}{
		{
			name: "unconfigured scheme is reported, not fetched",
			cat:  func() *catalog.Catalog { return testCatalog("http://127.0.0.1:1/token") },
			want: `[{"spec":"petstore","scheme":"oauth","refreshed":false,"error":"credentials for petstore are not configured: ` +
				`set PETSTORE_OAUTH_CLIENT_ID and PETSTORE_OAUTH_CLIENT_SECRET in the server's environment or config file, then restart it"}]`,
		},
		{
			name: "no client-credentials scheme",
			cat: func() *catalog.Catalog {
				return &catalog.Catalog{Specs: []catalog.Spec{{ID: "a", Domain: "a", EnvPrefix: "A"}}}
			},
			want: `null`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustNew(t, tt.cat(), Options{Getenv: env(tt.vars)})
			ans, err := p.RunTool(t.Context(), ToolArgs{Refresh: true})
			if err != nil {
				t.Fatal(err)
			}
			got, _ := json.Marshal(ans.Refreshed)
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if err := p.Refresh(t.Context(), "", ""); err != nil {
				t.Errorf("Refresh of all: %v, want nil (unconfigured schemes are skipped)", err)
			}
		})
	}
}

func TestToolDefinition(t *testing.T) {
	tool := Tool()
	var schema map[string]any
	if err := json.Unmarshal(tool.RawInputSchema, &schema); err != nil {
		t.Fatalf("input schema is not JSON: %v", err)
	}
	if tool.Name != ToolName || schema["additionalProperties"] != false {
		t.Errorf("tool %q, additionalProperties %v", tool.Name, schema["additionalProperties"])
	}
	if _, err := json.Marshal(tool); err != nil {
		t.Errorf("tool does not marshal: %v", err)
	}
}
