package invoke

import (
	"context"
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// addForm takes a form or multipart body; its inspect document carries the
// encoding object the generator keeps there.
func addForm() catalog.Endpoint {
	return catalog.Endpoint{ID: "addForm", Method: "POST", Path: "/forms",
		Body: &catalog.Body{MediaTypes: []string{"application/x-www-form-urlencoded", "multipart/form-data"}},
		Operation: catalog.Text(`{"requestBody":{"content":{` +
			`"application/x-www-form-urlencoded":{"schema":{},"encoding":{` +
			`"ids":{"style":"pipeDelimited","explode":false},"meta":{"contentType":"application/json"},` +
			`"filter":{"style":"deepObject","explode":true},"q":{"allowReserved":true}}},` +
			`"multipart/form-data":{"schema":{},"encoding":{"doc":{"contentType":"application/xml"}}}}}}`)}
}

// upload takes raw bytes.
func upload() catalog.Endpoint {
	return catalog.Endpoint{ID: "upload", Method: "PUT", Path: "/blob",
		Body: &catalog.Body{Required: true, MediaTypes: []string{"application/octet-stream", "image/*", "text/plain", "application/xml"}}}
}

// part is one multipart part as the server saw it.
type part struct {
	Disposition string
	ContentType string
	Body        string
}

func TestDoBodies(t *testing.T) {
	tests := []struct {
		name      string
		ep        catalog.Endpoint
		media     string
		body      string
		wantType  string // Content-Type; for multipart the media type without boundary
		wantBody  string
		wantParts []part
	}{
		{name: "json default", ep: addVnd(), body: `{ "name" : "Rex" }`,
			wantType: "application/vnd.pet+json", wantBody: `{"name":"Rex"}`},
		{name: "form with encoding", ep: addForm(),
			body:     `{"name":"Rex & Co","tags":["a","b"],"ids":[1,2],"meta":{"k":"v"},"filter":{"min":1,"max":9},"q":"a/b?c","skip":null,"n":2.5}`,
			wantType: "application/x-www-form-urlencoded",
			wantBody: "filter%5Bmin%5D=1&filter%5Bmax%5D=9&ids=1%7C2&meta=%7B%22k%22%3A%22v%22%7D&n=2.5&name=Rex+%26+Co&q=a/b?c&tags=a&tags=b"},
		{name: "form object explodes", ep: addForm(), body: `{"color":{"R":100,"G":200}}`,
			wantType: "application/x-www-form-urlencoded", wantBody: "R=100&G=200"},
		{name: "multipart", ep: addForm(), media: "multipart/form-data",
			body: `{"name":"Rex","age":3,"tags":["a","b"],"meta":{"k":1},` +
				`"photo":{"content":"iVBORw0K","filename":"rex.png","contentType":"image/png"},` +
				`"raw":{"content":"aGk"},"doc":"<a/>"}`,
			wantType: "multipart/form-data",
			wantParts: []part{
				{Disposition: `form-data; name="age"`, Body: "3"},
				{Disposition: `form-data; name="doc"`, ContentType: "application/xml", Body: "<a/>"},
				{Disposition: `form-data; name="meta"`, ContentType: "application/json", Body: `{"k":1}`},
				{Disposition: `form-data; name="name"`, Body: "Rex"},
				{Disposition: `form-data; name="photo"; filename="rex.png"`, ContentType: "image/png", Body: "\x89PNG\r\n"},
				{Disposition: `form-data; name="raw"; filename="raw"`, ContentType: "application/octet-stream", Body: "hi"},
				{Disposition: `form-data; name="tags"`, Body: "a"},
				{Disposition: `form-data; name="tags"`, Body: "b"},
			}},
		{name: "octet-stream default", ep: upload(), body: `"AAEC/w=="`,
			wantType: "application/octet-stream", wantBody: "\x00\x01\x02\xff"},
		{name: "url-safe base64 unpadded", ep: upload(), body: `"AAEC_w"`,
			wantType: "application/octet-stream", wantBody: "\x00\x01\x02\xff"},
		{name: "file object for binary", ep: upload(), body: `{"content":"aGk=","filename":"x"}`,
			wantType: "application/octet-stream", wantBody: "hi"},
		{name: "wildcard binary", ep: upload(), media: "image/*", body: `"aGk="`,
			wantType: "application/octet-stream", wantBody: "hi"},
		{name: "text", ep: upload(), media: "text/plain", body: `"line 1\nline 2"`,
			wantType: "text/plain", wantBody: "line 1\nline 2"},
		{name: "text number", ep: upload(), media: "TEXT/PLAIN", body: `42`,
			wantType: "text/plain", wantBody: "42"},
		{name: "xml as text", ep: upload(), media: "application/xml", body: `"<pet/>"`,
			wantType: "application/xml", wantBody: "<pet/>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newRecorder(t, nil)
			c := NewClient(testCatalog(srv.URL, tt.ep), ClientOptions{Getenv: noEnv})
			in := &Input{Endpoint: &tt.ep, Body: json.RawMessage(tt.body), MediaType: tt.media}
			if _, err := c.Do(context.Background(), in, anyStub); err != nil {
				t.Fatalf("Do: %v", err)
			}
			got := srv.last(t)
			mt, params, err := mime.ParseMediaType(got.Header.Get("Content-Type"))
			if err != nil {
				t.Fatalf("Content-Type %q: %v", got.Header.Get("Content-Type"), err)
			}
			if mt != tt.wantType {
				t.Errorf("Content-Type = %q, want %q", mt, tt.wantType)
			}
			if tt.wantParts == nil {
				if diff := cmp.Diff(tt.wantBody, got.Body); diff != "" {
					t.Errorf("body (-want +got):\n%s", diff)
				}
				return
			}
			r := multipart.NewReader(strings.NewReader(got.Body), params["boundary"])
			var parts []part
			for {
				p, err := r.NextPart()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("NextPart: %v", err)
				}
				b, _ := io.ReadAll(p)
				parts = append(parts, part{p.Header.Get("Content-Disposition"), p.Header.Get("Content-Type"), string(b)})
			}
			if diff := cmp.Diff(tt.wantParts, parts); diff != "" {
				t.Errorf("parts (-want +got):\n%s", diff)
			}
		})
	}
}
