package server

import (
	"flag"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/runtime/filter"
)

func TestResolvePolicy(t *testing.T) {
	yes, no := true, false
	config := `
read_only: true
confirm: always
audit_log: /var/log/a.jsonl
filter:
  include_tag: [pet, store]
  exclude_method: DELETE, PATCH
credentials:
  X_API_KEY: k
`
	tests := []struct {
		name    string
		config  string
		env     map[string]string
		flags   []string
		want    Policy
		wantErr string
	}{
		{name: "defaults", want: Policy{Confirm: ConfirmAuto}},
		{name: "config file", config: config, want: Policy{ReadOnly: &yes, Confirm: ConfirmAlways, AuditLog: "/var/log/a.jsonl",
			Filter: filter.Rules{IncludeTags: []string{"pet", "store"}, ExcludeMethods: []string{"DELETE", "PATCH"}}}},
		{name: "environment over config file", config: config,
			env: map[string]string{"SWAG2MCP_READ_ONLY": "false", "SWAG2MCP_CONFIRM": "Never", "SWAG2MCP_INCLUDE_TAG": "user"},
			want: Policy{ReadOnly: &no, Confirm: ConfirmNever, AuditLog: "/var/log/a.jsonl",
				Filter: filter.Rules{IncludeTags: []string{"user"}, ExcludeMethods: []string{"DELETE", "PATCH"}}}},
		{name: "flags over environment", env: map[string]string{"SWAG2MCP_READ_ONLY": "true", "SWAG2MCP_EXCLUDE_PATH": "/a/*"},
			flags: []string{"--read-only=false", "--confirm=always", "--exclude-path=/b/*", "--exclude-path", "/c/*,/d"},
			want:  Policy{ReadOnly: &no, Confirm: ConfirmAlways, Filter: filter.Rules{ExcludePaths: []string{"/b/*", "/c/*", "/d"}}}},
		{name: "bad confirm in env", env: map[string]string{"SWAG2MCP_CONFIRM": "maybe"}, wantErr: "SWAG2MCP_CONFIRM"},
		{name: "bad read-only in env", env: map[string]string{"SWAG2MCP_READ_ONLY": "perhaps"}, wantErr: "SWAG2MCP_READ_ONLY"},
		{name: "unknown filter key", config: "filter:\n  include_tags: [x]\n", wantErr: `unknown key "include_tags"`},
		{name: "nested filter value", config: "filter:\n  include_tag: [[x]]\n", wantErr: "filter.include_tag"},
		{name: "bad confirm flag", flags: []string{"--confirm=sometimes"}, wantErr: "invalid --confirm"},
		{name: "safe ops from the config file", config: "safe_ops: [search*, query]\n",
			want: Policy{Confirm: ConfirmAuto, SafeOps: []string{"search*", "query"}}},
		{name: "safe ops: environment over config, flags over environment", config: "safe_ops: a\n",
			env: map[string]string{"SWAG2MCP_SAFE_OP": "b,c"}, flags: []string{"--safe-op=d", "--safe-op", "e"},
			want: Policy{Confirm: ConfirmAuto, SafeOps: []string{"d", "e"}}},
		{name: "safe ops: environment", env: map[string]string{"SWAG2MCP_SAFE_OP": "b,c"},
			want: Policy{Confirm: ConfirmAuto, SafeOps: []string{"b", "c"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := flag.NewFlagSet("x", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			read := policyFlags(fs)
			if err := fs.Parse(tt.flags); err != nil {
				t.Fatal(err)
			}
			set, err := read()
			var got Policy
			if err == nil {
				got, err = resolvePolicy([]byte(tt.config), func(k string) string { return tt.env[k] }, set)
			}
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("policy (-want +got):\n%s", diff)
			}
		})
	}
}

func TestMainPolicyFlags(t *testing.T) {
	var out, errOut strings.Builder
	opts := testOptions(nil)
	opts.Args, opts.Stdout, opts.Stderr = []string{"--help"}, &out, &errOut
	if code := Main(opts); code != exitOK {
		t.Fatalf("--help exit %d: %s", code, errOut.String())
	}
	for _, want := range []string{"--read-only", "--confirm", "--audit-log", "--include-tag", "--exclude-path",
		"SWAG2MCP_READ_ONLY", "SWAG2MCP_EXCLUDE_METHOD"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("--help lacks %s", want)
		}
	}
	errOut.Reset()
	opts.Args = []string{"--confirm=maybe"}
	if code := Main(opts); code != exitUsage || !strings.Contains(errOut.String(), "invalid --confirm") {
		t.Errorf("--confirm=maybe: exit %d, stderr %q; want %d and the reason", code, errOut.String(), exitUsage)
	}
}
