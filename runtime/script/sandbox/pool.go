package sandbox

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/swag2mcp/swag2mcp/runtime/script"
)

// Defaults of Options.
const (
	DefaultMemory      = 256 << 20
	DefaultConcurrency = 1
	DefaultWarm        = 1
	DefaultGrace       = 500 * time.Millisecond
	// maxRuns retires a child after this many scripts, whatever they did.
	maxRuns = 200
)

// Options configure a Pool. Zero fields take the defaults above.
type Options struct {
	// Executable is the program started as a child; it must call
	// ChildMain when it sees EnvChild. Default: this process's own
	// executable.
	Executable string
	// Memory is the address space a child may grow by past its size at
	// start (plus one heap arena, the unit the Go heap grows by); an
	// allocation beyond it ends the child (memory_limit).
	Memory int64
	// Concurrency is how many scripts run at once, each in its own
	// child; more wait for a slot within their timeout.
	Concurrency int
	// Warm is how many idle children are kept ready; negative: none.
	Warm int
	// Grace is how long past its timeout (or its cancellation) a script
	// may take to answer before its child is killed.
	Grace  time.Duration
	Logger *slog.Logger // nil discards logs
}

func (o Options) withDefaults() Options {
	if o.Executable == "" {
		o.Executable, _ = selfExecutable()
	}
	if o.Memory <= 0 {
		o.Memory = DefaultMemory
	}
	if o.Concurrency <= 0 {
		o.Concurrency = DefaultConcurrency
	}
	if o.Warm == 0 {
		o.Warm = DefaultWarm
	}
	if o.Grace <= 0 {
		o.Grace = DefaultGrace
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

// env is a child's whole environment: the marker and nothing of the
// server's (no credentials), except the time zone scripts' dates use.
func (o *Options) env() []string {
	env := []string{EnvChild + "=" + strconv.FormatInt(o.Memory, 10),
		// One goroutine runs the script, a second processor serves the
		// pipe and the collector: with one, a round trip to the server
		// measured four times slower (200 µs against 50 µs).
		"GOMAXPROCS=2"}
	if tz, ok := os.LookupEnv("TZ"); ok {
		env = append(env, "TZ="+tz)
	}
	return env
}

// Pool runs scripts in child processes (see the package comment). It is a
// script.Runner and safe for concurrent use.
type Pool struct {
	opts  Options
	slots chan struct{} // one per script running
	idle  chan *proc    // warm children; capacity Warm

	mu      sync.Mutex
	live    map[*proc]struct{} // every child not yet ended
	warming int
	warmed  chan struct{} // closed (and replaced) when a warm start ends
	closed  bool

	starting sync.WaitGroup // warm starts in flight
}

// New returns a pool; it starts children when scripts need them.
func New(opts Options) *Pool {
	opts = opts.withDefaults()
	return &Pool{opts: opts, slots: make(chan struct{}, opts.Concurrency), idle: make(chan *proc, max(opts.Warm, 0)),
		live: map[*proc]struct{}{}, warmed: make(chan struct{})}
}

// Isolated reports whether scripts run in child processes on this system;
// otherwise they run in the calling process with the engine's heap
// watchdog at Options.Memory.
func Isolated() bool { return isolated }

// Run runs src as script.Run does, in a child process.
func (p *Pool) Run(ctx context.Context, src string, host script.Host, lim script.Limits) *script.Result {
	began := time.Now()
	lim = lim.WithDefaults()
	res := p.run(ctx, began, src, host, lim)
	res.DurationMS = time.Since(began).Milliseconds()
	return res
}

func (p *Pool) run(ctx context.Context, began time.Time, src string, host script.Host, lim script.Limits) *script.Result {
	if e := script.CheckSource(src, lim); e != nil {
		return failed(e)
	}
	timeout := lim.Timeout
	expired := make(chan struct{})
	clk := script.StartClock(timeout+p.opts.Grace, func() { close(expired) })
	defer clk.Stop()
	select {
	case p.slots <- struct{}{}:
		defer func() { <-p.slots }()
	case <-ctx.Done():
		return failed(cancelled())
	case <-expired:
		return failed(busy(timeout, p.opts.Concurrency))
	}
	if !isolated {
		if lim.Timeout = timeout - time.Since(began); lim.Timeout <= 0 {
			return failed(busy(timeout, p.opts.Concurrency))
		}
		lim.MaxMemoryGrowth = uint64(p.opts.Memory)
		return script.Run(ctx, src, host, lim)
	}
	c, err := p.take(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return failed(cancelled())
		}
		p.opts.Logger.Error("cannot start a script process", "error", err)
		return failed(&script.Error{Code: script.CodeEngineFailed, Message: err.Error() + "; the script did not run"})
	}
	if lim.Timeout = timeout - time.Since(began); lim.Timeout <= 0 {
		p.give(c, true)
		return failed(busy(timeout, p.opts.Concurrency))
	}
	c.started()
	s := &session{p: c, host: host, lim: lim, grace: p.opts.Grace, clk: clk, expired: expired, timeout: timeout}
	out := s.run(ctx, src)
	p.give(c, out.reusable)
	return out.res
}

// take returns an idle child, one being warmed, or a new one.
func (p *Pool) take(ctx context.Context) (*proc, error) {
	for {
		select {
		case c := <-p.idle:
			if c.alive() {
				return c, nil
			}
			continue
		default:
		}
		p.mu.Lock()
		warming, warmed := p.warming, p.warmed
		p.mu.Unlock()
		if warming == 0 {
			return p.start(ctx)
		}
		select {
		case c := <-p.idle:
			if c.alive() {
				return c, nil
			}
		case <-warmed:
		case <-ctx.Done():
			return nil, context.Cause(ctx)
		}
	}
}

// start starts a child and counts it live.
func (p *Pool) start(ctx context.Context) (*proc, error) {
	c, err := startProc(ctx, &p.opts)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		c.kill(endClosed)
		return nil, context.Canceled
	}
	defer p.mu.Unlock()
	p.live[c] = struct{}{}
	go func() {
		<-c.exited
		p.mu.Lock()
		delete(p.live, c)
		p.mu.Unlock()
	}()
	return c, nil
}

// give takes a child back after a script: kept idle when it may be
// reused and there is room, else ended and replaced by a warm one.
func (p *Pool) give(c *proc, reusable bool) {
	p.mu.Lock()
	keep := reusable && !p.closed && c.alive() && c.runCount() < maxRuns
	p.mu.Unlock()
	if keep {
		select {
		case p.idle <- c:
			return
		default:
		}
	}
	if c.alive() {
		go c.kill(endRetired)
	}
	p.warm()
}

// warm starts children in the background until Warm are idle or starting.
func (p *Pool) warm() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for !p.closed && len(p.idle)+p.warming < p.opts.Warm {
		p.warming++
		p.starting.Add(1)
		go func() {
			defer p.starting.Done()
			c, err := p.start(context.Background())
			if err != nil && !errors.Is(err, context.Canceled) {
				p.opts.Logger.Warn("cannot start a script process", "error", err)
			}
			p.mu.Lock()
			defer p.mu.Unlock()
			if c != nil {
				select {
				case p.idle <- c:
				default:
					go c.kill(endRetired)
				}
			}
			// Waiters wake once the child is idle, so none of them starts
			// another for want of it.
			p.warming--
			close(p.warmed)
			p.warmed = make(chan struct{})
		}()
	}
}

// Close ends every child, running scripts' too, and waits for them.
func (p *Pool) Close() error {
	p.mu.Lock()
	p.closed = true
	live := make([]*proc, 0, len(p.live))
	for c := range p.live {
		live = append(live, c)
	}
	p.mu.Unlock()
	for _, c := range live {
		c.kill(endClosed)
	}
	p.starting.Wait() // a child started meanwhile ends in start
	return nil
}

// failed is the result of a script that did not run.
func failed(e *script.Error) *script.Result {
	return &script.Result{Calls: []script.Trace{}, Err: e}
}

func cancelled() *script.Error {
	return &script.Error{Code: script.CodeCancelled, Message: "the script was cancelled by the client"}
}

// busy is the timeout of a script that found no free slot in time.
func busy(timeout time.Duration, slots int) *script.Error {
	return &script.Error{Code: script.CodeTimeout, Message: "the script waited its whole timeout of " + timeout.String() +
		" for one of the " + strconv.Itoa(slots) + " script slots (--script-concurrency) and did not run; try again when other scripts are done"}
}
