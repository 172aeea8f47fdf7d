package sandbox

import (
	"bytes"
	"context"
	"encoding/binary"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/swag2mcp/swag2mcp/runtime/script"
)

// envRogue makes the test binary a child that breaks the protocol in the
// way its value names, for TestRogueChild.
const envRogue = "SANDBOX_TEST_ROGUE"

// rogue plays a broken or hostile child: it says it is ready, waits for a
// script, then misbehaves.
func rogue(mode string) int {
	c := newConn(os.Stdin, os.Stdout)
	c.send(header{Kind: kindReady, PID: os.Getpid()}, nil)
	if _, _, err := c.recv(); err != nil {
		return 1
	}
	switch mode {
	case "flood": // more operations at once than the engine ever starts
		for id := uint64(1); id <= 1000; id++ {
			c.send(header{Kind: kindOp, ID: id, Op: opCall, Path: "slow"}, []byte(`{}`))
		}
	case "huge": // a frame longer than any a child may send
		var pre [8]byte
		binary.BigEndian.PutUint32(pre[:4], 2)
		binary.BigEndian.PutUint32(pre[4:], maxBody+1)
		os.Stdout.Write(pre[:])
		os.Stdout.Write([]byte("{}"))
	case "garbage": // bytes that are no frame
		os.Stdout.Write([]byte("hello, I am not a script process\n"))
	case "unknown": // a frame the server never expects
		c.send(header{Kind: kindRun}, nil)
	}
	// Then hang: only the server's kill or deadline ends this.
	time.Sleep(time.Hour)
	return 1
}

// TestRogueChild: a child that floods the server with operations, sends a
// frame over the size limit, writes bytes that are no frame, or sends a
// frame only the server may send is stopped, and its script fails with
// engine_failed, without the flood reaching the host.
func TestRogueChild(t *testing.T) {
	for _, mode := range []string{"flood", "huge", "garbage", "unknown"} {
		t.Run(mode, func(t *testing.T) {
			exe := filepath.Join(t.TempDir(), "rogue")
			self, err := os.Executable()
			if err != nil {
				t.Fatal(err)
			}
			wrapper := "#!/bin/sh\n" + envRogue + "=" + mode + " exec " + strconv.Quote(self) + "\n"
			if err := os.WriteFile(exe, []byte(wrapper), 0o700); err != nil {
				t.Fatal(err)
			}
			p, _ := newPool(t, Options{Executable: exe, Grace: 200 * time.Millisecond})
			h := &fakeHost{Delay: time.Hour}
			began := time.Now()
			res := p.Run(context.Background(), `return 1`, h, script.Limits{Timeout: 10 * time.Second})
			if res.Err == nil || res.Err.Code != script.CodeEngineFailed {
				t.Errorf("error %+v, want %s", res.Err, script.CodeEngineFailed)
			}
			if took := time.Since(began); took > 5*time.Second {
				t.Errorf("stopped after %v, want well before the timeout", took)
			}
			if h.maxSeen > script.DefaultMaxConcurrency {
				t.Errorf("%d calls reached the host at once, want at most %d", h.maxSeen, script.DefaultMaxConcurrency)
			}
		})
	}
}

// TestFrameBounds: frames over the limits are neither sent nor read.
func TestFrameBounds(t *testing.T) {
	var buf bytes.Buffer
	c := newConn(&buf, &buf)
	if err := c.send(header{Kind: kindAnswer}, make([]byte, maxBody+1)); err == nil {
		t.Error("sent a body over the limit")
	}
	if err := c.send(header{Kind: kindOp, Path: strings.Repeat("p", maxHeader)}, nil); err == nil {
		t.Error("sent a header over the limit")
	}
	var pre [8]byte
	binary.BigEndian.PutUint32(pre[:4], 2)
	binary.BigEndian.PutUint32(pre[4:], maxBody+1)
	buf.Reset()
	buf.Write(pre[:])
	if _, _, err := c.recv(); err == nil || !strings.Contains(err.Error(), "over the limit") {
		t.Errorf("read a frame over the limit: %v", err)
	}
}
