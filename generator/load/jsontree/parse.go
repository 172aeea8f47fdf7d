package jsontree

import (
	"bytes"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/pb33f/go-yaml"
)

const (
	// splitDepth is the nesting at which collections go to workers: in a
	// spec, an operation under /paths/{path} or a schema under
	// /components/schemas, thousands of pieces of a few KB each.
	splitDepth = 3
	// batchBytes is about how much JSON goes to a worker at once.
	batchBytes = 64 << 10
)

// Parse returns the document node of the JSON document in data and true,
// reading with up to workers goroutines besides the caller's; false when
// it declines (see the package comment). The tree does not depend on
// workers.
func Parse(data []byte, workers int) (*yaml.Node, bool) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 || trimmed[0] != '{' || trimmed[len(trimmed)-1] != '}' {
		return nil, false
	}
	// Declined before reading, not after: a spec written by a JSON encoder
	// that escapes slashes has them everywhere.
	if bytes.Contains(data, []byte(`\/`)) {
		return nil, false
	}
	s := newScanner(data)
	if !s.space(false) || s.pos >= len(data) || data[s.pos] != '{' {
		return nil, false
	}
	doc := &yaml.Node{Kind: yaml.DocumentNode, Line: s.line, Column: s.col}
	if workers > 0 {
		s.split = newSplitter(data, workers)
	}
	root, ok := s.value()
	ok = ok && s.space(false) && s.pos == len(data)
	if s.split != nil && !s.split.wait() {
		ok = false
	}
	if !ok {
		return nil, false
	}
	doc.Content = []*yaml.Node{root}
	return doc, true
}

// piece is a collection a worker reads into the node at into.
type piece struct {
	start, end, line, col int
	into                  *yaml.Node
}

// splitter hands collections to workers. The caller's scanner finds each
// one's end with a quick scan (about a tenth of the cost of reading it),
// leaves a node for it in the tree and goes on; a worker reads the bytes
// into that node. Nothing reads the nodes before wait returns.
type splitter struct {
	data     []byte
	batch    []piece
	bytes    int
	pieces   chan []piece
	group    sync.WaitGroup
	declined atomic.Bool
}

func newSplitter(data []byte, workers int) *splitter {
	sp := &splitter{data: data, pieces: make(chan []piece, 2*workers)}
	for range workers {
		sp.group.Go(sp.work)
	}
	return sp
}

// handOff leaves a node for the collection at s.pos to a worker and moves
// s past it.
func (sp *splitter) handOff(s *scanner) (*yaml.Node, bool) {
	if sp.declined.Load() {
		return nil, false
	}
	end, ok := collectionEnd(s.data, s.pos)
	if !ok {
		return nil, false
	}
	into := s.node(0, 0, "")
	sp.batch = append(sp.batch, piece{start: s.pos, end: end, line: s.line, col: s.col, into: into})
	sp.bytes += end - s.pos
	s.advance(end)
	if sp.bytes >= batchBytes {
		sp.flush()
	}
	return into, true
}

func (sp *splitter) flush() {
	if len(sp.batch) > 0 {
		sp.pieces <- sp.batch
		sp.batch, sp.bytes = nil, 0
	}
}

// wait returns once the workers have read every piece, and whether all
// of them could be read.
func (sp *splitter) wait() bool {
	sp.flush()
	close(sp.pieces)
	sp.group.Wait()
	return !sp.declined.Load()
}

func (sp *splitter) work() {
	s := newScanner(nil)
	for batch := range sp.pieces {
		sp.read(s, batch)
	}
}

// read reads a batch of pieces. A panic declines the document rather than
// ending the process (no caller could recover it on this goroutine); the
// worker goes on draining batches, so the reader never blocks.
func (sp *splitter) read(s *scanner, batch []piece) {
	defer func() {
		if recover() != nil {
			sp.declined.Store(true)
		}
	}()
	for _, p := range batch {
		if sp.declined.Load() {
			return
		}
		s.data, s.pos, s.line, s.col, s.depth = sp.data[:p.end], p.start, p.line, p.col, splitDepth
		s.open = s.open[:0]
		n, ok := s.value()
		if !ok || s.pos != p.end {
			sp.declined.Store(true)
			return
		}
		*p.into = *n
	}
}

// advance moves s to end, past bytes read by someone else, keeping its
// line and column. A line break in JSON is whitespace, so counting LF
// bytes counts lines as the reader does; a column counts characters.
func (s *scanner) advance(end int) {
	skipped := s.data[s.pos:end]
	if n := bytes.Count(skipped, []byte{'\n'}); n > 0 {
		s.line += n
		s.col = 1 + utf8.RuneCount(skipped[bytes.LastIndexByte(skipped, '\n')+1:])
	} else {
		s.col += utf8.RuneCount(skipped)
	}
	s.pos = end
}

// collectionEnd returns the offset just past the object or array that
// starts at i, matching brackets outside strings. It does not check the
// JSON in between; the worker reading it does.
func collectionEnd(d []byte, i int) (int, bool) {
	depth := 0
	for i < len(d) {
		switch d[i] {
		case '"':
			j, ok := stringEnd(d, i)
			if !ok {
				return 0, false
			}
			i = j
			continue
		case '{', '[':
			depth++
		case '}', ']':
			if depth--; depth == 0 {
				return i + 1, true
			}
		}
		i++
	}
	return 0, false
}

// stringEnd returns the offset just past the string whose opening quote
// is at i.
func stringEnd(d []byte, i int) (int, bool) {
	for j := i + 1; ; {
		k := bytes.IndexByte(d[j:], '"')
		if k < 0 {
			return 0, false
		}
		j += k
		slashes := 0
		for b := j - 1; b > i && d[b] == '\\'; b-- {
			slashes++
		}
		if slashes%2 == 0 {
			return j + 1, true
		}
		j++
	}
}
