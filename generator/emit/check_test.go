package emit

import (
	"strings"
	"testing"

	"github.com/swag2mcp/swag2mcp/generator/ir"
)

func TestCheck(t *testing.T) {
	pet := func(a *ir.API) *ir.Spec { return a.Specs[0] }
	update := func(a *ir.API) *ir.Endpoint { return pet(a).Collections[0].Tags[0].Endpoints[0] }
	tests := []struct {
		name   string
		mutate func(a *ir.API) *ir.API
		want   string
	}{
		{"nil api", func(*ir.API) *ir.API { return nil }, "nil api"},
		{"no name", func(a *ir.API) *ir.API { a.Name = ""; return a }, "no name"},
		{"bad module", func(a *ir.API) *ir.API { a.Module = "x\ny"; return a }, "module path"},
		{"no specs", func(a *ir.API) *ir.API { a.Specs = nil; return a }, "no specs"},
		{"nil spec", func(a *ir.API) *ir.API { a.Specs[1] = nil; return a }, "spec 1 is nil"},
		{"empty domain", func(a *ir.API) *ir.API { pet(a).Domain = ""; return a }, "invalid domain"},
		{"domain with slash", func(a *ir.API) *ir.API { pet(a).Domain = "../x"; return a }, "invalid domain"},
		{"domain twice", func(a *ir.API) *ir.API { a.Specs[1].Domain = "petstore"; return a }, "used twice"},
		{"nil scheme", func(a *ir.API) *ir.API { pet(a).Security[1] = nil; return a }, "security scheme 1 is nil"},
		{"nil collection", func(a *ir.API) *ir.API { pet(a).Collections[0] = nil; return a }, "nil collection"},
		{"nil tag", func(a *ir.API) *ir.API { pet(a).Collections[0].Tags[0] = nil; return a }, "nil tag"},
		{"nil endpoint", func(a *ir.API) *ir.API { pet(a).Collections[0].Tags[0].Endpoints[1] = nil; return a }, "nil endpoint"},
		{"id twice", func(a *ir.API) *ir.API { update(a).ID = "e3"; return a }, `id "e3" used twice`},
		{"go name with space", func(a *ir.API) *ir.API { update(a).GoName = "Update Pet"; return a }, "invalid Go name"},
		{"go name unexported", func(a *ir.API) *ir.API { update(a).GoName = "updatePet"; return a }, "invalid Go name"},
		{"go name injection", func(a *ir.API) *ir.API { update(a).GoName = "X(){}; func Y"; return a }, "invalid Go name"},
		{"go name twice", func(a *ir.API) *ir.API { update(a).GoName = "GetForecast"; return a }, "already used"},
		{"field name bad", func(a *ir.API) *ir.API { update(a).Params[0].GoName = "1d"; return a }, "invalid Go name"},
		{"field name twice", func(a *ir.API) *ir.API { update(a).Params[1].GoName = "ID"; return a }, `Go name "ID" used twice`},
		{"unknown kind", func(a *ir.API) *ir.API { update(a).Params[0].Type.Kind = 99; return a }, "unknown kind 99"},
		{"unknown elem", func(a *ir.API) *ir.API { update(a).Params[4].Type.Elem = -1; return a }, "array element: unknown kind -1"},
		{"scheme out of range", func(a *ir.API) *ir.API {
			update(a).Security[0].Schemes[0].Scheme = 3
			return a
		}, "security scheme index 3 out of range"},
		{"def out of range", func(a *ir.API) *ir.API { update(a).DefRefs = []int{2}; return a }, "def index 2 out of range"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files, err := Emit(tt.mutate(fixture()), testOptions(""))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
			if files != nil {
				t.Errorf("files returned with an error")
			}
		})
	}
}
