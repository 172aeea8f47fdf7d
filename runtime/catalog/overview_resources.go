package catalog

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Bounds of the resource names the overview lists.
const (
	maxResourceName = 40 // bytes of one name; longer segments are ids or expressions
	// baseShare is the share of a spec's endpoints above which a path
	// segment is the API's base (/api, /v1, /users/{userId} of an API
	// about one user), not a resource.
	baseShare = 0.5
	// maxResourceScan bounds the endpoints whose paths the overview reads
	// for resource names: about 0.3 µs each at start-up, and a page of
	// records touched per few dozen. A bigger API lists its tags only
	// (a giant generated API's tags name its resources: "users.user").
	maxResourceScan = 5000
)

// resourceCounter counts, per spec, the endpoints under each literal path
// segment: the names of what an API manages (patients, amendments,
// stargazers), which its tags may not say (a tag "Clinical" over 190
// endpoints).
type resourceCounter struct {
	counts []map[string]int // per spec: segment → endpoints whose path has it
	total  []int            // per spec: endpoints counted
}

func newResourceCounter(specs int) *resourceCounter {
	return &resourceCounter{counts: make([]map[string]int, specs), total: make([]int, specs)}
}

// add counts one endpoint of spec sp with path.
func (rc *resourceCounter) add(sp int, path string) {
	if rc.counts[sp] == nil {
		rc.counts[sp] = map[string]int{}
	}
	rc.total[sp]++
	var named [16]string // this path's names so far: a path counts a name once
	n := 0
	for rest := path; rest != ""; {
		seg := rest
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			seg, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		name, ok := ResourceName(seg)
		if !ok || slices.Contains(named[:n], name) {
			continue
		}
		if n < len(named) {
			named[n] = name
			n++
		}
		rc.counts[sp][name]++
	}
}

// names are spec sp's resource names, most endpoints first, leaving out
// the API's base segments and the names in skip (normalized by NameKey),
// as many as fit in room bytes joined by ", ".
func (rc *resourceCounter) names(sp int, skip map[string]bool, room int) []string {
	type named struct {
		name string
		n    int
	}
	var list []named
	for name, n := range rc.counts[sp] {
		if float64(n) <= baseShare*float64(rc.total[sp]) {
			list = append(list, named{name, n})
		}
	}
	slices.SortFunc(list, func(a, b named) int {
		if a.n != b.n {
			return cmp.Compare(b.n, a.n)
		}
		return strings.Compare(a.name, b.name)
	})
	var out []string
	seen := map[string]bool{}
	for _, l := range list {
		if room <= 0 {
			break
		}
		if k := NameKey(l.name); !seen[k] && !skip[k] {
			if len(l.name) > room {
				break
			}
			seen[k] = true
			out = append(out, l.name)
			room -= len(l.name) + len(", ")
		}
	}
	return out
}

// shown are spec sp's resource names (see names) that fit in room bytes
// once written as families.
func (rc *resourceCounter) shown(sp int, skip map[string]bool, room int) []family {
	names := rc.names(sp, skip, 2*room) // families take less room than the names joined: offer more
	return fitFamilies(names, room)
}

// ResourceName is the name a literal path segment gives a resource: its
// last dotted part (an action "microsoft.graph.cancel" is "cancel") but a
// file format ("Calls.json" is "Calls"), before any fragment
// ("bots#lexVersion" is "bots"). A parameter, a version (v1, 2.0), an
// expression ($count, f(x='{y}')), a segment with a space or a control
// character (the overview is one line of a model's instructions) or
// anything long or without letters names none.
func ResourceName(seg string) (string, bool) {
	if i := strings.IndexByte(seg, '#'); i >= 0 {
		seg = seg[:i]
	}
	if i := strings.LastIndexByte(seg, '.'); i >= 0 && isFileFormat(seg[i+1:]) {
		seg = seg[:i]
	}
	start, letters := 0, false
	for i := 0; i < len(seg); i++ { // a byte loop: this runs for every segment of every path at start-up
		switch c := seg[i]; {
		case c == '.':
			start, letters = i+1, false
		case c <= ' ' || c == 0x7f || c == '/' || c == '?' || c == '&' || c == '{' || c == '}' || c == '$' || c == '(' || c == ')' || c == '=' || c == '\'' || c == ':' || c == ';' || c == ',' || c == '*':
			return "", false
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= 0x80:
			letters = true
		}
	}
	seg = seg[start:]
	if !letters || len(seg) > maxResourceName || isVersion(seg) || !plainUnicode(seg) {
		return "", false
	}
	return seg, true
}

// plainUnicode reports whether every non-ASCII character of s is a
// letter or a digit: invalid UTF-8 (read as U+FFFD) and invisible format
// characters (a right-to-left override) from a hostile spec's paths do
// not reach a model's instructions.
func plainUnicode(s string) bool {
	for _, r := range s {
		if r >= utf8.RuneSelf && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// isFileFormat reports a file name extension that says how a path's
// answer is written (/Calls.json), not what it is.
func isFileFormat(ext string) bool {
	switch strings.ToLower(ext) {
	case "json", "xml", "csv", "tsv", "yaml", "yml", "txt", "html", "htm", "pdf", "png", "jpg", "jpeg",
		"gif", "svg", "zip", "gz", "ics", "vcf", "mp3", "mp4", "wav", "rss", "atom":
		return true
	}
	return false
}

// isVersion reports a segment like v1, v2beta or 2: a version, not a
// resource.
func isVersion(seg string) bool {
	if seg != "" && (seg[0] == 'v' || seg[0] == 'V') {
		seg = seg[1:]
	}
	return seg != "" && seg[0] >= '0' && seg[0] <= '9'
}

// NameKey is a name's key for telling two names apart: lowercase
// letters and digits, without a plural s (the tag "Playlists" and the
// segment "playlists" are one name).
func NameKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return strings.TrimSuffix(b.String(), "s")
}

// ResourceNames are the resource names of the catalog's paths (all its
// APIs together), most endpoints first, as many as fit in room bytes
// joined by ", ", names sharing a first word written once
// ("transport-{slack, telegram, zulip}"), leaving out the endpoints hidden
// reports (nil: none).
// Like Overview it reads the paths of catalogs of up to maxResourceScan
// endpoints only; a bigger one gives none.
func (c *Catalog) ResourceNames(hidden func(int) bool, room int) []string {
	if c.Len() > maxResourceScan {
		return nil
	}
	rc := newResourceCounter(1)
	for i := range c.Len() {
		if hidden == nil || !hidden(i) {
			rc.add(0, c.Path(i))
		}
	}
	return familyItems(rc.shown(0, nil, room))
}
