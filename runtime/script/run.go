package script

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/dop251/goja"
	"github.com/dop251/goja/parser"
)

// The source runs as the body of an async function, so top-level await and
// return work. The prefix shares the first line with the source: positions
// on line 1 are shifted by its length, other lines are exact.
const (
	wrapPrefix = "(async function () {"
	wrapSuffix = "\n})()"
	sourceName = "script"
)

// Causes of a run's context ending early.
var (
	errTimeout = errors.New("timeout")
	errMemory  = errors.New("memory limit")
)

// run is the state of one script run. Fields without a note are used only
// on the script's goroutine.
type run struct {
	host  Host
	obs   Observer // the host's, or nil
	lim   Limits
	vm    *goja.Runtime
	loop  *loop
	ctx   context.Context // ends with the run; cancels operations in flight
	began time.Time

	stringify goja.Callable // the original JSON.stringify
	rangeErr  goja.Value    // the original RangeError constructor

	sem chan struct{}  // slots for operations in flight; any goroutine
	wg  sync.WaitGroup // operation goroutines

	ops         int // operations started
	inflight    int // operations whose job has not run
	transferred int64
	outBytes    int
	res         *Result
	failed      *Error // first failure; ends the run
}

// Run runs src with tools backed by host and returns what it returned,
// emitted, logged and called. It never returns nil; a failed script has
// Result.Err set.
func Run(ctx context.Context, src string, host Host, lim Limits) *Result {
	lim = lim.withDefaults()
	r := &run{host: host, lim: lim, loop: newLoop(), began: time.Now(), res: &Result{Calls: []Trace{}},
		sem: make(chan struct{}, lim.MaxConcurrency)}
	r.obs, _ = host.(Observer)
	defer func() { r.res.DurationMS = millis(time.Since(r.began)) }()
	if e := CheckSource(src, lim); e != nil {
		r.res.Err = e
		return r.res
	}
	// Parsing with source maps off: a sourceMappingURL comment would make
	// goja read a file of the host.
	ast, err := parser.ParseFile(nil, sourceName, wrapPrefix+src+wrapSuffix, 0, parser.WithDisableSourceMaps)
	if err != nil {
		r.res.Err = syntaxError(err, src)
		return r.res
	}
	prog, err := goja.CompileAST(ast, false)
	if err != nil {
		r.res.Err = syntaxError(err, src)
		return r.res
	}

	base, cancelBase := context.WithCancelCause(ctx)
	defer cancelBase(nil)
	runCtx, cancelRun := context.WithCancelCause(base)
	cancel := func() { cancelRun(context.Canceled) }
	defer cancel()
	clk := StartClock(lim.Timeout, func() { cancelRun(errTimeout) })
	defer clk.Stop()
	runCtx = WithPauser(runCtx, clk)
	r.ctx = runCtx
	go watchMemory(runCtx, lim.MaxMemoryGrowth, cancelBase)

	r.vm = goja.New()
	r.vm.SetMaxCallStackSize(lim.MaxCallDepth)
	r.vm.SetParserOptions(parser.WithDisableSourceMaps) // eval and Function too
	if err := r.bind(); err != nil {
		r.res.Err = &Error{Code: CodeException, Message: "script set-up failed: " + err.Error()}
		return r.res
	}
	stop := context.AfterFunc(runCtx, func() {
		r.vm.Interrupt(context.Cause(runCtx))
		r.loop.signal()
	})

	v, err := r.vm.RunProgram(prog)
	if err != nil {
		r.fail(err)
	} else if p, ok := v.Export().(*goja.Promise); ok {
		r.settle(p)
	}
	stop()
	cancel() // operations still in flight are not awaited: cancel them
	r.wg.Wait()
	for _, j := range r.loop.take() {
		j(true)
	}
	r.res.TransferredBytes = r.transferred
	r.res.Err = r.failed
	return r.res
}

// settle runs the loop until the script's promise settles or the run
// fails, then takes the returned value or the rejection.
func (r *run) settle(p *goja.Promise) {
	for p.State() == goja.PromiseStatePending && r.failed == nil {
		if r.ctx.Err() != nil {
			r.failCause()
			return
		}
		jobs := r.loop.take()
		if len(jobs) == 0 && r.inflight == 0 {
			r.failed = &Error{Code: CodeStalled, Message: "the script awaits a promise that nothing can settle " +
				"(there are no timers; only tools operations settle promises)"}
			return
		}
		if len(jobs) == 0 {
			select {
			case <-r.loop.wake:
			case <-r.ctx.Done():
			}
			continue
		}
		for i, j := range jobs {
			if r.failed != nil {
				for _, rest := range jobs[i:] {
					rest(true)
				}
				return
			}
			j(false)
		}
	}
	if r.failed != nil {
		return
	}
	switch p.State() {
	case goja.PromiseStateRejected:
		r.failed = rejection(p.Result())
	case goja.PromiseStateFulfilled:
		r.takeValue(p.Result())
	}
}

// takeValue stores the returned value as JSON, within MaxResultBytes.
func (r *run) takeValue(v goja.Value) {
	if goja.IsUndefined(v) {
		return
	}
	s, err := r.stringify(goja.Undefined(), v)
	if err != nil {
		var ex *goja.Exception
		if errors.As(err, &ex) {
			r.failed = &Error{Code: CodeException, Message: "the returned value cannot be turned into JSON: " + ex.Value().String()}
			return
		}
		r.fail(err)
		return
	}
	if goja.IsUndefined(s) {
		return
	}
	text := s.String()
	if len(text) > r.lim.MaxResultBytes {
		r.failed = &Error{Code: CodeResultTooLarge, Message: fmt.Sprintf(
			"the returned value is %d bytes of JSON, more than the %d allowed; return a summary or the fields you need",
			len(text), r.lim.MaxResultBytes)}
		return
	}
	r.res.Value = []byte(text)
}

// fail records err, an error of goja or of the run's context, as the
// run's failure unless one is recorded already.
func (r *run) fail(err error) {
	if r.failed != nil {
		return
	}
	var ie *goja.InterruptedError
	var so *goja.StackOverflowError
	var ex *goja.Exception
	switch {
	case errors.As(err, &ie):
		r.failCause()
		if pos, ok := framePosition(ie.Stack()); ok {
			r.failed.Line, r.failed.Column = pos.line, pos.col
		}
	case errors.As(err, &so):
		r.failed = &Error{Code: CodeException, Message: fmt.Sprintf(
			"RangeError: more than %d nested function calls (runaway recursion?)", r.lim.MaxCallDepth)}
		if pos, ok := framePosition(so.Stack()); ok {
			r.failed.Line, r.failed.Column = pos.line, pos.col
		}
	case errors.As(err, &ex):
		r.failed = rejection(ex.Value())
		if r.failed.Line == 0 {
			if pos, ok := framePosition(ex.Stack()); ok {
				r.failed.Line, r.failed.Column = pos.line, pos.col
			}
		}
	default:
		r.failed = &Error{Code: CodeException, Message: err.Error()}
	}
}

// failCause records why the run's context ended.
func (r *run) failCause() {
	if r.failed != nil {
		return
	}
	switch cause := context.Cause(r.ctx); {
	case errors.Is(cause, errTimeout):
		r.failed = &Error{Code: CodeTimeout, Message: fmt.Sprintf(
			"the script ran longer than its timeout of %s and was stopped; do less per script or await fewer slow calls",
			r.lim.Timeout)}
	case errors.Is(cause, errMemory):
		r.failed = &Error{Code: CodeMemory, Message: fmt.Sprintf(
			"the script was stopped because its memory grew by more than %d MiB while it ran; keep less data in variables",
			r.lim.MaxMemoryGrowth>>20)}
	default:
		r.failed = &Error{Code: CodeCancelled, Message: "the script was cancelled by the client"}
	}
}
