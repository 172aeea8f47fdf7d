package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// session is one running server spoken to in raw JSON-RPC over stdio, the
// way an MCP host does (no SDK in the measured path).
type session struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	out    *bufio.Reader
	nextID int
	start  time.Time
}

// maxLine bounds one JSON-RPC message read from the server.
const maxLine = 64 << 20

// startSession spawns bin and completes the MCP handshake.
func startSession(ctx context.Context, bin string) (*session, error) {
	cmd := exec.CommandContext(ctx, bin)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	s := &session{cmd: cmd, stdin: stdin, out: bufio.NewReaderSize(stdout, 1<<20), nextID: 1, start: time.Now()}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	if _, err := s.call("initialize", map[string]any{
		"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "bigserver", "version": "1"},
	}); err != nil {
		s.close()
		return nil, fmt.Errorf("initialize: %w", err)
	}
	if err := s.send(map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"}); err != nil {
		s.close()
		return nil, err
	}
	return s, nil
}

func (s *session) send(msg any) error {
	b, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	_, err = s.stdin.Write(append(b, '\n'))
	return err
}

// call sends one request and returns its result, skipping notifications.
func (s *session) call(method string, params any) (json.RawMessage, error) {
	id := s.nextID
	s.nextID++
	if err := s.send(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params}); err != nil {
		return nil, err
	}
	for {
		line, err := s.readLine()
		if err != nil {
			return nil, err
		}
		var msg struct {
			ID     *int            `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  json.RawMessage `json:"error"`
		}
		if json.Unmarshal(line, &msg) != nil || msg.ID == nil || *msg.ID != id {
			continue
		}
		if msg.Error != nil {
			return nil, errors.New(string(msg.Error))
		}
		return msg.Result, nil
	}
}

func (s *session) readLine() ([]byte, error) {
	var line []byte
	for {
		chunk, err := s.out.ReadSlice('\n')
		line = append(line, chunk...)
		if len(line) > maxLine {
			return nil, fmt.Errorf("server message longer than %d bytes", maxLine)
		}
		if err == nil {
			return line, nil
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return nil, err
		}
	}
}

func (s *session) close() {
	s.stdin.Close()
	s.cmd.Wait()
}

// toolResult is the part of a tools/call answer the benchmark reads.
type toolResult struct {
	IsError bool `json:"isError"`
	Content []struct {
		Text string `json:"text"`
	} `json:"content"`
}

// searchCall runs the search tool once and returns the answer's time.
func (s *session) searchCall(query string, limit int) (time.Duration, toolResult, error) {
	start := time.Now()
	raw, err := s.call("tools/call", map[string]any{
		"name": "search", "arguments": map[string]any{"query": query, "limit": limit},
	})
	d := time.Since(start)
	var res toolResult
	if err == nil {
		err = json.Unmarshal(raw, &res)
	}
	return d, res, err
}

// firstToolsList spawns bin and returns the time from spawn to the answer
// of its first tools/list, the CPU time the server had used by then (-1
// when unknown) and that answer's size.
func firstToolsList(ctx context.Context, bin string) (wall, cpu time.Duration, size int, err error) {
	s, err := startSession(ctx, bin)
	if err != nil {
		return 0, 0, 0, err
	}
	defer s.close()
	raw, err := s.call("tools/list", map[string]any{})
	if err != nil {
		return 0, 0, 0, fmt.Errorf("tools/list: %w", err)
	}
	wall = time.Since(s.start)
	return wall, processCPU(s.cmd.Process.Pid), len(raw), nil
}

// processCPU is the user+sys CPU time process pid has used, from
// /proc/PID/stat (in clock ticks, 100 a second on Linux); -1 when unknown.
// Under a loaded machine it says what start-up costs better than wall time.
func processCPU(pid int) time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return -1
	}
	// The fields after the command name, which is in parentheses and may
	// hold spaces: state is field 3, utime 14 and stime 15.
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return -1
	}
	f := strings.Fields(string(data[i+1:]))
	if len(f) < 13 {
		return -1
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return -1
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond
}
