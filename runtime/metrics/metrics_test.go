package metrics

import (
	"net/http/httptest"
	"strings"
	"testing"
)

// The registry is filled when the metrics are first served: what was
// counted before is served, with the Go and process collectors, and a
// second handler serves the same registry.
func TestCountsBeforeFirstHandler(t *testing.T) {
	r := New()
	r.ToolCall("search", "ok")
	r.Spilled()
	for k := range 2 {
		if k == 1 {
			r.ToolCall("search", "ok")
		}
		rec := httptest.NewRecorder()
		r.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
		body := rec.Body.String()
		want := []string{`swag2mcp_tool_calls_total{outcome="ok",tool="search"} ` + string(rune('1'+k)), "swag2mcp_spill_files_total 1", "go_goroutines "}
		for _, w := range want {
			if !strings.Contains(body, w) {
				t.Errorf("handler %d: no %q in\n%s", k, w, body)
			}
		}
	}
}

// A nil Recorder records nothing and serves no metrics.
func TestNilRecorder(t *testing.T) {
	var r *Recorder
	r.ToolCall("search", "ok")
	rec := httptest.NewRecorder()
	r.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if rec.Code != 404 {
		t.Errorf("nil recorder's handler = %d; want 404", rec.Code)
	}
}
