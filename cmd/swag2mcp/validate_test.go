package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	broken := filepath.Join(golden, "broken/openapi.yaml")
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout string
		stderrHas  []string
	}{
		{
			name:       "valid",
			args:       []string{filepath.Join(golden, "petstore/petstore.yaml")},
			wantStdout: "swag2mcp validate: 1 spec, 14 operations, 0 warnings\n",
		},
		{
			name:       "two specs",
			args:       []string{filepath.Join(golden, "multispec/billing.yaml"), filepath.Join(golden, "multispec/users.json")},
			wantStdout: "swag2mcp validate: 2 specs, ",
		},
		{
			name:      "errors are located and exit 1",
			args:      []string{broken},
			wantCode:  1,
			stderrHas: []string{broken + ":"},
		},
		{
			name:       "same base name needs --domain",
			args:       []string{filepath.Join(golden, "petstore/petstore.yaml"), filepath.Join(golden, "petstore-swagger2/petstore.yaml")},
			wantCode:   1,
			stderrHas:  []string{`domain "petstore" is already used by`, "--domain " + filepath.Join(golden, "petstore-swagger2/petstore.yaml") + "=NAME"},
			wantStdout: "",
		},
		{
			name: "per-spec --domain resolves the clash",
			args: []string{filepath.Join(golden, "petstore/petstore.yaml"), filepath.Join(golden, "petstore-swagger2/petstore.yaml"),
				"--domain", filepath.Join(golden, "petstore-swagger2/petstore.yaml") + "=pets2"},
			wantStdout: "swag2mcp validate: 2 specs, ",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runArgs(append([]string{"validate"}, tt.args...)...)
			if got.Code != tt.wantCode {
				t.Fatalf("exit %d, want %d; stderr:\n%s", got.Code, tt.wantCode, got.Stderr)
			}
			if !strings.HasPrefix(got.Stdout, tt.wantStdout) || (tt.wantStdout == "" && got.Stdout != "") {
				t.Errorf("stdout %q, want it to start with %q", got.Stdout, tt.wantStdout)
			}
			for _, w := range tt.stderrHas {
				if !strings.Contains(got.Stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, got.Stderr)
				}
			}
			if tt.wantCode == 0 && got.Stderr != "" {
				t.Errorf("stderr %q; want none", got.Stderr)
			}
		})
	}
}

// TestValidateMatchesGen checks that validate reports exactly the lines gen
// prints for the same broken spec.
func TestValidateMatchesGen(t *testing.T) {
	spec := filepath.Join(golden, "broken/openapi.yaml")
	out := t.TempDir()
	gen := runGenerate(t, "gen", spec, "-o", out)
	val := runArgs("validate", spec)
	if gen.Code != 1 || val.Code != 1 {
		t.Fatalf("exit codes gen %d, validate %d; want 1 and 1", gen.Code, val.Code)
	}
	if gen.Stderr == "" || gen.Stderr != val.Stderr {
		t.Errorf("validate's diagnostics differ from gen's:\ngen:\n%s\nvalidate:\n%s", gen.Stderr, val.Stderr)
	}
	if entries, _ := os.ReadDir(out); len(entries) != 0 {
		t.Errorf("a failed gen wrote %d files", len(entries))
	}
}
