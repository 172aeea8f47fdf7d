package config

import (
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/filter"
)

// Key defines one setting: where it is read from, its type, its default
// and its documentation. Keys is the only list of settings.
type Key struct {
	Name    string   // config-file key, dotted for sections: "read_only", "limits.cooldown"; "" for none
	Flag    string   // command-line flag without dashes; "" for none (secrets come from env or file only)
	Env     string   // environment variable
	Kind    Kind     // how the value is read
	Values  []string // Enum's choices
	Min     int      // Count's least value
	Max     int      // Count's greatest value; 0: none
	Default string   // the default as text, read like any value; "" for none
	Arg     string   // the value's name in --help, e.g. "time"
	Doc     string   // one sentence for --help and the README
	Secret  bool     // never from a flag; never quoted in messages
	Group   string   // heading in --help and the README

	set func(*Config, value)
}

// Groups of keys, in the order --help shows them.
const (
	GroupGeneral   = "General"
	GroupCalls     = "Calls"
	GroupResponses = "Large answers"
	GroupPolicy    = "What the server may do"
	GroupHTTP      = "Streamable HTTP"
	GroupReplicas  = "Several replicas"
)

// Keys returns every setting, in the order --help lists them.
func Keys() []Key {
	keys := []Key{
		{Name: "", Flag: "config", Env: "SWAG2MCP_CONFIG", Kind: Path, Arg: "file", Group: GroupGeneral,
			Doc: "YAML config file with credentials and any key of this list (chmod 600 when it holds secrets)",
			set: func(c *Config, v value) { c.File = v.s }},
		{Name: "log_level", Flag: "log-level", Env: "SWAG2MCP_LOG_LEVEL", Kind: Enum, Values: []string{"debug", "info", "warn", "error"},
			Default: "info", Arg: "level", Group: GroupGeneral, Doc: "least severe level to log",
			set: func(c *Config, v value) { c.LogLevel = level(v.s) }},
		{Name: "log_format", Flag: "log-format", Env: "SWAG2MCP_LOG_FORMAT", Kind: Enum, Values: []string{LogText, LogJSON},
			Default: LogText, Arg: "format", Group: GroupGeneral, Doc: "log lines as text or JSON, on stderr",
			set: func(c *Config, v value) { c.LogFormat = v.s }},

		{Name: "limits.cooldown", Flag: "cooldown", Env: "SWAG2MCP_COOLDOWN", Kind: Cooldown, Default: "10s", Arg: "time", Group: GroupCalls,
			Doc: "least time between two calls of one endpoint; 0 switches it off",
			set: func(c *Config, v value) { c.Cooldown = v.d }},
		{Name: "limits.timeout", Flag: "timeout", Env: "SWAG2MCP_TIMEOUT", Kind: Duration, Default: "30s", Arg: "time", Group: GroupCalls,
			Doc: "time one invoke may take, retries included",
			set: func(c *Config, v value) { c.Timeout = v.d }},
		{Name: "limits.retries", Flag: "retries", Env: "SWAG2MCP_RETRIES", Kind: Count, Min: 0, Max: 10, Default: "2", Arg: "attempts", Group: GroupCalls,
			Doc: "extra attempts after a transient failure; 0 switches retries off",
			set: func(c *Config, v value) { c.Retries = int(v.n) }},
		{Name: "limits.script_timeout", Flag: "script-timeout", Env: "SWAG2MCP_SCRIPT_TIMEOUT", Kind: Duration, Default: "30s", Arg: "time", Group: GroupCalls,
			Doc: "longest time a script may run, and the most a call may ask for",
			set: func(c *Config, v value) { c.ScriptTimeout = v.d }},
		{Name: "limits.script_memory", Flag: "script-memory", Env: "SWAG2MCP_SCRIPT_MEMORY", Kind: Size, Default: "256MB", Arg: "size", Group: GroupCalls,
			Doc: "memory one script may use: each script runs in a process of its own, stopped past it (on Linux; elsewhere an approximate heap watchdog)",
			set: func(c *Config, v value) { c.ScriptMemory = v.n }},
		{Name: "limits.script_concurrency", Flag: "script-concurrency", Env: "SWAG2MCP_SCRIPT_CONCURRENCY", Kind: Count, Min: 1, Max: 64, Default: "1",
			Arg: "scripts", Group: GroupCalls,
			Doc: "scripts running at once, each in its own process; more wait for a slot within their timeout. Memory: up to this times script_memory",
			set: func(c *Config, v value) { c.ScriptConcurrency = int(v.n) }},

		{Name: "responses.workspace", Flag: "workspace", Env: "SWAG2MCP_WORKSPACE", Kind: Path, Arg: "folder", Group: GroupResponses,
			Doc: "folder for responses too large to answer inline, which replicas may share (default: swag2mcp/NAME in the user cache folder)",
			set: func(c *Config, v value) { c.Workspace = v.s }},
		{Name: "responses.max_response_size", Flag: "max-response-size", Env: "SWAG2MCP_MAX_RESPONSE_SIZE", Kind: Size, Default: "1MiB", Arg: "size",
			Group: GroupResponses, Doc: "largest response answered inline; larger ones are saved to the workspace",
			set: func(c *Config, v value) { c.MaxResponseSize = v.n }},
		{Name: "responses.max_body_size", Flag: "max-body-size", Env: "SWAG2MCP_MAX_BODY_SIZE", Kind: Size, Default: "1GiB", Arg: "size",
			Group: GroupResponses, Doc: "most bytes of one response read and saved; the rest is cut",
			set: func(c *Config, v value) { c.MaxBodySize = v.n }},
		{Name: "responses.keep_files", Flag: "keep-files", Env: "SWAG2MCP_KEEP_FILES", Kind: Count, Min: 1, Default: "100", Arg: "count",
			Group: GroupResponses, Doc: "most saved responses kept",
			set: func(c *Config, v value) { c.KeepFiles = int(v.n) }},
		{Name: "responses.keep_bytes", Flag: "keep-bytes", Env: "SWAG2MCP_KEEP_BYTES", Kind: Size, Default: "1GiB", Arg: "size",
			Group: GroupResponses, Doc: "most bytes of saved responses kept",
			set: func(c *Config, v value) { c.KeepBytes = v.n }},

		{Name: "read_only", Flag: "read-only", Env: "SWAG2MCP_READ_ONLY", Kind: Bool, Default: "false", Group: GroupPolicy,
			Doc: "invoke only GET, HEAD and OPTIONS endpoints; others fail with read_only and nothing is sent",
			set: func(c *Config, v value) { c.ReadOnly = v.b }},
		{Name: "confirm", Flag: "confirm", Env: "SWAG2MCP_CONFIRM", Kind: Enum, Values: []string{ConfirmAuto, ConfirmAlways, ConfirmNever},
			Default: ConfirmAuto, Arg: "mode", Group: GroupPolicy,
			Doc: "when to ask the user before POST, PUT, PATCH or DELETE: auto (ask clients that support elicitation), " +
				"always (refuse when the client cannot ask) or never",
			set: func(c *Config, v value) { c.Confirm = v.s }},
		{Name: "audit_log", Flag: "audit-log", Env: "SWAG2MCP_AUDIT_LOG", Kind: Path, Arg: "file", Group: GroupPolicy,
			Doc: "append one JSON line per invoke to this file instead of logging it",
			set: func(c *Config, v value) { c.AuditLog = v.s }},
		{Name: "safe_ops", Flag: "safe-op", Env: "SWAG2MCP_SAFE_OP", Kind: List, Arg: "patterns", Group: GroupPolicy,
			Doc: "operationId globs of operations that only read though their method could write (a search by POST): " +
				"allowed in read-only mode and never confirmed",
			set: func(c *Config, v value) { c.SafeOps = v.list }},
	}
	var r filter.Rules
	for _, l := range r.Lists() {
		name := l.Name
		keys = append(keys, Key{Name: "filter." + strings.ReplaceAll(name, "-", "_"), Flag: name,
			Env: "SWAG2MCP_" + strings.ToUpper(strings.ReplaceAll(name, "-", "_")), Kind: List, Arg: "patterns", Group: GroupPolicy,
			Doc: filterDoc(name),
			set: func(c *Config, v value) {
				for _, dst := range c.Filter.Lists() {
					if dst.Name == name {
						*dst.List = v.list
					}
				}
			}})
	}
	keys = append(keys, httpKeys()...)
	return append(keys, Key{Name: "redis", Flag: "redis", Env: "SWAG2MCP_REDIS_URL", Kind: SecretURL, Values: []string{"redis", "rediss", "unix"},
		Arg: "url", Group: GroupReplicas,
		Doc: "Redis that replicas share cooldowns and the API's back-offs through (redis://host:6379/0; a password only in the " +
			"environment or config file); unset: this process's own memory",
		set: func(c *Config, v value) { c.Redis = v.s }})
}

// httpKeys are the settings of the streamable HTTP transport.
func httpKeys() []Key {
	return []Key{
		{Name: "http", Flag: "http", Env: "SWAG2MCP_HTTP", Kind: Text, Arg: "addr", Group: GroupHTTP,
			Doc: "serve streamable HTTP at this address (e.g. 127.0.0.1:8080) instead of stdio: MCP at /mcp, /healthz, /readyz, /metrics",
			set: func(c *Config, v value) { c.HTTP = v.s }},
		{Name: "http_token", Env: "SWAG2MCP_HTTP_TOKEN", Kind: Text, Secret: true, Group: GroupHTTP,
			Doc: "bearer token HTTP clients must send (Authorization: Bearer …); environment or config file only",
			set: func(c *Config, v value) { c.HTTPToken = v.s }},
		{Name: "http_insecure", Flag: "http-insecure", Env: "SWAG2MCP_HTTP_INSECURE", Kind: Bool, Default: "false", Group: GroupHTTP,
			Doc: "allow listening on a non-loopback address without a token",
			set: func(c *Config, v value) { c.HTTPInsecure = v.b }},
		{Name: "http_allowed_origins", Flag: "http-allowed-origins", Env: "SWAG2MCP_HTTP_ALLOWED_ORIGINS", Kind: List, Arg: "origins", Group: GroupHTTP,
			Doc: "Origin values accepted from browsers besides the server's own (e.g. https://app.example.com); others get 403",
			set: func(c *Config, v value) { c.HTTPAllowedOrigins = v.list }},
		{Name: "http_allowed_hosts", Flag: "http-allowed-hosts", Env: "SWAG2MCP_HTTP_ALLOWED_HOSTS", Kind: List, Arg: "hosts", Group: GroupHTTP,
			Doc: "Host names accepted on a loopback listener besides localhost and loopback addresses (a reverse proxy's name); others get 403",
			set: func(c *Config, v value) { c.HTTPAllowedHosts = v.list }},
		{Name: "http_auth_servers", Flag: "http-auth-servers", Env: "SWAG2MCP_HTTP_AUTH_SERVERS", Kind: List, Arg: "urls", Group: GroupHTTP,
			Doc: "OAuth authorization server URLs: serve RFC 9728 metadata at /.well-known/oauth-protected-resource and point 401 answers to it",
			set: func(c *Config, v value) { c.HTTPAuthServers = v.list }},
		{Name: "http_resource", Flag: "http-resource", Env: "SWAG2MCP_HTTP_RESOURCE", Kind: Text, Arg: "url", Group: GroupHTTP,
			Doc: "public URL of the MCP endpoint, the resource of that metadata (default http://ADDR/mcp)",
			set: func(c *Config, v value) { c.HTTPResource = v.s }},
		{Name: "http_max_body_size", Flag: "http-max-body-size", Env: "SWAG2MCP_HTTP_MAX_BODY_SIZE", Kind: Size, Default: "4MiB", Arg: "size",
			Group: GroupHTTP, Doc: "largest request body accepted; larger ones get 413",
			set: func(c *Config, v value) { c.HTTPMaxBodySize = v.n }},
		{Name: "http_read_timeout", Flag: "http-read-timeout", Env: "SWAG2MCP_HTTP_READ_TIMEOUT", Kind: Duration, Default: "30s", Arg: "time",
			Group: GroupHTTP, Doc: "time to read one request, headers and body",
			set: func(c *Config, v value) { c.HTTPReadTimeout = v.d }},
		{Name: "http_write_timeout", Flag: "http-write-timeout", Env: "SWAG2MCP_HTTP_WRITE_TIMEOUT", Kind: Duration, Default: "10m", Arg: "time",
			Group: GroupHTTP, Doc: "time to answer one request; longer than the longest call, a user's confirmation included",
			set: func(c *Config, v value) { c.HTTPWriteTimeout = v.d }},
		{Name: "http_idle_timeout", Flag: "http-idle-timeout", Env: "SWAG2MCP_HTTP_IDLE_TIMEOUT", Kind: Duration, Default: "2m", Arg: "time",
			Group: GroupHTTP, Doc: "time an idle keep-alive connection stays open",
			set: func(c *Config, v value) { c.HTTPIdleTimeout = v.d }},
		{Name: "http_shutdown_timeout", Flag: "http-shutdown-timeout", Env: "SWAG2MCP_HTTP_SHUTDOWN_TIMEOUT", Kind: Duration, Default: "30s", Arg: "time",
			Group: GroupHTTP, Doc: "on SIGINT or SIGTERM, time in-flight calls get to finish before the server exits",
			set: func(c *Config, v value) { c.HTTPShutdownTimeout = v.d }},
		{Name: "metrics_addr", Flag: "metrics-addr", Env: "SWAG2MCP_METRICS_ADDR", Kind: Text, Arg: "addr", Group: GroupHTTP,
			Doc: "also serve /metrics (Prometheus) at this address; for stdio servers",
			set: func(c *Config, v value) { c.MetricsAddr = v.s }},
	}
}

// filterDoc documents one filter list.
func filterDoc(list string) string {
	verb, _, _ := strings.Cut(list, "-")
	what := "path template (e.g. /admin/*)"
	switch {
	case strings.HasSuffix(list, "-tag"):
		what = "tag"
	case strings.HasSuffix(list, "-method"):
		what = "HTTP method"
	case strings.HasSuffix(list, "-op"):
		what = "operationId"
	}
	return verb + " endpoints by " + what + " globs (comma-separated; repeatable)"
}

// keyByName indexes keys by config-file key.
func keyByName(keys []Key) map[string]*Key {
	m := make(map[string]*Key, len(keys))
	for i := range keys {
		if keys[i].Name != "" {
			m[keys[i].Name] = &keys[i]
		}
	}
	return m
}
