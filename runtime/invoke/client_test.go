package invoke

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// Test endpoints are functions, so no test shares a mutable fixture.

func getPet() catalog.Endpoint {
	return catalog.Endpoint{ID: "getPet", Method: "get", Path: "/pets/{petId}",
		Params: []catalog.Param{{Name: "petId", In: "path", Required: true}}}
}

func getFile() catalog.Endpoint {
	return catalog.Endpoint{ID: "getFile", Method: "GET", Path: "/files/{name}",
		Params: []catalog.Param{{Name: "name", In: "path", Required: true}}}
}

func listPets() catalog.Endpoint {
	return catalog.Endpoint{ID: "listPets", Method: "GET", Path: "/pets",
		Params: []catalog.Param{
			{Name: "tags", In: "query"},
			{Name: "filter", In: "query"},
			{Name: "limit", In: "query"},
			{Name: "ids", In: "query", Explode: catalog.ExplodeFalse},
		}}
}

func withHeaders() catalog.Endpoint {
	return catalog.Endpoint{ID: "withHeaders", Method: "GET", Path: "/h",
		Params: []catalog.Param{
			{Name: "X-Trace", In: "header"},
			{Name: "X-Ids", In: "header"},
			{Name: "Accept", In: "header"}, // ignored, as OpenAPI says
			{Name: "sid", In: "cookie"},
			{Name: "prefs", In: "cookie", Key: "cookiePrefs"},
		}}
}

func addPet() catalog.Endpoint {
	return catalog.Endpoint{ID: "addPet", Method: "POST", Path: "/pets",
		Body: &catalog.Body{Required: true, MediaTypes: []string{"application/json"}}}
}

func addVnd() catalog.Endpoint {
	return catalog.Endpoint{ID: "addVnd", Method: "PUT", Path: "/pets",
		Body: &catalog.Body{MediaTypes: []string{"application/xml", "application/vnd.pet+json"}}}
}

// getPetByIDStub is what the generator emits for getPet.
func getPetByIDStub(in *Input) (*Request, error) {
	var p struct{ PetID *int64 }
	Decode(in, "petId", &p.PetID)
	if err := in.Err(); err != nil {
		return nil, err
	}
	r := NewRequest(in)
	r.Param("petId", p.PetID)
	return r, nil
}

func TestDoRequest(t *testing.T) {
	const accept = "application/json, */*;q=0.8"
	tests := []struct {
		name      string
		ep        catalog.Endpoint
		stub      Stub
		params    string
		body      string
		mediaType string
		headers   map[string]string
		cookies   map[string]string
		want      recorded // Header: only these names are compared
	}{
		{name: "typed path int", ep: getPet(), stub: getPetByIDStub, params: `{"petId": 9223372036854775807}`,
			want: recorded{Method: "GET", URI: "/v2/pets/9223372036854775807", Header: http.Header{"Accept": {accept}}}},
		{name: "path float without exponent", ep: getPet(), params: `{"petId": 0.00000015}`,
			want: recorded{Method: "GET", URI: "/v2/pets/0.00000015"}},
		{name: "path big float", ep: getPet(), params: `{"petId": 1e21}`,
			want: recorded{Method: "GET", URI: "/v2/pets/1000000000000000000000"}},
		{name: "path bool", ep: getPet(), params: `{"petId": true}`,
			want: recorded{Method: "GET", URI: "/v2/pets/true"}},
		{name: "path slash", ep: getFile(), params: `{"name": "a/b"}`,
			want: recorded{Method: "GET", URI: "/v2/files/a%2Fb"}},
		{name: "path dot-dot-slash", ep: getFile(), params: `{"name": "../../admin"}`,
			want: recorded{Method: "GET", URI: "/v2/files/..%2F..%2Fadmin"}},
		{name: "path dot-dot", ep: getFile(), params: `{"name": ".."}`,
			want: recorded{Method: "GET", URI: "/v2/files/%2E%2E"}},
		{name: "path dot", ep: getFile(), params: `{"name": "."}`,
			want: recorded{Method: "GET", URI: "/v2/files/%2E"}},
		{name: "path dots inside a name", ep: getFile(), params: `{"name": "a..b"}`,
			want: recorded{Method: "GET", URI: "/v2/files/a..b"}},
		{name: "path question and hash", ep: getFile(), params: `{"name": "a?b=1#c"}`,
			want: recorded{Method: "GET", URI: "/v2/files/a%3Fb=1%23c"}},
		{name: "path percent", ep: getFile(), params: `{"name": "100%2F"}`,
			want: recorded{Method: "GET", URI: "/v2/files/100%252F"}},
		{name: "path unicode and space", ep: getFile(), params: `{"name": "café ☕"}`,
			want: recorded{Method: "GET", URI: "/v2/files/caf%C3%A9%20%E2%98%95"}},
		{name: "path array simple", ep: getFile(), params: `{"name": ["a,b", "c"]}`,
			want: recorded{Method: "GET", URI: "/v2/files/a%2Cb,c"}},
		{name: "query array form explode", ep: listPets(), params: `{"tags": ["a", "b c", "x&y=z"]}`,
			want: recorded{Method: "GET", URI: "/v2/pets?tags=a&tags=b+c&tags=x%26y%3Dz"}},
		{name: "query object form explode", ep: listPets(), params: `{"filter": {"status": "sold", "age": 3}}`,
			want: recorded{Method: "GET", URI: "/v2/pets?status=sold&age=3"}},
		{name: "query array not exploded", ep: listPets(), params: `{"ids": [1, "2,3"]}`,
			want: recorded{Method: "GET", URI: "/v2/pets?ids=1,2%2C3"}},
		{name: "query in spec order", ep: listPets(), params: `{"limit": 10, "tags": ["a"]}`,
			want: recorded{Method: "GET", URI: "/v2/pets?tags=a&limit=10"}},
		{name: "query empty array absent", ep: listPets(), params: `{"tags": []}`,
			want: recorded{Method: "GET", URI: "/v2/pets"}},
		{name: "header and cookie params", ep: withHeaders(),
			params: `{"X-Trace": "abc", "X-Ids": [1, 2], "Accept": "text/plain", "sid": "s 1;x", "cookiePrefs": {"theme": "dark"}}`,
			want: recorded{Method: "GET", URI: "/v2/h", Header: http.Header{
				"X-Trace": {"abc"}, "X-Ids": {"1,2"}, "Accept": {accept}, "Cookie": {"sid=s%201%3Bx; theme=dark"},
			}}},
		{name: "extra headers and cookies", ep: withHeaders(), params: `{"X-Trace": "spec", "sid": "1"}`,
			headers: map[string]string{"X-Trace": "extra", "Accept": "text/csv", "X-Unicode": "ünï"},
			cookies: map[string]string{"b": "2", "a": "x y"},
			want: recorded{Method: "GET", URI: "/v2/h", Header: http.Header{
				"X-Trace": {"extra"}, "Accept": {"text/csv"}, "X-Unicode": {"ünï"}, "Cookie": {"sid=1; a=x%20y; b=2"},
			}}},
		{name: "json body", ep: addPet(), body: "{ \"name\": \"rex\",\n \"id\": 12345678901234567890 }",
			want: recorded{Method: "POST", URI: "/v2/pets", Body: `{"name":"rex","id":12345678901234567890}`, Header: http.Header{
				"Content-Type": {"application/json"}, "Accept": {accept},
			}}},
		{name: "json-ish media type offered", ep: addVnd(), body: `[1]`,
			want: recorded{Method: "PUT", URI: "/v2/pets", Body: `[1]`, Header: http.Header{"Content-Type": {"application/vnd.pet+json"}}}},
		{name: "chosen media type", ep: addVnd(), body: `{}`, mediaType: "APPLICATION/VND.PET+JSON",
			want: recorded{Method: "PUT", URI: "/v2/pets", Body: `{}`, Header: http.Header{"Content-Type": {"application/vnd.pet+json"}}}},
		{name: "no body on optional", ep: addVnd(),
			want: recorded{Method: "PUT", URI: "/v2/pets", Header: http.Header{"Content-Type": nil}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newRecorder(t, nil)
			c := NewClient(testCatalog(srv.URL+"/v2/", tt.ep), ClientOptions{Getenv: noEnv})
			stub := tt.stub
			if stub == nil {
				stub = anyStub
			}
			in := &Input{Endpoint: &tt.ep, Parameters: params(t, tt.params), MediaType: tt.mediaType,
				Headers: tt.headers, Cookies: tt.cookies}
			if tt.body != "" {
				in.Body = json.RawMessage(tt.body)
			}
			resp, err := c.Do(context.Background(), in, stub)
			if err != nil {
				t.Fatalf("Do: %v", err)
			}
			if diff := cmp.Diff(&Response{StatusCode: 200, Body: map[string]any{"ok": true}, Size: 11}, resp,
				cmp.FilterPath(func(p cmp.Path) bool { return p.Last().String() == ".Headers" }, cmp.Ignore())); diff != "" {
				t.Errorf("response (-want +got):\n%s", diff)
			}
			got := srv.last(t)
			hdr := http.Header{}
			for name := range tt.want.Header {
				if v := got.Header.Values(name); v != nil {
					hdr[name] = v
				} else {
					hdr[name] = nil
				}
			}
			got.Header = hdr
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("request (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDoValidation(t *testing.T) {
	tests := []struct {
		name    string
		ep      catalog.Endpoint
		stub    Stub
		params  string
		body    string
		media   string
		headers map[string]string
		cookies map[string]string
		want    []string
	}{
		{name: "missing path param", ep: getPet(), want: []string{`missing required path parameter "petId"`}},
		{name: "empty path param", ep: getFile(), params: `{"name": ""}`, want: []string{`path parameter "name" must not be empty`}},
		{name: "unknown keys", ep: getPet(), params: `{"petId": 1, "petid": 2, "a": 3}`, want: []string{
			`unknown parameter "a" (valid parameters: petId)`, `unknown parameter "petid" (valid parameters: petId)`,
		}},
		{name: "unknown key, no params", ep: addPet(), params: `{"x": 1}`, body: `{}`,
			want: []string{`unknown parameter "x" (this endpoint takes no parameters)`}},
		{name: "wrong type", ep: getPet(), stub: getPetByIDStub, params: `{"petId": "abc"}`,
			want: []string{`parameter "petId": expected an integer, got string`}},
		{name: "header param CRLF", ep: withHeaders(), params: `{"X-Trace": "a\r\nX-Evil: 1"}`,
			want: []string{`header "X-Trace": value must not contain CR, LF or other control characters`}},
		{name: "extra header LF", ep: withHeaders(), headers: map[string]string{"X-A": "a\nb"},
			want: []string{`header "X-A": value must not contain CR, LF or other control characters`}},
		{name: "extra header bad name", ep: withHeaders(), headers: map[string]string{"X A": "1"},
			want: []string{`header name "X A" is not valid`}},
		{name: "extra cookie CR", ep: withHeaders(), cookies: map[string]string{"c": "a\rb"},
			want: []string{`cookie "c": value must not contain CR, LF or other control characters`}},
		{name: "body not JSON", ep: addPet(), body: `{"a":`,
			want: []string{"requestBody (application/json): not valid JSON: unexpected end of JSON input"}},
		{name: "body required", ep: addPet(), want: []string{"requestBody is required"}},
		{name: "body not taken", ep: getFile(), params: `{"name": "x"}`, body: `{}`,
			want: []string{"this endpoint takes no requestBody"}},
		{name: "media type not offered", ep: addVnd(), body: `{}`, media: "text/plain",
			want: []string{`media type "text/plain" is not offered by this endpoint; choose one of: application/xml, application/vnd.pet+json`}},
		{name: "XML needs a string", ep: addVnd(), body: `{}`, media: "application/xml",
			want: []string{"requestBody (application/xml): must be the text to send, as a JSON string"}},
		{name: "form needs an object", ep: addForm(), body: `[1]`,
			want: []string{"requestBody (application/x-www-form-urlencoded): must be a JSON object of the form's fields"}},
		{name: "binary needs base64", ep: upload(), body: `"***"`,
			want: []string{"requestBody (application/octet-stream): not valid base64"}},
		{name: "binary needs a string", ep: upload(), body: `{"a":1}`,
			want: []string{"requestBody (application/octet-stream): must be the content as a base64 string"}},
		{name: "file part needs base64", ep: addForm(), media: "multipart/form-data", body: `{"f":{"content":"%%"}}`,
			want: []string{`requestBody (multipart/form-data): field "f": file content: not valid base64`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newRecorder(t, nil)
			c := NewClient(testCatalog(srv.URL, tt.ep), ClientOptions{Getenv: noEnv})
			stub := tt.stub
			if stub == nil {
				stub = anyStub
			}
			in := &Input{Endpoint: &tt.ep, Parameters: params(t, tt.params), MediaType: tt.media,
				Headers: tt.headers, Cookies: tt.cookies}
			if tt.body != "" {
				in.Body = json.RawMessage(tt.body)
			}
			_, err := c.Do(context.Background(), in, stub)
			var ve *ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("Do error = %v, want *ValidationError", err)
			}
			if diff := cmp.Diff(tt.want, ve.Problems); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
			if n := srv.count(); n != 0 {
				t.Errorf("server saw %d requests, want 0", n)
			}
		})
	}
}
