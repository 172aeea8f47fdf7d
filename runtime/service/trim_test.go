package service

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestTrimBody(t *testing.T) {
	long := strings.Repeat("é", 150) // 300 bytes
	body := decodeJSON(t, `{"items":[{"id":1,"tags":[1,2,3,4,5,6,7],"note":null},{"id":2,"tags":[1,2,3,4,5,6,7,8]},{"id":3},{"id":4},{"id":5},{"id":6}],`+
		`"text":"`+long+`","short":"ok","gone":null,"odd key":[1,2,3,4,5,6]}`)
	got, tr := trimBody(body)
	want := decodeJSON(t, `{"items":[{"id":1,"tags":[1,2,3]},{"id":2,"tags":[1,2,3]},{"id":3}],"text":"`+strings.Repeat("é", 100)+`…","short":"ok","odd key":[1,2,3]}`)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("body mismatch (-want +got):\n%s", diff)
	}
	wantTr := &Trimmed{
		Arrays:  []TrimmedArray{{Path: "$.items", Length: 6, Kept: 3}, {Path: "$.items[*].tags", Length: 8, Kept: 3}, {Path: `$["odd key"]`, Length: 6, Kept: 3}},
		Strings: 1, Nulls: 2, Detailed: tr.Detailed,
	}
	if diff := cmp.Diff(wantTr, tr); diff != "" {
		t.Errorf("trimmed mismatch (-want +got):\n%s", diff)
	}
	if !strings.Contains(tr.Detailed, `response_format "detailed"`) {
		t.Errorf("detailed = %q", tr.Detailed)
	}

	small := decodeJSON(t, `{"a":[1,2,3,4,5],"b":"x"}`)
	if got, tr := trimBody(small); tr != nil || !cmp.Equal(small, got) {
		t.Errorf("a small body changed: %v, %+v", got, tr)
	}
}

func TestTrimBodyBoundsListedPaths(t *testing.T) {
	m := map[string]any{}
	for i := range 30 {
		m[strings.Repeat("k", i+1)] = []any{1, 2, 3, 4, 5, 6}
	}
	_, tr := trimBody(m)
	if len(tr.Arrays) != maxTrimmedPaths || tr.MoreArrays != 30-maxTrimmedPaths {
		t.Errorf("%d paths listed, %d more; want %d and %d", len(tr.Arrays), tr.MoreArrays, maxTrimmedPaths, 30-maxTrimmedPaths)
	}
}

func decodeJSON(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	return v
}
