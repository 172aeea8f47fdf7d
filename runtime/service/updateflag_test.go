package service

// Every test package imports updateflag so `go test ./... -update` never
// fails on an undefined flag.
import _ "github.com/swag2mcp/swag2mcp/internal/updateflag"
