package invoke

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/runtime/spill"
)

func TestDoStoresLargeAndBinaryBodies(t *testing.T) {
	tests := []struct {
		name       string
		status     int
		ct, body   string
		inline     int64
		maxBody    int64
		wantStored string // stored bytes; "" when inline
		wantExt    string
		wantTrunc  bool
		wantBody   any
		wantImage  bool
	}{
		{name: "JSON within the limit stays inline", ct: "application/json", body: `{"a":1}`, inline: 10, wantBody: map[string]any{"a": json.Number("1")}},
		{name: "JSON over the limit is stored whole", ct: "application/json", body: `{"a":"0123456789"}`, inline: 10,
			wantStored: `{"a":"0123456789"}`, wantExt: ".json"},
		{name: "text over the limit", ct: "text/plain", body: strings.Repeat("line\n", 10), inline: 10,
			wantStored: strings.Repeat("line\n", 10), wantExt: ".txt"},
		{name: "small PDF is stored", ct: "application/pdf", body: "%PDF-1.7\n\x00", inline: 100, wantStored: "%PDF-1.7\n\x00", wantExt: ".pdf"},
		{name: "image within the limit is inline", ct: "image/gif", body: "GIF89a\x01\x00", inline: 100, wantImage: true},
		{name: "image over the limit is stored", ct: "image/gif", body: "GIF89a\x01\x00\x01\x00", inline: 4, wantStored: "GIF89a\x01\x00\x01\x00", wantExt: ".gif"},
		{name: "cut at the read bound", ct: "application/json", body: `[1,2,3,4,5,6,7,8]`, inline: 4, maxBody: 8,
			wantStored: `[1,2,3,4`, wantExt: ".json", wantTrunc: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws, err := spill.New(spill.Options{Dir: t.TempDir()})
			if err != nil {
				t.Fatal(err)
			}
			resp, err := call(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", tt.ct)
				io.WriteString(w, tt.body)
			}, ClientOptions{MaxBodyBytes: tt.maxBody, Responses: ResponseOptions{MaxInlineBytes: tt.inline, Spill: ws}})
			if err != nil {
				t.Fatal(err)
			}
			if tt.wantStored == "" {
				if resp.File != nil {
					t.Fatalf("stored %s, want inline", resp.File.Path)
				}
				if tt.wantImage != (resp.Image != nil) {
					t.Errorf("image = %v, want %v", resp.Image, tt.wantImage)
				}
				if diff := cmp.Diff(tt.wantBody, resp.Body); diff != "" {
					t.Errorf("body (-want +got):\n%s", diff)
				}
				return
			}
			if resp.File == nil || resp.Body != nil || resp.Image != nil {
				t.Fatalf("response = %+v, want only a file", resp)
			}
			data, err := os.ReadFile(resp.File.Path)
			if err != nil || string(data) != tt.wantStored {
				t.Errorf("file holds %q (%v), want %q", data, err, tt.wantStored)
			}
			if filepath.Ext(resp.File.Path) != tt.wantExt || resp.Truncated != tt.wantTrunc || resp.Size != int64(len(tt.wantStored)) {
				t.Errorf("ext %s truncated %v size %d; want %s %v %d", filepath.Ext(resp.File.Path), resp.Truncated, resp.Size,
					tt.wantExt, tt.wantTrunc, len(tt.wantStored))
			}
		})
	}
}

func TestDoNeverStoresErrorBodies(t *testing.T) {
	dir := t.TempDir()
	ws, err := spill.New(spill.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	_, err = call(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, `{"message":"`+strings.Repeat("x", 100)+`"}`)
	}, ClientOptions{Responses: ResponseOptions{MaxInlineBytes: 20, Spill: ws}})
	var he *HTTPError
	if !errors.As(err, &he) || !he.Truncated || he.Body != `{"message":"xxxxxxxx` {
		t.Fatalf("err = %#v, want an HTTPError with the body cut at the inline limit", err)
	}
	if entries, _ := os.ReadDir(filepath.Join(dir, spill.ResponsesFolder)); len(entries) != 0 {
		t.Errorf("error body stored: %v", entries)
	}
}
