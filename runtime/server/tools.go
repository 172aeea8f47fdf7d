package server

import (
	"encoding/json"
	"log/slog"

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
	settings.Limits = overlay(settings.Limits, opts.Settings.Limits)
	for domain, l := range opts.Settings.Specs {
		if settings.Specs == nil {
			settings.Specs = map[string]invoke.Limits{}
		}
		settings.Specs[domain] = overlay(settings.Specs[domain], l)
	}
	creds, err := auth.New(opts.Catalog, auth.Options{Getenv: opts.Getenv, ConfigFile: opts.ConfigFile})
	if err != nil {
		return nil, err
	}
	t := &tools{
		cat:      opts.Catalog,
		stubs:    opts.Stubs,
		searcher: opts.Searcher,
		client: invoke.NewClient(opts.Catalog, invoke.ClientOptions{
			Getenv: opts.Getenv, Limits: settings.Limits, SpecLimits: settings.Specs, Auth: creds,
		}),
		validator:  invoke.NewValidator(opts.Catalog),
		auth:       creds,
		byID:       make(map[string]int, len(opts.Catalog.Endpoints)),
		defsBudget: opts.DefsBudget,
		log:        opts.Logger,
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
	return []mcpserver.ServerTool{
		{Tool: searchTool(), Handler: t.search},
		{Tool: inspectTool(), Handler: t.inspect},
		{Tool: endpointByIDTool(), Handler: t.endpointByID},
		{Tool: invokeTool(), Handler: t.invoke},
		{Tool: auth.Tool(), Handler: t.authTool},
	}
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
		Name: toolSearch,
		Description: "Find API endpoints by keywords, e.g. \"list orders of a customer\". Use it first whenever " +
			"you lack an endpoint id. Returns endpoints best first with id, method, path, summary and their " +
			"tag, collection and spec. Next, call inspect with the id of the best match.",
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

func invokeTool() mcp.Tool {
	return mcp.Tool{
		Name: toolInvoke,
		Description: "Call an endpoint of the real API; returns statusCode, headers and body. Call inspect first " +
			"and pass parameters by the names it lists. Authentication is added automatically: never send " +
			"credentials. Calls can change or delete data: get the user's confirmation before invoking " +
			"POST, PUT, PATCH or DELETE endpoints.",
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
			ReadOnlyHint:    mcp.ToBoolPtr(false),
			DestructiveHint: mcp.ToBoolPtr(true),
			IdempotentHint:  mcp.ToBoolPtr(false),
			OpenWorldHint:   mcp.ToBoolPtr(true),
		},
	}
}
