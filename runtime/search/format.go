package search

import "math"

// Layout of catalog.Index, format 3 (FormatVersion; 2 added the body field,
// 3 keys the -ize family by a stem that keeps "iz": an older index's keys
// would miss those words, so it is indexed again in memory):
//
//	Meta      varints: term count, then per text field its average length ×64
//	Blocks    per block of blockSize terms, three fixed-width numbers of
//	          offsetWidth characters: offsets of the block's first entry in
//	          Dict, of its postings in Postings and of its positions in Positions
//	Dict      per term, sorted by key bytes: varint bytes shared with the
//	          previous key (0 at a block start), varint suffix length, the
//	          suffix, varints df, postings length, positions length
//	Postings  per term, documents ascending: varint document delta (first
//	          from -1), then for a text term varint field mask and per set
//	          field (ascending) varint term frequency; keyword terms stop at
//	          the delta
//	Positions per text term, same order: per document and set field, tf
//	          varint position deltas
//	Norms     per document, one character per text field: quantized length
//
// A text term's key is its analyzed form; keyword keys start with '!'
// (which no analyzed term can): "!m:get", "!t:pets", "!p:/pets/{petid}".
const (
	FormatVersion = 3
	blockSize     = 32
	offsetWidth   = 6 // 36 bits per offset
	// maxFieldTokens bounds the tokens indexed per field of a document.
	maxFieldTokens = 512
)

// keywordMark starts every keyword key; a text term's key never does.
const keywordMark = '!'

// isKeywordKey reports a keyword key (as a string or the dictionary's
// bytes): its postings count whole.
func isKeywordKey[K ~string | ~[]byte](key K) bool { return len(key) > 0 && key[0] == keywordMark }

// Keyword key prefixes.
const (
	keyMethod = "!m:"
	keyTag    = "!t:"
	keyPath   = "!p:"
)

// field is a text field of a document.
type field uint8

// Text fields, in the order of their bits in a posting's field mask.
const (
	fieldSummary field = iota
	fieldPath
	fieldOperationID
	fieldTag
	fieldDescription
	fieldParam
	fieldTagDescription
	fieldBody // request-body property names and descriptions
	numFields
)

// fieldNames are the names fields have in queries and in explanations.
func (f field) String() string {
	switch f {
	case fieldSummary:
		return "summary"
	case fieldPath:
		return "path"
	case fieldOperationID:
		return "operationId"
	case fieldTag:
		return "tag"
	case fieldDescription:
		return "description"
	case fieldParam:
		return "param"
	case fieldTagDescription:
		return "tagDescription"
	case fieldBody:
		return "body"
	}
	return "unknown"
}

// fieldWeight is a field's weight in BM25F: a term in the summary says more
// about the operation than one in a long description.
func fieldWeight(f field) float64 {
	switch f {
	case fieldSummary:
		return 3
	case fieldPath:
		return 2
	case fieldOperationID:
		return 2
	case fieldTag:
		return 1.5
	case fieldDescription:
		return 1
	case fieldParam:
		return 0.6
	case fieldTagDescription:
		return 0.4
	case fieldBody:
		return weightBody
	}
	return 0
}

// weightBody is the request body's field weight: below a parameter's,
// since a body names many things besides what the operation does, yet an
// API documented by little more than its names says what an operation
// changes there (issue 11's candidate W: 0.3 → 0.6 lifted the held-out
// half's MRR, no API's recall@5 lower).
const weightBody = 0.6

// fieldB is BM25's length normalization per field: short, titled fields
// normalize less.
func fieldB(f field) float64 {
	switch f {
	case fieldPath, fieldOperationID, fieldTag:
		return 0.5
	}
	return 0.75
}

// Lengths are stored in one character: exact below normExact, then in
// steps of normStep (like Lucene's one-byte norms, lossy but tiny).
const (
	normExact = 40
	normStep  = 1.2
)

// quantizeLen maps a field length to 0..63.
func quantizeLen(n int) uint64 {
	if n < normExact {
		return uint64(n)
	}
	q := normExact + int(math.Log(float64(n)/normExact)/math.Log(normStep))
	return uint64(min(q, 63))
}

// dequantizedLens is the length each quantized value stands for (the
// middle of its step), computed by multiplication: Open stays cheap.
func dequantizedLens() [64]float64 {
	var l [64]float64
	v := normExact * math.Sqrt(normStep)
	for q := range 64 {
		if q < normExact {
			l[q] = float64(q)
			continue
		}
		l[q] = v
		v *= normStep
	}
	return l
}
