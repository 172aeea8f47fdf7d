package emit

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
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
	want := []string{"README.md", "catalog_gen.go", "go.mod", "go.sum", "main_gen.go", "meteo-2_stubs_gen.go", "petstore_stubs_gen.go"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("paths (-want +got):\n%s", diff)
	}
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
	for path, data := range emitFixture(t) {
		if !strings.HasSuffix(path, ".go") {
			continue
		}
		t.Run(path, func(t *testing.T) {
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
			if f.Name.Name != "main" {
				t.Errorf("package %s, want main", f.Name.Name)
			}
			for _, g := range f.Comments {
				for _, c := range g.List {
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
}

// TestHostileLiterals checks that spec text survives into string literals
// unchanged: every hostile description comes back by strconv.Unquote.
func TestHostileLiterals(t *testing.T) {
	data := emitFixture(t)["catalog_gen.go"]
	f, err := parser.ParseFile(token.NewFileSet(), "catalog_gen.go", data, 0)
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil {
			t.Errorf("literal %s: %v", lit.Value, err)
		}
		if s == hostile {
			found++
		}
		return true
	})
	// Tag description, endpoint summary and description.
	if found != 3 {
		t.Errorf("hostile text found in %d literals, want 3", found)
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
		"go build -o petstore-mcp .", "the 3 endpoints",
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
