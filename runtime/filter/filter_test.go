package filter

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMatch(t *testing.T) {
	tests := []struct {
		pattern, s string
		want       bool
	}{
		{"/pets/*", "/pets/{petId}", true},
		{"/pets/*", "/pets/{petId}/photos", true}, // * crosses slashes
		{"/pets/*", "/pets", false},
		{"/pets*", "/pets", true},
		{"/store/order/?", "/store/order/1", true},
		{"DELETE", "delete", true},
		{"get*", "getPetById", true},
		{"*Pet*", "addPet", true},
		{"ärger", "ÄRGER", true},
		{"a?c", "aüc", true},
		{"", "", true},
		{"x", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.pattern+" "+tt.s, func(t *testing.T) {
			if got := Match(tt.pattern, tt.s); got != tt.want {
				t.Errorf("Match(%q, %q) = %v, want %v", tt.pattern, tt.s, got, tt.want)
			}
		})
	}
}

func TestKeep(t *testing.T) {
	ops := []Op{
		{Method: "GET", Path: "/pets", OperationID: "listPets", Tags: []string{"pet"}},
		{Method: "POST", Path: "/pets", OperationID: "addPet", Tags: []string{"pet"}},
		{Method: "DELETE", Path: "/pets/{petId}", OperationID: "deletePet", Tags: []string{"pet", "admin"}},
		{Method: "GET", Path: "/store/inventory", OperationID: "getInventory", Tags: []string{"store"}},
		{Method: "GET", Path: "/health"},
	}
	tests := []struct {
		name  string
		rules Rules
		want  []string // operationIds or paths kept
	}{
		{"no rules", Rules{}, []string{"listPets", "addPet", "deletePet", "getInventory", "/health"}},
		{"include tag", Rules{IncludeTags: []string{"PET"}}, []string{"listPets", "addPet", "deletePet"}},
		{"second tag counts", Rules{IncludeTags: []string{"admin"}}, []string{"deletePet"}},
		{"includes are a union", Rules{IncludeTags: []string{"store"}, IncludeOps: []string{"addPet"}}, []string{"addPet", "getInventory"}},
		{"exclude wins", Rules{IncludeTags: []string{"pet"}, ExcludeMethods: []string{"delete"}}, []string{"listPets", "addPet"}},
		{"exclude only", Rules{ExcludePaths: []string{"/pets*"}}, []string{"getInventory", "/health"}},
		{"include method", Rules{IncludeMethods: []string{"GET"}}, []string{"listPets", "getInventory", "/health"}},
		{"include path glob", Rules{IncludePaths: []string{"/store/*", "/health"}}, []string{"getInventory", "/health"}},
		{"exclude op glob", Rules{ExcludeOps: []string{"*Pet"}}, []string{"listPets", "getInventory", "/health"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, op := range ops {
				if tt.rules.Keep(op) {
					got = append(got, op.OperationID+map[bool]string{true: op.Path}[op.OperationID == ""])
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("kept (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCheckAndDescribe(t *testing.T) {
	r := Rules{IncludeTags: []string{"pet", "store"}, ExcludeMethods: []string{"DELETE"}}
	if err := r.Check(); err != nil {
		t.Fatal(err)
	}
	if got, want := r.Describe(), "include-tag=pet,store exclude-method=DELETE"; got != want {
		t.Errorf("Describe = %q, want %q", got, want)
	}
	tests := []struct {
		name  string
		rules Rules
		want  string
	}{
		{"empty pattern", Rules{ExcludePaths: []string{" "}}, "exclude-path: empty pattern"},
		{"long pattern", Rules{IncludeOps: []string{strings.Repeat("x", maxPatternLen+1)}}, "include-op: pattern longer"},
		{"too many", Rules{IncludeTags: slices.Repeat([]string{"t"}, maxPatterns+1)}, "more than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.rules.Check()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Check = %v, want %q", err, tt.want)
			}
		})
	}
	if diff := cmp.Diff([]string{"a", "b", "c"}, Split(" a, b,,c ,")); diff != "" {
		t.Errorf("Split (-want +got):\n%s", diff)
	}
}
