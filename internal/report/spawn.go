package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"time"
)

// spawn is one start of a server until its first tools/list answer.
type spawn struct {
	wall  time.Duration // from spawn to the tools/list answer
	cpu   time.Duration // user + system time of the whole process (it exits when stdin closes)
	bytes int           // the tools/list answer's size
}

// firstToolsList starts the server and speaks raw JSON-RPC over stdio:
// initialize, initialized, tools/list, then closes stdin and waits.
func firstToolsList(bin string) (spawn, error) {
	var sp spawn
	wall, n, cmd, err := talk(bin)
	if cmd != nil && cmd.ProcessState != nil {
		sp.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	sp.wall, sp.bytes = wall, n
	return sp, err
}

// talk runs one session of firstToolsList; cmd has exited when it returns.
func talk(bin string) (_ time.Duration, _ int, cmd *exec.Cmd, _ error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd = exec.CommandContext(ctx, bin)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return 0, 0, nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return 0, 0, nil, err
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, 0, nil, err
	}
	defer func() { stdin.Close(); cmd.Wait() }()
	lines := bufio.NewReaderSize(stdout, 1<<20)
	send := func(msg string) error { _, err := io.WriteString(stdin, msg+"\n"); return err }
	if err := send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"report","version":"1"}}}`); err != nil {
		return 0, 0, cmd, err
	}
	if _, err := readReply(lines, 1); err != nil {
		return 0, 0, cmd, fmt.Errorf("initialize: %w", err)
	}
	if err := send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`); err != nil {
		return 0, 0, cmd, err
	}
	if err := send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`); err != nil {
		return 0, 0, cmd, err
	}
	reply, err := readReply(lines, 2)
	if err != nil {
		return 0, 0, cmd, fmt.Errorf("tools/list: %w", err)
	}
	return time.Since(start), len(reply), cmd, nil
}

// readReply reads lines until the response with the given id.
func readReply(r *bufio.Reader, id int) ([]byte, error) {
	for {
		line, err := r.ReadBytes('\n')
		if err != nil {
			return nil, err
		}
		var msg struct {
			ID    *int            `json:"id"`
			Error json.RawMessage `json:"error"`
		}
		if json.Unmarshal(line, &msg) != nil || msg.ID == nil || *msg.ID != id {
			continue
		}
		if msg.Error != nil {
			return nil, errors.New(string(msg.Error))
		}
		return line, nil
	}
}
