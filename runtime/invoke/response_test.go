package invoke

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// call runs one Do of getPet() against a server with handler h.
func call(t *testing.T, h http.HandlerFunc, opts ClientOptions) (*Response, error) {
	t.Helper()
	srv := newRecorder(t, h)
	if opts.Getenv == nil {
		opts.Getenv = noEnv
	}
	ep := getPet()
	c := NewClient(testCatalog(srv.URL, ep), opts)
	resp, err := c.Do(context.Background(), &Input{Endpoint: &ep, Parameters: params(t, `{"petId": 1}`)}, anyStub)
	return resp, err
}

func TestDoResponse(t *testing.T) {
	tests := []struct {
		name    string
		h       http.HandlerFunc
		max     int64
		want    *Response
		wantErr *HTTPError
	}{
		{
			name: "json with exact numbers",
			h: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/problem+json; charset=utf-8")
				io.WriteString(w, `{"id": 9007199254740993, "tags": ["a"]}`)
			},
			want: &Response{StatusCode: 200, Headers: map[string]string{"content-type": "application/problem+json; charset=utf-8", "content-length": "39"},
				Body: map[string]any{"id": json.Number("9007199254740993"), "tags": []any{"a"}}, Size: 39},
		},
		{
			name: "secret headers dropped, names lowercased, values joined",
			h: func(w http.ResponseWriter, r *http.Request) {
				h := w.Header()
				h["Set-Cookie"] = []string{"a=1", "b=2"}
				h["X-Auth-Token"] = []string{"t"}
				h["Authorization"] = []string{"Bearer x"}
				h["Proxy-Authorization"] = []string{"x"}
				h["X-Api-Key"] = []string{"k"}
				h["X-Client-Secret"] = []string{"s"}
				h["Www-Authenticate"] = []string{`Bearer realm="api"`}
				h["X-Rate"] = []string{"1", "2"}
				h["Content-Type"] = []string{"text/plain"}
				w.WriteHeader(201)
				io.WriteString(w, "made")
			},
			want: &Response{StatusCode: 201, Body: "made", Size: 4, Headers: map[string]string{
				"content-type": "text/plain", "content-length": "4", "www-authenticate": `Bearer realm="api"`, "x-rate": "1, 2",
			}},
		},
		{
			name: "invalid json stays text",
			h: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				io.WriteString(w, `{"a":1} trailing`)
			},
			want: &Response{StatusCode: 200, Body: `{"a":1} trailing`, Size: 16, Headers: map[string]string{"content-type": "application/json", "content-length": "16"}},
		},
		{
			name: "empty body",
			h:    func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(204) },
			want: &Response{StatusCode: 204, Headers: map[string]string{}},
		},
		{
			name: "image inline",
			h: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "image/png")
				w.Write([]byte{0x89, 'P', 'N', 'G', 0xff, 0xfe})
			},
			want: &Response{StatusCode: 200, Size: 6, Image: &Image{MediaType: "image/png", Data: []byte{0x89, 'P', 'N', 'G', 0xff, 0xfe}},
				Headers: map[string]string{"content-type": "image/png", "content-length": "6"}},
		},
		{
			name: "binary described without a workspace",
			h: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/pdf")
				w.Write([]byte("%PDF-1.7\n\x00\xff"))
			},
			want: &Response{StatusCode: 200, Size: 11, Body: "[11 bytes of binary content (application/pdf) not shown]",
				Headers: map[string]string{"content-type": "application/pdf", "content-length": "11"}},
		},
		{
			name: "text that is not UTF-8 described",
			h: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/plain")
				w.Write([]byte("caf\xe9 au lait"))
			},
			want: &Response{StatusCode: 200, Size: 12, Body: "[12 bytes of binary content (text/plain) not shown]",
				Headers: map[string]string{"content-type": "text/plain", "content-length": "12"}},
		},
		{
			name: "truncated at a whole character",
			max:  5,
			h: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				io.WriteString(w, `["éé"]`) // [ " é(2) é(2) " ] : byte 5 cuts the second é
			},
			want: &Response{StatusCode: 200, Body: `["é`, Truncated: true, Size: 5,
				Headers: map[string]string{"content-type": "application/json", "content-length": "8"}},
		},
		{
			name: "non-2xx",
			h: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(404)
				io.WriteString(w, `{"message":"no pet"}`)
			},
			wantErr: &HTTPError{StatusCode: 404, Body: map[string]any{"message": "no pet"},
				Headers: map[string]string{"content-type": "application/json", "content-length": "20"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := call(t, tt.h, ClientOptions{MaxBodyBytes: tt.max})
			if tt.wantErr != nil {
				var he *HTTPError
				if !errors.As(err, &he) {
					t.Fatalf("Do error = %v, want *HTTPError", err)
				}
				if diff := cmp.Diff(tt.wantErr, he, cmp.FilterPath(isDate, cmp.Ignore())); diff != "" {
					t.Errorf("HTTPError (-want +got):\n%s", diff)
				}
				if !strings.Contains(he.Error(), "404 Not Found") {
					t.Errorf("Error() = %q, want the status", he.Error())
				}
				return
			}
			if err != nil {
				t.Fatalf("Do: %v", err)
			}
			if diff := cmp.Diff(tt.want, resp, cmp.FilterPath(isDate, cmp.Ignore())); diff != "" {
				t.Errorf("response (-want +got):\n%s", diff)
			}
		})
	}
}

// isDate matches the Date header, which the test server sets from the clock.
func isDate(p cmp.Path) bool {
	mi, ok := p.Last().(cmp.MapIndex)
	return ok && mi.Key().String() == "date"
}

func TestDoRedirect(t *testing.T) {
	other := newRecorder(t, nil)
	tests := []struct {
		name       string
		location   func(srv *recorder) string
		wantStatus int // 0: followed, answered 200
		wantOther  int
	}{
		{name: "same origin followed", location: func(*recorder) string { return "/moved" }},
		{name: "other origin not followed", location: func(*recorder) string { return other.URL + "/steal" }, wantStatus: 302},
		{name: "scheme change not followed", location: func(srv *recorder) string { return "https" + strings.TrimPrefix(srv.URL, "http") + "/x" }, wantStatus: 302},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var srv *recorder
			srv = newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/moved" {
					io.WriteString(w, "here")
					return
				}
				http.Redirect(w, r, tt.location(srv), http.StatusFound)
			})
			before := other.count()
			ep := getPet()
			c := NewClient(testCatalog(srv.URL, ep), ClientOptions{Getenv: noEnv, HTTPClient: &http.Client{}})
			resp, err := c.Do(context.Background(), &Input{Endpoint: &ep, Parameters: params(t, `{"petId": 1}`)}, anyStub)
			if tt.wantStatus == 0 {
				if err != nil || resp.Body != "here" {
					t.Fatalf("Do = %+v, %v; want the redirect followed", resp, err)
				}
				return
			}
			var he *HTTPError
			if !errors.As(err, &he) || he.StatusCode != tt.wantStatus {
				t.Fatalf("Do error = %v, want HTTPError %d", err, tt.wantStatus)
			}
			if !strings.Contains(he.Error(), "not followed") {
				t.Errorf("Error() = %q, want it to say the redirect was not followed", he.Error())
			}
			if n := other.count() - before; n != 0 {
				t.Errorf("other origin saw %d requests, want 0", n)
			}
		})
	}
}

func TestDoStops(t *testing.T) {
	tests := []struct {
		name   string
		cancel bool // cancel the caller's context instead of a short Timeout
		want   error
	}{
		{name: "timeout", want: context.DeadlineExceeded},
		{name: "caller cancels", cancel: true, want: context.Canceled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			arrived := make(chan struct{}, 1)
			srv := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
				arrived <- struct{}{}
				<-r.Context().Done() // holds the answer until the client gives up
			})
			ep := getPet()
			opts := ClientOptions{Getenv: noEnv, Timeout: time.Hour}
			if !tt.cancel {
				opts.Timeout = 10 * time.Millisecond
			}
			c := NewClient(testCatalog(srv.URL, ep), opts)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tt.cancel {
				go func() {
					select {
					case <-arrived:
						cancel()
					case <-ctx.Done():
					}
				}()
			}
			_, err := c.Do(ctx, &Input{Endpoint: &ep, Parameters: params(t, `{"petId": 1}`)}, anyStub)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Do error = %v, want %v", err, tt.want)
			}
			if strings.Contains(err.Error(), srv.URL) {
				t.Errorf("error %q carries the URL", err)
			}
		})
	}
}

func TestDoNoURLInErrors(t *testing.T) {
	ep := catalog.Endpoint{ID: "e", Method: "get", Path: "/x", Params: []catalog.Param{{Name: "key", In: "query"}}}
	// A closed server: the dial fails.
	srv := newRecorder(t, nil)
	url := srv.URL
	srv.Close()
	c := NewClient(testCatalog(url, ep), ClientOptions{Getenv: noEnv})
	_, err := c.Do(context.Background(), &Input{Endpoint: &ep, Parameters: params(t, `{"key": "s3cret"}`)}, anyStub)
	if err == nil {
		t.Fatal("Do to a closed server succeeded")
	}
	if strings.Contains(err.Error(), "s3cret") || !strings.HasPrefix(err.Error(), "GET /x: ") {
		t.Errorf("error = %q, want it to name the endpoint and not the query", err)
	}
}
