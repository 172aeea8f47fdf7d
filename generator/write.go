package generator

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/swag2mcp/swag2mcp/generator/emit"
)

// writeModule writes files into dir, each through a temporary file and a
// rename so a reader never sees half a file, then removes *_gen.go files
// the new output no longer has. Other files (the user's) are left alone.
func writeModule(dir string, files []emit.File) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	keep := make(map[string]bool, len(files))
	for _, f := range files {
		path := filepath.Join(dir, filepath.FromSlash(f.Path))
		keep[filepath.Clean(path)] = true
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := writeAtomic(path, f.Data); err != nil {
			return err
		}
	}
	stale, err := filepath.Glob(filepath.Join(dir, "*_gen.go"))
	if err != nil {
		return err
	}
	for _, path := range stale {
		if !keep[filepath.Clean(path)] {
			if err := os.Remove(path); err != nil {
				return err
			}
		}
	}
	return nil
}

// writeAtomic replaces path with data, skipping the write when the bytes
// are already there (so `go generate` leaves timestamps alone).
func writeAtomic(path string, data []byte) error {
	if old, err := os.ReadFile(path); err == nil && string(old) == string(data) {
		return nil
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // no-op after a successful rename
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("write %s: %w", strings.TrimPrefix(path, "./"), err)
	}
	return nil
}
