package main

import (
	"context"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
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
	// The next round shows the second search's hits; a wrong take there
	// makes the search again a failure.
	if err := writeLoopNext(ctx, dir, set, eng); err != nil {
		t.Fatal(err)
	}
	next := filepath.Join(dir, loopNext)
	data, err = os.ReadFile(loopFile(next, "mini/api", ".task.json"))
	if err != nil {
		t.Fatal(err)
	}
	var nt loopTask
	if err := json.Unmarshal(data, &nt); err != nil {
		t.Fatal(err)
	}
	if len(nt.Items) != 1 || nt.Items[0].ID != 3 || nt.Items[0].Query != "create a pet" || len(nt.Items[0].Earlier) != 1 ||
		!slices.Equal(nt.Items[0].Earlier[0].Results, task.Items[2].Results) {
		t.Fatalf("next round %+v", nt.Items)
	}
	wrongTake := 0
	for k, r := range nt.Items[0].Results {
		if !strings.HasPrefix(r, "POST /pets") {
			wrongTake = k + 1
		}
	}
	if wrongTake == 0 {
		t.Fatalf("next round shows no wrong hit to take: %v", nt.Items[0].Results)
	}
	out, _ = json.Marshal(loopAnswers{Answers: []loopAnswer{{ID: 3, Take: wrongTake}}})
	if err := os.WriteFile(loopFile(next, "mini/api", ".answers.json"), out, 0o644); err != nil {
		t.Fatal(err)
	}
	if sc, err := scoreLoop(ctx, dir, set, "tuning", eng); err != nil || sc.searched != 1 || sc.searchedFound != 0 {
		t.Errorf("after a wrong take in the next round: %+v, %v; want the search again to fail", sc, err)
	}
	// Answers to another version of the set are refused, not misjudged.
	set.Queries[1].Q = "show all the pets"
	if _, err := scoreLoop(ctx, dir, set, "tuning", eng); err == nil || !strings.Contains(err.Error(), "item 1") {
		t.Errorf("a task of another set version scored: %v", err)
	}
}

// TestLoopInstructionsMatchServer: the instructions a loop task shows are
// the ones runtime/mcptools sends (the eval module cannot import it, so
// its source is read), so a change of their wording goes red here.
func TestLoopInstructionsMatchServer(t *testing.T) {
	consts := stringConsts(t, filepath.Join("..", "runtime", "mcptools", "adapter.go"))
	if got, want := loopInstructions, consts["instructions"]; got != want {
		t.Errorf("loopInstructions = %q\nmcptools' instructions = %q", got, want)
	}
	if got, want := loopOverviewLead, consts["overviewLead"]; got != want {
		t.Errorf("loopOverviewLead = %q\nmcptools' overviewLead = %q", got, want)
	}
}

// stringConsts evaluates the string constants of a Go file that are
// literals joined by +.
func stringConsts(t *testing.T, file string) map[string]string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var eval func(ast.Expr) (string, bool)
	eval = func(e ast.Expr) (string, bool) {
		switch e := e.(type) {
		case *ast.BasicLit:
			if e.Kind != token.STRING {
				return "", false
			}
			s, err := strconv.Unquote(e.Value)
			return s, err == nil
		case *ast.BinaryExpr:
			a, ok1 := eval(e.X)
			b, ok2 := eval(e.Y)
			return a + b, ok1 && ok2 && e.Op == token.ADD
		case *ast.ParenExpr:
			return eval(e.X)
		}
		return "", false
	}
	out := map[string]string{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			for i, name := range vs.Names {
				if i < len(vs.Values) {
					if v, ok := eval(vs.Values[i]); ok {
						out[name.Name] = v
					}
				}
			}
		}
	}
	return out
}

// TestLoopFlags: one loop step at a time.
func TestLoopFlags(t *testing.T) {
	if r, err := newLoopRun("", "", "d", true); err != nil || r.mode != loopScoring || r.dir != "d" {
		t.Errorf("-loop-in d: %+v, %v", r, err)
	}
	if r, err := newLoopRun("", "", "", true); err != nil || r.mode != "" {
		t.Errorf("no loop flag: %+v, %v", r, err)
	}
	if _, err := newLoopRun("a", "", "b", true); err == nil {
		t.Error("-loop-out and -loop-in together accepted")
	}
}
