package service

import (
	"context"
	"fmt"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/config"
	"github.com/swag2mcp/swag2mcp/runtime/filter"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
)

// policy is what the server lets invoke do.
type policy struct {
	readOnly bool
	confirm  string // a config.Confirm* mode
	safeOps  []string
}

// gate decides whether a validated call of endpoint i may be sent, and
// records the decision in rec. Invoke calls it right before sending: it
// refuses endpoints the run-time filter hides (not_found), calls that may
// change data in read-only mode (read_only), and calls the user does not
// confirm (not_confirmed). Nothing is sent when it returns an error.
func (s *Service) gate(ctx context.Context, i int, in *invoke.Input, ask Asker, rec *callRecord) error {
	e := s.cat.Endpoint(i)
	switch {
	case s.hidden(i):
		rec.Confirmation, rec.Refused = confirmHidden, CodeNotFound
		return notFound(e.ID)
	case !s.writes(e):
		rec.Confirmation = confirmNotNeeded
		return nil
	case s.policy.readOnly:
		rec.Confirmation, rec.Refused = confirmReadOnly, CodeReadOnly
		return readOnlyRefusal(e)
	}
	outcome, err := s.confirm(ctx, e, in, ask)
	rec.Confirmation = outcome
	if e := AsError(err); e != nil {
		rec.Refused = e.Code
	}
	return err
}

// invocable reports whether invoke may call e at all under the policy.
func (s *Service) invocable(e *catalog.Endpoint) bool {
	return !s.policy.readOnly || !s.writes(e)
}

// writes reports whether a call of e may change data: its method could,
// and the operator did not declare it a reading operation (--safe-op).
func (s *Service) writes(e *catalog.Endpoint) bool {
	if !needsConfirmation(e.Method) {
		return false
	}
	for _, p := range s.policy.safeOps {
		if e.OperationID != "" && filter.Match(p, e.OperationID) {
			return false
		}
	}
	return true
}

func readOnlyRefusal(e *catalog.Endpoint) *Error {
	return &Error{Code: CodeReadOnly, Message: fmt.Sprintf(
		"this server is read-only: it invokes only GET, HEAD and OPTIONS endpoints, and this one is %s %s; nothing was sent. "+
			"Use a reading endpoint, or tell the user that the server's operator must turn read-only mode off "+
			"(--read-only, %s or read_only in its config file) for this call", e.Method, e.Path, envOf("read_only"))}
}

// envOf is the environment variable of config key name.
func envOf(name string) string {
	for _, k := range config.Keys() {
		if k.Name == name {
			return k.Env
		}
	}
	return ""
}
