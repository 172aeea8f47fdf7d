package search

import "testing"

// An operation with neither a summary nor a description is titled by its
// operationId (gsmtasks-like APIs: account_roles_destroy and nothing else).
func TestDocFieldsSummaryFallback(t *testing.T) {
	tests := []struct {
		name string
		doc  Doc
		want string
	}{
		{"summary", Doc{Summary: "Delete a role", Description: "Deletes it.", OperationID: "roles_destroy"}, "Delete a role"},
		{"description's lead", Doc{Description: "Deletes a role. It cannot be undone.", OperationID: "roles_destroy"}, "Deletes a role."},
		{"operationId", Doc{OperationID: "account_roles_destroy"}, "account_roles_destroy"},
		{"nothing", Doc{Path: "/roles/{id}"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			desc := stripMarkup(tt.doc.Description)
			got := docFields(tt.doc, desc, nil, nil)[fieldSummary]
			if got != tt.want {
				t.Errorf("summary field = %q, want %q", got, tt.want)
			}
		})
	}
}
