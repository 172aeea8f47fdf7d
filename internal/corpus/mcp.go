package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// probeQuery matches every endpoint whose path starts with '/' (all, in
// practice), so search finds something whenever the server has endpoints.
const probeQuery = "path:/*"

// probeParam is a parameter no endpoint declares: invoke must refuse it
// before anything is sent.
const probeParam = "swag2mcp_corpus_probe"

// probe starts the server binary bin in dir over stdio and drives it with
// the official Go SDK client: initialize, tools/list, one search, one
// inspect of an endpoint search found, and one invoke of it with an
// undeclared parameter, which must fail validation without a request
// reaching the upstream ({envPrefix}_BASE_URL points to a local server
// that counts requests). Each step has stepTimeout. It returns the number
// of tools listed and of endpoints search found.
func probe(ctx context.Context, bin, dir, envPrefix string, endpoints int, stepTimeout time.Duration) (tools, found int, err error) {
	var sent atomic.Int64
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sent.Add(1)
		w.WriteHeader(http.StatusTeapot)
	}))
	defer upstream.Close()

	cmd := exec.CommandContext(ctx, bin, "--workspace", dir)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), envPrefix+"_BASE_URL="+upstream.URL)
	var stderr lockedBuffer
	cmd.Stderr = &stderr
	fail := func(step string, err error) (int, int, error) {
		return tools, found, withStderr(fmt.Errorf("%s: %w", step, err), &stderr)
	}

	client := mcp.NewClient(&mcp.Implementation{Name: "swag2mcp-corpus", Version: "dev"}, nil)
	sctx, cancel := context.WithTimeout(ctx, stepTimeout)
	session, err := client.Connect(sctx, &mcp.CommandTransport{Command: cmd, TerminateDuration: 2 * time.Second}, nil)
	cancel()
	if err != nil {
		return fail("initialize", err)
	}
	defer session.Close() // a server that exits late is no failure of the probe

	sctx, cancel = context.WithTimeout(ctx, stepTimeout)
	list, err := session.ListTools(sctx, nil)
	cancel()
	if err != nil {
		return fail("tools/list", err)
	}
	if len(list.Tools) == 0 {
		return fail("tools/list", errors.New("no tools"))
	}
	tools = len(list.Tools)

	var results struct {
		Endpoints []struct {
			ID string `json:"id"`
		} `json:"endpoints"`
		Total int `json:"total"`
	}
	if err := callTool(ctx, session, stepTimeout, "search", map[string]any{"query": probeQuery, "limit": 5}, &results); err != nil {
		return fail("search", err)
	}
	found = results.Total
	if endpoints > 0 && len(results.Endpoints) == 0 {
		return fail("search", fmt.Errorf("%q found none of the %d endpoints", probeQuery, endpoints))
	}
	if len(results.Endpoints) == 0 {
		return tools, found, nil // a server without endpoints has nothing to inspect or invoke
	}
	id := results.Endpoints[0].ID

	var op map[string]any
	if err := callTool(ctx, session, stepTimeout, "inspect", map[string]any{"endpointId": id}, &op); err != nil {
		return fail("inspect", err)
	}

	args := map[string]any{"endpointId": id, "parameters": map[string]any{probeParam: []string{"undeclared"}}}
	var refusal struct {
		Error struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	isError, err := callToolResult(ctx, session, stepTimeout, "invoke", args, &refusal)
	switch {
	case err != nil:
		return fail("invoke", err)
	case !isError || refusal.Error.Code != "validation_failed":
		return fail("invoke", fmt.Errorf("an undeclared parameter was not refused with validation_failed (error %v, code %q)", isError, refusal.Error.Code))
	case sent.Load() != 0:
		return fail("invoke", fmt.Errorf("a refused call sent %d request(s) to the upstream", sent.Load()))
	}
	return tools, found, nil
}

// callTool calls a tool that must succeed and decodes its structured result.
func callTool(ctx context.Context, s *mcp.ClientSession, timeout time.Duration, name string, args, out any) error {
	isError, err := callToolResult(ctx, s, timeout, name, args, out)
	if err != nil {
		return err
	}
	if isError {
		b, _ := json.Marshal(out)
		return fmt.Errorf("tool error: %s", firstLine(string(b)))
	}
	return nil
}

// callToolResult calls a tool within timeout and decodes its structured
// result (or, without one, its first text content) into out.
func callToolResult(ctx context.Context, s *mcp.ClientSession, timeout time.Duration, name string, args, out any) (bool, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	res, err := s.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		return false, err
	}
	var raw []byte
	if res.StructuredContent != nil {
		raw, err = json.Marshal(res.StructuredContent)
		if err != nil {
			return res.IsError, err
		}
	} else if len(res.Content) > 0 {
		if t, ok := res.Content[0].(*mcp.TextContent); ok {
			raw = []byte(t.Text)
		}
	}
	if len(raw) == 0 {
		return res.IsError, errors.New("empty result")
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return res.IsError, fmt.Errorf("result is not the JSON expected: %v", err)
	}
	return res.IsError, nil
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
