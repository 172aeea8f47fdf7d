// Package redisproc runs a throwaway redis-server for tests and
// benchmarks: on 127.0.0.1 at a free port, without persistence, in a
// temporary folder; it can be stopped and started again on the same port.
// The binary is SWAG2MCP_REDIS_SERVER or redis-server on PATH; `make redis`
// (scripts/install-redis.sh) installs Debian's package.
package redisproc

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Binary finds redis-server, or says how to install it.
func Binary() (string, error) {
	if p := os.Getenv("SWAG2MCP_REDIS_SERVER"); p != "" {
		return p, nil
	}
	p, err := exec.LookPath("redis-server")
	if err != nil {
		return "", errors.New("redis-server not found: run `make redis` (scripts/install-redis.sh installs Debian's redis-server), " +
			"or set SWAG2MCP_REDIS_SERVER")
	}
	return p, nil
}

// Server is one redis-server process.
type Server struct {
	binary, dir string
	port        int
	mu          sync.Mutex
	cmd         *exec.Cmd
}

// Start runs redis-server at a free loopback port with dir as its working
// folder and waits until it answers PING.
func Start(ctx context.Context, binary, dir string) (*Server, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	s := &Server{binary: binary, dir: dir, port: port}
	return s, s.Restart(ctx)
}

// Addr is host:port.
func (s *Server) Addr() string { return "127.0.0.1:" + strconv.Itoa(s.port) }

// URL is the redis:// URL of database 0.
func (s *Server) URL() string { return "redis://" + s.Addr() + "/0" }

// Pid is the running process's id, or 0.
func (s *Server) Pid() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil {
		return 0
	}
	return s.cmd.Process.Pid
}

// Restart starts the server again on its port after Stop (or the first
// time), and waits until it answers.
func (s *Server) Restart(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd != nil {
		return errors.New("redisproc: already running")
	}
	cmd := exec.Command(s.binary, "--port", strconv.Itoa(s.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
		"--dir", s.dir, "--daemonize", "no", "--logfile", "", "--loglevel", "warning")
	cmd.Dir = s.dir
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("redisproc: start %s: %w", s.binary, err)
	}
	s.cmd = cmd
	deadline := time.Now().Add(10 * time.Second)
	for {
		if err := Ping(ctx, s.Addr()); err == nil {
			return nil
		} else if time.Now().After(deadline) || ctx.Err() != nil {
			cmd.Process.Kill()
			cmd.Wait()
			s.cmd = nil
			return fmt.Errorf("redisproc: redis-server did not answer within 10 s: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Stop kills the server and waits for it to exit; the port is free after.
func (s *Server) Stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil {
		return
	}
	s.cmd.Process.Kill()
	s.cmd.Wait()
	s.cmd = nil
}

// Ping sends PING to the Redis at addr and wants +PONG.
func Ping(ctx context.Context, addr string) error {
	d := net.Dialer{Timeout: time.Second}
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(time.Second))
	if _, err := conn.Write([]byte("PING\r\n")); err != nil {
		return err
	}
	line, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil {
		return err
	}
	if strings.TrimSpace(line) != "+PONG" {
		return fmt.Errorf("PING answered %q", strings.TrimSpace(line))
	}
	return nil
}
