package script

import "sync"

// loop is the script's event loop: goroutines that finished a tool
// operation post jobs, and the script's goroutine runs them, which settles
// the operation's promise there (a goja runtime is not safe for concurrent
// use).
//
// goja_nodejs/eventloop does this too, but it installs require (whose
// default loader reads the host's file system), console and timers into
// the runtime, and its Run returns while Go calls are still pending; this
// loop is a few lines and exposes nothing.
type loop struct {
	mu   sync.Mutex
	jobs []job
	wake chan struct{} // signalled when jobs arrive; capacity 1
}

// job settles one operation. ended is true when the run is over: the job
// may then record its trace but must not touch the runtime.
type job func(ended bool)

func newLoop() *loop { return &loop{wake: make(chan struct{}, 1)} }

// post queues j from any goroutine.
func (l *loop) post(j job) {
	l.mu.Lock()
	l.jobs = append(l.jobs, j)
	l.mu.Unlock()
	l.signal()
}

// signal wakes the loop without a job, e.g. when the run's context ends.
func (l *loop) signal() {
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// take removes and returns the queued jobs.
func (l *loop) take() []job {
	l.mu.Lock()
	defer l.mu.Unlock()
	jobs := l.jobs
	l.jobs = nil
	return jobs
}
