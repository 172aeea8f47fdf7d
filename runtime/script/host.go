package script

import (
	"context"
	"encoding/json"
	"time"
)

// Host is what tools reaches: the server's search, describe and endpoint
// calls. Its methods are called from several goroutines at once and must
// honour ctx, which ends with the run.
type Host interface {
	// Search answers tools.search with the JSON of {items, total}.
	Search(ctx context.Context, q SearchQuery) (json.RawMessage, error)
	// Describe answers tools.describe with the endpoint's descriptor, or
	// {"error": {code, message}} for an unknown path.
	Describe(ctx context.Context, path string) (json.RawMessage, error)
	// Call calls the endpoint at path with args, the JSON of the call's
	// arguments. API failures are CallResults with OK false, never errors.
	Call(ctx context.Context, path string, args json.RawMessage) CallResult
	// Known reports whether name is an endpoint's flat name, so that
	// tools.{name} is a function. It is called on the script's goroutine
	// and must be quick.
	Known(name string) bool
}

// Observer is an optional interface of a Host: it is told each emitted
// value and each console line kept, as they happen and on the script's
// goroutine, so that what a script showed survives the end of a process
// killed under it.
type Observer interface {
	Emitted(value json.RawMessage)
	Printed(line string)
}

// Runner runs scripts. InProcess runs them in the calling process;
// runtime/script/sandbox runs each in a child process with hard limits.
type Runner interface {
	Run(ctx context.Context, src string, host Host, lim Limits) *Result
}

// InProcess is the Runner of this process: Run. Its memory bound is the
// approximate watchdog of memory.go.
type InProcess struct{}

// Run runs src with Run.
func (InProcess) Run(ctx context.Context, src string, host Host, lim Limits) *Result {
	return Run(ctx, src, host, lim)
}

// SearchQuery is the argument of tools.search.
type SearchQuery struct {
	Query  string `json:"query"`
	Limit  int    `json:"limit,omitempty"`  // 1 to MaxSearchLimit; 0: DefaultSearchLimit
	Offset int    `json:"offset,omitempty"` // hits skipped, up to MaxSearchOffset
}

// Bounds of SearchQuery.
const (
	DefaultSearchLimit = 10
	MaxSearchLimit     = 50
	MaxSearchOffset    = 1000
)

// CallResult is one endpoint call's outcome: Data (any JSON) when OK, else
// Error, a JSON object with at least code and message.
type CallResult struct {
	OK    bool
	Data  json.RawMessage
	Error json.RawMessage
}

// Result is a run's outcome. Err is set when the script failed; what it
// emitted, logged and called until then is kept.
type Result struct {
	Value            json.RawMessage   `json:"result,omitempty"` // the returned value; absent for undefined
	Emitted          []json.RawMessage `json:"emitted,omitempty"`
	Console          []string          `json:"console,omitempty"` // "[level] text" lines
	ConsoleTruncated bool              `json:"consoleTruncated,omitempty"`
	Calls            []Trace           `json:"calls"`
	TransferredBytes int64             `json:"transferredBytes"`
	DurationMS       int64             `json:"durationMs"`
	Err              *Error            `json:"error,omitempty"`
}

// Trace is one tool operation of a run.
type Trace struct {
	Op         string `json:"op"`              // search, describe or call
	Path       string `json:"path,omitempty"`  // describe and call
	Query      string `json:"query,omitempty"` // search
	Outcome    string `json:"outcome"`         // "ok", or an error code
	DurationMS int64  `json:"durationMs"`
	Bytes      int    `json:"bytes,omitempty"` // JSON moved into the script
}

// Error is why a run failed, with the source position when known.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// millis is d in whole milliseconds.
func millis(d time.Duration) int64 { return d.Milliseconds() }
