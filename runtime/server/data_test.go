package server

import (
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// Main opens the data file and passes its options on to NewService: the
// data must be decoded once, or a large server starts twice as slowly and
// holds two catalogs.
func TestDataDecodedOnce(t *testing.T) {
	data, err := catalog.Encode(testCatalog(), nil)
	if err != nil {
		t.Fatal(err)
	}
	opened, err := Options{Data: string(data)}.withData()
	if err != nil {
		t.Fatal(err)
	}
	if opened.Catalog == nil || opened.Searcher == nil {
		t.Fatal("withData: no catalog or searcher")
	}
	again, err := opened.withData()
	if err != nil {
		t.Fatal(err)
	}
	if again.Catalog != opened.Catalog {
		t.Error("withData decoded the data a second time")
	}
}
