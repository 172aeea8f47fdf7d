package invoke

import (
	_ "embed"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// draft2020 is the URL of the JSON Schema 2020-12 metaschema.
const draft2020 = "https://json-schema.org/draft/2020-12/schema"

// checkedURL is where InputSchemasCompile adds its document. The library
// validates every document against its metaschema when it is first
// compiled, except the ones under json-schema.org (its own metaschemas);
// InputSchemasCompile has validated each part of its document already, so
// the document is put there to be compiled without doing it again. Should
// a later release validate it anyway, the check only gets slower.
const checkedURL = "https://json-schema.org/swag2mcp/input-schemas.json"

// InputSchemasCompile reports whether every endpoint of eps (of spec)
// would pass CompileInputSchema, at a fraction of its cost. The compiler
// checks a document against the 2020-12 metaschema, then compiles it;
// CompileInputSchema does both for each endpoint with the defs it
// reaches, so a def used by many endpoints is checked and compiled many
// times. Here each def and each endpoint's schema is decoded and checked
// against the metaschema once, in parallel, and one document holding them
// all is compiled, so each def is compiled once. A document that compiles
// means each endpoint's does (it holds the same schemas and only the defs
// they reach); on false, call CompileInputSchema per endpoint for the
// reasons.
//
// The compilation, which is serial, runs beside the metaschema check
// rather than after it: the answer is true only when both pass, so what
// the compiler makes of a part the check would refuse never counts (on
// Graph beta's 12,945 distinct schemas this took the check's 1 s of
// metaschema work off the end of generation).
func InputSchemasCompile(spec *catalog.Spec, eps []*catalog.Endpoint) bool {
	parts := checkParts(spec, eps)
	var failed atomic.Bool // any step's refusal stops the others
	eachPart(parts, &failed, (*checkPart).decode)
	if failed.Load() {
		return false
	}
	var wg sync.WaitGroup
	wg.Go(func() { eachPart(parts, &failed, (*checkPart).conform) })
	if !compileParts(parts, eps, &failed) {
		failed.Store(true)
	}
	wg.Wait()
	return !failed.Load()
}

// checkParts lists the defs eps reach, each once, then eps' own schemas.
func checkParts(spec *catalog.Spec, eps []*catalog.Endpoint) []checkPart {
	seen := map[string]bool{}
	var parts []checkPart
	for _, e := range eps {
		for _, i := range e.Defs {
			if i < 0 || i >= len(spec.Defs) {
				continue
			}
			d := spec.Defs[i]
			if seen[d.Name] {
				continue
			}
			seen[d.Name] = true
			parts = append(parts, checkPart{name: d.Name, text: d.Schema.String()})
		}
	}
	for _, e := range eps {
		// A def name never holds ':' (see generator/jsonschema), so no key clashes.
		parts = append(parts, checkPart{name: "endpoint:" + e.ID, text: e.InputSchema.String(), object: true})
	}
	return parts
}

// compileParts compiles one document of the decoded parts and each
// endpoint's schema in it, until failed is set; it reports whether all
// compiled.
func compileParts(parts []checkPart, eps []*catalog.Endpoint, failed *atomic.Bool) (ok bool) {
	defs := make(map[string]any, len(parts))
	for _, p := range parts {
		defs[p.name] = p.doc
	}
	// The metaschema check is what keeps the compiler's keyword readers
	// from meeting a value of the wrong type, and it may not have reached
	// that part yet: should one panic, the answer is false and the caller
	// finds the reason the slow way.
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	comp, err := newCompiler(checkedURL, map[string]any{"$defs": defs})
	if err != nil {
		return false
	}
	for _, e := range eps {
		if failed.Load() {
			return false
		}
		if _, err := comp.Compile(checkedURL + "#/$defs/endpoint:" + e.ID); err != nil {
			return false
		}
	}
	return true
}

// checkPart is one def or endpoint schema of InputSchemasCompile.
type checkPart struct {
	name, text string
	object     bool // must decode to an object (an endpoint's schema)
	doc        any  // set by decode
}

// eachPart runs step on every part, spread over the processors, until a
// step returns false or failed is set; a false sets failed.
func eachPart(parts []checkPart, failed *atomic.Bool, step func(*checkPart) bool) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for !failed.Load() {
				i := int(next.Add(1)) - 1
				if i >= len(parts) {
					return
				}
				if !step(&parts[i]) {
					failed.Store(true)
				}
			}
		})
	}
	wg.Wait()
}

// decode decodes p's text.
func (p *checkPart) decode() bool {
	v, err := decodeJSON([]byte(p.text))
	if err != nil {
		return false
	}
	if _, isObject := v.(map[string]any); p.object && !isObject {
		return false
	}
	p.doc = v
	return true
}

// conform checks the decoded p against the 2020-12 metaschema as the
// compiler would.
func (p *checkPart) conform() bool {
	meta, err := metaschema()
	return err == nil && meta.Validate(p.doc) == nil
}

// metaschemaJSON is JSON Schema 2020-12's metaschema flattened into one
// schema: the seven vocabulary metaschemas' properties (their names are
// disjoint) and $defs side by side instead of an allOf of references, each
// "$dynamicRef": "#meta" a "$ref": "#" (the dynamic scope of a check
// against the whole metaschema always resolves it to the whole), the
// annotations left out. It accepts what the official one does (see
// TestFlatMetaschema) at a quarter of the cost: the library walks one
// schema per subschema of the checked document instead of eight.
//
//go:embed metaschema.json
var metaschemaJSON []byte

// metaschemaURL is where metaschema adds metaschemaJSON.
const metaschemaURL = "mem:///swag2mcp/metaschema-2020-12.json"

// metaschema is the 2020-12 metaschema compiled as the compiler checks
// documents against it: formats asserted, "regex" read by the validator's
// engine (compilePattern) rather than Go's regexp. It is compiled on the
// first call only (with the official metaschema it declares, a few
// milliseconds: the whole check of a small spec); a compiled schema is
// never modified and safe for concurrent use.
var metaschema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	return compileMetaschema(metaschemaJSON, metaschemaURL)
})

// compileMetaschema compiles the metaschema doc at url for checking
// schemas as the compiler does.
func compileMetaschema(doc []byte, url string) (*jsonschema.Schema, error) {
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	c.UseRegexpEngine(compilePattern)
	if doc != nil {
		v, err := decodeJSON(doc)
		if err != nil {
			return nil, err
		}
		if err := c.AddResource(url, v); err != nil {
			return nil, err
		}
	}
	return c.Compile(url)
}
