package server

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/swag2mcp/swag2mcp/runtime/auth"
)

// authTool handles the auth tool; runtime/auth does the work.
func (t *tools) authTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	raw := req.Params.RawArguments
	if len(raw) == 0 && req.Params.Arguments != nil {
		b, err := json.Marshal(req.Params.Arguments)
		if err != nil {
			return failure(validationFailed("arguments cannot be read"))
		}
		raw = b
	}
	args, err := auth.DecodeToolArgs(raw)
	if err == nil {
		var ans *auth.ToolAnswer
		if ans, err = t.auth.RunTool(ctx, args); err == nil {
			return success(ans)
		}
	}
	var ae *auth.ArgError
	if errors.As(err, &ae) {
		return failure(validationFailed("%s", ae.Error()))
	}
	return failure(&toolError{Code: codeInvokeError, Message: "the auth tool failed: " + err.Error()})
}
