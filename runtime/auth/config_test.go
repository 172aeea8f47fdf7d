package auth

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCredentials: the config file's credentials (read by runtime/config)
// apply, and the environment wins over them.
func TestCredentials(t *testing.T) {
	file := map[string]string{"PETSTORE_API_KEY": "from-file", "PETSTORE_BEARER": "file-bearer"}
	tests := []struct {
		name string
		env  map[string]string
		want map[string]string // variable → value Lookup returns
	}{
		{name: "file values", want: map[string]string{"PETSTORE_API_KEY": "from-file", "PETSTORE_BEARER": "file-bearer"}},
		{name: "environment wins", env: map[string]string{"PETSTORE_BEARER": "env-bearer"},
			want: map[string]string{"PETSTORE_API_KEY": "from-file", "PETSTORE_BEARER": "env-bearer"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := New(testCatalog(""), Options{Getenv: env(tt.env), Credentials: file})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for name := range tt.want {
				got[name] = p.Lookup(name)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
