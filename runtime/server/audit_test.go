package server

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// newLines decodes the JSON lines written to b since the last call (read
// marks how far that was).
func newLines(t *testing.T, b *lockedBuffer, read *int) ([]map[string]any, string) {
	t.Helper()
	all := b.String()
	text := all[*read:]
	*read = len(all)
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		if line == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("audit line is not JSON: %v\n%s", err, line)
		}
		out = append(out, m)
	}
	return out, text
}

func TestAuditLog(t *testing.T) {
	rec := newRecorder(t)
	secrets := []string{"supersecret-key", "tok-123", "sess-456", "hunter2", "tok-789", "pw-0"}
	opts := guardOptions(rec, map[string]string{"X_API_KEY": "supersecret-key"})
	var audit lockedBuffer
	read := 0
	opts.AuditWriter = &audit
	el := &elicitor{answer: &mcp.ElicitResult{Action: "decline"}}
	cs := connectWith(t, opts, &mcp.ClientOptions{ElicitationHandler: el.handle}, "")

	ignore := cmpopts.IgnoreMapEntries(func(k string, _ any) bool { return k == "time" || k == "duration_ms" })
	tests := []struct {
		name string
		args map[string]any
		want map[string]any
	}{
		{
			name: "GET with secrets in headers, cookies and parameters",
			args: map[string]any{
				"endpointId": idGetPet, "parameters": map[string]any{"petId": 7, "trace": "t-1"},
				"headers": map[string]any{"X-Auth-Token": "tok-123", "X-Extra": "e"}, // Authorization is refused before any audit
				"cookies": map[string]any{"session": "sess-456"},
			},
			want: map[string]any{
				"level": "INFO", "msg": "invoke", "endpoint": idGetPet, "method": "GET", "path": "/pets/{petId}",
				"operation": "getPetById", "confirmation": "not_needed", "status": 200.0, "bytes": 2.0, "spilled": false,
				"parameters": "petId=7 trace=\"t-1\"", "headers": "X-Auth-Token=*** X-Extra=e", "cookies": "session=***",
			},
		},
		{
			name: "declined POST with secrets in the body",
			args: map[string]any{"endpointId": idAddPet, "requestBody": map[string]any{
				"name": "Rex", "password": "hunter2", "owner": map[string]any{"apiToken": "tok-789", "pin": 1},
				"list": []any{map[string]any{"Secret": "pw-0"}},
			}},
			want: map[string]any{
				"level": "WARN", "msg": "invoke", "endpoint": idAddPet, "method": "POST", "path": "/pets",
				"operation": "addPet", "confirmation": "declined", "refused": "not_confirmed",
				"body": `{"list":[{"Secret":"***"}],"name":"Rex","owner":{"apiToken":"***","pin":1},"password":"***"}`,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			call(t, cs, "invoke", tt.args)
			lines, text := newLines(t, &audit, &read)
			if len(lines) != 1 {
				t.Fatalf("%d audit lines, want 1:\n%s", len(lines), text)
			}
			if diff := cmp.Diff(tt.want, lines[0], ignore); diff != "" {
				t.Errorf("audit line (-want +got):\n%s", diff)
			}
			for _, s := range secrets {
				if strings.Contains(text, s) {
					t.Errorf("audit line shows secret %q:\n%s", s, text)
				}
			}
		})
	}
}

func TestAuditLogFile(t *testing.T) {
	rec := newRecorder(t)
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	cs := connect(t, guardOptions(rec, map[string]string{"SWAG2MCP_AUDIT_LOG": path}))
	call(t, cs, "invoke", listArgs)
	call(t, cs, "invoke", listArgs)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "\n"); n != 2 {
		t.Errorf("%d lines, want 2:\n%s", n, b)
	}
	if !strings.Contains(string(b), `"confirmation":"not_needed"`) {
		t.Errorf("no confirmation outcome in:\n%s", b)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("audit file mode = %v (%v), want 0600", fi.Mode().Perm(), err)
	}
}
