package script

import (
	"context"
	"sync"
	"time"
)

// clock is a run's timeout that can be paused while a human answers a
// confirmation: the time someone takes to read a prompt is not the
// script's. Pauses nest (parallel calls may each ask); the clock runs only
// when none is open.
type clock struct {
	mu      sync.Mutex
	left    time.Duration // time remaining when the clock last stopped
	started time.Time     // when it last started running
	paused  int
	done    bool
	timer   *time.Timer
	expire  func()
}

// startClock runs expire once d of unpaused time has passed.
func startClock(d time.Duration, expire func()) *clock {
	c := &clock{left: d, started: time.Now(), expire: expire}
	c.timer = time.AfterFunc(d, c.fire)
	return c
}

func (c *clock) fire() {
	c.mu.Lock()
	if c.done || c.paused > 0 {
		c.mu.Unlock()
		return
	}
	c.done = true
	c.mu.Unlock()
	c.expire()
}

// pause stops the clock until the returned function is called (once).
func (c *clock) pause() (resume func()) {
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

func (c *clock) resume() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.paused--
	if c.paused > 0 || c.done {
		return
	}
	c.started = time.Now()
	c.timer = time.AfterFunc(max(c.left, 0), c.fire)
}

// stop ends the clock without expiring.
func (c *clock) stop() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.done = true
	c.timer.Stop()
}

type clockKey struct{}

// PauseClock stops the timeout of the script run that ctx belongs to until
// resume is called, so the time a human takes to answer a confirmation
// does not count against the script. Outside a script run it does nothing.
func PauseClock(ctx context.Context) (resume func()) {
	if c, ok := ctx.Value(clockKey{}).(*clock); ok {
		return c.pause()
	}
	return func() {}
}
