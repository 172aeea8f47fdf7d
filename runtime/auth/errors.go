package auth

import (
	"fmt"
	"strings"
)

// MissingError says that no security alternative of an operation is fully
// configured. It names variables, never values.
type MissingError struct {
	Spec         string     // the spec's domain
	Alternatives [][]string // per usable alternative, in order: the variables it needs
	Unsupported  []string   // schemes this package cannot apply (e.g. mutualTLS), sorted
}

func (e *MissingError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "credentials for %s are not configured", e.Spec)
	for i, alt := range e.Alternatives {
		if i == 0 {
			b.WriteString(": set ")
		} else {
			b.WriteString("; or set ")
		}
		b.WriteString(strings.Join(alt, " and "))
	}
	if len(e.Alternatives) > 0 {
		b.WriteString(" in the server's environment or config file, then restart it")
	}
	if len(e.Unsupported) > 0 {
		fmt.Fprintf(&b, " (scheme %s cannot be applied by this server)", strings.Join(e.Unsupported, ", "))
	}
	return b.String()
}

// TokenError is a failure to obtain an OAuth2 client-credentials token. Its
// message names the spec, the scheme and the endpoint's status or error
// code; known secrets are removed from any text the endpoint sent.
type TokenError struct {
	Spec   string // the spec's domain
	Scheme string
	Status int    // HTTP status of the token endpoint's answer; 0 when none came
	Code   string // OAuth2 error code, e.g. "invalid_client"
	msg    string // redacted detail
	cause  error  // only a context error, never the library's (which quotes the body)
}

func (e *TokenError) Error() string {
	return fmt.Sprintf("oauth2 token for %s scheme %q: %s", e.Spec, e.Scheme, e.msg)
}

// Unwrap returns context.Canceled or context.DeadlineExceeded when the
// caller's context ended the fetch.
func (e *TokenError) Unwrap() error { return e.cause }

// ArgError is a bad argument of the auth tool or Refresh: an unknown spec or
// scheme, or a scheme that cannot be refreshed.
type ArgError struct{ msg string }

func (e *ArgError) Error() string { return e.msg }

// CredentialError says that a configured value cannot be sent as the
// scheme requires (e.g. a header value with a line break). It names the
// variable, not the value.
type CredentialError struct {
	Var    string
	Reason string
}

func (e *CredentialError) Error() string { return e.Var + " " + e.Reason }
