package sandbox

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/swag2mcp/swag2mcp/runtime/script"
)

// session is one script run in a child, seen from the server: it answers
// the child's operations with the run's Host and keeps its own record of
// them and of the output, which is the answer when the child never gives
// one.
type session struct {
	p       *proc
	host    script.Host
	lim     script.Limits // the engine's: Timeout is what is left of timeout
	timeout time.Duration // the script's
	grace   time.Duration
	clk     *script.Clock // the server's deadline: the script's timeout plus grace
	expired <-chan struct{}

	ops     context.Context // the caller's context until the run ends
	stopOps context.CancelFunc
	wg      sync.WaitGroup

	mu       sync.Mutex
	ended    bool // finish or lost began: no operation starts any more
	inflight int
	calls    []script.Trace
	began    map[uint64]time.Time // operations in flight, by id
	index    map[uint64]int       // id → calls index
	emitted  []json.RawMessage
	console  []string
}

// outcome is how a session ended.
type outcome struct {
	res      *script.Result
	reusable bool // the child answered and may run another script
}

// run sends src to the child and serves it until its result arrives, the
// deadline passes, the caller cancels or the child dies.
func (s *session) run(ctx context.Context, src string) outcome {
	s.ops, s.stopOps = context.WithCancel(ctx)
	defer s.stopOps()
	s.began, s.index = map[uint64]time.Time{}, map[uint64]int{}
	s.p.sess.Store(s)
	defer s.p.sess.Store(nil)
	if err := s.p.c.send(header{Kind: kindRun, Limits: &s.lim}, []byte(src)); err != nil {
		s.p.kill(endProtocol)
		return s.lost()
	}
	done := ctx.Done()
	var grace <-chan time.Time
	for {
		select {
		case f, ok := <-s.p.frames:
			if !ok {
				<-s.p.exited
				return s.lost()
			}
			if f.h.Kind == kindDone {
				return s.finish(f)
			}
			s.p.log.Warn("script process broke the protocol", "pid", s.p.pid, "error", fmt.Sprintf("unexpected %q frame", f.h.Kind))
			s.p.kill(endProtocol)
			return s.lost()
		case <-s.expired:
			s.p.kill(endTimeout)
			return s.lost()
		case <-done:
			s.p.c.send(header{Kind: kindCancel}, nil)
			done, grace = nil, time.After(s.grace)
		case <-grace:
			s.p.kill(endCancel)
			return s.lost()
		}
	}
}

// handle serves one frame of the child other than done, on the goroutine
// that reads them.
func (s *session) handle(f frame) error {
	switch f.h.Kind {
	case kindEmit:
		s.mu.Lock()
		s.emitted = append(s.emitted, json.RawMessage(f.body))
		s.mu.Unlock()
	case kindPrint:
		s.mu.Lock()
		s.console = append(s.console, string(f.body))
		s.mu.Unlock()
	case kindOp:
		return s.op(f)
	default:
		return fmt.Errorf("unexpected %q frame", f.h.Kind)
	}
	return nil
}

// op starts one operation of the child; known is answered at once, the
// others on their own goroutine, as the engine does in process.
func (s *session) op(f frame) error {
	id := f.h.ID
	if f.h.Op == opKnown {
		return s.p.c.send(header{Kind: kindAnswer, ID: id, OK: s.host.Known(f.h.Path)}, nil)
	}
	tr := script.Trace{Op: f.h.Op, Path: f.h.Path, Outcome: "pending"}
	var q script.SearchQuery
	switch f.h.Op {
	case opSearch:
		if err := json.Unmarshal(f.body, &q); err != nil {
			return fmt.Errorf("search query: %w", err)
		}
		tr.Path, tr.Query = "", q.Query
	case opDescribe, opCall:
	default:
		return fmt.Errorf("unknown operation %q", f.h.Op)
	}
	s.mu.Lock()
	if s.ended {
		s.mu.Unlock()
		return nil
	}
	// The engine runs at most MaxConcurrency operations at once; more is
	// a child out of control.
	if s.inflight >= s.lim.MaxConcurrency {
		s.mu.Unlock()
		return fmt.Errorf("more than %d operations in flight", s.lim.MaxConcurrency)
	}
	s.inflight++
	s.index[id] = len(s.calls)
	s.began[id] = time.Now()
	s.calls = append(s.calls, tr)
	s.wg.Add(1) // under mu, so never after end's Wait began
	s.mu.Unlock()
	ctx := script.WithPauser(s.ops, &opPauser{s: s, id: id})
	go func() {
		defer s.wg.Done()
		var h header
		var body []byte
		var outcome string
		switch f.h.Op {
		case opSearch:
			raw, err := s.host.Search(ctx, q)
			h, body, outcome = answerDoc(raw, err)
		case opDescribe:
			raw, err := s.host.Describe(ctx, f.h.Path)
			h, body, outcome = answerDoc(raw, err)
		case opCall:
			h, body, outcome = answerCall(s.host.Call(ctx, f.h.Path, json.RawMessage(f.body)))
		}
		// Counted out before the answer goes: the child may start its
		// next operation as soon as it has it.
		s.mu.Lock()
		s.inflight--
		t := &s.calls[s.index[id]]
		t.Outcome, t.DurationMS = outcome, time.Since(s.began[id]).Milliseconds()
		delete(s.began, id)
		s.mu.Unlock()
		h.Kind, h.ID = kindAnswer, id
		s.p.c.send(h, body) // a child gone away is noticed by the run loop
	}()
	return nil
}

// end stops new operations, cancels those in flight and waits for them.
func (s *session) end() {
	s.mu.Lock()
	s.ended = true
	s.mu.Unlock()
	s.stopOps()
	s.wg.Wait()
}

// answerDoc is the answer frame of a search or describe.
func answerDoc(raw json.RawMessage, err error) (header, []byte, string) {
	if err != nil {
		return header{Fault: err.Error()}, nil, script.AnswerOutcome(nil, err)
	}
	if len(raw) > script.TransferBudget {
		return header{}, tooLarge(`{"error":`, len(raw)), script.CodeTooLarge
	}
	return header{}, raw, script.AnswerOutcome(raw, nil)
}

// answerCall is the answer frame of a call.
func answerCall(r script.CallResult) (header, []byte, string) {
	body := r.Data
	if !r.OK {
		body = r.Error
	}
	if len(body) > script.TransferBudget {
		return header{}, tooLarge("", len(body)), script.CodeTooLarge
	}
	return header{OK: r.OK}, body, script.CallOutcome(r)
}

// tooLarge is the error of an answer larger than a script's whole
// transfer budget, which the engine would refuse anyway: it is not sent.
func tooLarge(prefix string, size int) []byte {
	b, _ := json.Marshal(map[string]string{"code": script.CodeTooLarge, "message": fmt.Sprintf(
		"this result is %d bytes of JSON, more than a script's whole %d-byte transfer budget; the result was dropped "+
			"(its side effects, if any, happened). Ask for less: filters, smaller pages, fewer fields", size, script.TransferBudget)})
	if prefix == "" {
		return b
	}
	return append(append([]byte(prefix), b...), '}')
}

// finish takes the child's result; the operations still running in the
// server are cancelled and awaited before the child can be reused.
func (s *session) finish(f frame) outcome {
	s.end()
	var res script.Result
	if err := json.Unmarshal(f.body, &res); err != nil {
		s.p.kill(endProtocol)
		return s.lost()
	}
	if res.Calls == nil {
		res.Calls = []script.Trace{}
	}
	if res.Err != nil && res.Err.Code == script.CodeTimeout {
		// The engine had what was left of the timeout after the wait
		// for a slot and a process; the script's timeout is the whole.
		res.Err.Message = timeoutMessage(s.timeout)
	}
	clean := res.Err == nil
	if !clean {
		switch res.Err.Code {
		case script.CodeTimeout, script.CodeMemory, script.CodeCancelled, script.CodeEngineFailed:
		default:
			clean = true // the script failed, the engine did not
		}
	}
	return outcome{res: &res, reusable: f.h.OK && clean}
}

// lost is the outcome of a child that gave no result: the server's own
// record of the operations and output, and why the child ended. The
// child has exited.
func (s *session) lost() outcome {
	s.end()
	s.mu.Lock()
	defer s.mu.Unlock()
	res := &script.Result{Calls: s.calls, Emitted: s.emitted, Console: s.console}
	for i := range res.Calls {
		if res.Calls[i].Outcome == "pending" {
			res.Calls[i].Outcome = script.CodeCancelled
		}
	}
	if res.Calls == nil {
		res.Calls = []script.Trace{}
	}
	switch reason := s.p.endReason(); {
	case reason == endTimeout:
		res.Err = &script.Error{Code: script.CodeTimeout, Message: timeoutMessage(s.timeout)}
	case reason == endCancel:
		res.Err = &script.Error{Code: script.CodeCancelled, Message: "the script was cancelled by the client"}
	case reason == "" && s.p.outOfMemory():
		res.Err = &script.Error{Code: script.CodeMemory, Message: "the script used more memory than a script may and its process was stopped; " +
			"keep less data in variables (large strings, big arrays) and return a summary"}
	case reason == "":
		res.Err = &script.Error{Code: script.CodeEngineFailed, Message: fmt.Sprintf(
			"the script's process ended unexpectedly (%s); the server is unaffected", s.p.cause())}
	default:
		res.Err = &script.Error{Code: script.CodeEngineFailed, Message: "the script's process broke the protocol with the server and was stopped"}
	}
	return outcome{res: res}
}

// opPauser pauses the server's deadline and the child's clock while the
// user is asked to confirm operation id.
type opPauser struct {
	s  *session
	id uint64
}

func (o *opPauser) Pause() (resume func()) {
	resumeServer := o.s.clk.Pause()
	o.s.p.c.send(header{Kind: kindPause, ID: o.id}, nil)
	var once sync.Once
	return func() {
		once.Do(func() {
			o.s.p.c.send(header{Kind: kindResume, ID: o.id}, nil)
			resumeServer()
		})
	}
}

// timeoutMessage words a script's timeout as the engine does.
func timeoutMessage(d time.Duration) string {
	return fmt.Sprintf("the script ran longer than its timeout of %s and was stopped; do less per script or await fewer slow calls", d)
}
