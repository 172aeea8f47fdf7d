package catalog

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	_ "github.com/swag2mcp/swag2mcp/internal/updateflag" // go test ./... -update must not fail here
)

func TestSchemeEnvVars(t *testing.T) {
	tests := []struct {
		def  SecurityScheme
		want []string
	}{
		{SecurityScheme{Name: "api_key", Type: "apiKey"}, []string{"MY_API_API_KEY"}},
		{SecurityScheme{Name: "Api-Key 2", Type: "apiKey"}, []string{"MY_API_API_KEY_2"}},
		{SecurityScheme{Name: "basicAuth", Type: "http", Scheme: "Basic"}, []string{"MY_API_BASICAUTH_USERNAME", "MY_API_BASICAUTH_PASSWORD"}},
		{SecurityScheme{Name: "legacy", Type: "basic"}, []string{"MY_API_LEGACY_USERNAME", "MY_API_LEGACY_PASSWORD"}},
		{SecurityScheme{Name: "jwt", Type: "http", Scheme: "bearer"}, []string{"MY_API_JWT"}},
		{SecurityScheme{Name: "digest", Type: "http", Scheme: "digest"}, []string{"MY_API_DIGEST"}},
		{SecurityScheme{Name: "both", Type: "oauth2", Flows: []string{"authorizationCode", "clientCredentials"}},
			[]string{"MY_API_BOTH_CLIENT_ID", "MY_API_BOTH_CLIENT_SECRET", "MY_API_BOTH_TOKEN_URL", "MY_API_BOTH_SCOPES"}},
		{SecurityScheme{Name: "petstore_auth", Type: "oauth2", Flows: []string{"implicit"}}, []string{"MY_API_PETSTORE_AUTH_TOKEN"}},
		{SecurityScheme{Name: "oidc", Type: "openIdConnect"}, []string{"MY_API_OIDC_TOKEN"}},
		{SecurityScheme{Name: "mtls", Type: "mutualTLS"}, nil},
		{SecurityScheme{Name: "ünï.cöde", Type: "apiKey"}, []string{"MY_API__N__C_DE"}},
	}
	for _, tt := range tests {
		t.Run(tt.def.Name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, SchemeEnvVars("MY_API", &tt.def)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestCredentialEnvVars checks that no two schemes, and no scheme and a
// spec's own setting, share a variable, and that the first scheme of a
// clash keeps its plain names.
func TestCredentialEnvVars(t *testing.T) {
	specs := []Spec{
		{EnvPrefix: "SPEC", Security: []SecurityScheme{
			{Name: "api-key", Type: "apiKey"},
			{Name: "api_key", Type: "apiKey"},
			{Name: "API.KEY", Type: "http", Scheme: "bearer"},
			{Name: "api_key_2", Type: "apiKey"},        // the name api_key got
			{Name: "base-url", Type: "apiKey"},         // SPEC_BASE_URL is the base URL override
			{Name: "b", Type: "http", Scheme: "basic"}, // SPEC_B_USERNAME, SPEC_B_PASSWORD
			{Name: "b_password", Type: "apiKey"},       // one of b's
			{Name: "mtls", Type: "mutualTLS"},          // no variables, no clash
			{Name: "mtls-too", Type: "mutualTLS"},      // likewise
			{Name: "c", Type: "oauth2", Flows: []string{"clientCredentials"}},
			{Name: "c_scopes", Type: "oauth2"}, // SPEC_C_SCOPES_TOKEN: free
		}},
		{EnvPrefix: "SPEC_API", Security: []SecurityScheme{
			{Name: "key", Type: "apiKey"}, // SPEC_API_KEY is the first spec's
		}},
	}
	want := [][][]string{
		{
			{"SPEC_API_KEY"},
			{"SPEC_API_KEY_2"},
			{"SPEC_API_KEY_3"},
			{"SPEC_API_KEY_2_2"},
			{"SPEC_BASE_URL_2"},
			{"SPEC_B_USERNAME", "SPEC_B_PASSWORD"},
			{"SPEC_B_PASSWORD_2"},
			nil,
			nil,
			{"SPEC_C_CLIENT_ID", "SPEC_C_CLIENT_SECRET", "SPEC_C_TOKEN_URL", "SPEC_C_SCOPES"},
			{"SPEC_C_SCOPES_TOKEN"},
		},
		{{"SPEC_API_KEY_4"}},
	}
	got := CredentialEnvVars(specs)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	seen := map[string]bool{}
	for _, sp := range specs {
		for _, v := range SpecEnvVars(sp.EnvPrefix) {
			seen[v] = true
		}
	}
	for _, spec := range got {
		for _, vars := range spec {
			for _, v := range vars {
				if seen[v] {
					t.Errorf("%s is given twice", v)
				}
				seen[v] = true
			}
		}
	}
	if again := CredentialEnvVars(specs); !cmp.Equal(got, again) {
		t.Errorf("not deterministic: %v then %v", got, again)
	}
}
