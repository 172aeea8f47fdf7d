package service

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/auth"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
)

// masked replaces a secret value in logs and confirmation prompts.
const masked = "***"

// errorKind names a call's failure without its text, which may quote the
// API's answer or a URL holding a key.
func errorKind(err error) string {
	var ve *invoke.ValidationError
	var he *invoke.HTTPError
	var rl *invoke.RateLimitError
	var me *auth.MissingError
	switch {
	case errors.As(err, &ve):
		return "validation"
	case errors.As(err, &rl):
		return "rate limit"
	case errors.As(err, &me):
		return "auth missing"
	case errors.As(err, &he):
		return "http status " + strconv.Itoa(he.StatusCode)
	}
	return "transport"
}

// redactHeaders renders headers sorted by name, masking secret values.
func redactHeaders(h map[string]string) string {
	parts := make([]string, 0, len(h))
	for name, v := range h {
		if isSecretName(name) {
			v = masked
		}
		parts = append(parts, name+"="+v)
	}
	slices.Sort(parts)
	return strings.Join(parts, " ")
}

// redactAll renders names sorted with every value masked.
func redactAll(m map[string]string) string {
	parts := make([]string, 0, len(m))
	for name := range m {
		parts = append(parts, name+"="+masked)
	}
	slices.Sort(parts)
	return strings.Join(parts, " ")
}

// isSecretName reports header, parameter and field names that usually
// carry credentials or other secrets.
func isSecretName(name string) bool {
	n := strings.ToLower(name)
	for _, s := range []string{"auth", "cookie", "key", "token", "secret", "session", "password", "passwd", "pwd",
		"signature", "credential", "private"} {
		if strings.Contains(n, s) {
			return true
		}
	}
	return false
}
