package catalog

import "strings"

// minFamily is how many names must share a first word before the
// overview writes that word once for all of them.
const minFamily = 3

// family is a group of overview names that share a first word, written
// once ("transport-{slack, telegram, zulip}" stands for transport-slack,
// transport-telegram and transport-zulip), so that an API whose names
// come in large families (73 notification transports, 140 "Orgs …" and
// "Sites …" tags) shows more of its names within the overview's bound. A
// lone name has an empty prefix and one member.
type family struct {
	prefix  string   // the shared first word with the separator after it
	members []string // the rest of each name, in the order given
}

// families groups names by their first word: minFamily or more names
// sharing one become a family at the place of the first of them; the
// others stay lone names. Only the writing changes: every name is kept,
// in its order within its family.
func families(names []string) []family {
	count := map[string]int{}
	for _, n := range names {
		if p, ok := firstWord(n); ok {
			count[p]++
		}
	}
	var out []family
	at := map[string]int{} // prefix → its family's index in out
	for _, n := range names {
		p, ok := firstWord(n)
		if !ok || count[p] < minFamily {
			out = append(out, family{members: []string{n}})
			continue
		}
		i, seen := at[p]
		if !seen {
			i = len(out)
			at[p] = i
			out = append(out, family{prefix: p})
		}
		out[i].members = append(out[i].members, n[len(p):])
	}
	return out
}

// fitting is how many of names, taken in their order, fit in room bytes
// once written as families and joined by ", ". Which names are shown
// stays what their order says (most endpoints first); families only make
// room for more of them.
func fitting(names []string, room int) int {
	type group struct{ n, members int } // names with a prefix so far, bytes after the prefix
	groups := map[string]*group{}
	// size is the bytes of a prefix's names: each alone below minFamily,
	// else once as prefix{a, b, c}; items is how many list items they make.
	size := func(p string, g *group) (bytes, items int) {
		if g.n < minFamily {
			return g.n*len(p) + g.members, g.n
		}
		return len(p) + len("{}") + g.members + len(", ")*(g.n-1), 1
	}
	bytes, items, fit := 0, 0, 0
	for k, n := range names {
		if p, ok := firstWord(n); !ok {
			bytes, items = bytes+len(n), items+1 // a name of one word stands alone
		} else {
			g := groups[p]
			if g == nil {
				g = &group{}
				groups[p] = g
			}
			b, i := size(p, g)
			g.n++
			g.members += len(n) - len(p)
			b2, i2 := size(p, g)
			bytes, items = bytes-b+b2, items-i+i2
		}
		if bytes+len(", ")*(items-1) <= room {
			fit = k + 1
		}
	}
	return fit
}

// firstWord is name's first word with the separator after it: up to a
// '-', '_', '.' or space ("transport-", "Orgs ", "users."), or up to a
// lower-to-upper case change ("Transport" of "TransportSlack"). A name of
// one word has none.
func firstWord(name string) (string, bool) {
	for i := 1; i < len(name)-1; i++ {
		switch c := name[i]; {
		case c == '-' || c == '_' || c == '.' || c == ' ':
			return name[:i+1], true
		case c >= 'A' && c <= 'Z' && name[i-1] >= 'a' && name[i-1] <= 'z':
			return name[:i], true
		}
	}
	return "", false
}

// String is how the overview writes the family: its one name, or
// prefix{member, member…}.
func (f family) String() string {
	if f.prefix == "" {
		return f.members[0]
	}
	return f.prefix + "{" + strings.Join(f.members, ", ") + "}"
}

// fitFamilies are the longest run of names, in their order, that fits in
// room bytes once written as families (see fitting).
func fitFamilies(names []string, room int) []family {
	return families(names[:fitting(names, room)])
}

// familyItems writes each of fams.
func familyItems(fams []family) []string {
	items := make([]string, len(fams))
	for i, f := range fams {
		items[i] = f.String()
	}
	return items
}
