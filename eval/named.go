package main

import (
	"strings"
	"unicode"
)

// The server's MCP instructions carry an overview of the API (its tags
// and the resources its paths name: catalog.Catalog.Overview), so that a
// calling model can word a search in the API's terms. named measures how
// often that vocabulary holds what a missed query needed: whether the
// instructions name the last literal segment of one of its answers'
// paths ("amendments" for "correct a mistake in a patient's chart").

// overviewNames are the names an overview lists after "tags with the
// most:" and "resources:", each as nameKey normalizes it.
func overviewNames(overview string) map[string]bool {
	out := map[string]bool{}
	for _, spec := range strings.Split(strings.TrimSuffix(overview, "."), ". ") {
		for _, part := range strings.Split(spec, "; ") {
			_, items, ok := strings.Cut(part, ": ")
			if !ok || !(strings.HasPrefix(part, "tags with the most:") || strings.HasPrefix(part, "resources:")) {
				continue
			}
			for _, item := range strings.Split(items, ", ") {
				name, _, _ := strings.Cut(item, " (") // a tag's count
				out[nameKey(name)] = true
			}
		}
	}
	return out
}

// answerNamed reports whether names hold the last literal segment of one
// of want's paths ("GET /api/amendments/{id}" → amendments).
func answerNamed(names map[string]bool, want []string) bool {
	for _, w := range want {
		_, path, _ := strings.Cut(w, " ")
		segs := strings.Split(path, "/")
		for i := len(segs) - 1; i >= 0; i-- {
			if s := segs[i]; s != "" && !strings.HasPrefix(s, "{") {
				if names[nameKey(s)] {
					return true
				}
				break
			}
		}
	}
	return false
}

// nameKey is a name's letters and digits, lowercase, without a plural s,
// as the overview compares a tag with a resource.
func nameKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(s)) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return strings.TrimSuffix(b.String(), "s")
}
