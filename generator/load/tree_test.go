package load

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pb33f/libopenapi"
	"github.com/pb33f/libopenapi/datamodel"
)

// TestReadJSONInfo compares the spec info of readJSON's document with
// libopenapi's own read of the same bytes, field by field; the trees are
// compared node by node in jsontree's tests.
func TestReadJSONInfo(t *testing.T) {
	specs := map[string][]byte{
		"3.0":             []byte(`{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {}}`),
		"3.1 with $self":  []byte("{\n  \"openapi\": \"3.1.0\",\n  \"$self\": \"https://x.test/a\",\n  \"paths\": {}\n}\n"),
		"2.0 as a number": []byte(`{"swagger": 2.0, "info": {"title": "t", "version": "1"}, "paths": {}}`),
		"indented":        []byte("{\n    \"swagger\": \"2.0\",\n    \"info\": {\n        \"title\": \"t\"\n    }\n}"),
		"nested key":      []byte(`{"info": {"openapi": "3.1.0"}, "paths": {}}`),
		"value is a key":  []byte(`{"swagger": "openapi", "openapi": "3.0.0", "paths": {}}`),
	}
	cache := filepath.Join("..", "..", ".cache", "specs")
	files, _ := filepath.Glob(filepath.Join(cache, "oas-examples", "*", "json", "*.json"))
	files = append(files, filepath.Join(cache, "octokit-openapi", "generated", "api.github.com.json"),
		filepath.Join("..", "..", "golden", "testdata", "multispec", "users.json"))
	for _, f := range files {
		if data, err := os.ReadFile(f); err == nil {
			specs[filepath.Base(f)] = data
		}
	}
	read := 0
	for name, data := range specs {
		t.Run(name, func(t *testing.T) {
			cfg := datamodel.NewDocumentConfiguration()
			cfg.SkipJSONConversion = true
			want, err := libopenapi.NewDocumentWithConfiguration(data, cfg)
			got, ok := readJSON(data, cfg)
			if !ok {
				if err == nil {
					t.Logf("declined; libopenapi reads it")
				}
				return
			}
			read++
			if err != nil {
				t.Fatalf("read a spec libopenapi refuses: %v", err)
			}
			g, w := got.GetSpecInfo(), want.GetSpecInfo()
			if g.SpecType != w.SpecType || g.Version != w.Version || g.VersionNumeric != w.VersionNumeric ||
				g.SpecFormat != w.SpecFormat || g.SpecFileType != w.SpecFileType || g.NumLines != w.NumLines ||
				g.APISchema != w.APISchema || g.OriginalIndentation != w.OriginalIndentation || g.Self != w.Self ||
				g.Error != w.Error || string(*g.SpecBytes) != string(*w.SpecBytes) || got.GetVersion() != want.GetVersion() {
				t.Fatalf("spec info differs:\n got %+v\nwant %+v", g, w)
			}
		})
	}
	if read < 4 {
		t.Fatalf("readJSON read %d specs", read)
	}
}
