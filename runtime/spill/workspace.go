package spill

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
)

// Defaults of Options.
const (
	DefaultMaxFiles       = 100
	DefaultMaxBytes       = 1 << 30 // 1 GiB kept in all
	DefaultOutputBytes    = 64 << 10
	DefaultMaxDecodeBytes = 16 << 20
)

// ResponsesFolder is the workspace's folder of stored responses.
const ResponsesFolder = "responses"

// Options configure a Workspace.
type Options struct {
	Dir      string // workspace folder (made absolute); responses go to Dir/responses
	MaxFiles int    // retention: most response files kept; 0: DefaultMaxFiles
	MaxBytes int64  // retention: most bytes kept in all; 0: DefaultMaxBytes
	// OutputBytes bounds one response tool answer; 0: DefaultOutputBytes.
	OutputBytes int
	// MaxDecodeBytes bounds the bytes of the file one in-memory value may
	// span (JSONPath filters, descendant segments); 0: DefaultMaxDecodeBytes.
	MaxDecodeBytes int64
}

// Workspace stores response files and reads them back. Its methods are
// safe for concurrent use.
type Workspace struct {
	dir, responses string
	maxFiles       int
	maxBytes       int64
	outputBytes    int
	maxDecode      int64
	mu             sync.Mutex // serializes retention
}

// New returns the workspace at opts.Dir. Nothing is created until the
// first Store.
func New(opts Options) (*Workspace, error) {
	if opts.Dir == "" {
		return nil, errors.New("spill: no workspace folder")
	}
	dir, err := filepath.Abs(opts.Dir)
	if err != nil {
		return nil, fmt.Errorf("spill: workspace %s: %w", opts.Dir, err)
	}
	w := &Workspace{dir: dir, responses: filepath.Join(dir, ResponsesFolder), maxFiles: opts.MaxFiles,
		maxBytes: opts.MaxBytes, outputBytes: opts.OutputBytes, maxDecode: opts.MaxDecodeBytes}
	if w.maxFiles <= 0 {
		w.maxFiles = DefaultMaxFiles
	}
	if w.maxBytes <= 0 {
		w.maxBytes = DefaultMaxBytes
	}
	if w.outputBytes <= 0 {
		w.outputBytes = DefaultOutputBytes
	}
	if w.maxDecode <= 0 {
		w.maxDecode = DefaultMaxDecodeBytes
	}
	return w, nil
}

// Dir is the workspace folder.
func (w *Workspace) Dir() string { return w.dir }

// ResponsesDir is the folder response files are stored in.
func (w *Workspace) ResponsesDir() string { return w.responses }

// File is a stored response body.
type File struct {
	Path      string // absolute
	Name      string // base name, response_<id>.<ext>
	Size      int64  // bytes stored
	Kind      Kind
	MediaType string
	Truncated bool // the body went past the store limit; the file holds its first Size bytes
}

// Store writes r's bytes, at most limit of them, to a new response file
// named after the body's kind and media type, then applies the retention
// bound. The file appears whole or not at all (temporary file, then
// rename in the same folder), readable only by the user, in a folder only
// the user can open. Several processes (replicas on a shared volume,
// running as one user) may store into and prune one workspace at once.
func (w *Workspace) Store(r io.Reader, kind Kind, mediaType string, limit int64) (*File, error) {
	if err := os.MkdirAll(w.responses, 0o700); err != nil {
		return nil, fmt.Errorf("spill: %w", err)
	}
	if err := os.Chmod(w.responses, 0o700); err != nil {
		return nil, fmt.Errorf("spill: %w", err)
	}
	tmp, err := os.CreateTemp(w.responses, ".response_*.tmp") // mode 0600
	if err != nil {
		return nil, fmt.Errorf("spill: %w", err)
	}
	defer os.Remove(tmp.Name()) // a no-op after the rename
	n, err := io.Copy(tmp, io.LimitReader(r, limit))
	truncated := false
	if err == nil && n == limit {
		var one [1]byte
		m, _ := io.ReadFull(r, one[:])
		truncated = m > 0
	}
	// No fsync: these files are a cache of answers, and the rename alone
	// keeps readers from seeing a partial file.
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, fmt.Errorf("spill: writing the response: %w", err)
	}
	id, err := randomID()
	if err != nil {
		return nil, err
	}
	name := "response_" + id + Ext(kind, mediaType)
	path := filepath.Join(w.responses, name)
	if err := os.Rename(tmp.Name(), path); err != nil {
		return nil, fmt.Errorf("spill: %w", err)
	}
	w.prune(name)
	return &File{Path: path, Name: name, Size: n, Kind: kind, MediaType: mediaType, Truncated: truncated}, nil
}

// randomID is 32 hex digits (128 bits) from the system's secure random
// source: names no one can guess, and that replicas writing one shared
// folder never give twice.
func randomID() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("spill: random id: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}
