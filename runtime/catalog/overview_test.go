package catalog

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestOverviewBounds(t *testing.T) {
	cat := &Catalog{
		Specs:       []Spec{{ID: "s", Domain: "shop", EnvPrefix: "X", Title: "Shop\nAPI"}},
		Collections: []Collection{{ID: "c", Title: "Shop"}},
	}
	// Many long tags stay within the bound.
	for i := range 500 {
		cat.Tags = append(cat.Tags, Tag{ID: fmt.Sprint(i), Name: strings.Repeat("x", 100) + fmt.Sprint(i)})
		cat.Endpoints = append(cat.Endpoints, Endpoint{ID: fmt.Sprintf("%032x", i+1), Tag: i, Method: "GET", Path: fmt.Sprintf("/x%d", i)})
	}
	if got := cat.Overview(nil); len(got) > MaxOverviewBytes+1 || !strings.HasPrefix(got, "Shop API: 500 endpoints") || strings.Contains(got, strings.Repeat("x", 61)) {
		t.Errorf("Overview of 500 long tags is %d bytes: %.200q", len(got), got)
	}
	// A name's controls and invisible format characters become spaces.
	if got := plainName("evil\u202etag\nname\u200b!"); got != "evil tag name !" {
		t.Errorf("plainName = %q", got)
	}
}

// TestOverviewResources: an API whose tags say little ("Clinical") still
// shows what its paths manage, without its base segments (/api, /v1),
// expressions ($count) or the names its tags already give.
func TestOverviewResources(t *testing.T) {
	cat := &Catalog{
		Specs:       []Spec{{ID: "s", Domain: "clinic", EnvPrefix: "X", Title: "Clinic"}},
		Collections: []Collection{{ID: "c", Title: "Clinic"}},
		Tags:        []Tag{{ID: "t0", Name: "Clinical"}, {ID: "t1", Name: "Patients"}},
	}
	for i, p := range []string{
		"GET /api/v1/patients", "POST /api/v1/patients", "GET /api/v1/patients/{id}",
		"GET /api/v1/amendments", "POST /api/v1/amendments", "GET /api/v1/amendments/$count",
		"GET /api/v1/eobs/{id}/lines", "POST /api/v1/events/{id}/microsoft.graph.cancel",
		"GET /api/v1/reports(period='{p}')", "GET /api/v1/two words", "GET /api/v1/line\nbreak",
		"GET /api/v1/Calls.json", "GET /api/v1/bots#lexVersion",
	} {
		method, path, _ := strings.Cut(p, " ")
		tag := 0
		if strings.Contains(path, "patients") {
			tag = 1
		}
		cat.Endpoints = append(cat.Endpoints, Endpoint{ID: fmt.Sprintf("%032x", i+1), Tag: tag, Method: method, Path: path})
	}
	want := "Clinic: 13 endpoints; tags with the most: Clinical, Patients; resources: amendments, Calls, bots, cancel, eobs, events, lines."
	if got := cat.Overview(nil); got != want {
		t.Errorf("Overview = %q\nwant %q", got, want)
	}

	// Beyond maxResourceScan endpoints, start-up reads no path.
	big := *cat
	big.Endpoints = slices.Clone(cat.Endpoints)
	for len(big.Endpoints) <= maxResourceScan {
		big.Endpoints = append(big.Endpoints, Endpoint{ID: fmt.Sprintf("%032x", len(big.Endpoints)+1), Method: "GET", Path: "/api/v1/amendments"})
	}
	if got := big.Overview(nil); strings.Contains(got, "resources:") {
		t.Errorf("Overview of %d endpoints read their paths: %q", big.Len(), got)
	}

	// Tags take at most half the room: resources still show beside 500 long tags.
	for i := range 500 {
		cat.Tags = append(cat.Tags, Tag{ID: fmt.Sprint("x", i), Name: fmt.Sprintf("tag number %d of many", i)})
		cat.Endpoints = append(cat.Endpoints, Endpoint{
			ID: fmt.Sprintf("%032x", len(cat.Endpoints)+1), Tag: len(cat.Tags) - 1, Method: "GET", Path: fmt.Sprintf("/api/v1/things%d", i)})
	}
	got := cat.Overview(nil)
	if len(got) > MaxOverviewBytes+1 || !strings.Contains(got, "; resources: amendments, ") {
		t.Errorf("Overview of 500 tags is %d bytes without the resources: …%q", len(got), got[max(0, len(got)-200):])
	}
}

// TestOverviewResourceOfUnshownTag: a resource is left out for a tag of
// its name only when that tag is shown; an API with a tag per resource
// (bunq: 150 of them, a third shown) would otherwise list neither.
func TestOverviewResourceOfUnshownTag(t *testing.T) {
	cat := &Catalog{
		Specs:       []Spec{{ID: "s", Domain: "bank", EnvPrefix: "X", Title: "Bank"}},
		Collections: []Collection{{ID: "c", Title: "Bank"}},
	}
	for i := range 90 {
		name := fmt.Sprintf("resourcenumber%03d", i) // one word each: no family to share
		cat.Tags = append(cat.Tags, Tag{ID: name, Name: name})
		for k := range 90 - i { // the first tags are the largest
			cat.Endpoints = append(cat.Endpoints, Endpoint{ID: fmt.Sprintf("%032x", len(cat.Endpoints)+1), Tag: i, Method: "GET", Path: fmt.Sprintf("/u/{id}/%s/{k%d}", name, k)})
		}
	}
	got := cat.Overview(nil)
	tags, resources, ok := strings.Cut(got, "; resources: ")
	if !ok || len(got) < MaxOverviewBytes*9/10 {
		t.Fatalf("Overview is %d bytes, resources none or few: %q", len(got), got)
	}
	_, tags, _ = strings.Cut(tags, "tags with the most: ")
	shown := strings.Split(tags, ", ")
	for r := range strings.SplitSeq(strings.TrimSuffix(resources, "."), ", ") {
		if slices.Contains(shown, r) {
			t.Errorf("resource %s is listed as a tag too", r)
		}
	}
}

// TestResourceNames: the names fit in room joined by ", ", hidden
// endpoints name none, and a catalog over maxResourceScan gives none.
func TestResourceNames(t *testing.T) {
	cat := &Catalog{Specs: []Spec{{ID: "s"}}, Collections: []Collection{{ID: "c"}}, Tags: []Tag{{ID: "t"}}}
	for i, p := range []string{"/orders", "/orders/{id}", "/customers", "/invoices", "/refunds"} {
		cat.Endpoints = append(cat.Endpoints, Endpoint{ID: fmt.Sprintf("%032x", i+1), Method: "GET", Path: p})
	}
	hidden := func(i int) bool { return cat.Endpoints[i].Path == "/refunds" }
	if got, want := cat.ResourceNames(hidden, 100), []string{"orders", "customers", "invoices"}; !slices.Equal(got, want) {
		t.Errorf("ResourceNames = %q, want %q", got, want)
	}
	for room := range 30 {
		if got := strings.Join(cat.ResourceNames(nil, room), ", "); len(got) > room {
			t.Errorf("ResourceNames in %d bytes = %q (%d bytes)", room, got, len(got))
		}
	}
	for len(cat.Endpoints) <= maxResourceScan {
		cat.Endpoints = append(cat.Endpoints, Endpoint{ID: fmt.Sprintf("%032x", len(cat.Endpoints)+1), Method: "GET", Path: "/orders"})
	}
	if got := cat.ResourceNames(nil, 100); got != nil {
		t.Errorf("ResourceNames of %d endpoints = %q, want none", cat.Len(), got)
	}
}

// FuzzResourceName: any segment gives no name or one that fits on the
// overview's line: a substring of the segment, with a letter, without
// spaces, controls or path syntax, at most maxResourceName bytes.
func FuzzResourceName(f *testing.F) {
	for _, s := range []string{"patients", "Calls.json", "microsoft.graph.cancel", "bots#lexVersion", "{id}", "$count",
		"v1", "2.0", "f(x='{y}')", "two words", "line\nbreak", ".json", "a.", "é", "caf\xe9", "evil\u202etxt", strings.Repeat("x", 41)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, seg string) {
		name, ok := ResourceName(seg)
		if !ok {
			return
		}
		if !strings.Contains(seg, name) || len(name) > maxResourceName || name == "" || !utf8.ValidString(name) ||
			strings.ContainsFunc(name, func(r rune) bool { return unicode.Is(unicode.Cf, r) }) ||
			strings.ContainsAny(name, "{}$()=':;,*#/?&. \t\r\n\x7f") || isVersion(name) ||
			!strings.ContainsFunc(name, func(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= 0x80 }) {
			t.Errorf("ResourceName(%q) = %q", seg, name)
		}
	})
}
