package service

import (
	"fmt"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/filter"
)

// TestOverview: the run-time filter's hidden endpoints are not counted.
func TestOverview(t *testing.T) {
	cat := &catalog.Catalog{
		Specs:       []catalog.Spec{{ID: "s", Domain: "shop", EnvPrefix: "X", Title: "Shop\nAPI"}},
		Collections: []catalog.Collection{{ID: "c", Title: "Shop"}},
		Tags:        []catalog.Tag{{ID: "t0", Name: "orders"}, {ID: "t1", Name: "customers"}, {ID: "t2", Name: "admin"}},
	}
	add := func(tag int, method, path string) {
		cat.Endpoints = append(cat.Endpoints, catalog.Endpoint{
			ID: fmt.Sprintf("%032x", len(cat.Endpoints)+1), Tag: tag, Method: method, Path: path})
	}
	add(0, "GET", "/orders")
	add(0, "POST", "/orders")
	add(0, "GET", "/orders/{id}")
	add(1, "GET", "/customers")
	add(2, "GET", "/admin/stats")
	add(2, "DELETE", "/admin/cache")
	svc := filteredService(t, cat, filter.Rules{ExcludeTags: []string{"admin"}})
	want := "Shop API: 4 endpoints; tags with the most: orders, customers."
	if got := svc.Overview(); got != want {
		t.Errorf("Overview = %q\nwant %q", got, want)
	}
}
