package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/swag2mcp/swag2mcp"
)

// newVersionCmd builds `swag2mcp version`.
func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version of swag2mcp",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprintf(cmd.OutOrStdout(), "swag2mcp %s\n", buildVersion())
			return err
		},
	}
}

// buildVersion is the release this binary is (the version generated
// modules require), or the source version with "-dev" for a development
// build, which needs --runtime to write a module.
func buildVersion() string {
	return versionOf(swag2mcp.CurrentBuild())
}

func versionOf(b swag2mcp.Build) string {
	if b.Released() {
		return b.Version
	}
	return swag2mcp.Version + "-dev"
}
