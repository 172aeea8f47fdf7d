package service

import (
	"errors"
	"fmt"
)

// Stable error codes. A model (or any caller) can branch on them; never
// rename one.
const (
	CodeValidationFailed = "validation_failed" // the arguments do not fit; the message says what to fix
	CodeNotFound         = "not_found"         // no (visible) endpoint or saved response by that name
	CodeInvokeError      = "invoke_error"      // the API failed or answered outside 2xx, or could not be reached
	CodeRateLimit        = "rate_limit"        // a cooldown or the API's rate limiting; see RetryAfterSeconds
	CodeAuthMissing      = "auth_missing"      // the credentials the endpoint needs are not configured
	CodeReadOnly         = "read_only"         // read-only mode refused a call that may change data
	CodeNotConfirmed     = "not_confirmed"     // the user did not confirm, or could not be asked
	CodeTooLarge         = "result_too_large"  // the answer would pass its size bound
	// CodeTimeout: the API did not answer within the call's timeout (or
	// the script's, for a call in a script); a script that runs past its
	// own timeout fails with the same code.
	CodeTimeout = "timeout"
	// CodeCorruptData: the endpoint's record in the server's compiled-in
	// data does not decode or fails its checksum; the server must be built
	// again (no call of the endpoint can succeed).
	CodeCorruptData = "corrupt_data"
)

// Error is a failed call's answer: a stable code, a message that tells the
// caller what to do next, and details for some codes.
type Error struct {
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

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// AsError returns err's *Error, or nil for any other error (a fault of the
// server, not an answer).
func AsError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}

// validationFailed is a validation_failed error with a formatted message.
func validationFailed(format string, args ...any) *Error {
	return &Error{Code: CodeValidationFailed, Message: fmt.Sprintf(format, args...)}
}

// notFound is the not_found error for an unknown endpoint id.
func notFound(id string) *Error {
	return &Error{Code: CodeNotFound, Message: fmt.Sprintf("no endpoint has id %q; call search to find endpoint ids", id)}
}

func notConfirmed(msg string) *Error {
	return &Error{Code: CodeNotConfirmed, Message: msg}
}
