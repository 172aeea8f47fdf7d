package server

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// upstream is a tiny pet store API behind the test catalog.
func upstream(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	reply := func(w http.ResponseWriter, status int, v any) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		json.NewEncoder(w).Encode(v)
	}
	mux.HandleFunc("GET /pets", func(w http.ResponseWriter, r *http.Request) {
		reply(w, 200, map[string]any{"limit": r.URL.Query().Get("limit"), "pets": []string{"Rex"}})
	})
	mux.HandleFunc("POST /pets", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		var v any
		json.Unmarshal(b, &v)
		reply(w, 201, map[string]any{"received": v, "contentType": r.Header.Get("Content-Type")})
	})
	mux.HandleFunc("GET /pets/{petId}", func(w http.ResponseWriter, r *http.Request) {
		switch id := r.PathValue("petId"); id {
		case "404":
			reply(w, 404, map[string]any{"message": "pet not found"})
		case "500":
			w.WriteHeader(500)
			io.WriteString(w, "boom")
		default:
			session, _ := r.Cookie("session")
			reply(w, 200, map[string]any{
				"id": id, "trace": r.Header.Get("X-Trace"), "extra": r.Header.Get("X-Extra"),
				"session": session.String(),
			})
		}
	})
	mux.HandleFunc("GET /ping", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(204) })
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func TestInvoke(t *testing.T) {
	srv := upstream(t)
	cs := connect(t, testOptions(map[string]string{"X_BASE_URL": srv.URL}))
	tests := []struct {
		name       string
		args       map[string]any
		wantStatus float64
		wantBody   any
	}{
		{
			name:       "query parameter",
			args:       map[string]any{"endpointId": idListPets, "parameters": map[string]any{"limit": 5}},
			wantStatus: 200, wantBody: map[string]any{"limit": "5", "pets": []any{"Rex"}},
		},
		{
			name:       "request body",
			args:       map[string]any{"endpointId": idAddPet, "requestBody": map[string]any{"name": "Rex"}},
			wantStatus: 201, wantBody: map[string]any{"received": map[string]any{"name": "Rex"}, "contentType": "application/json"},
		},
		{
			name: "path and header parameters, extra headers and cookies",
			args: map[string]any{
				"endpointId": idGetPet, "parameters": map[string]any{"petId": 7, "trace": "t-1"},
				"headers": map[string]any{"X-Extra": "e"}, "cookies": map[string]any{"session": "s3cret"},
			},
			wantStatus: 200, wantBody: map[string]any{"id": "7", "trace": "t-1", "extra": "e", "session": "session=s3cret"},
		},
		{
			name:       "no content",
			args:       map[string]any{"endpointId": idPing},
			wantStatus: 204,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, isErr := call(t, cs, "invoke", tt.args)
			if isErr {
				t.Fatalf("invoke failed: %v", got)
			}
			if got["statusCode"] != tt.wantStatus {
				t.Errorf("statusCode = %v, want %v", got["statusCode"], tt.wantStatus)
			}
			if diff := cmp.Diff(tt.wantBody, got["body"]); diff != "" {
				t.Errorf("body mismatch (-want +got):\n%s", diff)
			}
			if _, ok := got["headers"].(map[string]any); !ok {
				t.Errorf("headers = %v, want an object", got["headers"])
			}
		})
	}
}

func TestInvokeErrors(t *testing.T) {
	srv := upstream(t)
	cs := connect(t, testOptions(map[string]string{"X_BASE_URL": srv.URL}))
	tests := []struct {
		name        string
		args        map[string]any
		wantCode    string
		wantMessage string // substring
		wantStatus  float64
		wantBody    any
	}{
		{name: "unknown id", args: map[string]any{"endpointId": idUnknown}, wantCode: codeNotFound, wantMessage: "call search"},
		{name: "missing id", args: map[string]any{"parameters": map[string]any{}}, wantCode: codeValidationFailed, wantMessage: "endpointId is required"},
		{name: "missing required parameter", args: map[string]any{"endpointId": idGetPet},
			wantCode: codeValidationFailed, wantMessage: `missing required parameters: "petId" (path)`},
		{name: "null required parameter", args: map[string]any{"endpointId": idGetPet, "parameters": map[string]any{"petId": nil}},
			wantCode: codeValidationFailed, wantMessage: `"petId"`},
		{name: "unknown parameter", args: map[string]any{"endpointId": idGetPet, "parameters": map[string]any{"petId": 1, "X-Trace": "t"}},
			wantCode: codeValidationFailed, wantMessage: `unknown parameters: "X-Trace"`},
		{name: "parameter of wrong type", args: map[string]any{"endpointId": idGetPet, "parameters": map[string]any{"petId": "abc"}},
			wantCode: codeValidationFailed, wantMessage: "expected an integer"},
		{name: "missing required body", args: map[string]any{"endpointId": idAddPet},
			wantCode: codeValidationFailed, wantMessage: "requestBody is required"},
		{name: "body where none is taken", args: map[string]any{"endpointId": idPing, "requestBody": "x"},
			wantCode: codeValidationFailed, wantMessage: "takes no requestBody"},
		{name: "parameters not an object", args: map[string]any{"endpointId": idPing, "parameters": []any{1}},
			wantCode: codeValidationFailed, wantMessage: "parameters must be an object"},
		{name: "headers not strings", args: map[string]any{"endpointId": idPing, "headers": map[string]any{"X-N": 1}},
			wantCode: codeValidationFailed, wantMessage: "headers must be an object of strings"},
		{name: "API answers 404", args: map[string]any{"endpointId": idGetPet, "parameters": map[string]any{"petId": 404}},
			wantCode: codeInvokeError, wantMessage: "HTTP 404", wantStatus: 404, wantBody: map[string]any{"message": "pet not found"}},
		{name: "API answers 500 with text", args: map[string]any{"endpointId": idGetPet, "parameters": map[string]any{"petId": 500}},
			wantCode: codeInvokeError, wantMessage: "HTTP 500: boom", wantStatus: 500, wantBody: "boom"},
		{name: "no request builder", args: map[string]any{"endpointId": idDeletePet, "parameters": map[string]any{"petId": 1}},
			wantCode: codeInvokeError, wantMessage: "cannot be invoked"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, isErr := call(t, cs, "invoke", tt.args)
			if code := errorCode(t, got, isErr); code != tt.wantCode {
				t.Fatalf("code = %q, want %q; answer %v", code, tt.wantCode, got)
			}
			e := got["error"].(map[string]any)
			if msg := e["message"].(string); !strings.Contains(msg, tt.wantMessage) {
				t.Errorf("message = %q, want it to contain %q", msg, tt.wantMessage)
			}
			if tt.wantStatus != 0 && e["statusCode"] != tt.wantStatus {
				t.Errorf("statusCode = %v, want %v", e["statusCode"], tt.wantStatus)
			}
			if diff := cmp.Diff(tt.wantBody, e["body"]); diff != "" {
				t.Errorf("body mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestInvokeTransportError(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	base := srv.URL
	srv.Close() // nothing listens there any more
	tests := []struct {
		name        string
		env         map[string]string
		wantMessage string
	}{
		{"unreachable", map[string]string{"X_BASE_URL": base}, "X_BASE_URL"},
		{"bad base URL", map[string]string{"X_BASE_URL": "not a url"}, "X_BASE_URL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs := connect(t, testOptions(tt.env))
			got, isErr := call(t, cs, "invoke", map[string]any{"endpointId": idPing})
			if code := errorCode(t, got, isErr); code != codeInvokeError {
				t.Fatalf("code = %q, want %q; answer %v", code, codeInvokeError, got)
			}
			if msg := got["error"].(map[string]any)["message"].(string); !strings.Contains(msg, tt.wantMessage) {
				t.Errorf("message = %q, want it to contain %q", msg, tt.wantMessage)
			}
		})
	}
}
