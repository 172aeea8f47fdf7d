package service

import (
	"fmt"
	"slices"
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

// TestOverviewResources: an API whose tags say little ("Clinical") still
// shows what its paths manage, without its base segments (/api, /v1),
// expressions ($count) or the names its tags already give.
func TestOverviewResources(t *testing.T) {
	cat := &catalog.Catalog{
		Specs:       []catalog.Spec{{ID: "s", Domain: "clinic", EnvPrefix: "X", Title: "Clinic"}},
		Collections: []catalog.Collection{{ID: "c", Title: "Clinic"}},
		Tags:        []catalog.Tag{{ID: "t0", Name: "Clinical"}, {ID: "t1", Name: "Patients"}},
	}
	for i, p := range []string{
		"GET /api/v1/patients", "POST /api/v1/patients", "GET /api/v1/patients/{id}",
		"GET /api/v1/amendments", "POST /api/v1/amendments", "GET /api/v1/amendments/$count",
		"GET /api/v1/eobs/{id}/lines", "POST /api/v1/events/{id}/microsoft.graph.cancel",
		"GET /api/v1/reports(period='{p}')",
	} {
		method, path, _ := strings.Cut(p, " ")
		tag := 0
		if strings.Contains(path, "patients") {
			tag = 1
		}
		cat.Endpoints = append(cat.Endpoints, catalog.Endpoint{ID: fmt.Sprintf("%032x", i+1), Tag: tag, Method: method, Path: path})
	}
	svc, err := New(Options{Catalog: cat, Config: &config.Config{Workspace: t.TempDir()}})
	if err != nil {
		t.Fatal(err)
	}
	want := "Clinic: 9 endpoints; tags with the most: Clinical (6), Patients (3); resources: amendments, cancel, eobs, events, lines."
	if got := svc.Overview(); got != want {
		t.Errorf("Overview = %q\nwant %q", got, want)
	}

	// Beyond maxResourceScan endpoints, start-up reads no path.
	big := *cat
	big.Endpoints = slices.Clone(cat.Endpoints)
	for len(big.Endpoints) <= maxResourceScan {
		big.Endpoints = append(big.Endpoints, catalog.Endpoint{ID: fmt.Sprintf("%032x", len(big.Endpoints)+1), Method: "GET", Path: "/api/v1/amendments"})
	}
	svc, err = New(Options{Catalog: &big, Config: &config.Config{Workspace: t.TempDir()}})
	if err != nil {
		t.Fatal(err)
	}
	if got := svc.Overview(); strings.Contains(got, "resources:") {
		t.Errorf("Overview of %d endpoints read their paths: %q", big.Len(), got)
	}

	// Tags take at most half the room: resources still show beside 500 long tags.
	for i := range 500 {
		cat.Tags = append(cat.Tags, catalog.Tag{ID: fmt.Sprint("x", i), Name: fmt.Sprintf("tag number %d of many", i)})
		cat.Endpoints = append(cat.Endpoints, catalog.Endpoint{
			ID: fmt.Sprintf("%032x", len(cat.Endpoints)+1), Tag: len(cat.Tags) - 1, Method: "GET", Path: fmt.Sprintf("/api/v1/things%d", i)})
	}
	svc, err = New(Options{Catalog: cat, Config: &config.Config{Workspace: t.TempDir()}})
	if err != nil {
		t.Fatal(err)
	}
	got := svc.Overview()
	if len(got) > MaxOverviewBytes+1 || !strings.Contains(got, "; resources: amendments, ") {
		t.Errorf("Overview of 500 tags is %d bytes without the resources: …%q", len(got), got[max(0, len(got)-200):])
	}
}
