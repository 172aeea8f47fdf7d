package invoke

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"time"

	"github.com/cenkalti/backoff/v5"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// limitsOf gives the resolved limits of spec: its SpecLimits over Limits.
func (c *Client) limitsOf(spec *catalog.Spec) Limits {
	l := c.limits
	if spec != nil {
		if o, ok := c.specLimits[spec.Domain]; ok {
			l = l.Over(o)
		}
	}
	return l.resolved()
}

// Limits gives the limits that apply to e's calls, defaults filled in.
func (c *Client) Limits(e *catalog.Endpoint) Limits {
	return c.limitsOf(c.specOf(e))
}

// send makes the call: cooldown and back-off, auth, then attempts with
// backoff. A Retry-After the API sends on 429 or 503 is recorded with the
// limiter for every endpoint of the API. safe marks a call the operator
// declared a read though its method could write.
//
// A network failure or a 502, 503 or 504 is retried for idempotent methods
// only; a 429 or 503 with a short Retry-After is retried for every method,
// since the API says it did not process the request. Attempts stop at
// 1+Retries, and everything (waits included) stays within the timeout.
func (c *Client) send(ctx context.Context, e *catalog.Endpoint, p *prepared, base *url.URL, safe bool) (*Response, error) {
	spec := c.specOf(e)
	lim := c.limitsOf(spec)
	scope := scopeOf(ctx)
	call := LimitCall{Origin: originOf(base), Endpoint: e.ID, Window: lim.Cooldown, Write: !safe && !isRead(p.method)}
	if spec != nil {
		call.Spec = spec.Domain
	}
	// Within a script's scope that holds the endpoint's cooldown already,
	// only the API's back-off still applies.
	held := scope.holds(e.ID)
	look := call
	if held {
		look.Window = 0
	}
	// A look before building: a call that must wait anyway fetches no
	// token. Without a cooldown the take below is the only question.
	if look.Window > 0 {
		err := c.admit(ctx, look, false)
		if err != nil && scope.holds(e.ID) {
			// Another call of this script took the cooldown since: only
			// the API's back-off applies, asked below.
			held, look.Window, err = true, 0, nil
		}
		if err != nil {
			return nil, err
		}
	}
	ctx, cancel := context.WithTimeout(ctx, lim.Timeout)
	defer cancel()
	build := func() (*http.Request, error) {
		req, err := p.httpRequest(ctx, base)
		if err != nil {
			return nil, err
		}
		if c.auth != nil && len(e.Security) > 0 {
			if err := c.auth.Apply(ctx, spec, e.Security, req); err != nil {
				return nil, err
			}
		}
		return req, nil
	}
	// The first request is built and authenticated before the cooldown is
	// taken: a call that fails for missing credentials sends nothing and
	// must not block the next one.
	first, err := build()
	if err != nil {
		if ctx.Err() != nil {
			return nil, sendError(ctx, e, lim.Timeout, err)
		}
		return nil, err
	}
	if held {
		if err := c.admit(ctx, look, true); err != nil {
			return nil, err
		}
	} else if err := scope.admit(e.ID, func() error { return c.admit(ctx, call, true) }); err != nil {
		return nil, err
	}
	backOff := func(wait time.Duration, status int) {
		// Best effort: the answer itself tells this caller to wait.
		_ = c.limiter.BackOff(context.WithoutCancel(ctx), call, wait, status)
	}
	idempotent := isIdempotent(p.method)
	var last error
	attempt := func() (*Response, error) {
		req := first
		if req == nil {
			if req, err = build(); err != nil {
				last = err
				return nil, backoff.Permanent(err)
			}
		}
		first = nil
		out, header, err := c.roundTrip(req)
		if err != nil {
			last = sendError(ctx, e, lim.Timeout, err)
			if idempotent && ctx.Err() == nil && !errors.Is(err, errTooManyRedirects) {
				return nil, last
			}
			return nil, backoff.Permanent(last)
		}
		return judge(ctx, out, header, idempotent, &last, backOff)
	}
	b := backoff.NewExponentialBackOff()
	b.InitialInterval = c.retryBase
	b.MaxInterval = 2 * time.Second
	res, err := backoff.Retry(ctx, attempt, backoff.WithBackOff(b), backoff.WithMaxTries(uint(1+lim.Retries)),
		backoff.WithMaxElapsedTime(0))
	if err == nil {
		return res, nil
	}
	if ctx.Err() != nil {
		return nil, sendError(ctx, e, lim.Timeout, ctx.Err())
	}
	if last != nil {
		return nil, last
	}
	return nil, err
}

// roundTrip sends req and reads its answer within the body limit; the raw
// headers come along for Retry-After.
func (c *Client) roundTrip(req *http.Request) (*Response, http.Header, error) {
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	out, err := c.readResponse(resp)
	if err != nil {
		return nil, nil, err
	}
	return out, resp.Header, nil
}

// admit asks the limiter about call; a refusal is a *RateLimitError.
func (c *Client) admit(ctx context.Context, call LimitCall, take bool) error {
	w, err := c.limiter.Admit(ctx, call, take)
	if err != nil {
		return err
	}
	if w.Duration > 0 {
		return &RateLimitError{Wait: w.Duration, StatusCode: w.Status, Unavailable: w.Unavailable}
	}
	return nil
}

// judge turns an answer into the attempt's result: a 2xx is done, a
// retryable failure an error backoff retries, anything else permanent.
// *last is set to the error the caller sees if no attempt succeeds.
func judge(ctx context.Context, out *Response, header http.Header, idempotent bool, last *error, backOff func(time.Duration, int)) (*Response, error) {
	status := out.StatusCode
	if status >= 200 && status <= 299 {
		return out, nil
	}
	httpErr := &HTTPError{StatusCode: status, Headers: out.Headers, Body: out.Body, Truncated: out.Truncated}
	if status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable {
		if wait, ok := retryAfter(header, time.Now()); ok {
			*last = &RateLimitError{Wait: wait, StatusCode: status, Sent: true}
			if wait > 0 {
				backOff(wait, status) // for the other calls of this API, here and on other replicas
			}
			deadline, hasDeadline := ctx.Deadline()
			if wait > maxAutoWait || hasDeadline && time.Until(deadline) <= wait {
				return nil, backoff.Permanent(*last)
			}
			return nil, &backoff.RetryAfterError{Duration: wait}
		}
	}
	*last = httpErr
	switch status {
	case http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		if idempotent {
			return nil, httpErr
		}
	}
	return nil, backoff.Permanent(httpErr)
}

// isIdempotent reports the methods RFC 9110 calls idempotent.
func isIdempotent(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodTrace, http.MethodPut, http.MethodDelete:
		return true
	}
	return false
}
