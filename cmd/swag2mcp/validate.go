package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/swag2mcp/swag2mcp/generator"
)

// newValidateCmd builds `swag2mcp validate`.
func newValidateCmd() *cobra.Command {
	var f specFlags
	cmd := &cobra.Command{
		Use:   "validate SPEC...",
		Short: "Report every problem gen would, without writing anything",
		Long: `validate loads and lowers the specs exactly as gen does, with the same loader and
the same messages, and writes nothing. It prints every error and every warning
(operations gen would skip, security schemes whose credential variables had to
be renamed, duplicate operationIds, …) as file:line:col: message, then one
summary line on stdout.

Exit status: 0 when gen would succeed (warnings allowed unless --strict), 1 when
a spec has errors, 2 when the command line is wrong.`,
		Example: `  swag2mcp validate petstore.yaml
  swag2mcp validate billing.yaml users.json --strict`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts, err := f.options(args)
			if err != nil {
				return err
			}
			res, err := generator.Validate(cmd.Context(), opts)
			if err := report(cmd, res, err); err != nil {
				return err
			}
			_, err = fmt.Fprintf(cmd.OutOrStdout(), "%s: %s, %s, %s\n", cmd.CommandPath(),
				plural(len(opts.Specs), "spec"), plural(res.Endpoints, "operation"), plural(len(res.Warnings), "warning"))
			return err
		},
	}
	f.register(cmd, false)
	return cmd
}

// plural writes "1 spec" or "2 specs".
func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
