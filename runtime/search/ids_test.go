package search

import (
	"fmt"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// idCatalog has operationIds written several ways, and a rival whose words
// are the first one's.
func idCatalog() *catalog.Catalog {
	op := func(method, path, id, summary string) catalog.Endpoint {
		e := ep(method, path, summary)
		e.OperationID = id
		return e
	}
	cat := &catalog.Catalog{
		Specs:       []catalog.Spec{{ID: "s", Domain: "devices"}},
		Collections: []catalog.Collection{{ID: "c", Title: "Devices"}},
		Tags:        []catalog.Tag{{ID: "t0", Name: "devices"}},
		Endpoints: []catalog.Endpoint{
			/* 0 */ op("GET", "/devices/{name}", "Devices_Get", "Gets a device"),
			/* 1 */ op("GET", "/devices", "Devices_List", "Lists the devices"),
			/* 2 */ op("GET", "/devices/{name}/orders/default", "Orders_Get", "Gets the order of a device, to get the devices' orders"),
			/* 3 */ op("POST", "/repos/{owner}/{repo}/forks", "repos/create-fork", "Create a fork"),
			/* 4 */ op("GET", "/ping", "ping", "Health check"),
		},
	}
	for i := range cat.Endpoints {
		cat.Endpoints[i].ID = fmt.Sprintf("%032x", 0xabc0+i) // as the generator writes them: 32 hex digits
	}
	return cat
}

// TestOperationIDsNameTheirOperations: an operationId in a query, however
// it is written, ranks its operation first; a word of one part is text.
func TestOperationIDsNameTheirOperations(t *testing.T) {
	cat := idCatalog()
	s := Open(BuildIndex(CatalogDocs(cat)), cat)
	checkFirstHits(t, s, []firstHits{
		{"Devices_Get", []int{0}, 0},
		{"devices_get", []int{0}, 0},
		{"repos/create-fork", []int{3}, 0},
		{"call Devices_Get for my router, then its orders", []int{0}, 0},
		// An endpoint's id, as search gives it.
		{fmt.Sprintf("%032x", 0xabc3), []int{3}, 1},
		{fmt.Sprintf("%032X", 0xabc3), []int{3}, 1},
	})
	for _, q := range []string{
		"ping",                       // one part: a word
		"Devices_Gets",               // no operationId is it
		fmt.Sprintf("%032x", 0xfff0), // no endpoint has this id
		// The fifth identifier of a query is not looked up (maxIDWords).
		"a_b c_d e_f g_h Devices_Get",
	} {
		if named := namedBy(t, s, q); named != nil {
			t.Errorf("Search(%q) named endpoints %v", q, named)
		}
	}
}

// TestCommonIdentifierNamesNothing: a word whose parts are in more
// operationIds than maxIDCandidates names no operation.
func TestCommonIdentifierNamesNothing(t *testing.T) {
	ids := make([]string, maxIDCandidates+1)
	for i := range ids {
		ids[i] = "Items_Get"
	}
	if named := namedBy(t, itemsSearcher(ids), "Items_Get"); named != nil {
		t.Errorf("endpoints %v named by an id %d operations share", named, len(ids))
	}
}

// TestIdentifierChecksAreBounded: at most maxIDChecks operationIds holding
// an identifier's parts are read and compared with it.
func TestIdentifierChecksAreBounded(t *testing.T) {
	ids := make([]string, maxIDChecks+1)
	for i := range ids {
		ids[i] = "Get_Items" // the same parts in another order: not the id asked for
	}
	ids[maxIDChecks] = "Items_Get"
	if named := namedBy(t, itemsSearcher(ids), "Items_Get"); named != nil {
		t.Errorf("endpoints %v named: an id was compared past the first %d", named, maxIDChecks)
	}
}

// itemsSearcher searches one GET endpoint per operationId of ids.
func itemsSearcher(ids []string) Searcher {
	cat := &catalog.Catalog{
		Specs:       []catalog.Spec{{ID: "s", Domain: "items"}},
		Collections: []catalog.Collection{{ID: "c", Title: "Items"}},
		Tags:        []catalog.Tag{{ID: "t0", Name: "items"}},
	}
	for i, id := range ids {
		e := ep("GET", fmt.Sprintf("/items%d", i), "Get items")
		e.ID, e.OperationID = fmt.Sprintf("%032x", i), id
		cat.Endpoints = append(cat.Endpoints, e)
	}
	return Open(BuildIndex(CatalogDocs(cat)), cat)
}
