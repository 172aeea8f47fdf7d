// Package client is what the typed API of a generated package calls: a Go
// program calls the API's operations through the same path as the
// server's invoke tool (argument validation, the run-time filter and
// read-only mode, credentials, cooldown, timeout and retries, spill files
// for large answers, the audit line), without MCP.
package client

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"reflect"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/config"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
	"github.com/swag2mcp/swag2mcp/runtime/service"
)

// Tables are what a generated package hands over: its server name, its
// catalog (as the embedded data file, or as tables) and the invoke stub of
// every endpoint.
type Tables struct {
	Name    string
	Data    string // catalog.Encode's data file; when set it gives Catalog
	Catalog *catalog.Catalog
	Stubs   []invoke.Stub
}

// Options configure a client. Zero values read everything the server
// would read from the environment: base URLs ({PREFIX}_BASE_URL),
// credentials, limits (SWAG2MCP_COOLDOWN, …) and SWAG2MCP_CONFIG.
type Options struct {
	// Getenv reads the environment; nil: os.Getenv.
	Getenv func(string) string
	// Config, when set, is used instead of the environment's settings
	// (config.Default() gives the defaults); credentials and base URLs are
	// still read through Getenv.
	Config *config.Config
	// HTTPClient sends the calls; nil: the runtime's own client.
	HTTPClient *http.Client
	// Logger receives the runtime's logs and audit lines; nil discards them.
	Logger *slog.Logger
}

// Client calls the endpoints of one generated package.
type Client struct {
	svc *service.Service
}

// Error is a call that failed with a stable code (validation_failed,
// rate_limit, auth_missing, read_only, invoke_error for an API error
// status, …): use errors.As to read it.
type Error = service.Error

// New builds a client over t.
func New(t Tables, opts Options) (*Client, error) {
	if t.Data != "" {
		cat, _, err := catalog.Decode(t.Data)
		if err != nil {
			return nil, err
		}
		t.Catalog = cat
	}
	cfg := opts.Config
	if cfg == nil {
		specs := make([]config.Spec, 0, len(t.Catalog.Specs))
		for _, s := range t.Catalog.Specs {
			specs = append(specs, config.Spec{Domain: s.Domain, EnvPrefix: s.EnvPrefix})
		}
		var err error
		if cfg, err = config.Load(nil, opts.Getenv, specs); err != nil {
			return nil, err
		}
	}
	svc, err := service.New(service.Options{
		Name: t.Name, Catalog: t.Catalog, Stubs: t.Stubs, Config: cfg,
		Getenv: opts.Getenv, Logger: opts.Logger, HTTPClient: opts.HTTPClient,
	})
	if err != nil {
		return nil, err
	}
	return &Client{svc: svc}, nil
}

// Response is the API's answer to a successful call.
type Response struct {
	StatusCode int
	Headers    map[string]string // lower-case names
	// Body is the answer as JSON (a text answer as a JSON string); nil when
	// the answer was empty or was saved to File.
	Body json.RawMessage
	// File is where a large or binary answer was saved, and how big it is.
	File *service.FileRef
	// Notes say what the runtime changed in the arguments before sending,
	// such as defaults it filled in.
	Notes []string
}

// Decode unmarshals the JSON body into v.
func (r *Response) Decode(v any) error {
	if r.Body == nil {
		if r.File != nil {
			return fmt.Errorf("the answer was saved to %s (%s), not returned inline", r.File.Path, r.File.SizeHint)
		}
		return fmt.Errorf("the answer (HTTP %d) has no body", r.StatusCode)
	}
	return json.Unmarshal(r.Body, v)
}

// Call calls endpoint i (its index in the catalog) with params, a
// generated params struct whose JSON tags are the parameter names, and
// body, the request body (nil, or a nil pointer, slice or map, for none).
func (c *Client) Call(ctx context.Context, i int, params, body any) (*Response, error) {
	args, err := arguments(params, body)
	if err != nil {
		return nil, err
	}
	res, err := c.svc.Invoke(ctx, service.InvokeRequest{Endpoint: service.ByIndex(i), Args: args})
	if err != nil {
		return nil, err
	}
	out := &Response{StatusCode: res.StatusCode, Headers: res.Headers, File: res.FileRef, Notes: res.Notes}
	if res.Body != nil && res.FileRef == nil {
		if out.Body, err = json.Marshal(res.Body); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// arguments turns a params struct and a body into invoke's arguments.
func arguments(params, body any) (service.InvokeArgs, error) {
	var args service.InvokeArgs
	raw, err := json.Marshal(params)
	if err != nil {
		return args, fmt.Errorf("parameters: %w", err)
	}
	if err := json.Unmarshal(raw, &args.Parameters); err != nil {
		return args, fmt.Errorf("parameters must be a struct or a map, got %T", params)
	}
	if isNil(body) {
		return args, nil
	}
	if args.Body, err = json.Marshal(body); err != nil {
		return args, fmt.Errorf("request body: %w", err)
	}
	return args, nil
}

// isNil reports whether v holds no body: nil itself, or a nil pointer,
// slice or map (json.RawMessage included).
func isNil(v any) bool {
	if v == nil {
		return true
	}
	switch rv := reflect.ValueOf(v); rv.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
		return rv.IsNil()
	}
	return false
}
