package naming

import (
	"go/token"
	"strconv"
	"strings"
)

// isInitialism reports whether w (lower-case) is written all upper-case in
// Go identifiers, after the list golint used.
func isInitialism(w string) bool {
	switch w {
	case "acl", "api", "ascii", "cpu", "css", "dns", "eof", "guid", "html", "http", "https",
		"id", "ip", "json", "lhs", "qps", "ram", "rhs", "rpc", "sla", "smtp", "sql", "ssh",
		"tcp", "tls", "ttl", "udp", "ui", "uid", "uuid", "uri", "url", "utf8", "vm", "xml",
		"xmpp", "xsrf", "xss":
		return true
	}
	return false
}

// GoName turns s (an operationId, a parameter name, a path) into an exported
// Go identifier in CamelCase. Words split at non-alphanumerics and at case
// changes ("getPetByID", "pet_id", "HTTPServer"); initialisms such as ID, URL
// and HTTP are upper-cased; characters outside [A-Za-z0-9] are dropped, not
// transliterated. A leading digit gets the prefix "X"; an empty result is "X".
func GoName(s string) string {
	var b strings.Builder
	for _, w := range words(s) {
		if isInitialism(strings.ToLower(w)) {
			b.WriteString(strings.ToUpper(w))
			continue
		}
		b.WriteString(strings.ToUpper(w[:1]))
		b.WriteString(w[1:])
	}
	out := b.String()
	if out == "" || (out[0] >= '0' && out[0] <= '9') {
		out = "X" + out
	}
	return out
}

// EndpointGoName is the base Go name of an operation: from its operationId
// when set, else from the method and path (GET /pets/{petId} → GetPetsPetID).
func EndpointGoName(operationID, method, path string) string {
	if strings.TrimSpace(operationID) != "" && GoName(operationID) != "X" {
		return GoName(operationID)
	}
	return GoName(strings.ToLower(method) + " " + path)
}

// words splits s into ASCII alphanumeric words.
func words(s string) []string {
	var out []string
	var cur []byte
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isAlnum(c) {
			flush()
			continue
		}
		if len(cur) > 0 && isUpper(c) {
			prev := cur[len(cur)-1]
			nextLower := i+1 < len(s) && isLower(s[i+1])
			// fooBar → foo|Bar; HTTPServer → HTTP|Server; v2Users → v2|Users.
			if isLower(prev) || isDigit(prev) || (isUpper(prev) && nextLower) {
				flush()
			}
		}
		cur = append(cur, c)
	}
	flush()
	return out
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func isLower(c byte) bool { return c >= 'a' && c <= 'z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isAlnum(c byte) bool { return isUpper(c) || isLower(c) || isDigit(c) }

// Namer hands out unique names deterministically: the first request for a
// base gets it unchanged, later ones get a number suffix (GetPet, GetPet2, …).
// The zero value is ready to use; a Namer is not safe for concurrent use.
type Namer struct {
	used map[string]bool
}

// Reserve marks names as taken without handing them out.
func (n *Namer) Reserve(names ...string) {
	if n.used == nil {
		n.used = make(map[string]bool)
	}
	for _, s := range names {
		n.used[s] = true
	}
}

// Unique returns base, or base followed by the smallest number from 2 up
// that makes it unused, and marks the result as used.
func (n *Namer) Unique(base string) string {
	if n.used == nil {
		n.used = make(map[string]bool)
	}
	name := base
	for i := 2; n.used[name]; i++ {
		name = base + strconv.Itoa(i)
	}
	n.used[name] = true
	return name
}

// IsPackageName reports whether s can name a generated package: what `go
// help packages` recommends (lowercase ASCII letters and digits, starting
// with a letter), not a Go keyword, and not "main", which has no importable
// API.
func IsPackageName(s string) bool {
	if s == "" || s == "main" || token.IsKeyword(s) || !isLower(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isLower(s[i]) && !isDigit(s[i]) {
			return false
		}
	}
	return true
}
