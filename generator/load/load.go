// Package load reads OpenAPI descriptions (Swagger 2.0, OpenAPI 3.0 and 3.1,
// YAML or JSON, with local file references) into libopenapi's models and
// reports every problem it finds with its file, line and column.
package load

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime/trace"

	"github.com/pb33f/go-yaml"
	"github.com/pb33f/libopenapi"
	"github.com/pb33f/libopenapi/datamodel"
	v2high "github.com/pb33f/libopenapi/datamodel/high/v2"
	v3high "github.com/pb33f/libopenapi/datamodel/high/v3"
	"github.com/pb33f/libopenapi/index"

	"github.com/swag2mcp/swag2mcp/generator/diag"
	"github.com/swag2mcp/swag2mcp/generator/jsonschema"
)

// Options change how a spec is read.
type Options struct {
	// AllowRemoteRefs lets $refs fetch documents over the network; when
	// false such a $ref is an error.
	AllowRemoteRefs bool
}

// Doc is one loaded spec. Exactly one of V2 and V3 is set.
type Doc struct {
	Path    string // as given, for messages
	Version string // the swagger or openapi field: "2.0", "3.0.3", "3.1.0", …
	V2      *v2high.Swagger
	V3      *v3high.Document
	Dialect jsonschema.Dialect
	Index   *index.SpecIndex // libopenapi's index of the root file, for schema rendering

	paths        *yaml.Node // the paths object whose items PathsV2 or PathsV3 builds
	refsReported bool       // the reference checker explained unresolvable references
}

// Load reads the spec at path. It returns the document, or nil when errors
// prevent building a model, and every problem found. A document comes back
// with errors when libopenapi could still build a model; callers must check
// the diagnostics. It never panics.
func Load(ctx context.Context, path string, opts Options) (doc *Doc, diags diag.List) {
	if err := ctx.Err(); err != nil {
		diags.Errorf(path, 0, 0, "%v", err)
		return nil, diags
	}
	data, err := os.ReadFile(path)
	if err != nil {
		diags.Errorf(path, 0, 0, "%v", readProblem(err))
		return nil, diags
	}
	return loadBytes(ctx, path, data, opts)
}

// loadBytes does Load's work on the file's contents.
func loadBytes(ctx context.Context, path string, data []byte, opts Options) (doc *Doc, diags diag.List) {
	defer func() {
		if r := recover(); r != nil {
			doc = nil
			diags.Errorf(path, 0, 0, "the OpenAPI parser failed on this file: %v", r)
		}
	}()
	abs, err := filepath.Abs(path)
	if err != nil {
		diags.Errorf(path, 0, 0, "%v", err)
		return nil, diags
	}
	dir := filepath.Dir(abs)
	// References are confined to the folder the spec really lies in, so a
	// symbolic link inside it cannot lead out of it.
	realDir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		diags.Errorf(path, 0, 0, "%v", readProblem(err))
		return nil, diags
	}

	cfg := datamodel.NewDocumentConfiguration()
	// libopenapi logs to stdout by default; stdout belongs to the caller.
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	cfg.BasePath = dir
	cfg.SpecFilePath = abs
	cfg.AllowFileReferences = true
	cfg.AllowRemoteReferences = opts.AllowRemoteRefs
	cfg.LocalFS = newConfinedFS(dir, realDir)
	// What the generator does not use, skipped for speed (on GitHub's spec
	// the three halve the loader's CPU time): libopenapi's circular
	// reference analysis (the schema renderer breaks cycles itself and the
	// build stage ignores circular errors), its JSON copy of the document
	// and its diagnostic metadata (descriptions, enums, paths).
	cfg.SkipCircularReferenceCheck = true
	cfg.SkipJSONConversion = true
	cfg.SkipMetadataCollection = true
	fetcher := newRemoteFetcher(ctx)
	if opts.AllowRemoteRefs {
		cfg.RemoteURLHandler = fetcher.fetch
	}

	r := trace.StartRegion(ctx, "load.parse")
	ld, syntax, err := parse(path, data, cfg)
	r.End()
	if len(syntax) > 0 {
		return nil, append(diags, syntax...)
	}
	if err != nil {
		return nil, parseProblems(path, data, err)
	}
	info := ld.GetSpecInfo()
	version, dialect, ok := checkVersion(path, info.RootNode, &diags)
	if !ok {
		return nil, diags
	}
	r = trace.StartRegion(ctx, "load.refs")
	refs := checkRefs(ctx, path, dir, realDir, info.RootNode, opts)
	r.End()
	diags = append(diags, refs.diags...)

	doc = &Doc{Path: path, Version: version, Dialect: dialect}
	r = trace.StartRegion(ctx, "load.model")
	defer r.End()
	var buildErr error
	var paths *yaml.Node
	restore := func() {}
	if dialect != jsonschema.Swagger2 {
		dropExamples(info.RootNode)
	}
	if !refs.intoPaths {
		paths, restore = hidePaths(info.RootNode, !refs.external)
	}
	if dialect == jsonschema.Swagger2 {
		m, err := ld.BuildV2Model()
		buildErr = err
		if m != nil {
			doc.V2, doc.Index, doc.paths = &m.Model, m.Index, paths
		}
	} else {
		m, err := ld.BuildV3Model()
		buildErr = err
		if m != nil {
			doc.V3, doc.Index, doc.paths = &m.Model, m.Index, paths
		}
	}
	restore()
	fetchDiags := fetchProblems(refs.remoteRefs, fetcher)
	diags = append(diags, fetchDiags...)
	doc.refsReported = len(refs.diags)+len(fetchDiags) > 0
	diags = append(diags, buildProblems(path, buildErr, doc.refsReported)...)
	if doc.V2 == nil && doc.V3 == nil && !diags.HasErrors() {
		diags.Errorf(path, 0, 0, "the OpenAPI parser built no model for this file")
	}
	if doc.V2 == nil && doc.V3 == nil {
		return nil, diags
	}
	// A model with errors is still returned, so the build stage can report
	// the problems it finds too: one run shows every problem.
	return doc, diags
}

// parse reads data into libopenapi's document: a JSON spec on every core
// (readJSON); anything else, and JSON readJSON declines, with libopenapi's
// parser. A JSON file must be JSON: the YAML parser libopenapi falls back
// to accepts more (trailing commas, comments), and its JSON errors carry
// no position, which encoding/json's offset gives. That check (jsonSyntax)
// runs on another core while the parser, which uses one, reads the same
// bytes. A syntax error wins over whatever the parser returned or panicked
// with.
func parse(path string, data []byte, cfg *datamodel.DocumentConfiguration) (ld libopenapi.Document, syntax diag.List, err error) {
	if ld, ok := readJSON(data, cfg); ok {
		return ld, nil, nil // jsontree reads only valid JSON
	}
	done := make(chan diag.List, 1)
	go func() {
		var d diag.List
		if line, col, msg, ok := jsonSyntax(data); ok {
			d.Errorf(path, line, col, "invalid JSON: %s", msg)
		}
		done <- d
	}()
	defer func() {
		if syntax = <-done; len(syntax) > 0 {
			recover() // the parser's failure on a file that is not JSON is no news
			ld, err = nil, nil
		}
	}()
	ld, err = libopenapi.NewDocumentWithConfiguration(data, cfg)
	return ld, nil, err
}

// readProblem is why the spec file itself could not be read: the
// diagnostic names the file already, so only the reason.
func readProblem(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// fetchProblems reports each remote reference whose document could not be
// fetched, at the reference, with the cause.
func fetchProblems(refs []remoteRef, f *remoteFetcher) diag.List {
	var diags diag.List
	for _, r := range refs {
		if err := f.failure(r.document); err != nil {
			diags.Errorf(r.file, r.line, r.col, "remote reference %q: cannot fetch %s: %v", r.ref, r.document, err)
		}
	}
	return diags
}

// parseYAML parses data into a document node, for when libopenapi's own
// parse is not available.
func parseYAML(data []byte) (*yaml.Node, error) {
	var n yaml.Node
	if err := yaml.Unmarshal(data, &n); err != nil {
		return nil, err
	}
	return &n, nil
}
