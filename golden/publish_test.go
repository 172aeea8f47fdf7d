package golden_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/mod/modfile"

	"github.com/swag2mcp/swag2mcp"
	"github.com/swag2mcp/swag2mcp/internal/modzip"
	"github.com/swag2mcp/swag2mcp/internal/petstore"
)

// publishVersion is the version this checkout is published as in the test
// proxy: a pre-release no real proxy serves, so nothing else can answer.
const publishVersion = "v" + swag2mcp.Version + "-publishtest"

// TestPublish simulates a release and a new user far from this checkout: it
// serves the checkout from a file-system module proxy, installs swag2mcp
// from it into an empty module cache, generates a server in a folder
// outside the checkout, copies the module elsewhere and builds it there
// (that proxy first, the real module proxy behind it, no replace anywhere);
// then the same in package mode inside a throwaway user module, and with
// `swag2mcp build`.
func TestPublish(t *testing.T) {
	if testing.Short() {
		t.Skip("installs swag2mcp from a module proxy")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git lists the checkout's files")
	}
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	proxy := filepath.Join(tmp, "proxy")
	if err := modzip.WriteProxy(proxy, root, swag2mcp.ModulePath, publishVersion); err != nil {
		t.Fatal(err)
	}
	u := newUser(t, tmp, proxy)

	// go install …@version, as the README says.
	u.run(t, tmp, "go", "install", swag2mcp.ModulePath+"/cmd/swag2mcp@"+publishVersion)
	if got := u.run(t, tmp, u.swag2mcp, "version"); got != "swag2mcp "+publishVersion+"\n" {
		t.Fatalf("swag2mcp version = %q, want %s", got, publishVersion)
	}
	specs := filepath.Join(tmp, "api")
	copyFile(t, "testdata/petstore/petstore.yaml", filepath.Join(specs, "petstore.yaml"))

	t.Run("standalone module", func(t *testing.T) {
		u.run(t, tmp, u.swag2mcp, "gen", "api/petstore.yaml", "-o", "gen/petstore-mcp")
		gen := filepath.Join(tmp, "gen", "petstore-mcp")
		checkRelease(t, gen, proxy)
		// Another folder: nothing may depend on where gen ran.
		mod := filepath.Join(tmp, "elsewhere", "petstore-mcp")
		copyTree(t, gen, mod)
		before := readTree(t, mod)
		u.run(t, mod, "go", "build", "-o", "petstore-mcp", ".")
		after := readTree(t, mod)
		for _, f := range []string{"go.mod", "go.sum"} {
			if before[f] != after[f] {
				t.Errorf("go build (-mod=mod) changed %s: gen's was incomplete", f)
			}
		}
		u.run(t, mod, "go", "mod", "tidy", "-diff")
		serve(t, filepath.Join(mod, "petstore-mcp"))
	})

	t.Run("package mode", func(t *testing.T) {
		app := filepath.Join(tmp, "app")
		writeFile(t, filepath.Join(app, "go.mod"), "module example.com/app\n\ngo 1.26.0\n")
		writeFile(t, filepath.Join(app, "gen.go"), "package app\n\n"+
			"//go:generate swag2mcp gen ../api/petstore.yaml -o ./petmcp --package petmcp\n")
		writeFile(t, filepath.Join(app, "cmd", "petstore-mcp", "main.go"), "package main\n\n"+
			"import (\n\t\"os\"\n\n\t\"example.com/app/petmcp\"\n)\n\nfunc main() { os.Exit(petmcp.Main()) }\n")
		// Before the runtime is required, gen says how to add it.
		out := u.runCombined(t, app, "go", "generate", "./...")
		hint := "go get " + swag2mcp.ModulePath + "@" + publishVersion
		if !strings.Contains(out, hint) {
			t.Errorf("go generate output lacks the hint %q:\n%s", hint, out)
		}
		u.run(t, app, "go", "get", swag2mcp.ModulePath+"@"+publishVersion)
		if out := u.runCombined(t, app, "go", "generate", "./..."); out != "" {
			t.Errorf("go generate with the runtime required printed:\n%s", out)
		}
		if _, err := os.Stat(filepath.Join(app, "petmcp", "go.mod")); err == nil {
			t.Errorf("package mode wrote a go.mod")
		}
		u.run(t, app, "go", "mod", "tidy")
		u.run(t, app, "go", "vet", "./...")
		u.run(t, app, "go", "build", "-o", "petstore-mcp", "./cmd/petstore-mcp")
		serve(t, filepath.Join(app, "petstore-mcp"))
	})

	t.Run("swag2mcp build", func(t *testing.T) {
		bin := filepath.Join(tmp, "bin2", "petstore-mcp")
		u.run(t, tmp, u.swag2mcp, "build", "api/petstore.yaml", "-o", bin)
		serve(t, bin)
	})
}

// user runs commands as a new user would: an empty module cache, the test
// proxy in front of the machine's own, swag2mcp installed into its own bin.
type user struct {
	env      []string
	swag2mcp string
}

func newUser(t *testing.T, tmp, proxy string) *user {
	upstream := "https://proxy.golang.org,direct"
	if out, err := exec.Command("go", "env", "GOPROXY").Output(); err == nil && strings.TrimSpace(string(out)) != "" {
		upstream = strings.TrimSpace(string(out))
	}
	bin := filepath.Join(tmp, "bin")
	var env []string
	for _, kv := range os.Environ() {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case "GOFLAGS", "GOPROXY", "GOMODCACHE", "GONOSUMDB", "GONOSUMCHECK", "GOPRIVATE", "GOWORK", "GOBIN", "PATH":
		default:
			env = append(env, kv)
		}
	}
	env = append(env,
		"GOMODCACHE="+filepath.Join(tmp, "modcache"),
		"GOPROXY=file://"+filepath.ToSlash(proxy)+","+upstream,
		// The test version is in no checksum database.
		"GONOSUMDB="+swag2mcp.ModulePath,
		// -trimpath: builds from the fresh module cache reuse the build cache.
		"GOFLAGS=-mod=mod -modcacherw -trimpath",
		"GOWORK=off",
		"GOTOOLCHAIN=local",
		"GOBIN="+bin,
		"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
	)
	return &user{env: env, swag2mcp: filepath.Join(bin, "swag2mcp")}
}

// run runs name in dir and returns its stdout; a failure fails the test.
func (u *user) run(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, u.env
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	out, err := cmd.Output()
	t.Logf("%s %s: %v", filepath.Base(name), strings.Join(args, " "), time.Since(start).Round(time.Millisecond))
	if err != nil {
		t.Fatalf("%s %s (in %s): %v\n%s%s", name, strings.Join(args, " "), dir, err, out, stderr.String())
	}
	return string(out)
}

// runCombined is run returning stdout and stderr together.
func (u *user) runCombined(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, u.env
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s (in %s): %v\n%s", name, strings.Join(args, " "), dir, err, out)
	}
	return string(out)
}

// checkRelease checks a standalone module generated by a release: it
// requires the runtime at the release, replaces nothing, and its go.sum
// holds the checksum of the zip the proxy serves.
func checkRelease(t *testing.T, dir, proxy string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := modfile.Parse("go.mod", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Replace) > 0 {
		t.Errorf("go.mod has a replace: %v", f.Replace[0].New)
	}
	if len(f.Require) == 0 || f.Require[0].Mod.Path != swag2mcp.ModulePath || f.Require[0].Mod.Version != publishVersion {
		t.Errorf("go.mod's first require is not %s %s:\n%s", swag2mcp.ModulePath, publishVersion, data)
	}
	zip, err := os.ReadFile(filepath.Join(proxy, "github.com", "swag2mcp", "swag2mcp", "@v", publishVersion+".zip"))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := modzip.Sum(zip)
	if err != nil {
		t.Fatal(err)
	}
	gosum, err := os.ReadFile(filepath.Join(dir, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	if line := fmt.Sprintf("%s %s %s\n", swag2mcp.ModulePath, publishVersion, sum); !strings.Contains(string(gosum), line) {
		t.Errorf("go.sum lacks %q", line)
	}
}

// serve checks a built server: --version, then initialize and tools/list
// and one invoke over stdio with the official SDK client.
func serve(t *testing.T, binary string) {
	t.Helper()
	out, err := exec.Command(binary, "--version").Output()
	if err != nil || string(out) != "petstore-mcp "+strings.TrimPrefix(publishVersion, "v")+"\n" {
		t.Errorf("%s --version = %q, %v", binary, out, err)
	}
	upstream := httptest.NewServer(petstore.New())
	defer upstream.Close()
	ctx := context.Background()
	cmd := exec.Command(binary)
	cmd.Env = append(os.Environ(), "PETSTORE_BASE_URL="+upstream.URL+petstore.Prefix, "PETSTORE_API_KEY=k")
	client := mcp.NewClient(&mcp.Implementation{Name: "publish-test", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	tools, err := cs.ListTools(ctx, nil)
	if err != nil || len(tools.Tools) == 0 {
		t.Fatalf("tools/list: %v, %d tools", err, len(tools.Tools))
	}
	var found struct {
		Endpoints []struct{ ID, Path string }
	}
	callTool(t, ctx, cs, "search", map[string]any{"query": "find pet by id", "limit": 1}, &found)
	if len(found.Endpoints) != 1 || found.Endpoints[0].Path != "/pet/{petId}" {
		t.Fatalf("search found %+v", found.Endpoints)
	}
	var answer struct{ StatusCode int }
	res := callTool(t, ctx, cs, "invoke", map[string]any{"endpointId": found.Endpoints[0].ID, "parameters": map[string]any{"petId": 1}}, &answer)
	if res.IsError || answer.StatusCode != 200 {
		t.Errorf("invoke: status %d, want 200: %s", answer.StatusCode, text(res))
	}
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, to, string(data))
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	for path, data := range readTree(t, from) {
		writeFile(t, filepath.Join(to, filepath.FromSlash(path)), data)
	}
}
