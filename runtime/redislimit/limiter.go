// Package redislimit is the invoke.Limiter that replicas of a server share
// through Redis: each endpoint's cooldown and the API's back-offs live in
// Redis keys with expiry, checked and taken by Lua scripts in one atomic
// step (never read-then-write), so a call through one replica and the same
// endpoint through another within the cooldown gets rate_limit, and a
// Retry-After one replica saw holds back the others.
//
// When Redis cannot be reached the limiter keeps serving (see Limiter):
// reads are decided by this replica's own memory, writes that have a
// cooldown are held back; a log line and metrics say so, and the next
// probe after Redis returns switches back.
package redislimit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/redis/go-redis/v9/maintnotifications"

	"github.com/swag2mcp/swag2mcp/runtime/invoke"
)

// DefaultProbe is how often, while Redis is unreachable, one call tries it
// again; the others meanwhile decide without it.
const DefaultProbe = time.Second

// Bounds of one Redis request unless the URL sets them (dial_timeout,
// read_timeout, write_timeout, max_retries): short, since every call of
// the API waits for the limiter.
const (
	dialTimeout = 500 * time.Millisecond
	ioTimeout   = 250 * time.Millisecond
	maxRetries  = 1 // one retry on a fresh connection, e.g. after Redis restarted
)

// Observer receives the limiter's health; runtime/metrics.Recorder is one.
type Observer interface {
	LimiterRedis(up bool)
	LimiterFallback(outcome string) // "local" or "refused"
	LimiterLatency(d time.Duration)
}

// Options configure New.
type Options struct {
	URL      string       // redis://, rediss:// or unix://, as go-redis reads it; may carry a password
	Server   string       // the server's name, which namespaces every key
	Logger   *slog.Logger // nil: discard
	Observer Observer     // nil: none
	Probe    time.Duration
}

// Limiter keeps cooldowns and back-offs in Redis.
//
// Policy while Redis is unreachable (a request failed or timed out):
//   - a call that may change data (invoke.LimitCall.Write) and has a
//     cooldown is refused with Wait.Unavailable (rate_limit for the caller)
//     and nothing is sent: several replicas each deciding alone could send
//     the same write twice within the cooldown, which the cooldown exists
//     to prevent, and a duplicate write cannot be taken back;
//   - every other call (reads, and writes without a cooldown) is decided
//     by this replica's own MemoryLimiter: at worst each replica lets one
//     call of an endpoint through per cooldown, and the API's own limits
//     still answer 429;
//   - back-offs the API asks for are always kept in that local memory too,
//     so a replica honours what it saw itself while Redis is away.
//
// Once down, one call per Probe tries Redis again; the first success logs
// that Redis is back and every call uses it again.
type Limiter struct {
	rdb     *redis.Client
	server  string
	local   *invoke.MemoryLimiter
	log     *slog.Logger
	obs     Observer
	probe   time.Duration
	down    atomic.Bool
	mu      sync.Mutex // guards retryAt and the down transitions
	retryAt time.Time
}

// New connects to the Redis of opts.URL. A malformed URL is an error; an
// unreachable Redis is not: the limiter starts in its fallback and logs it,
// since replicas may well start before Redis does.
func New(ctx context.Context, opts Options) (*Limiter, error) {
	ro, err := clientOptions(opts.URL)
	if err != nil {
		return nil, err
	}
	l := &Limiter{rdb: redis.NewClient(ro), server: opts.Server, local: invoke.NewMemoryLimiter(),
		log: opts.Logger, obs: opts.Observer, probe: opts.Probe}
	if l.log == nil {
		l.log = slog.New(slog.DiscardHandler)
	}
	if l.obs == nil {
		l.obs = nopObserver{}
	}
	if l.probe <= 0 {
		l.probe = DefaultProbe
	}
	pctx, cancel := context.WithTimeout(ctx, dialTimeout+ioTimeout)
	defer cancel()
	if err := l.rdb.Ping(pctx).Err(); err != nil {
		l.failed(err)
	} else {
		l.obs.LimiterRedis(true)
		l.log.Info("sharing cooldowns and back-offs through Redis", "redis", redactedAddr(ro))
	}
	return l, nil
}

// clientOptions reads the URL with go-redis and fills the bounds it leaves
// at go-redis' defaults (seconds long) with short ones. Errors never quote
// the URL, which may carry a password.
func clientOptions(raw string) (*redis.Options, error) {
	ro, err := redis.ParseURL(raw)
	if err != nil {
		return nil, errors.New("redis: the URL is not one go-redis reads (redis://[user:password@]host:port/db, rediss://…, unix://…)")
	}
	var q url.Values
	if u, err := url.Parse(raw); err == nil {
		q = u.Query()
	}
	if !q.Has("dial_timeout") {
		ro.DialTimeout = dialTimeout
	}
	if !q.Has("read_timeout") {
		ro.ReadTimeout = ioTimeout
	}
	if !q.Has("write_timeout") {
		ro.WriteTimeout = ioTimeout
	}
	if !q.Has("max_retries") {
		ro.MaxRetries = maxRetries
	}
	ro.DialerRetries = 1      // go-redis' default of 5 dials makes every call wait while Redis is down
	ro.DisableIdentity = true // no CLIENT SETINFO round trip per connection
	ro.MaintNotificationsConfig = &maintnotifications.Config{Mode: maintnotifications.ModeDisabled}
	return ro, nil
}

// redactedAddr names the Redis for logs: network address and database,
// never the user or password.
func redactedAddr(ro *redis.Options) string {
	return fmt.Sprintf("%s %s db %d", ro.Network, ro.Addr, ro.DB)
}

// Close closes the connections to Redis.
func (l *Limiter) Close() error { return l.rdb.Close() }

// Admit implements invoke.Limiter.
func (l *Limiter) Admit(ctx context.Context, call invoke.LimitCall, take bool) (invoke.Wait, error) {
	if !l.tryRedis() {
		return l.fallback(ctx, call, take)
	}
	api, cool := l.keys(call)
	flag := "0"
	if take {
		flag = "1"
	}
	start := time.Now()
	res, err := admitScript.Run(ctx, l.rdb, []string{api, cool}, call.Window.Milliseconds(), flag).Int64Slice()
	if err == nil && len(res) != 2 {
		err = fmt.Errorf("admit script answered %d values, want 2", len(res))
	}
	if err != nil {
		if ctx.Err() != nil {
			return invoke.Wait{}, ctx.Err() // the caller went away; Redis may be fine
		}
		l.failed(err)
		return l.fallback(ctx, call, take)
	}
	l.obs.LimiterLatency(time.Since(start))
	l.recovered()
	return invoke.Wait{Duration: time.Duration(res[0]) * time.Millisecond, Status: int(res[1])}, nil
}

// BackOff implements invoke.Limiter: in Redis for every replica, and in
// this replica's memory for the time Redis may be away.
func (l *Limiter) BackOff(ctx context.Context, call invoke.LimitCall, d time.Duration, status int) error {
	if d <= 0 {
		return nil
	}
	_ = l.local.BackOff(ctx, call, d, status)
	if !l.tryRedis() {
		return nil
	}
	api, _ := l.keys(call)
	start := time.Now()
	if err := backOffScript.Run(ctx, l.rdb, []string{api}, max(d.Milliseconds(), 1), status).Err(); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		l.failed(err)
		return nil // kept locally; not the caller's failure
	}
	l.obs.LimiterLatency(time.Since(start))
	l.recovered()
	return nil
}

// fallback decides call without Redis, by the policy of Limiter.
func (l *Limiter) fallback(ctx context.Context, call invoke.LimitCall, take bool) (invoke.Wait, error) {
	if call.Write && call.Window > 0 {
		l.obs.LimiterFallback("refused")
		l.mu.Lock()
		wait := time.Until(l.retryAt)
		l.mu.Unlock()
		return invoke.Wait{Duration: max(wait, time.Second), Unavailable: true}, nil
	}
	l.obs.LimiterFallback("local")
	return l.local.Admit(ctx, call, take)
}

// tryRedis reports whether this request should go to Redis: always while
// it is up; while it is down, for one caller per probe interval.
func (l *Limiter) tryRedis() bool {
	if !l.down.Load() {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	if now.Before(l.retryAt) {
		return false
	}
	l.retryAt = now.Add(l.probe)
	return true
}

// failed marks Redis down after err, logging the change once.
func (l *Limiter) failed(err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.retryAt = time.Now().Add(l.probe)
	if l.down.Swap(true) {
		return
	}
	l.obs.LimiterRedis(false)
	l.log.Warn("redis limiter unreachable: reads use this replica's own cooldowns, writes with a cooldown are refused "+
		"(rate_limit) until Redis answers again", "error", err.Error(), "probe", l.probe)
}

// recovered marks Redis up after a success, logging the change once.
func (l *Limiter) recovered() {
	if !l.down.Load() {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.down.Swap(false) {
		l.obs.LimiterRedis(true)
		l.log.Info("redis limiter reachable again: cooldowns and back-offs are shared again")
	}
}

// keys are call's Redis keys: the API's back-off and the endpoint's
// cooldown. They hold the server's name, the spec's domain, a hash of the
// base URL's origin (two deployments against different hosts do not share
// limits, and no URL is stored) and the endpoint's ID; the braces make
// both keys of one call hash to one Redis Cluster slot.
func (l *Limiter) keys(call invoke.LimitCall) (api, cooldown string) {
	sum := sha256.Sum256([]byte(call.Origin))
	ns := "swag2mcp:{" + keyPart(l.server) + ":" + keyPart(call.Spec) + ":" + hex.EncodeToString(sum[:8]) + "}"
	return ns + ":backoff", ns + ":cooldown:" + keyPart(call.Endpoint)
}

// keyPart keeps a name's letters, digits, '.', '-' and '_' (others become
// '_'), at most 64 bytes, so a key's parts cannot run into each other.
func keyPart(s string) string {
	s = strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, s)
	if len(s) > 64 {
		s = s[:64]
	}
	return s
}

// RouteLibraryLogs sends go-redis' own log lines (dial failures, pool
// events), which it writes through one process-wide logger, to log at
// debug level: the limiter's own lines say what an operator needs. Main,
// which owns the process, calls it once.
func RouteLibraryLogs(log *slog.Logger) {
	redis.SetLogger(libraryLog{log})
}

type libraryLog struct{ log *slog.Logger }

func (l libraryLog) Printf(ctx context.Context, format string, v ...any) {
	l.log.DebugContext(ctx, "go-redis: "+fmt.Sprintf(format, v...))
}

type nopObserver struct{}

func (nopObserver) LimiterRedis(bool)            {}
func (nopObserver) LimiterFallback(string)       {}
func (nopObserver) LimiterLatency(time.Duration) {}
