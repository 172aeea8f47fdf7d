package search

import (
	"regexp"
	"slices"
	"strings"
)

// Bounds on the dictionary work one clause may cause.
const (
	maxScanTerms      = 1 << 18 // dictionary entries a pattern may visit
	maxTextExpansions = 512     // words a text pattern may expand to
	maxKeyExpansions  = 1 << 17 // paths, tags or methods a pattern may expand to
	maxTypoAlternates = 4
	// maxTypoWords bounds the words of one query, absent from the index,
	// whose near spellings are looked for (in query order), by each of the
	// two searches: among the vocabulary's verbs (vocabTypo) and among the
	// API's terms (fuzzyAlts). A typed query has one or two such words; a
	// query with dozens (a description pasted whole) cost up to 8 ms on
	// GitHub's index for the spellings alone.
	maxTypoWords       = 4
	maxRegexBytes      = 256
	keywordScore       = 1.0
	exactPathScore     = 8.0
	fuzzyWeightPerEdit = 0.2
)

// alt is one index term a group searches.
type alt struct {
	info   termInfo
	weight float64
	via    string
	// idfCap, when above 0, caps the term's idf: a related word scores
	// no more per occurrence than the query's own word, however rare.
	idfCap float64
	fields uint // when not 0, the only text fields this alternative counts in
}

// group is a clause after planning: a document scores the best of its
// alternatives (plus a little of the others), or, for a phrase, the phrase.
type group struct {
	c       clause
	alts    []alt
	phrase  []termInfo // all must occur in this order in one field
	keyword bool       // alternatives are keyword terms: constant score
	fields  uint       // text fields that count
	coord   bool       // a plain word: counts towards coordination
	sum     bool       // alternatives add up (the words of an expression's meaning)
	aux     bool       // only ranks: never what makes a document match (the caller's "my")
	// names: a path, an operationId or an endpoint id the query gives
	// names the documents this group matches, so each counts as matching
	// every plain word (coordination)
	names bool
	docs  []int32 // with names, the documents named directly (by an operationId or id), ascending
}

// plan is a whole query after planning.
type plan struct {
	groups     []group
	hints      map[string]bool // methods the query's action hints at
	hintWeight float64         // score lift of an endpoint of a hinted method
	shape      shape           // whether the query asks for many items or one
	coverage   bool            // lift documents whose summary and path the query explains
	coordSize  int             // plain-word groups that can match anything
	// namedLift lifts the documents a path in the query names: namedLift
	// in a short query, whose path is what it is about; 1 in prose
	// (proseWords terms or more), where a path is a mention ("use /users
	// instead").
	namedLift float64
	vector    []float32 // the semantic channel's query vector; nil when off
	scoreAll  bool      // score every document's postings, keyword filters or not (tests compare)
	// shoulds counts the optional groups that can match something. When
	// the query also has required clauses, a document must match one of
	// them too: "+method:DELETE webhook" is the DELETE endpoints about
	// webhooks, so a filter narrows the words' matches instead of adding
	// every endpoint it passes.
	shoulds int
}

const allFields = 1<<numFields - 1

// fieldMask is the text fields a field name searches.
func fieldMask(name string) uint {
	switch name {
	case fieldSummaryNm:
		return 1 << fieldSummary
	case fieldPathName:
		return 1 << fieldPath
	case fieldTagName:
		return 1 << fieldTag
	case "description":
		return 1 << fieldDescription
	case "operationid":
		return 1 << fieldOperationID
	case "param":
		return 1 << fieldParam
	}
	return allFields
}

// plan turns clauses into groups of index terms.
func (e *engine) plan(r *reader, clauses []clause) (*plan, error) {
	pl := &plan{hints: map[string]bool{}, namedLift: 1}
	if len(clauses) < proseWords {
		pl.namedLift = namedLift
	}
	tries := maxTypoWords
	for i, c := range clauses { // a misspelt word of the vocabulary is read as it
		if plainWord(c) && !strings.ContainsAny(c.value, " \t") {
			if v := vocabTypo(r, c.value, &tries); v != "" {
				clauses[i].value = v
			}
		}
	}
	explicitMethod, plain := false, false
	for _, c := range clauses {
		explicitMethod = explicitMethod || c.field == fieldMethod
		plain = plain || plainWord(c)
	}
	in := readIntent(r, clauses)
	typos, idWords := maxTypoWords, maxIDWords
	for i, c := range clauses {
		if in.consumed[i] {
			continue
		}
		gs, err := planClause(r, c, &typos)
		if err != nil {
			return nil, err
		}
		if in.criteria[i] {
			for k := range gs {
				gs[k].coord = false
				gs[k].c.boost *= weightCriterion
			}
		}
		pl.groups = append(pl.groups, gs...)
		if g, ok := e.idGroup(r, c, &idWords); ok {
			pl.groups = append(pl.groups, g)
		}
	}
	pl.groups = append(pl.groups, in.groups...)
	if in.shape != shapeNone {
		fitShape(pl.groups, in.shape)
	}
	if !explicitMethod && plain {
		methods, w := in.methods, weightHint
		if !in.action { // no verb: a question or a noun asks to read
			methods, w = methodsRead(), weightReadHint
		}
		for _, m := range methods {
			pl.hints[m] = true
		}
		pl.hintWeight = w
		pl.shape = in.shape
		pl.coverage = true
		pl.vector = queryVector(r, without(clauses, in.echoes))
	}
	if !explicitMethod && !plain && slices.ContainsFunc(pl.groups, func(g group) bool { return g.names }) {
		// A request or id alone ("https://api.example.com/pets/7") asks
		// to read it first, not to delete it.
		for _, m := range methodsRead() {
			pl.hints[m] = true
		}
		pl.hintWeight = weightReadHint
	}
	if len(pl.groups) == 0 {
		return nil, &QueryError{Pos: 0, Msg: "the query has only common words; give words that describe the operation, e.g. \"delete a webhook\""}
	}
	for _, g := range pl.groups {
		matchable := len(g.alts) > 0 || len(g.phrase) > 0 || len(g.docs) > 0
		if g.coord && matchable {
			pl.coordSize++
		}
		if g.c.occur == should && !g.aux && matchable {
			pl.shoulds++
		}
	}
	return pl, nil
}

// planClause plans one clause; a plain multi-word value gives one group a
// word. typos is how many more words absent from the index may look for
// their near spellings (see maxTypoWords).
func planClause(r *reader, c clause, typos *int) ([]group, error) {
	switch c.field {
	case fieldMethod:
		return keywordGroup(r, c, keyMethod)
	case fieldTagName:
		gs, err := keywordGroup(r, c, keyTag)
		if err != nil || len(gs) == 0 || len(gs[0].alts) > 0 || c.kind == kindWildcard || c.kind == kindRegex {
			return gs, err
		}
		// No tag has this exact name: search the words of tag names.
		c2 := c
		if c2.kind == kindPhrase {
			c2.kind = kindTerm
		}
		return textGroups(r, c2, true, typos)
	case fieldPathName:
		// A value starting with "/" or holding a wildcard is a pattern of
		// the whole path (path:*/hooks, path:"*hooks*"); other values are
		// words of the path.
		if c.kind == kindPath || c.kind == kindWildcard || (c.kind == kindPhrase && isPathPattern(c.value)) {
			gs, err := keywordGroup(r, c, keyPath)
			if err != nil || len(gs[0].alts) > 0 || strings.ContainsAny(c.value, "*?") {
				return gs, err
			}
			// No template is this path: it is a request's
			// (path:/repos/octo/hello/issues), routed as a bare one is.
			best, others := routedPaths(r, c.value)
			for _, t := range append(best, others...) {
				gs[0].alts = append(gs[0].alts, alt{info: t, weight: 1, via: "route"})
			}
			return gs, nil
		}
	}
	if c.kind == kindPath { // a bare /path/value in the default field
		return pathValueGroup(r, c)
	}
	if c.kind == kindRegex && c.field == fieldAll && regexp.QuoteMeta(c.value) == c.value {
		// "/rate_limit/" is a path with a trailing slash as much as a
		// pattern: one that no word matches is read as the path.
		gs, err := textGroups(r, c, false, typos)
		if err != nil || len(gs) != 1 || len(gs[0].alts) > 0 {
			return gs, err
		}
		c.kind, c.value = kindPath, "/"+c.value+"/"
		return pathValueGroup(r, c)
	}
	return textGroups(r, c, c.kind == kindTerm && c.occur == should && c.fuzzy == 0, typos)
}

// keywordGroup matches a keyword field exactly or by pattern.
func keywordGroup(r *reader, c clause, prefix string) ([]group, error) {
	g := group{c: c, keyword: true}
	v := strings.ToLower(c.value)
	switch {
	case c.kind == kindRegex:
		re, err := compileRegex(c)
		if err != nil {
			return nil, err
		}
		err = scanPattern(r, c, prefix, prefix+literalRegexPrefix(re), maxKeyExpansions, func(k []byte) bool {
			return re.Match(k[len(prefix):])
		}, func(t termInfo) { g.alts = append(g.alts, alt{info: t, weight: 1, via: "regex"}) })
		if err != nil {
			return nil, err
		}
	case strings.ContainsAny(v, "*?") && (c.kind != kindPhrase || (prefix == keyPath && strings.Contains(v, "*"))):
		gl := newGlob(v)
		err := scanPattern(r, c, prefix, prefix+literalPrefix(v), maxKeyExpansions, func(k []byte) bool {
			return gl.match(k[len(prefix):])
		}, func(t termInfo) { g.alts = append(g.alts, alt{info: t, weight: 1, via: "wildcard"}) })
		if err != nil {
			return nil, err
		}
	default:
		if t, ok := r.lookup(prefix + v); ok {
			g.alts = append(g.alts, alt{info: t, weight: 1, via: "keyword"})
		}
	}
	return []group{g}, nil
}

// isPathPattern reports a quoted path value that names whole paths: one
// starting with "/" (exact unless it has a *) or holding a *.
func isPathPattern(v string) bool {
	return strings.HasPrefix(v, "/") || strings.Contains(v, "*")
}

// pathValueGroup matches a bare value that looks like a path: the whole
// path exactly; else a request's concrete path, as the API's router
// would ("/repos/octo/hello/issues/7" finds
// /repos/{owner}/{repo}/issues/{issue_number}); else its words. A path
// the API has names the operations the query is about (see group.names).
func pathValueGroup(r *reader, c clause) ([]group, error) {
	v := strings.ToLower(c.value)
	if strings.Contains(v, "*") {
		return keywordGroup(r, c, keyPath)
	}
	named := group{c: c, keyword: true, names: c.occur == should}
	if t, ok := r.lookup(keyPath + v); ok {
		named.alts = append(named.alts, alt{info: t, weight: exactPathScore, via: "keyword"})
		return []group{named}, nil
	}
	if best, others := routedPaths(r, v); len(best) > 0 {
		for _, t := range best {
			named.alts = append(named.alts, alt{info: t, weight: exactPathScore, via: "route"})
		}
		for _, t := range others {
			named.alts = append(named.alts, alt{info: t, weight: routeOtherWeight * exactPathScore, via: "route"})
		}
		return []group{named}, nil
	}
	g := group{c: c, fields: allFields}
	for _, term := range uniqueTerms(analyzeKeepingStopWords(pathText(c.value))) {
		if t, ok := r.lookup(term); ok {
			g.alts = append(g.alts, alt{info: t, weight: 1, via: "exact"})
		}
	}
	return []group{g}, nil
}

// textGroups plans a clause over text fields.
func textGroups(r *reader, c clause, expand bool, typos *int) ([]group, error) {
	fields := fieldMask(c.field)
	base := group{c: c, fields: fields}
	switch c.kind {
	case kindRegex:
		re, err := compileRegex(c)
		if err != nil {
			return nil, err
		}
		g := base
		err = scanPattern(r, c, "", literalRegexPrefix(re), maxTextExpansions, func(k []byte) bool {
			return re.Match(k)
		}, func(t termInfo) { g.alts = append(g.alts, alt{info: t, weight: 1, via: "regex"}) })
		return []group{g}, err
	case kindWildcard:
		v := strings.ToLower(c.value)
		g := base
		gl := newGlob(v)
		err := scanPattern(r, c, "", literalPrefix(v), maxTextExpansions, func(k []byte) bool {
			return gl.match(k)
		}, func(t termInfo) { g.alts = append(g.alts, alt{info: t, weight: 1, via: "wildcard"}) })
		return []group{g}, err
	}
	terms := Analyze(c.value)
	// A phrase, and a value of several words that must (not) match or
	// names a field (operationId:getPetById, summary:user-name), match
	// their words in order.
	if c.kind == kindPhrase || ((c.occur != should || c.field != fieldAll) && len(uniqueTerms(terms)) > 1) {
		return phraseGroup(r, base, phraseTerms(c.value)), nil
	}
	var gs []group
	for _, term := range uniqueTerms(terms) {
		g := base
		g.coord = c.occur == should
		if t, ok := r.lookup(term); ok {
			g.alts = append(g.alts, alt{info: t, weight: 1, via: "exact"})
		}
		if expand {
			g.alts = appendForms(r, g.alts, term)
		}
		switch {
		case c.fuzzy != 0:
			g.alts = append(g.alts, fuzzyAlts(r, term, c.fuzzy, false, "")...)
		case len(g.alts) == 0 && c.kind == kindTerm && *typos > 0:
			typed := typedWord(c.value, term)
			if len(term) >= 4 || len(typed) >= minSpellLen { // shorter ones are never spelled out
				*typos--
			}
			g.alts = append(g.alts, fuzzyAlts(r, term, autoFuzziness, true, typed)...)
		}
		gs = append(gs, g)
	}
	if expand && len(gs) > 0 {
		// Related words of each surface word join the group of its term.
		for _, w := range words(c.value) {
			m := wordMeaning(strings.ToLower(w))
			if m.words == nil {
				continue
			}
			target := &gs[0]
			if len(gs) > 1 {
				if t, ok := normalize(w, false); ok {
					for i := range gs {
						if gs[i].alts != nil && len(gs[i].alts) > 0 && gs[i].alts[0].info.key == t {
							target = &gs[i]
						}
					}
				}
			}
			capIdf := 0.0
			if len(target.alts) > 0 && target.alts[0].via == "exact" {
				capIdf = idf(r.ix.Docs, target.alts[0].info.df)
			}
			target.alts = appendRelated(r, target.alts, m, capIdf)
		}
	}
	if len(gs) == 0 {
		// Only stop words, e.g. "my": dropped unless they have related words.
		for _, w := range words(c.value) {
			if m := wordMeaning(strings.ToLower(w)); m.words != nil && expand {
				g := base
				g.coord = true
				g.alts = appendRelated(r, nil, m, 0)
				gs = append(gs, g)
			}
		}
	}
	return gs, nil
}

// appendRelated adds the index terms of related words not yet present.
func appendRelated(r *reader, alts []alt, m meaning, idfCap float64) []alt {
	for _, w := range m.words {
		for _, term := range analyzeKeepingStopWords(w) {
			if hasAlt(alts, term) {
				continue
			}
			if t, ok := r.lookup(term); ok {
				alts = append(alts, alt{info: t, weight: m.weight, via: "synonym", idfCap: idfCap, fields: m.fields})
			}
		}
	}
	return alts
}

// hasAlt reports whether alts already searches term.
func hasAlt(alts []alt, term string) bool {
	for _, a := range alts {
		if a.info.key == term {
			return true
		}
	}
	return false
}

// fitShape leaves out of a read's synonyms the verb that reads the other
// shape: APIs name reading many "list" and reading one "read" (listPods
// and readPod, dcim_platforms_list and dcim_platforms_read), so "show all
// platforms" is not also asking to read one.
func fitShape(gs []group, sh shape) {
	other := "read"
	if sh == shapeItem {
		other = "list"
	}
	for k := range gs {
		gs[k].alts = slices.DeleteFunc(gs[k].alts, func(a alt) bool { return a.via == "synonym" && a.info.key == other })
	}
}

// appendForms adds the API's terms of term's related forms (WordNet's
// derivations: "react" finds "reaction"), weighted below the word itself,
// and of its other spellings ("colour" finds "color"), weighted as it.
// A word the API lacks also finds the API's terms near it in meaning,
// lower still ("film" finds "movie"; formsTable keeps those only for such
// words).
func appendForms(r *reader, alts []alt, term string) []alt {
	rest, ok := r.forms.find(term)
	if !ok {
		return alts
	}
	capIdf := 0.0
	if len(alts) > 0 && alts[0].via == "exact" {
		capIdf = idf(r.ix.Docs, alts[0].info.df)
	}
	for _, f := range strings.Fields(rest) {
		a := alt{weight: weightForm, via: "form", idfCap: capIdf}
		if spelt, ok := strings.CutPrefix(f, spellingMark); ok {
			f, a.weight, a.via = spelt, 1, "spelling"
		} else if near, ok := strings.CutPrefix(f, RelatedMark); ok {
			f, a.weight, a.via = near, weightMeaning, "meaning"
		}
		if t, ok := r.lookup(f); ok {
			a.info = t
			alts = append(alts, a)
		}
	}
	return alts
}

// phraseGroup plans a phrase: every term must occur, in order, in one field.
func phraseGroup(r *reader, g group, terms []string) []group {
	if len(terms) == 0 {
		return nil
	}
	if len(terms) == 1 {
		if t, ok := r.lookup(terms[0]); ok {
			g.alts = []alt{{info: t, weight: 1, via: "exact"}}
		}
		return []group{g}
	}
	g.phrase = []termInfo{}
	for _, term := range terms {
		t, ok := r.lookup(term)
		if !ok {
			g.phrase = nil // a missing word: the phrase matches nothing
			return []group{g}
		}
		g.phrase = append(g.phrase, t)
	}
	return []group{g}
}

// phraseTerms are the terms of a phrase in order: an identifier gives its
// parts, not also itself whole (which shares its first part's position).
func phraseTerms(text string) []string {
	var out []string
	last := -1
	for _, t := range analyzeTokens(text, 0, nil) {
		if t.pos > last {
			out = append(out, t.term)
			last = t.pos
		}
	}
	return out
}

// typedWord is the word of value, lowercase, that analyzes to term; "" when
// none does.
func typedWord(value, term string) string {
	for _, w := range surfaceWords(value, nil) {
		if t, ok := normalize(w, false); ok && t == term {
			return w
		}
	}
	return ""
}

// uniqueTerms drops repeated terms, keeping first occurrences in order.
func uniqueTerms(terms []string) []string {
	seen := make(map[string]bool, len(terms))
	var out []string
	for _, t := range terms {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// without is clauses less those whose index drop holds.
func without(clauses []clause, drop map[int]bool) []clause {
	if len(drop) == 0 {
		return clauses
	}
	out := make([]clause, 0, len(clauses))
	for i, c := range clauses {
		if !drop[i] {
			out = append(out, c)
		}
	}
	return out
}
