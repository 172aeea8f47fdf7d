package config

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/swag2mcp/swag2mcp/runtime/filter"
)

// load parses args as flags and loads the configuration with env.
func load(t *testing.T, args []string, env map[string]string) (*Config, error) {
	t.Helper()
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	flags := Register(fs)
	if err := fs.Parse(args); err != nil {
		return nil, &UsageError{Err: err}
	}
	return Load(flags, func(k string) string { return env[k] }, []Spec{{Domain: "petstore", EnvPrefix: "PETSTORE"}})
}

// writeConfig writes a config file with mode 0600 and returns its path.
func writeConfig(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "cfg.yaml")
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestDefaults(t *testing.T) {
	c := Default()
	want := Config{
		LogLevel: slog.LevelInfo, LogFormat: LogText,
		Cooldown: 10 * time.Second, Timeout: 30 * time.Second, Retries: 2, ScriptTimeout: 30 * time.Second,
		ScriptMemory: 256 << 20, ScriptConcurrency: 1,
		MaxResponseSize: 1 << 20, MaxBodySize: 1 << 30, KeepFiles: 100, KeepBytes: 1 << 30,
		Confirm:         ConfirmAuto,
		HTTPMaxBodySize: 4 << 20, HTTPReadTimeout: 30 * time.Second, HTTPWriteTimeout: 10 * time.Minute,
		HTTPIdleTimeout: 2 * time.Minute, HTTPShutdownTimeout: 30 * time.Second,
	}
	if diff := cmp.Diff(want, c); diff != "" {
		t.Errorf("Default() (-want +got):\n%s", diff)
	}
	got, err := load(t, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(&want, got); diff != "" {
		t.Errorf("Load without sources (-want +got):\n%s", diff)
	}
}

// TestPrecedence: flags over environment over config file over defaults,
// for scalars and for lists (taken whole from the first source that sets
// them), and per-spec limits from the file and the environment.
func TestPrecedence(t *testing.T) {
	file := writeConfig(t, `
read_only: true
confirm: always
audit_log: /var/log/a.jsonl
http: 127.0.0.1:9000
limits:
  cooldown: 5s
  timeout: 20s
  specs:
    petstore: {cooldown: 0, retries: 1}
responses:
  workspace: /from/file
  keep_files: 7
filter:
  include_tag: [pet, store]
  exclude_method: DELETE, PATCH
safe_ops: [search*]
credentials:
  PETSTORE_API_KEY: k
`)
	tests := []struct {
		name string
		args []string
		env  map[string]string
		want func(c *Config)
	}{
		{name: "file over defaults", args: []string{"--config", file}, want: func(c *Config) {}},
		{name: "environment over file", args: []string{"--config", file},
			env: map[string]string{"SWAG2MCP_READ_ONLY": "false", "SWAG2MCP_CONFIRM": "Never", "SWAG2MCP_INCLUDE_TAG": "user",
				"SWAG2MCP_COOLDOWN": "0", "PETSTORE_TIMEOUT": "3s", "SWAG2MCP_HTTP": ":8080"},
			want: func(c *Config) {
				c.ReadOnly, c.Confirm, c.Filter.IncludeTags, c.Cooldown, c.HTTP = false, ConfirmNever, []string{"user"}, 0, ":8080"
				c.Specs["petstore"] = SpecLimits{Cooldown: Off, Retries: 1, Timeout: 3 * time.Second}
			}},
		{name: "flags over environment", args: []string{"--config", file, "--read-only=false", "--confirm=auto",
			"--include-tag=a", "--include-tag", "b,c", "--workspace", "/from/flag", "--http", "localhost:1"},
			env: map[string]string{"SWAG2MCP_READ_ONLY": "true", "SWAG2MCP_INCLUDE_TAG": "user", "SWAG2MCP_WORKSPACE": "/from/env"},
			want: func(c *Config) {
				c.ReadOnly, c.Confirm, c.Filter.IncludeTags, c.Workspace, c.HTTP = false, ConfirmAuto, []string{"a", "b", "c"}, "/from/flag", "localhost:1"
			}},
		{name: "config file named by the environment", env: map[string]string{"SWAG2MCP_CONFIG": file}, want: func(c *Config) {}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := Default()
			want.File = file
			want.ReadOnly, want.Confirm, want.AuditLog, want.HTTP = true, ConfirmAlways, "/var/log/a.jsonl", "127.0.0.1:9000"
			want.Cooldown, want.Timeout = 5*time.Second, 20*time.Second
			want.Specs = map[string]SpecLimits{"petstore": {Cooldown: Off, Retries: 1}}
			want.Workspace, want.KeepFiles = "/from/file", 7
			want.Filter = filter.Rules{IncludeTags: []string{"pet", "store"}, ExcludeMethods: []string{"DELETE", "PATCH"}}
			want.SafeOps = []string{"search*"}
			want.Credentials = map[string]string{"PETSTORE_API_KEY": "k"}
			tt.want(&want)
			got, err := load(t, tt.args, tt.env)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(&want, got); diff != "" {
				t.Errorf("config (-want +got):\n%s", diff)
			}
		})
	}
}

// TestUnknownKey: a mistyped key anywhere in the file stops start-up with
// the file, line and key, and a suggestion; it is never ignored.
func TestUnknownKey(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"top level", "readonly: true\n", `cfg.yaml:1:1: readonly: unknown key (did you mean read_only?)`},
		{"in a section", "limits:\n  cooldwn: 5s\n", `cfg.yaml:2:3: limits.cooldwn: unknown key (did you mean limits.cooldown?)`},
		{"unknown section", "respones:\n  workspace: /x\n", `cfg.yaml:1:1: respones: unknown key`},
		{"filter list", "filter:\n  include_tags: [x]\n", `cfg.yaml:2:3: filter.include_tags: unknown key (did you mean filter.include_tag?)`},
		{"per-spec limit", "limits:\n  specs:\n    petstore: {coldown: 1s}\n", `limits.specs.petstore.coldown: unknown key`},
		{"credential at the top", "PETSTORE_API_KEY: k\n", `cfg.yaml:1:1: a variable must be indented under "credentials:"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := load(t, []string{"--config", writeConfig(t, tt.text)}, nil)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want it to contain %q", err, tt.want)
			}
		})
	}
}

// TestBadValue: a bad value is an error naming the key and its source
// (the flag, the variable, or the file and line), and a bad flag is a
// usage error.
func TestBadValue(t *testing.T) {
	tests := []struct {
		name      string
		args      []string
		env       map[string]string
		file      string
		want      string
		wantUsage bool
	}{
		{name: "flag", args: []string{"--confirm=maybe"}, want: `invalid --confirm: "maybe" is not auto, always or never`, wantUsage: true},
		{name: "bool flag", args: []string{"--read-only=perhaps"}, want: `invalid --read-only: "perhaps" is not true or false`, wantUsage: true},
		{name: "environment", env: map[string]string{"SWAG2MCP_TIMEOUT": "soon"}, want: `SWAG2MCP_TIMEOUT: "soon" is not a duration`},
		{name: "zero timeout", env: map[string]string{"SWAG2MCP_TIMEOUT": "0"}, want: `SWAG2MCP_TIMEOUT: "0" must be more than 0`},
		{name: "size", env: map[string]string{"SWAG2MCP_MAX_RESPONSE_SIZE": "lots"}, want: "SWAG2MCP_MAX_RESPONSE_SIZE"},
		{name: "count", env: map[string]string{"SWAG2MCP_KEEP_FILES": "0"}, want: `SWAG2MCP_KEEP_FILES: "0" is not a whole number of at least 1`},
		{name: "retries range", args: []string{"--retries", "11"}, want: "from 0 to 10", wantUsage: true},
		{name: "file", file: "limits:\n  timeout: soon\n", want: `cfg.yaml:2: limits.timeout: "soon" is not a duration`},
		{name: "file list of maps", file: "safe_ops: [{a: b}]\n", want: "cfg.yaml:1:11: safe_ops: line 1: want a string"},
		{name: "per-spec env", env: map[string]string{"PETSTORE_COOLDOWN": "-1"}, want: "PETSTORE_COOLDOWN"},
		{name: "origin", args: []string{"--http-allowed-origins", "example.com"}, want: "http_allowed_origins"},
		{name: "write timeout shorter than a script", args: []string{"--http", ":1", "--http-write-timeout", "20s"},
			want: "http_write_timeout (20s) must be longer than the longest call"},
		{name: "script memory too small", env: map[string]string{"SWAG2MCP_SCRIPT_MEMORY": "1MB"}, want: "limits.script_memory (1048576 bytes) must be at least 32MB"},
		{name: "script concurrency", args: []string{"--script-concurrency", "0"}, want: "from 1 to 64", wantUsage: true},
		{name: "yaml", file: "a: [\n", want: "cfg.yaml: not valid YAML: syntax error at line"},
		{name: "missing file", args: []string{"--config", "/nonexistent/cfg.yaml"}, want: "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := tt.args
			if tt.file != "" {
				args = append(args, "--config", writeConfig(t, tt.file))
			}
			_, err := load(t, args, tt.env)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want it to contain %q", err, tt.want)
			}
			var ue *UsageError
			if errors.As(err, &ue) != tt.wantUsage {
				t.Errorf("usage error = %v, want %v", !tt.wantUsage, tt.wantUsage)
			}
		})
	}
}

// TestSecrets: the HTTP token comes from the environment or the config
// file only; there is no flag for it. A file holding a secret must not be
// readable by others, and no message quotes a secret value.
func TestSecrets(t *testing.T) {
	if _, err := load(t, []string{"--http-token", "t0p"}, nil); err == nil || !strings.Contains(err.Error(), "flag provided but not defined: -http-token") {
		t.Errorf("--http-token: err = %v, want an undefined flag", err)
	}
	c, err := load(t, nil, map[string]string{"SWAG2MCP_HTTP_TOKEN": "from-env"})
	if err != nil || c.HTTPToken != "from-env" {
		t.Errorf("token from env = %q, %v", c.HTTPToken, err)
	}
	file := writeConfig(t, "http_token: from-file\n")
	if c, err = load(t, []string{"--config", file}, nil); err != nil || c.HTTPToken != "from-file" {
		t.Errorf("token from file = %q, %v", c.HTTPToken, err)
	}
	if err := os.Chmod(file, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := load(t, []string{"--config", file}, nil); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("world-readable file with a token: err = %v, want a refusal", err)
	}
	open := writeConfig(t, "read_only: true\n")
	if err := os.Chmod(open, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := load(t, []string{"--config", open}, nil); err != nil {
		t.Errorf("world-readable file without secrets: %v", err)
	}
	bad := writeConfig(t, "credentials:\n  PETSTORE_API_KEY: [s3cr3t]\n")
	if _, err := load(t, []string{"--config", bad}, nil); err == nil || strings.Contains(err.Error(), "s3cr3t") {
		t.Errorf("bad credential: err = %v, want one without the value", err)
	}
	var b bytes.Buffer
	if err := WriteHelp(&b); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "--http-token") || !strings.Contains(b.String(), "SWAG2MCP_HTTP_TOKEN") {
		t.Errorf("help must list the token's variable and no flag for it:\n%s", b.String())
	}
}

// TestOneDefinition: every key is documented once and appears in --help
// and in the README table with its names and default.
func TestOneDefinition(t *testing.T) {
	var help bytes.Buffer
	if err := WriteHelp(&help); err != nil {
		t.Fatal(err)
	}
	table := Markdown()
	seen := map[string]bool{}
	for _, k := range Keys() {
		for _, name := range []string{"key " + k.Name, "flag " + k.Flag, "env " + k.Env} {
			if !strings.HasSuffix(name, " ") && seen[name] {
				t.Errorf("%s defined twice", name)
			}
			seen[name] = true
		}
		if k.Doc == "" || k.Env == "" || k.set == nil {
			t.Errorf("key %+v lacks a doc, a variable or a setter", k)
		}
		if k.Secret && k.Flag != "" {
			t.Errorf("secret %s has a flag", k.Name)
		}
		for _, want := range []string{k.Env, k.Doc} {
			if !strings.Contains(help.String(), want) || !strings.Contains(table, want) {
				t.Errorf("help or README table lacks %q", want)
			}
		}
		if k.Flag != "" && (!strings.Contains(help.String(), "--"+k.Flag) || !strings.Contains(table, "`--"+k.Flag+"`")) {
			t.Errorf("help or README table lacks --%s", k.Flag)
		}
		if k.Name != "" && !strings.Contains(table, "`"+k.Name+"`") {
			t.Errorf("README table lacks %s", k.Name)
		}
		if k.Default != "" && !strings.Contains(table, "`"+k.Default+"`") {
			t.Errorf("README table lacks the default of %s", k.Name)
		}
	}
}

// TestCredentialsSection: the credentials section maps variable names to
// strings; every malformed form is a located error.
func TestCredentialsSection(t *testing.T) {
	tests := []struct {
		name, text string
		want       map[string]string
		wantErr    string
	}{
		{name: "values", text: "credentials:\n  PETSTORE_API_KEY: k-1\n  PETSTORE_BASIC_PASSWORD: 12345\n  PETSTORE_BEARER: \"x: y\"\n  EMPTY:\n",
			want: map[string]string{"PETSTORE_API_KEY": "k-1", "PETSTORE_BASIC_PASSWORD": "12345", "PETSTORE_BEARER": "x: y"}},
		{name: "empty file", text: ""},
		{name: "not a mapping", text: "- a\n", wantErr: "cfg.yaml:1:1: want a mapping of keys"},
		{name: "variable at top level", text: "credentials:\nPETSTORE_API_KEY: x\n", wantErr: `cfg.yaml:2:1: a variable must be indented under "credentials:"`},
		{name: "credentials a list", text: "credentials:\n  - A\n", wantErr: `cfg.yaml:2:3: credentials: must map variable names to values`},
		{name: "value a mapping", text: "credentials:\n  A:\n    b: c\n", wantErr: "cfg.yaml:3:5: credentials: a value must be a string"},
		{name: "duplicate", text: "credentials:\n  A: x\n  A: y\n", wantErr: "cfg.yaml:3:3: credentials: a variable is given twice"},
		{name: "syntax error", text: "credentials:\n  A: \"unterminated\n", wantErr: "not valid YAML: syntax error at line 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := load(t, []string{"--config", writeConfig(t, tt.text)}, nil)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, c.Credentials, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("credentials (-want +got):\n%s", diff)
			}
		})
	}
	for _, tt := range []struct{ name, path string }{{"directory", t.TempDir()}, {"too large", writeConfig(t, strings.Repeat("#", maxFileBytes+1))}} {
		if _, err := load(t, []string{"--config", tt.path}, nil); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
}

// TestFileErrorsNeverQuoteSecrets: config files that hold a secret and are
// wrong in every way give errors without the secret.
func TestFileErrorsNeverQuoteSecrets(t *testing.T) {
	const secret = "LEAK-apikey-7f3a9"
	for _, text := range []string{
		"credentials:\n  A: \"" + secret + "\n",
		"credentials:\n  A: [" + secret + "]\n",
		"credentials:\n  A: {" + secret + ": 1}\n",
		"credentials:\n  A: " + secret + "\n  A: x\n",
		"credentials:\n  A: b\n" + strings.ToUpper(strings.ReplaceAll(secret, "-", "_")) + ": x\n",
		"- " + secret + "\n",
		"credentials: " + secret + "\n",
		"credentials:\n  A: *" + secret[:9] + "\n",
		"credentials:\n\tA: " + secret + "\n",
		"http_token: [" + secret + "]\n",
		"http_token: " + secret + "\nhttp_token_x: 1\n",
	} {
		for _, mode := range []os.FileMode{0o600, 0o644} {
			path := writeConfig(t, text)
			if err := os.Chmod(path, mode); err != nil {
				t.Fatal(err)
			}
			_, err := load(t, []string{"--config", path}, nil)
			if err == nil {
				t.Errorf("config %q loaded without error", text)
				continue
			}
			if upper := strings.ToUpper(strings.ReplaceAll(secret, "-", "_")); strings.Contains(err.Error(), secret) || strings.Contains(err.Error(), upper) {
				t.Errorf("error quotes the secret: %v", err)
			}
		}
	}
}

// TestRedisURL: the Redis URL may come from a flag, the environment or the
// file, but a password only from the latter two; a file with one must be
// private, and no message quotes the URL.
func TestRedisURL(t *testing.T) {
	c, err := load(t, []string{"--redis", "redis://cache:6379/2"}, nil)
	if err != nil || c.Redis != "redis://cache:6379/2" {
		t.Fatalf("flag: %q, %v", c.Redis, err)
	}
	for _, url := range []string{"redis://:hunter2@cache:6379", "redis://cache:6379?password=hunter2"} {
		_, err := load(t, []string{"--redis", url}, nil)
		var ue *UsageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), "SWAG2MCP_REDIS_URL") || strings.Contains(err.Error(), "hunter2") {
			t.Errorf("--redis %s: err = %v, want a usage error pointing to the variable, without the password", url, err)
		}
	}
	if c, err := load(t, nil, map[string]string{"SWAG2MCP_REDIS_URL": "rediss://u:hunter2@cache:6380"}); err != nil || c.Redis == "" {
		t.Errorf("password from the environment: %q, %v", c.Redis, err)
	}
	file := writeConfig(t, "redis: redis://:hunter2@cache:6379\n")
	if c, err := load(t, []string{"--config", file}, nil); err != nil || c.Redis != "redis://:hunter2@cache:6379" {
		t.Errorf("password from the file: %q, %v", c.Redis, err)
	}
	if err := os.Chmod(file, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := load(t, []string{"--config", file}, nil); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("world-readable file with a Redis password: err = %v, want a refusal", err)
	}
	for _, bad := range []string{"http://:hunter2@cache", "hunter2", "redis://"} {
		if _, err := load(t, nil, map[string]string{"SWAG2MCP_REDIS_URL": bad}); err == nil || strings.Contains(err.Error(), "hunter2") {
			t.Errorf("%s: err = %v, want a refusal that does not quote it", bad, err)
		}
	}
}
