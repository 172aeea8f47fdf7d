package catalog

// Index is the search index the generator compiles into a server: plain
// string constants that runtime/search reads in place, so opening it costs
// the same for ten endpoints as for a hundred thousand. The layout belongs
// to runtime/search (see its format.go); Format names the layout version.
type Index struct {
	Format    int    // layout version; 0 means no index
	Docs      int    // documents, one per endpoint, in catalog order
	Meta      string // term count and average field lengths
	Blocks    string // fixed-width offsets of every block of the dictionary
	Dict      string // sorted, front-coded term dictionary
	Postings  string // per term: documents with per-field term frequencies
	Positions string // per term: token positions, for phrases
	Norms     string // per document: quantized field lengths
	// Word tables derived from general English data for this API (zero
	// when the generator had none): the semantic channel's vectors and
	// WordNet's related forms.
	Dims    int    // dimensions of a vector
	Vectors string // per document: its vector
	Words   string // sorted lines: a word and its vector
	Forms   string // sorted lines: a term and the API's terms of its related forms
	Notice  string // the notices of the data sets the word tables derive from
}
