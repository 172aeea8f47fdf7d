package main

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/swag2mcp/swag2mcp/eval/internal/queryset"
)

// TestLoop writes a task for two queries and scores a model's answers:
// a right take, a wrong take, a second search that finds the answer and
// a query left unanswered count apart.
func TestLoop(t *testing.T) {
	ctx := context.Background()
	eng, err := newOurs(lowerMini(t))
	if err != nil {
		t.Fatal(err)
	}
	set := &queryset.QuerySet{Queries: []queryset.Labelled{
		{Q: "create a pet", Want: []string{"POST /pets"}},
		{Q: "show every pet", Want: []string{"GET /pets"}},
		{Q: "+method:GET", Want: []string{"GET /pets"}, Kind: []string{"syntax"}},
		{Q: "adopt an animal", Want: []string{"POST /pets"}},
		{Q: "list pets", Want: []string{"GET /pets"}},
	}}
	set.Spec.Name = "mini/api"
	dir := t.TempDir()
	if err := writeLoopTask(ctx, dir, set, eng, true); err != nil {
		t.Fatal(err)
	}
	var task loopTask
	data, err := os.ReadFile(loopFile(dir, "mini/api", ".task.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &task); err != nil {
		t.Fatal(err)
	}
	if len(task.Items) != 4 || !strings.Contains(task.Instructions, "Served: Mini: 2 endpoints") {
		t.Fatalf("task has %d items (want the 4 natural-language queries), instructions %q", len(task.Items), task.Instructions)
	}
	if it := task.Items[0]; it.Intent != "create a pet" || len(it.Results) == 0 || !strings.HasPrefix(it.Results[0], "POST /pets — Create a pet") {
		t.Errorf("first item %+v", it)
	}
	// The number of the result of each item that starts with prefix.
	take := func(item int, prefix string) int {
		for k, r := range task.Items[item].Results {
			if strings.HasPrefix(r, prefix) {
				return k + 1
			}
		}
		t.Fatalf("item %d has no result %s: %v", item, prefix, task.Items[item].Results)
		return 0
	}
	answers := loopAnswers{Answers: []loopAnswer{
		{ID: 0, Take: take(0, "POST /pets")}, // right
		{ID: 1, Take: take(1, "POST /pets")}, // a result, the wrong one
		{ID: 3, Search: "create a pet"},      // found by the second search
		{ID: 4, Take: 0, Search: "  "},       // neither: unanswered
	}}
	out, _ := json.Marshal(answers)
	if err := os.WriteFile(loopFile(dir, "mini/api", ".answers.json"), out, 0o644); err != nil {
		t.Fatal(err)
	}
	sc, err := scoreLoop(ctx, dir, set, "tuning", eng)
	if err != nil {
		t.Fatal(err)
	}
	want := loopScore{api: "mini/api", half: "tuning", queries: 4, firstFound: sc.firstFound, tookRight: 1, tookWrong: 1, searched: 1, searchedFound: 1, blank: 1}
	if sc != want {
		t.Errorf("score %+v, want %+v", sc, want)
	}
	// Answers to another version of the set are refused, not misjudged.
	set.Queries[1].Q = "show all the pets"
	if _, err := scoreLoop(ctx, dir, set, "tuning", eng); err == nil || !strings.Contains(err.Error(), "item 1") {
		t.Errorf("a task of another set version scored: %v", err)
	}
}
