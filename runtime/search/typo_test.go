package search

import (
	"context"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

func TestVocabTypo(t *testing.T) {
	cat := tagCatalog("builds",
		/* 0 */ catalog.Endpoint{ID: "a", Method: "POST", Path: "/builds/{id}/retry", Summary: "Retry a build"},
		/* 1 */ catalog.Endpoint{ID: "b", Method: "GET", Path: "/builds/{id}", Summary: "Get a build"},
		/* 2 */ catalog.Endpoint{ID: "c", Method: "POST", Path: "/builds/{id}/retire", Summary: "Retire a build"},
	)
	s := Open(BuildIndex(CatalogDocs(cat)), cat).(*engine)
	r := s.reader()
	for w, want := range map[string]string{
		"retrive": "retrieve", // a letter dropped
		"delte":   "delete",
		"updaet":  "update", // two swapped
		"creaate": "create", // one added
		"remave":  "remove", // one changed
		"inboox":  "inbox",  // a noun of the vocabulary
		"retire":  "",       // the API's own word
		"build":   "",
		"delete":  "",     // already a verb
		"lst":     "",     // too short to guess
		"lsit":    "list", // four letters: two swapped neighbours
		"veiw":    "view", // likewise
		"lisd":    "",     // but no other edit
		"lis":     "",
		"zzzzzz":  "",
	} {
		tries := 1
		if got := vocabTypo(r, w, &tries); got != want {
			t.Errorf("vocabTypo(%q) = %q, want %q", w, got, want)
		}
	}
	// Only maxTypoWords words of a query are tried; a word the API or the
	// vocabulary knows is not a try.
	tries := 1
	if vocabTypo(r, "build", &tries); tries != 1 {
		t.Error("a word the API has used up a try")
	}
	if got := vocabTypo(r, "zzzzzz", &tries); got != "" || tries != 0 {
		t.Errorf("vocabTypo(zzzzzz) = %q with %d tries left, want none left", got, tries)
	}
	if got := vocabTypo(r, "retrive", &tries); got != "" {
		t.Errorf("vocabTypo(retrive) with no tries left = %q, want it untried", got)
	}
	res, err := s.Search(context.Background(), Query{Text: "retrive a build", Limit: 3})
	if err != nil || len(res.Hits) == 0 || res.Hits[0].Endpoint != 1 {
		t.Errorf("retrive a build = %+v, %v; want GET /builds/{id} first, not the retry", res.Hits, err)
	}
}
