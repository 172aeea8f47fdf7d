package catalog

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestFirstWord(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"transport-slack", "transport-"},
		{"TransportSlack", "Transport"},
		{"Orgs Wlans", "Orgs "},
		{"number_orders", "number_"},
		{"users.calendar", "users."},
		{"GetHealth", "Get"},
		{"patients", ""},
		{"SMS", ""},     // no lower-to-upper change
		{"a-", ""},      // nothing after the separator
		{"-slack", ""},  // nothing before it
		{"eobs2", ""},   // digits do not split
		{"iPhone", "i"}, // a one-letter word is a word
	} {
		got, ok := firstWord(c.name)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("firstWord(%q) = %q, %v; want %q", c.name, got, ok, c.want)
		}
	}
}

// TestFamilies: three or more names with one first word are written
// once, at the place of the first of them; two stay apart.
func TestFamilies(t *testing.T) {
	names := []string{"alert-log", "monitor", "transport-slack", "ping", "transport-telegram", "team-member", "transport-zulip", "team-invitation"}
	got := strings.Join(familyItems(families(names)), ", ")
	want := "alert-log, monitor, transport-{slack, telegram, zulip}, ping, team-member, team-invitation"
	if got != want {
		t.Errorf("familyItems = %q\nwant %q", got, want)
	}
}

// TestFittingIsAPrefixWithinRoom: what fitting admits, written as
// families, never exceeds the room, and it admits at least as many names
// as fit written one by one (so families never cost a name).
func TestFittingIsAPrefixWithinRoom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"transport", "Transport", "team", "Orgs", "sites", "number", "get", "Get"}
	seps := []string{"-", "_", " ", ".", ""}
	for range 300 {
		var names []string
		for range rng.IntN(60) {
			w := words[rng.IntN(len(words))]
			if rng.IntN(4) == 0 {
				names = append(names, fmt.Sprintf("%s%d", strings.ToLower(w), rng.IntN(1000))) // one word
				continue
			}
			names = append(names, fmt.Sprintf("%s%sPart%d", w, seps[rng.IntN(len(seps))], rng.IntN(1000)))
		}
		room := rng.IntN(400)
		k := fitting(names, room)
		if got := strings.Join(familyItems(families(names[:k])), ", "); len(got) > room {
			t.Fatalf("fitting(%q, %d) = %d: %d bytes written: %q", names, room, k, len(got), got)
		}
		plain := 0
		for plain < len(names) && len(strings.Join(names[:plain+1], ", ")) <= room {
			plain++
		}
		if k < plain {
			t.Fatalf("fitting(%q, %d) = %d, fewer than the %d that fit one by one", names, room, k, plain)
		}
	}
}

// TestOverviewFamilies: an API with a large family of tags (alerter
// system's 73 notification transports) still shows its other resources,
// and every name a family holds counts as shown.
func TestOverviewFamilies(t *testing.T) {
	cat := &Catalog{
		Specs:       []Spec{{ID: "s", Domain: "alerts", EnvPrefix: "X", Title: "Alerts"}},
		Collections: []Collection{{ID: "c", Title: "Alerts"}},
	}
	add := func(tag, path string, n int) {
		cat.Tags = append(cat.Tags, Tag{ID: tag, Name: tag})
		for k := range n {
			cat.Endpoints = append(cat.Endpoints, Endpoint{ID: fmt.Sprintf("%032x", len(cat.Endpoints)+1), Tag: len(cat.Tags) - 1, Method: "GET", Path: fmt.Sprintf("%s/{k%d}", path, k)})
		}
	}
	var transports []string
	for i := range 73 {
		name := fmt.Sprintf("Provider%c%c", 'A'+i/26, 'a'+i%26)
		transports = append(transports, name)
		add("Transport"+name, "/api/transport-"+strings.ToLower(name), 6)
	}
	for _, r := range []string{"alert-log", "ping", "credits-consumption"} {
		add("Other", "/api/"+r, 2)
	}
	got := cat.Overview(nil)
	if len(got) > MaxOverviewBytes+1 {
		t.Fatalf("Overview is %d bytes", len(got))
	}
	if !strings.Contains(got, "Transport{"+transports[0]+", "+transports[1]+", ") {
		t.Errorf("Overview does not write the transports as one family: %q", got)
	}
	for _, r := range []string{"alert-log", "ping", "credits-consumption"} {
		if !strings.Contains(got, r) {
			t.Errorf("Overview lacks %s: %q", r, got)
		}
	}
	// Without families the transports' names fill the room before them.
	if plain := strings.Join(slices.Repeat([]string{"TransportProviderAa"}, 73), ", "); len(plain) < MaxOverviewBytes/2 {
		t.Fatalf("the case is too small to need families: %d bytes", len(plain))
	}
}
