package invoke

import (
	"context"
	"encoding/json"
	"math"
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// rendered writes pieces as the location would: path and header values
// alone, query and cookie pieces as name=value joined by '&'.
func rendered(p catalog.Param, pieces []piece) string {
	var parts []string
	for _, pc := range pieces {
		switch p.In {
		case "path":
			parts = append(parts, pathText(pc.value))
		case "header":
			parts = append(parts, headerText(pc.value))
		case "cookie":
			parts = append(parts, pc.name+"="+cookieText(pc.value))
		default:
			parts = append(parts, url.QueryEscape(pc.name)+"="+queryText(pc.value, p.AllowReserved))
		}
	}
	return strings.Join(parts, "&")
}

func TestSerialize(t *testing.T) {
	arr := []string{"blue", "black", "brown"}
	obj := map[string]any{"R": 100, "G": 200, "B": 150}
	on, off := catalog.ExplodeTrue, catalog.ExplodeFalse
	pathP := func(style string, ex catalog.Explode) catalog.Param {
		return catalog.Param{Name: "color", In: "path", Style: style, Explode: ex}
	}
	queryP := func(style string, ex catalog.Explode) catalog.Param {
		return catalog.Param{Name: "color", In: "query", Style: style, Explode: ex}
	}
	i64 := int64(-7)
	tests := []struct {
		name    string
		p       catalog.Param
		v       any
		want    string
		wantErr string
	}{
		{name: "nil pointer absent", p: pathP("", 0), v: (*int64)(nil), want: ""},
		{name: "nil slice absent", p: queryP("", 0), v: []string(nil), want: ""},
		{name: "int64 pointer", p: pathP("", 0), v: &i64, want: "-7"},
		{name: "float32", p: pathP("", 0), v: float32(0.1), want: "0.1"},
		{name: "float64 tiny", p: pathP("", 0), v: 1e-9, want: "0.000000001"},
		{name: "json number exponent", p: pathP("", 0), v: json.Number("2.5E3"), want: "2500"},
		{name: "json number huge int", p: pathP("", 0), v: json.Number("123456789012345678901234"), want: "123456789012345678901234"},
		{name: "raw message", p: queryP("", 0), v: json.RawMessage(`[1,2]`), want: "color=1&color=2"},
		{name: "NaN", p: pathP("", 0), v: math.NaN(), wantErr: "NaN is not a finite number"},
		{name: "nested object in array as JSON", p: queryP("", off), v: []any{map[string]any{"a": 1}}, want: "color=%7B%22a%22%3A1%7D"},
		{name: "struct via JSON", p: queryP("", 0), v: struct {
			A int    `json:"a"`
			B string `json:"b"`
		}{1, "x"}, want: "a=1&b=x"},

		{name: "simple array", p: pathP("simple", 0), v: arr, want: "blue,black,brown"},
		{name: "simple object", p: pathP("simple", off), v: obj, want: "B,150,G,200,R,100"},
		{name: "simple object explode", p: pathP("simple", on), v: obj, want: "B=150,G=200,R=100"},
		{name: "label scalar", p: pathP("label", 0), v: "blue", want: ".blue"},
		{name: "label array", p: pathP("label", 0), v: arr, want: ".blue,black,brown"},
		{name: "label array explode", p: pathP("label", on), v: arr, want: ".blue.black.brown"},
		{name: "label object explode", p: pathP("label", on), v: obj, want: ".B=150.G=200.R=100"},
		{name: "matrix scalar", p: pathP("matrix", 0), v: "blue", want: ";color=blue"},
		{name: "matrix empty", p: pathP("matrix", 0), v: "", want: ";color"},
		{name: "matrix array", p: pathP("matrix", 0), v: arr, want: ";color=blue,black,brown"},
		{name: "matrix array explode", p: pathP("matrix", on), v: arr, want: ";color=blue;color=black;color=brown"},
		{name: "matrix object", p: pathP("matrix", 0), v: obj, want: ";color=B,150,G,200,R,100"},
		{name: "matrix object explode", p: pathP("matrix", on), v: obj, want: ";B=150;G=200;R=100"},
		{name: "form array", p: queryP("form", off), v: arr, want: "color=blue,black,brown"},
		{name: "form object", p: queryP("form", off), v: obj, want: "color=B,150,G,200,R,100"},
		{name: "form empty string", p: queryP("", 0), v: "", want: "color="},
		{name: "space delimited", p: queryP("spaceDelimited", off), v: arr, want: "color=blue%20black%20brown"},
		{name: "pipe delimited", p: queryP("pipeDelimited", off), v: arr, want: "color=blue%7Cblack%7Cbrown"},
		{name: "pipe delimited explode", p: queryP("pipeDelimited", on), v: arr, want: "color=blue&color=black&color=brown"},
		{name: "deep object", p: queryP("deepObject", on), v: obj, want: "color%5BB%5D=150&color%5BG%5D=200&color%5BR%5D=100"},
		{name: "deep object scalar", p: queryP("deepObject", on), v: "x", wantErr: "style deepObject needs an object value"},
		{name: "allowReserved", p: catalog.Param{Name: "q", In: "query", AllowReserved: true}, v: "a/b:c?d&e=f#g h",
			want: "q=a/b:c?d%26e%3Df%23g+h"},
		{name: "header array", p: catalog.Param{Name: "X", In: "header"}, v: []int{1, 2}, want: "1,2"},
		{name: "cookie object", p: catalog.Param{Name: "c", In: "cookie"}, v: map[string]string{"k": "a;b"}, want: "k=a%3Bb"},
		{name: "cookie array not exploded", p: catalog.Param{Name: "c", In: "cookie", Explode: off}, v: []string{"a", "b"}, want: "c=a,b"},
		{name: "swagger csv", p: catalog.Param{Name: "c", In: "query", CollectionFormat: "csv"}, v: arr, want: "c=blue,black,brown"},
		{name: "swagger ssv", p: catalog.Param{Name: "c", In: "query", CollectionFormat: "ssv"}, v: arr, want: "c=blue%20black%20brown"},
		{name: "swagger tsv", p: catalog.Param{Name: "c", In: "query", CollectionFormat: "tsv"}, v: arr, want: "c=blue%09black%09brown"},
		{name: "swagger pipes", p: catalog.Param{Name: "c", In: "query", CollectionFormat: "pipes"}, v: arr, want: "c=blue%7Cblack%7Cbrown"},
		{name: "swagger multi", p: catalog.Param{Name: "c", In: "query", CollectionFormat: "multi"}, v: arr, want: "c=blue&c=black&c=brown"},
		{name: "swagger csv path", p: catalog.Param{Name: "c", In: "path", CollectionFormat: "csv"}, v: arr, want: "blue,black,brown"},
		{name: "style not for location", p: catalog.Param{Name: "c", In: "header", Style: "form"}, v: "x",
			wantErr: `style "form" is not supported for header parameters`},
		{name: "unsupported type", p: pathP("", 0), v: make(chan int), wantErr: "unsupported value of type chan int"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pieces, err := serialize(tt.p, tt.v)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("serialize error = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("serialize: %v", err)
			}
			if diff := cmp.Diff(tt.want, rendered(tt.p, pieces)); diff != "" {
				t.Errorf("serialized (-want +got):\n%s", diff)
			}
		})
	}
}

func TestExpandPath(t *testing.T) {
	tests := []struct {
		tmpl string
		vals map[string]string
		want string
	}{
		{tmpl: "/a/{x}/b", vals: map[string]string{"x": "1"}, want: "/a/1/b"},
		{tmpl: "/a/{x}{y}", vals: map[string]string{"x": ".", "y": "."}, want: "/a/%2E%2E"},
		{tmpl: "/a/{x}.json", vals: map[string]string{"x": "."}, want: "/a/..json"},
		{tmpl: "/v1/{name}:cancel", vals: map[string]string{"name": "op"}, want: "/v1/op:cancel"},
		{tmpl: "no/slash", want: "/no/slash"},
		{tmpl: "/odd/{open", want: "/odd/%7Bopen"},
		{tmpl: "/sp ace/{x}", vals: map[string]string{"x": "1"}, want: "/sp%20ace/1"},
	}
	for _, tt := range tests {
		t.Run(tt.tmpl, func(t *testing.T) {
			got, err := expandPath(tt.tmpl, tt.vals)
			if err != nil {
				t.Fatalf("expandPath: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("path (-want +got):\n%s", diff)
			}
		})
	}
	if _, err := expandPath("/a/{nope}", nil); err == nil {
		t.Error("expandPath with an unknown name succeeded")
	}
}

// FuzzPathParam checks that no value changes the path's shape: the request
// target keeps its segments and the value comes back whole.
func FuzzPathParam(f *testing.F) {
	for _, s := range []string{"1", "..", ".", "../x", "a/b", "a?b#c", "%2F", "é", "", " ", ";x=1", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ep := catalog.Endpoint{Method: "GET", Path: "/files/{name}/raw",
			Params: []catalog.Param{{Name: "name", In: "path", Required: true}}}
		in := &Input{Endpoint: &ep}
		r := NewRequest(in)
		r.Param("name", s)
		p, err := r.prepare()
		if s == "" {
			if err == nil {
				t.Fatal("empty path value accepted")
			}
			return
		}
		if err != nil {
			t.Fatalf("prepare: %v", err)
		}
		base, _ := url.Parse("https://api.example.com/v1")
		req, err := p.httpRequest(context.Background(), base)
		if err != nil {
			t.Fatalf("httpRequest: %v", err)
		}
		segs := strings.Split(req.URL.EscapedPath(), "/")
		if len(segs) != 5 || segs[1] != "v1" || segs[2] != "files" || segs[4] != "raw" {
			t.Fatalf("path %q lost its shape", req.URL.EscapedPath())
		}
		if segs[3] == "." || segs[3] == ".." {
			t.Fatalf("dot segment %q", segs[3])
		}
		if got, err := url.PathUnescape(segs[3]); err != nil || got != s {
			t.Fatalf("segment %q unescapes to %q, want %q", segs[3], got, s)
		}
		if req.URL.Host != "api.example.com" || req.URL.RawQuery != "" || req.URL.Fragment != "" {
			t.Fatalf("URL %s left its origin or grew a query", req.URL)
		}
	})
}
