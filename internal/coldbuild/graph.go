package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/swag2mcp/swag2mcp"
)

// std names the standard library where a module path is expected.
const std = "std"

// pkgGraph is the import graph of a server's main package.
type pkgGraph struct {
	main    string              // the main package's import path
	module  map[string]string   // package → module path (std for the standard library)
	imports map[string][]string // package → the packages it imports
}

// listGraph asks go list for the packages dir's main package depends on,
// with env added to the environment (CGO_ENABLED changes the graph).
func listGraph(ctx context.Context, dir string, env []string) (*pkgGraph, error) {
	cmd := exec.CommandContext(ctx, "go", "list", "-deps", "-f",
		`{{.ImportPath}}	{{if .Standard}}std{{else}}{{with .Module}}{{.Path}}{{end}}{{end}}	{{join .Imports " "}}`, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v\n%s", err, stderr.Bytes())
	}
	return parseGraph(out)
}

// parseGraph reads go list's lines (package, module, imports; tab
// separated). go list -deps prints the main package last.
func parseGraph(out []byte) (*pkgGraph, error) {
	g := &pkgGraph{module: map[string]string{}, imports: map[string][]string{}}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) != 3 || fields[0] == "" {
			return nil, fmt.Errorf("go list: unexpected line %q", sc.Text())
		}
		g.main = fields[0]
		g.module[fields[0]] = fields[1]
		g.imports[fields[0]] = strings.Fields(fields[2])
	}
	if g.main == "" {
		return nil, fmt.Errorf("go list: no packages")
	}
	return g, sc.Err()
}

// reachable is the set of packages main reaches, not following the
// imports for which skip is true.
func (g *pkgGraph) reachable(skip func(from, to string) bool) map[string]bool {
	seen := map[string]bool{}
	stack := []string{g.main}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[p] {
			continue
		}
		seen[p] = true
		for _, q := range g.imports[p] {
			if !skip(p, q) {
				stack = append(stack, q)
			}
		}
	}
	return seen
}

// ownModule reports whether module is swag2mcp (the runtime) or the
// generated server itself.
func (g *pkgGraph) ownModule(module string) bool {
	return module == swag2mcp.ModulePath || module == g.module[g.main]
}

// direct lists the modules the runtime or the server imports themselves,
// sorted.
func (g *pkgGraph) direct() []string {
	set := map[string]bool{}
	for p, imps := range g.imports {
		if !g.ownModule(g.module[p]) {
			continue
		}
		for _, q := range imps {
			if m := g.module[q]; m != std && !g.ownModule(m) {
				set[m] = true
			}
		}
	}
	return slices.Sorted(maps.Keys(set))
}

// via lists the other modules whose packages import module's, sorted:
// why an indirect dependency is in the build.
func (g *pkgGraph) via(module string) []string {
	set := map[string]bool{}
	for p, imps := range g.imports {
		from := g.module[p]
		if from == module {
			continue
		}
		for _, q := range imps {
			if g.module[q] == module {
				set[from] = true
			}
		}
	}
	return slices.Sorted(maps.Keys(set))
}

// dropSaves is the compile CPU of every package (standard library ones
// included) that would leave the build if swag2mcp's packages stopped
// importing module: what removing that dependency from the runtime saves.
func (g *pkgGraph) dropSaves(module string, costs map[string]cost) time.Duration {
	kept := g.reachable(func(from, to string) bool {
		return g.module[from] == swag2mcp.ModulePath && g.module[to] == module
	})
	var saved time.Duration
	for p := range g.reachable(func(string, string) bool { return false }) {
		if !kept[p] {
			saved += costs[p].cpu
		}
	}
	return saved
}

// byModule sums the package costs per module.
func (g *pkgGraph) byModule(costs map[string]cost) map[string]cost {
	out := map[string]cost{}
	for p, c := range costs {
		m := g.module[p]
		if m == "" {
			m = "(not in go list: " + p + ")"
		}
		sum := out[m]
		sum.add(c)
		out[m] = sum
	}
	return out
}
