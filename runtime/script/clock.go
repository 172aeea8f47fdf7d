package script

import (
	"context"
	"sync"
	"time"
)

// Clock is a run's timeout that can be paused while a human answers a
// confirmation: the time someone takes to read a prompt is not the
// script's. Pauses nest (parallel calls may each ask); the clock runs only
// when none is open. Its methods are safe for concurrent use.
type Clock struct {
	mu      sync.Mutex
	left    time.Duration // time remaining when the clock last stopped
	started time.Time     // when it last started running
	paused  int
	done    bool
	timer   *time.Timer
	expire  func()
}

// StartClock runs expire once d of unpaused time has passed.
func StartClock(d time.Duration, expire func()) *Clock {
	c := &Clock{left: d, started: time.Now(), expire: expire}
	c.timer = time.AfterFunc(d, c.fire)
	return c
}

func (c *Clock) fire() {
	c.mu.Lock()
	if c.done || c.paused > 0 {
		c.mu.Unlock()
		return
	}
	c.done = true
	c.mu.Unlock()
	c.expire()
}

// Pause stops the clock until the returned function is called; calls
// after the first do nothing.
func (c *Clock) Pause() (resume func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.done {
		return func() {}
	}
	if c.paused == 0 {
		c.timer.Stop()
		c.left -= time.Since(c.started)
	}
	c.paused++
	var once sync.Once
	return func() { once.Do(c.resume) }
}

func (c *Clock) resume() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.paused--
	if c.paused > 0 || c.done {
		return
	}
	c.started = time.Now()
	c.timer = time.AfterFunc(max(c.left, 0), c.fire)
}

// Stop ends the clock without expiring.
func (c *Clock) Stop() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.done = true
	c.timer.Stop()
}

// Pauser stops a run's timeout until resume is called. *Clock is one;
// runtime/script/sandbox has one that also pauses the clock of a script
// running in another process.
type Pauser interface {
	Pause() (resume func())
}

type clockKey struct{}

// WithPauser returns ctx under which PauseClock pauses p.
func WithPauser(ctx context.Context, p Pauser) context.Context {
	return context.WithValue(ctx, clockKey{}, p)
}

// PauseClock stops the timeout of the script run that ctx belongs to until
// resume is called, so the time a human takes to answer a confirmation
// does not count against the script. Outside a script run it does nothing.
func PauseClock(ctx context.Context) (resume func()) {
	if p, ok := ctx.Value(clockKey{}).(Pauser); ok {
		return p.Pause()
	}
	return func() {}
}
