package naming

import (
	"go/token"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDomain(t *testing.T) {
	tests := []struct{ in, want string }{
		{"petstore.yaml", "petstore"},
		{"specs/api.github.com.json", "api-github-com"},
		{"/abs/Path/My_API v2.yml", "my-api-v2"},
		{"noext", "noext"},
		{".yaml", "api"},
		{"", "api"},
		{"dir/", "dir"},
		{"Grüße.yaml", "gr--e"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := Domain(tt.in); got != tt.want {
				t.Errorf("Domain(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestIDs(t *testing.T) {
	// Computed by hand: printf "petstore GET /pets" | md5sum.
	tests := []struct{ name, got, want string }{
		{"endpoint", EndpointID("petstore", "get", "/pets"), "e098e40351ed9a5af8c70cf0e9f1100c"},
		{"spec", SpecID("petstore"), ID("petstore")},
		{"collection", CollectionID("petstore", "Pets"), ID("petstore/Pets")},
		{"tag", TagID("petstore", "pets"), ID("petstore#pets")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %s, want %s", tt.got, tt.want)
			}
		})
	}
}

func TestSchemeEnvVars(t *testing.T) {
	tests := []struct {
		name string
		s    Scheme
		want []string
	}{
		{"apiKey", Scheme{Name: "api_key", Type: "apiKey"}, []string{"PETSTORE_API_KEY"}},
		{"bearer", Scheme{Name: "bearerAuth", Type: "http", HTTPScheme: "bearer"}, []string{"PETSTORE_BEARERAUTH"}},
		{"basic", Scheme{Name: "basic-auth", Type: "http", HTTPScheme: "Basic"},
			[]string{"PETSTORE_BASIC_AUTH_USERNAME", "PETSTORE_BASIC_AUTH_PASSWORD"}},
		{"swagger basic", Scheme{Name: "b", Type: "basic"}, []string{"PETSTORE_B_USERNAME", "PETSTORE_B_PASSWORD"}},
		{"client credentials", Scheme{Name: "oauth", Type: "oauth2", ClientCredentials: true}, []string{
			"PETSTORE_OAUTH_CLIENT_ID", "PETSTORE_OAUTH_CLIENT_SECRET", "PETSTORE_OAUTH_TOKEN_URL", "PETSTORE_OAUTH_SCOPES"}},
		{"implicit", Scheme{Name: "petstore_auth", Type: "oauth2"}, []string{"PETSTORE_PETSTORE_AUTH_TOKEN"}},
		{"oidc", Scheme{Name: "oidc", Type: "openIdConnect"}, []string{"PETSTORE_OIDC_TOKEN"}},
		{"mtls", Scheme{Name: "m", Type: "mutualTLS"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SchemeEnvVars(EnvPrefix("petstore"), tt.s)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	if got := EnvPrefix("api-github-com"); got != "API_GITHUB_COM" {
		t.Errorf("EnvPrefix = %q", got)
	}
	if got := BaseURLVar("PETSTORE"); got != "PETSTORE_BASE_URL" {
		t.Errorf("BaseURLVar = %q", got)
	}
}

func TestGoName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"getPetById", "GetPetByID"},
		{"listPets", "ListPets"},
		{"pet_id", "PetID"},
		{"HTTPServer", "HTTPServer"},
		{"get-user-url", "GetUserURL"},
		{"v2Users", "V2Users"},
		{"2fa", "X2fa"},
		{"", "X"},
		{"日本", "X"},
		{"café au lait", "CafAuLait"},
		{"X-Request-ID", "XRequestID"},
		{"$filter", "Filter"},
		{"a.b.c", "ABC"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := GoName(tt.in); got != tt.want {
				t.Errorf("GoName(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestEndpointGoName(t *testing.T) {
	tests := []struct{ opID, method, path, want string }{
		{"getPet", "GET", "/pets/{petId}", "GetPet"},
		{"", "GET", "/pets/{petId}", "GetPetsPetID"},
		{"", "delete", "/", "Delete"},
		{"—", "POST", "/pets", "PostPets"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := EndpointGoName(tt.opID, tt.method, tt.path); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestNamer(t *testing.T) {
	var n Namer
	n.Reserve("Taken")
	var got []string
	for _, s := range []string{"GetPet", "GetPet", "Taken", "GetPet2", "GetPet"} {
		got = append(got, n.Unique(s))
	}
	want := []string{"GetPet", "GetPet2", "Taken2", "GetPet22", "GetPet3"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func FuzzGoName(f *testing.F) {
	for _, s := range []string{"getPetById", "", "2fa", "日本", "a-b_c.d", "HTTPServer"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g := GoName(s)
		if !token.IsIdentifier(g) || !token.IsExported(g) {
			t.Fatalf("GoName(%q) = %q: not an exported identifier", s, g)
		}
		e := EndpointGoName(s, "GET", s)
		if !token.IsIdentifier(e) || !token.IsExported(e) {
			t.Fatalf("EndpointGoName(%q) = %q: not an exported identifier", s, e)
		}
	})
}

func FuzzDomain(f *testing.F) {
	for _, s := range []string{"petstore.yaml", "", "/", "a b.c.json"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d := Domain(s)
		if d == "" {
			t.Fatalf("Domain(%q) is empty", s)
		}
		for _, r := range d {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
				t.Fatalf("Domain(%q) = %q has %q", s, d, r)
			}
		}
		p := EnvPrefix(d)
		if !token.IsIdentifier("X" + p) {
			t.Fatalf("EnvPrefix(%q) = %q", d, p)
		}
	})
}
