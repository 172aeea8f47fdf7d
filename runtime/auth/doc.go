// Package auth adds an API's credentials to outgoing requests: it reads them
// from environment variables or a YAML config file, chooses the first
// security alternative of an operation that is fully configured, and applies
// API keys (header, query, cookie), HTTP basic and bearer credentials,
// OAuth2 client-credentials tokens (fetched, cached and refreshed before they
// expire) and pre-obtained OAuth2 or OpenID Connect tokens.
//
// Variable names, with PREFIX the spec's EnvPrefix and SCHEME the scheme's
// key upper-cased with every non-alphanumeric turned into '_':
//
//	apiKey, http bearer (other http schemes)  PREFIX_SCHEME
//	http basic                                PREFIX_SCHEME_USERNAME, PREFIX_SCHEME_PASSWORD
//	oauth2 with a client credentials flow     PREFIX_SCHEME_CLIENT_ID, PREFIX_SCHEME_CLIENT_SECRET,
//	                                          PREFIX_SCHEME_TOKEN_URL, PREFIX_SCHEME_SCOPES (optional)
//	other oauth2, openIdConnect               PREFIX_SCHEME_TOKEN
//
// The config file holds the same names under "credentials" (other
// top-level sections are left to other readers of the file):
//
//	credentials:
//	  PETSTORE_API_KEY: "…"
//
// A non-empty environment variable wins over the file. The file must not be
// readable or writable by group or others (chmod 600), and is refused
// otherwise. Values are read once, by New. Credentials never come from tool
// arguments, and no value is ever logged, returned or put in an error.
package auth
