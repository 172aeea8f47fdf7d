package sandbox

import (
	"encoding/binary"
	"os"
	"time"
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
