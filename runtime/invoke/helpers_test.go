package invoke

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	_ "github.com/swag2mcp/swag2mcp/internal/updateflag" // go test ./... -update must not fail here
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// recorded is what the test server saw of one request.
type recorded struct {
	Method string
	URI    string // raw request target, as sent
	Header http.Header
	Body   string
}

// recorder is an httptest server that records requests and answers with
// its handler (200 {"ok":true} by default).
type recorder struct {
	*httptest.Server
	mu   sync.Mutex
	reqs []recorded
}

func newRecorder(t *testing.T, h http.HandlerFunc) *recorder {
	t.Helper()
	rec := &recorder{}
	rec.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		rec.mu.Lock()
		rec.reqs = append(rec.reqs, recorded{Method: r.Method, URI: r.RequestURI, Header: r.Header.Clone(), Body: string(body)})
		rec.mu.Unlock()
		if h != nil {
			h(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"ok":true}`)
	}))
	t.Cleanup(rec.Close)
	return rec
}

func (r *recorder) last(t *testing.T) recorded {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.reqs) == 0 {
		t.Fatal("server saw no request")
	}
	return r.reqs[len(r.reqs)-1]
}

func (r *recorder) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.reqs)
}

// testCatalog is one spec (env prefix PETSTORE) with the given base URL and
// endpoints, all under one tag.
func testCatalog(baseURL string, eps ...catalog.Endpoint) *catalog.Catalog {
	return &catalog.Catalog{
		Specs:       []catalog.Spec{{ID: "s", Domain: "petstore", EnvPrefix: "PETSTORE", BaseURL: baseURL}},
		Collections: []catalog.Collection{{ID: "c"}},
		Tags:        []catalog.Tag{{ID: "t"}},
		Endpoints:   eps,
	}
}

// anyStub plays a generated stub with every parameter decoded as any.
func anyStub(in *Input) (*Request, error) {
	vals := make([]any, len(in.Endpoint.Params))
	for i, p := range in.Endpoint.Params {
		Decode(in, p.ArgName(), &vals[i])
	}
	if err := in.Err(); err != nil {
		return nil, err
	}
	r := NewRequest(in)
	for i, v := range vals {
		r.Param(in.Endpoint.Params[i].ArgName(), v)
	}
	return r, nil
}

// params parses a JSON object into invoke's parameters.
func params(t *testing.T, s string) map[string]json.RawMessage {
	t.Helper()
	if s == "" {
		return nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatalf("params %s: %v", s, err)
	}
	return m
}

// noEnv is a Getenv that knows no variables.
func noEnv(string) string { return "" }
