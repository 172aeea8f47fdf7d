package spill

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

// Info describes a stored response file.
type Info struct {
	Path      string `json:"path"`
	Size      int64  `json:"size"`
	SizeHint  string `json:"sizeHint"`
	Format    string `json:"format"`              // "json", "text" or "binary"
	MediaType string `json:"mediaType,omitempty"` // binary files: what their bytes look like
}

// Formats of Info.
const (
	formatJSON   = "json"
	formatText   = "text"
	formatBinary = "binary"
)

// openStored opens a response file and tells its format from its
// extension and first bytes; the file is positioned at its start.
func (w *Workspace) openStored(path string) (*os.File, Info, error) {
	f, err := w.Open(path)
	if err != nil {
		return nil, Info{}, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, Info{}, ErrNotFound
	}
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return nil, Info{}, ErrNotFound
	}
	info := Info{Path: filepath.Join(w.responses, filepath.Base(f.Name())), Size: st.Size(), SizeHint: FormatSize(st.Size())}
	ext := strings.ToLower(filepath.Ext(f.Name()))
	switch {
	case !looksText(head) || binaryExt(ext):
		info.Format = formatBinary
		info.MediaType, _, _ = strings.Cut(http.DetectContentType(head), ";")
	case ext == ".json":
		info.Format = formatJSON
	default:
		info.Format = formatText
	}
	return f, info, nil
}

// binaryExt reports extensions Store gives to bodies that are not text.
func binaryExt(ext string) bool {
	switch ext {
	case ".png", ".jpg", ".gif", ".webp", ".bmp", ".tiff", ".pdf", ".zip", ".gz", ".tar",
		".xlsx", ".docx", ".mp3", ".mp4", ".bin":
		return true
	}
	return false
}

// binaryMessage tells a model what to do with a binary file.
const binaryMessage = "binary file: the response tools read only JSON and text, and binary content is never shown as text; " +
	"open it with the openCmd invoke returned, or give the path to the user"
