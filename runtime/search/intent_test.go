package search

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

func TestReadIntent(t *testing.T) {
	r := openTest(t).(*engine).r
	tests := []struct {
		query        string
		wantMethods  []string
		wantShape    shape
		wantGroups   []string // raw text of expression and first-person groups
		wantConsumed []int
		wantCriteria []int
	}{
		{"delete a pet", methodsDelete(), shapeNone, nil, nil, nil},
		{"pets", nil, shapeCollection, nil, nil, nil},
		{"show one pet", methodsRead(), shapeItem, nil, nil, nil},
		{"mark the order as read", methodsUpdate(), shapeNone, nil, nil, nil},
		{"take the pet off the list", methodsDelete(), shapeCollection, []string{"take off"}, []int{0, 3}, nil},
		{"turn on notifications", methodsAct(), shapeCollection, []string{"turn on"}, []int{0, 1}, nil},
		{"enable notifications", methodsAct(), shapeCollection, nil, nil, nil},
		{"disable notifications", methodsWrite(), shapeCollection, nil, nil, nil},
		{"who am i", nil, shapeNone, []string{"who am i", "i"}, []int{0, 1, 2}, nil},
		{"fork a repo", methodsAct(), shapeNone, nil, nil, nil},
		{"comment on an issue", methodsAct(), shapeNone, nil, nil, nil},
		{"find users by name", methodsRead(), shapeCollection, nil, nil, []int{3}},
		{"pets adopted by a user", nil, shapeCollection, nil, nil, nil},                                 // who did it, no criterion
		{"find a pet by name. pets that were sold", methodsRead(), shapeCollection, nil, nil, []int{4}}, // the sentence ends the criterion
		{"unfollow a user", methodsDelete(), shapeNone, nil, nil, nil},
		{"my pets", nil, shapeCollection, []string{"my"}, nil, nil},
		{"+method:GET -pets tag:store", nil, shapeNone, nil, nil, nil},
		// Operations described in the third person, as API texts do.
		{"gets a pet", methodsRead(), shapeNone, nil, nil, nil},
		{"returns the order", methodsRead(), shapeNone, nil, nil, nil},
		{"deletes the pet", methodsDelete(), shapeNone, nil, nil, nil},
		{"modifies an order", methodsUpdate(), shapeNone, nil, nil, nil},
		{"fetches all pets", methodsRead(), shapeCollection, nil, nil, nil},
		{"lists the pets", methodsRead(), shapeCollection, nil, nil, nil},
		{"deploys a template", methodsAct(), shapeNone, nil, nil, nil},
		{"comments on an issue", nil, shapeCollection, nil, nil, nil},
		{"updates for my pets", nil, shapeCollection, []string{"my"}, nil, nil},
		// A shape after a preposition is the scope's, once the object has one.
		{"find all pets for one order", methodsRead(), shapeCollection, nil, nil, nil},
		{"show one order of the pets", methodsRead(), shapeItem, nil, nil, nil},
		{"status of the pets", nil, shapeCollection, nil, nil, nil},
		// After the words that name the interface.
		{"which endpoint deletes a pet", methodsDelete(), shapeNone, nil, []int{1}, nil},
		{"an endpoint that forks a repo", methodsAct(), shapeNone, nil, []int{1}, nil},
		{"who contributed to this pet", nil, shapeNone, nil, nil, nil},
		// And as gerunds.
		{"deleting the pet", methodsDelete(), shapeNone, nil, nil, nil},
		{"getting a pet", methodsRead(), shapeNone, nil, nil, nil},
		{"updating an order", methodsUpdate(), shapeNone, nil, nil, nil},
		{"listing all pets", methodsRead(), shapeCollection, nil, nil, nil},
		// And by their nouns before "of"; a plural is no nominal.
		{"deletion of the pet", methodsDelete(), shapeNone, nil, nil, nil},
		{"removal of a pet", methodsDelete(), shapeNone, nil, nil, nil},
		{"creation of an order", methodsCreate(), shapeNone, nil, nil, nil},
		{"addition of a pet", methodsCreate(), shapeNone, nil, nil, nil},
		{"cancellation of the order", methodsAct(), shapeNone, nil, nil, nil},
		{"modification of an order", methodsUpdate(), shapeNone, nil, nil, nil},
		{"replacement of the pet", methodsUpdate(), shapeNone, nil, nil, nil},
		{"closure of the order", methodsUpdate(), shapeNone, nil, nil, nil},
		{"listing of all pets", methodsRead(), shapeCollection, nil, nil, nil},
		{"runs of a pet", nil, shapeCollection, nil, nil, nil},
		{"changes of the order", nil, shapeCollection, nil, nil, nil},
		{"the deletion of a pet", methodsDelete(), shapeNone, nil, nil, nil},
		// "like" counts where it opens the query or is its action, not where
		// it compares.
		{"like a pet", methodsAct(), shapeNone, nil, nil, nil},
		{"like pet", nil, shapeNone, nil, nil, nil},
		{"pets like the order", nil, shapeCollection, nil, []int{1}, nil},
		{"i would like to delete a pet", methodsDelete(), shapeNone, nil, []int{0, 1, 2, 3}, nil},
		// A later word naming the action again is no word of the object.
		{"add a new pet", methodsCreate(), shapeNone, nil, []int{2}, nil},
		{"create an invite", methodsCreate(), shapeNone, nil, nil, nil},        // the object itself
		{"post a new upload", methodsCreate(), shapeNone, nil, []int{2}, nil},  // "new" goes, the upload stays
		{"get a check run", methodsRead(), shapeNone, nil, nil, nil},           // a noun naming the object
		{"list new pets", methodsRead(), shapeCollection, nil, nil, nil},       // another action: a word of the object
		{"show a list of pets", methodsRead(), shapeCollection, nil, nil, nil}, // a shape: a word of the object
		{"adding a new pet", methodsCreate(), shapeNone, nil, nil, nil},        // "adding" alone does not name it
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			cs, err := parse(tt.query)
			if err != nil {
				t.Fatal(err)
			}
			in := readIntent(r, cs)
			var groups []string
			for _, g := range in.groups {
				groups = append(groups, g.c.raw)
			}
			got := struct {
				Methods            []string
				Shape              shape
				Groups             []string
				Consumed, Criteria []int
			}{in.methods, in.shape, groups, keys(in.consumed), keys(in.criteria)}
			want := struct {
				Methods            []string
				Shape              shape
				Groups             []string
				Consumed, Criteria []int
			}{tt.wantMethods, tt.wantShape, tt.wantGroups, tt.wantConsumed, tt.wantCriteria}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("readIntent(%q) mismatch (-want +got):\n%s", tt.query, diff)
			}
		})
	}
}

// keys returns the set keys of m in ascending order, nil when empty.
func keys(m map[int]bool) []int {
	var out []int
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestIntentRanking checks the ranking signals beyond term matches on the
// test catalog: the action's method, one item or many, coverage.
func TestIntentRanking(t *testing.T) {
	s := openTest(t)
	tests := []struct {
		query string
		want  int // best hit
	}{
		{"remove a pet", 3},      // DELETE, by a synonym
		{"pets", 0},              // no verb: reading, many
		{"one pet", 2},           // one item
		{"get rid of a user", 8}, // phrasal verb
		{"take the user out", 8}, // particle after the object
		{"all users", 6},         // many
		{"user by name", 7},      // criterion
		{"the inventory", 4},     // coverage of a short summary
		{"place a new order", 5}, // an action
		{"health", 9},            // tag words
		{"list every pet", 0},    // collection
		{"pet details", 2},       // item
		{"make a pet", 1},        // create
		{"who am i", -1},         // no endpoint names the caller: any answer
		{"drop the user", 8},     // delete
		{"fetch users", 6},       // read many
		{"orders", 5},            // the only endpoint of orders
		{"removal of a user", 8}, // the action's noun
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			res, err := s.Search(context.Background(), Query{Text: tt.query, Limit: 3})
			if err != nil {
				t.Fatal(err)
			}
			if tt.want < 0 {
				return
			}
			if len(res.Hits) == 0 || res.Hits[0].Endpoint != tt.want {
				t.Errorf("Search(%q) = %+v, want endpoint %d first", tt.query, res.Hits, tt.want)
			}
		})
	}
}

// TestDisableMayDelete: turning a feature off is as often a DELETE of what
// turned it on as a write of a setting, so "disable" hints DELETE too and
// the Disable endpoint is not outranked by its Enable twin.
func TestDisableMayDelete(t *testing.T) {
	cat := tagCatalog("actions",
		catalog.Endpoint{ID: "a", Method: "PUT", Path: "/orgs/{org}/actions/repositories/{id}", Summary: "Enable a selected repository for actions in an organization"},
		catalog.Endpoint{ID: "b", Method: "DELETE", Path: "/orgs/{org}/actions/repositories/{id}", Summary: "Disable a selected repository for actions in an organization"},
		catalog.Endpoint{ID: "c", Method: "PUT", Path: "/orgs/{org}/actions/repositories", Summary: "Set selected repositories enabled for actions in an organization"},
		// "disable" is common here, as in GitHub's Actions settings:
		// its idf is low, and the method hint decides.
		catalog.Endpoint{ID: "d", Method: "PUT", Path: "/orgs/{org}/actions/workflows/{id}/disable", Summary: "Disable a workflow"},
		catalog.Endpoint{ID: "e", Method: "PUT", Path: "/orgs/{org}/actions/runners/{id}/disable", Summary: "Disable a runner"},
		catalog.Endpoint{ID: "f", Method: "PUT", Path: "/orgs/{org}/actions/caches/disable", Summary: "Disable caches"},
		catalog.Endpoint{ID: "g", Method: "PUT", Path: "/orgs/{org}/actions/secrets/disable", Summary: "Disable secrets"},
	)
	wantFirst(t, Open(BuildIndex(CatalogDocs(cat)), cat), map[string]int{
		"disable a selected repository for actions in an organization": 1,
		"enable a selected repository for actions in an organization":  0,
	})
}

// TestFindMaySearch: "find a judge by name" asks for the API's search of
// judges, though "find" is a read verb: a lookup by a criterion is what a
// search endpoint does, and a long description saying "find" elsewhere
// does not make the search lose to it.
func TestFindMaySearch(t *testing.T) {
	cat := tagCatalog("court",
		catalog.Endpoint{ID: "a", Method: "GET", Path: "/caseSearch", Summary: "Case search.",
			Description: catalog.Text("Find cases containing each of the terms; find by judge name, party or attorney.")},
		catalog.Endpoint{ID: "b", Method: "GET", Path: "/judge/{judgeId}", Summary: "Gets details for a requested Judge ID."},
		catalog.Endpoint{ID: "c", Method: "GET", Path: "/case/{caseId}/judges", Summary: "Gets Judges for a requested Case ID."},
		catalog.Endpoint{ID: "d", Method: "GET", Path: "/judgeSearch", Summary: "Judge search."},
		catalog.Endpoint{ID: "e", Method: "GET", Path: "/importCase", Summary: "Find a case for a requested case number and court."},
	)
	wantFirst(t, Open(BuildIndex(CatalogDocs(cat)), cat), map[string]int{
		"find a judge by name":  3,
		"look up a judge":       3,
		"locate a judge":        3,
		"judge details by id":   1,
		"get the case's judges": 2,
	})
}

// wantFirst checks that s ranks each query's endpoint first.
func wantFirst(t *testing.T, s Searcher, want map[string]int) {
	t.Helper()
	for q, d := range want {
		res, err := s.Search(context.Background(), Query{Text: q, Limit: 3})
		if err != nil || len(res.Hits) == 0 || res.Hits[0].Endpoint != d {
			t.Errorf("Search(%q) = %+v, %v; want endpoint %d first", q, res.Hits, err, d)
		}
	}
}

// TestActionEchoAddsNothing checks that a word repeating the query's
// action ("add a new …") changes no rank: counted on its own it lifted
// whatever few endpoints say "new" above the object's own operations.
func TestActionEchoAddsNothing(t *testing.T) {
	cat := tagCatalog("misc",
		catalog.Endpoint{ID: "a", Method: "POST", Path: "/reports/{id}/run", Summary: "Run a report and create a new result"},
		catalog.Endpoint{ID: "b", Method: "GET", Path: "/keys/generate", Summary: "Generate a new key pair"},
		catalog.Endpoint{ID: "c", Method: "POST", Path: "/circuits/providers", OperationID: "circuits_providers_create"},
		catalog.Endpoint{ID: "d", Method: "POST", Path: "/racks", OperationID: "racks_create"},
		catalog.Endpoint{ID: "e", Method: "POST", Path: "/circuits", OperationID: "circuits_create"},
	)
	v := func(x ...float64) string { return string(AppendVector(nil, x)) }
	lex := &mapLexicon{dims: 3, vectors: map[string]string{ // "new" points the way of the reports and keys
		"new": v(1, 0, 0), "report": v(1, 0.1, 0), "key": v(0.9, 0, 0.2), "result": v(0.8, 0.2, 0),
		"circuit": v(0, 1, 0), "provider": v(0, 0.9, 0.3), "carrier": v(0, 0.8, 0.4), "telecom": v(0, 1, 0.1),
		"add": v(0.3, 0.3, 0.3), "create": v(0.3, 0.4, 0.3), "rack": v(0, 0, 1),
	}}
	s := Open(BuildIndexWith(CatalogDocs(cat), lex), cat)
	ranks := func(q string) []Hit {
		t.Helper()
		res, err := s.Search(context.Background(), Query{Text: q, Limit: 5})
		if err != nil {
			t.Fatalf("Search(%q): %v", q, err)
		}
		return res.Hits
	}
	for _, q := range []string{"add a new telecom carrier", "create a new circuit provider"} {
		plain := strings.Replace(q, " new ", " ", 1)
		if diff := cmp.Diff(ranks(plain), ranks(q)); diff != "" {
			t.Errorf("%q ranks otherwise than %q (-plain +echo):\n%s", q, plain, diff)
		}
	}
}

// TestActionWords checks the action vocabulary's groups, each on a small
// API where the query's own word is absent or names a sibling operation.
func TestActionWords(t *testing.T) {
	for _, tc := range []struct {
		name string
		eps  []catalog.Endpoint
		want map[string]int // query → the endpoint it must put first
	}{{
		// APIs name holding something off "pause" or "suspend", and taking
		// it up again "resume"; a query in the other word still finds the
		// operation, not the object's read.
		name: "PauseIsSuspend",
		eps: []catalog.Endpoint{
			{ID: "a", Method: "GET", Path: "/subscriptions/{id}", Summary: "Get a subscription"},
			{ID: "b", Method: "PUT", Path: "/subscriptions/{id}/suspend", Summary: "Suspend a subscription"},
			{ID: "c", Method: "PUT", Path: "/subscriptions/{id}/resume", Summary: "Resume a subscription"},
			{ID: "d", Method: "POST", Path: "/jobs/{id}/pause", Summary: "Pause a job"},
			{ID: "e", Method: "GET", Path: "/jobs/{id}", Summary: "Get a job"},
		},
		want: map[string]int{
			"pause my subscription for a month": 1,
			"unpause the subscription":          2,
			"suspend a running job":             3,
			"freeze the subscription":           1,
		},
	}, {
		// A read asking for many does not also search the verb APIs read
		// one item with, nor a read of one item the verb they list with:
		// "show all platforms" had put dcim_platforms_read first.
		name: "ReadVerbFitsShape",
		eps: []catalog.Endpoint{
			{ID: "a", Method: "GET", Path: "/dcim/platforms/{id}/", OperationID: "dcim_platforms_read"},
			{ID: "b", Method: "GET", Path: "/dcim/platforms/", OperationID: "dcim_platforms_list"},
			{ID: "c", Method: "POST", Path: "/dcim/platforms/", OperationID: "dcim_platforms_create"},
			{ID: "d", Method: "GET", Path: "/dcim/sites/{id}/", OperationID: "dcim_sites_read"},
			{ID: "e", Method: "GET", Path: "/dcim/sites/", OperationID: "dcim_sites_list"},
			{ID: "f", Method: "GET", Path: "/dcim/racks/", OperationID: "dcim_racks_list"},
			{ID: "g", Method: "GET", Path: "/dcim/devices/", OperationID: "dcim_devices_list"},
		},
		want: map[string]int{
			"show all platforms":     1,
			"show every platform":    1,
			"show one platform":      0,
			"show a specific site":   3,
			"show the list of sites": 4,
		},
	}, {
		// Undoing a change back to an earlier state finds the API's
		// rollback or restore, however the query says it.
		name: "RollBackIsRestore",
		eps: []catalog.Endpoint{
			{ID: "a", Method: "POST", Path: "/apps", Summary: "Create an app"},
			{ID: "b", Method: "POST", Path: "/apps/{id}/rollback", Summary: "Rollback an app"},
			{ID: "c", Method: "POST", Path: "/apps/{id}/deployments", Summary: "Create a deployment of an app"},
			{ID: "d", Method: "POST", Path: "/datasets/{id}:restore", Summary: "Restores a dataset version"},
			{ID: "e", Method: "GET", Path: "/datasets/{id}/versions", Summary: "Lists dataset versions"},
			{ID: "f", Method: "PATCH", Path: "/datasets/{id}", Summary: "Updates a dataset"},
		},
		want: map[string]int{
			"undo the last release of my app":           1,
			"revert the last change to my app":          1,
			"roll a dataset back to an earlier version": 3,
		},
	}, {
		// Refusing something does not search the words for approving it:
		// "reject a change request" had put the request's accept endpoint
		// above its decline.
		name: "RejectIsNotApprove",
		eps: []catalog.Endpoint{
			{ID: "a", Method: "POST", Path: "/changeRequests/{id}/accept", Summary: "Accept a request details"},
			{ID: "b", Method: "DELETE", Path: "/changeRequests/{id}", Summary: "Decline a request details"},
			{ID: "c", Method: "POST", Path: "/changeRequests/{id}", Summary: "Update a request details"},
			{ID: "d", Method: "GET", Path: "/changeRequests", Summary: "List all change requests"},
		},
		want: map[string]int{
			"reject a change request":  1,
			"deny the change request":  1,
			"approve a change request": 0,
		},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			cat := tagCatalog("misc", tc.eps...)
			wantFirst(t, Open(BuildIndex(CatalogDocs(cat)), cat), tc.want)
		})
	}
}

// TestLivenessWords: asking whether a service is up finds its ping or
// health endpoint, whichever of the words the API and the query use.
func TestLivenessWords(t *testing.T) {
	distractors := []catalog.Endpoint{
		{ID: "c", Method: "HEAD", Path: "/shares/{key}", Summary: "Check a share's password"},
		{ID: "d", Method: "GET", Path: "/shares", Summary: "List shares"},
		{ID: "e", Method: "GET", Path: "/users/{id}", Summary: "Get a user"},
		{ID: "f", Method: "POST", Path: "/tokens", Summary: "Create an auth token"},
	}
	pinged := tagCatalog("system", append([]catalog.Endpoint{
		{ID: "a", Method: "GET", Path: "/ping", OperationID: "ping", Summary: "Ping"}}, distractors...)...)
	wantFirst(t, Open(BuildIndex(CatalogDocs(pinged)), pinged), map[string]int{
		"check that the backend is alive": 0,
		"is the service reachable":        0,
		"is the server healthy":           0,
	})
	alive := tagCatalog("system", append([]catalog.Endpoint{
		{ID: "b", Method: "GET", Path: "/status", Summary: "Check if the server is alive"}}, distractors...)...)
	wantFirst(t, Open(BuildIndex(CatalogDocs(alive)), alive), map[string]int{
		"health ping for a load balancer": 0,
	})
}
