package service

import (
	"fmt"
	"strings"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/config"
)

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
	cfg := config.Default()
	cfg.Workspace = t.TempDir()
	cfg.Filter.ExcludeTags = []string{"admin"}
	svc, err := New(Options{Catalog: cat, Config: &cfg})
	if err != nil {
		t.Fatal(err)
	}
	want := "Shop API: 4 endpoints; tags with the most: orders (3), customers (1)."
	if got := svc.Overview(); got != want {
		t.Errorf("Overview = %q\nwant %q", got, want)
	}

	// Many long tags stay within the bound.
	cat.Tags = nil
	cat.Endpoints = nil
	for i := range 500 {
		cat.Tags = append(cat.Tags, catalog.Tag{ID: fmt.Sprint(i), Name: strings.Repeat("x", 100) + fmt.Sprint(i)})
		add(i, "GET", fmt.Sprintf("/x%d", i))
	}
	svc, err = New(Options{Catalog: cat, Config: &config.Config{Workspace: t.TempDir()}})
	if err != nil {
		t.Fatal(err)
	}
	if got := svc.Overview(); len(got) > MaxOverviewBytes+1 || !strings.Contains(got, "500 endpoints") || strings.Contains(got, strings.Repeat("x", 61)) {
		t.Errorf("Overview of 500 long tags is %d bytes: %.200q", len(got), got)
	}
}
