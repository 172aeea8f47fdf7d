package spill

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// petsJSON is a small response with the shapes the tools care about.
const petsJSON = `{
  "total": 5,
  "next": null,
  "items": [
    {"id": 1, "name": "Rex", "tags": ["dog"], "price": 12.5, "note": ""},
    {"id": 2, "name": "Tom", "tags": [], "price": 3, "owner": {"name": "Ann"}},
    {"id": 3, "name": "Kit", "tags": ["cat", "small"], "price": 30},
    {"id": 4, "name": "Bo", "tags": ["dog"], "price": 8},
    {"id": 5, "name": "Zed", "tags": ["fish"], "price": 1}
  ]
}`

func TestOutlineJSON(t *testing.T) {
	w := newTestWorkspace(t, Options{})
	f := store(t, w, "application/json", petsJSON)
	got, err := w.Outline(f.Name)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`$: object {3 keys}`,
		`$.total: number e.g. 5`,
		`$.next: null e.g. null`,
		`$.items: array [5 items]`,
		`$.items[*]: object ×5 {6 keys}`,
		`$.items[*].id: number ×5 e.g. 1, 2, 3`,
		`$.items[*].name: string ×5 e.g. "Rex", "Tom", "Kit"`,
		`$.items[*].tags: array ×5 [0 to 2 items]`,
		`$.items[*].tags[*]: string ×5 e.g. "dog", "cat", "small"`,
		`$.items[*].price: number ×5 e.g. 12.5, 3, 30`,
		`$.items[*].note: string ×1 of 5 e.g. ""`,
		`$.items[*].owner: object ×1 of 5 {1 keys}`,
		`$.items[*].owner.name: string e.g. "Ann"`,
	}
	if diff := cmp.Diff(want, got.Outline); diff != "" {
		t.Errorf("outline (-want +got):\n%s", diff)
	}
	if got.Format != "json" || got.Size != int64(len(petsJSON)) || got.Path != f.Path || got.Message != "" {
		t.Errorf("info = %+v", got.Info)
	}
}

func TestOutlineBounded(t *testing.T) {
	// An object with many distinct keys, deep nesting and long strings.
	var b strings.Builder
	b.WriteString(`{"wide":{`)
	for i := range 5000 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"k` + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + `_` + fmtInt(i) + `":{"a":"` + strings.Repeat("v", 500) + `","b":1,"c":[1]}`)
	}
	b.WriteString(`},"deep":` + strings.Repeat(`[`, 100) + strings.Repeat(`]`, 100) + `}`)
	w := newTestWorkspace(t, Options{})
	f := store(t, w, "application/json", b.String())
	got, err := w.Outline(f.Path)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Truncated || len(got.Outline) > outlineMaxLines {
		t.Errorf("outline has %d lines, truncated %v; want at most %d and truncated", len(got.Outline), got.Truncated, outlineMaxLines)
	}
	enc, _ := json.Marshal(got)
	if len(enc) > 64<<10 {
		t.Errorf("outline is %d bytes, want it bounded", len(enc))
	}
	if !strings.Contains(got.Outline[1], "{5000 keys, 4900 not listed}") {
		t.Errorf("wide line = %q, want the key count and how many are not listed", got.Outline[1])
	}
}

func fmtInt(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

func TestOutlineTextAndBinary(t *testing.T) {
	w := newTestWorkspace(t, Options{})
	var lines []string
	for i := range 30 {
		lines = append(lines, "line "+fmtInt(i)+strings.Repeat(" x", i))
	}
	text := store(t, w, "text/plain", strings.Join(lines, "\n")+"\n")
	got, err := w.Outline(text.Name)
	if err != nil {
		t.Fatal(err)
	}
	if got.Format != "text" || got.LineCount != 30 || len(got.Head) != textHeadLines || got.Head[2] != "line 2 x x" || !got.Truncated {
		t.Errorf("text outline = %+v", got)
	}
	pdf := store(t, w, "application/pdf", "%PDF-1.7\n\x00\xff\xfe binary")
	got, err = w.Outline(pdf.Name)
	if err != nil {
		t.Fatal(err)
	}
	if got.Format != "binary" || got.MediaType != "application/pdf" || got.Head != nil || got.Outline != nil || got.Message == "" {
		t.Errorf("binary outline = %+v", got)
	}
}

func TestCompress(t *testing.T) {
	w := newTestWorkspace(t, Options{})
	f := store(t, w, "application/json", petsJSON)
	tests := []struct{ mode, want string }{
		{ModeCompact, `{"total":5,"next":null,"items":[{"id":1,"name":"Rex","tags":["dog"],"price":12.5,"note":""},` +
			`{"id":2,"name":"Tom","tags":[],"price":3,"owner":{"name":"Ann"}},{"id":3,"name":"Kit","tags":["cat","small"],"price":30},` +
			`{"id":4,"name":"Bo","tags":["dog"],"price":8},{"id":5,"name":"Zed","tags":["fish"],"price":1}]}`},
		{ModeSample, `{"total":5,"next":null,"items":[{"id":1,"name":"Rex","tags":["dog"],"price":12.5,"note":""},` +
			`{"id":2,"name":"Tom","tags":[],"price":3,"owner":{"name":"Ann"}},{"id":3,"name":"Kit","tags":["cat","small"],"price":30},` +
			`"… 2 more items (5 in all)"]}`},
		{ModePrune, `{"total":5,"items":[{"id":1,"name":"Rex","tags":["dog"],"price":12.5},` +
			`{"id":2,"name":"Tom","price":3,"owner":{"name":"Ann"}},{"id":3,"name":"Kit","tags":["cat","small"],"price":30},` +
			`{"id":4,"name":"Bo","tags":["dog"],"price":8},{"id":5,"name":"Zed","tags":["fish"],"price":1}]}`},
		{ModeTable, `{"total":5,"next":null,"items":{"columns":["id","name","tags","price","note","owner"],"rows":[` +
			`[1,"Rex",["dog"],12.5,""],[2,"Tom",[],3,null,{"name":"Ann"}],[3,"Kit",["cat","small"],30],[4,"Bo",["dog"],8],[5,"Zed",["fish"],1]]}}`},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			got, err := w.Compress(f.Path, tt.mode)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, string(got.Result)); diff != "" {
				t.Errorf("result (-want +got):\n%s", diff)
			}
			if !json.Valid(got.Result) || got.Bytes != len(got.Result) {
				t.Errorf("result invalid or bytes %d wrong", got.Bytes)
			}
		})
	}
}

func TestCompressRefusals(t *testing.T) {
	w := newTestWorkspace(t, Options{OutputBytes: 100})
	big := store(t, w, "application/json", `[`+strings.Repeat(`{"a":1},`, 100)+`{"a":1}]`)
	text := store(t, w, "text/plain", "a  b\n\n\tc\n")
	pdf := store(t, w, "application/pdf", "%PDF-1.7\n\x00")
	tests := []struct {
		name, path, mode string
		wantErr          error
		wantTooLarge     bool
	}{
		{name: "unknown mode", path: big.Name, mode: "zip", wantErr: ErrBadMode},
		{name: "compact too large", path: big.Name, mode: ModeCompact, wantTooLarge: true},
		{name: "table on text", path: text.Name, mode: ModeTable, wantErr: ErrBadMode},
		{name: "binary", path: pdf.Name, mode: ModeCompact, wantErr: ErrBadMode},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := w.Compress(tt.path, tt.mode)
			var tl *TooLargeError
			if tt.wantTooLarge {
				if !errors.As(err, &tl) || !strings.Contains(err.Error(), "mode sample") {
					t.Fatalf("err = %v, want TooLargeError advising sample", err)
				}
				return
			}
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
		})
	}
	// sample fits where compact did not.
	got, err := w.Compress(big.Name, ModeSample)
	if err != nil || string(got.Result) != `[{"a":1},{"a":1},{"a":1},"… 98 more items (101 in all)"]` {
		t.Errorf("sample = %s, %v", got.Result, err)
	}
	// compact text collapses blanks and drops empty lines.
	got, err = w.Compress(text.Name, ModeCompact)
	if err != nil || got.Text != "a b\nc\n" {
		t.Errorf("compact text = %q, %v", got.Text, err)
	}
}

func TestSlice(t *testing.T) {
	w := newTestWorkspace(t, Options{})
	f := store(t, w, "application/json", petsJSON)
	type match struct{ Path, Value string }
	tests := []struct {
		query string
		want  []match
	}{
		{`$.total`, []match{{`$['total']`, `5`}}},
		{`$.items[1].name`, []match{{`$['items'][1]['name']`, `"Tom"`}}},
		{`$.items[0:2].id`, []match{{`$['items'][0]['id']`, `1`}, {`$['items'][1]['id']`, `2`}}},
		{`$.items[-1].name`, []match{{`$['items'][4]['name']`, `"Zed"`}}},
		{`$.items[?@.price > 10].name`, []match{{`$['items'][0]['name']`, `"Rex"`}, {`$['items'][2]['name']`, `"Kit"`}}},
		{`$.items[*].owner`, []match{{`$['items'][1]['owner']`, `{"name":"Ann"}`}}},
		{`$..owner.name`, []match{{`$['items'][1]['owner']['name']`, `"Ann"`}}},
		{`$.items[*]['id','name']`, []match{
			{`$['items'][0]['id']`, `1`}, {`$['items'][0]['name']`, `"Rex"`}, {`$['items'][1]['id']`, `2`}, {`$['items'][1]['name']`, `"Tom"`},
			{`$['items'][2]['id']`, `3`}, {`$['items'][2]['name']`, `"Kit"`}, {`$['items'][3]['id']`, `4`}, {`$['items'][3]['name']`, `"Bo"`},
			{`$['items'][4]['id']`, `5`}, {`$['items'][4]['name']`, `"Zed"`}}},
		{`$.items[?@.id == $.total].name`, []match{{`$['items'][4]['name']`, `"Zed"`}}},
		{`$.missing`, nil},
		{`$`, []match{{`$`, compactJSON(t, petsJSON)}}}, // members in file order
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			got, err := w.Slice(f.Name, tt.query)
			if err != nil {
				t.Fatal(err)
			}
			var gotM []match
			for _, m := range got.Matches {
				gotM = append(gotM, match{m.Path, string(m.Value)})
			}
			if diff := cmp.Diff(tt.want, gotM); diff != "" {
				t.Errorf("matches (-want +got):\n%s", diff)
			}
			if got.Count != len(tt.want) || got.Returned != len(tt.want) || got.Truncated {
				t.Errorf("count %d, returned %d, truncated %v", got.Count, got.Returned, got.Truncated)
			}
		})
	}
}

func compactJSON(t *testing.T, s string) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(s)); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestSliceBounds(t *testing.T) {
	w := newTestWorkspace(t, Options{OutputBytes: 300, MaxDecodeBytes: 200})
	f := store(t, w, "application/json", `{"items":[`+strings.Repeat(`{"id":12345,"pad":"xxxxxxxxxx"},`, 50)+`{"id":0}]}`)
	got, err := w.Slice(f.Name, `$.items[*].id`)
	if err != nil {
		t.Fatal(err)
	}
	if got.Count != 51 || got.Returned >= 51 || !got.Truncated || !strings.Contains(got.Message, "[0:20]") {
		t.Errorf("count %d returned %d truncated %v message %q", got.Count, got.Returned, got.Truncated, got.Message)
	}
	got, err = w.Slice(f.Name, `$.items`)
	if err != nil || len(got.Matches) != 1 || got.Matches[0].Omitted == "" || got.Matches[0].Value != nil {
		t.Errorf("large value: %+v, %v; want it omitted with advice", got, err)
	}
	_, err = w.Slice(f.Name, `$..id`)
	var tl *TooLargeError
	if !errors.As(err, &tl) || !strings.Contains(err.Error(), "$.items[*]..id") {
		t.Errorf("descendant over the whole file: err = %v, want TooLargeError with advice", err)
	}
}

func TestSliceErrors(t *testing.T) {
	w := newTestWorkspace(t, Options{})
	f := store(t, w, "application/json", petsJSON)
	text := store(t, w, "text/plain", "hello")
	tests := []struct {
		name, path, query string
		want              error
		wantIn            string
	}{
		{name: "bad expression", path: f.Name, query: `$.items[?@.price >]`, want: ErrBadQuery, wantIn: "position"},
		{name: "no root", path: f.Name, query: `items`, want: ErrBadQuery, wantIn: "position"},
		{name: "text file", path: text.Name, query: `$`, want: ErrBadMode, wantIn: "text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := w.Slice(tt.path, tt.query)
			if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.wantIn) {
				t.Errorf("err = %v, want %v mentioning %q", err, tt.want, tt.wantIn)
			}
		})
	}
}

func TestConfinement(t *testing.T) {
	root := t.TempDir()
	w := newTestWorkspace(t, Options{Dir: filepath.Join(root, "ws")})
	f := store(t, w, "application/json", `{"a":1}`)
	secret := writeFile(t, root, "secret.json", []byte(`{"password":"hunter2"}`))
	other := writeFile(t, w.Dir(), "config.json", []byte(`{}`))
	writeFile(t, w.ResponsesDir(), "notes.json", []byte(`{}`))
	if err := os.Symlink(secret, filepath.Join(w.ResponsesDir(), "response_0123456789abcdef.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(w.ResponsesDir(), "response_00000000000000ff.json"), 0o700); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path string
		want       error // nil: readable
	}{
		{name: "absolute path invoke returned", path: f.Path},
		{name: "bare name", path: f.Name},
		{name: "padded", path: "  " + f.Name + "\n"},
		{name: "dot segments that stay inside", path: filepath.Join(w.ResponsesDir(), ".", f.Name)},
		{name: "empty", path: "", want: ErrInvalidPath},
		{name: "relative traversal", path: "../secret.json", want: ErrInvalidPath},
		{name: "relative with folder", path: "responses/" + f.Name, want: ErrInvalidPath},
		{name: "absolute traversal", path: filepath.Join(w.ResponsesDir(), "..", "..", "secret.json"), want: ErrInvalidPath},
		{name: "absolute elsewhere", path: secret, want: ErrInvalidPath},
		{name: "absolute elsewhere with a response name", path: filepath.Join(root, f.Name), want: ErrInvalidPath},
		{name: "other file in the workspace", path: other, want: ErrInvalidPath},
		{name: "other file in the responses folder", path: "notes.json", want: ErrInvalidPath},
		{name: "symlink pointing out", path: "response_0123456789abcdef.json", want: ErrInvalidPath},
		{name: "directory", path: "response_00000000000000ff.json", want: ErrInvalidPath},
		{name: "the responses folder", path: w.ResponsesDir(), want: ErrInvalidPath},
		{name: "never stored", path: "response_aaaaaaaaaaaaaaaa.json", want: ErrNotFound},
		{name: "temporary file name", path: ".response_1.tmp", want: ErrInvalidPath},
		{name: "id too short", path: "response_0123456.json", want: ErrInvalidPath},
		{name: "id too long", path: "response_" + strings.Repeat("a", 33) + ".json", want: ErrInvalidPath},
		{name: "extension too long", path: "response_0123456789abcdef.jsonjsonx", want: ErrInvalidPath},
		{name: "no extension", path: "response_0123456789abcdef.", want: ErrInvalidPath},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for tool, run := range map[string]func() error{
				"outline":  func() error { _, err := w.Outline(tt.path); return err },
				"compress": func() error { _, err := w.Compress(tt.path, ModeCompact); return err },
				"slice":    func() error { _, err := w.Slice(tt.path, "$"); return err },
			} {
				err := run()
				if tt.want == nil && err != nil || tt.want != nil && !errors.Is(err, tt.want) {
					t.Errorf("%s: err = %v, want %v", tool, err, tt.want)
				}
				if err != nil && strings.Contains(err.Error(), "hunter2") {
					t.Errorf("%s: error leaks the file's content", tool)
				}
			}
		})
	}
}

// TestConfinementAdvice checks that a relative path with folders is told
// to pass the fileRef path, not judged as a file name.
func TestConfinementAdvice(t *testing.T) {
	w := newTestWorkspace(t, Options{})
	f := store(t, w, "application/json", `{"a":1}`)
	for _, path := range []string{"responses/" + f.Name, "../responses/" + f.Name, `responses\` + f.Name, ".", ".."} {
		_, err := w.Outline(path)
		if !errors.Is(err, ErrInvalidPath) || !strings.Contains(err.Error(), "pass the absolute fileRef path invoke returned, or just its file name") {
			t.Errorf("%q: err = %v, want ErrInvalidPath with the fileRef advice", path, err)
		}
	}
}

// TestOutlineDepthBound checks that an outline stops descending at its
// depth bound, however deep the file nests.
func TestOutlineDepthBound(t *testing.T) {
	w := newTestWorkspace(t, Options{})
	const depth = 5000
	f := store(t, w, "application/json", `{"deep":`+strings.Repeat(`{"a":`, depth)+`1`+strings.Repeat(`}`, depth)+`}`)
	got, err := w.Outline(f.Name)
	if err != nil {
		t.Fatal(err)
	}
	deepest := 0
	for _, line := range got.Outline {
		path, _, _ := strings.Cut(line, ":")
		deepest = max(deepest, strings.Count(path, "."))
	}
	if deepest == 0 || deepest > outlineMaxDepth {
		t.Errorf("deepest outline path has %d levels, want 1 to %d", deepest, outlineMaxDepth)
	}
}

// TestSliceFilterBound checks that a filtered match (decoded in memory)
// bigger than what is left of the answer is omitted with advice, not
// returned.
func TestSliceFilterBound(t *testing.T) {
	w := newTestWorkspace(t, Options{OutputBytes: 1 << 10})
	big := strings.Repeat("x", 4<<10)
	f := store(t, w, "application/json", `{"items":[{"id":1,"big":"`+big+`"},{"id":2}]}`)
	got, err := w.Slice(f.Name, `$.items[?@.id == 1]`)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Matches) != 1 || got.Matches[0].Value != nil || !strings.Contains(got.Matches[0].Omitted, "more than is left of this answer") {
		t.Errorf("matches = %+v, want the big one omitted with advice", got.Matches)
	}
}

// TestCompressTextBound checks that compressing text stops at the answer
// limit and says so.
func TestCompressTextBound(t *testing.T) {
	w := newTestWorkspace(t, Options{OutputBytes: 1 << 10})
	var b strings.Builder
	for i := range 500 {
		b.WriteString("line number " + fmtInt(i) + "\n")
	}
	f := store(t, w, "text/plain", b.String())
	got, err := w.Compress(f.Name, ModeCompact)
	if err != nil {
		t.Fatal(err)
	}
	text := got.Text
	if !got.Truncated || text == "" || len(text) > 1<<10 {
		t.Errorf("truncated %v, %d bytes; want a cut at 1 KiB", got.Truncated, len(text))
	}
}

func TestOutlineOfCutJSON(t *testing.T) {
	w := newTestWorkspace(t, Options{})
	f := store(t, w, "application/json", `{"items":[{"id":1},{"id":2},{"i`)
	got, err := w.Outline(f.Name)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got.Message, "not valid JSON") || len(got.Outline) == 0 || got.Outline[0] != "$: object {1 keys}" {
		t.Errorf("outline = %+v, want the part before the cut and a note", got)
	}
	if _, err := w.Compress(f.Name, ModeSample); !errors.Is(err, ErrBadMode) {
		t.Errorf("compress of cut JSON: err = %v, want ErrBadMode", err)
	}
}

// TestSliceAdviceFitsTheValue: a value too large to return is advised by
// its kind: an object by member (never $[0], which selects nothing in an
// object), an array by index.
func TestSliceAdviceFitsTheValue(t *testing.T) {
	w := newTestWorkspace(t, Options{OutputBytes: 300, MaxDecodeBytes: 1 << 20})
	big := strings.Repeat("x", 400)
	f := store(t, w, "application/json", `{"items":[{"id":1,"name":"`+big+`"},{"id":2}],"meta":{"note":"`+big+`"}}`)
	tests := []struct {
		query, want, never string
	}{
		{`$`, `$.* for its members`, `$[0]`},
		{`$.meta`, `$['meta'].*`, `['meta'][0]`},
		{`$.items`, `$['items'][0:10]`, ".*"},
		{`$.items[?@.id == 1]`, `$['items'][0]['id'] or $['items'][0].*`, `[0][0]`}, // decoded in memory: its first member is named
	}
	for _, tt := range tests {
		got, err := w.Slice(f.Name, tt.query)
		if err != nil || len(got.Matches) != 1 {
			t.Fatalf("%s: %+v, %v", tt.query, got, err)
		}
		advice := got.Matches[0].Omitted
		if !strings.Contains(advice, tt.want) || strings.Contains(advice, tt.never) {
			t.Errorf("%s: advice %q, want it to contain %q and not %q", tt.query, advice, tt.want, tt.never)
		}
	}
}
