package invoke

import (
	"context"
	"net/url"
	"strings"
	"time"
)

// Limiter holds the state calls of an API share over time: each
// endpoint's cooldown and the API's own requests to back off (a 429 or 503
// with Retry-After). MemoryLimiter keeps it in the process; runtime/redislimit
// keeps it in Redis, so that replicas behind a load balancer share it.
// Implementations are safe for concurrent use.
type Limiter interface {
	// Admit decides whether call may be sent now. With take it also starts
	// the endpoint's cooldown (call.Window) when it admits the call, in one
	// atomic step: of two callers racing for one endpoint only one gets
	// through. Without take it only looks. A refusal is a Wait with a
	// non-zero Duration; an error fails the call before anything is sent.
	Admit(ctx context.Context, call LimitCall, take bool) (Wait, error)
	// BackOff records that the API asked for no calls for d (status 429 or
	// 503). It applies to every endpoint of call's API (spec and origin),
	// and a shorter request never shortens one already recorded.
	BackOff(ctx context.Context, call LimitCall, d time.Duration, status int) error
}

// LimitCall names one call for a Limiter. None of its fields is secret:
// the spec's domain, the scheme and host of its base URL (no path, query
// or user info), the endpoint's stable ID.
type LimitCall struct {
	Spec     string        // the spec's domain
	Origin   string        // scheme://host[:port] of the base URL
	Endpoint string        // the endpoint's ID
	Window   time.Duration // the endpoint's cooldown; 0: none
	// Write is set for a call that may change data (not GET, HEAD or
	// OPTIONS, and not declared safe): a limiter that cannot reach its
	// shared state may refuse these rather than risk doing them twice.
	Write bool
}

// Wait is a Limiter's refusal: how long to wait and why.
type Wait struct {
	Duration time.Duration // 0: admitted
	// Status is the API's status (429 or 503) when its back-off is open;
	// 0 for the endpoint's cooldown.
	Status int
	// Unavailable: the shared state could not be reached, and the call
	// may change data; Duration is when to try again.
	Unavailable bool
}

// originOf is the scheme and host of u, the part of a base URL that names
// the API's server: no user info, path or query.
func originOf(u *url.URL) string {
	return strings.ToLower(u.Scheme + "://" + u.Host)
}

// isRead reports the methods that only read (RFC 9110 safe methods).
func isRead(method string) bool {
	switch strings.ToUpper(method) {
	case "GET", "HEAD", "OPTIONS":
		return true
	}
	return false
}
