package main

// purposes says, for every module a generated server's build compiles
// besides the standard library and swag2mcp, what it is for. A test checks
// that runtime-deps.mod lists no module missing here, so adding a runtime
// dependency means saying what it is for.
func purposes() map[string]string {
	return map[string]string{
		// Imported by the runtime itself.
		"github.com/mark3labs/mcp-go":              "MCP protocol: JSON-RPC sessions over stdio and streamable HTTP, tool and result types (runtime/server, mcptools, auth)",
		"github.com/dop251/goja":                   "JavaScript engine of the script tool (runtime/script)",
		"github.com/prometheus/client_golang":      "the /metrics endpoint: tool-call, upstream and Go/process metrics (runtime/metrics)",
		"github.com/santhosh-tekuri/jsonschema/v6": "validates invoke arguments against each endpoint's input schema (runtime/invoke); mcp-go's server imports it too, so its package init (every draft's metaschema compiled, about 9 ms) runs at every start",
		"github.com/klauspost/compress":            "zstd: inflates the catalog's compressed document blocks on first use (runtime/catalog)",
		"github.com/dlclark/regexp2/v2":            "ECMAScript regular expressions for schema patterns Go's regexp cannot read (runtime/pattern); goja's RegExp",
		"github.com/blevesearch/snowballstem":      "the Snowball project's English (Porter2) stemmer of the search analyzer; the generator's index uses the same one (runtime/search)",
		"go.yaml.in/yaml/v3":                       "reads the server's YAML config file with line numbers for errors (runtime/config)",
		"github.com/theory/jsonpath":               "RFC 9535 JSONPath queries of the response tools over spilled results (runtime/spill)",
		"golang.org/x/oauth2":                      "OAuth2 client-credentials tokens and token refresh for upstream auth (runtime/auth)",
		"github.com/cenkalti/backoff/v5":           "exponential backoff of retried upstream calls (runtime/invoke)",
		"golang.org/x/text":                        "message printer that words jsonschema's errors (runtime/invoke; jsonschema needs it anyway); collation, case mapping and normalization for goja",
		"github.com/redis/go-redis/v9":             "shared rate limits and cooldowns across server replicas in Redis (runtime/redislimit)",
		"github.com/prometheus/client_model":       "via client_golang: the protobuf types of metric families",
		"github.com/prometheus/common":             "via client_golang: the text exposition format and metric names",
		"github.com/prometheus/procfs":             "via client_golang: reads /proc for the process collector (CPU, memory, file descriptors)",
		"google.golang.org/protobuf":               "via client_model: protobuf runtime behind the metric family types",
		"github.com/beorn7/perks":                  "via client_golang: streaming quantiles of summaries",
		"github.com/cespare/xxhash/v2":             "via client_golang: hashing of label values",
		"github.com/munnerz/goautoneg":             "via prometheus/common: Accept-header negotiation of the exposition format",
		"golang.org/x/sys":                         "via procfs: Linux system calls",
		"github.com/google/pprof":                  "via goja: the profile format of goja's CPU profiler",
		"github.com/go-sourcemap/sourcemap":        "via goja: source maps of parsed scripts",
		"github.com/google/jsonschema-go":          "via mcp-go: the JSON Schema type of tool input schemas",
		"github.com/google/uuid":                   "via mcp-go: session ids",
		"github.com/spf13/cast":                    "via mcp-go: loose conversion of tool arguments (brings html/template)",
		"github.com/yosida95/uritemplate/v3":       "via mcp-go: URI templates of MCP resource templates",
		"go.uber.org/atomic":                       "via go-redis: typed atomics",
	}
}
