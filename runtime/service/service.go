// Package service is a generated server's application core, free of MCP
// and of any transport: search, inspect, endpoint summaries, invoke, the
// saved-response tools and auth status, as typed Go calls with typed
// results and errors that carry stable codes (*Error). Every path to the
// API goes through Invoke, so validation, the run-time filter, read-only
// mode, confirmation, credentials, cooldowns, retries, spill files, audit
// lines and metrics apply to each caller alike: the MCP tools, scripts and
// generated typed functions.
package service

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/swag2mcp/swag2mcp/runtime/auth"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/config"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
	"github.com/swag2mcp/swag2mcp/runtime/metrics"
	"github.com/swag2mcp/swag2mcp/runtime/redislimit"
	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// DefaultDefsBudget is how many bytes of component schemas one inspect
// answer carries under $defs when Options.DefsBudget is zero.
const DefaultDefsBudget = 64 << 10

// Options configure New. Catalog is required; zero values of the others
// pick the defaults documented per field.
type Options struct {
	Name    string // server name; names the default workspace folder
	Catalog *catalog.Catalog
	// Stubs are the request builders, one per endpoint of Catalog in
	// the same order (a nil entry cannot be invoked); nil means
	// invoke.RawStub for every endpoint.
	Stubs    []invoke.Stub
	Searcher search.Searcher // nil: search.New(Catalog), indexed at the first search

	// Config is the server's configuration; nil means config.Default().
	Config *config.Config
	// Getenv reads {PREFIX}_BASE_URL and credentials; nil: os.Getenv.
	Getenv func(string) string

	Logger      *slog.Logger      // nil discards logs
	AuditWriter io.Writer         // when set, audit lines go here as JSON instead of Config.AuditLog or Logger
	Metrics     *metrics.Recorder // nil records nothing
	HTTPClient  *http.Client      // for the API; nil: invoke's default client
	// Limiter holds cooldowns and the API's back-offs; nil: Redis when
	// Config.Redis is set (replicas share it), else this process's memory.
	Limiter    invoke.Limiter
	DefsBudget int // bytes of $defs in one inspect answer; 0: DefaultDefsBudget
}

// Service answers the calls. It is safe for concurrent use.
type Service struct {
	cat        *catalog.Catalog
	stubs      []invoke.Stub
	searcher   search.Searcher
	client     *invoke.Client
	validator  *invoke.Validator
	auth       *auth.Provider
	defsByName func() []map[string]int // per spec: component schema name → index into Spec.Defs; made on first use
	defsBudget int
	log        *slog.Logger
	audit      *slog.Logger
	metrics    *metrics.Recorder
	responses  *responses
	policy     policy
	hide       []bool          // endpoints the run-time filter hides; nil: none
	resources  func() []string // the visible endpoints' resource names for notes (search.Vocabulary), read once
	scriptMax  time.Duration
	closers    []io.Closer // what Close releases
}

// New checks the catalog's tables and builds the service over them.
func New(opts Options) (*Service, error) {
	if err := checkCatalog(opts.Catalog, len(opts.Stubs)); err != nil {
		return nil, err
	}
	cfg := opts.Config
	if cfg == nil {
		d := config.Default()
		cfg = &d
	}
	if opts.Getenv == nil {
		opts.Getenv = os.Getenv
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Searcher == nil {
		opts.Searcher = search.New(opts.Catalog)
	}
	if opts.DefsBudget <= 0 {
		opts.DefsBudget = DefaultDefsBudget
	}
	creds, err := auth.New(opts.Catalog, auth.Options{Getenv: opts.Getenv, Credentials: cfg.Credentials})
	if err != nil {
		return nil, err
	}
	bodies, err := newResponses(opts.Name, cfg)
	if err != nil {
		return nil, err
	}
	auditOut, err := openAuditLog(opts.AuditWriter, cfg.AuditLog)
	if err != nil {
		return nil, err
	}
	var closers []io.Closer
	if opts.Limiter == nil && cfg.Redis != "" {
		rl, err := redislimit.New(context.Background(), redislimit.Options{URL: cfg.Redis, Server: opts.Name,
			Logger: opts.Logger, Observer: opts.Metrics})
		if err != nil {
			return nil, err
		}
		opts.Limiter = rl
		closers = append(closers, rl)
	}
	s := &Service{
		cat:      opts.Catalog,
		stubs:    opts.Stubs,
		searcher: opts.Searcher,
		client: invoke.NewClient(opts.Catalog, invoke.ClientOptions{
			Getenv: opts.Getenv, HTTPClient: opts.HTTPClient, Limits: limits(cfg), SpecLimits: specLimits(cfg.Specs), Auth: creds,
			MaxBodyBytes: bodies.maxBody, Responses: bodies.clientOptions(), Limiter: opts.Limiter,
		}),
		validator:  invoke.NewValidator(opts.Catalog),
		auth:       creds,
		defsBudget: opts.DefsBudget,
		log:        opts.Logger,
		audit:      auditLogger(auditOut, opts.Logger),
		metrics:    opts.Metrics,
		responses:  bodies,
		policy:     policy{readOnly: cfg.ReadOnly, confirm: cfg.Confirm, safeOps: cfg.SafeOps},
		hide:       hiddenEndpoints(opts.Catalog, cfg.Filter),
		scriptMax:  cfg.ScriptTimeout,
		closers:    closers,
	}
	s.defsByName = sync.OnceValue(func() []map[string]int { return defNames(opts.Catalog) })
	s.resources = sync.OnceValue(func() []string { return opts.Catalog.ResourceNames(s.hidden, search.MaxNoteResources) })
	return s, nil
}

// defNames indexes the component schemas of every spec of cat by name,
// the first of equal names.
func defNames(cat *catalog.Catalog) []map[string]int {
	out := make([]map[string]int, len(cat.Specs))
	for si := range cat.Specs {
		defs := cat.Specs[si].Defs
		out[si] = make(map[string]int, len(defs))
		for di := range defs {
			if _, dup := out[si][defs[di].Name]; !dup {
				out[si][defs[di].Name] = di
			}
		}
	}
	return out
}

// Close releases what the service holds open (the connections to a
// shared Redis limiter). Calls after Close may fail.
func (s *Service) Close() error {
	var errs []error
	for _, c := range s.closers {
		errs = append(errs, c.Close())
	}
	return errors.Join(errs...)
}

// Catalog is the catalog the service answers for.
func (s *Service) Catalog() *catalog.Catalog { return s.cat }

// ReadOnly reports whether the server only invokes reading endpoints.
func (s *Service) ReadOnly() bool { return s.policy.readOnly }

// ScriptTimeout is the longest a script may run under the configuration.
func (s *Service) ScriptTimeout() time.Duration { return s.scriptMax }

// MaxInlineBytes is the largest answer given inline; larger ones are
// saved to the workspace.
func (s *Service) MaxInlineBytes() int64 { return s.responses.maxInline }

// limits are the server-wide call limits in invoke's terms.
func limits(c *config.Config) invoke.Limits {
	return invoke.Limits{Cooldown: offIfZero(c.Cooldown), Timeout: c.Timeout, Retries: int(offIfZero(int64(c.Retries)))}
}

// specLimits are per-spec limits in invoke's terms (config.Off is
// invoke's "off" already).
func specLimits(specs map[string]config.SpecLimits) map[string]invoke.Limits {
	if len(specs) == 0 {
		return nil
	}
	out := make(map[string]invoke.Limits, len(specs))
	for domain, l := range specs {
		out[domain] = invoke.Limits{Cooldown: l.Cooldown, Timeout: l.Timeout, Retries: l.Retries}
	}
	return out
}

// offIfZero maps a setting's 0 ("switched off") to invoke's -1; invoke
// reads 0 as "the default".
func offIfZero[T ~int64](n T) T {
	if n == 0 {
		return -1
	}
	return n
}

// checkCatalog reports the first index of cat that points outside its
// table, so the service can index freely afterwards.
func checkCatalog(cat *catalog.Catalog, stubs int) error {
	if cat == nil {
		return fmt.Errorf("no catalog")
	}
	if stubs != 0 && stubs != cat.Len() {
		return fmt.Errorf("catalog has %d endpoints but %d stubs", cat.Len(), stubs)
	}
	return cat.Check()
}
