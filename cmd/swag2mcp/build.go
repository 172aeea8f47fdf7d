package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/swag2mcp/swag2mcp/generator"
)

// newBuildCmd builds `swag2mcp build`.
func newBuildCmd() *cobra.Command {
	var f specFlags
	var out, runtimeDir string
	var verbose bool
	cmd := &cobra.Command{
		Use:   "build SPEC... [-o BINARY]",
		Short: "Generate an MCP server and compile it into one binary",
		Long: `build does gen and go build in one step: it generates the standalone module into
a temporary directory, runs go build there (with your environment: GOFLAGS,
GOPROXY, GOOS/GOARCH and the module and build caches apply), writes the binary
to BINARY (default ./NAME, the server's name) and removes the temporary module.
It needs the go command on PATH. The flags of gen apply, except -o and
--package.

Exit status: 0 on success, 1 when a spec is wrong or the build fails, 2 when the
command line is wrong.`,
		Example: `  swag2mcp build petstore.yaml -o ./bin/petstore-mcp
  GOOS=windows swag2mcp build openapi.json -o github-mcp.exe --name github-mcp`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts, err := f.options(args)
			if err != nil {
				return err
			}
			opts.RuntimeDir = runtimeDir
			return runBuild(cmd, opts, out, verbose)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&out, "out", "o", "", "`BINARY` to write (default: ./NAME)")
	fl.StringVar(&runtimeDir, "runtime", "", "swag2mcp checkout `DIR` to build the runtime from (development)")
	fl.BoolVarP(&verbose, "verbose", "v", false, "print the go build command and a summary line")
	f.register(cmd, true)
	return cmd
}

// runBuild generates into a temporary module and compiles it.
func runBuild(cmd *cobra.Command, opts generator.Options, out string, verbose bool) error {
	stderr := cmd.ErrOrStderr()
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return &reported{reportf(cmd, "the go command is not on PATH: swag2mcp build needs Go 1.26 or later "+
			"(or run swag2mcp gen and build the module elsewhere)")}
	}
	tmp, err := os.MkdirTemp("", "swag2mcp-build-")
	if err != nil {
		return &reported{reportf(cmd, "%v", err)}
	}
	defer os.RemoveAll(tmp)
	opts.OutDir = filepath.Join(tmp, "server")
	if opts.RuntimeDir != "" {
		// The replace must point at the checkout from the temporary module.
		if opts.RuntimeDir, err = filepath.Abs(opts.RuntimeDir); err != nil {
			return &reported{reportf(cmd, "%v", err)}
		}
	}
	res, err := generator.Generate(cmd.Context(), opts)
	if err := report(cmd, res, err); err != nil {
		return err
	}
	if out == "" {
		out = res.Name
	}
	bin, err := filepath.Abs(out)
	if err != nil {
		return &reported{reportf(cmd, "%v", err)}
	}
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		return &reported{reportf(cmd, "%v", err)}
	}
	gb := exec.CommandContext(cmd.Context(), goCmd, "build", "-o", bin, ".")
	gb.Dir = opts.OutDir
	gb.Stdout, gb.Stderr = stderr, stderr
	if verbose {
		fmt.Fprintf(stderr, "%s: go build -o %s . (in the generated module)\n", cmd.CommandPath(), bin)
	}
	if err := gb.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return &reported{reportf(cmd, "go build of the generated server failed (%v)", err)}
		}
		return &reported{reportf(cmd, "go build: %v", err)}
	}
	if verbose {
		fmt.Fprintf(stderr, "%s: wrote %s (%d warnings)\n", cmd.CommandPath(), bin, len(res.Warnings))
	}
	return nil
}

// reportf prints a failure of cmd on its stderr and returns it as an error.
func reportf(cmd *cobra.Command, format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	fmt.Fprintf(cmd.ErrOrStderr(), "%s: %v\n", cmd.CommandPath(), err)
	return err
}
