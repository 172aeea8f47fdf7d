package server

import (
	"encoding/json"
	"log/slog"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/swag2mcp/swag2mcp/runtime/auth"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// Tool names.
const (
	toolSearch       = "search"
	toolInspect      = "inspect"
	toolEndpointByID = "endpoint_by_id"
	toolInvoke       = "invoke"
)

// Search limits.
const (
	minLimit = 1
	maxLimit = 50
)

// tools holds what the tool handlers share.
type tools struct {
	cat        *catalog.Catalog
	stubs      []invoke.Stub
	searcher   search.Searcher
	client     *invoke.Client
	validator  *invoke.Validator
	auth       *auth.Provider
	byID       map[string]int // endpointKey(id) → index in cat.Endpoints
	defsBudget int
	log        *slog.Logger
	responses  *responses // stored bodies and the response tools (response_tools.go)

	// What invoke may do (see guard.go): the resolved policy, the
	// endpoints the run-time filter hides (nil: none), where audit lines
	// go, and how to ask the user (nil until the MCP server exists).
	policy   Policy
	hide     []bool
	auditLog *slog.Logger
	elicit   elicitFunc

	scriptMax time.Duration // longest script run; 0: script.DefaultTimeout
}

// newTools reads the limits and credentials and indexes the catalog's
// endpoint ids; opts has its defaults.
func newTools(opts Options) (*tools, error) {
	settings, err := readSettings(opts.ConfigFile)
	if err != nil {
		return nil, err
	}
	if settings, err = settings.fromEnv(opts.Getenv, opts.Catalog); err != nil {
		return nil, err
	}
	settings.Limits = settings.Limits.Over(opts.Settings.Limits)
	if opts.Settings.ScriptTimeout > 0 {
		settings.ScriptTimeout = opts.Settings.ScriptTimeout
	}
	for domain, l := range opts.Settings.Specs {
		if settings.Specs == nil {
			settings.Specs = map[string]invoke.Limits{}
		}
		settings.Specs[domain] = settings.Specs[domain].Over(l)
	}
	creds, err := auth.New(opts.Catalog, auth.Options{Getenv: opts.Getenv, ConfigFile: opts.ConfigFile})
	if err != nil {
		return nil, err
	}
	configData, err := readConfig(opts.ConfigFile)
	if err != nil {
		return nil, err
	}
	policy, err := resolvePolicy(configData, opts.Getenv, opts.Policy)
	if err != nil {
		return nil, err
	}
	auditOut, err := openAuditLog(opts.AuditWriter, policy.AuditLog)
	if err != nil {
		return nil, err
	}
	bodies, err := newResponses(opts.Name, configData, opts.Getenv, opts.Settings.Responses)
	if err != nil {
		return nil, err
	}
	t := &tools{
		cat:      opts.Catalog,
		stubs:    opts.Stubs,
		searcher: opts.Searcher,
		client: invoke.NewClient(opts.Catalog, invoke.ClientOptions{
			Getenv: opts.Getenv, Limits: settings.Limits, SpecLimits: settings.Specs, Auth: creds,
			MaxBodyBytes: bodies.maxBody, Responses: bodies.clientOptions(),
		}),
		validator:  invoke.NewValidator(opts.Catalog),
		auth:       creds,
		byID:       make(map[string]int, len(opts.Catalog.Endpoints)),
		defsBudget: opts.DefsBudget,
		log:        opts.Logger,
		responses:  bodies,
		policy:     policy,
		hide:       hiddenEndpoints(opts.Catalog, policy.Filter),
		auditLog:   auditLogger(auditOut, opts.Logger),
		scriptMax:  settings.ScriptTimeout,
	}
	for i := range opts.Catalog.Endpoints {
		k := endpointKey(opts.Catalog.Endpoints[i].ID)
		if _, dup := t.byID[k]; !dup {
			t.byID[k] = i
		}
	}
	return t, nil
}

// serverTools pairs each tool definition with its handler. Tools are
// mcp.Tool literals with raw schemas: mixing mcp.NewTool's options with a
// raw schema makes tools/list fail.
func (t *tools) serverTools() []mcpserver.ServerTool {
	return append([]mcpserver.ServerTool{
		{Tool: searchTool(), Handler: t.search},
		{Tool: inspectTool(), Handler: t.inspect},
		{Tool: endpointByIDTool(), Handler: t.endpointByID},
		{Tool: invokeTool(t.readOnly()), Handler: t.invoke},
		{Tool: auth.Tool(), Handler: t.authTool},
		t.scriptServerTool(),
	}, t.responseTools()...)
}

// readOnly annotates a tool that only reads the compiled-in catalog.
func readOnly(title string) mcp.ToolAnnotation {
	return mcp.ToolAnnotation{
		Title:           title,
		ReadOnlyHint:    mcp.ToBoolPtr(true),
		DestructiveHint: mcp.ToBoolPtr(false),
		IdempotentHint:  mcp.ToBoolPtr(true),
		OpenWorldHint:   mcp.ToBoolPtr(false),
	}
}

func searchTool() mcp.Tool {
	return mcp.Tool{
		Name:        toolSearch,
		Description: search.ToolDescription,
		RawInputSchema: json.RawMessage(`{"type":"object","properties":{` +
			`"query":{"type":"string","minLength":1,"description":"Words describing the operation you need"},` +
			`"limit":{"type":"integer","minimum":1,"maximum":50,"description":"Most endpoints to return (1-50); 10 is usually enough"}},` +
			`"required":["query","limit"],"additionalProperties":false}`),
		Annotations: readOnly("Search endpoints"),
	}
}

// endpointIDSchema is the input schema of tools that take only an endpoint id.
const endpointIDSchema = `{"type":"object","properties":{` +
	`"endpointId":{"type":"string","description":"Endpoint id (32 hex digits) from search"}},` +
	`"required":["endpointId"],"additionalProperties":false}`

func inspectTool() mcp.Tool {
	return mcp.Tool{
		Name: toolInspect,
		Description: "Show one endpoint's full contract: parameters, request body and responses as an OpenAPI " +
			"operation, referenced schemas under $defs, baseUrl and fullUrl. Call it before invoke to learn " +
			"which parameters and body the endpoint needs.",
		RawInputSchema: json.RawMessage(endpointIDSchema),
		Annotations:    readOnly("Inspect endpoint"),
	}
}

func endpointByIDTool() mcp.Tool {
	return mcp.Tool{
		Name: toolEndpointByID,
		Description: "Summarize one endpoint by id: method, path, summary, operationId, deprecation and its " +
			"tag, collection and spec. Cheaper than inspect when you only need to recall what an id is.",
		RawInputSchema: json.RawMessage(endpointIDSchema),
		Annotations:    readOnly("Endpoint by id"),
	}
}

// invokeTool defines invoke. Its annotations follow the policy: a
// read-only server's invoke only reads (GET, HEAD, OPTIONS), so it is
// neither destructive nor anything but idempotent.
func invokeTool(readOnly bool) mcp.Tool {
	desc := "Call an endpoint of the real API; returns statusCode, headers and body. Call inspect first " +
		"and pass parameters by the names it lists. Authentication is added automatically: never send " +
		"credentials. Calls can change or delete data: the server asks the user to confirm POST, PUT, PATCH " +
		"and DELETE calls when the client supports it; otherwise get the user's approval first. A not_confirmed " +
		"error means the user did not approve: do not retry unless they ask."
	if readOnly {
		desc = "Call an endpoint of the real API; returns statusCode, headers and body. Call inspect first " +
			"and pass parameters by the names it lists. Authentication is added automatically: never send " +
			"credentials. This server is read-only: only GET, HEAD and OPTIONS endpoints can be called; " +
			"others fail with read_only."
	}
	return mcp.Tool{
		Name:        toolInvoke,
		Description: desc,
		RawInputSchema: json.RawMessage(`{"type":"object","properties":{` +
			`"endpointId":{"type":"string","description":"Endpoint id (32 hex digits) from search"},` +
			`"parameters":{"type":"object","description":"Path, query, header and cookie parameters by name, as inspect lists them"},` +
			`"requestBody":{"description":"Request body as JSON, for endpoints that take one. Form and multipart bodies are objects of their fields; ` +
			`a file is {\"content\": base64, \"filename\", \"contentType\"}; binary bodies are base64 strings, text bodies strings"},` +
			`"mediaType":{"type":"string","description":"Request body media type when the endpoint accepts several; default JSON when offered"},` +
			`"headers":{"type":"object","additionalProperties":{"type":"string"},"description":"Extra HTTP headers"},` +
			`"cookies":{"type":"object","additionalProperties":{"type":"string"},"description":"Extra cookies"}},` +
			`"required":["endpointId"],"additionalProperties":false}`),
		Annotations: mcp.ToolAnnotation{
			Title:           "Invoke endpoint",
			ReadOnlyHint:    mcp.ToBoolPtr(readOnly),
			DestructiveHint: mcp.ToBoolPtr(!readOnly),
			IdempotentHint:  mcp.ToBoolPtr(readOnly),
			OpenWorldHint:   mcp.ToBoolPtr(true),
		},
	}
}
