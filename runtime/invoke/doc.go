// Package invoke sends an endpoint's real HTTP request: it builds the request
// from the typed stub's values (parameter serialization, body), applies the
// base URL and auth, sends it within bounds and shapes the response.
package invoke
