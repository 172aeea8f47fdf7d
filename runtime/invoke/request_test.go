package invoke

import (
	"errors"
	"strings"
	"testing"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// TestParamByName checks that a stub's values land on the parameters it
// names, whatever their order in the catalog, and that a name the endpoint
// lacks is a problem rather than a silently dropped value.
func TestParamByName(t *testing.T) {
	ep := catalog.Endpoint{Method: "GET", Path: "/pets/{id}", Params: []catalog.Param{
		{Name: "id", In: "path", Required: true},
		{Name: "limit", In: "query"},
	}}
	r := NewRequest(&Input{Endpoint: &ep})
	r.Param("limit", 5) // the reverse of the catalog's order
	r.Param("id", "rex")
	p, err := r.prepare()
	if err != nil {
		t.Fatal(err)
	}
	if p.path != "/pets/rex" || strings.Join(p.query, "&") != "limit=5" {
		t.Errorf("path %q, query %q; want /pets/rex and limit=5", p.path, p.query)
	}

	r = NewRequest(&Input{Endpoint: &ep})
	r.Param("id", "rex")
	r.Param("lmit", 5)
	_, err = r.prepare()
	var ve *ValidationError
	if !errors.As(err, &ve) || !strings.Contains(ve.Error(), `endpoint has no parameter "lmit"`) {
		t.Errorf("err = %v; want a problem naming the unknown parameter", err)
	}
}
