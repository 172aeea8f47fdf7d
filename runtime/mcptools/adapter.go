// Package mcptools is the MCP adapter of a generated server: it defines
// the tools (search, inspect, endpoint_by_id, invoke, auth, script and the
// response tools), decodes their arguments with service.DecodeArgs, calls
// the application service and turns its typed answers and errors into MCP
// results. It knows no transport: runtime/server serves the MCP server it
// builds over stdio or streamable HTTP.
package mcptools

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/swag2mcp/swag2mcp/runtime/auth"
	"github.com/swag2mcp/swag2mcp/runtime/metrics"
	"github.com/swag2mcp/swag2mcp/runtime/script"
	"github.com/swag2mcp/swag2mcp/runtime/service"
)

// Options configure NewServer.
type Options struct {
	Name    string
	Version string
	Logger  *slog.Logger      // nil discards logs
	Metrics *metrics.Recorder // nil records nothing
	// Scripts runs the script tool's scripts; nil runs them in this
	// process (script.InProcess). runtime/server.Main gives a
	// sandbox.Pool, which runs each in a child process.
	Scripts script.Runner
}

// instructions tell a client's model how the tools fit together.
const instructions = "Find API endpoints with search, read an endpoint's contract with inspect, " +
	"then call it with invoke. Ids come from search results. For work that needs many calls, " +
	"write one script instead of many invokes. Large answers come back as a fileRef: explore it " +
	"with response_outline, response_compress and response_slice."

// overviewLead joins the instructions and the service's overview.
const overviewLead = " Word searches in the API's own terms; its main tags and resources follow. Served: "

// maxInstructions bounds serverInstructions: MCP clients show or pass on
// the instructions whole.
const maxInstructions = 2 << 10

// serverInstructions are the instructions followed by the service's
// overview (its APIs, their sizes, main tags and resources), so that a
// model words its searches in the API's terms: at most 2 KiB.
func serverInstructions(svc *service.Service) string {
	if o := svc.Overview(); o != "" {
		return instructions + overviewLead + o
	}
	return instructions
}

// adapter holds what the tool handlers share.
type adapter struct {
	svc     *service.Service
	mcp     *mcpserver.MCPServer
	metrics *metrics.Recorder
	script  *scriptTool
}

// NewServer builds the MCP server with the tools over svc. It declares the
// tools and logging capabilities.
func NewServer(svc *service.Service, opts Options) *mcpserver.MCPServer {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	s := mcpserver.NewMCPServer(opts.Name, opts.Version,
		mcpserver.WithToolCapabilities(false),
		mcpserver.WithLogging(),
		mcpserver.WithInstructions(serverInstructions(svc)),
		mcpserver.WithLogger(opts.Logger),
		mcpserver.WithRecovery(),
		// The script tool asks the user to confirm writes in the middle of
		// a run, which cannot return an input_required result halfway.
		// Over stdio (bidirectional) the server-initiated request works
		// for every protocol version; over HTTP only for session-based
		// ones (see scriptAsker).
		mcpserver.WithLegacyServerInitiatedRequests(), //nolint:staticcheck // see above
	)
	a := &adapter{svc: svc, mcp: s, metrics: opts.Metrics}
	a.script = newScriptTool(a, opts.Scripts)
	s.AddTools(a.tools()...)
	return s
}

// tools pairs each tool definition with its handler. Tools are mcp.Tool
// literals with raw schemas: mixing mcp.NewTool's options with a raw
// schema makes tools/list fail.
func (a *adapter) tools() []mcpserver.ServerTool {
	ro := a.svc.ReadOnly()
	return []mcpserver.ServerTool{
		{Tool: searchTool(), Handler: a.handle(toolSearch, a.search)},
		{Tool: inspectTool(), Handler: a.handle(toolInspect, a.inspect)},
		{Tool: endpointByIDTool(), Handler: a.handle(toolEndpointByID, a.endpointByID)},
		{Tool: invokeTool(ro), Handler: a.handle(toolInvoke, a.invoke)},
		{Tool: auth.Tool(), Handler: a.handle(auth.ToolName, a.auth)},
		{Tool: a.script.tool(ro), Handler: a.handle(toolScript, a.script.run)},
		{Tool: responseOutlineTool(), Handler: a.handle(toolResponseOutline, a.responseOutline)},
		{Tool: responseCompressTool(), Handler: a.handle(toolResponseCompress, a.responseCompress)},
		{Tool: responseSliceTool(), Handler: a.handle(toolResponseSlice, a.responseSlice)},
	}
}

// handlerFunc answers one tool call with a value to encode, a finished
// *mcp.CallToolResult, a *service.Error (a failed call the model sees) or
// another error (a server fault: a JSON-RPC error).
type handlerFunc func(ctx context.Context, req mcp.CallToolRequest) (any, error)

// Tool-call outcomes besides the error codes, for the metrics.
const (
	outcomeOK            = "ok"
	outcomeFault         = "server_error"
	outcomeInputRequired = "input_required"
)

// handle turns h into an mcp-go handler and counts its outcomes.
func (a *adapter) handle(tool string, h handlerFunc) mcpserver.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		v, err := h(ctx, req)
		if e := service.AsError(err); e != nil {
			a.metrics.ToolCall(tool, e.Code)
			return failure(e)
		}
		if err != nil {
			a.metrics.ToolCall(tool, outcomeFault)
			return nil, err
		}
		if res, ok := v.(*mcp.CallToolResult); ok {
			switch {
			case res.NeedsInput():
				a.metrics.ToolCall(tool, outcomeInputRequired)
			case res.IsError:
				a.metrics.ToolCall(tool, errorCode(res))
			default:
				a.metrics.ToolCall(tool, outcomeOK)
			}
			return res, nil
		}
		a.metrics.ToolCall(tool, outcomeOK)
		return success(v)
	}
}

// errorCode reads the code of a failed result's {"error": {"code"}}
// (the script tool's failures carry the script's code).
func errorCode(res *mcp.CallToolResult) string {
	raw, ok := res.StructuredContent.(json.RawMessage)
	var doc struct {
		Error struct {
			Code string `json:"code"`
		} `json:"error"`
	}
	if !ok || json.Unmarshal(raw, &doc) != nil || doc.Error.Code == "" {
		return outcomeFault
	}
	return doc.Error.Code
}

// rawArgs is a call's arguments as JSON.
func rawArgs(req mcp.CallToolRequest) json.RawMessage {
	if len(req.Params.RawArguments) > 0 || req.Params.Arguments == nil {
		return req.Params.RawArguments
	}
	b, err := json.Marshal(req.Params.Arguments)
	if err != nil {
		return json.RawMessage(`"unreadable"`) // DecodeArgs reports a non-object
	}
	return b
}

// endpointArgs are the arguments of the tools that take an endpoint id.
type endpointArgs struct {
	EndpointID string `json:"endpointId"`
}

func (a *adapter) search(ctx context.Context, req mcp.CallToolRequest) (any, error) {
	var args struct {
		Query string `json:"query"`
		Limit int    `json:"limit"`
	}
	if _, err := service.DecodeArgs(rawArgs(req), &args); err != nil {
		return nil, err
	}
	return a.svc.Search(ctx, service.SearchRequest{Query: args.Query, Limit: args.Limit})
}

func (a *adapter) inspect(_ context.Context, req mcp.CallToolRequest) (any, error) {
	var args struct {
		EndpointID string `json:"endpointId"`
		Detail     string `json:"detail"`
		Schema     string `json:"schema"`
	}
	if _, err := service.DecodeArgs(rawArgs(req), &args); err != nil {
		return nil, err
	}
	return a.svc.InspectAnswer(service.InspectRequest{Endpoint: service.ByID(args.EndpointID), Detail: args.Detail, Schema: args.Schema})
}

func (a *adapter) endpointByID(_ context.Context, req mcp.CallToolRequest) (any, error) {
	var args endpointArgs
	if _, err := service.DecodeArgs(rawArgs(req), &args); err != nil {
		return nil, err
	}
	return a.svc.Endpoint(service.ByID(args.EndpointID))
}

// invokeArgs are the invoke tool's arguments.
type invokeArgs struct {
	EndpointID string `json:"endpointId"`
	service.InvokeArgs
}

func (a *adapter) invoke(ctx context.Context, req mcp.CallToolRequest) (any, error) {
	var args invokeArgs
	healed, err := service.DecodeArgs(rawArgs(req), &args)
	if err != nil {
		return nil, err
	}
	args.Healed = healed
	ask := a.invokeAsker(ctx, req)
	res, err := a.svc.Invoke(ctx, service.InvokeRequest{Endpoint: service.ByID(args.EndpointID), Args: args.InvokeArgs, Ask: ask})
	if errors.Is(err, service.ErrAskPending) {
		if rt, ok := ask.(*roundTripAsker); ok && rt.pending != nil {
			return rt.inputRequired(), nil
		}
	}
	if err != nil {
		return nil, err
	}
	out, err := success(res)
	if err != nil {
		return nil, err
	}
	return withMedia(out, res.Media), nil
}

func (a *adapter) auth(ctx context.Context, req mcp.CallToolRequest) (any, error) {
	var args auth.ToolArgs
	if _, err := service.DecodeArgs(rawArgs(req), &args); err != nil {
		return nil, err
	}
	return a.svc.Auth(ctx, args)
}

func (a *adapter) responseOutline(_ context.Context, req mcp.CallToolRequest) (any, error) {
	var args struct {
		Path string `json:"path"`
	}
	if _, err := service.DecodeArgs(rawArgs(req), &args); err != nil {
		return nil, err
	}
	return a.svc.Outline(args.Path)
}

func (a *adapter) responseCompress(_ context.Context, req mcp.CallToolRequest) (any, error) {
	var args struct {
		Path string `json:"path"`
		Mode string `json:"mode"`
	}
	if _, err := service.DecodeArgs(rawArgs(req), &args); err != nil {
		return nil, err
	}
	return a.svc.Compress(args.Path, args.Mode)
}

func (a *adapter) responseSlice(_ context.Context, req mcp.CallToolRequest) (any, error) {
	var args struct {
		Path     string `json:"path"`
		JSONPath string `json:"jsonPath"`
	}
	if _, err := service.DecodeArgs(rawArgs(req), &args); err != nil {
		return nil, err
	}
	return a.svc.Slice(args.Path, args.JSONPath)
}
