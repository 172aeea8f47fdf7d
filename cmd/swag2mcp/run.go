package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/spf13/cobra"
)

// Exit codes of the command.
const (
	exitOK    = 0
	exitError = 1 // the spec is wrong or generation failed
	exitUsage = 2 // the command line is wrong
)

// run executes the command line args and returns the process exit code.
// Help and version go to stdout, diagnostics and errors to stderr.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	root := newRootCmd()
	if args == nil {
		args = []string{} // cobra reads os.Args when given nil
	}
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	cmd, err := root.ExecuteContextC(ctx)
	return exitCode(stderr, cmd, err)
}

// reported is a failure a command has already described on stderr.
type reported struct{ err error }

func (e *reported) Error() string { return e.err.Error() }
func (e *reported) Unwrap() error { return e.err }

// exitCode turns the error of cmd into an exit code. Commands report their
// own failures (see reported); every other error is about the command line,
// whether it comes from cobra (unknown flag or command) or from a command's
// checks, and is printed with a hint.
func exitCode(stderr io.Writer, cmd *cobra.Command, err error) int {
	if err == nil {
		return exitOK
	}
	var r *reported
	if errors.As(err, &r) {
		return exitError
	}
	path := "swag2mcp"
	if cmd != nil {
		path = cmd.CommandPath()
	}
	fmt.Fprintf(stderr, "%s: %v\nRun '%s --help' for usage.\n", path, err, path)
	return exitUsage
}
