package search

import (
	"hash/fnv"
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

func TestSentences(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"Lists pets. Sorted by name!", []string{"Lists pets.", "Sorted by name!"}},
		{"Version 1.2 of the API\n\n- first item\n- second", []string{"Version 1.2 of the API", "- first item", "- second"}},
		{"Note: slow", []string{"Note:", "slow"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, sentences(tt.in)); diff != "" {
				t.Errorf("sentences(%q) mismatch (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestSplitDescription(t *testing.T) {
	const note = "OAuth tokens need the repo scope to use this endpoint."
	descs := []string{
		"Lists the pets in the store. " + note,
		"Creates a pet. " + note,
		note + " Deletes a pet.",
		"Gets one pet. " + note,
		"Updates a pet. OAUTH tokens need the `repo` scope to use this endpoint!",
		"Counts pets.",
	}
	common := boilerplate(descs)
	tests := []struct {
		desc, wantLead, wantRest string
	}{
		{descs[0], "Lists the pets in the store.", "Lists the pets in the store."},
		{descs[2], "Deletes a pet.", "Deletes a pet."},
		{descs[4], "Updates a pet.", "Updates a pet."}, // case and punctuation do not hide boilerplate
		{descs[5], "Counts pets.", "Counts pets."},
		{"Short. Short. Short.", "Short.", "Short. Short. Short."}, // one-word sentences are never boilerplate
	}
	for _, tt := range tests {
		t.Run(tt.desc, func(t *testing.T) {
			lead, rest := splitDescription(tt.desc, common)
			if lead != tt.wantLead || rest != tt.wantRest {
				t.Errorf("splitDescription = %q, %q; want %q, %q", lead, rest, tt.wantLead, tt.wantRest)
			}
		})
	}
}

// TestLeadSummarizes checks that an endpoint without a summary is
// summarized by its description's first sentence, and only by that.
func TestLeadSummarizes(t *testing.T) {
	cat := testCatalog()
	cat.Endpoints[6].Summary = ""
	cat.Endpoints[6].Description = catalog.Text("Lists the users of the shop. Orders are not included.")
	cat.Endpoints[5].Description = catalog.Text("Places an order. Users may list their orders later.")
	s := Open(BuildIndex(CatalogDocs(cat)), cat)
	for _, tt := range []struct {
		query string
		want  []int
	}{
		{"summary:shop", []int{6}},
		{"summary:included", []int{}},
		{"description:included", []int{6}},
	} {
		res, err := s.Search(t.Context(), Query{Text: tt.query, Limit: 5})
		if err != nil {
			t.Fatal(err)
		}
		got := []int{}
		for _, h := range res.Hits {
			got = append(got, h.Endpoint)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s mismatch (-want +got):\n%s", tt.query, diff)
		}
	}
}

// TestSentenceKeyASCIIPath: the byte-by-byte path for ASCII hashes what
// the rune path does: FNV-1a over each word lowercased, after a space.
func TestSentenceKeyASCIIPath(t *testing.T) {
	ref := func(s string) (uint64, bool) {
		h := fnv.New64a()
		ws := strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		for _, w := range ws {
			h.Write([]byte(" " + strings.ToLower(w)))
		}
		return h.Sum64(), len(ws) >= boilerplateMinTerms
	}
	for _, s := range []string{
		"", "Lists all Repos, for the USER.", "OAuth2 tokens_with scope:repo",
		"Ünïcode Wörds and ÅSCII mixed 42", "Straße ǅemal ΣΊΣΥΦΟΣ", "bad \xff utf-8 \xc3 here",
		"[link](https://example.com) `code` <b>tag</b>",
	} {
		wantKey, wantOK := ref(s)
		if key, ok := sentenceKey(s); key != wantKey || ok != wantOK {
			t.Errorf("sentenceKey(%q) = %x, %v; want %x, %v", s, key, ok, wantKey, wantOK)
		}
	}
}

func TestTitle(t *testing.T) {
	long := strings.Repeat("é", 100) + "."
	for _, c := range []struct{ summary, description, operationID, want string }{
		{"List pets", "Every pet. More.", "listPets", "List pets"},
		{"", "Retrieve or search **patient** allergies. Filter by patient.", "allergies_list", "Retrieve or search patient allergies"},
		{"  ", "<p>Create a new\n  public attachment.</p> Then upload.", "x", "Create a new public attachment"},
		{"", "", "tasks_assign_create", "tasks_assign_create"},
		{"", "...", "op", "op"},
		{"", long, "op", strings.Repeat("é", 60) + "…"},
	} {
		if got := Title(c.summary, c.description, c.operationID); got != c.want {
			t.Errorf("Title(%q, %q, %q) = %q, want %q", c.summary, c.description, c.operationID, got, c.want)
		}
	}
}

// FuzzTitle: a title never panics, keeps a summary as it is, and a title
// made from a description fits maxTitleBytes and its ellipsis.
func FuzzTitle(f *testing.F) {
	f.Add("", "Create a new public attachment. Then upload it.", "op")
	f.Add("", strings.Repeat("é", 100), "op")
	f.Add("", "<p>**Bold** `code`</p>\n\nnext", "")
	f.Add("Sum", "", "")
	f.Fuzz(func(t *testing.T, summary, description, operationID string) {
		got := Title(summary, description, operationID)
		switch {
		case strings.TrimSpace(summary) != "":
			if got != summary {
				t.Fatalf("Title kept %q of summary %q", got, summary)
			}
		case got != operationID && len(got) > maxTitleBytes+len("…"):
			t.Fatalf("title of %d bytes: %q", len(got), got)
		}
	})
}
