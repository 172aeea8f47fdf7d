package auth

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// TestSecretsNeverLeak sets a distinctive value for every credential,
// provokes every error path and collects every string the package hands
// out (errors, status, tool answers, log output), then searches them all
// for the values.
func TestSecretsNeverLeak(t *testing.T) {
	secrets := map[string]string{
		"PETSTORE_API_KEY":             "LEAK-apikey-7f3a9",
		"PETSTORE_QUERY_KEY":           "LEAK-query-2b8c1",
		"PETSTORE_COOKIEKEY":           "LEAK-cookie-5d4e6;", // a semicolon: refused for a cookie
		"PETSTORE_BASIC_USERNAME":      "LEAK-user-8a1f2",
		"PETSTORE_BASIC_PASSWORD":      "LEAK-pass-3c9d7",
		"PETSTORE_BEARER":              "LEAK-bearer-6e2b4\r\nX-Injected: 1", // refused for a header
		"PETSTORE_OAUTH_CLIENT_ID":     "LEAK-client-1d7f3",
		"PETSTORE_OAUTH_CLIENT_SECRET": "LEAK-secret-9b5a8&/+",
		"PETSTORE_OIDC_TOKEN":          "LEAK-oidc-4f6c2",
		"PETSTORE_CODE_TOKEN":          "LEAK-code-0a3e5",
	}
	const accessPrefix = "LEAK-access-"
	needles := []string{accessPrefix}
	for _, v := range secrets {
		needles = append(needles, v, url.QueryEscape(v), strings.TrimSuffix(strings.Split(v, "\r")[0], ";"))
	}
	needles = append(needles, strings.ToUpper(strings.ReplaceAll(secrets["PETSTORE_API_KEY"], "-", "_")))

	var out []string
	collect := func(v any) {
		switch x := v.(type) {
		case nil:
		case error:
			out = append(out, x.Error(), fmt.Sprintf("%+v", x), fmt.Sprintf("%#v", x))
			for u := errors.Unwrap(x); u != nil; u = errors.Unwrap(u) {
				out = append(out, u.Error())
			}
		default:
			b, err := json.Marshal(x)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, string(b), fmt.Sprintf("%+v", x))
		}
	}
	var logs bytes.Buffer
	log.SetOutput(&logs)
	prevSlog := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
	t.Cleanup(func() { log.SetOutput(nil); slog.SetDefault(prevSlog) })

	// A token endpoint that echoes everything it was sent, with each status.
	echo := func(status int) string {
		ts := newTokenServer(t)
		ts.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			r.ParseForm()
			user, pass, _ := r.BasicAuth()
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			json.NewEncoder(w).Encode(map[string]string{
				"error":             "invalid_client " + user,
				"error_description": fmt.Sprintf("got %s:%s form %s header %s", user, pass, r.PostForm.Encode(), r.Header.Get("Authorization")),
			})
		})
		return ts.URL
	}
	good := newTokenServer(t)
	good.prefix = accessPrefix

	u := newUpstream(t)
	for _, tokenURL := range []string{echo(401), echo(400), echo(200), echo(500), "http://127.0.0.1:1/token", good.URL} {
		p, err := New(testCatalog(tokenURL), Options{Getenv: env(secrets)})
		if err != nil {
			t.Fatal(err)
		}
		for i := range p.cat.Specs[0].Security {
			_, err := u.send(t, p, []catalog.Requirement{req1(i, "read")}, "/", nil)
			collect(err)
		}
		collect(p.Status())
		collect(p.Refresh(t.Context(), "", ""))
		collect(p.Refresh(t.Context(), "petstore", "oauth"))
		for _, args := range []ToolArgs{{}, {Refresh: true}, {Refresh: true, Scheme: "oauth"}, {Refresh: true, Scheme: "basic"}, {Spec: "x"}} {
			ans, err := p.RunTool(t.Context(), args)
			collect(ans)
			collect(err)
		}
	}
	// Missing credentials while some parts are set.
	partial := map[string]string{"PETSTORE_BASIC_PASSWORD": secrets["PETSTORE_BASIC_PASSWORD"], "PETSTORE_OAUTH_CLIENT_SECRET": secrets["PETSTORE_OAUTH_CLIENT_SECRET"]}
	p := mustNew(t, testCatalog(good.URL), Options{Getenv: env(partial)})
	_, err := u.send(t, p, []catalog.Requirement{req1(sBasic), req1(sOAuth)}, "/", nil)
	collect(err)
	collect(p.Status())
	collect(p.Refresh(t.Context(), "petstore", "oauth"))

	out = append(out, logs.String())

	if testing.Verbose() {
		for _, s := range out {
			t.Log(s)
		}
	}
	if len(out) < 50 {
		t.Fatalf("only %d strings collected", len(out))
	}
	for _, s := range out {
		for _, n := range needles {
			if n != "" && strings.Contains(s, n) {
				t.Errorf("secret %q leaked in: %s", n, s)
			}
		}
	}
}
