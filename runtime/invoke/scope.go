package invoke

import (
	"context"
	"sync"
)

// CooldownScope makes many calls count as one use of each endpoint for the
// per-endpoint cooldown. A script is one tool call that may loop over an
// endpoint; within its scope the first call of an endpoint must find the
// cooldown open and starts it, later calls of that endpoint pass. A call
// outside the scope (another tool call) still meets the cooldown. The
// script's own bounds (call count, concurrency, transfer budget) limit
// what the scope lets through.
type CooldownScope struct {
	mu    sync.Mutex
	taken map[string]bool
}

// NewCooldownScope returns an empty scope.
func NewCooldownScope() *CooldownScope {
	return &CooldownScope{taken: map[string]bool{}}
}

type scopeKey struct{}

// WithCooldownScope returns ctx carrying s; calls made with it share s.
func WithCooldownScope(ctx context.Context, s *CooldownScope) context.Context {
	return context.WithValue(ctx, scopeKey{}, s)
}

func scopeOf(ctx context.Context) *CooldownScope {
	s, _ := ctx.Value(scopeKey{}).(*CooldownScope)
	return s
}

// holds reports whether the scope already took endpoint id's cooldown.
func (s *CooldownScope) holds(id string) bool {
	if s == nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.taken[id]
}

// admit takes id's cooldown through take unless the scope holds it
// already. It is atomic per scope, so concurrent calls of one endpoint in
// a script (Promise.all) do not refuse each other; the limiter behind take
// (shared by replicas, perhaps) sees one use per script.
func (s *CooldownScope) admit(id string, take func() error) error {
	if s == nil {
		return take()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.taken[id] {
		return nil
	}
	if err := take(); err != nil {
		return err
	}
	s.taken[id] = true
	return nil
}
