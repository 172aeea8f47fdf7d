package server

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// Distinctive credential values: none may appear in anything the server
// writes.
var secretValues = []string{
	"sk-QUERYKEY-4471-never-shown",
	"bearer-TOKEN-9913-never-shown",
	"cfg-FILEKEY-2208-never-shown",
}

// TestSecretsNeverWritten runs Main as a generated server would, with
// credentials in the environment and the config file, makes calls that
// succeed, fail at the API, fail on the network and fail for missing
// credentials, and searches everything written to stdout and stderr for
// the secret values.
func TestSecretsNeverWritten(t *testing.T) {
	// The upstream echoes credentials back in headers a careless server
	// would pass on, and refuses /items/401 quoting a harmless message.
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := r.URL.Query().Get("key")
		w.Header().Set("Set-Cookie", "session="+key)
		w.Header().Set("X-Api-Key", key)
		w.Header().Set("Authorization", r.Header.Get("Authorization"))
		w.Header().Set("Content-Type", "application/json")
		if strings.HasSuffix(r.URL.Path, "/401") {
			w.WriteHeader(401)
			io.WriteString(w, `{"message":"bad credentials"}`)
			return
		}
		io.WriteString(w, `{"ok":true}`)
	}))
	defer up.Close()
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()

	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(cfg, []byte("credentials:\n  OTHER_API_KEY: "+secretValues[2]+"\nlimits:\n  cooldown: 0\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var written lockedBuffer // stdout and stderr, interleaved
	run := func(baseURL string, calls func(cs *mcp.ClientSession)) {
		cat := shopCatalog()
		cat.Specs[0].Security[0].In, cat.Specs[0].Security[0].ParamName = "query", "key"
		cat.Specs = append(cat.Specs, cat.Specs[0])
		other := &cat.Specs[1]
		other.ID, other.Domain, other.EnvPrefix = "07e40000000000000000000000000000", "other", "OTHER"
		other.Security = []catalog.SecurityScheme{{Name: "api_key", Type: "apiKey", In: "header", ParamName: "X-Key", EnvVars: []string{"OTHER_API_KEY"}}}
		env := map[string]string{"SHOP_BASE_URL": baseURL, "SHOP_API_KEY": secretValues[0], "SHOP_BEARER": secretValues[1]}
		opts := shopOptions(&shop{Server: up}, nil)
		opts.Catalog = cat
		opts.Getenv = func(k string) string { return env[k] }
		opts.Args = []string{"--log-level", "debug", "--config", cfg}
		clientR, serverW := io.Pipe()
		serverR, clientW := io.Pipe()
		opts.Stdin = serverR
		opts.Stdout = io.MultiWriter(serverW, &written)
		opts.Stderr = &written
		exit := make(chan int, 1)
		go func() {
			exit <- Main(opts)
			serverW.Close()
		}()
		client := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "v0"}, nil)
		cs, err := client.Connect(context.Background(), &mcp.IOTransport{Reader: clientR, Writer: clientW}, nil)
		if err != nil {
			t.Fatalf("Connect: %v", err)
		}
		calls(cs)
		cs.Close()
		if code := <-exit; code != 0 {
			t.Errorf("Main = %d, want 0", code)
		}
	}
	invoke := func(cs *mcp.ClientSession, args map[string]any) {
		if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "invoke", Arguments: args}); err != nil {
			t.Errorf("invoke %v: %v", args, err)
		}
	}
	run(up.URL, func(cs *mcp.ClientSession) {
		invoke(cs, map[string]any{"endpointId": idGetItem, "parameters": map[string]any{"id": 1}})
		invoke(cs, map[string]any{"endpointId": idGetItem, "parameters": map[string]any{"id": 401}})
		invoke(cs, map[string]any{"endpointId": idAddItem, "requestBody": map[string]any{"name": "x"}})
		invoke(cs, map[string]any{"endpointId": idGetItem, "parameters": map[string]any{"id": "bad"}})
		for _, args := range []map[string]any{{}, {"refresh": true}} {
			if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "auth", Arguments: args}); err != nil {
				t.Errorf("auth: %v", err)
			}
		}
	})
	run(closed.URL, func(cs *mcp.ClientSession) { // network failure with the key in the query
		invoke(cs, map[string]any{"endpointId": idGetItem, "parameters": map[string]any{"id": 2}})
	})
	out := written.String()
	for _, s := range secretValues {
		if strings.Contains(out, s) {
			t.Errorf("the server wrote secret %q:\n%s", s, out)
		}
	}
	// The calls did happen: the answers and logs are there to search.
	for _, want := range []string{`"statusCode":200`, "HTTP 401", "connection refused", `"configured":true`, "msg=invoke"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q; the scenario did not run as planned:\n%s", want, out)
		}
	}
}

// lockedBuffer is a bytes.Buffer two goroutines can write.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
