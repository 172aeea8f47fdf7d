package script

import (
	"testing"
	"time"
)

// TestClockPause: a paused clock does not expire; it expires after resume,
// once every nested pause has ended; stop prevents expiry.
func TestClockPause(t *testing.T) {
	expired := make(chan struct{}, 1)
	c := StartClock(20*time.Millisecond, func() { expired <- struct{}{} })
	outer := c.Pause()
	inner := c.Pause()
	time.Sleep(60 * time.Millisecond)
	outer()
	outer() // a second call of one resume is a no-op
	select {
	case <-expired:
		t.Fatal("expired while a pause was still open")
	case <-time.After(60 * time.Millisecond):
	}
	inner()
	select {
	case <-expired:
	case <-time.After(5 * time.Second):
		t.Fatal("did not expire after every pause ended")
	}

	stopped := StartClock(10*time.Millisecond, func() { t.Error("a stopped clock expired") })
	stopped.Stop()
	time.Sleep(40 * time.Millisecond)
}
