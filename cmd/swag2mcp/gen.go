package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/swag2mcp/swag2mcp/generator"
	"github.com/swag2mcp/swag2mcp/generator/diag"
	"github.com/swag2mcp/swag2mcp/runtime/filter"
)

// genFlags holds the flags of `swag2mcp gen`.
type genFlags struct {
	out             string
	name            string
	module          string
	domain          string
	runtime         string
	strict          bool
	allowRemoteRefs bool
	verbose         bool
	filter          filter.Rules
}

// newGenCmd builds `swag2mcp gen`.
func newGenCmd() *cobra.Command {
	var f genFlags
	cmd := &cobra.Command{
		Use:   "gen SPEC... -o DIR",
		Short: "Generate the Go module of an MCP server from OpenAPI specs",
		Long: `gen reads one or more OpenAPI descriptions and writes the Go module of an MCP
server into DIR; generated files are named *_gen.go and files of your own in DIR
are left alone. Problems in a spec are printed as file:line:col: message, one per
line. Operations the generator cannot handle are skipped with a warning;
--strict makes warnings fatal.

Filters choose the operations the server exposes; the others are not emitted.
Each filter flag takes glob patterns (* is any run of characters, slashes
included; ? one character; case is ignored), repeated or comma-separated.
Include patterns of all kinds form a union: an operation is kept when it matches
any of them (all are kept when none is given). Exclude patterns then drop
operations and always win.

Exit status: 0 on success, 1 when a spec is wrong or generation fails, 2 when the
command line is wrong. On success gen prints nothing but warnings (add -v for a
summary), so it fits go:generate.`,
		Example: `  swag2mcp gen petstore.yaml -o ./petstore-mcp
  swag2mcp gen openapi.json -o ./mcp --name github-mcp --module example.com/github-mcp
  swag2mcp gen billing.yaml users.yaml -o ./mcp --strict
  swag2mcp gen openapi.yaml -o ./mcp --include-tag pets,store --exclude-method DELETE

  # in a Go file, next to the spec:
  //go:generate swag2mcp gen openapi.yaml -o ./mcp`,
		Args: cobra.ArbitraryArgs, // checked in RunE, for our own messages
		RunE: func(cmd *cobra.Command, args []string) error {
			opts, err := f.options(args)
			if err != nil {
				return err
			}
			return runGen(cmd, opts, f.verbose)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&f.out, "out", "o", "", "output module `DIR` (required)")
	fl.StringVar(&f.name, "name", "", "server `NAME` (default: {domain}-mcp)")
	fl.StringVar(&f.module, "module", "", "Go module `PATH` of the output (default: the server name)")
	fl.StringVar(&f.domain, "domain", "", "API `DOMAIN` used in names, overriding the spec's (one spec only)")
	fl.BoolVar(&f.strict, "strict", false, "treat warnings (skipped operations) as errors")
	fl.BoolVar(&f.allowRemoteRefs, "allow-remote-refs", false, "let $refs fetch remote URLs")
	fl.StringVar(&f.runtime, "runtime", "", "swag2mcp checkout `DIR` for the go.mod replace (default: the one swag2mcp was built from)")
	fl.BoolVarP(&f.verbose, "verbose", "v", false, "print a summary line on success")
	what := map[string]string{"tag": "a tag", "method": "the HTTP method", "op": "the operationId", "path": "the path template (e.g. /admin/*)"}
	for _, l := range f.filter.Lists() {
		verb, kind, _ := strings.Cut(l.Name, "-")
		fl.StringSliceVar(l.List, l.Name, nil, fmt.Sprintf("%s operations where %s matches `PATTERN`", verb, what[kind]))
	}
	return cmd
}

// options checks the command line and turns it into generator options.
func (f *genFlags) options(specs []string) (generator.Options, error) {
	switch {
	case len(specs) == 0:
		return generator.Options{}, errors.New("no spec given")
	case f.out == "":
		return generator.Options{}, errors.New("no output directory given (-o DIR)")
	case f.domain != "" && len(specs) > 1:
		return generator.Options{}, fmt.Errorf("--domain needs exactly one spec, got %d", len(specs))
	}
	for _, s := range specs {
		if s == "" {
			return generator.Options{}, errors.New("empty spec path")
		}
	}
	if err := f.filter.Check(); err != nil {
		return generator.Options{}, fmt.Errorf("--%w", err)
	}
	return generator.Options{
		Specs:           specs,
		OutDir:          f.out,
		Name:            f.name,
		Module:          f.module,
		Domain:          f.domain,
		Strict:          f.strict,
		AllowRemoteRefs: f.allowRemoteRefs,
		RuntimeDir:      f.runtime,
		Filter:          f.filter,
	}, nil
}

// runGen generates and reports: warnings and errors one per line on
// stderr, and with verbose a summary line.
func runGen(cmd *cobra.Command, opts generator.Options, verbose bool) error {
	stderr := cmd.ErrOrStderr()
	res, err := generator.Generate(cmd.Context(), opts)
	seen := map[string]bool{}
	if res != nil {
		printDiagnostics(stderr, res.Warnings, seen)
	}
	if err != nil {
		var list diag.List
		if errors.As(err, &list) {
			printDiagnostics(stderr, list, seen)
		} else {
			fmt.Fprintf(stderr, "%s: %v\n", cmd.CommandPath(), err)
		}
		return &reported{err}
	}
	if verbose && res != nil {
		filtered := ""
		if !opts.Filter.Empty() {
			filtered = fmt.Sprintf(", %d operations left out by filters", res.Filtered)
		}
		fmt.Fprintf(stderr, "%s: wrote %d files to %s (%d warnings%s)\n",
			cmd.CommandPath(), len(res.Files), opts.OutDir, len(res.Warnings), filtered)
	}
	return nil
}

// printDiagnostics writes each diagnostic of list on its own line, once:
// seen holds the lines already printed.
func printDiagnostics(w io.Writer, list diag.List, seen map[string]bool) {
	for _, d := range list {
		s := d.String()
		if seen[s] {
			continue
		}
		seen[s] = true
		fmt.Fprintln(w, s)
	}
}
