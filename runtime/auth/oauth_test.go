package auth

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// ccVars configures the oauth scheme of testCatalog.
func ccVars(extra map[string]string) map[string]string {
	m := map[string]string{"PETSTORE_OAUTH_CLIENT_ID": "my-client", "PETSTORE_OAUTH_CLIENT_SECRET": "s3cr&t"}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

func TestClientCredentialsForm(t *testing.T) {
	tests := []struct {
		name   string
		vars   map[string]string
		scopes []string
		want   url.Values
	}{
		{
			name: "scopes from the requirement", scopes: []string{"write", "read"},
			want: url.Values{"grant_type": {"client_credentials"}, "scope": {"read write"}},
		},
		{
			name: "no scopes", want: url.Values{"grant_type": {"client_credentials"}},
		},
		{
			name: "scopes override", vars: map[string]string{"PETSTORE_OAUTH_SCOPES": "admin, read"}, scopes: []string{"write"},
			want: url.Values{"grant_type": {"client_credentials"}, "scope": {"admin read"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTokenServer(t)
			u := newUpstream(t)
			p := mustNew(t, testCatalog(ts.URL+"/token"), Options{Getenv: env(ccVars(tt.vars))})
			got, err := u.send(t, p, []catalog.Requirement{req1(sOAuth, tt.scopes...)}, "/pets", nil)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(recorded{Authorization: "Bearer token-1"}, got); diff != "" {
				t.Errorf("upstream saw (-want +got):\n%s", diff)
			}
			want := []tokenRequest{{Form: tt.want, User: "my-client", Pass: "s3cr&t"}}
			if diff := cmp.Diff(want, ts.requests); diff != "" {
				t.Errorf("token requests (-want +got):\n%s", diff)
			}
		})
	}
}

func TestClientCredentialsTokenURLOverride(t *testing.T) {
	ts := newTokenServer(t)
	u := newUpstream(t)
	vars := ccVars(map[string]string{"PETSTORE_OAUTH_TOKEN_URL": ts.URL + "/token"})
	p := mustNew(t, testCatalog("http://127.0.0.1:1/unreachable"), Options{Getenv: env(vars)})
	if _, err := u.send(t, p, []catalog.Requirement{req1(sOAuth)}, "/", nil); err != nil {
		t.Fatal(err)
	}
	if ts.count() != 1 {
		t.Errorf("token fetches = %d, want 1", ts.count())
	}
}

func TestClientCredentialsNoTokenURL(t *testing.T) {
	p := mustNew(t, testCatalog(""), Options{Getenv: env(ccVars(nil))})
	req, _ := http.NewRequest(http.MethodGet, "http://127.0.0.1/", nil)
	err := p.Apply(t.Context(), &p.cat.Specs[0], []catalog.Requirement{req1(sOAuth)}, req)
	var me *MissingError
	if !errors.As(err, &me) {
		t.Fatalf("error %v, want MissingError", err)
	}
	want := [][]string{{"PETSTORE_OAUTH_CLIENT_ID", "PETSTORE_OAUTH_CLIENT_SECRET", "PETSTORE_OAUTH_TOKEN_URL"}}
	if diff := cmp.Diff(want, me.Alternatives); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestClientCredentialsCache(t *testing.T) {
	ts := newTokenServer(t)
	u := newUpstream(t)
	clk := newClock()
	p := mustNew(t, testCatalog(ts.URL), Options{Getenv: env(ccVars(nil)), Now: clk.Now})
	read := []catalog.Requirement{req1(sOAuth, "read")}
	call := func(t *testing.T, reqs []catalog.Requirement) string {
		t.Helper()
		got, err := u.send(t, p, reqs, "/", nil)
		if err != nil {
			t.Fatal(err)
		}
		return got.Authorization
	}

	t.Run("one fetch for many calls", func(t *testing.T) {
		var wg sync.WaitGroup
		for range 20 {
			wg.Go(func() { call(t, read) })
		}
		wg.Wait()
		if got := call(t, read); got != "Bearer token-1" || ts.count() != 1 {
			t.Errorf("got %q after %d fetches, want token-1 after 1", got, ts.count())
		}
	})
	t.Run("other scopes get their own token", func(t *testing.T) {
		if got := call(t, []catalog.Requirement{req1(sOAuth, "write")}); got != "Bearer token-2" {
			t.Errorf("got %q, want token-2", got)
		}
		if got := call(t, read); got != "Bearer token-1" {
			t.Errorf("got %q, want token-1 still", got)
		}
	})
	t.Run("kept until near expiry", func(t *testing.T) {
		clk.advance(3600*time.Second - maxRefreshMargin - time.Second)
		if got := call(t, read); got != "Bearer token-1" {
			t.Errorf("got %q, want token-1 still", got)
		}
	})
	t.Run("refreshed before expiry", func(t *testing.T) {
		clk.advance(2 * time.Second) // within the margin, not yet expired
		if got := call(t, read); got != "Bearer token-3" {
			t.Errorf("got %q, want token-3", got)
		}
	})
	t.Run("Refresh forces new tokens for every cached scope set", func(t *testing.T) {
		if err := p.Refresh(t.Context(), "petstore", "oauth"); err != nil {
			t.Fatal(err)
		}
		if ts.count() != 5 {
			t.Errorf("token fetches = %d, want 5", ts.count())
		}
		if got := call(t, read); got != "Bearer token-4" {
			t.Errorf("got %q, want token-4 (read sorts before write)", got)
		}
	})
}

func TestClientCredentialsShortLivedAndNoExpiry(t *testing.T) {
	tests := []struct {
		name      string
		expires   int
		advance   time.Duration
		wantFetch int
	}{
		{name: "short token kept for three quarters of its life", expires: 40, advance: 29 * time.Second, wantFetch: 1},
		{name: "short token replaced in its last quarter", expires: 40, advance: 31 * time.Second, wantFetch: 2},
		{name: "token without expiry kept", expires: 0, advance: 1000 * time.Hour, wantFetch: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTokenServer(t)
			ts.expires = tt.expires
			u := newUpstream(t)
			clk := newClock()
			p := mustNew(t, testCatalog(ts.URL), Options{Getenv: env(ccVars(nil)), Now: clk.Now})
			for range 2 {
				if _, err := u.send(t, p, []catalog.Requirement{req1(sOAuth)}, "/", nil); err != nil {
					t.Fatal(err)
				}
				clk.advance(tt.advance)
			}
			if ts.count() != tt.wantFetch {
				t.Errorf("token fetches = %d, want %d", ts.count(), tt.wantFetch)
			}
		})
	}
}

func TestClientCredentialsErrors(t *testing.T) {
	tests := []struct {
		name       string
		status     int
		body       string
		tokType    string
		tokenURL   func(ts string) string
		wantStatus int
		wantMsg    string
	}{
		{
			name: "invalid client", status: 401, body: `{"error":"invalid_client","error_description":"bad secret"}`,
			wantStatus: 401,
			wantMsg:    `oauth2 token for petstore scheme "oauth": the token endpoint answered 401 Unauthorized with error "invalid_client" (bad secret); check the client id and secret`,
		},
		{
			name: "server error without JSON", status: 500, body: `oops`, wantStatus: 500,
			wantMsg: `oauth2 token for petstore scheme "oauth": the token endpoint answered 500 Internal Server Error`,
		},
		{
			name: "redirect is not followed", status: 302, body: `{}`, wantStatus: 302,
			wantMsg: `oauth2 token for petstore scheme "oauth": the token endpoint answered 302 Found; the token URL redirects, set the final URL`,
		},
		{
			name: "unusable token type", tokType: "bad\nline",
			wantMsg: `oauth2 token for petstore scheme "oauth": the token endpoint answered with an access token that cannot be sent in a header`,
		},
		{
			name: "unreachable", tokenURL: func(string) string { return "http://127.0.0.1:1/token" },
			wantMsg: `oauth2 token for petstore scheme "oauth": the token request failed: Post "http://127.0.0.1:1/token": dial tcp 127.0.0.1:1: connect: connection refused`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTokenServer(t)
			ts.status, ts.body, ts.tokType = tt.status, tt.body, tt.tokType
			tokenURL := ts.URL
			if tt.tokenURL != nil {
				tokenURL = tt.tokenURL(ts.URL)
			}
			p := mustNew(t, testCatalog(tokenURL), Options{Getenv: env(ccVars(nil))})
			req, _ := http.NewRequest(http.MethodGet, "http://127.0.0.1/", nil)
			err := p.Apply(t.Context(), &p.cat.Specs[0], []catalog.Requirement{req1(sOAuth)}, req)
			var te *TokenError
			if !errors.As(err, &te) {
				t.Fatalf("error %v, want TokenError", err)
			}
			if te.Status != tt.wantStatus {
				t.Errorf("status = %d, want %d", te.Status, tt.wantStatus)
			}
			if diff := cmp.Diff(tt.wantMsg, err.Error()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if req.Header.Get("Authorization") != "" {
				t.Error("a failed fetch left an Authorization header")
			}
		})
	}
}

func TestClientCredentialsCancel(t *testing.T) {
	block := make(chan struct{})
	ts := newTokenServer(t)
	ts.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-block:
		case <-r.Context().Done():
		}
	})
	defer close(block)
	p := mustNew(t, testCatalog(ts.URL), Options{Getenv: env(ccVars(nil))})
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	req, _ := http.NewRequest(http.MethodGet, "http://127.0.0.1/", nil)
	err := p.Apply(ctx, &p.cat.Specs[0], []catalog.Requirement{req1(sOAuth)}, req)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want one wrapping context.Canceled", err)
	}
	if !strings.Contains(err.Error(), `scheme "oauth"`) {
		t.Errorf("error %q does not name the scheme", err)
	}
}

// TestTokenRequestNeverRedirected checks that a token endpoint answering
// with a redirect does not get the client secret sent on to where it
// points.
func TestTokenRequestNeverRedirected(t *testing.T) {
	elsewhere := newTokenServer(t)
	redirecting := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, elsewhere.URL+"/token", http.StatusTemporaryRedirect)
	}))
	t.Cleanup(redirecting.Close)
	p := mustNew(t, testCatalog(redirecting.URL), Options{Getenv: env(ccVars(nil))})
	req, _ := http.NewRequest(http.MethodGet, "http://127.0.0.1/", nil)
	err := p.Apply(t.Context(), &p.cat.Specs[0], []catalog.Requirement{req1(sOAuth)}, req)
	var te *TokenError
	if !errors.As(err, &te) || te.Status != http.StatusTemporaryRedirect {
		t.Errorf("error %v, want a TokenError with status 307", err)
	}
	if n := elsewhere.count(); n != 0 {
		t.Errorf("the redirect target got %d token requests, want none", n)
	}
}
