package server

import (
	"strings"
	"testing"
)

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
