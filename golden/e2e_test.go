package golden_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/swag2mcp/swag2mcp/generator"
	"github.com/swag2mcp/swag2mcp/internal/petstore"
)

// TestServerOverStdio generates the petstore server, builds it, starts it as
// a subprocess and drives it with the official Go SDK client against a real
// HTTP upstream: every tool and every error code, as a model would meet them.
func TestServerOverStdio(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a generated server")
	}
	binary := buildPetstore(t)
	upstream := petstore.New()
	srv := httptest.NewServer(upstream)
	defer srv.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.Command(binary)
	// The cooldown is off: the test calls getPetById back to back, which
	// needs the API key.
	cmd.Env = append(os.Environ(), "PETSTORE_BASE_URL="+srv.URL+petstore.Prefix, "PETSTORE_COOLDOWN=0", "PETSTORE_API_KEY=e2e-key")
	client := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

	t.Run("tools/list", func(t *testing.T) {
		res, err := cs.ListTools(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, tool := range res.Tools {
			names = append(names, tool.Name)
		}
		for _, want := range []string{"search", "inspect", "endpoint_by_id", "invoke"} {
			if !strings.Contains(strings.Join(names, " "), want) {
				t.Errorf("tools/list lacks %s: %v", want, names)
			}
		}
		b, _ := json.Marshal(res)
		if len(b) > 8<<10 {
			t.Errorf("tools/list is %d bytes, want ≤ 8 KiB", len(b))
		}
	})

	var getPet string // endpoint id of GET /pet/{petId}
	t.Run("search", func(t *testing.T) {
		var got struct {
			Endpoints []map[string]string
			Total     int
		}
		ok(t, callTool(t, ctx, cs, "search", map[string]any{"query": "find pet by id", "limit": 5}, &got))
		if len(got.Endpoints) == 0 {
			t.Fatal("no endpoints found")
		}
		first := got.Endpoints[0]
		if first["method"] != "GET" || first["path"] != "/pet/{petId}" {
			t.Errorf("best hit = %s %s, want GET /pet/{petId}", first["method"], first["path"])
		}
		for _, key := range []string{"id", "tagId", "tagName", "collectionId", "collectionTitle", "specId", "specDomain", "summary"} {
			if first[key] == "" {
				t.Errorf("hit lacks %s: %v", key, first)
			}
		}
		getPet = first["id"]
	})
	if getPet == "" {
		t.Fatal("cannot go on without an endpoint id")
	}

	t.Run("inspect", func(t *testing.T) {
		var got struct {
			ID, SpecDomain, Method, Path, BaseURL, FullURL string
			Operation                                      struct{ ID string }
		}
		ok(t, callTool(t, ctx, cs, "inspect", map[string]any{"endpointId": getPet}, &got))
		wantBase := srv.URL + petstore.Prefix
		if got.BaseURL != wantBase || got.FullURL != wantBase+"/pet/{petId}" || got.Operation.ID != "getPetById" || got.SpecDomain != "petstore" {
			t.Errorf("inspect = %+v", got)
		}
	})

	t.Run("endpoint_by_id", func(t *testing.T) {
		var got map[string]any
		ok(t, callTool(t, ctx, cs, "endpoint_by_id", map[string]any{"endpointId": getPet}, &got))
		if got["path"] != "/pet/{petId}" {
			t.Errorf("endpoint_by_id = %v", got)
		}
	})

	t.Run("invoke", func(t *testing.T) {
		var got struct {
			StatusCode int
			Headers    map[string]string
			Body       map[string]any
		}
		ok(t, callTool(t, ctx, cs, "invoke", map[string]any{"endpointId": getPet, "parameters": map[string]any{"petId": 1}}, &got))
		if got.StatusCode != 200 || got.Body["name"] != "Rex" {
			t.Errorf("invoke = %+v", got)
		}
		if _, leaked := got.Headers["set-cookie"]; leaked {
			t.Error("set-cookie passed through to the model")
		}
		reqs := upstream.Requests()
		if last := reqs[len(reqs)-1]; last.Method != "GET" || last.Path != petstore.Prefix+"/pet/1" {
			t.Errorf("upstream got %s %s", last.Method, last.Path)
		}
	})

	errorCases := []struct {
		name, tool string
		args       map[string]any
		code       string
	}{
		{"search limit 0", "search", map[string]any{"query": "pet", "limit": 0}, "validation_failed"},
		{"search limit 51", "search", map[string]any{"query": "pet", "limit": 51}, "validation_failed"},
		{"search empty query", "search", map[string]any{"query": "", "limit": 5}, "validation_failed"},
		{"inspect unknown id", "inspect", map[string]any{"endpointId": strings.Repeat("0", 32)}, "not_found"},
		{"endpoint_by_id unknown id", "endpoint_by_id", map[string]any{"endpointId": strings.Repeat("f", 32)}, "not_found"},
		{"invoke unknown id", "invoke", map[string]any{"endpointId": strings.Repeat("0", 32)}, "not_found"},
		{"invoke missing path param", "invoke", map[string]any{"endpointId": getPet}, "validation_failed"},
		{"invoke wrong type", "invoke", map[string]any{"endpointId": getPet, "parameters": map[string]any{"petId": "one"}}, "validation_failed"},
		{"invoke upstream 404", "invoke", map[string]any{"endpointId": getPet, "parameters": map[string]any{"petId": 42}}, "invoke_error"},
	}
	for _, c := range errorCases {
		t.Run(c.name, func(t *testing.T) {
			res := callTool(t, ctx, cs, c.tool, c.args, nil)
			if !res.IsError {
				t.Fatalf("want isError with %s, got success: %s", c.code, text(res))
			}
			var e struct {
				Error struct{ Code, Message string }
			}
			if err := json.Unmarshal([]byte(text(res)), &e); err != nil {
				t.Fatalf("error result is not JSON: %s", text(res))
			}
			if e.Error.Code != c.code || e.Error.Message == "" {
				t.Errorf("error = %+v, want code %s with a message", e.Error, c.code)
			}
		})
	}

	t.Run("script", func(t *testing.T) {
		// The contract's shape: search → describe → call → emit → return.
		code := `const found = await tools.search({ query: "find pet by id", limit: 3 });
const first = found.items[0];
const d = await tools.describe({ path: first.path });
const r = await tools.getPetById({ parameters: { petId: 2 } });
emit({ described: d.operation.id, input: d.inputTypeScript.length > 0 });
return { path: first.path, name: r.ok ? r.data.body.name : r.error.code };`
		var got struct {
			Result  map[string]any
			Emitted []map[string]any
			Calls   []map[string]any
		}
		ok(t, callTool(t, ctx, cs, "script", map[string]any{"code": code}, &got))
		if got.Result["path"] != "getPetById" || got.Result["name"] != "Tom" {
			t.Errorf("script result = %v", got.Result)
		}
		if len(got.Emitted) != 1 || got.Emitted[0]["described"] != "getPetById" || got.Emitted[0]["input"] != true {
			t.Errorf("emitted = %v", got.Emitted)
		}
		if len(got.Calls) != 3 {
			t.Errorf("calls trace = %v, want search, describe, call", got.Calls)
		}
	})

	t.Run("upstream unreachable", func(t *testing.T) {
		// A second server process pointed at a closed port: invoke_error names the cause.
		dead := httptest.NewServer(nil)
		dead.Close()
		cmd := exec.Command(binary)
		cmd.Env = append(os.Environ(), "PETSTORE_BASE_URL="+dead.URL, "PETSTORE_API_KEY=e2e-key")
		cs2, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer cs2.Close()
		res := callTool(t, ctx, cs2, "invoke", map[string]any{"endpointId": getPet, "parameters": map[string]any{"petId": 1}}, nil)
		if !res.IsError || !strings.Contains(text(res), "invoke_error") {
			t.Errorf("want invoke_error, got %s", text(res))
		}
	})
}

// TestServerFlags checks the binary's --version and --help.
func TestServerFlags(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a generated server")
	}
	binary := buildPetstore(t)
	out, err := exec.Command(binary, "--version").Output()
	if err != nil || !strings.Contains(string(out), "petstore-mcp") {
		t.Errorf("--version = %q, %v", out, err)
	}
	out, err = exec.Command(binary, "--help").Output()
	if err != nil || !strings.Contains(string(out), "PETSTORE_BASE_URL") {
		t.Errorf("--help = %q, %v", out, err)
	}
}

// buildPetstore generates the petstore server into a temporary module and
// builds it, once per test binary run.
func buildPetstore(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	_, err = generator.Generate(context.Background(), generator.Options{
		Specs:      []string{"testdata/petstore/petstore.yaml"},
		OutDir:     filepath.Join(dir, "mod"),
		RuntimeDir: root,
	})
	if err != nil {
		t.Fatalf("generate: %v", err)
	}
	binary := filepath.Join(dir, "petstore-mcp")
	cmd := exec.Command("go", "build", "-o", binary, ".")
	cmd.Dir = filepath.Join(dir, "mod")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return binary
}

func callTool(t *testing.T, ctx context.Context, cs *mcp.ClientSession, name string, args map[string]any, v any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error: %v", name, err)
	}
	if v != nil && !res.IsError {
		if err := json.Unmarshal([]byte(text(res)), v); err != nil {
			t.Fatalf("%s: result is not the expected JSON: %v\n%s", name, err, text(res))
		}
		if res.StructuredContent == nil {
			t.Errorf("%s: no structured content", name)
		}
	}
	return res
}

func ok(t *testing.T, res *mcp.CallToolResult) {
	t.Helper()
	if res.IsError {
		t.Fatalf("unexpected error result: %s", text(res))
	}
}

func text(res *mcp.CallToolResult) string {
	if len(res.Content) == 0 {
		return ""
	}
	if tc, ok := res.Content[0].(*mcp.TextContent); ok {
		return tc.Text
	}
	return ""
}
