package script

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// AnswerOutcome is the trace outcome of a Host's search or describe
// answer: "ok", the code of the {"error": …} it carries, or internal_error
// for a fault or an answer that is not JSON.
func AnswerOutcome(raw json.RawMessage, err error) string {
	if err != nil || len(bytes.TrimSpace(raw)) == 0 || !json.Valid(raw) {
		return "internal_error"
	}
	var probe struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(raw, &probe) == nil && len(probe.Error) > 0 {
		return errorCode(probe.Error)
	}
	return "ok"
}

// CallOutcome is the trace outcome of a Host's call: "ok" or its error's
// code.
func CallOutcome(r CallResult) string {
	if r.OK {
		return "ok"
	}
	return errorCode(r.Error)
}

// CheckSource is the error of a source over lim's MaxSourceBytes, or nil.
func CheckSource(src string, lim Limits) *Error {
	lim = lim.withDefaults()
	if len(src) <= lim.MaxSourceBytes {
		return nil
	}
	return &Error{Code: CodeSourceTooLarge, Message: fmt.Sprintf(
		"the script is %d bytes, more than the %d allowed; move data out of the source and fetch it with tools.call",
		len(src), lim.MaxSourceBytes)}
}

// WithDefaults is lim with its zero fields at their defaults.
func (l Limits) WithDefaults() Limits { return l.withDefaults() }
