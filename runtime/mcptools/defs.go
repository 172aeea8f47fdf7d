package mcptools

import (
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// Tool names.
const (
	toolSearch       = "search"
	toolInspect      = "inspect"
	toolEndpointByID = "endpoint_by_id"
	toolInvoke       = "invoke"
	toolScript       = "script"

	toolResponseOutline  = "response_outline"
	toolResponseCompress = "response_compress"
	toolResponseSlice    = "response_slice"
)

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
		Description: "What calling one endpoint takes: its parameters (name, in, required, type, enum, format), request " +
			"body fields and success response fields as compact types, baseUrl and fullUrl. Call it before invoke; " +
			"cut names what was left out and the exact arguments that return it.",
		RawInputSchema: json.RawMessage(`{"type":"object","properties":{` +
			`"endpointId":{"type":"string","description":"Endpoint id (32 hex digits) from search"},` +
			`"detail":{"type":"string","enum":["concise","full"],"default":"concise","description":"full: the OpenAPI operation with $defs"},` +
			`"schema":{"type":"string","description":"A component schema to return whole (from cut.schemas or a $ref)"}},` +
			`"required":["endpointId"],"additionalProperties":false}`),
		Annotations: readOnly("Inspect endpoint"),
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

// invokeSummary opens invoke's description in either mode.
const invokeSummary = "Call an endpoint of the real API; returns statusCode, headers, body and, when there are more " +
	"pages, next.parameters for the next. Pass parameters by the names inspect lists. Credentials are added " +
	"automatically; arguments carrying them (Authorization, the API key's header) are refused. "

// invokeTool defines invoke. Its annotations follow the policy: a
// read-only server's invoke only reads (GET, HEAD, OPTIONS), so it is
// neither destructive nor anything but idempotent.
func invokeTool(readOnly bool) mcp.Tool {
	desc := invokeSummary + "Calls can change or delete data: the user is asked to confirm POST, PUT, PATCH and DELETE " +
		"when the client supports it; otherwise get their approval first. not_confirmed means the user did not " +
		"approve: do not retry unless they ask."
	if readOnly {
		desc = invokeSummary + "This server is read-only: only GET, HEAD and OPTIONS endpoints can be called; " +
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
			`"cookies":{"type":"object","additionalProperties":{"type":"string"},"description":"Extra cookies"},` +
			`"response_format":{"type":"string","enum":["detailed","concise"],"default":"detailed","description":"concise: long arrays sampled, ` +
			`long strings cut, nulls dropped (see trimmed)"}},` +
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

const responsePathProp = `"path":{"type":"string","description":"fileRef.path from invoke (or its file name)"}`

func responseOutlineTool() mcp.Tool {
	return mcp.Tool{
		Name: toolResponseOutline,
		Description: "Outline a response invoke saved to a file (its fileRef): every JSON path with types, counts, " +
			"array lengths and sample values; for text, size, line count and first lines. Use it first on a fileRef.",
		RawInputSchema: []byte(`{"type":"object","properties":{` + responsePathProp + `},"required":["path"],"additionalProperties":false}`),
		Annotations:    readOnly("Outline saved response"),
	}
}

func responseCompressTool() mcp.Tool {
	return mcp.Tool{
		Name: toolResponseCompress,
		Description: "Return a saved response in a shorter form. Modes: compact (no whitespace), sample (first 3 items " +
			"of each array plus counts), prune (null and empty members dropped), table (arrays of objects as columns " +
			"and rows). Too large answers are refused with advice.",
		RawInputSchema: []byte(`{"type":"object","properties":{` + responsePathProp + `,` +
			`"mode":{"type":"string","enum":["compact","sample","prune","table"]}},` +
			`"required":["path","mode"],"additionalProperties":false}`),
		Annotations: readOnly("Compress saved response"),
	}
}

func responseSliceTool() mcp.Tool {
	return mcp.Tool{
		Name: toolResponseSlice,
		Description: "Select parts of a saved JSON response with an RFC 9535 JSONPath, e.g. $.items[0:10], " +
			"$.items[*].name or $.items[?@.price>10]; returns the matches with their paths.",
		RawInputSchema: []byte(`{"type":"object","properties":{` + responsePathProp + `,` +
			`"jsonPath":{"type":"string","description":"JSONPath starting with $"}},` +
			`"required":["path","jsonPath"],"additionalProperties":false}`),
		Annotations: readOnly("Slice saved response"),
	}
}
