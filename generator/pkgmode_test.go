package generator

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/swag2mcp/swag2mcp"
)

func TestPackageNotes(t *testing.T) {
	release := swag2mcp.Build{Version: "v0.9.0", Sum: "h1:x="}
	tests := []struct {
		name  string
		gomod string // "" for none
		build swag2mcp.Build
		want  string // "" for no note; else a substring
	}{
		{"missing requirement, release", "module example.com/app\n", release, "go get github.com/swag2mcp/swag2mcp@v0.9.0"},
		{"missing requirement, development", "module example.com/app\n", swag2mcp.Build{}, "go get github.com/swag2mcp/swag2mcp@latest"},
		{"older runtime", "module example.com/app\nrequire github.com/swag2mcp/swag2mcp v0.8.2\n", release, "requires github.com/swag2mcp/swag2mcp v0.8.2, older than this generator (v0.9.0)"},
		{"same runtime", "module example.com/app\nrequire github.com/swag2mcp/swag2mcp v0.9.0\n", release, ""},
		{"newer runtime", "module example.com/app\nrequire github.com/swag2mcp/swag2mcp v0.10.1\n", release, ""},
		{"replaced runtime", "module example.com/app\nrequire github.com/swag2mcp/swag2mcp v0.1.0\nreplace github.com/swag2mcp/swag2mcp => ../swag2mcp\n", release, ""},
		{"no module", "", release, "no go.mod in"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			if tt.gomod != "" {
				if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte(tt.gomod), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			notes := packageNotes(filepath.Join(root, "internal", "petmcp"), tt.build)
			switch {
			case tt.want == "" && len(notes) > 0:
				t.Errorf("notes %q; want none", notes)
			case tt.want != "" && (len(notes) != 1 || !strings.Contains(notes[0], tt.want)):
				t.Errorf("notes %q; want one containing %q", notes, tt.want)
			}
		})
	}
}
