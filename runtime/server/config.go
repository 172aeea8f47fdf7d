package server

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
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
	s.Limits = s.Limits.Over(g)
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
		specs[sp.Domain] = specs[sp.Domain].Over(l)
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
