package load

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

func FuzzLoad(f *testing.F) {
	f.Add([]byte(petstore30))
	f.Add([]byte("swagger: '2.0'\ninfo: {title: t, version: '1'}\npaths: {}\n"))
	f.Add([]byte(`{"openapi": "3.1.0", "paths": {"/a": {"$ref": "#/x"}}}`))
	f.Add([]byte("openapi: 3.0.0\npaths:\n  /a: {$ref: 'b.yaml'}\n"))
	f.Add([]byte("a: &x [*x]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(t.TempDir(), "spec.yaml")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		doc, diags := Load(context.Background(), p, Options{})
		if doc == nil && !diags.HasErrors() {
			t.Fatalf("no document and no error")
		}
	})
}
