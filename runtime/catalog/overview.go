package catalog

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// Bounds of Overview.
const (
	// MaxOverviewBytes bounds the overview a server adds to its MCP
	// instructions.
	MaxOverviewBytes = 1536
	maxOverviewName  = 60 // bytes of one title or tag name
)

// Overview names the catalog's APIs, how many endpoints each has, its
// tags with the most endpoints and the resources its paths name, within
// MaxOverviewBytes: the vocabulary a calling model needs to word its
// searches in the API's own terms (a server puts it in its MCP
// instructions). Tags take at most half of what is left for a spec, so an
// API tagged "Clinical" still shows its patients and amendments; names
// that share a first word are written with it once (see families).
// Endpoints hidden reports (a server's run-time filter; nil: none) are
// not counted.
func (c *Catalog) Overview(hidden func(int) bool) string {
	type tagCount struct {
		name string
		n    int
	}
	specOfTag := make([]int, len(c.Tags))
	for tag, t := range c.Tags {
		specOfTag[tag] = -1
		if col := t.Collection; col >= 0 && col < len(c.Collections) {
			if sp := c.Collections[col].Spec; sp >= 0 && sp < len(c.Specs) {
				specOfTag[tag] = sp
			}
		}
	}
	// Count per tag index: a map operation per endpoint was most of a big
	// API's overview (Microsoft Graph: 22,361 endpoints, 829 tags).
	perTag := make([]int, len(c.Tags))
	resources := newResourceCounter(len(c.Specs))
	scan := c.Len() <= maxResourceScan
	for i := range c.Len() {
		if hidden != nil && hidden(i) {
			continue
		}
		// Not the whole endpoint: the overview is made at start-up.
		if tag := c.TagOf(i); tag >= 0 && tag < len(perTag) && specOfTag[tag] >= 0 {
			perTag[tag]++
			if scan {
				resources.add(specOfTag[tag], c.Path(i))
			}
		}
	}
	specN := make([]int, len(c.Specs))
	tags := make([]map[string]int, len(c.Specs))
	for tag, n := range perTag {
		if n == 0 {
			continue
		}
		sp := specOfTag[tag]
		specN[sp] += n
		if tags[sp] == nil {
			tags[sp] = map[string]int{}
		}
		if name := c.Tags[tag].Name; name != "" {
			tags[sp][name] += n
		}
	}
	var b strings.Builder
	for sp := range c.Specs {
		if specN[sp] == 0 {
			continue
		}
		title := plainName(c.Specs[sp].Title)
		if title == "" {
			title = plainName(c.Specs[sp].Domain)
		}
		head := fmt.Sprintf("%s: %d endpoints", title, specN[sp])
		if b.Len()+len(head)+3 > MaxOverviewBytes {
			break
		}
		if b.Len() > 0 {
			b.WriteString(". ")
		}
		b.WriteString(head)
		counts := make([]tagCount, 0, len(tags[sp]))
		for name, n := range tags[sp] {
			counts = append(counts, tagCount{name, n})
		}
		slices.SortFunc(counts, func(a, b tagCount) int {
			if a.n != b.n {
				return cmp.Compare(b.n, a.n) // most first; names compared only for equal counts
			}
			return strings.Compare(a.name, b.name)
		})
		names := make([]string, len(counts))
		for k, t := range counts {
			names[k] = plainName(t.name)
		}
		const tagsHead, resourcesHead = "; tags with the most: ", "; resources: "
		tagFamilies := fitFamilies(names, (MaxOverviewBytes-b.Len())/2-len(tagsHead)) // tags take at most half
		if len(tagFamilies) > 0 {
			b.WriteString(tagsHead + strings.Join(familyItems(tagFamilies), ", "))
		}
		// A resource is left out when a tag shown gives its name, as a
		// family's member does ("Sites {Devices}" names devices); one whose
		// tag did not fit is the model's only sight of it.
		named := map[string]bool{}
		for _, f := range tagFamilies {
			for _, m := range f.members {
				named[NameKey(f.prefix+m)] = true
				named[NameKey(m)] = true
			}
		}
		if listed := resources.shown(sp, named, MaxOverviewBytes-b.Len()-len(resourcesHead)); len(listed) > 0 {
			b.WriteString(resourcesHead + strings.Join(familyItems(listed), ", "))
		}
	}
	if b.Len() == 0 {
		return ""
	}
	return b.String() + "."
}

// plainName is a title or tag name on one line without control or
// invisible format characters (a right-to-left override), at most
// maxOverviewName bytes.
func plainName(s string) string {
	s = strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsControl(r) || unicode.Is(unicode.Cf, r)
	}), " ")
	if len(s) <= maxOverviewName {
		return s
	}
	cut := maxOverviewName
	for cut > 0 && !utf8Start(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// utf8Start reports a byte that starts a UTF-8 sequence.
func utf8Start(c byte) bool { return c&0xC0 != 0x80 }
