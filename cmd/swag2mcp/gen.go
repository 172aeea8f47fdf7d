package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/swag2mcp/swag2mcp/generator"
	"github.com/swag2mcp/swag2mcp/generator/diag"
)

// newGenCmd builds `swag2mcp gen`.
func newGenCmd() *cobra.Command {
	var f specFlags
	var out, pkg, runtimeDir string
	var verbose bool
	cmd := &cobra.Command{
		Use:   "gen SPEC... -o DIR",
		Short: "Generate the Go module (or package) of an MCP server from OpenAPI specs",
		Long: `gen reads one or more OpenAPI descriptions and writes the Go source of an MCP
server into DIR; generated files are named *_gen.go and files of your own in DIR
are left alone. Problems in a spec are printed as file:line:col: message, one per
line. Operations the generator cannot handle are skipped with a warning;
--strict makes warnings fatal.

By default DIR becomes a standalone module (go.mod, go.sum, README.md, package
main) that requires the swag2mcp runtime at this generator's own version, so it
builds on any machine with the Go module proxy. --package NAME instead writes a
package of the module DIR lies in (for //go:generate), exporting Main() int; your
go.mod requires the runtime (gen says how when it does not).

` + filterHelp + `

Exit status: 0 on success, 1 when a spec is wrong or generation fails, 2 when the
command line is wrong. On success gen prints nothing but warnings (add -v for a
summary), so it fits go:generate.`,
		Example: `  swag2mcp gen petstore.yaml -o ./petstore-mcp
  swag2mcp gen openapi.json -o ./mcp --name github-mcp --module example.com/github-mcp
  swag2mcp gen billing.yaml users.yaml -o ./mcp --strict
  swag2mcp gen openapi.yaml -o ./mcp --include-tag pets,store --exclude-method DELETE
  swag2mcp gen v2/petstore.yaml v3/petstore.yaml -o ./mcp --domain v2/petstore.yaml=pets2

  # in a Go file of your module (example.com/app):
  //go:generate swag2mcp gen ../api/petstore.yaml -o ./petmcp --package petmcp`,
		Args: cobra.ArbitraryArgs, // checked in RunE, for our own messages
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return errors.New("no output directory given (-o DIR)")
			}
			opts, err := f.options(args)
			if err != nil {
				return err
			}
			opts.OutDir, opts.Package, opts.RuntimeDir = out, pkg, runtimeDir
			if err := generator.CheckOptions(opts); err != nil {
				return err
			}
			return runGen(cmd, opts, verbose)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&out, "out", "o", "", "output `DIR` (required)")
	fl.StringVar(&pkg, "package", "", "write package `NAME` into the Go module DIR belongs to, instead of a standalone module")
	fl.StringVar(&runtimeDir, "runtime", "", "swag2mcp checkout `DIR` that the go.mod replaces the runtime with (development)")
	fl.BoolVarP(&verbose, "verbose", "v", false, "print a summary line on success")
	f.register(cmd, true)
	return cmd
}

// runGen generates and reports: warnings and errors one per line on
// stderr, notes about the surroundings, and with verbose a summary line.
func runGen(cmd *cobra.Command, opts generator.Options, verbose bool) error {
	stderr := cmd.ErrOrStderr()
	res, err := generator.Generate(cmd.Context(), opts)
	if err := report(cmd, res, err); err != nil {
		return err
	}
	for _, n := range res.Notes {
		fmt.Fprintf(stderr, "%s: %s\n", cmd.CommandPath(), n)
	}
	if verbose {
		filtered := ""
		if !opts.Filter.Empty() {
			filtered = fmt.Sprintf(", %d operations left out by filters", res.Filtered)
		}
		fmt.Fprintf(stderr, "%s: wrote %d files to %s (%d warnings%s)\n",
			cmd.CommandPath(), len(res.Files), opts.OutDir, len(res.Warnings), filtered)
	}
	return nil
}

// report prints what a generator run found: its warnings, then its
// errors. A failed run comes back as reported, so the exit code is 1.
func report(cmd *cobra.Command, res *generator.Result, err error) error {
	stderr := cmd.ErrOrStderr()
	seen := map[string]bool{}
	if res != nil {
		printDiagnostics(stderr, res.Warnings, seen)
	}
	if err == nil {
		return nil
	}
	var list diag.List
	if errors.As(err, &list) {
		printDiagnostics(stderr, list, seen)
	} else {
		fmt.Fprintf(stderr, "%s: %v\n", cmd.CommandPath(), err)
	}
	return &reported{err}
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
