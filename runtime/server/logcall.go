package server

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/swag2mcp/swag2mcp/runtime/auth"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
)

// masked replaces a secret value in logs.
const masked = "***"

// logCall records one invoke call. Header values whose names suggest a
// secret, and every cookie value, are masked.
func (t *tools) logCall(ctx context.Context, e *catalog.Endpoint, in *invoke.Input, resp *invoke.Response, err error, d time.Duration) {
	attrs := []slog.Attr{
		slog.String("endpoint", e.ID),
		slog.String("method", e.Method),
		slog.String("path", e.Path),
		slog.Duration("duration", d),
	}
	if len(in.Headers) > 0 {
		attrs = append(attrs, slog.String("headers", redactHeaders(in.Headers)))
	}
	if len(in.Cookies) > 0 {
		attrs = append(attrs, slog.String("cookies", redactAll(in.Cookies)))
	}
	level := slog.LevelInfo
	if resp != nil {
		attrs = append(attrs, slog.Int("status", resp.StatusCode))
	}
	if err != nil {
		level = slog.LevelWarn
		attrs = append(attrs, slog.String("error", errorKind(err)))
	}
	t.log.LogAttrs(ctx, level, "invoke", attrs...)
}

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

// isSecretName reports header names that usually carry credentials.
func isSecretName(name string) bool {
	n := strings.ToLower(name)
	for _, s := range []string{"auth", "cookie", "key", "token", "secret", "session", "password", "signature", "credential"} {
		if strings.Contains(n, s) {
			return true
		}
	}
	return false
}
