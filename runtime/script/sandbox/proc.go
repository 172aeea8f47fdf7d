package sandbox

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// startTimeout bounds a child's start-up, from exec to its ready frame.
const startTimeout = 10 * time.Second

// stderrHead is how much of a child's standard error is kept: the first
// lines say why it died ("fatal error: out of memory").
const stderrHead = 8 << 10

// proc is one child process as the server sees it.
type proc struct {
	cmd    *exec.Cmd
	c      *conn
	pid    int
	frames chan frame // from the child; closed when its output ends
	// sess, while a script runs, takes the child's operations and output
	// on the reading goroutine (one hand-off less per call); frames gets
	// the rest.
	sess   atomic.Pointer[session]
	exited chan struct{} // closed once the process has ended and been waited for
	stderr *headWriter
	log    *slog.Logger

	mu     sync.Mutex
	runs   int    // scripts started in it
	reason string // why the server ended it; "" if it ended by itself
	peak   int64  // peak resident bytes, once exited
}

// frame is one received frame.
type frame struct {
	h    header
	body []byte
}

// Reasons for which the server ends a child.
const (
	endRetired  = "retired"  // not needed, or used enough
	endTimeout  = "timeout"  // its script outlived the deadline
	endCancel   = "cancel"   // its script was cancelled and did not stop
	endProtocol = "protocol" // it broke the protocol
	endClosed   = "closed"   // the server is shutting down
)

// startProc starts a child and waits for it to be ready.
func startProc(ctx context.Context, o *Options) (*proc, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	p := &proc{frames: make(chan frame), exited: make(chan struct{}), stderr: &headWriter{max: stderrHead}, log: o.Logger}
	p.cmd = exec.Command(o.Executable)
	p.cmd.Args[0] = filepath.Base(os.Args[0]) + "-script" // what ps shows
	p.cmd.Env = o.env()
	p.cmd.Stdin, p.cmd.Stdout, p.cmd.Stderr = inR, outW, p.stderr
	p.cmd.SysProcAttr = sysProcAttr()
	err = p.cmd.Start()
	inR.Close() // the child's ends
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("cannot start a script process: %w", err)
	}
	p.pid = p.cmd.Process.Pid
	p.c = newConn(outR, inW)
	go p.read(outR, o.Grace)
	go p.wait(inW)
	ready := time.NewTimer(startTimeout)
	defer ready.Stop()
	select {
	case f, ok := <-p.frames:
		if ok && f.h.Kind == kindReady {
			p.log.Debug("script process started", "pid", p.pid)
			return p, nil
		}
		p.kill(endProtocol)
		return nil, fmt.Errorf("the script process did not start: %s", p.cause())
	case <-ready.C:
		p.kill(endProtocol)
		return nil, fmt.Errorf("the script process did not start within %s", startTimeout)
	case <-ctx.Done():
		p.kill(endCancel)
		return nil, context.Cause(ctx)
	}
}

// read passes the child's frames on until its output ends or breaks.
// Output ends when a child exits (and may break when it dies in the
// middle of a frame); a child still alive after grace broke the protocol
// and is ended, after which read closes frames.
func (p *proc) read(out *os.File, grace time.Duration) {
	defer out.Close()
	defer close(p.frames)
	for {
		h, body, err := p.c.recv()
		if err != nil {
			select {
			case <-p.exited:
			case <-time.After(grace):
				if !errors.Is(err, io.EOF) {
					p.log.Warn("script process broke the protocol", "pid", p.pid, "error", err)
				}
				p.kill(endProtocol)
			}
			return
		}
		if s := p.sess.Load(); s != nil && h.Kind != kindDone {
			if err := s.handle(frame{h, body}); err != nil {
				p.log.Warn("script process broke the protocol", "pid", p.pid, "error", err)
				p.kill(endProtocol)
				return
			}
			continue
		}
		select {
		case p.frames <- frame{h, body}:
		case <-p.exited:
			return
		}
	}
}

// wait reaps the child and logs its end with its peak memory.
func (p *proc) wait(in *os.File) {
	p.cmd.Wait()
	in.Close()
	p.mu.Lock()
	p.peak = peakRSS(p.cmd.ProcessState)
	reason, runs := p.reason, p.runs
	p.mu.Unlock()
	defer close(p.exited) // after the log line: Close returns only once every end is logged
	attrs := []any{"pid", p.pid, "scripts", runs, "peak_rss_bytes", p.peak}
	switch {
	case reason != "":
		p.log.Debug("script process ended", append(attrs, "reason", reason)...)
	case p.outOfMemory():
		p.log.Info("script process ended", append(attrs, "reason", "out of memory")...)
	default:
		p.log.Warn("script process ended", append(attrs, "reason", p.cause())...)
	}
}

// kill ends the child for reason and waits until it has been reaped.
func (p *proc) kill(reason string) {
	p.mu.Lock()
	if p.reason == "" {
		p.reason = reason
	}
	p.mu.Unlock()
	p.cmd.Process.Kill()
	<-p.exited
}

// alive reports whether the child has not ended.
func (p *proc) alive() bool {
	select {
	case <-p.exited:
		return false
	default:
		return true
	}
}

// started counts one more script in the child and returns the count.
func (p *proc) started() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.runs++
	return p.runs
}

// runCount is how many scripts the child has started.
func (p *proc) runCount() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.runs
}

// endReason is why the server ended the child, once it has exited; ""
// when it ended by itself.
func (p *proc) endReason() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.reason
}

// outOfMemory reports whether the Go runtime of the child said it ran out
// of memory (an allocation past the address-space limit).
func (p *proc) outOfMemory() bool {
	return bytes.Contains(p.stderr.bytes(), []byte("out of memory"))
}

// cause words how a child that ended by itself ended: its first line of
// standard error, or its exit status.
func (p *proc) cause() string {
	line, _, _ := bytes.Cut(bytes.TrimSpace(p.stderr.bytes()), []byte("\n"))
	if len(line) > 0 {
		return strconv.Quote(string(line))
	}
	if ps := p.cmd.ProcessState; ps != nil {
		return ps.String()
	}
	return "no answer"
}

// headWriter keeps the first max bytes written to it and drops the rest.
type headWriter struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (w *headWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if room := w.max - len(w.buf); room > 0 {
		w.buf = append(w.buf, b[:min(room, len(b))]...)
	}
	return len(b), nil
}

func (w *headWriter) bytes() []byte {
	w.mu.Lock()
	defer w.mu.Unlock()
	return bytes.Clone(w.buf)
}
