package script

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// pagedHost serves "list": pages 1 to Pages of one item each, every
// answer but the last with a next hint, each padded to Pad bytes.
type pagedHost struct {
	Pages int
	Pad   int

	mu    sync.Mutex
	calls int
}

func (h *pagedHost) Known(name string) bool { return name == "list" }

func (h *pagedHost) Search(context.Context, SearchQuery) (json.RawMessage, error) {
	return json.RawMessage(`{"items":[],"total":0}`), nil
}

func (h *pagedHost) Describe(context.Context, string) (json.RawMessage, error) {
	return json.RawMessage(`{}`), nil
}

func (h *pagedHost) Call(_ context.Context, _ string, args json.RawMessage) CallResult {
	h.mu.Lock()
	h.calls++
	h.mu.Unlock()
	var a struct {
		Parameters struct {
			Page int    `json:"page"`
			Size string `json:"size"`
		} `json:"parameters"`
	}
	json.Unmarshal(args, &a)
	p := max(a.Parameters.Page, 1)
	next := ""
	if p < h.Pages {
		next = fmt.Sprintf(`,"next":{"parameters":{"page":%d,"size":%q},"via":"test"}`, p+1, a.Parameters.Size)
	}
	return CallResult{OK: true, Data: json.RawMessage(fmt.Sprintf(`{"statusCode":200,"body":{"item":%d,"pad":%q}%s}`,
		p, strings.Repeat("x", h.Pad), next))}
}

func TestPages(t *testing.T) {
	collect := `const { pages, stopped, next } = await tools.pages("list", { parameters: { size: "s" } }%s);
		return { items: pages.map(r => r.ok ? r.data.body.item : r.error.code), stopped, next };`
	tests := []struct {
		name      string
		host      *pagedHost
		opts      string
		want      outcome
		wantCalls int
	}{
		{"every page until no next", &pagedHost{Pages: 4}, "",
			outcome{Value: map[string]any{"items": []any{1.0, 2.0, 3.0, 4.0}, "stopped": "last page", "next": nil}}, 4},
		{"maxPages", &pagedHost{Pages: 9}, ", { maxPages: 2 }",
			outcome{Value: map[string]any{"items": []any{1.0, 2.0}, "stopped": "maxPages", "next": map[string]any{"page": 3.0, "size": "s"}}}, 2},
		{"default page bound", &pagedHost{Pages: 1000}, "",
			outcome{Value: map[string]any{"items": pagesUpTo(DefaultMaxPages), "stopped": "maxPages", "next": map[string]any{"page": float64(DefaultMaxPages + 1), "size": "s"}}},
			DefaultMaxPages},
		// Pages of 6 MiB: two fit the 16 MiB transfer budget, a third
		// would not, so it is not fetched.
		{"stops before the transfer budget runs out", &pagedHost{Pages: 5, Pad: 6 << 20}, "",
			outcome{Value: map[string]any{"items": []any{1.0, 2.0}, "stopped": "transfer budget", "next": map[string]any{"page": 3.0, "size": "s"}}}, 2},
		{"each, stopping early", &pagedHost{Pages: 5}, `, { each: async (r, i) => { emit(r.data.body.item); return i < 1; } }`,
			outcome{Value: map[string]any{"items": []any{}, "stopped": "each", "next": nil}, Emitted: []any{1.0, 2.0}}, 2},
		{"bad maxPages", &pagedHost{Pages: 2}, ", { maxPages: 0 }", outcome{Code: CodeException, Line: 1}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Run(context.Background(), fmt.Sprintf(collect, tt.opts), tt.host, Limits{})
			got := summarize(t, res)
			got.Column = 0
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("outcome mismatch (-want +got):\n%s\n%v", diff, res.Err)
			}
			if tt.host.calls != tt.wantCalls {
				t.Errorf("%d calls, want %d", tt.host.calls, tt.wantCalls)
			}
		})
	}
}

func pagesUpTo(n int) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = float64(i + 1)
	}
	return out
}
