package script

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"
)

// fakeHost serves three endpoints: getPet answers {"id":…}, fail always
// fails, big answers Size bytes, slow waits Delay. It counts calls in
// flight.
type fakeHost struct {
	Size  int
	Delay time.Duration

	mu       sync.Mutex
	inFlight int
	maxSeen  int
	calls    []string
}

func (h *fakeHost) Known(name string) bool {
	switch name {
	case "getPet", "fail", "big", "slow", "search", "panic":
		return true
	}
	return false
}

func (h *fakeHost) Search(_ context.Context, q SearchQuery) (json.RawMessage, error) {
	if q.Query == "explode" {
		return nil, fmt.Errorf("index unavailable")
	}
	return json.RawMessage(fmt.Sprintf(`{"items":[{"path":"getPet","summary":"Find a pet"}],"total":1,"limit":%d,"offset":%d}`,
		q.Limit, q.Offset)), nil
}

func (h *fakeHost) Describe(_ context.Context, path string) (json.RawMessage, error) {
	if !h.Known(path) {
		return json.RawMessage(`{"error":{"code":"not_found","message":"no such endpoint"}}`), nil
	}
	return json.RawMessage(`{"path":"` + path + `","inputTypeScript":"{ parameters: { id: number } }"}`), nil
}

func (h *fakeHost) Call(ctx context.Context, path string, args json.RawMessage) CallResult {
	h.mu.Lock()
	h.calls = append(h.calls, path+" "+string(args))
	h.inFlight++
	h.maxSeen = max(h.maxSeen, h.inFlight)
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		h.inFlight--
		h.mu.Unlock()
	}()
	switch path {
	case "panic":
		panic("host bug")
	case "getPet":
		var a struct {
			Parameters struct {
				ID int `json:"id"`
			} `json:"parameters"`
		}
		json.Unmarshal(args, &a)
		return CallResult{OK: true, Data: json.RawMessage(fmt.Sprintf(`{"statusCode":200,"body":{"id":%d,"name":"Rex"}}`, a.Parameters.ID))}
	case "big":
		return CallResult{OK: true, Data: json.RawMessage(`"` + strings.Repeat("x", h.Size) + `"`)}
	case "slow", "search":
		select {
		case <-time.After(h.Delay):
			return CallResult{OK: true, Data: json.RawMessage(`{"statusCode":200}`)}
		case <-ctx.Done():
			return CallResult{Error: json.RawMessage(`{"code":"invoke_error","message":"cancelled"}`)}
		}
	}
	return CallResult{Error: json.RawMessage(`{"code":"invoke_error","message":"the API answered HTTP 500"}`)}
}
