package spill

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/swag2mcp/swag2mcp/internal/updateflag" // go test ./... -update must not fail here
)

// newTestWorkspace is a workspace in a fresh temporary folder.
func newTestWorkspace(t testing.TB, opts Options) *Workspace {
	t.Helper()
	if opts.Dir == "" {
		opts.Dir = t.TempDir()
	}
	w, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// store saves body as a response of the given content type.
func store(t testing.TB, w *Workspace, contentType, body string) *File {
	t.Helper()
	kind, mt := Classify(contentType, []byte(body))
	f, err := w.Store(strings.NewReader(body), kind, mt, 1<<30)
	if err != nil {
		t.Fatalf("Store: %v", err)
	}
	return f
}

// mustRead reads a file's bytes.
func mustRead(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// writeFile writes a file under dir.
func writeFile(t testing.TB, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}
