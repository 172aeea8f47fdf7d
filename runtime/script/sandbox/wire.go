package sandbox

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"sync"

	"github.com/swag2mcp/swag2mcp/runtime/script"
)

// A frame is one message between the server and a child: a small JSON
// header and a raw body, each preceded by its length,
//
//	uint32 header length | uint32 body length | header | body
//
// Bodies (a script's source, tool arguments, answers, the result) pass
// through unparsed: a large answer is copied, never re-encoded.
type header struct {
	Kind   string         `json:"k"`
	ID     uint64         `json:"id,omitempty"`     // an operation's id
	Op     string         `json:"op,omitempty"`     // kindOp: opSearch, opDescribe, opCall or opKnown
	Path   string         `json:"path,omitempty"`   // kindOp: the path or flat name
	OK     bool           `json:"ok,omitempty"`     // kindAnswer of a call or known; kindDone: the child may be reused
	Fault  string         `json:"fault,omitempty"`  // kindAnswer of search or describe: the host failed
	PID    int            `json:"pid,omitempty"`    // kindReady
	Limits *script.Limits `json:"limits,omitempty"` // kindRun
}

// Kinds of frames. The child sends ready, op, emit, print and done; the
// server sends run, answer, pause, resume and cancel.
const (
	kindReady  = "ready"  // the child is up
	kindRun    = "run"    // run the script in the body
	kindOp     = "op"     // a tools operation; body: the search query or call arguments
	kindAnswer = "answer" // the answer to operation ID; body: its JSON
	kindPause  = "pause"  // a confirmation of operation ID is open: stop the clock
	kindResume = "resume" // that confirmation ended
	kindCancel = "cancel" // the caller cancelled the run
	kindEmit   = "emit"   // body: a value the script emitted
	kindPrint  = "print"  // body: a console line
	kindDone   = "done"   // body: the script.Result
)

// Operations of kindOp.
const (
	opSearch   = "search"
	opDescribe = "describe"
	opCall     = "call"
	opKnown    = "known"
)

// Bounds of a frame. The largest legitimate body is a result (at most
// script.DefaultMaxResultBytes of value plus output and trace) or an
// answer; anything larger is a broken peer and ends the connection.
const (
	maxHeader = 64 << 10
	maxBody   = 64 << 20
)

// conn sends and receives frames; send is safe for concurrent use, recv
// is for one goroutine.
type conn struct {
	r  *bufio.Reader
	mu sync.Mutex
	w  *bufio.Writer
}

func newConn(r io.Reader, w io.Writer) *conn {
	return &conn{r: bufio.NewReaderSize(r, 64<<10), w: bufio.NewWriterSize(w, 64<<10)}
}

// send writes one frame and flushes it.
func (c *conn) send(h header, body []byte) error {
	hb, err := json.Marshal(h)
	if err != nil {
		return err
	}
	if len(hb) > maxHeader || len(body) > maxBody {
		return fmt.Errorf("sandbox: %s frame too large (%d + %d bytes)", h.Kind, len(hb), len(body))
	}
	var pre [8]byte
	binary.BigEndian.PutUint32(pre[:4], uint32(len(hb)))
	binary.BigEndian.PutUint32(pre[4:], uint32(len(body)))
	c.mu.Lock()
	defer c.mu.Unlock()
	c.w.Write(pre[:])
	c.w.Write(hb)
	c.w.Write(body)
	return c.w.Flush() // a write error sticks and is returned here
}

// recv reads one frame.
func (c *conn) recv() (header, []byte, error) {
	var pre [8]byte
	if _, err := io.ReadFull(c.r, pre[:]); err != nil {
		return header{}, nil, err
	}
	hl, bl := binary.BigEndian.Uint32(pre[:4]), binary.BigEndian.Uint32(pre[4:])
	if hl > maxHeader || bl > maxBody {
		return header{}, nil, fmt.Errorf("sandbox: frame of %d + %d bytes is over the limit", hl, bl)
	}
	buf := make([]byte, int(hl)+int(bl))
	if _, err := io.ReadFull(c.r, buf); err != nil {
		return header{}, nil, noEOF(err)
	}
	var h header
	if err := json.Unmarshal(buf[:hl], &h); err != nil {
		return header{}, nil, fmt.Errorf("sandbox: bad frame header: %w", err)
	}
	return h, buf[hl:], nil
}

// noEOF reports a stream cut inside a frame as such.
func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}
