package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
	"github.com/swag2mcp/swag2mcp/runtime/script"
)

// Confirmation outcomes, as the audit log records them.
const (
	confirmNotNeeded = "not_needed" // a GET, HEAD or OPTIONS call
	confirmAccepted  = "accepted"   // the user accepted the elicitation
	confirmDeclined  = "declined"   // the user declined it
	confirmCancelled = "cancelled"  // the user dismissed it, or it timed out
	confirmFailed    = "failed"     // the elicitation request itself failed
	confirmNotAsked  = "not_asked"  // the client cannot elicit; ConfirmAuto sent the call
	confirmRefused   = "refused"    // the client cannot elicit; ConfirmAlways refused the call
	confirmOff       = "off"        // ConfirmNever
	confirmReadOnly  = "read_only"  // read-only mode refused the call before asking
	confirmHidden    = "hidden"     // the run-time filter hides the endpoint
)

// Bounds of a confirmation prompt.
const (
	confirmTimeout    = 5 * time.Minute // how long the user has to answer
	maxConfirmArgs    = 12              // parameters listed by name
	maxConfirmValue   = 80              // bytes of one listed value
	maxConfirmBody    = 400             // bytes of the body shown
	confirmFieldName  = "confirm"
	confirmFieldTitle = "Send this request"
)

// elicitFunc asks the client's user; the server's RequestElicitation.
type elicitFunc func(context.Context, mcp.ElicitationRequest) (*mcp.ElicitationResult, error)

// needsConfirmation reports whether a method may change data: anything
// but GET, HEAD and OPTIONS.
func needsConfirmation(method string) bool {
	switch strings.ToUpper(method) {
	case "GET", "HEAD", "OPTIONS":
		return false
	}
	return true
}

// clientCanElicit reports whether the client of the call in ctx declared
// form elicitation: per request from protocol 2026-07-28 on, else at
// initialization.
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

// confirm asks the user to approve a call of e through elicitation and
// returns the outcome, or a not_confirmed error when the call must not be
// sent.
func (t *tools) confirm(ctx context.Context, e *catalog.Endpoint, in *invoke.Input) (string, *toolError) {
	if t.policy.Confirm == ConfirmNever {
		return confirmOff, nil
	}
	if t.elicit == nil || !clientCanElicit(ctx) {
		if t.policy.Confirm == ConfirmAlways {
			return confirmRefused, &toolError{Code: codeNotConfirmed, Message: fmt.Sprintf(
				"this server needs the user's confirmation before it sends %s calls, and this MCP client cannot ask for it "+
					"(it does not support elicitation); nothing was sent. Tell the user: use a client that supports "+
					"elicitation, or let the server send such calls unconfirmed by starting it with --confirm=auto "+
					"(or %s=auto, or confirm: auto in its config file)", e.Method, envConfirm)}
		}
		return confirmNotAsked, nil
	}
	ctx, cancel := context.WithTimeout(ctx, confirmTimeout)
	defer cancel()
	// A script's clock stops while the user reads the prompt.
	resume := script.PauseClock(ctx)
	defer resume()
	res, err := t.elicit(ctx, mcp.ElicitationRequest{
		Request: mcp.Request{Method: string(mcp.MethodElicitationCreate)},
		Params: mcp.ElicitationParams{
			Message: t.confirmMessage(e, in),
			RequestedSchema: json.RawMessage(`{"type":"object","properties":{"` + confirmFieldName + `":{"type":"boolean",` +
				`"title":"` + confirmFieldTitle + `","default":true}},"required":["` + confirmFieldName + `"]}`),
		},
	})
	switch {
	case errors.Is(err, context.DeadlineExceeded) || (err == nil && res == nil):
		return confirmCancelled, notConfirmed("the user did not answer the confirmation in time; nothing was sent. " +
			"Ask the user in the conversation before trying again")
	case err != nil:
		return confirmFailed, notConfirmed("asking the user to confirm failed, so nothing was sent: " + err.Error() +
			". Ask the user in the conversation whether to proceed")
	}
	switch res.Action {
	case mcp.ElicitationResponseActionAccept:
		if accepted(res.Content) {
			return confirmAccepted, nil
		}
		fallthrough
	case mcp.ElicitationResponseActionDecline:
		return confirmDeclined, notConfirmed(fmt.Sprintf("the user declined this %s %s call; nothing was sent. "+
			"Do not retry it unless the user asks you to", e.Method, e.Path))
	}
	return confirmCancelled, notConfirmed("the user dismissed the confirmation without deciding; nothing was sent. " +
		"Ask the user in the conversation whether to proceed before trying again")
}

// accepted reads the confirmation form: an accept whose confirm box was
// unticked is a decline; an accept without content is a yes.
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

func notConfirmed(msg string) *toolError {
	return &toolError{Code: codeNotConfirmed, Message: msg}
}

// confirmMessage tells the user what is about to be sent: method, path,
// summary, API, and the arguments with secret-looking values masked.
func (t *tools) confirmMessage(e *catalog.Endpoint, in *invoke.Input) string {
	var b strings.Builder
	spec := t.cat.SpecOf(e)
	fmt.Fprintf(&b, "The assistant wants to send %s %s", e.Method, e.Path)
	if api := firstNonBlank(spec.Title, spec.Domain); api != "" {
		fmt.Fprintf(&b, " to %s", api)
	}
	b.WriteString(".")
	if s := firstNonBlank(e.Summary, e.OperationID); s != "" {
		fmt.Fprintf(&b, "\n%s", cut(s, 200))
	}
	if base := t.client.BaseURL(e); base != "" {
		fmt.Fprintf(&b, "\nServer: %s", cut(base, 200))
	}
	if len(in.Parameters) > 0 {
		b.WriteString("\nParameters:")
		names := sortedKeys(in.Parameters)
		for i, name := range names {
			if i == maxConfirmArgs {
				fmt.Fprintf(&b, "\n  … and %d more", len(names)-i)
				break
			}
			v := masked
			if !isSecretName(name) {
				v = cut(compactJSON(in.Parameters[name]), maxConfirmValue)
			}
			fmt.Fprintf(&b, "\n  %s: %s", name, v)
		}
	}
	if len(in.Body) > 0 {
		fmt.Fprintf(&b, "\nBody: %s", cut(maskBody(in.Body), maxConfirmBody))
	}
	b.WriteString("\nAccept to send this request; decline to stop it.")
	return b.String()
}

func firstNonBlank(ss ...string) string {
	for _, s := range ss {
		if s = strings.TrimSpace(s); s != "" {
			return s
		}
	}
	return ""
}
