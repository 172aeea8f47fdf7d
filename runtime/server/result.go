package server

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

// Stable error codes of failed tool calls. A model can branch on them;
// never rename one.
const (
	codeValidationFailed = "validation_failed"
	codeNotFound         = "not_found"
	codeInvokeError      = "invoke_error"
	codeRateLimit        = "rate_limit"
	codeAuthMissing      = "auth_missing"
)

// toolError is a failed call's answer: {"error": toolError}.
type toolError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// StatusCode and Body carry the API's answer to an invoke that failed
	// with a non-2xx status.
	StatusCode int `json:"statusCode,omitempty"`
	Body       any `json:"body,omitempty"`
	// RetryAfterSeconds is how long to wait before calling again
	// (rate_limit).
	RetryAfterSeconds int `json:"retryAfterSeconds,omitempty"`
	// Variables name the settings that would fix the call (auth_missing),
	// never their values.
	Variables []string `json:"variables,omitempty"`
}

func (e *toolError) Error() string { return e.Code + ": " + e.Message }

// validationFailed is a validation_failed error with a formatted message.
func validationFailed(format string, args ...any) *toolError {
	return &toolError{Code: codeValidationFailed, Message: fmt.Sprintf(format, args...)}
}

// notFound is the not_found error for an unknown endpoint id.
func notFound(id string) *toolError {
	return &toolError{
		Code:    codeNotFound,
		Message: fmt.Sprintf("no endpoint has id %q; call search to find endpoint ids", id),
	}
}

// success answers a call with v as structured content and the same JSON as
// text. A value that cannot be encoded is a server fault, so it becomes a
// JSON-RPC error.
func success(v any) (*mcp.CallToolResult, error) {
	b, err := encode(v)
	if err != nil {
		return nil, fmt.Errorf("encode result: %w", err)
	}
	return &mcp.CallToolResult{
		Content:           []mcp.Content{mcp.NewTextContent(string(b))},
		StructuredContent: json.RawMessage(b),
	}, nil
}

// failure answers a call with e, as structured content and text, flagged as
// an error so the model sees it and can correct its call.
func failure(e *toolError) (*mcp.CallToolResult, error) {
	res, err := success(struct {
		Error *toolError `json:"error"`
	}{e})
	if err != nil {
		return nil, err
	}
	res.IsError = true
	return res, nil
}

// encode marshals v without HTML escaping, so text content stays readable,
// and without the encoder's trailing newline.
func encode(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
