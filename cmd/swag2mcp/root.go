package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// newRootCmd builds the swag2mcp command with its subcommands.
func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "swag2mcp",
		Short: "Turn OpenAPI descriptions into MCP servers",
		Long: `swag2mcp reads OpenAPI descriptions (Swagger 2.0, OpenAPI 3.0 and 3.1, YAML or
JSON) and writes a Go module that builds into one MCP server binary. The server
lets a model search, inspect and call every operation of the API.`,
		Example: `  # Generate a server's module and build it
  swag2mcp gen petstore.yaml -o ./petstore-mcp
  (cd petstore-mcp && go build -o petstore-mcp .)

  # The same in one step
  swag2mcp build petstore.yaml -o ./bin/petstore-mcp

  # Check a spec without writing anything
  swag2mcp validate petstore.yaml

  # From a go:generate line, as a package of your module
  //go:generate swag2mcp gen api/openapi.yaml -o ./petmcp --package petmcp`,
		Version:       buildVersion(),
		Args:          cobra.ArbitraryArgs,
		RunE:          runRoot,
		SilenceUsage:  true,
		SilenceErrors: true,
		// SuggestionsFor reads this field; only cobra's own lookup defaults it.
		SuggestionsMinimumDistance: 2,
	}
	// Declared here so it has no -v shorthand: gen's -v means verbose.
	root.Flags().Bool("version", false, "print the version of swag2mcp")
	root.SetVersionTemplate("swag2mcp {{.Version}}\n")
	root.AddCommand(newGenCmd(), newBuildCmd(), newValidateCmd(), newSearchCmd(), newVersionCmd())
	return root
}

// runRoot runs when no subcommand matched: with no arguments at all, or
// with one cobra did not recognise.
func runRoot(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return errors.New("no command given")
	}
	msg := fmt.Sprintf("unknown command %q", args[0])
	if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
		msg += "; did you mean " + strings.Join(s, " or ") + "?"
	}
	return errors.New(msg)
}
