package load

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// writeFiles writes name → contents into dir, creating folders.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

const petstore30 = `openapi: 3.0.3
info: {title: Petstore, version: "1"}
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Pets"}
components:
  schemas:
    Pet:
      type: object
      properties:
        children: {$ref: "#/components/schemas/Pets"}
    Pets:
      type: array
      items: {$ref: "#/components/schemas/Pet"}
`

// largeComponents is a spec with n schemas S0…S{n-1} and an operation
// whose response schema refers to S{n-1} (which resolves), to Nope twice
// and to a missing child of S{n-1}.
func largeComponents(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    get:
      responses:
        "200":
          description: ok
          content: {application/json: {schema: {oneOf: [
            {$ref: "#/components/schemas/S%d"}, {$ref: "#/components/schemas/Nope"},
            {$ref: "#/components/schemas/S%d/items"},
            {$ref: "#/components/schemas/Nope"}]}}}
components:
  schemas:
`, n-1, n-1)
	for i := range n {
		fmt.Fprintf(&b, "    S%d: {type: string}\n", i)
	}
	return b.String()
}

func TestLoad(t *testing.T) {
	tests := []struct {
		name    string
		files   map[string]string
		spec    string // file to load; "spec.yaml" when empty
		opts    Options
		version string // want on success
		v2      bool
		diags   []string
	}{
		{name: "openapi 3.0 with cycles", files: map[string]string{"spec.yaml": petstore30}, version: "3.0.3"},
		{
			name: "required cycle is accepted",
			files: map[string]string{"spec.yaml": `openapi: 3.0.3
info: {title: t, version: "1"}
paths: {}
components:
  schemas:
    A: {type: object, required: [b], properties: {b: {$ref: "#/components/schemas/B"}}}
    B: {type: object, required: [a], properties: {a: {$ref: "#/components/schemas/A"}}}
`},
			version: "3.0.3",
		},
		{
			name: "openapi 3.1 json",
			spec: "spec.json",
			files: map[string]string{"spec.json": `{"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
 "paths": {"/a": {"get": {"responses": {"200": {"description": "ok"}}}}}}`},
			version: "3.1.0",
		},
		{
			name: "swagger 2.0",
			files: map[string]string{"spec.yaml": `swagger: "2.0"
info: {title: t, version: "1"}
paths:
  /a:
    get:
      responses:
        200: {description: ok, schema: {$ref: "#/definitions/X"}}
definitions:
  X: {type: string}
`},
			version: "2.0",
			v2:      true,
		},
		{
			name: "two files",
			files: map[string]string{
				"spec.yaml": `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    get:
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: "schemas/pet.yaml#/Pet"}
`,
				"schemas/pet.yaml": "Pet:\n  type: object\n  properties:\n    tag: {$ref: '#/Tag'}\nTag: {type: string}\n",
			},
			version: "3.0.3",
		},
		{
			name:  "unsupported version",
			files: map[string]string{"spec.yaml": "openapi: 4.0.0\ninfo: {title: t, version: '1'}\npaths: {}\n"},
			diags: []string{`spec.yaml:1:10: unsupported openapi version "4.0.0": want 3.0.x or 3.1.x`},
		},
		{
			name:  "unsupported swagger version",
			files: map[string]string{"spec.yaml": "info: {title: t}\nswagger: '1.2'\n"},
			diags: []string{`spec.yaml:2:10: unsupported swagger version "1.2": want 2.0`},
		},
		{
			name:  "no version",
			files: map[string]string{"spec.yaml": "info: {title: t}\npaths: {}\n"},
			diags: []string{`spec.yaml:1:1: not an OpenAPI description: no "openapi" or "swagger" field`},
		},
		{
			name:  "bad yaml",
			files: map[string]string{"spec.yaml": "openapi: 3.0.3\ninfo: [\n"},
			diags: []string{`spec.yaml:3:1: go-yaml load error in parser (while parsing a flow node): did not find expected node content`},
		},
		{
			name:  "missing file",
			spec:  "nope.yaml",
			diags: []string{`nope.yaml: no such file or directory`},
		},
		{
			name: "bad json",
			spec: "spec.json",
			files: map[string]string{"spec.json": "{\"openapi\": \"3.0.3\", \"info\": {\"title\": \"x\", \"version\": \"1\"},\n" +
				" \"paths\": {\n  \"/a\": {\"get\": {\"responses\": {\"200\": {\"description\": \"ök\"}}}},\n }\n}\n"},
			diags: []string{`spec.json:4:2: invalid JSON: invalid character '}' looking for beginning of object key string`},
		},
		{
			name:  "a drive letter is a path, not a URL",
			files: map[string]string{"spec.yaml": specWithRef("c:pet.yaml#/Pet")},
			diags: []string{`spec.yaml:11:30: reference "c:pet.yaml#/Pet": file c:pet.yaml does not exist`},
		},
		{
			name: "broken references",
			files: map[string]string{
				"spec.yaml": `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    get:
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: "https://example.com/x.yaml#/Foo"}
        "400":
          $ref: "#/components/responses/Gone"
        "404":
          description: nf
          content:
            application/json:
              schema: {$ref: "../outside.yaml"}
        "500":
          description: err
          content:
            application/json:
              schema: {$ref: "missing.yaml#/X"}
        "503":
          description: err
          content:
            application/json:
              schema: {$ref: "other.yaml#/Nope"}
`,
				"other.yaml": "Yes: {type: string}\nBad: {$ref: '#/Gone'}\n",
			},
			diags: []string{
				`other.yaml:2:13: reference "#/Gone" does not resolve: "Gone" not found`,
				`spec.yaml:11:30: remote reference "https://example.com/x.yaml#/Foo" refused; pass --allow-remote-refs to fetch it`,
				`spec.yaml:13:17: reference "#/components/responses/Gone" does not resolve: "components" not found`,
				`spec.yaml:18:30: reference "../outside.yaml" points outside the spec's folder; only files inside it may be referenced`,
				`spec.yaml:23:30: reference "missing.yaml#/X": file missing.yaml does not exist`,
				`spec.yaml:28:30: reference "other.yaml#/Nope" does not resolve: "Nope" not found`,
			},
		},
		{
			// A mapping of 32 keys or more is looked up through an index,
			// and a pointer met again through a cache: each reference
			// still gets its own diagnostic.
			name:  "references into a large mapping",
			files: map[string]string{"spec.yaml": largeComponents(40)},
			diags: []string{
				`spec.yaml:10:56: reference "#/components/schemas/Nope" does not resolve: "Nope" not found`,
				`spec.yaml:11:20: reference "#/components/schemas/S39/items" does not resolve: "items" not found`,
				`spec.yaml:12:20: reference "#/components/schemas/Nope" does not resolve: "Nope" not found`,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, tt.files)
			t.Chdir(dir)
			spec := tt.spec
			if spec == "" {
				spec = "spec.yaml"
			}
			doc, diags := Load(context.Background(), spec, tt.opts)
			diags.Sort()
			var got []string
			for _, d := range diags {
				got = append(got, d.String())
			}
			if diff := cmp.Diff(tt.diags, got); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
			if tt.diags != nil {
				return // a document may still come back, for the build stage to find more
			}
			if doc == nil {
				t.Fatal("no document")
			}
			if doc.Version != tt.version || doc.Path != spec {
				t.Errorf("Version, Path = %q, %q; want %q, %q", doc.Version, doc.Path, tt.version, spec)
			}
			if (doc.V2 != nil) != tt.v2 || (doc.V3 != nil) == tt.v2 {
				t.Errorf("V2 set %v, V3 set %v; want V2 %v", doc.V2 != nil, doc.V3 != nil, tt.v2)
			}
		})
	}
}

// TestRemoteRefsNeverFetched checks that a spec cannot make the loader
// fetch a URL unless remote references are allowed.
func TestRemoteRefsNeverFetched(t *testing.T) {
	var fetched atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fetched.Add(1)
		io.WriteString(w, "Pet: {type: string}\n")
	}))
	defer srv.Close()
	spec := specWithRef(srv.URL + "/pet.yaml#/Pet")
	for _, allow := range []bool{false, true} {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"spec.yaml": spec})
		before := fetched.Load()
		_, diags := Load(context.Background(), filepath.Join(dir, "spec.yaml"), Options{AllowRemoteRefs: allow})
		n := fetched.Load() - before
		if !allow && (n != 0 || !diags.HasErrors()) {
			t.Errorf("remote refs refused: %d fetches, diagnostics %v; want none and an error", n, diags)
		}
		if allow && (n == 0 || diags.HasErrors()) {
			t.Errorf("remote refs allowed: %d fetches, diagnostics %v; want the file fetched", n, diags)
		}
	}
}

// TestRefInExampleIsData checks that the reference checker leaves "$ref"
// keys inside examples alone: they are data, not references.
func TestRefInExampleIsData(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"spec.yaml": `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /a:
    get:
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {type: object}
              example: {$ref: "#/nowhere"}
`})
	_, diags := Load(context.Background(), filepath.Join(dir, "spec.yaml"), Options{})
	for _, d := range diags {
		if strings.Contains(d.Msg, "does not resolve") {
			t.Errorf("the example's $ref was checked as a reference: %s", d)
		}
	}
}

// TestRemoteRefFailures checks that with --allow-remote-refs a document
// that cannot be fetched is reported at its $ref with the real cause, not
// as a component that does not exist.
func TestRemoteRefFailures(t *testing.T) {
	missing := httptest.NewServer(http.NotFoundHandler())
	defer missing.Close()
	closed := httptest.NewServer(http.NotFoundHandler())
	refused := closed.URL
	closed.Close()
	tests := []struct {
		name, base, want string
	}{
		{"refused", refused, "connection refused"},
		{"not found", missing.URL, "the server answered 404 Not Found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			ref := tt.base + "/schemas.yaml#/Pet"
			writeFiles(t, dir, map[string]string{"spec.yaml": "openapi: 3.0.3\ninfo: {title: r, version: \"1\"}\npaths:\n" +
				"  /pets:\n    get:\n      responses:\n        \"200\":\n          description: ok\n          content:\n" +
				"            application/json:\n              schema:\n                $ref: \"" + ref + "\"\n"})
			t.Chdir(dir)
			_, diags := Load(context.Background(), "spec.yaml", Options{AllowRemoteRefs: true})
			var got []string
			for _, d := range diags {
				got = append(got, d.String())
			}
			if len(got) != 1 || !strings.HasPrefix(got[0], `spec.yaml:12:23: remote reference "`+ref+`": cannot fetch `) ||
				!strings.Contains(got[0], tt.want) {
				t.Errorf("diagnostics %q; want one at the $ref saying %q", got, tt.want)
			}
		})
	}
}
