package golden_test

import (
	"debug/elf"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestStaticBuild builds the petstore module with the command its README
// gives for shipping the binary elsewhere (CGO_ENABLED=0, as its
// Dockerfile does too) and checks that the binary runs and, on Linux,
// needs no dynamic loader.
func TestStaticBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a generated module without cgo")
	}
	out := filepath.Join("testdata", "petstore", "out")
	readme, err := os.ReadFile(filepath.Join(out, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	const command = "CGO_ENABLED=0 go build -trimpath -o petstore-mcp ."
	if !strings.Contains(string(readme), command) {
		t.Fatalf("the README does not give %q", command)
	}
	bin := filepath.Join(t.TempDir(), "petstore-mcp")
	t.Setenv("CGO_ENABLED", "0") // goCmd runs go with this process's environment
	goCmd(t, out, "build", "-trimpath", "-o", bin, ".")
	checkVersion(t, bin)
	if runtime.GOOS != "linux" {
		return
	}
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			t.Errorf("the binary names a dynamic loader: it is not static")
		}
	}
}
