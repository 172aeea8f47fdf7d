package search

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// TestLoosenedPhrases: an optional phrase no endpoint has (a whole query
// in quotes) is searched as its words, and the answer says so; a phrase
// some endpoint has, or a required one, keeps its meaning.
func TestLoosenedPhrases(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	res, err := s.Search(ctx, Query{Text: `"remove pets forever"`, Limit: 3})
	if err != nil || len(res.Hits) == 0 || res.Hits[0].Endpoint != 3 || !slices.Equal(res.Loosened, []string{"remove pets forever"}) {
		t.Errorf(`"remove pets forever" = %+v, %v; want DELETE /pets/{petId} first, loosened`, res, err)
	}
	if note := LoosenedNote(res.Loosened); !strings.Contains(note, `"remove pets forever"`) || !strings.Contains(note, "its words") {
		t.Errorf("note = %q", note)
	}
	res, err = s.Search(ctx, Query{Text: `"find pet"`, Limit: 3})
	if err != nil || res.Total != 1 || res.Loosened != nil {
		t.Errorf(`"find pet" = %+v, %v; want its one match, not loosened`, res, err)
	}
	res, err = s.Search(ctx, Query{Text: `+"pet user"`, Limit: 3})
	if err != nil || res.Total != 0 || res.Loosened != nil {
		t.Errorf(`+"pet user" = %+v, %v; want no match: a required phrase is not loosened`, res, err)
	}
}
