package naming

import (
	"regexp"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFlatName(t *testing.T) {
	tests := []struct {
		name                       string
		domain, opID, method, path string
		prefix                     bool
		want                       string
	}{
		{"operationId kept", "petstore", "getPetById", "get", "/pets/{petId}", false, "getPetById"},
		{"slashes and hyphens", "github", "repos/list-for-org", "get", "/orgs/{org}/repos", false, "repos_list_for_org"},
		{"prefixed by domain", "weather-example-com", "get.forecast", "get", "/f", true, "weather_example_com_get_forecast"},
		{"no operationId", "petstore", "", "GET", "/pets/{petId}", false, "getPetsPetID"},
		{"no operationId prefixed", "petstore", " ", "delete", "/pets", true, "petstore_deletePets"},
		{"symbols only", "petstore", "!!!", "post", "/", false, "post"},
		{"leading digit", "petstore", "2fa-enable", "post", "/2fa", false, "_2fa_enable"},
		{"leading digit domain", "3d", "render", "post", "/r", true, "_3d_render"},
		{"non-ASCII dropped", "petstore", "größe", "get", "/g", false, "gr_e"},
		{"underscores kept inside", "petstore", "__list__pets__", "get", "/p", false, "list__pets"},
		{"reserved name kept", "petstore", "search", "get", "/search", false, "search"},
		{"initialism path", "petstore", "", "get", "/HTTPServer", false, "getHTTPServer"},
	}
	ident := regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := FlatName(tt.domain, tt.opID, tt.method, tt.path, tt.prefix)
			if got != tt.want {
				t.Errorf("FlatName = %q, want %q", got, tt.want)
			}
			if !ident.MatchString(got) {
				t.Errorf("FlatName = %q is not a JavaScript identifier", got)
			}
		})
	}
}

func TestLowerFirst(t *testing.T) {
	tests := []struct{ in, want string }{
		{"GetPets", "getPets"}, {"HTTPServer", "httpServer"}, {"ID", "id"}, {"get", "get"}, {"X2", "x2"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := lowerFirst(tt.in); got != tt.want {
				t.Errorf("lowerFirst(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestFlatNamer(t *testing.T) {
	var n FlatNamer
	var got []string
	for _, base := range []string{"getPet", "getPet", "getPet_2", "getPet", "list"} {
		got = append(got, n.Unique(base))
	}
	want := []string{"getPet", "getPet_2", "getPet_2_2", "getPet_3", "list"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("names mismatch (-want +got):\n%s", diff)
	}
}

func FuzzFlatName(f *testing.F) {
	f.Add("petstore", "getPet", "get", "/pets", true)
	f.Add("", "", "", "", false)
	f.Add("9", "-", "x", "/{a}", true)
	ident := regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	f.Fuzz(func(t *testing.T, domain, opID, method, path string, prefix bool) {
		if got := FlatName(domain, opID, method, path, prefix); !ident.MatchString(got) {
			t.Errorf("FlatName(%q, %q, %q, %q, %v) = %q, not an identifier", domain, opID, method, path, prefix, got)
		}
	})
}
