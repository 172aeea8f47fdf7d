// Package config is a generated server's configuration: every setting is
// defined once (Keys: its type, default, doc, flag, environment variable
// and config-file key), loaded in one pass with flags over the environment
// over the config file over the defaults, and rendered for --help and the
// generated README from the same definitions. An unknown key or a bad value
// is an error naming the key and where it came from.
package config

import (
	"log/slog"
	"time"

	"github.com/swag2mcp/swag2mcp/runtime/filter"
)

// Config is a server's settings. Default gives every field its documented
// default; Go callers may build one from Default and change fields.
type Config struct {
	// File is the config file the settings were read from; "" for none.
	File string

	LogLevel  slog.Level
	LogFormat string // LogText or LogJSON

	// Calls.
	Cooldown      time.Duration // least time between two calls of one endpoint; 0: off
	Timeout       time.Duration // one invoke, retries included
	Retries       int           // extra attempts after a transient failure; 0: off
	ScriptTimeout time.Duration // longest script run, and the most a call may ask for
	// ScriptMemory is the memory one script may use; ScriptConcurrency
	// how many scripts run at once (each in a process of its own).
	ScriptMemory      int64
	ScriptConcurrency int
	// Specs are per-spec limits by spec domain (limits.specs in the file,
	// {PREFIX}_COOLDOWN and {PREFIX}_TIMEOUT in the environment).
	Specs map[string]SpecLimits

	// Responses.
	Workspace       string // folder of saved responses; "": <user cache dir>/swag2mcp/<server name>
	MaxResponseSize int64  // largest body answered inline
	MaxBodySize     int64  // most bytes of one body read and saved
	KeepFiles       int    // most saved responses kept
	KeepBytes       int64  // most bytes of saved responses kept

	// Policy.
	ReadOnly bool
	Confirm  string // ConfirmAuto, ConfirmAlways or ConfirmNever
	AuditLog string // file of JSON audit lines; "": the log
	SafeOps  []string
	Filter   filter.Rules

	// Streamable HTTP.
	HTTP                string   // listen address; "": stdio
	HTTPToken           string   // bearer token clients must send (env or file only)
	HTTPInsecure        bool     // allow a non-loopback listener without a token
	HTTPAllowedOrigins  []string // Origin values accepted besides same-origin
	HTTPAllowedHosts    []string // Host values accepted on a loopback listener besides localhost names
	HTTPAuthServers     []string // OAuth authorization servers named in RFC 9728 metadata
	HTTPResource        string   // the resource identifier of that metadata
	HTTPMaxBodySize     int64
	HTTPReadTimeout     time.Duration
	HTTPWriteTimeout    time.Duration
	HTTPIdleTimeout     time.Duration
	HTTPShutdownTimeout time.Duration
	MetricsAddr         string // separate /metrics listener; "": none

	// Redis is the URL of the Redis that replicas share limits through;
	// "": each process keeps its own. It may carry a password: never log it.
	Redis string

	// Credentials are the config file's credentials section: variable name
	// → value, read by runtime/auth under the environment.
	Credentials map[string]string
}

// SpecLimits are one spec's limits over the server-wide ones. A zero field
// is unset; Off switches a cooldown off.
type SpecLimits struct {
	Cooldown time.Duration // Off: no cooldown
	Timeout  time.Duration
	Retries  int // Off: no retries
}

// Off in a SpecLimits field switches that limit off.
const Off = -1

// Log formats.
const (
	LogText = "text"
	LogJSON = "json"
)

// Confirmation modes: when invoke asks the user before a call that may
// change data.
const (
	ConfirmAuto   = "auto"   // ask clients that can be asked; send otherwise
	ConfirmAlways = "always" // ask; refuse when the client cannot be asked
	ConfirmNever  = "never"  // never ask
)

// Default is the configuration with every key at its documented default.
func Default() Config {
	var c Config
	for _, k := range Keys() {
		if k.Default == "" || k.set == nil {
			continue
		}
		v, err := k.parse(k.Default)
		if err != nil {
			panic("config: default of " + k.Name + ": " + err.Error()) // a bug in Keys, caught by tests
		}
		k.set(&c, v)
	}
	return c
}
