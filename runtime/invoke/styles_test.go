package invoke

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// Values of the OpenAPI style examples: a parameter "color" that is an
// empty string, a string, an array or an object.
const (
	exEmpty  = `""`
	exString = `"blue"`
	exArray  = `["blue","black","brown"]`
	exObject = `{"R":100,"G":200,"B":150}`
)

// sentAs sends one parameter through Do to a recording server and returns
// what the server saw of it: the path after "/c/", the query, or the
// X-Color or Cookie header.
func sentAs(t *testing.T, p catalog.Param, value string) (string, error) {
	t.Helper()
	srv := newRecorder(t, nil)
	ep := catalog.Endpoint{ID: "c", Method: "GET", Path: "/c", Params: []catalog.Param{p}}
	if p.In == "path" {
		ep.Path = "/c/{" + p.Name + "}"
	}
	c := NewClient(testCatalog(srv.URL, ep), ClientOptions{Getenv: noEnv})
	in := &Input{Endpoint: &ep, Parameters: map[string]json.RawMessage{p.ArgName(): json.RawMessage(value)}}
	if _, err := c.Do(context.Background(), in, anyStub); err != nil {
		return "", err
	}
	got := srv.last(t)
	switch p.In {
	case "path":
		return strings.TrimPrefix(got.URI, "/c/"), nil
	case "header":
		return got.Header.Get(p.Name), nil
	case "cookie":
		return got.Header.Get("Cookie"), nil
	}
	_, q, _ := strings.Cut(got.URI, "?")
	return q, nil
}

// TestStyleExamples reproduces the style examples table of the OpenAPI
// Specification (3.0.4, 3.1.1 and 3.2.0 agree) on the wire. Those versions
// corrected label with explode false to RFC 6570's ".blue,black,brown"; the
// 3.0.0–3.0.3 table had ".blue.black.brown" there. The "undefined" column
// is not reproduced: an absent argument is not sent at all.
func TestStyleExamples(t *testing.T) {
	on, off := catalog.ExplodeTrue, catalog.ExplodeFalse
	tests := []struct {
		in, style string
		explode   catalog.Explode
		value     string
		want      string
	}{
		{"path", "matrix", off, exEmpty, ";color"},
		{"path", "matrix", off, exString, ";color=blue"},
		{"path", "matrix", off, exArray, ";color=blue,black,brown"},
		{"path", "matrix", off, exObject, ";color=R,100,G,200,B,150"},
		{"path", "matrix", on, exEmpty, ";color"},
		{"path", "matrix", on, exString, ";color=blue"},
		{"path", "matrix", on, exArray, ";color=blue;color=black;color=brown"},
		{"path", "matrix", on, exObject, ";R=100;G=200;B=150"},
		// "." alone would be a dot segment that resolves away: it is escaped.
		{"path", "label", off, exEmpty, "%2E"},
		{"path", "label", off, exString, ".blue"},
		{"path", "label", off, exArray, ".blue,black,brown"},
		{"path", "label", off, exObject, ".R,100,G,200,B,150"},
		{"path", "label", on, exString, ".blue"},
		{"path", "label", on, exArray, ".blue.black.brown"},
		{"path", "label", on, exObject, ".R=100.G=200.B=150"},
		{"path", "simple", off, exString, "blue"},
		{"path", "simple", off, exArray, "blue,black,brown"},
		{"path", "simple", off, exObject, "R,100,G,200,B,150"},
		{"path", "simple", on, exString, "blue"},
		{"path", "simple", on, exArray, "blue,black,brown"},
		{"path", "simple", on, exObject, "R=100,G=200,B=150"},
		{"query", "form", off, exEmpty, "color="},
		{"query", "form", off, exString, "color=blue"},
		{"query", "form", off, exArray, "color=blue,black,brown"},
		{"query", "form", off, exObject, "color=R,100,G,200,B,150"},
		{"query", "form", on, exEmpty, "color="},
		{"query", "form", on, exString, "color=blue"},
		{"query", "form", on, exArray, "color=blue&color=black&color=brown"},
		{"query", "form", on, exObject, "R=100&G=200&B=150"},
		{"query", "spaceDelimited", off, exArray, "color=blue%20black%20brown"},
		{"query", "spaceDelimited", off, exObject, "color=R%20100%20G%20200%20B%20150"},
		{"query", "pipeDelimited", off, exArray, "color=blue%7Cblack%7Cbrown"},
		{"query", "pipeDelimited", off, exObject, "color=R%7C100%7CG%7C200%7CB%7C150"},
		{"query", "deepObject", on, exObject, "color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150"},
		// Defaults: form explodes in the query; simple does not in headers.
		{"query", "", 0, exArray, "color=blue&color=black&color=brown"},
		{"header", "", 0, exString, "blue"},
		{"header", "simple", off, exArray, "blue,black,brown"},
		{"header", "simple", off, exObject, "R,100,G,200,B,150"},
		{"header", "simple", on, exObject, "R=100,G=200,B=150"},
		{"cookie", "", 0, exString, "color=blue"},
		{"cookie", "form", off, exArray, "color=blue,black,brown"},
		{"cookie", "form", off, exObject, "color=R,100,G,200,B,150"},
		{"cookie", "form", on, exObject, "R=100; G=200; B=150"},
	}
	for _, tt := range tests {
		name := strings.Join([]string{tt.in, tt.style, explodeName(tt.explode), tt.value}, " ")
		t.Run(name, func(t *testing.T) {
			name := "color"
			if tt.in == "header" {
				name = "X-Color"
			}
			got, err := sentAs(t, catalog.Param{Name: name, In: tt.in, Style: tt.style, Explode: tt.explode, Required: tt.in == "path"}, tt.value)
			if err != nil {
				t.Fatalf("Do: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("sent (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCollectionFormats covers Swagger 2.0's collectionFormat, in the query
// and in the other locations where csv applies.
func TestCollectionFormats(t *testing.T) {
	tests := []struct {
		in, format string
		want       string
	}{
		{"query", "csv", "ids=1,2,3"},
		{"query", "ssv", "ids=1%202%203"},
		{"query", "tsv", "ids=1%092%093"},
		{"query", "pipes", "ids=1%7C2%7C3"},
		{"query", "multi", "ids=1&ids=2&ids=3"},
		{"path", "csv", "1,2,3"},
		{"header", "csv", "1,2,3"},
	}
	for _, tt := range tests {
		t.Run(tt.in+" "+tt.format, func(t *testing.T) {
			name := "ids"
			if tt.in == "header" {
				name = "X-Ids"
			}
			got, err := sentAs(t, catalog.Param{Name: name, In: tt.in, CollectionFormat: tt.format, Required: tt.in == "path"}, `[1,2,3]`)
			if err != nil {
				t.Fatalf("Do: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("sent (-want +got):\n%s", diff)
			}
		})
	}
}

// TestEscaping: values cannot change the request's shape, and
// allowReserved keeps reserved characters that do not end a query value.
func TestEscaping(t *testing.T) {
	tests := []struct {
		name    string
		p       catalog.Param
		value   string
		want    string
		wantErr string
	}{
		{name: "path dot-dot", p: catalog.Param{Name: "x", In: "path", Required: true}, value: `".."`, want: "%2E%2E"},
		{name: "path traversal", p: catalog.Param{Name: "x", In: "path", Required: true}, value: `"../admin?a=1#f"`,
			want: "..%2Fadmin%3Fa=1%23f"},
		{name: "path percent", p: catalog.Param{Name: "x", In: "path", Required: true}, value: `"100%"`, want: "100%25"},
		{name: "query reserved escaped", p: catalog.Param{Name: "q", In: "query"}, value: `"a/b?c&d=e#f g+h"`,
			want: "q=a%2Fb%3Fc%26d%3De%23f+g%2Bh"},
		{name: "query allowReserved", p: catalog.Param{Name: "q", In: "query", AllowReserved: true}, value: `"a/b?c&d=e#f g"`,
			want: "q=a/b?c%26d%3De%23f+g"},
		{name: "query unicode", p: catalog.Param{Name: "q", In: "query"}, value: `"grüße"`, want: "q=gr%C3%BC%C3%9Fe"},
		{name: "cookie separators", p: catalog.Param{Name: "c", In: "cookie"}, value: `"a; b=c"`, want: "c=a%3B%20b=c"},
		{name: "header CRLF", p: catalog.Param{Name: "X-A", In: "header"}, value: `"a\r\nX-Evil: 1"`,
			wantErr: `header "X-A": value must not contain CR, LF or other control characters`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := sentAs(t, tt.p, tt.value)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("error = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Do: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("sent (-want +got):\n%s", diff)
			}
		})
	}
}

func explodeName(e catalog.Explode) string {
	switch e {
	case catalog.ExplodeTrue:
		return "explode"
	case catalog.ExplodeFalse:
		return "no-explode"
	}
	return "default"
}
