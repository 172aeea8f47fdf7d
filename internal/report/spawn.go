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

// firstToolsList starts the server and speaks raw JSON-RPC over stdio:
// initialize, initialized, tools/list. It returns the time from spawn to the
// tools/list answer and that answer's size in bytes.
func firstToolsList(bin string) (time.Duration, int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return 0, 0, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return 0, 0, err
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, 0, err
	}
	defer func() { stdin.Close(); cmd.Wait() }()
	lines := bufio.NewReaderSize(stdout, 1<<20)
	send := func(msg string) error { _, err := io.WriteString(stdin, msg+"\n"); return err }
	if err := send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"report","version":"1"}}}`); err != nil {
		return 0, 0, err
	}
	if _, err := readReply(lines, 1); err != nil {
		return 0, 0, fmt.Errorf("initialize: %w", err)
	}
	if err := send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`); err != nil {
		return 0, 0, err
	}
	if err := send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`); err != nil {
		return 0, 0, err
	}
	reply, err := readReply(lines, 2)
	if err != nil {
		return 0, 0, fmt.Errorf("tools/list: %w", err)
	}
	return time.Since(start), len(reply), nil
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
