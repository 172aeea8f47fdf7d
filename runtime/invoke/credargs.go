package invoke

import (
	"fmt"
	"slices"
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// CredentialArgs names the arguments of in that would carry credentials,
// one problem each. The rule is one for every endpoint, secured or not:
// credentials are never taken from arguments, only from the server's
// configuration. An argument carries credentials when it is the
// Authorization, Proxy-Authorization or Cookie header (in headers or as
// a header parameter), or sits where one of the API's apiKey schemes
// sends its key (a header, a cookie or a query parameter of that name).
func CredentialArgs(spec *catalog.Spec, in *Input) []string {
	var problems []string
	for _, name := range sortedKeys(in.Headers) {
		if CarriesCredential(spec, "header", name) {
			problems = append(problems, fmt.Sprintf("headers.%s %s", name, credentialAdvice))
		}
	}
	for _, name := range sortedKeys(in.Cookies) {
		if CarriesCredential(spec, "cookie", name) {
			problems = append(problems, fmt.Sprintf("cookies.%s %s", name, credentialAdvice))
		}
	}
	for _, p := range in.Endpoint.Params {
		if raw, given := in.Parameters[p.ArgName()]; given && string(raw) != "null" && CarriesCredential(spec, p.In, p.Name) {
			problems = append(problems, fmt.Sprintf("parameter %q (%s) %s", p.ArgName(), p.In, credentialAdvice))
		}
	}
	return problems
}

// credentialAdvice ends a refusal of a credential argument.
const credentialAdvice = "carries credentials, which are never taken from arguments: the server adds the " +
	"endpoint's credentials from its configuration (the auth tool shows which are set); leave it out"

// CarriesCredential reports whether the parameter or header name in
// place in (header, query or cookie) carries credentials of spec.
func CarriesCredential(spec *catalog.Spec, in, name string) bool {
	if in == "header" && slices.Contains([]string{"authorization", "proxy-authorization", "cookie"}, strings.ToLower(name)) {
		return true
	}
	if spec == nil {
		return false
	}
	for _, s := range spec.Security {
		if s.Type != "apiKey" || !strings.EqualFold(s.In, in) {
			continue
		}
		// Header names are case-insensitive; query and cookie names are not.
		if s.ParamName == name || in == "header" && strings.EqualFold(s.ParamName, name) {
			return true
		}
	}
	return false
}
