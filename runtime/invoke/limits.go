package invoke

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Defaults of Limits.
const (
	DefaultCooldown = 10 * time.Second
	DefaultTimeout  = 30 * time.Second
	DefaultRetries  = 2
	// maxRetryAfter caps a Retry-After the API sends: a longer wait is
	// reported as this many seconds.
	maxRetryAfter = time.Hour
	// maxAutoWait is the longest Retry-After the client waits out itself
	// before retrying; a longer one ends the call with a *RateLimitError.
	maxAutoWait = 5 * time.Second
	// maxCooldownEntries bounds the endpoints whose last call is remembered.
	maxCooldownEntries = 4096
)

// Limits bound the calls of one spec's endpoints. Zero fields take the
// defaults; negative Cooldown and Retries switch them off.
type Limits struct {
	Cooldown time.Duration // least time between two calls of one endpoint; 0: DefaultCooldown
	Timeout  time.Duration // one call, retries and body included; 0: DefaultTimeout
	Retries  int           // extra attempts after a transient failure; 0: DefaultRetries
}

// Over returns l with o's non-zero fields taking precedence.
func (l Limits) Over(o Limits) Limits {
	if o.Cooldown != 0 {
		l.Cooldown = o.Cooldown
	}
	if o.Timeout != 0 {
		l.Timeout = o.Timeout
	}
	if o.Retries != 0 {
		l.Retries = o.Retries
	}
	return l
}

// resolved fills l's zero fields with the defaults and turns "off" into 0.
func (l Limits) resolved() Limits {
	switch {
	case l.Cooldown == 0:
		l.Cooldown = DefaultCooldown
	case l.Cooldown < 0:
		l.Cooldown = 0
	}
	if l.Timeout <= 0 {
		l.Timeout = DefaultTimeout
	}
	switch {
	case l.Retries == 0:
		l.Retries = DefaultRetries
	case l.Retries < 0:
		l.Retries = 0
	}
	return l
}

// RateLimitError says a call was not made, or the API refused it, for
// rate limiting, and how long to wait before calling again.
type RateLimitError struct {
	Wait       time.Duration // rounded up to whole seconds; 0 when the API gave no hint
	StatusCode int           // the API's status (429 or 503); 0 for the client's own cooldown
}

func (e *RateLimitError) Error() string {
	if e.StatusCode == 0 {
		return fmt.Sprintf("this endpoint was called less than its cooldown ago; wait %d s", Seconds(e.Wait))
	}
	if e.Wait == 0 {
		return fmt.Sprintf("the API answered %d %s", e.StatusCode, http.StatusText(e.StatusCode))
	}
	return fmt.Sprintf("the API answered %d %s and asks to wait %d s", e.StatusCode, http.StatusText(e.StatusCode), Seconds(e.Wait))
}

// Seconds rounds d up to whole seconds.
func Seconds(d time.Duration) int {
	if d <= 0 {
		return 0
	}
	return int(math.Ceil(d.Seconds()))
}

// cooldowns remembers when each endpoint was last called. The table is
// bounded: when full, entries whose window has passed are dropped, and if
// none has, the oldest goes.
type cooldowns struct {
	mu   sync.Mutex
	last map[string]time.Time
	now  func() time.Time
}

func newCooldowns() *cooldowns {
	return &cooldowns{last: map[string]time.Time{}, now: time.Now}
}

// wait is how long the endpoint key must still wait, or 0.
func (c *cooldowns) wait(key string, window time.Duration) time.Duration {
	if window <= 0 {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.waitLocked(key, window)
}

func (c *cooldowns) waitLocked(key string, window time.Duration) time.Duration {
	t, ok := c.last[key]
	if !ok {
		return 0
	}
	if left := window - c.now().Sub(t); left > 0 {
		return left
	}
	return 0
}

// take records a call of key now, unless its window is still open: then it
// returns the wait and records nothing.
func (c *cooldowns) take(key string, window time.Duration) time.Duration {
	if window <= 0 {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if left := c.waitLocked(key, window); left > 0 {
		return left
	}
	if _, ok := c.last[key]; !ok && len(c.last) >= maxCooldownEntries {
		c.evictLocked(window)
	}
	c.last[key] = c.now()
	return 0
}

func (c *cooldowns) evictLocked(window time.Duration) {
	now := c.now()
	oldestKey, oldest := "", now
	for k, t := range c.last {
		if now.Sub(t) >= window {
			delete(c.last, k)
			continue
		}
		if t.Before(oldest) {
			oldestKey, oldest = k, t
		}
	}
	if len(c.last) >= maxCooldownEntries {
		delete(c.last, oldestKey)
	}
}

// retryAfter reads a Retry-After header: delay-seconds or an HTTP date.
// It returns false when the header is absent or unreadable; the wait is
// capped at maxRetryAfter.
func retryAfter(h http.Header, now time.Time) (time.Duration, bool) {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0, false
	}
	var d time.Duration
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		if n < 0 {
			return 0, false
		}
		if n > int64(maxRetryAfter/time.Second) {
			n = int64(maxRetryAfter / time.Second)
		}
		d = time.Duration(n) * time.Second
	} else if t, err := http.ParseTime(v); err == nil {
		d = max(t.Sub(now), 0)
	} else {
		return 0, false
	}
	return min(d, maxRetryAfter), true
}
