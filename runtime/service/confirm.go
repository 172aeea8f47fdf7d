package service

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/config"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
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
	confirmPending   = "pending"    // asked outside the call; not audited
)

// Bounds of a confirmation prompt.
const (
	confirmTimeout  = 5 * time.Minute // how long the user has to answer
	maxConfirmArgs  = 12              // parameters listed by name
	maxConfirmValue = 80              // bytes of one listed value
	maxConfirmBody  = 400             // bytes of the body shown
)

// Prompt is what the user is asked to approve before a call is sent.
type Prompt struct {
	Method  string
	Path    string
	Message string // the whole text to show: method, path, API, arguments with secrets masked
}

// Answer is the user's decision on a Prompt.
type Answer int

// Answers.
const (
	Accepted  Answer = iota + 1
	Declined         // the user said no
	Cancelled        // the user dismissed the prompt without deciding
)

// Asker asks the user to approve a call, through whatever channel its
// caller has (MCP elicitation, a terminal). Ask may also fail with
// ErrCannotAsk (the confirm mode decides), ErrAskPending (the call stops
// unsent and is retried with the answer), an *Error (the call is refused
// with it), or any other error (the call is refused as not_confirmed).
type Asker interface {
	Ask(ctx context.Context, p Prompt) (Answer, error)
}

// Errors an Asker returns.
var (
	// ErrCannotAsk: this caller cannot ask the user. ConfirmAuto sends the
	// call (the host's own approval of the tool applies), ConfirmAlways
	// refuses it.
	ErrCannotAsk = errors.New("the user cannot be asked")
	// ErrAskPending: the asker arranged to ask the user outside this call
	// (an MCP multi round-trip request). Invoke returns it without sending
	// anything or writing an audit line; the caller retries with the answer.
	ErrAskPending = errors.New("the user's answer is pending")
)

// needsConfirmation reports whether a method may change data: anything
// but GET, HEAD and OPTIONS.
func needsConfirmation(method string) bool {
	switch strings.ToUpper(method) {
	case "GET", "HEAD", "OPTIONS":
		return false
	}
	return true
}

// confirm asks the user, through ask (nil: nobody can be asked), to
// approve a call of e and returns the outcome, or the error that refuses
// the call.
func (s *Service) confirm(ctx context.Context, e *catalog.Endpoint, in *invoke.Input, ask Asker) (string, error) {
	if s.policy.confirm == config.ConfirmNever {
		return confirmOff, nil
	}
	cannot := func() (string, error) {
		if s.policy.confirm == config.ConfirmAlways {
			return confirmRefused, notConfirmed(fmt.Sprintf(
				"this server needs the user's confirmation before it sends %s calls, and this MCP client cannot ask for it "+
					"(it does not support elicitation); nothing was sent. Tell the user: use a client that supports "+
					"elicitation, or let the server send such calls unconfirmed by starting it with --confirm=auto "+
					"(or %s=auto, or confirm: auto in its config file)", e.Method, envOf("confirm")))
		}
		return confirmNotAsked, nil
	}
	if ask == nil {
		return cannot()
	}
	ctx, cancel := context.WithTimeout(ctx, confirmTimeout)
	defer cancel()
	answer, err := ask.Ask(ctx, Prompt{Method: e.Method, Path: e.Path, Message: s.confirmMessage(e, in)})
	switch {
	case errors.Is(err, ErrCannotAsk):
		return cannot()
	case errors.Is(err, ErrAskPending):
		return confirmPending, err
	case AsError(err) != nil:
		return confirmRefused, err
	case errors.Is(err, context.DeadlineExceeded) || err == nil && answer == 0:
		return confirmCancelled, notConfirmed("the user did not answer the confirmation in time; nothing was sent. " +
			"Ask the user in the conversation before trying again")
	case err != nil:
		return confirmFailed, notConfirmed("asking the user to confirm failed, so nothing was sent: " + err.Error() +
			". Ask the user in the conversation whether to proceed")
	}
	switch answer {
	case Accepted:
		return confirmAccepted, nil
	case Declined:
		return confirmDeclined, notConfirmed(fmt.Sprintf("the user declined this %s %s call; nothing was sent. "+
			"Do not retry it unless the user asks you to", e.Method, e.Path))
	}
	return confirmCancelled, notConfirmed("the user dismissed the confirmation without deciding; nothing was sent. " +
		"Ask the user in the conversation whether to proceed before trying again")
}

// confirmMessage tells the user what is about to be sent: method, path,
// summary, API, and the arguments with secret-looking values masked.
func (s *Service) confirmMessage(e *catalog.Endpoint, in *invoke.Input) string {
	var b strings.Builder
	spec := s.cat.SpecOf(e)
	fmt.Fprintf(&b, "The assistant wants to send %s %s", e.Method, e.Path)
	if api := firstNonBlank(spec.Title, spec.Domain); api != "" {
		fmt.Fprintf(&b, " to %s", api)
	}
	b.WriteString(".")
	if sum := firstNonBlank(e.Summary, e.OperationID); sum != "" {
		fmt.Fprintf(&b, "\n%s", cut(sum, 200))
	}
	if base := s.client.BaseURL(e); base != "" {
		fmt.Fprintf(&b, "\nServer: %s", cut(base, 200))
	}
	if len(in.Parameters) > 0 {
		b.WriteString("\nParameters:")
		names := slices.Sorted(maps.Keys(in.Parameters))
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
