package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// bodies are what the upstream of the response tests serves, by pet id.
type bodies struct {
	json, smallPNG, largePNG, pdf, text []byte
}

func makeBodies(t *testing.T) bodies {
	t.Helper()
	var b bodies
	var j bytes.Buffer
	j.WriteString(`{"total":0,"items":[`)
	for i := 0; j.Len() < 5<<20; i++ {
		if i > 0 {
			j.WriteByte(',')
		}
		fmt.Fprintf(&j, `{"id":%d,"name":"pet %d","tag":null,"photoUrls":["https://img.example/%d.png"],"category":{"id":%d,"name":"c%d"}}`,
			i, i, i, i%10, i%10)
	}
	j.WriteString(`]}`)
	b.json = j.Bytes()
	b.smallPNG = pngOf(t, 8, 8)
	b.largePNG = pngOf(t, 700, 500) // noise: about 1.4 MB, over the 1 MB limit
	b.pdf = []byte("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n\x00\xe2\xe3\xcf\xd3\n%%EOF\n")
	var txt strings.Builder
	for i := 0; txt.Len() < 2<<20; i++ {
		fmt.Fprintf(&txt, "%06d log line with some words ünïcödé\n", i)
	}
	b.text = []byte(txt.String())
	return b
}

// pngOf encodes a w×h image of deterministic noise.
func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	r := rand.New(rand.NewPCG(1, 2))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(r.Uint32()), uint8(r.Uint32()), uint8(r.Uint32()), 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// responseUpstream serves b at /pets/{1..5} and returns the server
// options with a fresh workspace.
func responseUpstream(t *testing.T, b bodies) (Options, string) {
	t.Helper()
	byID := map[string]struct {
		ct   string
		body []byte
	}{
		"1": {"application/json", b.json},
		"2": {"image/png", b.smallPNG},
		"3": {"image/png", b.largePNG},
		"4": {"application/pdf", b.pdf},
		"5": {"text/plain; charset=utf-8", b.text},
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, ok := byID[strings.TrimPrefix(r.URL.Path, "/pets/")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", c.ct)
		w.Write(c.body)
	}))
	t.Cleanup(srv.Close)
	ws := filepath.Join(t.TempDir(), "ws")
	return testOptions(map[string]string{"X_BASE_URL": srv.URL, "X_API_KEY": "k", "SWAG2MCP_WORKSPACE": ws}), ws
}

// callResult calls a tool and returns the whole result, with its first
// content (the JSON text) decoded.
func callResult(t *testing.T, cs *mcp.ClientSession, name string, args any) (*mcp.CallToolResult, map[string]any) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("CallTool(%s): %v", name, err)
	}
	text, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("CallTool(%s): first content is %T, want text", name, res.Content[0])
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(text.Text), &got); err != nil {
		t.Fatalf("CallTool(%s): text is not JSON: %v", name, err)
	}
	if diff := cmp.Diff(res.StructuredContent, any(got)); diff != "" {
		t.Errorf("CallTool(%s): text differs from structured content (-structured +text):\n%s", name, diff)
	}
	return res, got
}

func TestInvokeLargeAndBinaryBodies(t *testing.T) {
	b := makeBodies(t)
	opts, ws := responseUpstream(t, b)
	cs := connect(t, opts)
	responsesDir := filepath.Join(ws, "responses")
	tests := []struct {
		name, petID string
		wantExt     string // "": no file
		wantBytes   []byte // the file's or image's bytes
		wantMedia   string
		wantLink    bool // a resource link follows
		wantImage   bool // an image content follows
		wantMessage string
	}{
		{name: "5 MB JSON", petID: "1", wantExt: ".json", wantBytes: b.json, wantMedia: "application/json", wantMessage: "response_outline"},
		{name: "small PNG inline", petID: "2", wantBytes: b.smallPNG, wantMedia: "image/png", wantImage: true},
		{name: "PNG over the limit", petID: "3", wantExt: ".png", wantBytes: b.largePNG, wantMedia: "image/png", wantLink: true, wantMessage: "binary"},
		{name: "PDF", petID: "4", wantExt: ".pdf", wantBytes: b.pdf, wantMedia: "application/pdf", wantLink: true, wantMessage: "binary"},
		{name: "2 MB text", petID: "5", wantExt: ".txt", wantBytes: b.text, wantMedia: "text/plain", wantMessage: "response_outline"},
	}
	name := regexp.MustCompile(`^response_[0-9a-f]{32}\.[a-z]+$`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, got := callResult(t, cs, "invoke", map[string]any{"endpointId": idGetPet, "parameters": map[string]any{"petId": json.Number(tt.petID)}})
			if res.IsError {
				t.Fatalf("invoke failed: %v", got)
			}
			if _, has := got["body"]; has {
				t.Errorf("answer has a body: %.200v", got["body"])
			}
			wantContent := 1
			if tt.wantLink || tt.wantImage {
				wantContent = 2
			}
			if len(res.Content) != wantContent {
				t.Fatalf("%d content items, want %d", len(res.Content), wantContent)
			}
			if tt.wantImage {
				img, ok := res.Content[1].(*mcp.ImageContent)
				if !ok || img.MIMEType != tt.wantMedia || !bytes.Equal(img.Data, tt.wantBytes) {
					t.Fatalf("second content = %T %+v, want the PNG as image content", res.Content[1], res.Content[1])
				}
				if diff := cmp.Diff(map[string]any{"mediaType": "image/png", "size": float64(len(tt.wantBytes))}, got["image"]); diff != "" {
					t.Errorf("image (-want +got):\n%s", diff)
				}
				if _, has := got["fileRef"]; has {
					t.Error("inline image also has a fileRef")
				}
				return
			}
			ref, _ := got["fileRef"].(map[string]any)
			path, _ := ref["path"].(string)
			if filepath.Dir(path) != responsesDir || !name.MatchString(filepath.Base(path)) || filepath.Ext(path) != tt.wantExt {
				t.Errorf("fileRef.path = %q, want response_<id>%s in %s", path, tt.wantExt, responsesDir)
			}
			data, err := os.ReadFile(path)
			if err != nil || !bytes.Equal(data, tt.wantBytes) {
				t.Errorf("file holds %d bytes (%v), want the %d bytes served", len(data), err, len(tt.wantBytes))
			}
			wantRef := map[string]any{
				"path": path, "size": float64(len(tt.wantBytes)), "sizeHint": sizeHint(len(tt.wantBytes)), "maxSizeHint": "1 MiB",
				"mediaType": tt.wantMedia, "openCmd": "xdg-open " + path,
			}
			msg, _ := ref["message"].(string)
			delete(ref, "message")
			if diff := cmp.Diff(wantRef, ref); diff != "" {
				t.Errorf("fileRef (-want +got):\n%s", diff)
			}
			if !strings.Contains(msg, tt.wantMessage) {
				t.Errorf("message %q does not mention %q", msg, tt.wantMessage)
			}
			if tt.wantLink {
				link, ok := res.Content[1].(*mcp.ResourceLink)
				if !ok || link.URI != "file://"+path || link.MIMEType != tt.wantMedia || link.Name != filepath.Base(path) {
					t.Errorf("second content = %T %+v, want a resource link to the file", res.Content[1], res.Content[1])
				}
			}
			info, err := os.Stat(path)
			if err != nil || info.Mode().Perm() != 0o600 {
				t.Errorf("file mode %v (%v), want 0600", info.Mode().Perm(), err)
			}
		})
	}
}

// sizeHint is what the server prints for n bytes.
func sizeHint(n int) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d bytes", n)
	case n < 1<<20:
		return strings.TrimSuffix(fmt.Sprintf("%.1f", float64(n)/(1<<10)), ".0") + " KiB"
	}
	return strings.TrimSuffix(fmt.Sprintf("%.1f", float64(n)/(1<<20)), ".0") + " MiB"
}

// spilled invokes getPet for id and returns the fileRef path.
func spilled(t *testing.T, cs *mcp.ClientSession, id string) string {
	t.Helper()
	_, got := callResult(t, cs, "invoke", map[string]any{"endpointId": idGetPet, "parameters": map[string]any{"petId": json.Number(id)}})
	ref, _ := got["fileRef"].(map[string]any)
	path, _ := ref["path"].(string)
	if path == "" {
		t.Fatalf("no fileRef: %v", got)
	}
	return path
}

func TestResponseToolsOnSpilledFiles(t *testing.T) {
	b := makeBodies(t)
	opts, ws := responseUpstream(t, b)
	cs := connect(t, opts)
	jsonPath, pdfPath, textPath := spilled(t, cs, "1"), spilled(t, cs, "4"), spilled(t, cs, "5")
	tests := []struct {
		name     string
		tool     string
		args     map[string]any
		wantCode string
		check    func(t *testing.T, got map[string]any)
	}{
		{name: "outline JSON", tool: "response_outline", args: map[string]any{"path": jsonPath}, check: func(t *testing.T, got map[string]any) {
			lines := fmt.Sprint(got["outline"])
			for _, want := range []string{"$.items: array [", "$.items[*].id: number ×", "$.items[*].category.name: string ×", `e.g. "c0", "c1", "c2"`} {
				if !strings.Contains(lines, want) {
					t.Errorf("outline lacks %q:\n%s", want, lines)
				}
			}
		}},
		{name: "outline by bare name", tool: "response_outline", args: map[string]any{"path": filepath.Base(jsonPath)}, check: func(t *testing.T, got map[string]any) {
			if got["format"] != "json" || got["path"] != jsonPath {
				t.Errorf("format %v path %v", got["format"], got["path"])
			}
		}},
		{name: "outline text", tool: "response_outline", args: map[string]any{"path": textPath}, check: func(t *testing.T, got map[string]any) {
			head, _ := got["head"].([]any)
			if got["format"] != "text" || got["lineCount"] != float64(bytes.Count(b.text, []byte("\n"))) || len(head) == 0 ||
				head[0] != "000000 log line with some words ünïcödé" {
				t.Errorf("text outline = %.300v", got)
			}
		}},
		{name: "outline PDF", tool: "response_outline", args: map[string]any{"path": pdfPath}, check: func(t *testing.T, got map[string]any) {
			if got["format"] != "binary" || got["mediaType"] != "application/pdf" || got["head"] != nil {
				t.Errorf("binary outline = %v", got)
			}
		}},
		{name: "compress sample", tool: "response_compress", args: map[string]any{"path": jsonPath, "mode": "sample"}, check: func(t *testing.T, got map[string]any) {
			res, _ := got["result"].(map[string]any)
			items, _ := res["items"].([]any)
			if len(items) != 4 || !strings.HasSuffix(fmt.Sprint(items[3]), "in all)") {
				t.Errorf("sampled items = %v", items)
			}
		}},
		{name: "compress compact too large", tool: "response_compress", args: map[string]any{"path": jsonPath, "mode": "compact"}, wantCode: codeTooLarge},
		{name: "compress prune too large", tool: "response_compress", args: map[string]any{"path": jsonPath, "mode": "prune"}, wantCode: codeTooLarge},
		{name: "compress table too large", tool: "response_compress", args: map[string]any{"path": jsonPath, "mode": "table"}, wantCode: codeTooLarge},
		{name: "compress unknown mode", tool: "response_compress", args: map[string]any{"path": jsonPath, "mode": "gzip"}, wantCode: codeValidationFailed},
		{name: "compress text sample", tool: "response_compress", args: map[string]any{"path": textPath, "mode": "sample"}, check: func(t *testing.T, got map[string]any) {
			if text, _ := got["text"].(string); !strings.Contains(text, "lines not shown") || got["truncated"] != true {
				t.Errorf("text sample = %.300v", got)
			}
		}},
		{name: "slice", tool: "response_slice", args: map[string]any{"path": jsonPath, "jsonPath": "$.items[1:3].name"}, check: func(t *testing.T, got map[string]any) {
			want := []any{
				map[string]any{"path": "$['items'][1]['name']", "value": "pet 1"},
				map[string]any{"path": "$['items'][2]['name']", "value": "pet 2"},
			}
			if diff := cmp.Diff(want, got["matches"]); diff != "" || got["count"] != float64(2) {
				t.Errorf("matches (-want +got):\n%s", diff)
			}
		}},
		{name: "slice filter", tool: "response_slice", args: map[string]any{"path": jsonPath, "jsonPath": "$.items[?@.id == 40000].category"}, check: func(t *testing.T, got map[string]any) {
			want := []any{map[string]any{"path": "$['items'][40000]['category']", "value": map[string]any{"id": float64(0), "name": "c0"}}}
			if diff := cmp.Diff(want, got["matches"]); diff != "" {
				t.Errorf("matches (-want +got):\n%s", diff)
			}
		}},
		{name: "slice bad expression", tool: "response_slice", args: map[string]any{"path": jsonPath, "jsonPath": "$.items[?@.id ==]"}, wantCode: codeValidationFailed,
			check: func(t *testing.T, got map[string]any) {
				if msg := fmt.Sprint(got["error"]); !strings.Contains(msg, "position") {
					t.Errorf("message lacks the position: %s", msg)
				}
			}},
		{name: "slice on text", tool: "response_slice", args: map[string]any{"path": textPath, "jsonPath": "$"}, wantCode: codeValidationFailed},
		{name: "traversal", tool: "response_outline", args: map[string]any{"path": "../secret.json"}, wantCode: codeValidationFailed},
		{name: "absolute elsewhere", tool: "response_outline", args: map[string]any{"path": "/etc/passwd"}, wantCode: codeValidationFailed},
		{name: "absolute traversal", tool: "response_slice", args: map[string]any{"path": filepath.Join(ws, "responses", "..", filepath.Base(jsonPath)), "jsonPath": "$"}, wantCode: codeValidationFailed},
		{name: "workspace folder", tool: "response_compress", args: map[string]any{"path": ws, "mode": "compact"}, wantCode: codeValidationFailed},
		{name: "never stored", tool: "response_outline", args: map[string]any{"path": "response_00000000deadbeef.json"}, wantCode: codeNotFound},
		{name: "missing path", tool: "response_outline", args: map[string]any{}, wantCode: codeValidationFailed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, got := callResult(t, cs, tt.tool, tt.args)
			if code := errorCode(t, got, res.IsError); code != tt.wantCode {
				t.Fatalf("code = %q, want %q; answer %.500v", code, tt.wantCode, got)
			}
			if tt.check != nil {
				tt.check(t, got)
			}
			if enc, _ := json.Marshal(got); len(enc) > 80<<10 {
				t.Errorf("answer is %d bytes, want it bounded", len(enc))
			}
		})
	}
}

func TestMaxResponseSizeFlag(t *testing.T) {
	b := makeBodies(t)
	opts, _ := responseUpstream(t, b)
	opts.Args = append(opts.Args, "--max-response-size", "64") // the small PNG is larger: stored
	cs := connect(t, opts)
	res, got := callResult(t, cs, "invoke", map[string]any{"endpointId": idGetPet, "parameters": map[string]any{"petId": 2}})
	ref, _ := got["fileRef"].(map[string]any)
	if res.IsError || ref == nil || ref["maxSizeHint"] != "64 bytes" || !strings.HasSuffix(fmt.Sprint(ref["path"]), ".png") {
		t.Errorf("answer = %v, want the PNG stored under a 64-byte limit", got)
	}
}
