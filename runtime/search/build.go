package search

import (
	"sort"
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// Doc is the text of one endpoint that the index is built from.
type Doc struct {
	Method          string
	Path            string
	OperationID     string
	Summary         string
	Description     string   // may hold HTML and Markdown
	Tags            []string // tag names; the first is the endpoint's own
	TagDescriptions []string
	Params          []string // parameter names
	Body            []string // request-body properties: each a name and the start of its description
}

// termAcc collects one term's postings while documents are added in order.
type termAcc struct {
	df   int
	last int
	post []byte
	pos  []byte
}

// BuildIndex analyzes docs, one per endpoint in catalog order, and returns
// the index the generator compiles into a server. The same input gives the
// same bytes.
func BuildIndex(docs []Doc) catalog.Index {
	return BuildIndexWith(docs, nil)
}

// BuildIndexWith is BuildIndex with the word tables derived from lex
// (see Lexicon); a nil lex gives none.
func BuildIndexWith(docs []Doc, lex Lexicon) catalog.Index {
	acc := map[string]*termAcc{}
	get := func(key string) *termAcc {
		a := acc[key]
		if a == nil {
			a = &termAcc{last: -1}
			acc[key] = a
		}
		return a
	}
	an := newAnalyzer()
	var sumLen [numFields]int
	norms := make([]byte, 0, len(docs)*int(numFields))
	// The terms of the document at hand, in order of first use, each
	// with its positions per field; the slots and their position slices
	// are reused from document to document.
	perDoc := map[string]int{}
	var slots []docTerm
	var toks []token
	descs := make([]string, len(docs))
	for d := range docs {
		descs[d] = stripMarkup(docs[d].Description)
	}
	common := boilerplate(descs)
	shared := sharedParams(docs)
	allTexts := make([][numFields]string, len(docs))
	for d, doc := range docs {
		clear(perDoc)
		slots = slots[:0]
		allTexts[d] = docFields(doc, descs[d], common, shared)
		for f, text := range allTexts[d] {
			toks = an.analyze(text, maxFieldTokens, toks[:0], field(f) == fieldPath)
			sumLen[f] += len(toks)
			norms = appendFixed(norms, quantizeLen(len(toks)), 1)
			for _, t := range toks {
				i, ok := perDoc[t.term]
				if !ok {
					i = len(slots)
					perDoc[t.term] = i
					slots = reuseSlot(slots, t.term)
				}
				slots[i].pos[f] = append(slots[i].pos[f], t.pos)
			}
		}
		for i := range slots {
			fp := &slots[i].pos
			a := get(slots[i].term)
			a.post = appendUvarint(a.post, uint64(d-a.last))
			a.last = d
			a.df++
			mask := 0
			for f := range fp {
				if len(fp[f]) > 0 {
					mask |= 1 << f
				}
			}
			a.post = appendUvarint(a.post, uint64(mask))
			for f := range fp {
				if len(fp[f]) == 0 {
					continue
				}
				a.post = appendUvarint(a.post, uint64(len(fp[f])))
				sort.Ints(fp[f]) // an identifier's whole form shares its first part's position
				prev := 0
				for _, p := range fp[f] {
					a.pos = appendUvarint(a.pos, uint64(p-prev))
					prev = p
				}
			}
		}
		for _, key := range keywordKeys(doc) {
			a := get(key)
			if a.last == d {
				continue // a tag named twice
			}
			a.post = appendUvarint(a.post, uint64(d-a.last))
			a.last = d
			a.df++
		}
	}
	ix := writeIndex(acc, len(docs), sumLen, norms)
	t := buildLexTables(an, docs, allTexts, func(term string) int {
		if a := acc[term]; a != nil {
			return a.df
		}
		return 0
	}, lex)
	ix.Dims, ix.Vectors, ix.Words, ix.Forms = t.dims, t.vectors, t.words, t.forms
	if lex != nil && (t.dims > 0 || t.forms != "") {
		ix.Notice = lex.Notice()
	}
	return ix
}

// docTerm is one term of a document and its positions in each field.
type docTerm struct {
	term string
	pos  [numFields][]int
}

// reuseSlot appends a slot for term to slots, emptying the position
// slices of one left from an earlier document rather than allocating.
func reuseSlot(slots []docTerm, term string) []docTerm {
	if len(slots) == cap(slots) {
		return append(slots, docTerm{term: term})
	}
	slots = slots[:len(slots)+1]
	s := &slots[len(slots)-1]
	s.term = term
	for f := range s.pos {
		s.pos[f] = s.pos[f][:0]
	}
	return slots
}

// docFields is a document's text per text field, given its description
// as plain text and the boilerplate sentences to leave out of it. An
// operation without a summary is summarized by its description's lead.
func docFields(doc Doc, desc string, common map[uint64]bool, shared map[string]bool) [numFields]string {
	var t [numFields]string
	lead, rest := splitDescription(desc, common)
	t[fieldSummary] = doc.Summary
	if strings.TrimSpace(doc.Summary) == "" {
		t[fieldSummary] = lead
	}
	if strings.TrimSpace(t[fieldSummary]) == "" {
		// Without a summary or a description, the operationId is the
		// operation's title: its words count as a summary's, and a query
		// that explains all of them ranks first (coverage).
		t[fieldSummary] = doc.OperationID
	}
	t[fieldPath] = pathText(doc.Path)
	t[fieldOperationID] = doc.OperationID
	t[fieldTag] = strings.Join(doc.Tags, " . ")
	t[fieldDescription] = rest
	params := make([]string, 0, len(doc.Params))
	for _, p := range doc.Params {
		if !shared[strings.ToLower(p)] {
			params = append(params, p)
		}
	}
	t[fieldParam] = strings.Join(params, " . ")
	t[fieldTagDescription] = stripMarkup(strings.Join(doc.TagDescriptions, " . "))
	t[fieldBody] = stripMarkup(strings.Join(doc.Body, " . "))
	return t
}

// sharedParamShare is the share of an API's endpoints above which a
// parameter name is shared by all, not a word about any one of them.
const sharedParamShare = 0.5

// sharedParams are the parameter names (lowercased) that most of an
// API's endpoints take (see sharedParamShare), like a request-id or version header: they say
// nothing about any one endpoint, and their words would lose all weight
// everywhere else (a "request" in a title would count for nothing).
func sharedParams(docs []Doc) map[string]bool {
	count := map[string]int{}
	for _, d := range docs {
		seen := map[string]bool{}
		for _, p := range d.Params {
			k := strings.ToLower(p)
			if !seen[k] {
				seen[k] = true
				count[k]++
			}
		}
	}
	out := map[string]bool{}
	for k, n := range count {
		if n >= boilerplateMinDocs && float64(n) > sharedParamShare*float64(len(docs)) {
			out[k] = true
		}
	}
	return out
}

// pathText is a path without its {parameters}: their names are indexed as
// parameters, and the literal segments say what the path is about.
func pathText(p string) string {
	var b strings.Builder
	depth := 0
	for _, r := range p {
		switch {
		case r == '{':
			depth++
		case r == '}' && depth > 0:
			depth--
			b.WriteByte(' ')
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// keywordKeys are a document's keyword terms: method, tags and whole path,
// lowercased so keyword matches ignore case.
func keywordKeys(doc Doc) []string {
	keys := []string{keyMethod + strings.ToLower(doc.Method), keyPath + strings.ToLower(doc.Path)}
	for _, t := range doc.Tags {
		keys = append(keys, keyTag+strings.ToLower(t))
	}
	return keys
}

// writeIndex lays the collected terms out in the format of format.go.
func writeIndex(acc map[string]*termAcc, docs int, sumLen [numFields]int, norms []byte) catalog.Index {
	keys := make([]string, 0, len(acc))
	nKeys, nPost, nPos := 0, 0, 0
	for k, a := range acc {
		keys = append(keys, k)
		nKeys, nPost, nPos = nKeys+len(k), nPost+len(a.post), nPos+len(a.pos)
	}
	sort.Strings(keys)
	// Capacities: postings and positions exactly, dict about (a key and
	// five varints, most of one or two characters, per term).
	var meta, blocks []byte
	dict := make([]byte, 0, nKeys+8*len(keys))
	post, pos := make([]byte, 0, nPost), make([]byte, 0, nPos)
	meta = appendUvarint(meta, uint64(len(keys)))
	meta = appendUvarint(meta, uint64(numFields))
	for f := range numFields {
		avg := 0.0
		if docs > 0 {
			avg = float64(sumLen[f]) / float64(docs)
		}
		meta = appendUvarint(meta, uint64(avg*64+0.5))
	}
	prev := ""
	for i, k := range keys {
		shared := 0
		if i%blockSize == 0 {
			blocks = appendFixed(blocks, uint64(len(dict)), offsetWidth)
			blocks = appendFixed(blocks, uint64(len(post)), offsetWidth)
			blocks = appendFixed(blocks, uint64(len(pos)), offsetWidth)
		} else {
			for shared < len(prev) && shared < len(k) && prev[shared] == k[shared] {
				shared++
			}
		}
		a := acc[k]
		dict = appendUvarint(dict, uint64(shared))
		dict = appendUvarint(dict, uint64(len(k)-shared))
		dict = append(dict, k[shared:]...)
		dict = appendUvarint(dict, uint64(a.df))
		dict = appendUvarint(dict, uint64(len(a.post)))
		dict = appendUvarint(dict, uint64(len(a.pos)))
		post = append(post, a.post...)
		pos = append(pos, a.pos...)
		prev = k
	}
	return catalog.Index{
		Format:    FormatVersion,
		Docs:      docs,
		Meta:      string(meta),
		Blocks:    string(blocks),
		Dict:      string(dict),
		Postings:  string(post),
		Positions: string(pos),
		Norms:     string(norms),
	}
}

// CatalogDocs is the text of every endpoint of cat, for building an index
// from a catalog alone (servers built without a compiled index, tests).
// A catalog knows only each endpoint's first tag.
func CatalogDocs(cat *catalog.Catalog) []Doc {
	docs := make([]Doc, cat.Len())
	for i := range cat.Len() {
		e := cat.Endpoint(i)
		d := Doc{
			Method: e.Method, Path: e.Path, OperationID: e.OperationID,
			Summary: e.Summary, Description: e.Description.String(),
		}
		if e.Tag >= 0 && e.Tag < len(cat.Tags) {
			d.Tags = []string{cat.Tags[e.Tag].Name}
			if desc := cat.Tags[e.Tag].Description; desc != "" {
				d.TagDescriptions = []string{desc}
			}
		}
		for _, p := range e.Params {
			d.Params = append(d.Params, p.Name)
		}
		docs[i] = d
	}
	return docs
}
