package server

import (
	"context"
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"
)

// callEndpoint calls endpoint i with args, invoke's arguments without
// endpointId, for callers other than the invoke tool (scripts). It runs
// the invoke handler itself, so such calls take exactly invoke's path:
// argument healing and validation, the gate (run-time filter, read-only
// mode, confirmation; guard.go), auth, cooldown, retries, response shaping
// and spill files, and the audit line. Keeping one path is the point: a
// guard added to invoke applies to scripts without touching them.
func (t *tools) callEndpoint(ctx context.Context, i int, args json.RawMessage) (*mcp.CallToolResult, error) {
	members := map[string]json.RawMessage{}
	if len(args) > 0 && !isNull(args) {
		if err := json.Unmarshal(args, &members); err != nil || members == nil {
			return failure(validationFailed("the arguments must be an object such as {parameters: {…}, requestBody: …}"))
		}
	}
	if _, ok := members["endpointId"]; ok {
		return failure(validationFailed("the endpoint is named by the path argument; leave endpointId out of the arguments"))
	}
	id, err := json.Marshal(t.cat.Endpoints[i].ID)
	if err != nil {
		return nil, err
	}
	members["endpointId"] = id
	raw, err := json.Marshal(members)
	if err != nil {
		return nil, err
	}
	return t.invoke(ctx, mcp.CallToolRequest{Params: mcp.CallToolParams{Name: toolInvoke, RawArguments: raw}})
}
