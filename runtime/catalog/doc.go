package catalog

import (
	"cmp"
	"container/list"
	"errors"
	"runtime"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// Doc is one of an endpoint's JSON documents (its input schema or its
// operation), its description, or a component schema. A catalog built in Go holds the text
// (Text); a decoded data file holds a place in a compressed block, inflated
// on first use. The documents are most of a big API's data (Microsoft
// Graph: 44 of 63 MB) and compress about 18 times in blocks, while search
// never reads them and a call reads one endpoint's.
type Doc struct {
	text  string
	store *blockStore // nil: the document is text
	ref   docRef
}

// Text is a Doc holding s.
func Text(s string) Doc { return Doc{text: s} }

// String returns the document's text; "" for none, and for a block that
// does not inflate (corrupt data), which callers treat as no document.
func (d Doc) String() string {
	if d.store == nil || d.ref.n == 0 {
		return d.text
	}
	text, err := d.store.text(d.ref)
	if err != nil {
		return ""
	}
	return text
}

// holds reports whether ref lies inside its block (by the blocks' table,
// without inflating it); a place that would overflow does not.
func (s *blockStore) holds(ref docRef) bool {
	return ref.block >= 0 && ref.block < len(s.sizes) && ref.off >= 0 && ref.n >= 0 &&
		ref.off <= s.sizes[ref.block] && ref.n <= s.sizes[ref.block]-ref.off
}

// text is the text at ref, which must lie inside its block; "" for no text.
func (s *blockStore) text(ref docRef) (string, error) {
	if ref.n == 0 {
		return "", nil
	}
	if !s.holds(ref) {
		return "", errors.New("outside its block")
	}
	block, err := s.block(ref.block)
	if err != nil {
		return "", err
	}
	return block[ref.off : ref.off+ref.n], nil
}

// docRef is where a document lies in the inflated text of a block; n is 0
// for no document.
type docRef struct {
	block, off, n int
}

// Compressed blocks: documents are grouped in endpoint order until a block
// holds docBlockSize bytes (descriptions: descBlockSize, as search reads
// one at a time); a block's inflated text is cached while in use.
const (
	docBlockSize   = 64 << 10
	descBlockSize  = 16 << 10
	docCacheBlocks = 32
	// maxBlockSize bounds what one block may inflate to: a document larger
	// than docBlockSize has a block of its own, and nothing in a catalog
	// comes near this.
	maxBlockSize = 64 << 20
)

// blockStore inflates blocks on demand and keeps the last few.
type blockStore struct {
	blocks []string // zstd frames, in the data file
	sizes  []int    // inflated sizes

	decoder func() (*zstd.Decoder, error) // made on first use

	mu    sync.Mutex
	lru   *list.List // of int block numbers, most recent first
	cache map[int]*cached
}

type cached struct {
	text string
	err  error
	elem *list.Element
}

func newBlockStore() *blockStore {
	return &blockStore{
		lru: list.New(), cache: map[int]*cached{},
		// One decoder for the store: DecodeAll is safe for concurrent use,
		// and making one costs more than inflating a block.
		decoder: sync.OnceValues(func() (*zstd.Decoder, error) {
			return zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(maxBlockSize))
		}),
	}
}

func (s *blockStore) block(i int) (string, error) {
	s.mu.Lock()
	if c, ok := s.cache[i]; ok {
		s.lru.MoveToFront(c.elem)
		s.mu.Unlock()
		return c.text, c.err
	}
	s.mu.Unlock()
	text, err := s.inflate(i)
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, ok := s.cache[i]; ok { // inflated meanwhile by another caller
		return c.text, c.err
	}
	c := &cached{text: text, err: err, elem: s.lru.PushFront(i)}
	s.cache[i] = c
	if s.lru.Len() > docCacheBlocks {
		old := s.lru.Remove(s.lru.Back()).(int)
		delete(s.cache, old)
	}
	return text, err
}

func (s *blockStore) inflate(i int) (string, error) {
	if i < 0 || i >= len(s.blocks) {
		return "", errors.New("no such block")
	}
	dec, err := s.decoder()
	if err != nil {
		return "", err
	}
	out, err := dec.DecodeAll([]byte(s.blocks[i]), make([]byte, 0, s.sizes[i]))
	if err != nil {
		return "", err
	}
	if len(out) != s.sizes[i] {
		return "", errors.New("block inflates to the wrong size")
	}
	return string(out), nil
}

// packer groups documents, in the order added, into blocks of about
// docBlockSize bytes, to be compressed by frames.
type packer struct {
	blocks []string
	cur    []byte
	limit  int // bytes of a block; 0: docBlockSize
}

// add places text in the current block, or in a new one when it would
// pass the limit; "" takes no place.
func (p *packer) add(text string) docRef {
	if text == "" {
		return docRef{}
	}
	if len(p.cur) > 0 && len(p.cur)+len(text) > cmp.Or(p.limit, docBlockSize) {
		p.flush()
	}
	ref := docRef{block: len(p.blocks), off: len(p.cur), n: len(text)}
	p.cur = append(p.cur, text...)
	return ref
}

// flush ends the current block, so the next document starts a new one.
func (p *packer) flush() {
	if len(p.cur) > 0 {
		p.blocks = append(p.blocks, string(p.cur))
		p.cur = p.cur[:0]
	}
}

// frames compresses the blocks, in parallel, and returns the zstd frames
// with the inflated sizes.
func (p *packer) frames() (frames []string, sizes []int, err error) {
	p.flush()
	frames, sizes = make([]string, len(p.blocks)), make([]int, len(p.blocks))
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderConcurrency(1))
	if err != nil {
		return nil, nil, err
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, b := range p.blocks {
		sizes[i] = len(b)
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			frames[i] = string(enc.EncodeAll([]byte(b), nil))
			<-sem
		}()
	}
	wg.Wait()
	return frames, sizes, nil
}
