package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"
)

// maxRefreshMargin is how long before its expiry a token is replaced at the
// latest; tokens that live less than four times as long are replaced when a
// quarter of their life is left.
const maxRefreshMargin = time.Minute

// tokenKey names one cached token: a scheme and the scopes it was asked for.
type tokenKey struct {
	spec, scheme int
	scopes       string // sorted, space-separated
}

// tokenEntry caches one token. sem serializes fetches, so many callers
// share one fetch, and lets a waiting caller give up when its context ends.
type tokenEntry struct {
	sem     chan struct{}
	conf    *clientcredentials.Config
	tok     *oauth2.Token
	refresh time.Time // by p.now; zero: never expires
	expires time.Time // by p.now; zero: never expires
}

// The library's ReuseTokenSource is not used for the cache: it reads the
// wall clock through an unexported variable and cannot be told to drop a
// token, and both an injectable clock and a forced refresh are needed here.
// Fetching itself is clientcredentials.Config.Token.

// token returns a valid token for s and scopes and when it expires (zero:
// never), fetching one when none is cached, when the cached one is near its
// expiry, or when force is set.
func (p *Provider) token(ctx context.Context, s *scheme, scopes []string, force bool) (*oauth2.Token, time.Time, error) {
	e := p.entry(s, p.scopes(s, scopes))
	select {
	case e.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, time.Time{}, p.tokenError(s, 0, "", "waiting for another fetch: "+ctx.Err().Error(), ctx.Err())
	}
	defer func() { <-e.sem }()
	now := p.now()
	if !force && e.tok != nil && (e.refresh.IsZero() || now.Before(e.refresh)) {
		return e.tok, e.expires, nil
	}
	tok, err := p.fetch(ctx, s, e.conf)
	if err != nil {
		return nil, time.Time{}, err
	}
	e.tok, e.refresh, e.expires = tok, time.Time{}, time.Time{}
	if !tok.Expiry.IsZero() {
		// The library dates Expiry by the wall clock; carry the lifetime
		// (whole seconds, as expires_in gives it) over to p.now so tests
		// can move time.
		life := max(time.Until(tok.Expiry).Round(time.Second), 0)
		e.expires = now.Add(life)
		e.refresh = e.expires.Add(-min(maxRefreshMargin, life/4))
	}
	return tok, e.expires, nil
}

// scopes is the scope list to request: PREFIX_SCHEME_SCOPES (separated by
// spaces or commas) when set, else the requirement's scopes; sorted.
func (p *Provider) scopes(s *scheme, fromSpec []string) []string {
	out := slices.Clone(fromSpec)
	if v := p.value(s, varScopes); v != "" {
		out = strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' })
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// entry returns the cache entry of s and scopes, creating it.
func (p *Provider) entry(s *scheme, scopes []string) *tokenEntry {
	k := tokenKey{spec: s.spec, scheme: s.idx, scopes: strings.Join(scopes, " ")}
	p.mu.Lock()
	defer p.mu.Unlock()
	e := p.tokens[k]
	if e == nil {
		e = &tokenEntry{sem: make(chan struct{}, 1), conf: &clientcredentials.Config{
			ClientID:     p.value(s, varClientID),
			ClientSecret: p.value(s, varClientSecret),
			TokenURL:     p.tokenURL(s),
			Scopes:       scopes,
		}}
		p.tokens[k] = e
	}
	return e
}

// tokenURL is PREFIX_SCHEME_TOKEN_URL when set, else the spec's.
func (p *Provider) tokenURL(s *scheme) string {
	if v := p.value(s, varTokenURL); v != "" {
		return v
	}
	return s.def.TokenURL
}

// fetch asks the token endpoint for a new token.
func (p *Provider) fetch(ctx context.Context, s *scheme, conf *clientcredentials.Config) (*oauth2.Token, error) {
	ctx, cancel := context.WithTimeout(context.WithValue(ctx, oauth2.HTTPClient, p.client), tokenTimeout)
	defer cancel()
	tok, err := conf.Token(ctx)
	if err != nil {
		return nil, p.fetchError(ctx, s, err)
	}
	if tok.AccessToken == "" || !validHeaderValue(tok.AccessToken) || !validHeaderValue(tok.Type()) {
		return nil, p.tokenError(s, 0, "", "the token endpoint answered with an access token that cannot be sent in a header", nil)
	}
	return tok, nil
}

// fetchError turns the library's error into a TokenError. The library's
// own message is never used whole: a RetrieveError quotes the response
// body, which may echo the credentials.
func (p *Provider) fetchError(ctx context.Context, s *scheme, err error) *TokenError {
	var re *oauth2.RetrieveError
	if errors.As(err, &re) {
		status := 0
		msg := "the token endpoint refused the request"
		if re.Response != nil {
			status = re.Response.StatusCode
			msg = "the token endpoint answered " + re.Response.Status
		}
		if re.ErrorCode != "" {
			msg += fmt.Sprintf(" with error %q", truncate(re.ErrorCode, 100))
			if re.ErrorDescription != "" {
				msg += fmt.Sprintf(" (%s)", truncate(re.ErrorDescription, 300))
			}
		}
		switch {
		case status == http.StatusUnauthorized || re.ErrorCode == "invalid_client":
			msg += "; check the client id and secret"
		case status >= 300 && status < 400:
			msg += "; the token URL redirects, set the final URL"
		}
		return p.tokenError(s, status, re.ErrorCode, msg, nil)
	}
	if ctxErr := ctx.Err(); ctxErr != nil {
		return p.tokenError(s, 0, "", "the token request did not finish: "+ctxErr.Error(), context.Cause(ctx))
	}
	return p.tokenError(s, 0, "", "the token request failed: "+truncate(err.Error(), 500), nil)
}

// tokenError builds a TokenError with a redacted message.
func (p *Provider) tokenError(s *scheme, status int, code, msg string, cause error) *TokenError {
	return &TokenError{
		Spec: p.cat.Specs[s.spec].Domain, Scheme: s.name, Status: status,
		Code: p.redact(code), msg: p.redact(msg), cause: cause,
	}
}

// truncate cuts s to at most n bytes, on a rune boundary.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !isRuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func isRuneStart(b byte) bool { return b&0xc0 != 0x80 }
