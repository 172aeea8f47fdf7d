package main

import (
	"fmt"
	"runtime/debug"

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

// buildVersion is the version of the main module this binary was built
// from: a tag for `go install …@v1.2.3`, else the generator's own version
// with "-dev" for a build from a checkout.
func buildVersion() string {
	info, ok := debug.ReadBuildInfo()
	return versionOf(info, ok)
}

// versionOf extracts the version from build information.
func versionOf(info *debug.BuildInfo, ok bool) string {
	if !ok || info == nil {
		return swag2mcp.Version + "-dev"
	}
	switch v := info.Main.Version; v {
	case "", "(devel)":
		return swag2mcp.Version + "-dev"
	default:
		return v
	}
}
