package script

import "time"

// TransferBudget is the fixed budget, in bytes, of JSON that tool results
// move into one script, across sequential and parallel calls. A result that
// would exceed what is left is refused with the code
// intermediate_result_too_large and consumes nothing.
const TransferBudget = 16 << 20

// Defaults of Limits.
const (
	DefaultTimeout         = 30 * time.Second
	DefaultMaxSourceBytes  = 256 << 10
	DefaultMaxCalls        = 200
	DefaultMaxConcurrency  = 20
	DefaultMaxOutputBytes  = 1 << 20
	DefaultMaxResultBytes  = 8 << 20
	DefaultMaxArgBytes     = 1 << 20
	DefaultMaxCallDepth    = 2000
	DefaultMaxMemoryGrowth = 256 << 20
)

// Limits bound one run. Zero fields take the defaults above.
type Limits struct {
	Timeout        time.Duration // the whole run, calls included
	MaxSourceBytes int           // the script's source
	MaxCalls       int           // tool operations (search, describe, call) per run
	// MaxConcurrency is how many operations are in flight at once; more
	// wait for a slot. The default lets a 20-call fan-out run in one wave;
	// bodies over the inline limit go to spill files, so the memory of
	// calls in flight stays small.
	MaxConcurrency int
	MaxOutputBytes int // emitted values and console text together
	MaxResultBytes int // the returned value as JSON
	MaxArgBytes    int // one operation's arguments as JSON
	MaxCallDepth   int // nested JavaScript function calls
	// MaxMemoryGrowth is how far the process's live heap may grow during
	// the run before the script is stopped; approximate, see memory.go.
	MaxMemoryGrowth uint64
}

// withDefaults fills the zero fields.
func (l Limits) withDefaults() Limits {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	if l.Timeout <= 0 {
		l.Timeout = DefaultTimeout
	}
	def(&l.MaxSourceBytes, DefaultMaxSourceBytes)
	def(&l.MaxCalls, DefaultMaxCalls)
	def(&l.MaxConcurrency, DefaultMaxConcurrency)
	def(&l.MaxOutputBytes, DefaultMaxOutputBytes)
	def(&l.MaxResultBytes, DefaultMaxResultBytes)
	def(&l.MaxArgBytes, DefaultMaxArgBytes)
	def(&l.MaxCallDepth, DefaultMaxCallDepth)
	if l.MaxMemoryGrowth == 0 {
		l.MaxMemoryGrowth = DefaultMaxMemoryGrowth
	}
	return l
}

// Stable codes of a failed run (Error.Code) and of refused operations
// inside a run. A model can branch on them; never rename one.
const (
	CodeSyntax         = "syntax_error"     // the source does not parse
	CodeException      = "script_error"     // an uncaught exception or rejection
	CodeTimeout        = "timeout"          // the run hit its timeout
	CodeCancelled      = "cancelled"        // the caller cancelled the run
	CodeMemory         = "memory_limit"     // the live heap grew past MaxMemoryGrowth, or the script's process ran out of memory
	CodeEngineFailed   = "engine_failed"    // the script's process could not start or ended unexpectedly
	CodeSourceTooLarge = "source_too_large" // the source exceeds MaxSourceBytes
	CodeResultTooLarge = "result_too_large" // the returned value exceeds MaxResultBytes
	CodeStalled        = "stalled"          // awaiting a promise nothing can settle
	CodeTooLarge       = "intermediate_result_too_large"
	CodeCallLimit      = "call_limit_reached"
)
