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
