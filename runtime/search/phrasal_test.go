package search

import (
	"slices"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// TestPhrasalVerbs: two words a space apart that the forms table knows as
// a phrasal verb search the API's words for it, the verb inflected too
// ("kicked off"), while the same words joined by a hyphen stay the noun
// they name ("add-on", "sign-on"), and a particle that follows no phrase
// the table knows changes nothing.
func TestPhrasalVerbs(t *testing.T) {
	cat := tagCatalog("ci",
		catalog.Endpoint{ID: "a", Method: "GET", Path: "/builds", Summary: "List builds"},
		catalog.Endpoint{ID: "b", Method: "POST", Path: "/builds", Summary: "Trigger a build"},
		catalog.Endpoint{ID: "c", Method: "POST", Path: "/addons", Summary: "Add an add-on to a build plan"},
		catalog.Endpoint{ID: "d", Method: "DELETE", Path: "/builds/{id}", Summary: "Delete a build"},
		catalog.Endpoint{ID: "e", Method: "POST", Path: "/registrations", Summary: "Register an agent"},
	)
	lex := &mapLexicon{dims: 1, vectors: map[string]string{"build": string(AppendVector(nil, []float64{1}))},
		forms: map[string][]string{
			"trigger":  {"~kick_off"},
			"delete":   {"~tear_down"},
			"add":      {"~add_on"},
			"register": {"~sign_on"},
		}}
	s := Open(BuildIndexWith(CatalogDocs(cat), lex), cat)
	r := s.(*engine).reader()
	for q, want := range map[string][]string{
		"sign on as an agent":   {"sign on"},
		"signed on as an agent": {"signed on"},
		"single sign-on":        nil, // a noun
		"an add-on for a build": nil,
		"trigger on a build":    nil, // no phrase the table knows
	} {
		cs, err := parse(q)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, g := range readIntent(r, cs).groups {
			got = append(got, g.c.raw)
		}
		if !slices.Equal(got, want) {
			t.Errorf("readIntent(%q) groups = %q, want %q", q, got, want)
		}
	}
	wantFirst(t, s, map[string]int{
		"kick off a build":            1,
		"kicked off a build":          1,
		"kicking off a new build":     1,
		"tear down a build":           3,
		"an add-on for my build plan": 2,
	})
}

// TestVerbForms: a word's possible base forms, itself first.
func TestVerbForms(t *testing.T) {
	for w, want := range map[string]string{"kicked": "kick", "stopped": "stop", "tears": "tear", "carries": "carry", "signing": "sign", "hooks": "hook"} {
		forms := verbForms(w)
		if forms[0] != w || !slices.Contains(forms, want) {
			t.Errorf("verbForms(%q) = %v, want %q first and %q among them", w, forms, w, want)
		}
	}
}
