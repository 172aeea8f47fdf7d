package service

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

func TestAssembleDefs(t *testing.T) {
	defs := []catalog.Def{
		{Name: "A", Schema: catalog.Text(`{"type":"string"}`)}, // 17 bytes
		{Name: "B", Schema: catalog.Text(`{"type":"object","properties":{}}`)},
		{Name: "C", Schema: catalog.Text(`not json`)},
		{Name: "D", Schema: catalog.Text(``)},
	}
	// One def costs its quoted name, a colon, its schema and a comma (A:
	// 22 bytes), the braces 2, and room for every name with a separator
	// (a quarter of the budget at most) is kept free for the omitted list.
	tests := []struct {
		name        string
		idxs        []int
		budget      int
		want        string
		wantOmitted []string
	}{
		{"in order", []int{1, 0}, 1000, `{"B":{"type":"object","properties":{}},"A":{"type":"string"}}`, nil},
		{"exact fit", []int{0}, 2 + 22 + 4, `{"A":{"type":"string"}}`, nil},
		{"one byte short", []int{0}, 2 + 22 + 3, `{}`, []string{"A"}},
		{"smaller later defs still fit", []int{1, 0}, 40, `{"A":{"type":"string"}}`, []string{"B"}},
		{"duplicates once", []int{0, 0}, 1000, `{"A":{"type":"string"}}`, nil},
		{"broken schemas replaced", []int{2, 3}, 1000, `{"C":{"$comment":"schema unavailable"},"D":{"$comment":"schema unavailable"}}`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, omitted, n := assembleDefs(defs, tt.idxs, tt.budget)
			if n != len(omitted) {
				t.Errorf("omitted %d, listed %v", n, omitted)
			}
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("defs mismatch (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantOmitted, omitted); diff != "" {
				t.Errorf("omitted mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestAssembleDefsCountsWhatItWrites is the $defs budget bug: with
// hundreds of schemas left out, what the answer carries for them (their
// names now, placeholders before) must stay within the budget too.
func TestAssembleDefsCountsWhatItWrites(t *testing.T) {
	var defs []catalog.Def
	var idxs []int
	for i := range 500 {
		defs = append(defs, catalog.Def{Name: "schema_with_a_long_name_" + string(rune('a'+i%26)) + string(rune('a'+i/26)),
			Schema: catalog.Text(`{"type":"object","description":"x"}`)})
		idxs = append(idxs, i)
	}
	for _, budget := range []int{64, 1 << 10, 8 << 10, 16 << 10} {
		got, listed, omitted := assembleDefs(defs, idxs, budget)
		names, _ := json.Marshal(listed)
		if n := len(got) + len(names); n > budget+2 {
			t.Errorf("budget %d: $defs (%d bytes) and omitted names (%d bytes) take %d", budget, len(got), len(names), n)
		}
		if omitted+defCount(got) != len(defs) || len(listed) > omitted || len(listed) == 0 {
			t.Errorf("budget %d: %d omitted (%d listed) + %d kept, want %d", budget, omitted, len(listed), defCount(got), len(defs))
		}
	}
}
