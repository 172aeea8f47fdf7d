package service

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

func TestAssembleDefs(t *testing.T) {
	defs := []catalog.Def{
		{Name: "A", Schema: `{"type":"string"}`}, // 17 bytes
		{Name: "B", Schema: `{"type":"object","properties":{}}`},
		{Name: "C", Schema: `not json`},
		{Name: "D", Schema: ``},
	}
	tests := []struct {
		name        string
		idxs        []int
		budget      int
		want        string
		wantOmitted int
	}{
		{"in order", []int{1, 0}, 1000, `{"B":{"type":"object","properties":{}},"A":{"type":"string"}}`, 0},
		{"exact fit", []int{0}, 17, `{"A":{"type":"string"}}`, 0},
		{"one byte short", []int{0}, 16, `{"A":{"$comment":"omitted to keep this answer small"}}`, 1},
		{"duplicates once", []int{0, 0}, 1000, `{"A":{"type":"string"}}`, 0},
		{"broken schemas replaced", []int{2, 3}, 1000, `{"C":{"$comment":"schema unavailable"},"D":{"$comment":"schema unavailable"}}`, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, omitted := assembleDefs(defs, tt.idxs, tt.budget)
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("defs mismatch (-want +got):\n%s", diff)
			}
			if omitted != tt.wantOmitted {
				t.Errorf("omitted = %d, want %d", omitted, tt.wantOmitted)
			}
		})
	}
}
