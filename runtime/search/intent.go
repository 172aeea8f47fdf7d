package search

import (
	"slices"
	"strings"
)

// maxParticleGap is how many words may stand between a phrasal verb and
// its particle ("take a label off").
const maxParticleGap = 3

// A query in the first person ("my followers", "repos I starred") asks
// about the caller: endpoints that name the authenticated user in their
// summary, path or operationId rank a little higher.
const weightSelf = 0.4

// qword is one word of a query's plain terms, in query order.
type qword struct {
	w      string // lowercase surface form
	clause int
}

// intent is what a query's plain words say beyond their terms: the
// expressions they form, the action they ask for, whether they want one
// item or many, who they are about.
type intent struct {
	groups   []group      // one per expression, and one for a first-person query
	consumed map[int]bool // clauses whose every word an expression took
	echoes   map[int]bool // clauses that repeat the action (see dropEcho), out of the query vector too
	criteria map[int]bool // clauses that name a filter criterion ("by name")
	methods  []string     // methods the query's first action hints at
	action   bool         // the query names an action (a verb)
	verb     int          // the action's word in the query's words, or -1
	shape    shape        // whether it asks for many items or one
}

// plainWord reports a clause whose words are read as natural language.
func plainWord(c clause) bool {
	return c.occur != mustNot && c.field == fieldAll && c.kind == kindTerm && c.fuzzy == 0
}

// readIntent reads the plain words of clauses.
func readIntent(r *reader, clauses []clause) intent {
	var ws []qword
	for i, c := range clauses {
		if plainWord(c) {
			for _, w := range words(c.value) {
				ws = append(ws, qword{strings.ToLower(w), i})
			}
		}
	}
	in := intent{consumed: map[int]bool{}, echoes: map[int]bool{}, criteria: map[int]bool{}}
	ws = in.dropFrame(r, ws)
	taken, actions := in.readExpressions(r, ws)
	in.readAction(ws, taken, actions)
	in.dropLike(clauses, ws)
	in.dropEcho(clauses, ws)
	scoped := false // past a preposition after the object's shape
	for i, q := range ws {
		// "by keyword", "by name": the words after "by" say how to find
		// the operation's items, not which operation it is.
		if q.w == "by" && i > 0 {
			for k := i + 1; k < len(ws) && k <= i+2 && !isStopWord(ws[k].w); k++ {
				in.criteria[ws[k].clause] = true
				if endsPhrase(clauses[ws[k].clause].raw) { // "by name. Pets that…"
					break
				}
			}
		}
		sh := shapeOf(q.w)
		if i == in.verb {
			sh = namedShape(q.w) // "gets" is no plural, "lists" still asks for many
		}
		if sh != shapeNone && !scoped && (in.shape == shapeNone || sh == shapeItem) {
			in.shape = sh
		}
		// "all capacities for one event": once the object has a shape,
		// the words after a preposition name its scope, not what to get.
		scoped = scoped || (in.shape != shapeNone && isScopePreposition(q.w))
	}
	for _, q := range ws {
		if isFirstPerson(q.w) {
			g := group{c: clause{occur: should, field: fieldAll, kind: kindTerm, boost: 1, raw: q.w, value: q.w},
				fields: titleFields, aux: true}
			g.alts = appendRelated(r, nil, meaning{words: selfWords(), weight: weightSelf}, 0)
			in.groups = append(in.groups, g)
			break
		}
	}
	return in
}

// readExpressions finds the multi-word expressions of ws, adds a group of
// their meaning's words for each and marks the clauses they consume. It
// returns which words they took and, by first word, the methods of those
// that are actions.
func (in *intent) readExpressions(r *reader, ws []qword) ([]bool, map[int][]string) {
	taken := make([]bool, len(ws))
	actions := map[int][]string{}
	for i := range ws {
		m, used := expressionAt(r, ws, taken, i)
		if used == nil {
			continue
		}
		raw := make([]string, 0, len(used))
		for _, k := range used {
			taken[k] = true
			raw = append(raw, ws[k].w)
		}
		if m.methods != nil {
			actions[i] = m.methods
		}
		text := strings.Join(raw, " ")
		g := group{c: clause{occur: should, field: fieldAll, kind: kindTerm, boost: 1, raw: text, value: text},
			fields: allFields, coord: true, sum: true}
		g.alts = appendRelated(r, nil, m, 0)
		g.alts = appendTerms(r, g.alts, m.terms, weightMeaning)
		in.groups = append(in.groups, g)
	}
	// A clause is consumed when expressions took all its words.
	left := map[int]bool{}
	for i, q := range ws {
		if !taken[i] {
			left[q.clause] = true
		}
	}
	for i, q := range ws {
		if taken[i] && !left[q.clause] {
			in.consumed[q.clause] = true
		}
	}
	return taken, actions
}

// readAction finds the query's action: its first verb, known or not. An
// imperative names it first; later verbs are usually nouns or states
// ("mark a message as read").
func (in *intent) readAction(ws []qword, taken []bool, actions map[int][]string) {
	in.verb = -1
	// The first content word before a determiner is a verb, in the third
	// person too, the way API texts describe operations ("Gets a
	// database", "which endpoint deletes the file"), or a gerund
	// ("Deleting the file"): neither a plural noun nor a verb of no action.
	first := firstContent(ws)
	described := first+1 < len(ws) && !taken[first] && isDeterminer(ws[first+1].w) && !isStopWord(ws[first].w)
	// So is the noun of an action before "of", as titles name operations
	// ("Deletion of a webhook", "Listing of the pets").
	named := first+1 < len(ws) && !taken[first] && ws[first+1].w == "of" && !isStopWord(ws[first].w)
	for i, q := range ws {
		if m, ok := actions[i]; ok {
			in.methods, in.verb = m, i
			break
		}
		m := verbMeaning(q.w).methods
		switch {
		case i != first || m != nil: // a verb as it is, or not the first word
		case described:
			m = verbMeaning(verbBase(q.w)).methods
		case named:
			m = verbMeaning(nominalVerb(q.w)).methods
		}
		if !taken[i] && m != nil {
			in.methods, in.verb = m, i
			break
		}
	}
	// An unknown first word opening an object ("fork a repo", "comment
	// on an issue", "deploys a template", "which endpoint forks a repo")
	// is an imperative or described verb: some action that is not reading.
	at := 0
	if first > 0 && isRelativePronoun(ws[first-1].w) && strings.HasSuffix(ws[first].w, "s") {
		at = first // in the third person: "who contributed to…" asks
	}
	if at+1 < len(ws) && !taken[at] && in.verb != at && opensObject(ws[at+1].w) && !isStopWord(ws[at].w) &&
		(shapeOf(ws[at].w) == shapeNone || described && first == at) {
		in.methods, in.verb = methodsAct(), at
	}
	in.action = in.methods != nil
}

// dropEcho leaves out an adjective after the action that names the same
// action again before the object ("add a new circuit", "create a new
// repository"): the action's group already searches it, and counted a
// second time it outweighs the object wherever an API's texts use the word
// ("Run a report and create a new result").
func (in *intent) dropEcho(clauses []clause, ws []qword) {
	if in.verb < 0 {
		return
	}
	act := verbMeaning(ws[in.verb].w)
	if act.methods == nil {
		// A verb read from its form ("Adding a new webhook") searches
		// only as that word: the echo is what names the action.
		return
	}
	for i := in.verb + 1; i < len(ws); i++ {
		q := ws[i]
		modifies := i+1 < len(ws) && !isStopWord(ws[i+1].w) // "a new circuit", not "something new"
		if actionAdjective(q.w) && modifies && slices.Equal(verbMeaning(q.w).words, act.words) &&
			strings.EqualFold(clauses[q.clause].value, q.w) {
			in.consumed[q.clause], in.echoes[q.clause] = true, true
		}
	}
}

// dropLike leaves out a "like" that neither opens the query nor is its
// action: the index keeps the word for the APIs where it is one ("like a
// comment", "like comment": POST /comments/{id}/like), but later in a
// query it compares ("payments like rent or salary").
func (in *intent) dropLike(clauses []clause, ws []qword) {
	first := firstContent(ws)
	for i, q := range ws {
		if q.w == "like" && i != first && i != in.verb && strings.EqualFold(clauses[q.clause].value, "like") {
			in.consumed[q.clause] = true
		}
	}
}

// firstContent is the index of the first word of ws that is not a stop
// word, or of its last word.
func firstContent(ws []qword) int {
	first := 0
	for first < len(ws)-1 && isStopWord(ws[first].w) {
		first++
	}
	return first
}

// isRelativePronoun reports words after which a verb says what something
// does ("an endpoint that deletes…", "which endpoint forks…").
func isRelativePronoun(w string) bool {
	return w == "that" || w == "which" || w == "who"
}

// isScopePreposition reports prepositions after which a query names where
// or of what its object is.
func isScopePreposition(w string) bool {
	switch w {
	case "for", "of", "in", "from", "on", "within", "inside", "under", "across", "at", "by", "with", "per":
		return true
	}
	return false
}

// verbBase is w without a third person's -s, -es or -ies or a
// gerund's -ing ("gets" → "get", "fetches" → "fetch", "modifies" →
// "modify", "deleting" → "delete", "getting" → "get"): the first of them
// that is a known verb, or w.
func verbBase(w string) string {
	return knownVerb(w, []suffixRule{
		{"ies", "y", false}, {"es", "", false}, {"s", "", false}, {"ing", "", true}, {"ing", "e", false},
	})
}

// nominalVerb is the verb w names the action of, by English's regular
// nominal suffixes ("deletion" → "delete", "insertion" → "insert",
// "addition" → "add", "cancellation" → "cancel", "modification" →
// "modify", "removal" → "remove", "assignment" → "assign", "acceptance"
// → "accept", "closure" → "close") or as a gerund ("listing" → "list"):
// the first candidate that is a known verb, or w. A plural is no
// nominal ("runs of a workflow" asks for runs, not to run one).
func nominalVerb(w string) string {
	return knownVerb(w, []suffixRule{
		{"ification", "ify", false}, {"ition", "", true}, {"ation", "", true}, {"ion", "", true}, {"ion", "e", false},
		{"al", "e", false}, {"al", "", true}, {"ment", "", true}, {"ance", "", true}, {"ure", "e", false},
		{"ing", "", true}, {"ing", "e", false},
	})
}

// suffixRule reads a verb out of a word's ending: the word without suffix,
// plus base; with double, also that cut word with its doubled last letter
// made single ("cancellation" → "cancel", "getting" → "get").
type suffixRule struct {
	suffix, base string
	double       bool
}

// knownVerb is the first candidate of rules, in order, that is a known
// verb, or w.
func knownVerb(w string, rules []suffixRule) string {
	for _, s := range rules {
		for _, c := range s.bases(w) {
			if len(c) > 1 && verbMeaning(c).methods != nil {
				return c
			}
		}
	}
	return w
}

// bases are the words w may be made of by s: w without s's suffix, plus
// its base, then with a doubled last letter made single; none when w lacks
// the suffix or too little is left.
func (s suffixRule) bases(w string) []string {
	b, ok := strings.CutSuffix(w, s.suffix)
	if !ok || len(b) < 2 {
		return nil
	}
	if n := len(b); s.double && b[n-1] == b[n-2] {
		return []string{b + s.base, b[:n-1]}
	}
	return []string{b + s.base}
}

// expressionAt finds the longest expression starting at word i: three or
// two words in a row, or a phrasal verb with its particle a few words on.
// It returns the expression's meaning and the words it uses.
func expressionAt(r *reader, ws []qword, taken []bool, i int) (meaning, []int) {
	if taken[i] {
		return meaning{}, nil
	}
	for n := 3; n >= 2; n-- {
		if i+n > len(ws) {
			continue
		}
		parts := make([]string, 0, n)
		free := true
		for k := i; k < i+n; k++ {
			parts = append(parts, ws[k].w)
			free = free && !taken[k]
		}
		if !free {
			continue
		}
		if m := phraseMeaning(strings.Join(parts, " ")); m.words != nil {
			used := make([]int, n)
			for k := range used {
				used[k] = i + k
			}
			return m, used
		}
	}
	// A phrasal verb is two words a space apart: joined ("add-on",
	// "sign-on") they are a noun, one clause.
	if i+1 < len(ws) && !taken[i+1] && ws[i].clause != ws[i+1].clause {
		if m := phrasalMeaning(r, ws[i].w, ws[i+1].w); m.terms != nil {
			return m, []int{i, i + 1}
		}
	}
	for j := i + 2; j < len(ws) && j <= i+1+maxParticleGap; j++ {
		if taken[j] || !IsParticle(ws[j].w) {
			continue
		}
		if m := phraseMeaning(ws[i].w + " " + ws[j].w); m.words != nil && m.methods != nil {
			return m, []int{i, j}
		}
	}
	return meaning{}, nil
}

// endsPhrase reports a clause that ends with punctuation closing a phrase
// or a sentence ("ID.", "name,").
func endsPhrase(raw string) bool {
	return raw != "" && strings.ContainsRune(".,;:!?", rune(raw[len(raw)-1]))
}

// isFirstPerson reports words by which a query speaks of its caller.
func isFirstPerson(w string) bool {
	switch w {
	case "i", "me", "my", "mine", "myself":
		return true
	}
	return false
}

// selfWords are the words APIs use for the caller.
func selfWords() []string { return []string{"authenticated", "me", "current", "self"} }
