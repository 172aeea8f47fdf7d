package load

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// specWithRef is a spec whose one response schema is ref.
func specWithRef(ref string) string {
	return `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    get:
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: "` + ref + `"}
`
}

// TestSymlinks checks that references are confined by real paths: a
// symbolic link inside the spec's folder may lead to a file or folder
// inside it, never outside, and a refused file's content appears nowhere.
func TestSymlinks(t *testing.T) {
	const secret = "TOPSECRET-passwd-line"
	tests := []struct {
		name  string
		ref   string
		diags []string
	}{
		{name: "link to a file inside", ref: "inlink.yaml#/Pet"},
		{name: "link to a folder inside", ref: "indir/pet.yaml#/Pet"},
		{
			name:  "link to a file outside",
			ref:   "outlink.yaml#/Pet",
			diags: []string{`spec.yaml:11:30: reference "outlink.yaml#/Pet" points outside the spec's folder through a symbolic link; only files inside it may be referenced`},
		},
		{
			name:  "link to a folder outside",
			ref:   "outdir/secret.yaml#/Pet",
			diags: []string{`spec.yaml:11:30: reference "outdir/secret.yaml#/Pet" points outside the spec's folder through a symbolic link; only files inside it may be referenced`},
		},
		{
			name:  "plain path outside",
			ref:   "../outside/secret.yaml#/Pet",
			diags: []string{`spec.yaml:11:30: reference "../outside/secret.yaml#/Pet" points outside the spec's folder; only files inside it may be referenced`},
		},
		{
			name:  "link to a file outside that is not yaml",
			ref:   "passwd.yaml",
			diags: []string{`spec.yaml:11:30: reference "passwd.yaml" points outside the spec's folder through a symbolic link; only files inside it may be referenced`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			writeFiles(t, root, map[string]string{
				"outside/secret.yaml":   "Pet: {type: string, description: " + secret + "}\n",
				"outside/passwd":        "root:x:0:0:" + secret + ":/root:/bin/bash\n",
				"spec/schemas/pet.yaml": "Pet: {type: string}\n",
				"spec/spec.yaml":        specWithRef(tt.ref),
			})
			links := map[string]string{
				"spec/inlink.yaml":  "schemas/pet.yaml",
				"spec/indir":        "schemas",
				"spec/outlink.yaml": "../outside/secret.yaml",
				"spec/outdir":       "../outside",
				"spec/passwd.yaml":  filepath.Join(root, "outside/passwd"), // absolute, as an attacker would
			}
			for name, target := range links {
				if err := os.Symlink(target, filepath.Join(root, filepath.FromSlash(name))); err != nil {
					t.Skipf("symbolic links unavailable: %v", err)
				}
			}
			specDir := filepath.Join(root, "spec")
			t.Chdir(specDir)
			doc, diags := Load(context.Background(), "spec.yaml", Options{})
			diags.Sort()
			var got []string
			for _, d := range diags {
				got = append(got, d.String())
			}
			if diff := cmp.Diff(tt.diags, got); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
			if strings.Contains(strings.Join(got, "\n"), secret) {
				t.Errorf("a diagnostic echoes the refused file's content: %q", got)
			}
			if tt.diags == nil && doc == nil {
				t.Fatal("no document")
			}
			if doc != nil && doc.Index != nil {
				if r := doc.Index.GetRolodex(); r != nil {
					for _, ix := range r.GetIndexes() {
						real, err := filepath.EvalSymlinks(ix.GetSpecAbsolutePath())
						if rel, _ := filepath.Rel(specDir, real); err == nil && !filepath.IsLocal(rel) {
							t.Errorf("the parser read %s, which is %s", ix.GetSpecAbsolutePath(), real)
						}
					}
				}
			}
		})
	}
}
