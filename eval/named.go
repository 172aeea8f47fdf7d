package main

import (
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// The server's MCP instructions carry an overview of the API (its tags
// and the resources its paths name: catalog.Catalog.Overview), so that a
// calling model can word a search in the API's terms. named measures how
// often that vocabulary holds what a missed query needed: whether the
// instructions name the last literal segment of one of its answers'
// paths ("amendments" for "correct a mistake in a patient's chart"), and
// whether the query with that name added finds the answer: what a model
// that recognized the name among the listed ones would get from one
// rephrase (an upper bound: the labels choose the name).

// overviewNames are the names an overview lists after "tags with the
// most:" and "resources:", by their catalog.NameKey.
func overviewNames(overview string) map[string]string {
	out := map[string]string{}
	for _, spec := range strings.Split(strings.TrimSuffix(overview, "."), ". ") {
		for _, part := range strings.Split(spec, "; ") {
			_, items, ok := strings.Cut(part, ": ")
			if !ok || !(strings.HasPrefix(part, "tags with the most:") || strings.HasPrefix(part, "resources:")) {
				continue
			}
			for _, name := range expandFamilies(items) {
				out[catalog.NameKey(name)] = name
			}
		}
	}
	return out
}

// expandFamilies splits an overview's list of names joined by ", " into
// names, a family's written once for all its members
// ("transport-{slack, telegram}") into each of them, with and without
// the family's word.
func expandFamilies(items string) []string {
	var out []string
	for items != "" {
		if open := strings.IndexByte(items, '{'); open >= 0 && !strings.Contains(items[:open], ", ") {
			members, after, _ := strings.Cut(items[open+1:], "}")
			for m := range strings.SplitSeq(members, ", ") {
				out = append(out, items[:open]+m, m) // the member alone names its resource too
			}
			items = strings.TrimPrefix(after, ", ")
			continue
		}
		var item string
		item, items, _ = strings.Cut(items, ", ")
		out = append(out, item)
	}
	return out
}

// answerName is the name in names of the resource the last literal
// segment of one of want's paths names ("GET /api/amendments/{id}" →
// amendments; see catalog.ResourceName), or "".
func answerName(names map[string]string, want []string) string {
	for _, w := range want {
		_, path, _ := strings.Cut(w, " ")
		segs := strings.Split(path, "/")
		for i := len(segs) - 1; i >= 0; i-- {
			if s, ok := catalog.ResourceName(segs[i]); ok {
				if name, ok := names[catalog.NameKey(s)]; ok {
					return name
				}
				break
			}
		}
	}
	return ""
}
