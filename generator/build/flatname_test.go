package build

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFlatNames(t *testing.T) {
	spec := func(title string) string {
		return `openapi: 3.0.3
info: {title: ` + title + `, version: "1"}
paths:
  /pets:
    get: {operationId: list-pets, responses: {"200": {description: ok}}}
    post: {operationId: list_pets, responses: {"200": {description: ok}}}
  /pets/{id}:
    get:
      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
      responses: {"200": {description: ok}}
`
	}
	flat := func(files map[string]string, specs []string) []string {
		api, msgs := buildFiles(t, files, specs, Options{})
		if len(msgs) > 0 {
			t.Fatalf("diagnostics: %v", msgs)
		}
		var out []string
		for _, s := range api.Specs {
			for _, e := range endpoints(s) {
				out = append(out, e.FlatName)
			}
		}
		return out
	}
	t.Run("one spec: operationIds, collisions numbered in catalog order", func(t *testing.T) {
		got := flat(map[string]string{"pets.yaml": spec("Pets")}, []string{"pets.yaml"})
		want := []string{"list_pets", "list_pets_2", "getPetsID"}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("flat names (-want +got):\n%s", diff)
		}
	})
	t.Run("several specs: prefixed by domain", func(t *testing.T) {
		got := flat(map[string]string{"pets.yaml": spec("Pets"), "shop-v2.yaml": spec("Shop")}, []string{"pets.yaml", "shop-v2.yaml"})
		want := []string{"pets_list_pets", "pets_list_pets_2", "pets_getPetsID", "shop_v2_list_pets", "shop_v2_list_pets_2", "shop_v2_getPetsID"}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("flat names (-want +got):\n%s", diff)
		}
	})
}
