package boundedfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	file := filepath.Join(t.TempDir(), "f.txt")
	if err := os.WriteFile(file, []byte("12345"), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := Read(file, 5); err != nil || string(data) != "12345" {
		t.Errorf("Read at the bound = %q, %v; want the contents", data, err)
	}
	if _, err := Read(file, 4); err == nil || !strings.Contains(err.Error(), file) {
		t.Errorf("Read past the bound: err %v, want one naming %s", err, file)
	}
	if _, err := Read(filepath.Join(t.TempDir(), "missing"), 5); err == nil {
		t.Error("Read of a missing file: no error")
	}
}
