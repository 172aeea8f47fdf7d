// Package server runs a generated MCP server: it reads the command line
// and configuration (runtime/config), builds the application service
// (runtime/service) and the MCP tools over it (runtime/mcptools), and
// serves them over stdio or streamable HTTP (runtime/httpserve).
package server

import (
	"flag"
	"io"
	"log/slog"
	"net/http"
	"os"

	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/config"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
	"github.com/swag2mcp/swag2mcp/runtime/mcptools"
	"github.com/swag2mcp/swag2mcp/runtime/metrics"
	"github.com/swag2mcp/swag2mcp/runtime/search"
	"github.com/swag2mcp/swag2mcp/runtime/service"
)

// Options configure Main and NewMCPServer. Generated code sets only the
// fields it needs; zero values pick the defaults documented per field.
type Options struct {
	Name    string // server name, e.g. "petstore-mcp"
	Version string

	// Data is the catalog and search index as one data file
	// (catalog.Encode), which generated code embeds; when set it gives
	// Catalog and Searcher.
	Data     string
	Catalog  *catalog.Catalog
	Stubs    []invoke.Stub   // one per endpoint of Catalog, same order; nil: invoke.RawStub for all
	Searcher search.Searcher // nil: search.New(Catalog), indexed at the first search

	Args   []string  // command-line arguments without the program name
	Stdin  io.Reader // nil: os.Stdin
	Stdout io.Writer // nil: os.Stdout; only protocol messages go here
	Stderr io.Writer // nil: os.Stderr; usage errors and logs

	Getenv func(string) string // nil: os.Getenv

	// Config, when set, is used as it is instead of reading the settings
	// from Args, the environment and the config file.
	Config *config.Config
	// AuditWriter, when set, receives the audit lines as JSON instead of
	// the configured audit file or the log.
	AuditWriter io.Writer
	// DefsBudget bounds the bytes of $defs in one inspect answer; zero
	// means service.DefaultDefsBudget.
	DefsBudget int
	// Logger receives the server's logs; nil: Main logs to Stderr as
	// configured, NewMCPServer discards them.
	Logger *slog.Logger
	// HTTPClient calls the API; nil: invoke's default client.
	HTTPClient *http.Client
}

// withDefaults fills the zero fields every entry point relies on.
func (o Options) withDefaults() Options {
	if o.Name == "" {
		o.Name = "swag2mcp-server"
	}
	if o.Getenv == nil {
		o.Getenv = os.Getenv
	}
	if o.Stdin == nil {
		o.Stdin = os.Stdin
	}
	if o.Stdout == nil {
		o.Stdout = os.Stdout
	}
	if o.Stderr == nil {
		o.Stderr = os.Stderr
	}
	return o
}

// withData opens o.Data into o.Catalog and o.Searcher. The catalog's
// strings stay in the data, which a generated binary embeds read-only.
func (o Options) withData() (Options, error) {
	if o.Data == "" {
		return o, nil
	}
	cat, idx, err := catalog.Decode(o.Data)
	if err != nil {
		return o, err
	}
	o.Catalog = cat
	if o.Searcher == nil {
		o.Searcher = search.Open(*idx, cat)
	}
	// Opened: the entry points that pass o on (Main to NewService) must
	// not decode it again, which for a 100,000-endpoint catalog doubled
	// start-up and kept two catalogs in memory.
	o.Data = ""
	return o, nil
}

// specsOf names cat's specs for their per-spec settings.
func specsOf(cat *catalog.Catalog) []config.Spec {
	if cat == nil {
		return nil
	}
	out := make([]config.Spec, 0, len(cat.Specs))
	for _, s := range cat.Specs {
		out = append(out, config.Spec{Domain: s.Domain, EnvPrefix: s.EnvPrefix})
	}
	return out
}

// loadConfig reads the settings from opts.Args, the environment and the
// config file, unless opts.Config is set.
func loadConfig(opts Options) (*config.Config, error) {
	if opts.Config != nil {
		return opts.Config, nil
	}
	fs := flag.NewFlagSet(opts.Name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	flags := config.Register(fs)
	if err := fs.Parse(opts.Args); err != nil {
		return nil, &config.UsageError{Err: err}
	}
	return config.Load(flags, opts.Getenv, specsOf(opts.Catalog))
}

// NewService builds the application service of opts with cfg; generated
// code and other Go callers use it to call endpoints without MCP.
func NewService(opts Options, cfg *config.Config, rec *metrics.Recorder) (*service.Service, error) {
	opts, err := opts.withDefaults().withData()
	if err != nil {
		return nil, err
	}
	return service.New(service.Options{
		Name: opts.Name, Catalog: opts.Catalog, Stubs: opts.Stubs, Searcher: opts.Searcher,
		Config: cfg, Getenv: opts.Getenv, Logger: opts.Logger, AuditWriter: opts.AuditWriter,
		Metrics: rec, HTTPClient: opts.HTTPClient, DefsBudget: opts.DefsBudget,
	})
}

// NewMCPServer builds the MCP server over opts.Catalog with the settings
// of opts.Args and the environment (or opts.Config). It fails when the
// catalog's tables do not refer to each other consistently or a setting
// is wrong.
func NewMCPServer(opts Options) (*mcpserver.MCPServer, error) {
	opts, err := opts.withDefaults().withData()
	if err != nil {
		return nil, err
	}
	cfg, err := loadConfig(opts)
	if err != nil {
		return nil, err
	}
	svc, err := NewService(opts, cfg, nil)
	if err != nil {
		return nil, err
	}
	return mcptools.NewServer(svc, mcptools.Options{Name: opts.Name, Version: opts.Version, Logger: opts.Logger}), nil
}
