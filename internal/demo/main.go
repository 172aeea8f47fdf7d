// Command demo runs a short MCP session against a generated petstore server:
// it starts a local petstore upstream, launches the server binary over stdio
// with the official Go SDK client, and shows tools/list, search, inspect,
// invoke and one error, as a model would see them.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/swag2mcp/swag2mcp/internal/petstore"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	binary := fs.String("server", "", "path of the generated petstore server binary")
	if err := fs.Parse(args); err != nil || *binary == "" {
		fmt.Fprintln(stderr, "usage: demo -server PATH")
		return 2
	}
	if err := session(*binary, stdout); err != nil {
		fmt.Fprintln(stderr, "demo:", err)
		return 1
	}
	return 0
}

func session(binary string, out io.Writer) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	upstream := httptest.NewServer(petstore.New())
	defer upstream.Close()

	cmd := exec.CommandContext(ctx, binary)
	// The demo calls one endpoint twice in a row: lift the per-endpoint cooldown.
	cmd.Env = append(os.Environ(), "PETSTORE_BASE_URL="+upstream.URL+petstore.Prefix, "PETSTORE_API_KEY=demo-key", "PETSTORE_COOLDOWN=0")
	cmd.Stderr = io.Discard
	client := mcp.NewClient(&mcp.Implementation{Name: "swag2mcp-demo", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		return fmt.Errorf("start %s: %w", binary, err)
	}
	defer cs.Close()

	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		return err
	}
	var names []string
	for _, t := range tools.Tools {
		names = append(names, t.Name)
	}
	fmt.Fprintf(out, "tools/list → %s\n\n", strings.Join(names, ", "))

	var found struct {
		Endpoints []struct{ ID, Method, Path, Summary string }
	}
	if err := call(ctx, cs, out, "search", map[string]any{"query": "find a pet by its id", "limit": 3}, &found); err != nil {
		return err
	}
	if len(found.Endpoints) == 0 {
		return fmt.Errorf("search found nothing")
	}
	id := found.Endpoints[0].ID
	if err := call(ctx, cs, out, "inspect", map[string]any{"endpointId": id}, nil); err != nil {
		return err
	}
	if err := call(ctx, cs, out, "invoke", map[string]any{"endpointId": id, "parameters": map[string]any{"petId": 1}}, nil); err != nil {
		return err
	}
	return call(ctx, cs, out, "invoke", map[string]any{"endpointId": id, "parameters": map[string]any{"petId": 42}}, nil)
}

// call runs one tool, prints the exchange (long answers cut) and decodes the
// structured result into v when v is not nil.
func call(ctx context.Context, cs *mcp.ClientSession, out io.Writer, tool string, args map[string]any, v any) error {
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		return fmt.Errorf("%s: %w", tool, err)
	}
	in, _ := json.Marshal(args)
	text := ""
	if len(res.Content) > 0 {
		if tc, ok := res.Content[0].(*mcp.TextContent); ok {
			text = tc.Text
		}
	}
	status := "ok"
	if res.IsError {
		status = "isError"
	}
	fmt.Fprintf(out, "%s %s → %s\n%s\n\n", tool, in, status, shorten(text, 700))
	if v != nil {
		return json.Unmarshal([]byte(text), v)
	}
	return nil
}

func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + fmt.Sprintf(" … (%d more bytes)", len(s)-n)
}
