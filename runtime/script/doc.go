// Package script runs a model's JavaScript inside the server: one script
// orchestrates many endpoint calls (loops, filtering, fan-out) so that
// intermediate data never passes through the model's context.
//
// The engine is goja. The source is wrapped in an async function, so
// top-level await and return work. The only way out of the sandbox is the
// global tools object, backed by a Host: tools.search, tools.describe,
// tools.call and flat calls tools.{flatName}(args). emit(value) and console
// output are captured. There is no require, no file system, no network, no
// process object and no timers; promises settle through a small event loop
// that runs the Host's answers on the script's goroutine.
//
// Budgets: a fixed TransferBudget of JSON moved into the script, a
// timeout that interrupts running code (infinite loops included), and
// bounds on source size, tool calls, calls in flight, call depth and
// output. Run bounds memory only approximately: goja has no allocation
// limit, so a watchdog stops a script when the process's live heap grows
// by more than Limits.MaxMemoryGrowth over its start (see memory.go).
// Hard bounds need a process of the script's own: runtime/script/sandbox
// runs Run in a child process with an address-space limit and a kill at
// the deadline.
package script
