package mcptools

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/swag2mcp/swag2mcp/runtime/invoke"
	"github.com/swag2mcp/swag2mcp/runtime/script"
	"github.com/swag2mcp/swag2mcp/runtime/scripthost"
	"github.com/swag2mcp/swag2mcp/runtime/service"
)

// scriptOutputBytes bounds a script's emitted values and console output
// together.
const scriptOutputBytes = 256 << 10

// scriptTool is the script tool: the engine's limits and the flat-name
// index of the visible endpoints, built at the first run.
type scriptTool struct {
	a          *adapter
	runner     script.Runner
	limits     script.Limits
	maxTimeout time.Duration

	once  sync.Once
	index *scripthost.Index
}

func newScriptTool(a *adapter, runner script.Runner) *scriptTool {
	maxTimeout := a.svc.ScriptTimeout()
	if maxTimeout <= 0 {
		maxTimeout = script.DefaultTimeout
	}
	if runner == nil {
		runner = script.InProcess{}
	}
	return &scriptTool{a: a, runner: runner, maxTimeout: maxTimeout, limits: script.Limits{MaxOutputBytes: scriptOutputBytes}}
}

func (s *scriptTool) tool(ro bool) mcp.Tool {
	return mcp.Tool{
		Name: toolScript,
		Description: "Run JavaScript that makes many API calls in one step (loops, filters, Promise.all fan-out); " +
			"intermediate data stays in the server. Top-level await and return work. tools.search({query, limit?, " +
			"offset?}) → {items}; tools.describe({path}) → the contract with inputTypeScript; tools.call(path, args) " +
			"or tools.<flatName>(args) → {ok: true, data} or {ok: false, error}, never throwing for API failures; " +
			"args as invoke's (parameters, requestBody). tools.pages(path, args) → {pages, stopped} follows next pages. " +
			"Also emit(value) and console.log. Writes are confirmed or " +
			"refused as with invoke. Per script: 30 s, 200 operations, 16 MiB of results. Returns result, emitted, " +
			"console and a calls trace.",
		RawInputSchema: json.RawMessage(`{"type":"object","properties":{` +
			`"code":{"type":"string","minLength":1,"description":"JavaScript source; the body of an async function"},` +
			fmt.Sprintf(`"timeoutSeconds":{"type":"integer","minimum":1,"maximum":%d,"description":"Stop the script after this long (default %d)"}},`,
				int(s.maxTimeout/time.Second), int(min(script.DefaultTimeout, s.maxTimeout)/time.Second)) +
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
	ResultFileRef *service.FileRef `json:"resultFileRef,omitempty"`
}

// scriptArgs are the script tool's arguments.
type scriptArgs struct {
	Code           string `json:"code"`
	TimeoutSeconds int    `json:"timeoutSeconds"`
}

// run runs one script. Its calls reach the service through scripthost,
// with the asker this connection allows, and count as one use of each
// endpoint's cooldown.
func (s *scriptTool) run(ctx context.Context, req mcp.CallToolRequest) (any, error) {
	var args scriptArgs
	if _, err := service.DecodeArgs(rawArgs(req), &args); err != nil {
		return nil, err
	}
	maxSecs := int(s.maxTimeout / time.Second)
	var problems []string
	if args.Code == "" {
		problems = append(problems, "code is required")
	}
	if args.TimeoutSeconds != 0 && (args.TimeoutSeconds < 1 || args.TimeoutSeconds > maxSecs) {
		problems = append(problems, fmt.Sprintf("timeoutSeconds must be from 1 to %d, got %d", maxSecs, args.TimeoutSeconds))
	}
	if len(problems) > 0 {
		return nil, &service.Error{Code: service.CodeValidationFailed, Message: strings.Join(problems, "; ")}
	}
	lim := s.limits
	lim.Timeout = min(script.DefaultTimeout, s.maxTimeout)
	if args.TimeoutSeconds > 0 {
		lim.Timeout = time.Duration(args.TimeoutSeconds) * time.Second
	}
	s.once.Do(func() { s.index = scripthost.NewIndex(s.a.svc) })
	ctx = invoke.WithCooldownScope(ctx, invoke.NewCooldownScope())
	host := scripthost.New(s.a.svc, s.index, pausing(s.a.scriptAsker(ctx)))
	res := s.runner.Run(ctx, args.Code, host, lim)
	ans := scriptAnswer{Result: res}
	if size, limit := len(res.Value), s.a.svc.MaxInlineBytes(); int64(size) > limit {
		ref, err := s.a.svc.SaveJSON(res.Value, "The script's returned value")
		res.Value, ans.ResultFileRef = nil, ref
		if err != nil {
			res.Err = &script.Error{Code: script.CodeResultTooLarge, Message: fmt.Sprintf(
				"the returned value is %d bytes of JSON, more than the %d answered inline, and saving it failed (%v); "+
					"return a summary instead", size, limit, err)}
		}
	}
	outcome := outcomeOK
	if res.Err != nil {
		outcome = res.Err.Code
	}
	s.a.metrics.ScriptRun(outcome)
	out, err := success(ans)
	if err != nil {
		return nil, err
	}
	out.IsError = res.Err != nil
	return out, nil
}

// pausing stops a script's clock while the user reads a prompt.
func pausing(ask service.Asker) service.Asker {
	if ask == nil {
		return nil
	}
	return pausingAsker{ask}
}

type pausingAsker struct{ next service.Asker }

func (p pausingAsker) Ask(ctx context.Context, pr service.Prompt) (service.Answer, error) {
	resume := script.PauseClock(ctx)
	defer resume()
	return p.next.Ask(ctx, pr)
}
