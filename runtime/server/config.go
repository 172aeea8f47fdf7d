package server

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
	"github.com/swag2mcp/swag2mcp/runtime/spill"
)

// maxConfigBytes bounds the config file.
const maxConfigBytes = 1 << 20

// Settings are the call limits of a server: server-wide ones and per-spec
// overrides by spec domain. Zero fields take invoke's defaults; a negative
// Cooldown or Retries switches it off.
type Settings struct {
	Limits invoke.Limits
	Specs  map[string]invoke.Limits
	// Responses decide where large and binary bodies go (see
	// resolveResponses).
	Responses ResponseSettings
	// ScriptTimeout is the longest a script may run, the most a call may
	// ask for with timeoutSeconds; 0 means script.DefaultTimeout.
	ScriptTimeout time.Duration
}

// limitsFile is the "limits" section of the config file; other sections
// (credentials) belong to other readers.
type limitsFile struct {
	Limits struct {
		limitValues   `yaml:",inline"`
		Specs         map[string]limitValues `yaml:"specs"`
		ScriptTimeout string                 `yaml:"script_timeout"`
	} `yaml:"limits"`
}

// limitValues are limits as text: durations like "10s", "0" to switch a
// cooldown off.
type limitValues struct {
	Cooldown string `yaml:"cooldown"`
	Timeout  string `yaml:"timeout"`
	Retries  *int   `yaml:"retries"`
}

// readSettings reads the limits of the config file at path ("" for none).
// Secrets may sit in the same file, so errors never quote its content
// beyond a key name.
func readSettings(path string) (Settings, error) {
	var s Settings
	data, err := readConfig(path)
	if err != nil || data == nil {
		return s, err
	}
	var lf limitsFile
	if err := yaml.Unmarshal(data, &lf); err != nil {
		return s, fmt.Errorf("config file %s: the limits section is not valid", path)
	}
	if s.Limits, err = lf.Limits.limitValues.parse("limits"); err != nil {
		return s, fmt.Errorf("config file %s: %w", path, err)
	}
	if s.ScriptTimeout, err = timeoutValue(lf.Limits.ScriptTimeout); err != nil {
		return s, fmt.Errorf("config file %s: limits.script_timeout: %w", path, err)
	}
	for domain, v := range lf.Limits.Specs {
		l, err := v.parse("limits.specs." + domain)
		if err != nil {
			return s, fmt.Errorf("config file %s: %w", path, err)
		}
		if s.Specs == nil {
			s.Specs = map[string]invoke.Limits{}
		}
		s.Specs[domain] = l
	}
	return s, nil
}

// readConfig reads the config file at path, bounded; nil for "".
func readConfig(path string) ([]byte, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("config file: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxConfigBytes+1))
	if err != nil {
		return nil, fmt.Errorf("config file %s: %w", path, err)
	}
	if len(data) > maxConfigBytes {
		return nil, fmt.Errorf("config file %s: larger than %d bytes", path, maxConfigBytes)
	}
	return data, nil
}

func (v limitValues) parse(where string) (invoke.Limits, error) {
	var l invoke.Limits
	var err error
	if l.Cooldown, err = cooldownValue(v.Cooldown); err != nil {
		return l, fmt.Errorf("%s.cooldown: %w", where, err)
	}
	if l.Timeout, err = timeoutValue(v.Timeout); err != nil {
		return l, fmt.Errorf("%s.timeout: %w", where, err)
	}
	if v.Retries != nil {
		l.Retries = retriesValue(*v.Retries)
	}
	return l, nil
}

// cooldownValue reads a cooldown: "" is unset, 0 switches it off.
func cooldownValue(s string) (time.Duration, error) {
	d, set, err := duration(s)
	if err != nil || !set {
		return 0, err
	}
	if d == 0 {
		return -1, nil
	}
	return d, nil
}

// timeoutValue reads a timeout: "" is unset; it must be positive.
func timeoutValue(s string) (time.Duration, error) {
	d, set, err := duration(s)
	if err != nil || !set {
		return 0, err
	}
	if d <= 0 {
		return 0, fmt.Errorf("must be positive, e.g. 30s")
	}
	return d, nil
}

// retriesValue maps a retry count to invoke's: 0 switches retries off.
func retriesValue(n int) int {
	if n <= 0 {
		return -1
	}
	return min(n, 10)
}

// duration reads "10s", "1m30s" or plain seconds ("10"); negatives are
// refused.
func duration(s string) (time.Duration, bool, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, false, nil
	}
	if n, err := strconv.ParseFloat(s, 64); err == nil {
		if n < 0 || n > 86400 {
			return 0, false, fmt.Errorf("%q is out of range (0 to 86400 seconds)", s)
		}
		return time.Duration(n * float64(time.Second)), true, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 || d > 24*time.Hour {
		return 0, false, fmt.Errorf("%q is not a duration like 10s or 1m", s)
	}
	return d, true, nil
}

// Environment variables of the limits.
const (
	envCooldown = "SWAG2MCP_COOLDOWN"
	envTimeout  = "SWAG2MCP_TIMEOUT"
	envRetries  = "SWAG2MCP_RETRIES"
	// envScriptTimeout is the longest a script may run.
	envScriptTimeout = "SWAG2MCP_SCRIPT_TIMEOUT"
)

// fromEnv overlays the environment on s: SWAG2MCP_COOLDOWN, _TIMEOUT and
// _RETRIES server-wide, {PREFIX}_COOLDOWN and {PREFIX}_TIMEOUT per spec.
func (s Settings) fromEnv(getenv func(string) string, cat *catalog.Catalog) (Settings, error) {
	g, err := envLimits(getenv, envCooldown, envTimeout, envRetries)
	if err != nil {
		return s, err
	}
	s.Limits = overlay(s.Limits, g)
	if v := getenv(envScriptTimeout); v != "" {
		d, err := timeoutValue(v)
		if err != nil {
			return s, fmt.Errorf("%s: %w", envScriptTimeout, err)
		}
		s.ScriptTimeout = d
	}
	if cat == nil {
		return s, nil
	}
	for _, sp := range cat.Specs {
		if sp.EnvPrefix == "" {
			continue
		}
		l, err := envLimits(getenv, sp.EnvPrefix+"_COOLDOWN", sp.EnvPrefix+"_TIMEOUT", "")
		if err != nil {
			return s, err
		}
		if l == (invoke.Limits{}) {
			continue
		}
		specs := make(map[string]invoke.Limits, len(s.Specs)+1)
		for k, v := range s.Specs {
			specs[k] = v
		}
		specs[sp.Domain] = overlay(specs[sp.Domain], l)
		s.Specs = specs
	}
	return s, nil
}

func envLimits(getenv func(string) string, cooldown, timeout, retries string) (invoke.Limits, error) {
	var l invoke.Limits
	var err error
	if l.Cooldown, err = cooldownValue(getenv(cooldown)); err != nil {
		return l, fmt.Errorf("%s: %w", cooldown, err)
	}
	if l.Timeout, err = timeoutValue(getenv(timeout)); err != nil {
		return l, fmt.Errorf("%s: %w", timeout, err)
	}
	if retries != "" {
		if v := strings.TrimSpace(getenv(retries)); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil {
				return l, fmt.Errorf("%s: %q is not a whole number", retries, v)
			}
			l.Retries = retriesValue(n)
		}
	}
	return l, nil
}

// overlay returns base with o's set fields over it.
func overlay(base, o invoke.Limits) invoke.Limits {
	if o.Cooldown != 0 {
		base.Cooldown = o.Cooldown
	}
	if o.Timeout != 0 {
		base.Timeout = o.Timeout
	}
	if o.Retries != 0 {
		base.Retries = o.Retries
	}
	return base
}

// --- Response settings: inline limit, workspace and retention ---

// ResponseSettings decide how large and binary response bodies are kept.
// Zero fields take the defaults.
type ResponseSettings struct {
	Workspace       string // folder of stored responses; "": <user cache dir>/swag2mcp/<server name>
	MaxResponseSize int64  // largest body answered inline (max_response_size); 0: 1 MB
	MaxBodySize     int64  // most bytes of one body read and stored, cut past it; 0: 1 GB
	KeepFiles       int    // retention: most response files kept; 0: 100
	KeepBytes       int64  // retention: most bytes kept in all; 0: 1 GB
}

// Environment variables of the response settings.
const (
	envWorkspace       = "SWAG2MCP_WORKSPACE"
	envMaxResponseSize = "SWAG2MCP_MAX_RESPONSE_SIZE"
	envMaxBodySize     = "SWAG2MCP_MAX_BODY_SIZE"
	envKeepFiles       = "SWAG2MCP_KEEP_FILES"
	envKeepBytes       = "SWAG2MCP_KEEP_BYTES"
)

// responsesFile is the "responses" section of the config file.
type responsesFile struct {
	Responses struct {
		Workspace       string `yaml:"workspace"`
		MaxResponseSize string `yaml:"max_response_size"`
		MaxBodySize     string `yaml:"max_body_size"`
		KeepFiles       string `yaml:"keep_files"`
		KeepBytes       string `yaml:"keep_bytes"`
	} `yaml:"responses"`
}

// resolveResponses layers the response settings: the config file's
// "responses" section (data, nil for none), then the environment, then
// the caller's (Main: the flags).
func resolveResponses(data []byte, getenv func(string) string, caller ResponseSettings) (ResponseSettings, error) {
	var s ResponseSettings
	if data != nil {
		var rf responsesFile
		if err := yaml.Unmarshal(data, &rf); err != nil {
			return s, fmt.Errorf("config file: the responses section is not valid")
		}
		r := rf.Responses
		fromFile, err := parseResponseSettings("config file: responses.", r.Workspace, r.MaxResponseSize, r.MaxBodySize, r.KeepFiles, r.KeepBytes)
		if err != nil {
			return s, err
		}
		s = overlayResponses(s, fromFile)
	}
	fromEnv, err := parseResponseSettings("", getenv(envWorkspace), getenv(envMaxResponseSize), getenv(envMaxBodySize),
		getenv(envKeepFiles), getenv(envKeepBytes))
	if err != nil {
		return s, err
	}
	return overlayResponses(overlayResponses(s, fromEnv), caller), nil
}

// parseResponseSettings reads the settings as text ("" is unset); where
// prefixes the setting's name in errors (env variables name themselves).
func parseResponseSettings(where, workspace, maxResponse, maxBody, keepFiles, keepBytes string) (ResponseSettings, error) {
	var s ResponseSettings
	name := func(key, env string) string {
		if where == "" {
			return env
		}
		return where + key
	}
	var err error
	if s.Workspace, err = expandHome(strings.TrimSpace(workspace)); err != nil {
		return s, fmt.Errorf("%s: %w", name("workspace", envWorkspace), err)
	}
	if s.MaxResponseSize, err = sizeSetting(maxResponse); err != nil {
		return s, fmt.Errorf("%s: %w", name("max_response_size", envMaxResponseSize), err)
	}
	if s.MaxBodySize, err = sizeSetting(maxBody); err != nil {
		return s, fmt.Errorf("%s: %w", name("max_body_size", envMaxBodySize), err)
	}
	if v := strings.TrimSpace(keepFiles); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return s, fmt.Errorf("%s: %q is not a whole number of at least 1", name("keep_files", envKeepFiles), v)
		}
		s.KeepFiles = n
	}
	if s.KeepBytes, err = sizeSetting(keepBytes); err != nil {
		return s, fmt.Errorf("%s: %w", name("keep_bytes", envKeepBytes), err)
	}
	return s, nil
}

// sizeSetting reads a byte size like 1MB ("" is unset); it must be
// positive.
func sizeSetting(v string) (int64, error) {
	if strings.TrimSpace(v) == "" {
		return 0, nil
	}
	n, err := spill.ParseSize(v)
	if err != nil {
		return 0, err
	}
	if n <= 0 {
		return 0, fmt.Errorf("%q must be more than 0 bytes", v)
	}
	return n, nil
}

// expandHome replaces a leading ~ with the user's home folder.
func expandHome(p string) (string, error) {
	if p != "~" && !strings.HasPrefix(p, "~/") {
		return p, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("cannot expand ~: %w", err)
	}
	return filepath.Join(home, strings.TrimPrefix(p, "~")), nil
}

// overlayResponses returns base with o's set fields over it.
func overlayResponses(base, o ResponseSettings) ResponseSettings {
	if o.Workspace != "" {
		base.Workspace = o.Workspace
	}
	if o.MaxResponseSize != 0 {
		base.MaxResponseSize = o.MaxResponseSize
	}
	if o.MaxBodySize != 0 {
		base.MaxBodySize = o.MaxBodySize
	}
	if o.KeepFiles != 0 {
		base.KeepFiles = o.KeepFiles
	}
	if o.KeepBytes != 0 {
		base.KeepBytes = o.KeepBytes
	}
	return base
}

// responseFlags defines --workspace and --max-response-size on fs; the
// returned function reads them after parsing.
func responseFlags(fs *flag.FlagSet) func() (ResponseSettings, error) {
	workspace := fs.String("workspace", "", "`folder` for responses too large to answer inline (default <user cache>/swag2mcp/<name>)")
	maxResponse := fs.String("max-response-size", "", "largest response `size` answered inline, e.g. 512KB; larger ones are saved to the workspace (default 1MB)")
	return func() (ResponseSettings, error) {
		var s ResponseSettings
		var err error
		if s.Workspace, err = expandHome(strings.TrimSpace(*workspace)); err != nil {
			return s, fmt.Errorf("invalid --workspace: %w", err)
		}
		if s.MaxResponseSize, err = sizeSetting(*maxResponse); err != nil {
			return s, fmt.Errorf("invalid --max-response-size: %w", err)
		}
		return s, nil
	}
}

// writeResponseEnvironment lists the response settings' variables.
func writeResponseEnvironment(b *strings.Builder) {
	fmt.Fprintf(b, "  %s, %s\n    \tdefaults of --workspace and --max-response-size\n", envWorkspace, envMaxResponseSize)
	fmt.Fprintf(b, "  %s\n    \tmost bytes of one response read and saved (default 1GB)\n", envMaxBodySize)
	fmt.Fprintf(b, "  %s, %s\n    \tmost saved responses kept, by count and bytes (default 100 and 1GB)\n", envKeepFiles, envKeepBytes)
}
