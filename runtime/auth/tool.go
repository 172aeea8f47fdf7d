package auth

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"
)

// ToolName is the name of the auth tool.
const ToolName = "auth"

// ToolInputSchema is the auth tool's input schema. It takes no credentials:
// they come only from the server's environment or config file.
const ToolInputSchema = `{"type":"object","properties":{` +
	`"refresh":{"type":"boolean","description":"Fetch new OAuth2 client-credentials tokens now; default false only reports"},` +
	`"spec":{"type":"string","description":"Only this API: its specDomain or specId as search and inspect show them"},` +
	`"scheme":{"type":"string","description":"Only this security scheme, by its name in the spec"}},` +
	`"additionalProperties":false}`

// Tool is the auth tool's definition.
func Tool() mcp.Tool {
	return mcp.Tool{
		Name: ToolName,
		Description: "Report which API credentials the server has: per API and security scheme, whether it is " +
			"configured and which environment variables configure it (values are never shown). Use it when " +
			"invoke fails with auth_missing or a 401/403. With refresh true, fetches new OAuth2 " +
			"client-credentials tokens. Credentials cannot be passed to any tool; the user sets them in " +
			"the server's environment or config file.",
		RawInputSchema: json.RawMessage(ToolInputSchema),
		Annotations: mcp.ToolAnnotation{
			Title:           "Auth status",
			ReadOnlyHint:    mcp.ToBoolPtr(true),
			DestructiveHint: mcp.ToBoolPtr(false),
			IdempotentHint:  mcp.ToBoolPtr(true),
			OpenWorldHint:   mcp.ToBoolPtr(true), // refresh calls token endpoints
		},
	}
}

// ToolArgs are the auth tool's arguments.
type ToolArgs struct {
	Refresh bool   `json:"refresh"`
	Spec    string `json:"spec"`
	Scheme  string `json:"scheme"`
}

// DecodeToolArgs reads the tool's arguments strictly: unknown keys and
// wrong types are an *ArgError. Empty or null input is no arguments.
func DecodeToolArgs(raw json.RawMessage) (ToolArgs, error) {
	var a ToolArgs
	if len(bytes.TrimSpace(raw)) == 0 || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return a, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		return ToolArgs{}, &ArgError{msg: "arguments must be an object with optional refresh (boolean), spec and scheme (strings)"}
	}
	return a, nil
}

// ToolAnswer is the auth tool's structured answer.
type ToolAnswer struct {
	Schemes   []SchemeStatus  `json:"schemes"`
	Refreshed []RefreshResult `json:"refreshed,omitempty"`
	Note      string          `json:"note,omitempty"`
}

// RunTool answers the auth tool: the status of the selected schemes, after
// refreshing their client-credentials tokens when args.Refresh is set.
// Token endpoint failures are reported in the answer; only bad arguments
// are an error (*ArgError).
func (p *Provider) RunTool(ctx context.Context, args ToolArgs) (*ToolAnswer, error) {
	list, err := p.selectSchemes(args.Spec, args.Scheme)
	if err != nil {
		return nil, err
	}
	ans := &ToolAnswer{Schemes: []SchemeStatus{}}
	if args.Refresh {
		res, err := p.refresh(ctx, args.Spec, args.Scheme)
		if err != nil {
			return nil, err
		}
		ans.Refreshed = res
		if len(res) == 0 {
			ans.Note = "no OAuth2 client-credentials scheme to refresh"
		}
	}
	for _, s := range list {
		ans.Schemes = append(ans.Schemes, p.status(s))
	}
	if len(list) == 0 && ans.Note == "" {
		ans.Note = "the API declares no security schemes; its endpoints need no credentials"
	}
	return ans, nil
}
