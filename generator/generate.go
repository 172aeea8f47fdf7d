// Package generator turns OpenAPI specs into the Go module of an MCP server:
// load → build → emit, then the files are written atomically.
package generator

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/swag2mcp/swag2mcp"
	"github.com/swag2mcp/swag2mcp/generator/build"
	"github.com/swag2mcp/swag2mcp/generator/diag"
	"github.com/swag2mcp/swag2mcp/generator/emit"
	"github.com/swag2mcp/swag2mcp/generator/load"
	"github.com/swag2mcp/swag2mcp/runtime/filter"
)

// Options configures one generation.
type Options struct {
	Specs           []string // spec file paths, in order
	OutDir          string   // output module directory
	Name            string   // server name; default "{first domain}-mcp"
	Module          string   // Go module path; default Name
	Domain          string   // spec domain override; only with one spec
	Strict          bool     // unsupported operations are errors, not warnings
	AllowRemoteRefs bool     // fetch $refs to remote URLs
	RuntimeDir      string   // swag2mcp checkout for the go.mod replace; default: where the generator was built
	// Filter chooses which operations the server exposes (--include-tag,
	// --exclude-method, …); the others are not emitted at all.
	Filter filter.Rules
}

// Result reports what a generation wrote and the warnings it gave.
type Result struct {
	Files     []string  // paths written, relative to OutDir, sorted
	Warnings  diag.List // skipped operations and other non-fatal problems
	Filtered  int       // operations left out by Options.Filter
	Endpoints int       // operations the server serves
}

// Generate runs the pipeline and writes the module into opts.OutDir. A spec
// problem returns a diag.List as error (every problem found, located);
// other failures are plain errors. Stale *_gen.go files are removed; files
// of the user's are never touched.
func Generate(ctx context.Context, opts Options) (*Result, error) {
	files, warnings, n, err := render(ctx, opts)
	if err != nil {
		return &Result{Warnings: warnings}, err
	}
	if err := writeModule(opts.OutDir, files); err != nil {
		return &Result{Warnings: warnings}, err
	}
	res := &Result{Warnings: warnings, Filtered: n.filtered, Endpoints: n.endpoints}
	for _, f := range files {
		res.Files = append(res.Files, f.Path)
	}
	return res, nil
}

// Render runs the pipeline in memory and returns the module's files.
// opts.OutDir is only used to make the runtime replace path relative.
func Render(ctx context.Context, opts Options) ([]emit.File, diag.List, error) {
	files, warnings, _, err := render(ctx, opts)
	return files, warnings, err
}

// counts are how many operations a generation left out and serves.
type counts struct{ filtered, endpoints int }

// render is Render that also counts the operations.
func render(ctx context.Context, opts Options) ([]emit.File, diag.List, counts, error) {
	var n counts
	if len(opts.Specs) == 0 {
		return nil, nil, n, errors.New("no spec given")
	}
	if opts.Domain != "" && len(opts.Specs) > 1 {
		return nil, nil, n, errors.New("--domain needs exactly one spec")
	}
	if err := opts.Filter.Check(); err != nil {
		return nil, nil, n, err
	}
	// Each spec is loaded and lowered in turn, so only one libopenapi model
	// is alive at a time. Lowering runs even after load errors, so one run
	// reports every problem.
	var problems diag.List
	loaded := 0
	b := build.NewBuilder(build.Options{
		Name: opts.Name, Module: opts.Module, Domain: opts.Domain, Strict: opts.Strict,
		Filter: opts.Filter, Filtered: &n.filtered,
	})
	for _, path := range opts.Specs {
		if err := ctx.Err(); err != nil {
			return nil, nil, n, err
		}
		doc, ds := load.Load(ctx, path, load.Options{AllowRemoteRefs: opts.AllowRemoteRefs})
		problems = append(problems, ds...)
		if doc != nil {
			b.Add(doc)
			loaded++
		}
	}
	if loaded == 0 {
		return nil, warningsOf(problems), n, errorsOf(problems)
	}
	api, ds := b.Finish()
	problems = append(problems, ds...)
	if problems.HasErrors() || api == nil {
		return nil, warningsOf(problems), n, errorsOf(problems)
	}
	for _, s := range api.Specs {
		for _, c := range s.Collections {
			for _, t := range c.Tags {
				n.endpoints += len(t.Endpoints)
			}
		}
	}
	replace, err := runtimeReplace(opts)
	if err != nil {
		return nil, warningsOf(problems), n, err
	}
	files, err := emit.Emit(api, emit.Options{
		Version:        swag2mcp.Version,
		RuntimeReplace: replace,
		GoMod:          swag2mcp.GoMod(),
		GoSum:          swag2mcp.GoSum(),
	})
	if err != nil {
		return nil, warningsOf(problems), n, fmt.Errorf("emit: %w", err)
	}
	return files, warningsOf(problems), n, nil
}

// runtimeReplace decides the replace target of the generated go.mod: the
// runtime checkout, relative to the output directory when it can be (so
// the output is the same on every machine with the same layout).
func runtimeReplace(opts Options) (string, error) {
	dir := opts.RuntimeDir
	if dir == "" {
		dir = swag2mcp.SourceDir()
	}
	if dir == "" {
		return "", errors.New("cannot find the swag2mcp checkout this generator was built from; pass --runtime DIR (a checkout of github.com/swag2mcp/swag2mcp)")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(filepath.Join(abs, "go.mod")); err != nil {
		return "", fmt.Errorf("runtime directory %s has no go.mod", dir)
	}
	out, err := filepath.Abs(opts.OutDir)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(out, abs)
	if err != nil {
		return filepath.ToSlash(abs), nil
	}
	rel = filepath.ToSlash(rel)
	if !strings.HasPrefix(rel, ".") {
		rel = "./" + rel // a replace path must start with ./ or ../ to name a directory
	}
	return rel, nil
}

// warningsOf returns l's warnings, less those at a place an error already
// names (the loader and the build stage can meet the same broken $ref).
func warningsOf(l diag.List) diag.List {
	type place struct {
		file      string
		line, col int
	}
	errAt := map[place]bool{}
	for _, d := range l {
		if d.Severity == diag.Error {
			errAt[place{d.File, d.Line, d.Col}] = true
		}
	}
	var out diag.List
	for _, d := range l {
		if d.Severity == diag.Warning && !errAt[place{d.File, d.Line, d.Col}] {
			out = append(out, d)
		}
	}
	out.Sort()
	return out
}

func errorsOf(l diag.List) error {
	var out diag.List
	for _, d := range l {
		if d.Severity == diag.Error {
			out = append(out, d)
		}
	}
	if len(out) == 0 {
		return errors.New("generation failed without a diagnostic")
	}
	out.Sort()
	return out
}
