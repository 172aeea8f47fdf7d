package auth

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// writeConfig writes text to a file with mode and returns its path.
func writeConfig(t *testing.T, text string, mode os.FileMode) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "creds.yaml")
	if err := os.WriteFile(path, []byte(text), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil { // WriteFile's mode passes through umask
		t.Fatal(err)
	}
	return path
}

func TestParseConfig(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		want    map[string]string
		wantErr string
	}{
		{name: "empty", text: "", want: map[string]string{}},
		{name: "comment only", text: "# nothing\n", want: map[string]string{}},
		{name: "null credentials", text: "credentials:\n", want: map[string]string{}},
		{
			name: "values",
			text: "credentials:\n  PETSTORE_API_KEY: \"k-1\"\n  PETSTORE_BASIC_PASSWORD: 12345\n  PETSTORE_BEARER: 'x: y'\n  PETSTORE_EMPTY:\n",
			want: map[string]string{"PETSTORE_API_KEY": "k-1", "PETSTORE_BASIC_PASSWORD": "12345", "PETSTORE_BEARER": "x: y"},
		},
		{
			name: "other sections are skipped",
			text: "limits:\n  cooldown: 5s\ncredentials:\n  A: b\nother: [1]\n",
			want: map[string]string{"A": "b"},
		},
		{name: "not a mapping", text: "- a\n", wantErr: `line 1: the file must be a mapping with a "credentials" section`},
		{name: "variable at top level", text: "credentials:\nPETSTORE_API_KEY: x\n", wantErr: `line 2: a variable must be indented under "credentials:"`},
		{name: "value as key", text: "credentials:\n  sk-live-1: x\n  sk-live-1: y\n", wantErr: "line 3: a variable is given twice"},
		{name: "credentials a list", text: "credentials:\n  - A\n", wantErr: `line 2: "credentials" must map variable names to values`},
		{name: "value a mapping", text: "credentials:\n  A:\n    b: c\n", wantErr: "line 3: a value must be a string"},
		{name: "duplicate", text: "credentials:\n  A: x\n  A: y\n", wantErr: "line 3: a variable is given twice"},
		{name: "syntax error", text: "credentials:\n  A: \"unterminated\n", wantErr: "not valid YAML: syntax error at line 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseConfig([]byte(tt.text))
			if tt.wantErr != "" {
				if err == nil {
					t.Fatalf("no error, want %q", tt.wantErr)
				}
				if diff := cmp.Diff(tt.wantErr, err.Error()); diff != "" {
					t.Errorf("error (-want +got):\n%s", diff)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestConfigFile(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("file modes are not checked on Windows")
	}
	text := "credentials:\n  PETSTORE_API_KEY: from-file\n  PETSTORE_BEARER: file-bearer\n"
	tests := []struct {
		name    string
		mode    os.FileMode
		env     map[string]string
		want    map[string]string // variable → value Lookup returns
		wantErr string
	}{
		{
			name: "file values", mode: 0o600,
			want: map[string]string{"PETSTORE_API_KEY": "from-file", "PETSTORE_BEARER": "file-bearer"},
		},
		{
			name: "environment wins", mode: 0o400, env: map[string]string{"PETSTORE_BEARER": "env-bearer"},
			want: map[string]string{"PETSTORE_API_KEY": "from-file", "PETSTORE_BEARER": "env-bearer"},
		},
		{name: "readable by others", mode: 0o644, wantErr: "is accessible by group or others (mode 0644); run chmod 600"},
		{name: "writable by group", mode: 0o620, wantErr: "is accessible by group or others (mode 0620)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeConfig(t, text, tt.mode)
			p, err := New(testCatalog(""), Options{Getenv: env(tt.env), ConfigFile: path})
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for name := range tt.want {
				got[name] = p.Lookup(name)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestConfigFileUnreadable(t *testing.T) {
	tests := []struct {
		name    string
		path    func(t *testing.T) string
		wantErr string
	}{
		{name: "missing", path: func(t *testing.T) string { return filepath.Join(t.TempDir(), "none.yaml") }, wantErr: "config file: open "},
		{name: "directory", path: func(t *testing.T) string { return t.TempDir() }, wantErr: "not a regular file"},
		{
			name: "too large",
			path: func(t *testing.T) string {
				return writeConfig(t, "credentials:\n  A: "+strings.Repeat("x", maxConfigBytes)+"\n", 0o600)
			},
			wantErr: "larger than 1048576 bytes",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(testCatalog(""), Options{ConfigFile: tt.path(t)})
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("error %v, want one containing %q", err, tt.wantErr)
			}
		})
	}
}
