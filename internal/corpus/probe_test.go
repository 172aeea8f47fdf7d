package main

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

// TestCheckPetstore runs every stage on the README's demo spec: generate,
// build, initialize, tools/list, search, inspect and the refused invoke.
func TestCheckPetstore(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a generated server")
	}
	spec, err := filepath.Abs("../../golden/testdata/petstore/petstore.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ck := &checker{work: t.TempDir(), runtimeDir: "../..", timeout: 10 * time.Minute,
		limits: stepLimits{generate: time.Minute, build: 5 * time.Minute, step: time.Minute}}
	r := ck.check(context.Background(), 0, Case{Source: sourceExamples, Name: "petstore.yaml", Path: spec})
	if !r.Passed() {
		t.Fatalf("stage %s: %s", r.Stage, r.Err)
	}
	if r.Tools == 0 || r.Found == 0 {
		t.Errorf("tools %d, endpoints found %d; want both > 0", r.Tools, r.Found)
	}
}
