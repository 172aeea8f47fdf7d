package mcptools

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/swag2mcp/swag2mcp/runtime/service"
)

// Confirmation form: one box, ticked by default.
const (
	confirmInputID    = "confirm" // id of the input request of a multi round-trip confirmation
	confirmFieldName  = "confirm"
	confirmFieldTitle = "Send this request"
	confirmSchema     = `{"type":"object","properties":{"` + confirmFieldName + `":{"type":"boolean",` +
		`"title":"` + confirmFieldTitle + `","default":true}},"required":["` + confirmFieldName + `"]}`
)

// clientCanElicit reports whether the client of the call in ctx declared
// form elicitation: per request from protocol 2026-07-28 on, else at
// initialization. Only such clients are ever asked.
func clientCanElicit(ctx context.Context) bool {
	var caps *mcp.ElicitationCapability
	if info := mcpserver.RequestProtocolInfoFromContext(ctx); info != nil && info.Modern {
		if info.ClientCapabilities != nil {
			caps = info.ClientCapabilities.Elicitation
		}
	} else if s, ok := mcpserver.ClientSessionFromContext(ctx).(mcpserver.SessionWithClientInfo); ok {
		caps = s.GetClientCapabilities().Elicitation
	}
	// An empty elicitation capability means form mode (the protocol's
	// rule for clients that predate modes).
	return caps != nil && (caps.Form != nil || caps.URL == nil)
}

// invokeAsker is how invoke asks the user: nil for a client that cannot
// be asked; a multi round-trip request (an input_required result the
// client answers by calling again) from protocol 2026-07-28 on; a
// server-initiated elicitation request for older protocols.
func (a *adapter) invokeAsker(ctx context.Context, req mcp.CallToolRequest) service.Asker {
	switch {
	case !clientCanElicit(ctx):
		return nil
	case mcpserver.IsModernRequest(ctx):
		return &roundTripAsker{params: req.Params.MultiRoundTripParams}
	}
	return elicitAsker{a.mcp}
}

// elicitAsker asks with a server-initiated elicitation/create request.
type elicitAsker struct{ s *mcpserver.MCPServer }

func (e elicitAsker) Ask(ctx context.Context, p service.Prompt) (service.Answer, error) {
	res, err := e.s.RequestElicitation(ctx, mcp.ElicitationRequest{
		Request: mcp.Request{Method: string(mcp.MethodElicitationCreate)},
		Params:  elicitParams(p),
	})
	if err != nil {
		return 0, err
	}
	if res == nil {
		return service.Cancelled, nil
	}
	return answerOf(res), nil
}

// roundTripAsker confirms through a multi round-trip request: without an
// answer it records the prompt and stops the call (ErrAskPending), and
// invoke answers input_required; the client asks the user and calls again
// with the answer, which must belong to the same prompt.
type roundTripAsker struct {
	params  mcp.MultiRoundTripParams
	pending *service.Prompt
}

func (r *roundTripAsker) Ask(_ context.Context, p service.Prompt) (service.Answer, error) {
	if res := mcpserver.ElicitationResponse(r.params.InputResponses, confirmInputID); res != nil && r.params.RequestState == promptState(p) {
		return answerOf(res), nil
	}
	r.pending = &p
	return 0, service.ErrAskPending
}

// inputRequired is the answer that asks the client to confirm the pending
// prompt.
func (r *roundTripAsker) inputRequired() *mcp.CallToolResult {
	return mcpserver.NewInputRequestBuilder(promptState(*r.pending)).Elicit(confirmInputID, elicitParams(*r.pending)).ToolResult()
}

// promptState ties an answer to the prompt it was given for, so an
// answer cannot be replayed for a call with other arguments.
func promptState(p service.Prompt) string {
	sum := sha256.Sum256([]byte(p.Message))
	return hex.EncodeToString(sum[:16])
}

func elicitParams(p service.Prompt) mcp.ElicitationParams {
	return mcp.ElicitationParams{Message: p.Message, RequestedSchema: json.RawMessage(confirmSchema)}
}

// answerOf reads the confirmation form: an accept whose box was unticked
// is a decline; an accept without content is a yes.
func answerOf(res *mcp.ElicitationResult) service.Answer {
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if accepted(res.Content) {
			return service.Accepted
		}
		return service.Declined
	case mcp.ElicitationResponseActionDecline:
		return service.Declined
	}
	return service.Cancelled
}

func accepted(content any) bool {
	var form map[string]any
	switch c := content.(type) {
	case nil:
		return true
	case map[string]any:
		form = c
	default:
		b, err := json.Marshal(c)
		if err != nil || json.Unmarshal(b, &form) != nil {
			return true
		}
	}
	v, ok := form[confirmFieldName].(bool)
	return !ok || v
}

// httpKey marks the context of a call that came over streamable HTTP.
type httpKey struct{}

// OverHTTP marks ctx as a call over streamable HTTP; runtime/server sets
// it for every HTTP request (mcp-go's WithHTTPContextFunc).
func OverHTTP(ctx context.Context) context.Context {
	return context.WithValue(ctx, httpKey{}, true)
}

func overHTTP(ctx context.Context) bool {
	v, _ := ctx.Value(httpKey{}).(bool)
	return v
}

// scriptAsker is how a script's calls ask the user: never (nil) for a
// client that cannot be asked; a server-initiated request where the
// connection carries one; else the refusal above.
func (a *adapter) scriptAsker(ctx context.Context) service.Asker {
	switch {
	case !clientCanElicit(ctx):
		return nil
	case overHTTP(ctx) && mcpserver.IsModernRequest(ctx):
		return refuseAsker{}
	}
	return elicitAsker{a.mcp}
}

// refuseAsker refuses a write in a script when the user cannot be asked
// in the middle of a call: a stateless HTTP request (protocol 2026-07-28)
// has no channel for a server-initiated request.
type refuseAsker struct{}

func (refuseAsker) Ask(context.Context, service.Prompt) (service.Answer, error) {
	return 0, &service.Error{Code: service.CodeNotConfirmed, Message: "this connection cannot ask the user " +
		"in the middle of a script, and this call may change data; nothing was sent. Make this call with the invoke tool, " +
		"which asks the user first"}
}
