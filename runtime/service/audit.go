package service

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
)

// Bounds of what one audit line quotes from a call's arguments.
const (
	maxAuditValue    = 128      // bytes of one parameter value
	maxAuditBody     = 512      // bytes of the request body's JSON
	maxAuditBodyScan = 64 << 10 // larger bodies are logged by size only
)

// callRecord is one invoke's audit line, filled in as the call proceeds
// and written by (*Service).writeAudit. Code that shapes the answer sets Bytes and
// Spilled before the line is written (the handler defers audit).
type callRecord struct {
	e  *catalog.Endpoint
	in *invoke.Input

	// Confirmation is how the call was confirmed: one of the confirm*
	// outcomes.
	Confirmation string
	// Refused is the error code of a call that was not sent (read_only,
	// not_confirmed, not_found); "" for a sent call.
	Refused string
	Status  int           // the API's HTTP status; 0 when nothing came back
	Elapsed time.Duration // from the send to the answer, without the user's time to confirm
	Bytes   int64         // bytes of the response body; -1 when unknown
	Spilled bool          // the body went to a spill file instead of the answer
	Err     error         // the send's failure, logged by kind only
}

// startCall opens the audit record of a validated call of e.
func startCall(e *catalog.Endpoint, in *invoke.Input) *callRecord {
	return &callRecord{e: e, in: in, Bytes: -1}
}

// finish records the result of a send that took d.
func (rec *callRecord) finish(resp *invoke.Response, err error, d time.Duration) {
	rec.Elapsed = d
	rec.Err = err
	if resp != nil {
		rec.Status = resp.StatusCode
		rec.Bytes = contentLength(resp.Headers)
	}
	var he *invoke.HTTPError
	if errors.As(err, &he) {
		rec.Status = he.StatusCode
		rec.Bytes = contentLength(he.Headers)
	}
}

// contentLength reads a response's content-length header; -1 when absent.
func contentLength(h map[string]string) int64 {
	n, err := strconv.ParseInt(strings.TrimSpace(h["content-length"]), 10, 64)
	if err != nil || n < 0 {
		return -1
	}
	return n
}

// writeAudit writes rec as one structured line. Parameter values and body
// fields whose names suggest a secret are masked, and so are header values
// of that kind and every cookie. A call whose confirmation is pending
// writes nothing: it is audited when it is retried with the answer.
func (s *Service) writeAudit(ctx context.Context, rec *callRecord) {
	if rec.Confirmation == confirmPending {
		return
	}
	e, in := rec.e, rec.in
	attrs := []slog.Attr{
		slog.String("endpoint", e.ID),
		slog.String("method", e.Method),
		slog.String("path", e.Path),
	}
	if e.OperationID != "" {
		attrs = append(attrs, slog.String("operation", e.OperationID))
	}
	attrs = append(attrs, slog.String("confirmation", rec.Confirmation))
	level := slog.LevelInfo
	if rec.Refused != "" {
		level = slog.LevelWarn
		attrs = append(attrs, slog.String("refused", rec.Refused))
	} else {
		attrs = append(attrs,
			slog.Int("status", rec.Status),
			slog.Float64("duration_ms", math.Round(float64(rec.Elapsed)/float64(time.Millisecond)*10)/10),
			slog.Int64("bytes", rec.Bytes),
			slog.Bool("spilled", rec.Spilled),
		)
		if rec.Err != nil {
			level = slog.LevelWarn
			attrs = append(attrs, slog.String("error", errorKind(rec.Err)))
		}
	}
	if len(in.Parameters) > 0 {
		attrs = append(attrs, slog.String("parameters", maskParams(in.Parameters)))
	}
	if len(in.Body) > 0 {
		attrs = append(attrs, slog.String("body", maskBody(in.Body)))
	}
	if len(in.Headers) > 0 {
		attrs = append(attrs, slog.String("headers", redactHeaders(in.Headers)))
	}
	if len(in.Cookies) > 0 {
		attrs = append(attrs, slog.String("cookies", redactAll(in.Cookies)))
	}
	s.audit.LogAttrs(ctx, level, "invoke", attrs...)
}

// auditLogger is the logger of audit lines: JSON lines on w when the
// policy names a file, else the server's logger.
func auditLogger(w io.Writer, server *slog.Logger) *slog.Logger {
	if w == nil {
		return server
	}
	return slog.New(slog.NewJSONHandler(w, nil))
}

// maskParams renders parameters sorted by name as name=value, masking
// secret-looking names and cutting long values.
func maskParams(params map[string]json.RawMessage) string {
	parts := make([]string, 0, len(params))
	for name, raw := range params {
		v := masked
		if !isSecretName(name) {
			v = cut(compactJSON(raw), maxAuditValue)
		}
		parts = append(parts, name+"="+v)
	}
	slices.Sort(parts)
	return strings.Join(parts, " ")
}

// maskBody renders a request body as compact JSON with the values of
// secret-looking keys masked at any depth, cut to maxAuditBody.
func maskBody(raw json.RawMessage) string {
	if len(raw) > maxAuditBodyScan {
		return "(" + strconv.Itoa(len(raw)) + " bytes)"
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return "(" + strconv.Itoa(len(raw)) + " bytes, not JSON)"
	}
	b, err := Encode(maskValue(v, 0))
	if err != nil {
		return "(unreadable body)"
	}
	return cut(string(b), maxAuditBody)
}

// maskValue replaces values under secret-looking keys; depth bounds the
// walk (deeper parts are kept as they are: the line is cut anyway).
func maskValue(v any, depth int) any {
	if depth > 32 {
		return v
	}
	switch x := v.(type) {
	case map[string]any:
		for k, val := range x {
			if isSecretName(k) {
				x[k] = masked
			} else {
				x[k] = maskValue(val, depth+1)
			}
		}
	case []any:
		for i := range x {
			x[i] = maskValue(x[i], depth+1)
		}
	}
	return v
}

// compactJSON is raw without insignificant space, or raw itself.
func compactJSON(raw json.RawMessage) string {
	var buf bytes.Buffer
	if json.Compact(&buf, raw) != nil {
		return string(raw)
	}
	return buf.String()
}

// cut shortens s to n bytes on a rune boundary, marking the cut.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") + "…"
}

// openAuditLog picks where audit lines go: w when set, else the file at
// path (appended to, created readable by the user only), else nowhere of
// its own (nil: the server's logger). The file stays open for the life of
// the process.
func openAuditLog(w io.Writer, path string) (io.Writer, error) {
	if w != nil || path == "" {
		return w, nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("audit log: %w", err)
	}
	return f, nil
}
