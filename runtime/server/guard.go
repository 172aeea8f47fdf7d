package server

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/filter"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
)

// Stable error codes of refused calls; never rename one.
const (
	codeReadOnly     = "read_only"     // read-only mode refused a call that may change data
	codeNotConfirmed = "not_confirmed" // the user did not confirm, or could not be asked
)

// gate decides whether a validated call of endpoint i may be sent, and
// records the decision in rec. Every path to the API (the invoke tool, the
// script tool) calls it right before sending: it refuses endpoints the
// run-time filter hides (not_found), calls that may change data in
// read-only mode (read_only), and calls the user does not confirm
// (not_confirmed). Nothing is sent when it returns an error.
func (t *tools) gate(ctx context.Context, i int, in *invoke.Input, rec *callRecord) *toolError {
	e := &t.cat.Endpoints[i]
	switch {
	case t.hidden(i):
		rec.Confirmation, rec.Refused = confirmHidden, codeNotFound
		return notFound(e.ID)
	case !t.writes(e):
		rec.Confirmation = confirmNotNeeded
		return nil
	case t.readOnly():
		rec.Confirmation, rec.Refused = confirmReadOnly, codeReadOnly
		return readOnlyRefusal(e)
	}
	outcome, terr := t.confirm(ctx, e, in)
	rec.Confirmation = outcome
	if terr != nil {
		rec.Refused = terr.Code
	}
	return terr
}

// readOnly reports whether the server only reads.
func (t *tools) readOnly() bool {
	return t.policy.ReadOnly != nil && *t.policy.ReadOnly
}

// invocable reports whether invoke may call e at all under the policy.
func (t *tools) invocable(e *catalog.Endpoint) bool {
	return !t.readOnly() || !t.writes(e)
}

// writes reports whether a call of e may change data: its method could,
// and the operator did not declare it a reading operation (--safe-op).
func (t *tools) writes(e *catalog.Endpoint) bool {
	if !needsConfirmation(e.Method) {
		return false
	}
	for _, p := range t.policy.SafeOps {
		if e.OperationID != "" && filter.Match(p, e.OperationID) {
			return false
		}
	}
	return true
}

func readOnlyRefusal(e *catalog.Endpoint) *toolError {
	return &toolError{Code: codeReadOnly, Message: fmt.Sprintf(
		"this server is read-only: it invokes only GET, HEAD and OPTIONS endpoints, and this one is %s %s; nothing was sent. "+
			"Use a reading endpoint, or tell the user that the server's operator must turn read-only mode off "+
			"(--read-only, %s or read_only in its config file) for this call", e.Method, e.Path, envReadOnly)}
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
