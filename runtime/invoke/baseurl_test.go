package invoke

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

func TestBaseURL(t *testing.T) {
	tests := []struct {
		name    string
		spec    string
		ep      string
		env     map[string]string
		want    string
		wantErr string
	}{
		{name: "spec", spec: "https://api.example.com/v1", want: "https://api.example.com/v1"},
		{name: "endpoint absolute", spec: "https://api.example.com/v1", ep: "https://upload.example.com", want: "https://upload.example.com"},
		{name: "endpoint relative to spec", spec: "https://api.example.com/v1/", ep: "../v2", want: "https://api.example.com/v2"},
		{name: "endpoint rooted", spec: "https://api.example.com/v1", ep: "/v3", want: "https://api.example.com/v3"},
		{name: "env overrides", spec: "/api/v3", ep: "/other", env: map[string]string{"PETSTORE_BASE_URL": " http://localhost:8080/api/v3 "},
			want: "http://localhost:8080/api/v3"},
		{name: "env password redacted", env: map[string]string{"PETSTORE_BASE_URL": "https://u:secret@h.example"},
			want: "https://u:xxxxx@h.example"},
		{name: "fragment dropped", spec: "https://h.example/v1#x", want: "https://h.example/v1"},
		{name: "relative spec", spec: "/api/v3",
			wantErr: `the spec's server URL "/api/v3" is not absolute: set PETSTORE_BASE_URL to the API's absolute base URL, e.g. https://api.example.com/v1`},
		{name: "relative endpoint, relative spec", spec: "/api", ep: "/v2",
			wantErr: `the endpoint's server URL "/v2" is not absolute: set PETSTORE_BASE_URL to the API's absolute base URL, e.g. https://api.example.com/v1`},
		{name: "none", wantErr: "the spec gives no server URL: set PETSTORE_BASE_URL to the API's absolute base URL, e.g. https://api.example.com/v1"},
		{name: "bad env not echoed", spec: "https://h.example", env: map[string]string{"PETSTORE_BASE_URL": "ftp://secret@h"},
			wantErr: "PETSTORE_BASE_URL is not an absolute http or https URL: set PETSTORE_BASE_URL to the API's absolute base URL, e.g. https://api.example.com/v1"},
		{name: "template variables", spec: "https://{region}.example.com",
			wantErr: `the spec's server URL "https://{region}.example.com" is not absolute: set PETSTORE_BASE_URL to the API's absolute base URL, e.g. https://api.example.com/v1`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ep := catalog.Endpoint{ID: "e", Method: "GET", Path: "/x", BaseURL: tt.ep}
			c := NewClient(testCatalog(tt.spec, ep), ClientOptions{Getenv: func(k string) string { return tt.env[k] }})
			u, err := c.baseURL(&ep)
			if tt.wantErr != "" {
				var be *BaseURLError
				if !errors.As(err, &be) {
					t.Fatalf("baseURL error = %v, want *BaseURLError", err)
				}
				if diff := cmp.Diff(tt.wantErr, err.Error()); diff != "" {
					t.Errorf("error (-want +got):\n%s", diff)
				}
				return
			}
			if err != nil {
				t.Fatalf("baseURL: %v", err)
			}
			if diff := cmp.Diff(tt.want, u.Redacted()); diff != "" {
				t.Errorf("baseURL (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.want, c.BaseURL(&ep)); diff != "" {
				t.Errorf("BaseURL (-want +got):\n%s", diff)
			}
		})
	}
}

func TestDoBaseURL(t *testing.T) {
	tests := []struct {
		name    string
		spec    string
		ep      string
		env     bool // PETSTORE_BASE_URL set to the server's URL + "/env"
		wantURI string
	}{
		{name: "env override", spec: "https://unreachable.invalid", env: true, wantURI: "/env/pets/1"},
		{name: "env over relative spec", spec: "/api/v3", env: true, wantURI: "/env/pets/1"},
		{name: "relative endpoint URL", spec: "{srv}/api/v1", ep: "/api/v2", wantURI: "/api/v2/pets/1"},
		{name: "base query kept", spec: "{srv}/api?tenant=a%20b", wantURI: "/api/pets/1?tenant=a%20b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newRecorder(t, nil)
			spec := tt.spec
			if len(spec) >= 5 && spec[:5] == "{srv}" {
				spec = srv.URL + spec[5:]
			}
			ep := getPet()
			ep.BaseURL = tt.ep
			env := func(k string) string {
				if tt.env && k == "PETSTORE_BASE_URL" {
					return srv.URL + "/env"
				}
				return ""
			}
			c := NewClient(testCatalog(spec, ep), ClientOptions{Getenv: env})
			in := &Input{Endpoint: &ep, Parameters: params(t, `{"petId": 1}`)}
			if _, err := c.Do(context.Background(), in, anyStub); err != nil {
				t.Fatalf("Do: %v", err)
			}
			if diff := cmp.Diff(tt.wantURI, srv.last(t).URI); diff != "" {
				t.Errorf("URI (-want +got):\n%s", diff)
			}
		})
	}
}
