package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/swag2mcp/swag2mcp/runtime/invoke"
	"github.com/swag2mcp/swag2mcp/runtime/script"
	"github.com/swag2mcp/swag2mcp/runtime/spill"
)

// toolScript runs JavaScript that orchestrates many endpoint calls.
const toolScript = "script"

// Bounds of the script tool.
const (
	// maxScriptTimeout is the longest timeout a call may ask for unless
	// --script-timeout (SWAG2MCP_SCRIPT_TIMEOUT, limits.script_timeout)
	// says otherwise; a call's default is the smaller of the two.
	maxScriptTimeout = script.DefaultTimeout
	// scriptOutputBytes bounds emitted values and console output together.
	scriptOutputBytes = 256 << 10
	// typeScriptBudget bounds describe's inputTypeScript.
	typeScriptBudget = 6 << 10
)

// scriptTool is the script tool: the engine's limits and the flat names
// of the visible endpoints, indexed at the first run.
type scriptTool struct {
	t          *tools
	limits     script.Limits
	maxTimeout time.Duration

	once sync.Once
	flat map[string]int // flat name → endpoint index; read-only after once
}

// scriptServerTool defines the script tool and its handler.
func (t *tools) scriptServerTool() mcpserver.ServerTool {
	maxTimeout := maxScriptTimeout
	if t.scriptMax > 0 {
		maxTimeout = t.scriptMax
	}
	s := &scriptTool{t: t, maxTimeout: maxTimeout, limits: script.Limits{MaxOutputBytes: scriptOutputBytes}}
	return mcpserver.ServerTool{Tool: s.tool(), Handler: s.handle}
}

func (s *scriptTool) tool() mcp.Tool {
	ro := s.t.readOnly()
	return mcp.Tool{
		Name: toolScript,
		Description: "Run JavaScript that makes many API calls in one step (loops, filters, Promise.all fan-out); " +
			"intermediate data stays in the server. Top-level await and return work. tools.search({query, limit?, " +
			"offset?}) → {items}; tools.describe({path}) → the contract with inputTypeScript; tools.call(path, args) " +
			"or tools.<flatName>(args) → {ok: true, data} or {ok: false, error}, never throwing for API failures; " +
			"args as invoke's (parameters, requestBody). Also emit(value) and console.log. Writes are confirmed or " +
			"refused as with invoke. Per script: 30 s, 200 operations, 16 MiB of results. Returns result, emitted, " +
			"console and a calls trace.",
		RawInputSchema: json.RawMessage(`{"type":"object","properties":{` +
			`"code":{"type":"string","minLength":1,"description":"JavaScript source; the body of an async function"},` +
			fmt.Sprintf(`"timeoutSeconds":{"type":"integer","minimum":1,"maximum":%d,"description":"Stop the script after this long (default %d)"}},`,
				int(s.maxTimeout/time.Second), int(script.DefaultTimeout/time.Second)) +
			`"required":["code"],"additionalProperties":false}`),
		Annotations: mcp.ToolAnnotation{
			Title:           "Run script",
			ReadOnlyHint:    mcp.ToBoolPtr(ro),
			DestructiveHint: mcp.ToBoolPtr(!ro),
			IdempotentHint:  mcp.ToBoolPtr(ro),
			OpenWorldHint:   mcp.ToBoolPtr(true),
		},
	}
}

// scriptAnswer is the script tool's answer: the run's outcome, with the
// returned value in a file when it is too large to answer inline.
type scriptAnswer struct {
	*script.Result
	ResultFileRef *fileRef `json:"resultFileRef,omitempty"`
}

// handle runs one script.
func (s *scriptTool) handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a := readArgs(req, "code", "timeoutSeconds")
	code := a.string("code", true)
	lim := s.limits
	lim.Timeout = min(script.DefaultTimeout, s.maxTimeout)
	if a.has("timeoutSeconds") {
		lim.Timeout = time.Duration(a.integer("timeoutSeconds", 1, int(s.maxTimeout/time.Second))) * time.Second
	}
	if err := a.err(); err != nil {
		return failure(err)
	}
	s.once.Do(s.indexFlatNames)
	// The script's calls count as one use of each endpoint for the cooldown.
	ctx = invoke.WithCooldownScope(ctx, invoke.NewCooldownScope())
	res := script.Run(ctx, code, &scriptHost{s: s}, lim)
	ans := scriptAnswer{Result: res}
	if size, limit := len(res.Value), s.t.responses.maxInline; int64(size) > limit {
		ref, err := s.spillValue(res.Value)
		res.Value, ans.ResultFileRef = nil, ref
		if err != nil {
			res.Err = &script.Error{Code: script.CodeResultTooLarge, Message: fmt.Sprintf(
				"the returned value is %d bytes of JSON, more than the %d answered inline, and saving it failed (%v); "+
					"return a summary instead", size, limit, err)}
		}
	}
	out, err := success(ans)
	if err != nil {
		return nil, err
	}
	out.IsError = res.Err != nil
	return out, nil
}

// spillValue stores a returned value too large to answer inline.
func (s *scriptTool) spillValue(v json.RawMessage) (*fileRef, error) {
	r := s.t.responses
	f, err := r.ws.Store(bytes.NewReader(v), spill.KindJSON, "application/json", r.maxBody)
	if err != nil {
		return nil, err
	}
	ref := r.newFileRef(f)
	ref.Message = fmt.Sprintf("The script's returned value (%s) passes the %s inline limit and was saved to disk. "+
		"Explore it with response_outline, then response_slice or response_compress, passing this path.", ref.SizeHint, ref.MaxSizeHint)
	return ref, nil
}

// indexFlatNames maps the flat names of the endpoints the run-time filter
// leaves visible to their index.
func (s *scriptTool) indexFlatNames() {
	eps := s.t.cat.Endpoints
	s.flat = make(map[string]int, len(eps))
	for i := range eps {
		if name := eps[i].FlatName; name != "" && !s.t.hidden(i) {
			if _, dup := s.flat[name]; !dup {
				s.flat[name] = i
			}
		}
	}
}

// resolve finds the visible endpoint a script path names: an endpoint id
// or a flat name.
func (s *scriptTool) resolve(path string) (int, bool) {
	if i, ok := s.t.byID[endpointKey(path)]; ok && !s.t.hidden(i) {
		return i, true
	}
	i, ok := s.flat[path]
	return i, ok
}

// pathOf is the path scripts use for endpoint i: its flat name, or its id
// when it has none.
func (s *scriptTool) pathOf(i int) string {
	if name := s.t.cat.Endpoints[i].FlatName; name != "" {
		return name
	}
	return s.t.cat.Endpoints[i].ID
}
