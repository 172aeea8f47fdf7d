// Package petstore is a small in-memory upstream for the petstore spec of
// golden/testdata/petstore: the demo and the end-to-end tests send the
// generated server's real HTTP calls to it. It records every request.
package petstore

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// Prefix is the path the spec's server URL has; mount the handler's
// server URL + Prefix as PETSTORE_BASE_URL.
const Prefix = "/api/v3"

// Recorded is one request the upstream received.
type Recorded struct {
	Method string
	Path   string // escaped path as sent
	Query  string
	Header http.Header
	Body   string
}

// Upstream serves a few pets and remembers what it was asked.
type Upstream struct {
	mu       sync.Mutex
	pets     map[int64]map[string]any
	requests []Recorded
}

// New returns an upstream holding pets 1 (Rex) and 2 (Tom).
func New() *Upstream {
	return &Upstream{pets: map[int64]map[string]any{
		1: {"id": 1, "name": "Rex", "status": "available", "photoUrls": []string{}},
		2: {"id": 2, "name": "Tom", "status": "sold", "photoUrls": []string{}},
	}}
}

// Requests returns what the upstream has received so far.
func (u *Upstream) Requests() []Recorded {
	u.mu.Lock()
	defer u.mu.Unlock()
	return append([]Recorded(nil), u.requests...)
}

// ServeHTTP answers GET /pet/{id}, GET /pet/findByStatus, POST /pet and
// DELETE /pet/{id}; anything else is 404 with a JSON error.
func (u *Upstream) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var body strings.Builder
	if r.Body != nil {
		b := make([]byte, 1<<16)
		n, _ := r.Body.Read(b)
		body.Write(b[:n])
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	u.requests = append(u.requests, Recorded{r.Method, r.URL.EscapedPath(), r.URL.RawQuery, r.Header.Clone(), body.String()})

	path, ok := strings.CutPrefix(r.URL.Path, Prefix)
	if !ok {
		reply(w, http.StatusNotFound, map[string]any{"message": "no such path"})
		return
	}
	switch {
	case r.Method == http.MethodGet && path == "/pet/findByStatus":
		var found []map[string]any
		for id := int64(1); id <= int64(len(u.pets))+1; id++ {
			if p, ok := u.pets[id]; ok && strings.Contains(r.URL.Query().Get("status"), p["status"].(string)) {
				found = append(found, p)
			}
		}
		reply(w, http.StatusOK, found)
	case r.Method == http.MethodPost && path == "/pet":
		var p map[string]any
		if err := json.Unmarshal([]byte(body.String()), &p); err != nil {
			reply(w, http.StatusBadRequest, map[string]any{"message": "invalid pet"})
			return
		}
		id := int64(len(u.pets) + 1)
		p["id"] = id
		u.pets[id] = p
		reply(w, http.StatusOK, p)
	case strings.HasPrefix(path, "/pet/"):
		id, err := strconv.ParseInt(strings.TrimPrefix(path, "/pet/"), 10, 64)
		p, found := u.pets[id]
		switch {
		case err != nil:
			reply(w, http.StatusBadRequest, map[string]any{"message": "invalid ID supplied"})
		case !found:
			reply(w, http.StatusNotFound, map[string]any{"message": "pet not found"})
		case r.Method == http.MethodDelete:
			delete(u.pets, id)
			w.WriteHeader(http.StatusOK)
		default:
			reply(w, http.StatusOK, p)
		}
	default:
		reply(w, http.StatusNotFound, map[string]any{"message": "no such path"})
	}
}

func reply(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Set-Cookie", "session=upstream-secret") // the server must drop this
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}
