package server

// Response settings: the inline limit, the workspace and its retention.

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/swag2mcp/swag2mcp/runtime/spill"
)

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
