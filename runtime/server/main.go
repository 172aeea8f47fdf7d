package server

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/swag2mcp/swag2mcp/runtime/invoke"
)

// Exit codes of Main.
const (
	exitOK    = 0
	exitError = 1 // the server could not start or its transport failed
	exitUsage = 2 // bad command line
)

// Main runs a generated server: it parses opts.Args, then serves MCP over
// stdio until stdin closes or SIGINT/SIGTERM arrives. It returns the
// process exit code. Only protocol messages go to Stdout; logs go to Stderr.
func Main(opts Options) int {
	opts = opts.withStreams()
	fs := flag.NewFlagSet(opts.Name, flag.ContinueOnError)
	fs.SetOutput(opts.Stderr)
	fs.Usage = func() {} // Main prints usage itself: to stdout for --help
	version := fs.Bool("version", false, "print the name and version, then exit")
	logLevel := fs.String("log-level", "info", "least severe `level` to log: debug, info, warn or error")
	configFile := fs.String("config", "", "YAML `file` with credentials and limits (see Environment)")
	cooldown := fs.String("cooldown", "", "least `time` between two calls of one endpoint, e.g. 10s; 0 switches it off (default 10s)")
	timeout := fs.String("timeout", "", "`time` one invoke may take, retries included (default 30s)")
	retries := fs.String("retries", "", "extra `attempts` after a transient failure; 0 switches retries off (default 2)")
	scriptTimeout := fs.String("script-timeout", "", "longest `time` a script may run, and the most a call may ask for (default 30s)")
	readPolicy := policyFlags(fs)
	readResponseFlags := responseFlags(fs)

	if err := fs.Parse(opts.Args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printUsage(opts.Stdout, fs, opts)
			return exitOK
		}
		fmt.Fprintf(opts.Stderr, "Run '%s --help' for usage.\n", opts.Name)
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(opts.Stderr, "%s: unexpected argument %q\nRun '%s --help' for usage.\n", opts.Name, fs.Arg(0), opts.Name)
		return exitUsage
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		fmt.Fprintf(opts.Stderr, "%s: invalid --log-level %q: want debug, info, warn or error\n", opts.Name, *logLevel)
		return exitUsage
	}
	if *version {
		fmt.Fprintf(opts.Stdout, "%s %s\n", opts.Name, opts.Version)
		return exitOK
	}
	flagLimits, err := limitFlags(*cooldown, *timeout, *retries)
	if err != nil {
		fmt.Fprintf(opts.Stderr, "%s: %v\n", opts.Name, err)
		return exitUsage
	}
	opts.Settings.Limits = flagLimits.Over(opts.Settings.Limits)
	if *scriptTimeout != "" {
		if opts.Settings.ScriptTimeout, err = timeoutValue(*scriptTimeout); err != nil {
			fmt.Fprintf(opts.Stderr, "%s: invalid --script-timeout: %v\n", opts.Name, err)
			return exitUsage
		}
	}
	flagPolicy, err := readPolicy()
	if err != nil {
		fmt.Fprintf(opts.Stderr, "%s: %v\n", opts.Name, err)
		return exitUsage
	}
	opts.Policy = opts.Policy.over(flagPolicy)
	flagResponses, err := readResponseFlags()
	if err != nil {
		fmt.Fprintf(opts.Stderr, "%s: %v\n", opts.Name, err)
		return exitUsage
	}
	opts.Settings.Responses = overlayResponses(flagResponses, opts.Settings.Responses)
	if *configFile != "" {
		opts.ConfigFile = *configFile
	}

	logger := slog.New(slog.NewTextHandler(opts.Stderr, &slog.HandlerOptions{Level: level}))
	opts.Logger = logger
	s, err := NewMCPServer(opts)
	if err != nil {
		logger.Error("cannot start", "error", err)
		return exitError
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	stdio := mcpserver.NewStdioServer(s)
	stdio.SetErrorLogger(slog.NewLogLogger(logger.Handler(), slog.LevelError))
	logger.Info("serving MCP over stdio", "name", opts.Name, "version", opts.Version, "endpoints", len(opts.Catalog.Endpoints))
	if err := stdio.Listen(ctx, opts.Stdin, opts.Stdout); err != nil && !errors.Is(err, context.Canceled) {
		logger.Error("stdio transport failed", "error", err)
		return exitError
	}
	return exitOK
}

// limitFlags reads --cooldown, --timeout and --retries ("" when not given).
func limitFlags(cooldown, timeout, retries string) (invoke.Limits, error) {
	var l invoke.Limits
	var err error
	if l.Cooldown, err = cooldownValue(cooldown); err != nil {
		return l, fmt.Errorf("invalid --cooldown: %w", err)
	}
	if l.Timeout, err = timeoutValue(timeout); err != nil {
		return l, fmt.Errorf("invalid --timeout: %w", err)
	}
	if retries != "" {
		n, err := strconv.Atoi(retries)
		if err != nil || n < 0 {
			return l, fmt.Errorf("invalid --retries: %q is not a whole number of at least 0", retries)
		}
		l.Retries = retriesValue(n)
	}
	return l, nil
}

// withStreams fills the zero streams and names Main needs before flags.
func (o Options) withStreams() Options {
	if o.Name == "" {
		o.Name = "swag2mcp-server"
	}
	if o.Stdin == nil {
		o.Stdin = os.Stdin
	}
	if o.Stdout == nil {
		o.Stdout = os.Stdout
	}
	if o.Stderr == nil {
		o.Stderr = os.Stderr
	}
	return o
}

// printUsage writes --help: what the server is, its flags and the
// environment variables it reads.
func printUsage(w io.Writer, fs *flag.FlagSet, opts Options) {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s is an MCP server for", opts.Name, opts.Version)
	if opts.Catalog == nil || len(opts.Catalog.Specs) == 0 {
		b.WriteString(" an HTTP API")
	}
	if opts.Catalog != nil {
		for i, s := range opts.Catalog.Specs {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, " %s", cmp.Or(s.Title, s.Domain))
		}
	}
	fmt.Fprintf(&b, ", generated by swag2mcp.\n"+
		"It speaks the Model Context Protocol over stdin and stdout: register it as a\n"+
		"stdio server in your MCP client. Its tools are search, inspect,\n"+
		"endpoint_by_id, invoke, script, auth and the response tools\n"+
		"(response_outline, response_compress, response_slice). Logs go to stderr.\n\n"+
		"Usage:\n  %s [flags]\n\nFlags:\n  --help\n    \tprint this help, then exit\n", opts.Name)
	fs.VisitAll(func(f *flag.Flag) {
		fmt.Fprintf(&b, "  --%s", f.Name)
		name, usage := flag.UnquoteUsage(f)
		if name != "" {
			fmt.Fprintf(&b, " %s", name)
		}
		fmt.Fprintf(&b, "\n    \t%s", usage)
		if f.DefValue != "" && f.DefValue != "false" {
			fmt.Fprintf(&b, " (default %q)", f.DefValue)
		}
		b.WriteByte('\n')
	})
	writeEnvironment(&b, opts)
	io.WriteString(w, b.String())
}

// writeEnvironment lists the variables each spec reads: its base URL
// override and its credentials.
func writeEnvironment(b *strings.Builder, opts Options) {
	if opts.Catalog == nil || len(opts.Catalog.Specs) == 0 {
		return
	}
	b.WriteString("\nEnvironment:\n")
	fmt.Fprintf(b, "  %s, %s, %s\n    \tdefaults of --cooldown, --timeout and --retries\n", envCooldown, envTimeout, envRetries)
	fmt.Fprintf(b, "  %s\n    \tdefault of --script-timeout\n", envScriptTimeout)
	writePolicyEnvironment(b)
	writeResponseEnvironment(b)
	for _, s := range opts.Catalog.Specs {
		if s.EnvPrefix != "" {
			fmt.Fprintf(b, "  %s_COOLDOWN, %s_TIMEOUT\n    \tcooldown and timeout of %s's endpoints, over the server-wide ones\n",
				s.EnvPrefix, s.EnvPrefix, cmp.Or(s.Title, s.Domain))
		}
		if s.EnvPrefix != "" {
			fmt.Fprintf(b, "  %s_BASE_URL\n    \tbase URL of %s", s.EnvPrefix, cmp.Or(s.Title, s.Domain))
			if s.BaseURL != "" {
				fmt.Fprintf(b, " (default %q)", s.BaseURL)
			}
			b.WriteByte('\n')
		}
		for _, sec := range s.Security {
			for _, v := range sec.EnvVars {
				fmt.Fprintf(b, "  %s\n    \tcredential for %s (%s)\n", v, cmp.Or(s.Title, s.Domain), sec.Name)
			}
		}
	}
}
