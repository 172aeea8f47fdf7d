package spill

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestStore(t *testing.T) {
	tests := []struct {
		name, contentType, body string
		limit                   int64
		wantExt                 string
		wantKind                Kind
		wantSize                int64
		wantTruncated           bool
	}{
		{name: "json", contentType: "application/json", body: `{"a":1}`, wantExt: ".json", wantKind: KindJSON, wantSize: 7},
		{name: "problem json", contentType: "application/problem+json", body: `{}`, wantExt: ".json", wantKind: KindJSON, wantSize: 2},
		{name: "text", contentType: "text/plain; charset=utf-8", body: "hello\n", wantExt: ".txt", wantKind: KindText, wantSize: 6},
		{name: "csv", contentType: "text/csv", body: "a,b\n", wantExt: ".csv", wantKind: KindText, wantSize: 4},
		{name: "png", contentType: "image/png", body: "\x89PNG\r\n\x1a\n", wantExt: ".png", wantKind: KindImage, wantSize: 8},
		{name: "pdf", contentType: "application/pdf", body: "%PDF-1.7\n\x00", wantExt: ".pdf", wantKind: KindBinary, wantSize: 10},
		{name: "zip sniffed from octet-stream", contentType: "application/octet-stream", body: "PK\x03\x04\x00\x00", wantExt: ".zip", wantKind: KindBinary, wantSize: 6},
		{name: "unknown binary", contentType: "", body: "\x00\x01\x02", wantExt: ".bin", wantKind: KindBinary, wantSize: 3},
		{name: "text that is not UTF-8", contentType: "text/plain", body: "caf\xe9", wantExt: ".txt", wantKind: KindBinary, wantSize: 4},
		{name: "cut at the limit", contentType: "application/json", body: `[1,2,3,4]`, limit: 4, wantExt: ".json", wantKind: KindJSON, wantSize: 4, wantTruncated: true},
		{name: "exactly the limit", contentType: "application/json", body: `[1]`, limit: 3, wantExt: ".json", wantKind: KindJSON, wantSize: 3},
	}
	w := newTestWorkspace(t, Options{})
	name := regexp.MustCompile(`^response_[0-9a-f]{32}\.[a-z]+$`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			kind, mt := Classify(tt.contentType, []byte(tt.body))
			limit := tt.limit
			if limit == 0 {
				limit = 1 << 20
			}
			f, err := w.Store(strings.NewReader(tt.body), kind, mt, limit)
			if err != nil {
				t.Fatalf("Store: %v", err)
			}
			got := struct {
				Ext       string
				Kind      Kind
				Size      int64
				Truncated bool
			}{filepath.Ext(f.Name), f.Kind, f.Size, f.Truncated}
			want := got
			want.Ext, want.Kind, want.Size, want.Truncated = tt.wantExt, tt.wantKind, tt.wantSize, tt.wantTruncated
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("file (-want +got):\n%s", diff)
			}
			if !name.MatchString(f.Name) || f.Path != filepath.Join(w.ResponsesDir(), f.Name) {
				t.Errorf("name %q, path %q: want response_<32 hex>.<ext> in %s", f.Name, f.Path, w.ResponsesDir())
			}
			if data := mustRead(t, f.Path); string(data) != tt.body[:f.Size] {
				t.Errorf("file holds %q, want %q", data, tt.body[:f.Size])
			}
			info, err := os.Stat(f.Path)
			if err != nil || info.Mode().Perm() != 0o600 {
				t.Errorf("file mode = %v (%v), want 0600", info.Mode().Perm(), err)
			}
		})
	}
	info, err := os.Stat(w.ResponsesDir())
	if err != nil || info.Mode().Perm() != 0o700 {
		t.Errorf("responses folder mode = %v (%v), want 0700", info.Mode().Perm(), err)
	}
	if tmp, _ := filepath.Glob(filepath.Join(w.ResponsesDir(), ".response_*")); len(tmp) != 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
}

func TestRetention(t *testing.T) {
	tests := []struct {
		name     string
		opts     Options
		sizes    []int // stored in this order, oldest first
		wantKept []int // indexes of sizes still there
	}{
		{name: "by count", opts: Options{MaxFiles: 3}, sizes: []int{10, 10, 10, 10, 10}, wantKept: []int{2, 3, 4}},
		{name: "by bytes", opts: Options{MaxBytes: 25}, sizes: []int{10, 10, 10, 10}, wantKept: []int{2, 3}},
		{name: "older small files go once the bound is hit", opts: Options{MaxBytes: 25}, sizes: []int{1, 20, 10}, wantKept: []int{2}},
		{name: "newest kept even when alone too big", opts: Options{MaxBytes: 5}, sizes: []int{3, 10}, wantKept: []int{1}},
		{name: "exactly at the byte bound", opts: Options{MaxBytes: 20}, sizes: []int{10, 10}, wantKept: []int{0, 1}},
		{name: "one byte past the byte bound", opts: Options{MaxBytes: 19}, sizes: []int{10, 10}, wantKept: []int{1}},
		{name: "exactly at the count bound", opts: Options{MaxFiles: 2}, sizes: []int{10, 10}, wantKept: []int{0, 1}},
		{name: "within bounds", opts: Options{MaxFiles: 10, MaxBytes: 1000}, sizes: []int{10, 20, 30}, wantKept: []int{0, 1, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newTestWorkspace(t, tt.opts)
			names := make([]string, len(tt.sizes))
			for i, n := range tt.sizes {
				f := store(t, w, "text/plain", strings.Repeat("x", n))
				names[i] = f.Name
				// Distinct modification times in store order, whatever the
				// file system's clock resolution.
				mod := time.Now().Add(time.Duration(i-len(tt.sizes)) * time.Minute)
				if err := os.Chtimes(f.Path, mod, mod); err != nil {
					t.Fatal(err)
				}
			}
			var want []string
			for _, i := range tt.wantKept {
				want = append(want, names[i])
			}
			sort.Strings(want)
			got := listResponses(t, w)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("kept files (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRetentionKeepsTheFileJustWritten checks that the file a Store just
// wrote survives its own pruning even when others look newer (a clock
// set ahead, a replica on a shared volume): the caller is about to hand
// out its fileRef.
func TestRetentionKeepsTheFileJustWritten(t *testing.T) {
	for _, opts := range []Options{{MaxFiles: 1}, {MaxBytes: 15}} {
		t.Run(fmt.Sprintf("%+v", opts), func(t *testing.T) {
			w := newTestWorkspace(t, opts)
			future := time.Now().Add(time.Hour)
			for _, body := range []string{"first-----", "second----"} {
				f := store(t, w, "text/plain", body)
				if err := os.Chtimes(f.Path, future, future); err != nil {
					t.Fatal(err)
				}
			}
			f := store(t, w, "text/plain", "just now--")
			if diff := cmp.Diff([]string{f.Name}, listResponses(t, w)); diff != "" {
				t.Errorf("kept files (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRetentionRemovesStaleTemp(t *testing.T) {
	w := newTestWorkspace(t, Options{})
	store(t, w, "text/plain", "a")
	stale := writeFile(t, w.ResponsesDir(), ".response_1.tmp", []byte("partial"))
	fresh := writeFile(t, w.ResponsesDir(), ".response_2.tmp", []byte("writing"))
	old := time.Now().Add(-2 * staleTemp)
	if err := os.Chtimes(stale, old, old); err != nil {
		t.Fatal(err)
	}
	store(t, w, "text/plain", "b")
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("stale temporary file still there (%v)", err)
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("fresh temporary file removed: %v", err)
	}
}

func listResponses(t *testing.T, w *Workspace) []string {
	t.Helper()
	entries, err := os.ReadDir(w.ResponsesDir())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if validName(e.Name()) {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names
}

func TestSizes(t *testing.T) {
	format := []struct {
		n    int64
		want string
	}{
		{0, "0 bytes"}, {1, "1 byte"}, {1023, "1023 bytes"}, {1024, "1 KiB"}, {1536, "1.5 KiB"},
		{1 << 20, "1 MiB"}, {1572864, "1.5 MiB"}, {1500000, "1.4 MiB"}, {5 << 30, "5 GiB"},
	}
	for _, tt := range format {
		if got := FormatSize(tt.n); got != tt.want {
			t.Errorf("FormatSize(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
	parse := []struct {
		s       string
		want    int64
		wantErr bool
	}{
		{s: "1048576", want: 1 << 20}, {s: "1MB", want: 1 << 20}, {s: "1.5 mb", want: 1572864}, {s: "512KiB", want: 512 << 10},
		{s: "2g", want: 2 << 30}, {s: "10 B", want: 10}, {s: "-1", wantErr: true}, {s: "1 parsec", wantErr: true}, {s: "MB", wantErr: true},
	}
	for _, tt := range parse {
		got, err := ParseSize(tt.s)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d, error %v", tt.s, got, err, tt.want, tt.wantErr)
		}
	}
}

func TestOpenCommand(t *testing.T) {
	tests := []struct{ goos, path, want string }{
		{"darwin", "/Users/a/r.json", "open /Users/a/r.json"},
		{"linux", "/home/a b/r.json", "xdg-open '/home/a b/r.json'"},
		{"linux", "/x/it's.json", `xdg-open '/x/it'\''s.json'`},
		{"windows", `C:\Users\a\r.json`, `start "" "C:\Users\a\r.json"`},
	}
	for _, tt := range tests {
		if got := openCommand(tt.goos, tt.path); got != tt.want {
			t.Errorf("openCommand(%s, %q) = %q, want %q", tt.goos, tt.path, got, tt.want)
		}
	}
}

func ExampleFormatSize() {
	fmt.Println(FormatSize(1572864))
	// Output: 1.5 MiB
}
