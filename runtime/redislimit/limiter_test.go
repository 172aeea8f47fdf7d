package redislimit

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/swag2mcp/swag2mcp/internal/redisproc"
	_ "github.com/swag2mcp/swag2mcp/internal/updateflag" // go test ./... -update must not fail here
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
)

// startRedis runs a redis-server for the test, or skips saying how to get one.
func startRedis(t *testing.T) *redisproc.Server {
	t.Helper()
	bin, err := redisproc.Binary()
	if err != nil {
		t.Skip(err)
	}
	srv, err := redisproc.Start(context.Background(), bin, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Stop)
	return srv
}

// observer records what the limiter reports.
type observer struct {
	mu        sync.Mutex
	up        []bool
	fallbacks map[string]int
	requests  int
}

func (o *observer) LimiterRedis(up bool) { o.mu.Lock(); o.up = append(o.up, up); o.mu.Unlock() }
func (o *observer) LimiterFallback(s string) {
	o.mu.Lock()
	if o.fallbacks == nil {
		o.fallbacks = map[string]int{}
	}
	o.fallbacks[s]++
	o.mu.Unlock()
}
func (o *observer) LimiterLatency(time.Duration) { o.mu.Lock(); o.requests++; o.mu.Unlock() }

// syncBuffer is a log sink safe for concurrent writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

func newLimiter(t *testing.T, url string, obs Observer, log *syncBuffer) *Limiter {
	t.Helper()
	o := Options{URL: url, Server: "petstore-mcp", Observer: obs, Probe: 50 * time.Millisecond}
	if log != nil {
		o.Logger = slog.New(slog.NewTextHandler(log, nil))
	}
	l, err := New(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l
}

var (
	getPet   = invoke.LimitCall{Spec: "petstore", Origin: "https://api.example.com", Endpoint: "a1", Window: 10 * time.Second}
	findPets = invoke.LimitCall{Spec: "petstore", Origin: "https://api.example.com", Endpoint: "b2", Window: 10 * time.Second}
	addPet   = invoke.LimitCall{Spec: "petstore", Origin: "https://api.example.com", Endpoint: "c3", Window: 10 * time.Second, Write: true}
)

func admit(t *testing.T, l *Limiter, c invoke.LimitCall, take bool) invoke.Wait {
	t.Helper()
	w, err := l.Admit(context.Background(), c, take)
	if err != nil {
		t.Fatalf("Admit: %v", err)
	}
	return w
}

// TestShared: two limiters on one Redis behave as one: a look takes
// nothing, a take through one refuses the other for the rest of the
// window, and a back-off recorded by one holds every endpoint of the API
// on the other, never shortened.
func TestShared(t *testing.T) {
	srv := startRedis(t)
	one, two := newLimiter(t, srv.URL(), nil, nil), newLimiter(t, srv.URL(), nil, nil)
	if w := admit(t, one, getPet, false); w.Duration != 0 {
		t.Fatalf("look = %+v", w)
	}
	if w := admit(t, two, getPet, true); w.Duration != 0 {
		t.Fatalf("take after a look = %+v: the look took the cooldown", w)
	}
	w := admit(t, one, getPet, true)
	if w.Duration <= 9*time.Second || w.Duration > 10*time.Second || w.Status != 0 {
		t.Fatalf("take through the other replica = %+v, want about 10 s of cooldown", w)
	}
	if w := admit(t, one, findPets, true); w.Duration != 0 {
		t.Fatalf("another endpoint = %+v", w)
	}
	noCooldown := getPet
	noCooldown.Window = 0
	if w := admit(t, one, noCooldown, true); w.Duration != 0 {
		t.Fatalf("without a cooldown = %+v", w)
	}

	if err := one.BackOff(context.Background(), getPet, 30*time.Second, 503); err != nil {
		t.Fatal(err)
	}
	if err := two.BackOff(context.Background(), getPet, 2*time.Second, 429); err != nil {
		t.Fatal(err)
	}
	other := addPet
	other.Endpoint = "d4"
	for _, c := range []invoke.LimitCall{getPet, other, noCooldown} {
		if w := admit(t, two, c, true); w.Duration <= 29*time.Second || w.Status != 503 {
			t.Errorf("%s during the back-off = %+v, want about 30 s of 503", c.Endpoint, w)
		}
	}
	staging := findPets
	staging.Origin = "https://staging.example.com"
	if w := admit(t, two, staging, true); w.Duration != 0 {
		t.Errorf("another origin during the back-off = %+v", w)
	}
}

// TestAtomic: many callers on two replicas racing for one endpoint: one
// gets through.
func TestAtomic(t *testing.T) {
	srv := startRedis(t)
	ls := []*Limiter{newLimiter(t, srv.URL(), nil, nil), newLimiter(t, srv.URL(), nil, nil)}
	var admitted atomic.Int32
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w, err := ls[i%2].Admit(context.Background(), findPets, true)
			if err == nil && w.Duration == 0 {
				admitted.Add(1)
			}
		}()
	}
	wg.Wait()
	if n := admitted.Load(); n != 1 {
		t.Errorf("%d of 40 racing calls admitted, want 1", n)
	}
}

// TestNothingSecretInKeys: keys hold the server's name, the spec's domain,
// a hash of the origin and the endpoint id; no URL, host or credential.
func TestNothingSecretInKeys(t *testing.T) {
	srv := startRedis(t)
	l := newLimiter(t, srv.URL(), nil, nil)
	c := getPet
	c.Origin = "https://tenant-secret.example.com"
	admit(t, l, c, true)
	l.BackOff(context.Background(), c, time.Minute, 429)
	rdb := redis.NewClient(&redis.Options{Addr: srv.Addr()})
	defer rdb.Close()
	keys, err := rdb.Keys(context.Background(), "*").Result()
	if err != nil {
		t.Fatal(err)
	}
	if len(keys) != 2 {
		t.Fatalf("keys = %v, want a cooldown and a back-off", keys)
	}
	for _, k := range keys {
		if !strings.HasPrefix(k, "swag2mcp:{petstore-mcp:petstore:") || strings.Contains(k, "example") || strings.Contains(k, "https") {
			t.Errorf("key %q", k)
		}
		if ttl := rdb.PTTL(context.Background(), k).Val(); ttl <= 0 {
			t.Errorf("key %q has no expiry (%v): Redis would grow without bound", k, ttl)
		}
	}
}

// TestRedisDown: with Redis stopped, reads are decided by the replica's
// own memory, writes with a cooldown are refused as Unavailable, writes
// without one pass; a metric and one log line say so. When Redis is back,
// the next probe switches to it, and shared state applies again.
func TestRedisDown(t *testing.T) {
	srv := startRedis(t)
	obs := &observer{}
	var logs syncBuffer
	l := newLimiter(t, srv.URL(), obs, &logs)
	staging := findPets
	staging.Origin = "https://staging.example.com"
	l.BackOff(context.Background(), staging, time.Minute, 429) // kept locally too
	srv.Stop()

	if w := admit(t, l, getPet, true); w.Duration != 0 || w.Unavailable {
		t.Fatalf("read with Redis down = %+v, want admitted by the local table", w)
	}
	if w := admit(t, l, getPet, true); w.Duration == 0 {
		t.Errorf("second read within the cooldown with Redis down = %+v, want the local cooldown", w)
	}
	if w := admit(t, l, staging, true); w.Status != 429 {
		t.Errorf("read under a back-off seen before Redis went = %+v, want the local back-off", w)
	}
	if w := admit(t, l, addPet, true); !w.Unavailable || w.Duration < time.Second {
		t.Errorf("write with a cooldown, Redis down = %+v, want Unavailable", w)
	}
	free := addPet
	free.Window = 0
	if w := admit(t, l, free, true); w.Duration != 0 {
		t.Errorf("write without a cooldown, Redis down = %+v, want admitted", w)
	}
	obs.mu.Lock()
	if len(obs.up) < 2 || obs.up[len(obs.up)-1] || obs.fallbacks["refused"] != 1 || obs.fallbacks["local"] < 3 {
		t.Errorf("observer: up %v, fallbacks %v", obs.up, obs.fallbacks)
	}
	obs.mu.Unlock()
	if n := strings.Count(logs.String(), "redis limiter unreachable"); n != 1 {
		t.Errorf("%d 'unreachable' log lines, want 1:\n%s", n, logs.String())
	}

	if err := srv.Restart(context.Background()); err != nil {
		t.Fatal(err)
	}
	time.Sleep(60 * time.Millisecond) // past the probe interval
	// The restarted Redis is empty: the write's cooldown starts there.
	if w := admit(t, l, addPet, true); w.Duration != 0 || w.Unavailable {
		t.Fatalf("write after Redis returned = %+v, want admitted through Redis", w)
	}
	other := newLimiter(t, srv.URL(), nil, nil)
	if w := admit(t, other, addPet, true); w.Duration == 0 {
		t.Errorf("the same write through another replica = %+v, want the shared cooldown", w)
	}
	if !strings.Contains(logs.String(), "redis limiter reachable again") {
		t.Errorf("no recovery log line:\n%s", logs.String())
	}
	obs.mu.Lock()
	if !obs.up[len(obs.up)-1] {
		t.Errorf("observer still reports Redis down: %v", obs.up)
	}
	obs.mu.Unlock()
}

// TestStartWithoutRedis: a replica may start before Redis: New succeeds
// and falls back; a malformed URL is an error that does not quote it.
func TestStartWithoutRedis(t *testing.T) {
	obs := &observer{}
	l := newLimiter(t, "redis://127.0.0.1:1/0", obs, nil)
	if w := admit(t, l, getPet, true); w.Duration != 0 {
		t.Errorf("read = %+v", w)
	}
	if w := admit(t, l, addPet, true); !w.Unavailable {
		t.Errorf("write = %+v, want Unavailable", w)
	}
	_, err := New(context.Background(), Options{URL: "redis://:hunter2@host:notaport/x"})
	if err == nil || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("bad URL: err = %v, want one without the password", err)
	}
}

func TestMain(m *testing.M) {
	RouteLibraryLogs(slog.New(slog.DiscardHandler))
	os.Exit(m.Run())
}
