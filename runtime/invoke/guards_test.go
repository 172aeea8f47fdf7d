package invoke

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// TestHTTPRequestKeepsOriginAndShape checks the last check before a
// request is built: its URL keeps the base URL's scheme and host and the
// prepared path's exact shape. Serialization escapes every value, so only
// a broken layer above could trip it; it is the line a request to another
// host or path must not cross.
func TestHTTPRequestKeepsOriginAndShape(t *testing.T) {
	base, err := url.Parse("http://api.example.com/v1")
	if err != nil {
		t.Fatal(err)
	}
	// Bases whose text names another host: the shape of the path alone
	// would not tell the second one.
	opaque, samePath := *base, *base
	opaque.Opaque = "//evil.example/steal"
	samePath.Opaque = "//evil.example/v1/pets/1"
	tests := []struct {
		name string
		base *url.URL
		path string
		want string // the URL; "" when refused
	}{
		{name: "plain", base: base, path: "/pets/1", want: "http://api.example.com/v1/pets/1"},
		{name: "escaped slash kept", base: base, path: "/files/a%2Fb", want: "http://api.example.com/v1/files/a%2Fb"},
		{name: "query smuggled into the path", base: base, path: "/pets/1?admin=true"},
		{name: "fragment smuggled into the path", base: base, path: "/pets/1#x"},
		{name: "raw space", base: base, path: "/pets/a b"},
		{name: "another host", base: &opaque, path: "/pets/1"},
		{name: "another host, same path", base: &samePath, path: "/pets/1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := (&prepared{method: "GET", path: tt.path, header: http.Header{}}).httpRequest(context.Background(), tt.base)
			if tt.want == "" {
				if err == nil {
					t.Fatalf("built %s, want a refusal", req.URL)
				}
				if !strings.Contains(err.Error(), "origin or the path's shape") {
					t.Errorf("error %q does not say why", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := req.URL.String(); got != tt.want {
				t.Errorf("URL %s, want %s", got, tt.want)
			}
		})
	}
}

// TestDoRedirectCap checks that one call makes at most ten requests
// through same-origin redirects (net/http's own bound), and that a
// redirect loop is not retried.
func TestDoRedirectCap(t *testing.T) {
	const chain = 30 // redirects before the server answers
	srv := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		if n < chain {
			http.Redirect(w, r, fmt.Sprintf("/pets/1?n=%d", n+1), http.StatusFound)
			return
		}
		w.Write([]byte(`{"ok":true}`))
	})
	ep := getPet()
	c := NewClient(testCatalog(srv.URL, ep), ClientOptions{Getenv: noEnv})
	_, err := c.Do(context.Background(), &Input{Endpoint: &ep, Parameters: params(t, `{"petId": 1}`)}, anyStub)
	if err == nil || !strings.Contains(err.Error(), "10 redirects") {
		t.Errorf("Do error = %v, want it stopped after 10 redirects", err)
	}
	if n := srv.count(); n != maxRedirects {
		t.Errorf("server saw %d requests, want %d", n, maxRedirects)
	}
}

// TestMultipartContentTypeGuard checks that a part's Content-Type, which
// the caller (a file object) or the spec (an encoding object) chooses,
// cannot carry a line break into the part's headers; nothing is sent.
func TestMultipartContentTypeGuard(t *testing.T) {
	withEncoding := addForm()
	withEncoding.Operation = catalog.Text(`{"requestBody":{"content":{"multipart/form-data":{"schema":{},"encoding":{"doc":{"contentType":"text/plain\r\nX-Injected: 1"}}}}}}`)
	tests := []struct {
		name string
		body string
	}{
		{name: "file object", body: `{"photo":{"content":"aGk=","contentType":"image/png\r\nX-Injected: 1"}}`},
		{name: "file object with a NUL", body: `{"photo":{"content":"aGk=","contentType":"image/png\u0000"}}`},
		{name: "encoding object", body: `{"doc":"<a/>"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := addForm()
			if tt.name == "encoding object" {
				e = withEncoding
			}
			srv := newRecorder(t, nil)
			c := NewClient(testCatalog(srv.URL, e), ClientOptions{Getenv: noEnv})
			in := &Input{Endpoint: &e, Body: json.RawMessage(tt.body), MediaType: "multipart/form-data"}
			_, err := c.Do(context.Background(), in, anyStub)
			var ve *ValidationError
			if !errors.As(err, &ve) || !strings.Contains(err.Error(), "control characters") {
				t.Errorf("Do error = %v, want a validation error about control characters", err)
			}
			if n := srv.count(); n != 0 {
				t.Errorf("server saw %d requests, want none", n)
			}
		})
	}
}

// TestMultipartFieldNameGuard checks that a form field's name, which the
// caller chooses, stays inside its part's Content-Disposition: quotes and
// line breaks are escaped, so no header can be added to the part.
func TestMultipartFieldNameGuard(t *testing.T) {
	e := addForm()
	srv := newRecorder(t, nil)
	c := NewClient(testCatalog(srv.URL, e), ClientOptions{Getenv: noEnv})
	in := &Input{Endpoint: &e, Body: json.RawMessage(`{"a\"\r\nX-Injected: 1\r\n\r\nbody":"v"}`), MediaType: "multipart/form-data"}
	if _, err := c.Do(context.Background(), in, anyStub); err != nil {
		t.Fatalf("Do: %v", err)
	}
	got := srv.last(t)
	_, params, err := mime.ParseMediaType(got.Header.Get("Content-Type"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := multipart.NewReader(strings.NewReader(got.Body), params["boundary"]).NextPart()
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Header) != 1 || p.Header.Get("X-Injected") != "" {
		t.Errorf("part headers %v, want only Content-Disposition", p.Header)
	}
	if want := `form-data; name="a\"%0D%0AX-Injected: 1%0D%0A%0D%0Abody"`; p.Header.Get("Content-Disposition") != want {
		t.Errorf("Content-Disposition %q, want %q", p.Header.Get("Content-Disposition"), want)
	}
}
