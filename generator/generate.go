// Package generator turns OpenAPI specs into the Go module of an MCP server:
// load → build → emit, then the files are written atomically.
package generator

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime/trace"
	"sync"

	"github.com/swag2mcp/swag2mcp"
	"github.com/swag2mcp/swag2mcp/generator/build"
	"github.com/swag2mcp/swag2mcp/generator/diag"
	"github.com/swag2mcp/swag2mcp/generator/emit"
	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/generator/load"
	"github.com/swag2mcp/swag2mcp/runtime/filter"
)

// Options configures one generation.
type Options struct {
	Specs  []string // spec file paths, in order
	OutDir string   // output directory
	Name   string   // server name; default "{first domain}-mcp"
	Module string   // Go module path of a standalone module; default Name
	// Domains override the domain derived from a spec's file name, keyed by
	// the spec's path exactly as in Specs.
	Domains         map[string]string
	Strict          bool // unsupported operations are errors, not warnings
	AllowRemoteRefs bool // fetch $refs to remote URLs
	// Package, when set, writes a package of that name into the user's
	// module instead of a standalone module (see emit.Options.Package).
	Package string
	// RuntimeDir, when set, is a swag2mcp checkout the generated go.mod
	// replaces the runtime with (development, tests, goldens). Without it a
	// standalone module requires the published runtime of Build's version.
	RuntimeDir string
	// Build is the swag2mcp release the output requires; nil means the
	// running binary's (swag2mcp.CurrentBuild).
	Build *swag2mcp.Build
	// Filter chooses which operations the server exposes (--include-tag,
	// --exclude-method, …); the others are not emitted at all.
	Filter filter.Rules
}

// Result reports what a generation wrote and the warnings it gave.
type Result struct {
	Files    []string  // paths written, relative to OutDir, sorted
	Warnings diag.List // skipped operations and other non-fatal problems
	Filtered int       // operations left out by Options.Filter
	// Name is the server's name (for the binary of `swag2mcp build`).
	Name string
	// Endpoints is how many operations the server has.
	Endpoints int
	// Notes are hints about the output's surroundings, such as a user's
	// go.mod that does not require the runtime yet (package mode).
	Notes []string
}

// Generate runs the pipeline and writes the module into opts.OutDir. A spec
// problem returns a diag.List as error (every problem found, located);
// other failures are plain errors. Stale *_gen.go files are removed; files
// of the user's are never touched.
func Generate(ctx context.Context, opts Options) (*Result, error) {
	files, res, err := render(ctx, opts)
	if err != nil {
		return res, err
	}
	if err := writeModule(opts.OutDir, files); err != nil {
		return res, err
	}
	for _, f := range files {
		res.Files = append(res.Files, f.Path)
	}
	if opts.Package != "" {
		res.Notes = packageNotes(opts.OutDir, opts.build())
	}
	return res, nil
}

// Render runs the pipeline in memory and returns the module's files.
// opts.OutDir is only used to make the runtime replace path relative.
func Render(ctx context.Context, opts Options) ([]emit.File, diag.List, error) {
	files, res, err := render(ctx, opts)
	return files, res.Warnings, err
}

// Validate runs every stage but emission and writes nothing: it reports
// the problems Generate would, errors as a diag.List, warnings in Result.
func Validate(ctx context.Context, opts Options) (*Result, error) {
	if err := CheckOptions(opts); err != nil {
		return &Result{}, err
	}
	_, res, err := lower(ctx, opts, nil)
	return res, err
}

// render is Render that also returns what Generate reports. The result is
// never nil.
func render(ctx context.Context, opts Options) ([]emit.File, *Result, error) {
	if err := CheckOptions(opts); err != nil {
		return nil, &Result{}, err
	}
	// Before any spec is read: a development build that cannot say which
	// runtime to require should fail in one line, not after the work.
	rt, err := runtimeOf(opts)
	if err != nil {
		return nil, &Result{}, err
	}
	var files []emit.File
	_, res, err := lower(ctx, opts, func(api *ir.API) (err error) {
		files, err = emit.Emit(api, emit.Options{Version: serverVersion(opts), Package: opts.Package, Runtime: rt})
		if err != nil {
			return fmt.Errorf("emit: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, res, err
	}
	return files, res, nil
}

// lower loads and lowers every spec into one API. Each spec is loaded and
// lowered in turn, so only one libopenapi model is alive at a time.
// Lowering runs even after load errors, so one run reports every problem.
// When lowering found no error, alongside (if not nil) runs on the API
// while its input schemas are compiled (build.Builder.Check, the largest
// cost on giant specs); the API is returned only when both succeed.
func lower(ctx context.Context, opts Options, alongside func(*ir.API) error) (*ir.API, *Result, error) {
	res := &Result{}
	if len(opts.Specs) == 0 {
		return nil, res, errors.New("no spec given")
	}
	filtered := 0
	b := build.NewBuilder(build.Options{
		Name: opts.Name, Module: opts.Module, Domains: opts.Domains, Strict: opts.Strict,
		Filter: opts.Filter, Filtered: &filtered, TypedAPI: opts.Package != "",
	})
	size := specBytes(opts.Specs)
	useHugePages(size)
	relax := collectEarly(size, os.Getenv("GOGC") != "")
	problems, loaded, err := addSpecs(ctx, opts, b)
	relax()
	if err != nil {
		return nil, res, err
	}
	if loaded == 0 {
		res.Warnings = warningsOf(problems)
		return nil, res, errorsOf(problems)
	}
	r := trace.StartRegion(ctx, "collectModels")
	restore := collectModels()
	r.End()
	defer restore()
	r = trace.StartRegion(ctx, "finish")
	api, ds := b.Finish()
	r.End()
	problems = append(problems, ds...)
	var done sync.WaitGroup
	var alongsideErr error
	if alongside != nil && api != nil && !problems.HasErrors() {
		done.Go(func() { trace.WithRegion(ctx, "emit", func() { alongsideErr = alongside(api) }) })
	}
	trace.WithRegion(ctx, "check", func() { problems = append(problems, b.Check()...) })
	done.Wait()
	res.Warnings, res.Filtered = warningsOf(problems), filtered
	if problems.HasErrors() || api == nil {
		return nil, res, errorsOf(problems)
	}
	if alongsideErr != nil {
		return nil, res, alongsideErr
	}
	res.Name, res.Endpoints = api.Name, countEndpoints(api)
	return api, res, nil
}

// addSpecs loads each spec in turn and lowers it into b, and says how many
// loaded; err is set only when ctx ends.
func addSpecs(ctx context.Context, opts Options, b *build.Builder) (problems diag.List, loaded int, err error) {
	for _, path := range opts.Specs {
		if err := ctx.Err(); err != nil {
			return problems, loaded, err
		}
		r := trace.StartRegion(ctx, "load")
		doc, ds := load.Load(ctx, path, load.Options{AllowRemoteRefs: opts.AllowRemoteRefs})
		r.End()
		r = trace.StartRegion(ctx, "lower")
		problems = append(problems, ds...)
		if doc != nil {
			b.Add(doc)
			loaded++
		}
		r.End()
	}
	return problems, loaded, nil
}

// countEndpoints counts api's endpoints.
func countEndpoints(api *ir.API) int {
	n := 0
	for _, s := range api.Specs {
		for _, c := range s.Collections {
			for _, t := range c.Tags {
				n += len(t.Endpoints)
			}
		}
	}
	return n
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
