package sandbox

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"

	"github.com/swag2mcp/swag2mcp/runtime/script"
)

// knownWait bounds the wait for the server to say whether a name is an
// endpoint; it answers from a map, so only a server gone away takes long.
const knownWait = 10 * time.Second

// returnHeap is the heap size past which a child returns its memory to
// the system after a script.
const returnHeap = 32 << 20

// heapBytes is the memory the heap's objects occupy, garbage included.
func heapBytes() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// maxPath is the longest path or flat name asked of the server; no
// endpoint has a longer one.
const maxPath = 4 << 10

// child is the script process's side of the connection: it runs one
// script at a time and routes the server's answers to the operations
// waiting for them.
type child struct {
	c      *conn
	budget budget // this process's memory, for the reuse decision
	nextID atomic.Uint64

	mu      sync.Mutex
	waiting map[uint64]*pending
	cancel  context.CancelFunc // the running script's; nil when idle
}

// pending is one operation waiting for its answer.
type pending struct {
	ctx    context.Context // the operation's: carries the engine's clock
	answer chan reply      // capacity 1
	resume []func()        // open pauses of the engine's clock
}

type reply struct {
	h    header
	body []byte
}

// serve runs scripts from in until it ends, answering on out.
func serve(in io.Reader, out io.Writer, b budget) error {
	ch := &child{c: newConn(in, out), budget: b, waiting: map[uint64]*pending{}}
	if err := ch.c.send(header{Kind: kindReady, PID: os.Getpid()}, nil); err != nil {
		return err
	}
	for {
		h, body, err := ch.c.recv()
		if errors.Is(err, io.EOF) {
			return nil // the server closed the pipe or exited
		}
		if err != nil {
			return err
		}
		switch h.Kind {
		case kindRun:
			if err := ch.start(h, body); err != nil {
				return err
			}
		case kindAnswer:
			if p := ch.take(h.ID); p != nil {
				p.answer <- reply{h, body}
			}
		case kindPause, kindResume:
			ch.pause(h.ID, h.Kind == kindPause)
		case kindCancel:
			ch.mu.Lock()
			if ch.cancel != nil {
				ch.cancel()
			}
			ch.mu.Unlock()
		default:
			return fmt.Errorf("sandbox: unexpected %q frame from the server", h.Kind)
		}
	}
}

// start runs the script of a run frame on its own goroutine; the reader
// goes on routing answers.
func (ch *child) start(h header, src []byte) error {
	if h.Limits == nil {
		return errors.New("sandbox: run frame without limits")
	}
	ctx, cancel := context.WithCancel(context.Background())
	ch.mu.Lock()
	if ch.cancel != nil {
		ch.mu.Unlock()
		cancel()
		return errors.New("sandbox: run frame while a script runs")
	}
	ch.cancel = cancel
	ch.mu.Unlock()
	lim := *h.Limits
	// The engine's watchdog ends a script gracefully (with its output)
	// at half the budget; the address-space limit is the hard stop.
	if half := uint64(ch.budget.headroom / 2); half > 0 && (lim.MaxMemoryGrowth == 0 || lim.MaxMemoryGrowth > half) {
		lim.MaxMemoryGrowth = half
	}
	go func() {
		res := script.Run(ctx, string(src), &childHost{ch: ch, known: map[string]bool{}}, lim)
		ch.mu.Lock()
		ch.cancel = nil
		ch.mu.Unlock()
		cancel()
		body, err := json.Marshal(res)
		if err != nil {
			body, _ = json.Marshal(&script.Result{Calls: res.Calls, Err: &script.Error{Code: script.CodeEngineFailed, Message: "the result cannot be encoded: " + err.Error()}})
		}
		ch.c.send(header{Kind: kindDone, OK: ch.budget.reusable()}, body) // a failed send ends the process: the server is gone
		// Give a large heap back between scripts, so an idle child stays
		// small; a small one is not worth the collection's time.
		if heapBytes() > returnHeap {
			debug.FreeOSMemory()
		}
	}()
	return nil
}

// ask sends an operation and waits for its answer or the end of ctx.
func (ch *child) ask(ctx context.Context, h header, body []byte) (reply, error) {
	h.Kind, h.ID = kindOp, ch.nextID.Add(1)
	p := &pending{ctx: ctx, answer: make(chan reply, 1)}
	ch.mu.Lock()
	ch.waiting[h.ID] = p
	ch.mu.Unlock()
	defer ch.take(h.ID)
	if err := ch.c.send(h, body); err != nil {
		return reply{}, fmt.Errorf("the server cannot be reached: %w", err)
	}
	select {
	case r := <-p.answer:
		return r, nil
	case <-ctx.Done():
		return reply{}, context.Cause(ctx)
	}
}

// take removes operation id from the waiting ones, ending its open
// pauses, and returns it; nil when it is not waiting (any more).
func (ch *child) take(id uint64) *pending {
	ch.mu.Lock()
	defer ch.mu.Unlock()
	p := ch.waiting[id]
	if p == nil {
		return nil
	}
	delete(ch.waiting, id)
	for _, r := range p.resume {
		r()
	}
	p.resume = nil
	return p
}

// pause opens (on) or closes a pause of the engine's clock for operation
// id, while the server asks the user to confirm it.
func (ch *child) pause(id uint64, on bool) {
	ch.mu.Lock()
	defer ch.mu.Unlock()
	p := ch.waiting[id]
	switch {
	case p == nil:
	case on:
		p.resume = append(p.resume, script.PauseClock(p.ctx))
	case len(p.resume) > 0:
		last := len(p.resume) - 1
		p.resume[last]()
		p.resume = p.resume[:last]
	}
}

// childHost is a run's script.Host in the child: every operation is a
// question to the server.
type childHost struct {
	ch    *child
	known map[string]bool // flat names asked already; the script's goroutine only
}

func (h *childHost) Search(ctx context.Context, q script.SearchQuery) (json.RawMessage, error) {
	body, err := json.Marshal(q)
	if err != nil {
		return nil, err
	}
	return h.answer(h.ch.ask(ctx, header{Op: opSearch}, body))
}

func (h *childHost) Describe(ctx context.Context, path string) (json.RawMessage, error) {
	if len(path) > maxPath {
		return json.RawMessage(`{"error":{"code":"not_found","message":"no endpoint has a path that long; use a path from tools.search"}}`), nil
	}
	return h.answer(h.ch.ask(ctx, header{Op: opDescribe, Path: path}, nil))
}

// answer is a search or describe reply as the Host returns it.
func (h *childHost) answer(r reply, err error) (json.RawMessage, error) {
	if err != nil {
		return nil, err
	}
	if r.h.Fault != "" {
		return nil, errors.New(r.h.Fault)
	}
	return r.body, nil
}

func (h *childHost) Call(ctx context.Context, path string, args json.RawMessage) script.CallResult {
	if len(path) > maxPath {
		return script.CallResult{Error: json.RawMessage(`{"code":"not_found","message":"no endpoint has a path that long; use a path from tools.search"}`)}
	}
	r, err := h.ch.ask(ctx, header{Op: opCall, Path: path}, args)
	if err != nil {
		msg, _ := json.Marshal(err.Error())
		return script.CallResult{Error: json.RawMessage(`{"code":"cancelled","message":` + string(msg) + `}`)}
	}
	if r.h.OK {
		return script.CallResult{OK: true, Data: r.body}
	}
	return script.CallResult{Error: r.body}
}

// Known asks the server once per name and run.
func (h *childHost) Known(name string) bool {
	if len(name) > maxPath {
		return false
	}
	if ok, seen := h.known[name]; seen {
		return ok
	}
	ctx, cancel := context.WithTimeout(context.Background(), knownWait)
	defer cancel()
	r, err := h.ch.ask(ctx, header{Op: opKnown, Path: name}, nil)
	ok := err == nil && r.h.OK
	h.known[name] = ok
	return ok
}

// Emitted and Printed pass the script's output on as it happens, so it
// survives this process being killed.
func (h *childHost) Emitted(v json.RawMessage) { h.ch.c.send(header{Kind: kindEmit}, v) }
func (h *childHost) Printed(line string)       { h.ch.c.send(header{Kind: kindPrint}, []byte(line)) }
