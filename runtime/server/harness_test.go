package server

import (
	"context"
	"encoding/json"
	"io"
	"maps"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	mcpserver "github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/config"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
	"github.com/swag2mcp/swag2mcp/runtime/script"
	"github.com/swag2mcp/swag2mcp/runtime/script/sandbox"
)

// Endpoint ids of testCatalog.
const (
	idListPets  = "00000000000000000000000000000e00"
	idAddPet    = "00000000000000000000000000000e01"
	idGetPet    = "00000000000000000000000000000e02"
	idDeletePet = "00000000000000000000000000000e03"
	idPing      = "00000000000000000000000000000e04"
	idUnknown   = "ffffffffffffffffffffffffffffffff"
)

// Schemas of testCatalog's defs.
const (
	petSchema      = `{"type":"object","properties":{"id":{"type":"integer"},"name":{"type":"string"},"category":{"$ref":"#/$defs/Category"}},"required":["name"]}`
	categorySchema = `{"type":"object","properties":{"id":{"type":"integer"},"name":{"type":"string"}}}`
)

// testCatalog is a small pet store whose base URL comes from X_BASE_URL.
func testCatalog() *catalog.Catalog {
	bigSchema := `{"type":"object","description":"` + strings.Repeat("x", 200) + `"}`
	return &catalog.Catalog{
		Specs: []catalog.Spec{{
			ID: "5bec0000000000000000000000000000", Domain: "petstore", EnvPrefix: "X",
			Title: "Petstore", BaseURL: "https://petstore.example/v1",
			Defs: []catalog.Def{
				{Name: "Pet", Schema: catalog.Text(petSchema)},
				{Name: "Category", Schema: catalog.Text(categorySchema)},
				{Name: "Audit", Schema: catalog.Text(bigSchema)},
			},
			Security: []catalog.SecurityScheme{{Name: "api_key", Type: "apiKey", In: "header", ParamName: "X-Api-Key", EnvVars: []string{"X_API_KEY"}}},
		}},
		Collections: []catalog.Collection{{ID: "c0110000000000000000000000000000", Title: "Petstore"}},
		Tags: []catalog.Tag{
			{ID: "7a900000000000000000000000000000", Name: "pet"},
			{ID: "7a910000000000000000000000000000", Name: "health"},
		},
		Endpoints: []catalog.Endpoint{
			{
				ID: idListPets, Tag: 0, Method: "GET", Path: "/pets", OperationID: "listPets", Summary: "List all pets",
				Params:    []catalog.Param{{Name: "limit", In: "query"}},
				Operation: catalog.Text(`{"operationId":"listPets","parameters":[{"name":"limit","in":"query","schema":{"type":"integer"}}]}`),
			},
			{
				ID: idAddPet, Tag: 0, Method: "POST", Path: "/pets", OperationID: "addPet", Summary: "Add a new pet",
				Body:      &catalog.Body{Required: true, MediaTypes: []string{"application/json"}},
				Operation: catalog.Text(`{"operationId":"addPet","requestBody":{"content":{"application/json":{"schema":{"$ref":"#/$defs/Pet"}}}}}`),
				Defs:      []int{0, 1},
			},
			{
				ID: idGetPet, Tag: 0, Method: "GET", Path: "/pets/{petId}", OperationID: "getPetById", Summary: "Find pet by ID",
				Params:    []catalog.Param{{Name: "petId", In: "path", Required: true}, {Name: "X-Trace", Key: "trace", In: "header"}},
				Operation: catalog.Text(`{"operationId":"getPetById","responses":{"200":{"content":{"application/json":{"schema":{"$ref":"#/$defs/Pet"}}}}}}`),
				Defs:      []int{2, 0, 1},
			},
			{
				ID: idDeletePet, Tag: 0, Method: "DELETE", Path: "/pets/{petId}", OperationID: "deletePet", Summary: "Delete a pet", Deprecated: true,
				Params: []catalog.Param{{Name: "petId", In: "path", Required: true}},
			},
			{ID: idPing, Tag: 1, Method: "GET", Path: "/ping", Summary: "Check health"},
		},
	}
}

// testStubs are the hand-written equivalents of generated invoke stubs.
func testStubs() []invoke.Stub {
	return []invoke.Stub{
		func(in *invoke.Input) (*invoke.Request, error) { // listPets
			var limit *int
			invoke.Decode(in, "limit", &limit)
			if err := in.Err(); err != nil {
				return nil, err
			}
			r := invoke.NewRequest(in)
			r.Param("limit", limit)
			return r, nil
		},
		func(in *invoke.Input) (*invoke.Request, error) { return invoke.NewRequest(in), nil }, // addPet
		func(in *invoke.Input) (*invoke.Request, error) { // getPetById
			var petID int64
			var trace *string
			invoke.Decode(in, "petId", &petID)
			invoke.Decode(in, "trace", &trace)
			if err := in.Err(); err != nil {
				return nil, err
			}
			r := invoke.NewRequest(in)
			r.Param("petId", petID)
			r.Param("trace", trace)
			return r, nil
		},
		nil, // deletePet: no request builder
		func(in *invoke.Input) (*invoke.Request, error) { return invoke.NewRequest(in), nil }, // ping
	}
}

// testOptions serve testCatalog; env holds the server's environment. The
// cooldown is off unless env sets SWAG2MCP_COOLDOWN: tests call endpoints
// back to back.
func testOptions(env map[string]string) Options {
	if _, ok := env["SWAG2MCP_COOLDOWN"]; !ok {
		env = maps.Clone(env)
		if env == nil {
			env = map[string]string{}
		}
		env["SWAG2MCP_COOLDOWN"] = "0"
	}
	return Options{
		Name:    "petstore-mcp",
		Version: "v1.2.3",
		Catalog: testCatalog(),
		Stubs:   testStubs(),
		Getenv:  func(k string) string { return env[k] },
	}
}

// connect serves opts over an in-memory stdio pair and returns a connected
// client session of the official Go SDK. mcp-go's stdio session is a
// package-level singleton, so tests using connect must not run in parallel.
func connect(t testing.TB, opts Options) *mcp.ClientSession {
	t.Helper()
	return connectWith(t, opts, nil, "")
}

// connectWith is connect with the client's options (e.g. an elicitation
// handler) and the protocol version it asks for ("" for the latest). As
// under Main, scripts run in child processes (this test binary, see
// TestMain) of a pool closed with the test.
func connectWith(t testing.TB, opts Options, clientOpts *mcp.ClientOptions, protocol string) *mcp.ClientSession {
	t.Helper()
	opts = opts.withDefaults()
	cfg, err := loadConfig(opts)
	if err != nil {
		t.Fatalf("config: %v", err)
	}
	scripts := sandbox.New(sandbox.Options{Memory: cfg.ScriptMemory, Concurrency: cfg.ScriptConcurrency})
	t.Cleanup(func() { scripts.Close() })
	return connectScripts(t, opts, cfg, clientOpts, protocol, scripts)
}

// connectScripts is connectWith with cfg and the script runner given.
func connectScripts(t testing.TB, opts Options, cfg *config.Config, clientOpts *mcp.ClientOptions, protocol string,
	scripts script.Runner) *mcp.ClientSession {
	t.Helper()
	s, _, closeService, err := build(opts, cfg, scripts)
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	t.Cleanup(closeService)
	clientR, serverW := io.Pipe()
	serverR, clientW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- mcpserver.NewStdioServer(s).Listen(ctx, serverR, serverW)
		serverW.Close()
	}()
	client := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "v0"}, clientOpts)
	cs, err := client.Connect(ctx, &mcp.IOTransport{Reader: clientR, Writer: clientW}, &mcp.ClientSessionOptions{ProtocolVersion: protocol})
	if err != nil {
		cancel()
		t.Fatalf("Connect: %v", err)
	}
	t.Cleanup(func() {
		cs.Close()
		cancel()
		if err := <-done; err != nil && err != context.Canceled {
			t.Errorf("Listen: %v", err)
		}
	})
	return cs
}

// call calls a tool and returns its structured content and error flag,
// after checking that the text content holds the same JSON.
func call(t *testing.T, cs *mcp.ClientSession, name string, args any) (map[string]any, bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("CallTool(%s): %v", name, err)
	}
	if len(res.Content) != 1 {
		t.Fatalf("CallTool(%s): %d content items, want 1", name, len(res.Content))
	}
	text, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("CallTool(%s): content is %T, want text", name, res.Content[0])
	}
	var fromText map[string]any
	if err := json.Unmarshal([]byte(text.Text), &fromText); err != nil {
		t.Fatalf("CallTool(%s): text is not JSON: %v\n%s", name, err, text.Text)
	}
	structured, ok := res.StructuredContent.(map[string]any)
	if !ok {
		t.Fatalf("CallTool(%s): structured content is %T, want an object", name, res.StructuredContent)
	}
	if diff := cmp.Diff(structured, fromText); diff != "" {
		t.Errorf("CallTool(%s): text differs from structured content (-structured +text):\n%s", name, diff)
	}
	return structured, res.IsError
}

// errorCode is the code of a failed call's answer, or "" for a success.
func errorCode(t *testing.T, got map[string]any, isError bool) string {
	t.Helper()
	e, _ := got["error"].(map[string]any)
	if isError != (e != nil) {
		t.Fatalf("isError = %v but answer is %v", isError, got)
	}
	if e == nil {
		return ""
	}
	if msg, _ := e["message"].(string); msg == "" {
		t.Errorf("error without message: %v", got)
	}
	code, _ := e["code"].(string)
	return code
}

// roundTrip gives v as the JSON values a client decodes.
func roundTrip(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}
