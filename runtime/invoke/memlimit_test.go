package invoke

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// TestMemoryLimiter: a look never starts a cooldown, a take does once; a
// back-off covers every endpoint of its API (spec and origin) and no
// other, wins over the cooldown, and is never shortened.
func TestMemoryLimiter(t *testing.T) {
	ctx := context.Background()
	m := NewMemoryLimiter()
	now := time.Unix(1000, 0)
	m.now = func() time.Time { return now }
	a := LimitCall{Spec: "pets", Origin: "https://api.example.com", Endpoint: "a", Window: 10 * time.Second}
	b := a
	b.Endpoint = "b"
	other := a
	other.Origin = "https://staging.example.com"

	admit := func(c LimitCall, take bool) Wait {
		t.Helper()
		w, err := m.Admit(ctx, c, take)
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	if w := admit(a, false); w.Duration != 0 {
		t.Fatalf("first look = %+v", w)
	}
	if w := admit(a, false); w.Duration != 0 {
		t.Fatalf("a look started the cooldown: %+v", w)
	}
	if w := admit(a, true); w.Duration != 0 {
		t.Fatalf("first take = %+v", w)
	}
	now = now.Add(4 * time.Second)
	if w := admit(a, true); w.Duration != 6*time.Second || w.Status != 0 {
		t.Fatalf("take within the cooldown = %+v, want 6 s", w)
	}
	if w := admit(b, true); w.Duration != 0 {
		t.Fatalf("another endpoint = %+v", w)
	}

	m.BackOff(ctx, a, 30*time.Second, 429)
	m.BackOff(ctx, a, 5*time.Second, 503) // shorter: ignored
	for _, c := range []LimitCall{a, b, {Spec: "pets", Origin: a.Origin, Endpoint: "c"}} {
		if w := admit(c, true); w.Duration != 30*time.Second || w.Status != 429 {
			t.Errorf("%s during the back-off = %+v, want 30 s of 429", c.Endpoint, w)
		}
	}
	if w := admit(other, true); w.Duration != 0 {
		t.Errorf("another origin during the back-off = %+v", w)
	}
	now = now.Add(31 * time.Second)
	if w := admit(LimitCall{Spec: "pets", Origin: a.Origin, Endpoint: "c", Window: time.Second}, true); w.Duration != 0 {
		t.Errorf("after the back-off = %+v", w)
	}
}

func TestMemoryLimiterBounded(t *testing.T) {
	ctx := context.Background()
	m := NewMemoryLimiter()
	now := time.Unix(0, 0)
	m.now = func() time.Time { return now }
	for i := range maxLimiterEntries + 10 {
		now = now.Add(time.Millisecond)
		c := LimitCall{Spec: "s", Origin: strconv.Itoa(i), Endpoint: strconv.Itoa(i), Window: time.Hour}
		if w, _ := m.Admit(ctx, c, true); w.Duration != 0 {
			t.Fatalf("take %d waited %v", i, w.Duration)
		}
		m.BackOff(ctx, c, time.Hour, 429)
	}
	if n, b := len(m.cooldown), len(m.backoff); n > maxLimiterEntries || b > maxLimiterEntries {
		t.Errorf("%d cooldowns and %d back-offs kept, want at most %d each", n, b, maxLimiterEntries)
	}
	last := strconv.Itoa(maxLimiterEntries + 9)
	if w, _ := m.Admit(ctx, LimitCall{Spec: "s", Origin: last, Endpoint: last, Window: time.Hour}, true); w.Duration == 0 {
		t.Error("the newest entry was evicted")
	}
}

// TestBackOffHonoured: a 429 with a long Retry-After on one endpoint
// refuses the API's other endpoints without sending them, through the
// limiter the client was given (which replicas may share).
func TestBackOffHonoured(t *testing.T) {
	srv := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/busy" {
			w.Header().Set("Retry-After", "60")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		w.WriteHeader(204)
	})
	busy := catalog.Endpoint{ID: "busy", Method: "GET", Path: "/busy"}
	calm := catalog.Endpoint{ID: "calm", Method: "GET", Path: "/calm"}
	shared := NewMemoryLimiter()
	one := NewClient(testCatalog(srv.URL, busy, calm), ClientOptions{Getenv: noEnv, Limiter: shared})
	two := NewClient(testCatalog(srv.URL, busy, calm), ClientOptions{Getenv: noEnv, Limiter: shared})
	var rl *RateLimitError
	if _, err := one.Do(context.Background(), &Input{Endpoint: &busy}, anyStub); !errors.As(err, &rl) || !rl.Sent || rl.StatusCode != 429 {
		t.Fatalf("busy = %v, want the API's 429", err)
	}
	_, err := two.Do(context.Background(), &Input{Endpoint: &calm}, anyStub)
	if !errors.As(err, &rl) || rl.Sent || rl.StatusCode != 429 || Seconds(rl.Wait) != 60 {
		t.Fatalf("calm on the other client = %v (%+v), want the recorded back-off of 60 s", err, rl)
	}
	if n := srv.count(); n != 1 {
		t.Errorf("the API saw %d requests, want 1", n)
	}
}

// recordingLimiter admits everything and keeps what it was asked.
type recordingLimiter struct{ calls []LimitCall }

func (r *recordingLimiter) Admit(_ context.Context, c LimitCall, _ bool) (Wait, error) {
	r.calls = append(r.calls, c)
	return Wait{}, nil
}
func (r *recordingLimiter) BackOff(context.Context, LimitCall, time.Duration, int) error { return nil }

// TestLimitCall: the client names a call to its limiter by spec, origin
// (no path or query) and endpoint, with the cooldown, and marks writes:
// a POST is one unless the operator declared it safe.
func TestLimitCall(t *testing.T) {
	srv := newRecorder(t, nil)
	get := catalog.Endpoint{ID: "g", Method: "GET", Path: "/g"}
	post := catalog.Endpoint{ID: "p", Method: "POST", Path: "/p"}
	rec := &recordingLimiter{}
	c := NewClient(testCatalog(srv.URL+"/base?tenant=secret", get, post), ClientOptions{Getenv: noEnv, Limiter: rec})
	for _, in := range []*Input{{Endpoint: &get}, {Endpoint: &post}, {Endpoint: &post, Safe: true}} {
		if _, err := c.Do(context.Background(), in, anyStub); err != nil {
			t.Fatal(err)
		}
	}
	var writes []bool
	for _, call := range rec.calls {
		if call.Spec != "petstore" || call.Origin != strings.ToLower(srv.URL) || call.Window != DefaultCooldown {
			t.Errorf("call = %+v", call)
		}
		writes = append(writes, call.Write)
	}
	// Each call: a look, then the take.
	if fmt.Sprint(writes) != "[false false true true false false]" {
		t.Errorf("writes = %v", writes)
	}
}
