package main

import (
	"testing"

	"github.com/swag2mcp/swag2mcp/eval/internal/queryset"
)

func TestPhrased(t *testing.T) {
	for _, tt := range []struct{ q, cond, want string }{
		{"delete a webhook", stressThirdPerson, "Deletes a webhook"},
		{"fetch the pets", stressThirdPerson, "Fetches the pets"},
		{"modify my order", stressThirdPerson, "Modifies my order"},
		{"delete a webhook", stressGerund, "Deleting a webhook"},
		{"get a pet", stressGerund, "Getting a pet"},
		{"list all pets", stressGerund, "Listing all pets"},
		{"delete a webhook", stressAsked, "which endpoint deletes a webhook"},
		{"webhooks of a repo", stressThirdPerson, "webhooks of a repo"}, // no determiner second
		{"I need a webhook", stressAsked, "I need a webhook"},           // not a lowercase verb first
		{"delete", stressGerund, "delete"},
		{"delete a webhook", stressNominal, "Deletion of a webhook"},
		{"get the pets", stressNominal, "Retrieval of the pets"},
		{"fetch the pets", stressNominal, "fetch the pets"}, // no noun for the verb
		{"Star a repository", stressTerse, "Star repository"},
		{"list my repos in the org", stressTerse, "list my repos in org"},
		{"the", stressTerse, "the"}, // nothing else left
	} {
		if got := phrased(tt.q, tt.cond); got != tt.want {
			t.Errorf("phrased(%q, %s) = %q, want %q", tt.q, tt.cond, got, tt.want)
		}
	}
	set := &queryset.QuerySet{Queries: []queryset.Labelled{
		{Q: "delete a webhook"},
		{Q: "+method:DELETE a webhook", Kind: []string{queryset.Syntax}},
	}}
	out := withPhrasing(set, stressGerund)
	if out.Queries[0].Q != "Deleting a webhook" || out.Queries[1].Q != "+method:DELETE a webhook" || set.Queries[0].Q != "delete a webhook" {
		t.Errorf("withPhrasing = %q, %q (input now %q): want the text query rephrased, the syntax one and the input untouched",
			out.Queries[0].Q, out.Queries[1].Q, set.Queries[0].Q)
	}
}
