package emit

import (
	"bytes"
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/generator/ir"
	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

func emitFixture(t *testing.T) map[string][]byte {
	t.Helper()
	files, err := Emit(fixture(), testOptions("../swag2mcp"))
	if err != nil {
		t.Fatal(err)
	}
	m := map[string][]byte{}
	for _, f := range files {
		m[f.Path] = f.Data
	}
	return m
}

func TestEmitPaths(t *testing.T) {
	files, err := Emit(fixture(), testOptions(""))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range files {
		got = append(got, f.Path)
	}
	want := []string{"Dockerfile", "README.md", "catalog_gen.bin", "deploy/kubernetes.yaml", "go.mod", "go.sum", "main_gen.go"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("paths (-want +got):\n%s", diff)
	}
	got = nil
	for path := range emitPackage(t) {
		got = append(got, path)
	}
	slices.Sort(got)
	want = []string{"catalog_gen.bin", "client_gen.go", "main_gen.go", "meteo-2_stubs_gen.go", "petstore_stubs_gen.go"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("package mode paths (-want +got):\n%s", diff)
	}
}

// emitPackage emits the fixture in package mode, by path.
func emitPackage(t *testing.T) map[string][]byte {
	t.Helper()
	opts := testOptions("")
	opts.Package = "petmcp"
	files, err := Emit(fixture(), opts)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string][]byte{}
	for _, f := range files {
		m[f.Path] = f.Data
	}
	return m
}

func TestEmitDeterministic(t *testing.T) {
	opts := testOptions("")
	a, err := Emit(fixture(), opts)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Emit(fixture(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(a, b); diff != "" {
		t.Errorf("second emission differs (-first +second):\n%s", diff)
	}
}

func TestGoFiles(t *testing.T) {
	for pkg, files := range map[string]map[string][]byte{"main": emitFixture(t), "petmcp": emitPackage(t)} {
		for path, data := range files {
			if strings.HasSuffix(path, ".go") {
				checkGoFile(t, pkg, path, data)
			}
		}
	}
}

// checkGoFile checks one generated Go file of package pkg: its name and
// header, that it parses, and that spec text in comments is harmless.
func checkGoFile(t *testing.T, pkg, path string, data []byte) {
	t.Run(pkg+"/"+path, func(t *testing.T) {
		if !strings.HasSuffix(path, "_gen.go") {
			t.Errorf("Go file not named *_gen.go")
		}
		if !bytes.HasPrefix(data, []byte("// "+header+"\n")) {
			t.Errorf("missing header; starts %q", data[:min(len(data), 60)])
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, data, parser.ParseComments|parser.AllErrors)
		if err != nil {
			t.Fatalf("does not parse: %v", err)
		}
		// A file the user's gofmt check would flag is a chore in every
		// module that generates into its own tree (--package).
		if formatted, err := format.Source(data); err != nil || !bytes.Equal(formatted, data) {
			t.Errorf("not as gofmt writes it (err %v):\n%s", err, lineDiff(string(data), string(formatted)))
		}
		if f.Name.Name != pkg {
			t.Errorf("package %s, want %s", f.Name.Name, pkg)
		}
		for _, g := range f.Comments {
			for _, c := range g.List {
				if c.Text == "//go:embed "+dataFile && path == "main_gen.go" {
					continue // the one directive generated code has
				}
				if !strings.HasPrefix(c.Text, "// ") && c.Text != "//" {
					t.Errorf("comment %q is not a plain line comment", c.Text)
				}
				if strings.ContainsAny(c.Text, "\x00\r\u2028\u2029\u202e\ufeff") || strings.Contains(c.Text, "*/") {
					t.Errorf("comment %q holds unsafe text", c.Text)
				}
			}
		}
	})
}

// TestHostileData checks that spec text survives into the data file
// unchanged: every hostile description decodes back as written.
func TestHostileData(t *testing.T) {
	cat, _, err := catalog.Decode(string(emitFixture(t)[dataFile]))
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, tg := range cat.Tags {
		if tg.Description == hostile {
			found++
		}
	}
	for i := range cat.Len() {
		e := cat.Endpoint(i)
		for _, s := range []string{e.Summary, e.Description.String()} {
			if s == hostile {
				found++
			}
		}
	}
	// Tag description, endpoint summary and description.
	if found != 3 {
		t.Errorf("hostile text found in %d fields, want 3", found)
	}
}

var unescapedHTML = regexp.MustCompile(`(^|[^\\])[<&]`)

func TestReadme(t *testing.T) {
	md := string(emitFixture(t)["README.md"])
	for _, want := range []string{
		"<!-- " + header + " -->\n",
		"# petstore-mcp\n",
		"`PETSTORE_BASE_URL`", "`PETSTORE_API_KEY`", "`PETSTORE_BASIC_PASSWORD`",
		"`PETSTORE_OAUTH_CLIENT_SECRET`", "`METEO_2_BASE_URL`", "`METEO_2_BEARER`",
		`"METEO_2_BEARER": ""`, `"command": "/ABSOLUTE/PATH/TO/petstore-mcp"`,
		"go build -o petstore-mcp .", "`CGO_ENABLED=0 go build -trimpath -o petstore-mcp .`", "the 3 endpoints",
		"`search`", "`inspect`", "`endpoint_by_id`", "`invoke`",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("README lacks %q", want)
		}
	}
	for _, bad := range []string{"\x00", "\r", "\u202e"} {
		if strings.Contains(md, bad) {
			t.Errorf("README holds raw %q", bad)
		}
	}
	// After the header, every "<" or "&" is escaped: no HTML from spec text.
	if body := md[strings.Index(md, "\n"):]; unescapedHTML.MatchString(body) {
		t.Errorf("README holds raw HTML: %q", unescapedHTML.FindString(body))
	}
	fences := 0
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "# ") && line != "# petstore-mcp" {
			t.Errorf("spec text made a top-level heading: %q", line)
		}
		if strings.HasPrefix(line, "```") {
			fences++
		}
	}
	if fences != 6 {
		t.Errorf("README has %d fence lines, want 6 (three closed code blocks: build, config file, client config)", fences)
	}
}

// TestVersionMarker checks the lockstep rule: generated code references
// the runtime's version marker, with the upgrade advice on the line above,
// so a runtime too old to have it fails to compile right there.
func TestVersionMarker(t *testing.T) {
	for _, pkg := range []string{"", "petmcp"} {
		opts := testOptions("")
		opts.Package = pkg
		files, err := Emit(fixture(), opts)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if f.Path != "main_gen.go" {
				continue
			}
			src := string(f.Data)
			i := strings.Index(src, "\nconst _ = swagruntime."+versionMarker()+"\n")
			if i < 0 {
				t.Fatalf("package %q: main_gen.go does not reference the version marker:\n%s", pkg, src)
			}
			if !strings.Contains(src[:i], "go get github.com/swag2mcp/swag2mcp@") {
				t.Errorf("package %q: no upgrade advice above the marker", pkg)
			}
		}
	}
}

// lineDiff is the first line where a and b differ, with its number.
func lineDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range max(len(al), len(bl)) {
		x, y := "", ""
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf("line %d: %q, gofmt %q", i+1, x, y)
		}
	}
	return "no line differs"
}

// TestEndpointTitle: an operation the spec gives no summary shows its
// description's first sentence in results, or its operationId.
func TestEndpointTitle(t *testing.T) {
	for _, c := range []struct {
		e    ir.Endpoint
		want string
	}{
		{ir.Endpoint{Summary: "List pets", Description: "Every pet."}, "List pets"},
		{ir.Endpoint{Description: "Create a new public attachment. Then upload it.", OperationID: "attachmentCreate"}, "Create a new public attachment"},
		{ir.Endpoint{OperationID: "tasks_assign_create"}, "tasks_assign_create"},
	} {
		if got := endpointOf(&c.e, 0).Summary; got != c.want {
			t.Errorf("endpointOf(%+v).Summary = %q, want %q", c.e, got, c.want)
		}
	}
}
