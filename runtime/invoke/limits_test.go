package invoke

import (
	"context"
	"errors"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		header string
		want   time.Duration
		ok     bool
	}{
		{"", 0, false},
		{"7", 7 * time.Second, true},
		{" 0 ", 0, true},
		{"-3", 0, false},
		{"soon", 0, false},
		{"999999999", time.Hour, true},
		{now.Add(90 * time.Second).Format(http.TimeFormat), 90 * time.Second, true},
		{now.Add(-time.Minute).Format(http.TimeFormat), 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.header, func(t *testing.T) {
			h := http.Header{}
			if tt.header != "" {
				h.Set("Retry-After", tt.header)
			}
			got, ok := retryAfter(h, now)
			if got != tt.want || ok != tt.ok {
				t.Errorf("retryAfter(%q) = %v, %v; want %v, %v", tt.header, got, ok, tt.want, tt.ok)
			}
		})
	}
}

// TestRetries covers the retry policy against a real server: network
// failures and 502-504 only for idempotent methods, 429/503 with a short
// Retry-After for every method, and the attempt bound.
func TestRetries(t *testing.T) {
	tests := []struct {
		name      string
		method    string
		fail      func(w http.ResponseWriter) // the first answers; nil drops the connection
		failTimes int
		retries   int
		wantCalls int32
		wantErr   string // "" for success
	}{
		{name: "dropped connection, GET", method: "GET", failTimes: 1, wantCalls: 2},
		{name: "dropped connection, POST", method: "POST", failTimes: 1, wantCalls: 1, wantErr: "POST /x: "},
		{name: "502 then ok, PUT", method: "PUT", fail: status(502, ""), failTimes: 1, wantCalls: 2},
		{name: "504 POST not retried", method: "POST", fail: status(504, ""), failTimes: 1, wantCalls: 1,
			wantErr: "the API answered 504 Gateway Timeout"},
		{name: "429 with Retry-After 0, POST", method: "POST", fail: status(429, "0"), failTimes: 1, wantCalls: 2},
		{name: "attempts bounded", method: "GET", fail: status(503, ""), failTimes: 10, wantCalls: 3,
			wantErr: "the API answered 503 Service Unavailable"},
		{name: "retries off", method: "GET", fail: status(503, ""), failTimes: 10, retries: -1, wantCalls: 1,
			wantErr: "the API answered 503 Service Unavailable"},
		{name: "long Retry-After ends the call", method: "GET", fail: status(503, "60"), failTimes: 10, wantCalls: 1,
			wantErr: "the API answered 503 Service Unavailable and asks to wait 60 s"},
		{name: "500 not retried", method: "GET", fail: status(500, ""), failTimes: 1, wantCalls: 1,
			wantErr: "the API answered 500 Internal Server Error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var calls atomic.Int32
			srv := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
				if n := calls.Add(1); int(n) <= tt.failTimes {
					if tt.fail == nil {
						conn, _, _ := w.(http.Hijacker).Hijack()
						conn.Close()
						return
					}
					tt.fail(w)
					return
				}
				w.WriteHeader(204)
			})
			ep := catalog.Endpoint{ID: "x", Method: tt.method, Path: "/x"}
			c := NewClient(testCatalog(srv.URL, ep), ClientOptions{Getenv: noEnv, Limits: Limits{Retries: tt.retries}})
			c.retryBase = time.Millisecond
			_, err := c.Do(context.Background(), &Input{Endpoint: &ep}, anyStub)
			if tt.wantErr == "" && err != nil {
				t.Fatalf("Do: %v", err)
			}
			if tt.wantErr != "" && (err == nil || len(err.Error()) < len(tt.wantErr) || err.Error()[:len(tt.wantErr)] != tt.wantErr) {
				t.Fatalf("Do error = %v, want it to start with %q", err, tt.wantErr)
			}
			if diff := cmp.Diff(tt.wantCalls, calls.Load()); diff != "" {
				t.Errorf("calls (-want +got):\n%s", diff)
			}
		})
	}
}

func status(code int, retryAfter string) func(w http.ResponseWriter) {
	return func(w http.ResponseWriter) {
		if retryAfter != "" {
			w.Header().Set("Retry-After", retryAfter)
		}
		w.WriteHeader(code)
	}
}

// fakeAuth records calls and fails when told to.
type fakeAuth struct {
	calls atomic.Int32
	err   error
}

func (f *fakeAuth) Apply(_ context.Context, _ *catalog.Spec, _ []catalog.Requirement, req *http.Request) error {
	f.calls.Add(1)
	if f.err != nil {
		return f.err
	}
	req.Header.Set("X-Key", "k")
	return nil
}

// TestAuthHook: the Authenticator runs per attempt for endpoints with
// security; its error comes back as is, nothing is sent, and the cooldown
// is not started.
func TestAuthHook(t *testing.T) {
	srv := newRecorder(t, nil)
	ep := catalog.Endpoint{ID: "x", Method: "GET", Path: "/x", Security: []catalog.Requirement{{Schemes: []catalog.SchemeUse{{Scheme: 0}}}}}
	missing := errors.New("set X_KEY")
	fa := &fakeAuth{err: missing}
	c := NewClient(testCatalog(srv.URL, ep), ClientOptions{Getenv: noEnv, Auth: fa})
	if _, err := c.Do(context.Background(), &Input{Endpoint: &ep}, anyStub); !errors.Is(err, missing) {
		t.Fatalf("Do error = %v, want the authenticator's", err)
	}
	if srv.count() != 0 {
		t.Fatal("a request was sent without credentials")
	}
	fa.err = nil
	if _, err := c.Do(context.Background(), &Input{Endpoint: &ep}, anyStub); err != nil {
		t.Fatalf("Do after configuring: %v", err)
	}
	if got := srv.last(t).Header.Get("X-Key"); got != "k" {
		t.Errorf("X-Key = %q, want the authenticator's", got)
	}
	var rl *RateLimitError
	before := fa.calls.Load()
	if _, err := c.Do(context.Background(), &Input{Endpoint: &ep}, anyStub); !errors.As(err, &rl) || Seconds(rl.Wait) != 10 {
		t.Errorf("third call = %v, want a 10 s cooldown", err)
	}
	if n := fa.calls.Load() - before; n != 0 {
		t.Errorf("a call refused by its cooldown asked for credentials %d time(s); want it refused before", n)
	}
}
