// Command swag2mcp turns OpenAPI descriptions (Swagger 2.0, OpenAPI 3.0 and
// 3.1) into the Go module of an MCP server.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
