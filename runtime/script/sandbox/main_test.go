package sandbox

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/swag2mcp/swag2mcp/runtime/script"
)

// TestMain makes the test binary a script process when the pool starts it
// as one (the server's entry point does the same), or a rogue child for
// TestRogueChild.
func TestMain(m *testing.M) {
	if mode := os.Getenv(envRogue); mode != "" {
		os.Exit(rogue(mode))
	}
	if IsChild(os.Getenv) {
		os.Exit(ChildMain(os.Getenv, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// fakeHost serves getPet (answers its id), fail (always fails), slow
// (waits Delay, or until Meet calls are in flight), big (answers Size
// bytes) and pause (holds the clock paused for Delay, as a confirmation
// does). It counts calls in flight.
type fakeHost struct {
	Size   int
	Delay  time.Duration
	Meet   int
	OnCall func(path string)

	mu       sync.Mutex
	inFlight int
	maxSeen  int
}

func (h *fakeHost) Known(name string) bool {
	switch name {
	case "getPet", "fail", "slow", "big", "pause":
		return true
	}
	return false
}

func (h *fakeHost) Search(_ context.Context, q script.SearchQuery) (json.RawMessage, error) {
	if q.Query == "explode" {
		return nil, fmt.Errorf("index unavailable")
	}
	return json.RawMessage(fmt.Sprintf(`{"items":[{"path":"getPet","summary":"Find a pet"}],"total":1,"limit":%d}`, q.Limit)), nil
}

func (h *fakeHost) Describe(_ context.Context, path string) (json.RawMessage, error) {
	if !h.Known(path) {
		return json.RawMessage(`{"error":{"code":"not_found","message":"no such endpoint"}}`), nil
	}
	return json.RawMessage(`{"path":"` + path + `","inputTypeScript":"{ parameters: { id: number } }"}`), nil
}

func (h *fakeHost) Call(ctx context.Context, path string, args json.RawMessage) script.CallResult {
	h.mu.Lock()
	h.inFlight++
	h.maxSeen = max(h.maxSeen, h.inFlight)
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		h.inFlight--
		h.mu.Unlock()
	}()
	if h.OnCall != nil {
		h.OnCall(path)
	}
	switch path {
	case "getPet":
		var a struct {
			Parameters struct {
				ID int `json:"id"`
			} `json:"parameters"`
		}
		json.Unmarshal(args, &a)
		return script.CallResult{OK: true, Data: json.RawMessage(fmt.Sprintf(`{"statusCode":200,"body":{"id":%d,"name":"Rex"}}`, a.Parameters.ID))}
	case "big":
		return script.CallResult{OK: true, Data: json.RawMessage(`"` + strings.Repeat("x", h.Size) + `"`)}
	case "slow":
		deadline := time.After(h.Delay)
		for {
			h.mu.Lock()
			met := h.Meet > 0 && h.inFlight >= h.Meet
			h.mu.Unlock()
			if met {
				return script.CallResult{OK: true, Data: json.RawMessage(`{"statusCode":200,"met":true}`)}
			}
			select {
			case <-deadline:
				return script.CallResult{OK: true, Data: json.RawMessage(`{"statusCode":200}`)}
			case <-ctx.Done():
				return script.CallResult{Error: json.RawMessage(`{"code":"cancelled","message":"cancelled"}`)}
			case <-time.After(5 * time.Millisecond):
			}
		}
	case "pause":
		resume := script.PauseClock(ctx)
		defer resume()
		select {
		case <-time.After(h.Delay):
			return script.CallResult{OK: true, Data: json.RawMessage(`{"confirmed":true}`)}
		case <-ctx.Done():
			return script.CallResult{Error: json.RawMessage(`{"code":"cancelled","message":"cancelled"}`)}
		}
	}
	return script.CallResult{Error: json.RawMessage(`{"code":"invoke_error","message":"the API answered HTTP 500"}`)}
}

// logs records a pool's log lines.
type logs struct {
	mu   sync.Mutex
	recs []record
}

type record struct {
	msg   string
	attrs map[string]any
}

func (l *logs) Enabled(context.Context, slog.Level) bool { return true }
func (l *logs) WithAttrs([]slog.Attr) slog.Handler       { return l }
func (l *logs) WithGroup(string) slog.Handler            { return l }
func (l *logs) Handle(_ context.Context, r slog.Record) error {
	rec := record{msg: r.Message, attrs: map[string]any{}}
	r.Attrs(func(a slog.Attr) bool {
		rec.attrs[a.Key] = a.Value.Any()
		return true
	})
	l.mu.Lock()
	l.recs = append(l.recs, rec)
	l.mu.Unlock()
	return nil
}

// find returns the records with message msg.
func (l *logs) find(msg string) []record {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []record
	for _, r := range l.recs {
		if r.msg == msg {
			out = append(out, r)
		}
	}
	return out
}

// newPool returns a pool over the test binary that logs into the
// returned logs and is closed with the test.
func newPool(t *testing.T, opts Options) (*Pool, *logs) {
	t.Helper()
	if !Isolated() {
		t.Skip("script processes need Linux")
	}
	l := &logs{}
	opts.Logger = slog.New(l)
	p := New(opts)
	t.Cleanup(func() { p.Close() })
	return p, l
}
