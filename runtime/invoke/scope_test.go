package invoke

import (
	"context"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// interleavingLimiter runs between at its first look, as a concurrent call
// that starts between another's scope check and its look would.
type interleavingLimiter struct {
	*MemoryLimiter
	between func()
}

func (l *interleavingLimiter) Admit(ctx context.Context, c LimitCall, take bool) (Wait, error) {
	if f := l.between; f != nil && !take {
		l.between = nil
		f()
	}
	return l.MemoryLimiter.Admit(ctx, c, take)
}

// TestScopeTakenDuringLook: a script's call of an endpoint passes when
// another call of the same script took the endpoint's cooldown after this
// one found the scope empty; a call outside the scope is still refused.
func TestScopeTakenDuringLook(t *testing.T) {
	srv := newRecorder(t, nil)
	ep := catalog.Endpoint{ID: "pets", Method: "GET", Path: "/pets"}
	lim := &interleavingLimiter{MemoryLimiter: NewMemoryLimiter()}
	c := NewClient(testCatalog(srv.URL, ep), ClientOptions{Getenv: noEnv, Limiter: lim})
	scope := NewCooldownScope()
	ctx := WithCooldownScope(context.Background(), scope)
	lim.between = func() {
		if _, err := c.Do(ctx, &Input{Endpoint: &ep}, anyStub); err != nil {
			t.Errorf("the other call of the script: %v", err)
		}
	}
	if _, err := c.Do(ctx, &Input{Endpoint: &ep}, anyStub); err != nil {
		t.Errorf("a call of the script after its other call took the cooldown: %v", err)
	}
	if n := srv.count(); n != 2 {
		t.Errorf("the API saw %d requests, want 2", n)
	}
	if _, err := c.Do(context.Background(), &Input{Endpoint: &ep}, anyStub); err == nil {
		t.Error("a call outside the script passed the cooldown")
	}
}
