package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/swag2mcp/swag2mcp/eval/internal/queryset"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
	"github.com/swag2mcp/swag2mcp/runtime/search"
)

// TestAnswerName reads the names of a real overview, so a change of its
// wording that the parser misses goes red here.
func TestAnswerName(t *testing.T) {
	cat := &catalog.Catalog{
		Specs:       []catalog.Spec{{ID: "s", Domain: "clinic", Title: "Clinic"}},
		Collections: []catalog.Collection{{ID: "c", Title: "Clinic"}},
		Tags:        []catalog.Tag{{ID: "t0", Name: "Clinical"}, {ID: "t1", Name: "Patients"}},
	}
	for i, p := range []string{"GET /api/amendments", "POST /api/amendments", "GET /api/eobs", "GET /api/appointment_profiles", "GET /api/patients"} {
		method, path, _ := strings.Cut(p, " ")
		cat.Endpoints = append(cat.Endpoints, catalog.Endpoint{ID: fmt.Sprintf("%032x", i+1), Tag: i / 4, Method: method, Path: path})
	}
	overview := cat.Overview(nil)
	names := overviewNames(overview)
	if len(names) != 5 {
		t.Fatalf("overviewNames(%q) = %v; want the two tags and three resources", overview, names)
	}
	for _, c := range []struct {
		want []string
		name string
	}{
		{[]string{"POST /api/amendments"}, "amendments"},
		{[]string{"GET /api/patient/{id}"}, "Patients"}, // a tag, singular or plural
		{[]string{"GET /api/appointment_profiles"}, "appointment_profiles"},
		{[]string{"GET /api/eobs/{id}/lines"}, ""}, // only the last literal segment counts
		{[]string{"GET /api/insurances", "GET /api/eobs"}, "eobs"},
		{[]string{"GET /clinic"}, ""}, // the API's title is not a resource
		{[]string{"GET /2010-04-01/Accounts/{Sid}/eobs.json"}, "eobs"},
	} {
		if got := answerName(names, c.want); got != c.name {
			t.Errorf("answerName(%v) = %q, want %q", c.want, got, c.name)
		}
	}
}

// TestAnswersLackWords: a miss counts as a vocabulary gap only when no
// answer explains half the query's words, synonyms counted ("remove" is
// a delete, "animal" a pet in meaning, "housemate" nothing the API says).
func TestAnswersLackWords(t *testing.T) {
	eng, err := newOurs(lowerMini(t))
	if err != nil {
		t.Fatal(err)
	}
	adv := eng.s.(search.Advisor)
	endpoints := eng.ownIndex()
	for _, c := range []struct {
		q    string
		want []string
		lack bool
	}{
		{"add a pet", []string{"POST /pets"}, false},
		{"register a whiskered housemate", []string{"POST /pets"}, true},
		{"register a whiskered housemate", []string{"POST /pets", "GET /pets"}, true},
		{"register a furry animal", []string{"POST /pets"}, false},
		{"show every pet", []string{"POST /pets", "GET /pets"}, false}, // one answer holds the words
		{"add a pet", []string{"DELETE /nowhere"}, false},              // no answer known: not counted
	} {
		q := queryset.Labelled{Q: c.q, Want: c.want}
		if got := answersLackWords(adv, endpoints, q); got != c.lack {
			t.Errorf("answersLackWords(%q, %v) = %v, want %v", c.q, c.want, got, c.lack)
		}
	}
}

// TestExpandFamilies: a family written once gives each of its names,
// with and without the family's word, and lone names stay as they are.
func TestExpandFamilies(t *testing.T) {
	got := expandFamilies("Installer, Sites {Devices, Maps}, transport-{slack, zulip}, ping")
	want := []string{"Installer", "Sites Devices", "Devices", "Sites Maps", "Maps", "transport-slack", "slack", "transport-zulip", "zulip", "ping"}
	if !slices.Equal(got, want) {
		t.Errorf("expandFamilies = %q\nwant %q", got, want)
	}
}
