package service

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

// Overview names the APIs the server serves, how many endpoints each has,
// its tags with the most endpoints and the resources its paths name,
// within MaxOverviewBytes: the vocabulary a calling model needs to word
// its searches in the API's own terms. Tags take at most half of what is
// left for a spec, so an API tagged "Clinical" still shows its patients
// and amendments. Endpoints the run-time filter hides are not counted.
func (s *Service) Overview() string {
	type tagCount struct {
		name string
		n    int
	}
	specOfTag := make([]int, len(s.cat.Tags))
	for tag, t := range s.cat.Tags {
		specOfTag[tag] = -1
		if c := t.Collection; c >= 0 && c < len(s.cat.Collections) {
			if sp := s.cat.Collections[c].Spec; sp >= 0 && sp < len(s.cat.Specs) {
				specOfTag[tag] = sp
			}
		}
	}
	// Count per tag index: a map operation per endpoint was most of a big
	// API's overview (Microsoft Graph: 22,361 endpoints, 829 tags).
	perTag := make([]int, len(s.cat.Tags))
	resources := newResourceCounter(len(s.cat.Specs))
	scan := s.cat.Len() <= maxResourceScan
	for i := range s.cat.Len() {
		if s.hidden(i) {
			continue
		}
		// Not the whole endpoint: the overview is made at start-up.
		if tag := s.cat.TagOf(i); tag >= 0 && tag < len(perTag) && specOfTag[tag] >= 0 {
			perTag[tag]++
			if scan {
				resources.add(specOfTag[tag], s.cat.Path(i))
			}
		}
	}
	specN := make([]int, len(s.cat.Specs))
	tags := make([]map[string]int, len(s.cat.Specs))
	for tag, n := range perTag {
		if n == 0 {
			continue
		}
		sp := specOfTag[tag]
		specN[sp] += n
		if tags[sp] == nil {
			tags[sp] = map[string]int{}
		}
		if name := s.cat.Tags[tag].Name; name != "" {
			tags[sp][name] += n
		}
	}
	var b strings.Builder
	// list writes items after head while they fit below end.
	list := func(head string, items []string, end int) {
		for k, item := range items {
			sep := ", "
			if k == 0 {
				sep = head
			}
			if b.Len()+len(sep)+len(item) > end {
				return
			}
			b.WriteString(sep)
			b.WriteString(item)
		}
	}
	for sp := range s.cat.Specs {
		if specN[sp] == 0 {
			continue
		}
		title := plainName(s.cat.Specs[sp].Title)
		if title == "" {
			title = plainName(s.cat.Specs[sp].Domain)
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
		items := make([]string, len(counts))
		named := map[string]bool{}
		for k, t := range counts {
			items[k] = fmt.Sprintf("%s (%d)", plainName(t.name), t.n)
			named[sameName(t.name)] = true
		}
		list("; tags with the most: ", items, b.Len()+(MaxOverviewBytes-b.Len())/2)
		list("; resources: ", resources.names(sp, named, MaxOverviewBytes-b.Len()), MaxOverviewBytes)
	}
	if b.Len() == 0 {
		return ""
	}
	return b.String() + "."
}

// plainName is a title or tag name on one line without control
// characters, at most maxOverviewName bytes.
func plainName(s string) string {
	s = strings.Join(strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }), " ")
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
