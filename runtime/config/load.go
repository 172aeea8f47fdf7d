package config

import (
	"errors"
	"flag"
	"fmt"
	"maps"
	"os"
	"strconv"
	"strings"
)

// Spec names one API of the server for its per-spec settings:
// {EnvPrefix}_COOLDOWN and {EnvPrefix}_TIMEOUT, limits.specs.{Domain}.
type Spec struct {
	Domain    string
	EnvPrefix string
}

// Flags holds the command-line values of every key, as given.
type Flags struct {
	keys []Key
	set  map[string][]string // flag name → values in order (lists accumulate)
}

// UsageError is a bad command-line value: the caller exits with a usage
// status.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// Register defines a flag on fs for every key that has one. Values are
// read by Load, which reports bad ones.
func Register(fs *flag.FlagSet) *Flags {
	f := &Flags{keys: Keys(), set: map[string][]string{}}
	for i := range f.keys {
		k := &f.keys[i]
		if k.Flag == "" {
			continue
		}
		usage := k.Doc
		if k.Arg != "" {
			usage = "`" + k.Arg + "`: " + usage
		}
		record := func(s string) error {
			f.set[k.Flag] = append(f.set[k.Flag], s)
			return nil
		}
		if k.Kind == Bool {
			fs.BoolFunc(k.Flag, usage, record)
		} else {
			fs.Func(k.Flag, usage, record)
		}
	}
	return f
}

// Load resolves the configuration: each key's default, overridden by the
// config file (--config or SWAG2MCP_CONFIG), by the environment, then by
// flags (nil for none). A list is taken whole from the first source that
// sets it. Bad flag values are a *UsageError; every error names the key
// and where its value came from.
func Load(flags *Flags, getenv func(string) string, specs []Spec) (*Config, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	if flags == nil {
		flags = &Flags{keys: Keys(), set: map[string][]string{}}
	}
	keys := flags.keys
	byName := keyByName(keys)
	c := Default()
	// The config file's name comes from a flag or the environment first.
	for i := range keys {
		if keys[i].Name == "" {
			if err := flags.apply(&keys[i], &c, getenv); err != nil {
				return nil, err
			}
		}
	}
	var file *fileValues
	if c.File != "" {
		var err error
		if file, err = readFile(c.File, byName); err != nil {
			return nil, err
		}
		c.Credentials = file.credentials
		c.Specs = maps.Clone(file.specs)
	}
	for i := range keys {
		k := &keys[i]
		if k.Name == "" {
			continue
		}
		if file != nil {
			if fv, ok := file.values[k.Name]; ok {
				v, err := k.parse(fv.text)
				if err != nil {
					return nil, fmt.Errorf("%s:%d: %s: %w", file.path, fv.line, k.Name, err)
				}
				k.set(&c, v)
			}
		}
		if err := flags.apply(k, &c, getenv); err != nil {
			return nil, err
		}
	}
	if err := specsFromEnv(&c, getenv, specs, byName); err != nil {
		return nil, err
	}
	return &c, c.check()
}

// apply sets k from the environment, then from its flag.
func (f *Flags) apply(k *Key, c *Config, getenv func(string) string) error {
	if k.Env != "" {
		if text := getenv(k.Env); strings.TrimSpace(text) != "" {
			v, err := k.parse(text)
			if err != nil {
				return fmt.Errorf("%s: %w", k.Env, err)
			}
			k.set(c, v)
		}
	}
	given, ok := f.set[k.Flag]
	if k.Flag == "" || !ok {
		return nil
	}
	text := given[len(given)-1]
	if k.Kind == List {
		text = strings.Join(given, ",")
	}
	if k.Kind == SecretURL && hasPassword(text) {
		return &UsageError{fmt.Errorf("invalid --%s: the URL carries a password, which a flag shows to every user of the machine (ps); "+
			"give it in %s or the config file instead", k.Flag, k.Env)}
	}
	v, err := k.parse(text)
	if err != nil {
		return &UsageError{fmt.Errorf("invalid --%s: %w", k.Flag, err)}
	}
	k.set(c, v)
	return nil
}

// specsFromEnv overlays {PREFIX}_COOLDOWN and {PREFIX}_TIMEOUT on the
// file's per-spec limits.
func specsFromEnv(c *Config, getenv func(string) string, specs []Spec, keys map[string]*Key) error {
	for _, sp := range specs {
		if sp.EnvPrefix == "" {
			continue
		}
		l := c.Specs[sp.Domain]
		changed := false
		for _, name := range []string{"cooldown", "timeout"} {
			env := sp.EnvPrefix + "_" + strings.ToUpper(name)
			text := getenv(env)
			if strings.TrimSpace(text) == "" {
				continue
			}
			if err := l.set(keys["limits."+name], text); err != nil {
				return fmt.Errorf("%s: %w", env, err)
			}
			changed = true
		}
		if changed {
			if c.Specs == nil {
				c.Specs = map[string]SpecLimits{}
			}
			c.Specs[sp.Domain] = l
		}
	}
	return nil
}

// Bounds checked across keys.
const (
	maxSafeOps = 256
	// minScriptMemory is the least limits.script_memory: a script's
	// process needs about 10 MB to start the engine.
	minScriptMemory = 32 << 20
)

// check reports settings that are wrong together.
func (c *Config) check() error {
	if err := c.Filter.Check(); err != nil {
		return fmt.Errorf("filter: %w", err)
	}
	if len(c.SafeOps) > maxSafeOps {
		return fmt.Errorf("safe_ops: %d patterns, more than the %d allowed", len(c.SafeOps), maxSafeOps)
	}
	for _, p := range c.SafeOps {
		if strings.TrimSpace(p) == "" {
			return errors.New("safe_ops: empty pattern")
		}
	}
	if c.ScriptMemory < minScriptMemory {
		return fmt.Errorf("limits.script_memory (%d bytes) must be at least 32MB: a script's process needs about 10 MB to start", c.ScriptMemory)
	}
	if longest := max(c.Timeout, c.ScriptTimeout); c.HTTP != "" && c.HTTPWriteTimeout <= longest {
		return fmt.Errorf("http_write_timeout (%s) must be longer than the longest call, limits.timeout and limits.script_timeout (%s)",
			c.HTTPWriteTimeout, longest)
	}
	for _, o := range c.HTTPAllowedOrigins {
		if !strings.Contains(o, "://") {
			return fmt.Errorf("http_allowed_origins: %s is not an origin like https://app.example.com", strconv.Quote(o))
		}
	}
	return nil
}
