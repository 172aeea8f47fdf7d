// Package server runs a generated MCP server: it parses the command line,
// defines the search, inspect, endpoint_by_id, invoke, script, auth and
// response tools over a catalog, and serves them with mcp-go over stdio.
package server

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"

	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// DefaultDefsBudget is how many bytes of component schemas one inspect
// answer carries under $defs when Options.DefsBudget is zero.
const DefaultDefsBudget = 64 << 10

// Options configure Main and NewMCPServer. Generated code sets only the
// fields it needs; zero values pick the defaults documented per field.
type Options struct {
	Name    string // server name, e.g. "petstore-mcp"
	Version string

	Catalog  *catalog.Catalog
	Stubs    []invoke.Stub   // one per Catalog.Endpoints entry, same order
	Searcher search.Searcher // nil: search.New(Catalog), indexed at the first search

	Args   []string  // command-line arguments without the program name
	Stdin  io.Reader // nil: os.Stdin
	Stdout io.Writer // nil: os.Stdout; only protocol messages go here
	Stderr io.Writer // nil: os.Stderr; usage errors and logs

	Getenv func(string) string // nil: os.Getenv

	// ConfigFile is the YAML config file (--config): its "credentials"
	// go to runtime/auth, its "limits" to the invoke client. "" for none.
	ConfigFile string
	// Settings are call limits set by the caller (Main: the flags); they
	// override the config file and the environment.
	Settings Settings

	// Policy is read-only mode, confirmation of writes, the run-time
	// endpoint filter and the audit log file set by the caller (Main: the
	// flags); it overrides the environment and the config file.
	Policy Policy
	// AuditWriter, when set, receives the audit lines as JSON instead of
	// Policy's audit file or Logger.
	AuditWriter io.Writer

	// DefsBudget bounds the bytes of $defs in one inspect answer; zero
	// means DefaultDefsBudget.
	DefsBudget int
	// Logger receives NewMCPServer's logs; nil discards them. Main sets it
	// from --log-level, writing to Stderr.
	Logger *slog.Logger
}

// instructions tell a client's model how the tools fit together.
const instructions = "Find API endpoints with search, read an endpoint's contract with inspect, " +
	"then call it with invoke. Ids come from search results. For work that needs many calls, " +
	"write one script instead of many invokes. Large answers come back as a fileRef: explore it " +
	"with response_outline, response_compress and response_slice."

// NewMCPServer builds the MCP server with its tools over opts.Catalog. It
// fails when the catalog's tables do not refer to each other consistently.
func NewMCPServer(opts Options) (*mcpserver.MCPServer, error) {
	opts = opts.withDefaults()
	if err := checkCatalog(opts.Catalog, len(opts.Stubs)); err != nil {
		return nil, err
	}
	t, err := newTools(opts)
	if err != nil {
		return nil, err
	}
	s := mcpserver.NewMCPServer(opts.Name, opts.Version,
		mcpserver.WithToolCapabilities(false),
		mcpserver.WithInstructions(instructions),
		mcpserver.WithLogger(opts.Logger),
		mcpserver.WithRecovery(),
		// invoke asks the user to confirm writes in the middle of a call,
		// also from the script tool, which cannot return an
		// input_required result halfway through a script. Stdio is
		// bidirectional, so the server-initiated request works for every
		// protocol version.
		mcpserver.WithLegacyServerInitiatedRequests(), //nolint:staticcheck // see above
	)
	t.elicit = s.RequestElicitation
	s.AddTools(t.serverTools()...)
	return s, nil
}

// checkCatalog reports the first index of cat that points outside its
// table, so the tools can index freely afterwards.
func checkCatalog(cat *catalog.Catalog, stubs int) error {
	if cat == nil {
		return fmt.Errorf("no catalog")
	}
	if stubs != len(cat.Endpoints) {
		return fmt.Errorf("catalog has %d endpoints but %d stubs", len(cat.Endpoints), stubs)
	}
	for i, c := range cat.Collections {
		if c.Spec < 0 || c.Spec >= len(cat.Specs) {
			return fmt.Errorf("collection %d (%s): spec index %d out of range", i, c.ID, c.Spec)
		}
	}
	for i, t := range cat.Tags {
		if t.Collection < 0 || t.Collection >= len(cat.Collections) {
			return fmt.Errorf("tag %d (%s): collection index %d out of range", i, t.ID, t.Collection)
		}
	}
	for i := range cat.Endpoints {
		e := &cat.Endpoints[i]
		if e.Tag < 0 || e.Tag >= len(cat.Tags) {
			return fmt.Errorf("endpoint %d (%s): tag index %d out of range", i, e.ID, e.Tag)
		}
		defs := cat.SpecOf(e).Defs
		for _, d := range e.Defs {
			if d < 0 || d >= len(defs) {
				return fmt.Errorf("endpoint %d (%s): def index %d out of range", i, e.ID, d)
			}
		}
	}
	return nil
}

// withDefaults fills the zero fields NewMCPServer relies on.
func (o Options) withDefaults() Options {
	if o.Name == "" {
		o.Name = "swag2mcp-server"
	}
	if o.Getenv == nil {
		o.Getenv = os.Getenv
	}
	if o.DefsBudget <= 0 {
		o.DefsBudget = DefaultDefsBudget
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Searcher == nil && o.Catalog != nil {
		o.Searcher = search.New(o.Catalog)
	}
	return o
}

// endpointKey normalizes an endpoint id for lookup: ids are lowercase hex,
// and models sometimes pad or uppercase them.
func endpointKey(id string) string {
	return strings.ToLower(strings.TrimSpace(id))
}
