package naming

import (
	"strconv"
	"strings"
)

// FlatName is an endpoint's name in scripts, where tools.{name}(args) calls
// it: a JavaScript identifier of ASCII letters, digits and "_". It keeps the
// operationId with every run of other characters turned into one "_"
// ("repos/list-for-org" → "repos_list_for_org"); without a usable
// operationId it is the method and path in lower camel case
// (GET /pets/{petId} → getPetsPetID). A leading digit gets a "_" prefix.
// With prefix, the spec's domain comes first ("petstore_getPetById"), so
// names stay apart when a server has several specs. Uniqueness is the
// caller's: see FlatNamer.
func FlatName(domain, operationID, method, path string, prefix bool) string {
	name := identifier(operationID)
	if name == "" {
		name = lowerFirst(EndpointGoName("", method, path))
	}
	if prefix {
		if d := identifier(domain); d != "" {
			name = d + "_" + name
		}
	}
	if name[0] >= '0' && name[0] <= '9' {
		name = "_" + name
	}
	return name
}

// identifier turns s into [A-Za-z0-9_] with runs of other characters as one
// "_", trimmed of "_" at both ends; "" when nothing is left.
func identifier(s string) string {
	var b strings.Builder
	gap := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isAlnum(c) || c == '_' {
			if gap && b.Len() > 0 {
				b.WriteByte('_')
			}
			gap = false
			b.WriteByte(c)
			continue
		}
		gap = true
	}
	return strings.Trim(b.String(), "_")
}

// lowerFirst lower-cases s's leading upper-case run, keeping the last
// letter of a run that starts a word ("GetPets" → "getPets", "HTTPServer"
// → "httpServer", "ID" → "id").
func lowerFirst(s string) string {
	n := 0
	for n < len(s) && isUpper(s[n]) {
		n++
	}
	switch {
	case n == 0:
		return s
	case n == 1 || n == len(s) || !isLower(s[n]):
		return strings.ToLower(s[:n]) + s[n:]
	}
	return strings.ToLower(s[:n-1]) + s[n-1:]
}

// FlatNamer makes flat names unique deterministically: the first request
// for a base gets it unchanged, later ones get "_2", "_3", … The zero value
// is ready to use; a FlatNamer is not safe for concurrent use.
type FlatNamer struct {
	used map[string]bool
}

// Unique returns base, or base with the smallest suffix from "_2" up that
// is unused, and marks the result as used.
func (n *FlatNamer) Unique(base string) string {
	if n.used == nil {
		n.used = make(map[string]bool)
	}
	name := base
	for i := 2; n.used[name]; i++ {
		name = base + "_" + strconv.Itoa(i)
	}
	n.used[name] = true
	return name
}
