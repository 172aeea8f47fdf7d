package main

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// probe starts the server binary bin in dir over stdio, performs MCP
// initialize and tools/list with the official Go SDK client, and returns
// the number of tools listed.
func probe(ctx context.Context, bin, dir string) (int, error) {
	cmd := exec.CommandContext(ctx, bin)
	cmd.Dir = dir
	var stderr lockedBuffer
	cmd.Stderr = &stderr

	client := mcp.NewClient(&mcp.Implementation{Name: "swag2mcp-corpus", Version: "dev"}, nil)
	session, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd, TerminateDuration: 2 * time.Second}, nil)
	if err != nil {
		return 0, withStderr(fmt.Errorf("initialize: %w", err), &stderr)
	}
	defer session.Close() // a server that exits late is no failure of the probe
	list, err := session.ListTools(ctx, nil)
	if err != nil {
		return 0, withStderr(fmt.Errorf("tools/list: %w", err), &stderr)
	}
	if len(list.Tools) == 0 {
		return 0, withStderr(fmt.Errorf("tools/list: no tools"), &stderr)
	}
	return len(list.Tools), nil
}

// withStderr adds the server's first line of stderr to err, if it wrote any.
func withStderr(err error, stderr *lockedBuffer) error {
	if line := firstLine(stderr.String()); line != "" {
		return fmt.Errorf("%w (server stderr: %s)", err, line)
	}
	return err
}

// lockedBuffer is a bytes.Buffer safe for the process-copying goroutine
// and the reader.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
