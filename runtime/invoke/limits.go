package invoke

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
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
	StatusCode int           // the API's status (429 or 503), also when an earlier answer's back-off is still open; 0 for the cooldown
	// Sent: the API answered this call with StatusCode; unset when the
	// call was refused before sending (cooldown, or a back-off the API
	// asked for earlier, perhaps of another replica).
	Sent bool
	// Unavailable: the shared limiter could not be reached and the call
	// may change data, so it was not sent (see runtime/redislimit).
	Unavailable bool
}

func (e *RateLimitError) Error() string {
	if e.Unavailable {
		return fmt.Sprintf("the shared rate-limit store is unreachable, and calls that may change data wait until it is back; "+
			"nothing was sent; retry in %d s", Seconds(e.Wait))
	}
	if e.StatusCode != 0 && !e.Sent {
		return fmt.Sprintf("the API answered %d %s to an earlier call and asked to wait; nothing was sent; wait %d s",
			e.StatusCode, http.StatusText(e.StatusCode), Seconds(e.Wait))
	}
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
