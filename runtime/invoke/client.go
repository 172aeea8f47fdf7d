package invoke

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// ClientOptions configures a Client. The zero value is ready to use.
type ClientOptions struct {
	Getenv       func(string) string // nil: os.Getenv
	HTTPClient   *http.Client        // nil: a client with transport timeouts; cross-origin redirects are never followed
	Timeout      time.Duration       // shorthand for Limits.Timeout when that is zero
	MaxBodyBytes int64               // bytes of one body read at most, stored ones included (cut past it); 0: DefaultMaxBodyBytes
	Limits       Limits              // every spec's limits
	SpecLimits   map[string]Limits   // by spec domain; non-zero fields override Limits
	Auth         Authenticator       // nil: requests go out without credentials
	Limiter      Limiter             // cooldowns and the API's back-offs; nil: a MemoryLimiter of this client
	Responses    ResponseOptions     // inline limit and workspace of large and binary bodies
}

// Authenticator adds credentials to a request from an endpoint's security
// requirements (alternatives in order). It fails before anything is sent
// when no alternative is fully configured. runtime/auth implements it.
type Authenticator interface {
	Apply(ctx context.Context, spec *catalog.Spec, reqs []catalog.Requirement, req *http.Request) error
}

// Client sends invoke calls of one catalog's endpoints.
type Client struct {
	cat        *catalog.Catalog
	getenv     func(string) string
	http       *http.Client
	limits     Limits
	specLimits map[string]Limits
	auth       Authenticator
	limiter    Limiter
	maxBody    int64
	responses  ResponseOptions
	retryBase  time.Duration // first backoff interval; tests shorten it
}

// NewClient returns a client for cat's endpoints.
func NewClient(cat *catalog.Catalog, opts ClientOptions) *Client {
	c := &Client{cat: cat, getenv: opts.Getenv, limits: opts.Limits, specLimits: opts.SpecLimits,
		auth: opts.Auth, limiter: opts.Limiter, maxBody: opts.MaxBodyBytes, responses: opts.Responses, retryBase: 200 * time.Millisecond}
	if c.limits.Timeout == 0 {
		c.limits.Timeout = opts.Timeout
	}
	if c.getenv == nil {
		c.getenv = os.Getenv
	}
	if c.limiter == nil {
		c.limiter = NewMemoryLimiter()
	}
	if c.maxBody <= 0 {
		c.maxBody = DefaultMaxBodyBytes
	}
	var hc http.Client
	if opts.HTTPClient != nil {
		hc = *opts.HTTPClient
	} else {
		hc.Transport = newTransport()
	}
	hc.CheckRedirect = sameOrigin(hc.CheckRedirect)
	c.http = &hc
	return c
}

// Do validates in, builds the request with stub, sends it to the endpoint's
// base URL with the spec's credentials and reads the answer, retrying
// transient failures where that is safe. Problems the caller can fix are a
// *ValidationError, a missing base URL a *BaseURLError, a cooldown or the
// API's rate limiting a *RateLimitError, an answer outside 2xx an
// *HTTPError; the Authenticator's errors come back as they are. Errors
// never carry the request's URL or headers.
func (c *Client) Do(ctx context.Context, in *Input, stub Stub) (*Response, error) {
	if in == nil || in.Endpoint == nil || stub == nil {
		return nil, errors.New("invoke: no endpoint or stub")
	}
	e := in.Endpoint
	in.problems = append(in.problems, unknownKeys(in)...)
	in.problems = append(in.problems, CredentialArgs(c.specOf(e), in)...)
	req, err := stub(in)
	if err != nil {
		return nil, err
	}
	if err := in.Err(); err != nil {
		return nil, err
	}
	if req == nil {
		return nil, errors.New("invoke: stub returned no request")
	}
	p, err := req.prepare()
	if err != nil {
		return nil, err
	}
	base, err := c.baseURL(e)
	if err != nil {
		return nil, err
	}
	return c.send(ctx, e, p, base, in.Safe)
}

// httpRequest joins the prepared parts to base and checks the result stays
// on base's origin.
func (p *prepared) httpRequest(ctx context.Context, base *url.URL) (*http.Request, error) {
	u := *base
	rawPath := trimSlash(base.EscapedPath()) + p.path
	path, err := url.PathUnescape(rawPath)
	if err != nil {
		return nil, fmt.Errorf("invoke: bad path: %w", err)
	}
	u.Path, u.RawPath = path, rawPath
	u.RawQuery = joinQuery(base.RawQuery, p.query)
	var body io.Reader
	if p.body != nil {
		body = bytes.NewReader(p.body.data)
	}
	req, err := http.NewRequestWithContext(ctx, p.method, u.String(), body)
	if err != nil {
		return nil, fmt.Errorf("invoke: %s: cannot build request", p.method)
	}
	if req.URL.Scheme != base.Scheme || req.URL.Host != base.Host || req.URL.EscapedPath() != rawPath {
		return nil, errors.New("invoke: request would change the base URL's origin or the path's shape")
	}
	req.Header = p.header
	return req, nil
}

func trimSlash(s string) string {
	for len(s) > 0 && s[len(s)-1] == '/' {
		s = s[:len(s)-1]
	}
	return s
}

func joinQuery(base string, pairs []string) string {
	q := base
	for _, p := range pairs {
		if q != "" {
			q += "&"
		}
		q += p
	}
	return q
}

// sendError words a failed call without its URL (a query may hold a key).
func sendError(ctx context.Context, e *catalog.Endpoint, timeout time.Duration, err error) error {
	where := strings.ToUpper(e.Method) + " " + e.Path
	if errors.Is(ctx.Err(), context.DeadlineExceeded) || errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("%s: no complete answer within %s: %w", where, timeout, context.DeadlineExceeded)
	}
	if errors.Is(err, context.Canceled) || errors.Is(ctx.Err(), context.Canceled) {
		return fmt.Errorf("%s: %w", where, context.Canceled)
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return fmt.Errorf("%s: %w", where, err)
}

// maxRedirects is how many requests one attempt makes at most, as with
// net/http's default policy: the first and nine redirects followed.
const maxRedirects = 10

// errTooManyRedirects ends an attempt that met a redirect loop; it is not
// retried, since a loop answers the same way every time.
var errTooManyRedirects = fmt.Errorf("stopped after %d redirects", maxRedirects)

// sameOrigin wraps a redirect policy: a redirect to another scheme or host
// is not followed, and its 3xx answer comes back as is.
func sameOrigin(next func(*http.Request, []*http.Request) error) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		first := via[0].URL
		if req.URL.Scheme != first.Scheme || req.URL.Host != first.Host {
			return http.ErrUseLastResponse
		}
		if next != nil {
			return next(req, via)
		}
		if len(via) >= maxRedirects {
			return errTooManyRedirects
		}
		return nil
	}
}

// newTransport is http.DefaultTransport's setup with bounded dialing and
// handshakes; the call's context bounds the rest.
func newTransport() *http.Transport {
	return &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          100,
		MaxIdleConnsPerHost:   8,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ExpectContinueTimeout: time.Second,
	}
}
