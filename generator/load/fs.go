package load

import (
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"path/filepath"

	"github.com/pb33f/libopenapi/index"
)

// confinedFS is the file system libopenapi reads referenced files through.
// It opens files lazily, like libopenapi's own LocalFS (which it wraps), but
// only inside the spec's folder: libopenapi's LocalFS would follow "../" out
// of it, and given an fs.FS it would read every file of the folder up front.
type confinedFS struct {
	dir   string
	inner *index.LocalFS
}

func newConfinedFS(dir string) *confinedFS {
	return &confinedFS{dir: dir}
}

// SetRolodex is called by libopenapi when the file system joins a document's
// rolodex; only then is the index configuration known.
func (c *confinedFS) SetRolodex(r *index.Rolodex) {
	cfg := r.GetConfig()
	if cfg == nil {
		return
	}
	cfg.AllowFileLookup = true
	inner, err := index.NewLocalFSWithConfig(&index.LocalFSConfig{
		BaseDirectory: c.dir,
		IndexConfig:   cfg,
		Logger:        cfg.Logger,
	})
	if err != nil {
		return
	}
	inner.SetRolodex(r)
	c.inner = inner
}

// SetLogger passes libopenapi's logger on.
func (c *confinedFS) SetLogger(l *slog.Logger) {
	if c.inner != nil {
		c.inner.SetLogger(l)
	}
}

// Open opens name, relative to the spec's folder or absolute inside it.
func (c *confinedFS) Open(name string) (fs.File, error) {
	return c.OpenWithContext(context.Background(), name)
}

// OpenWithContext is Open with a context, as libopenapi prefers.
func (c *confinedFS) OpenWithContext(ctx context.Context, name string) (fs.File, error) {
	if c.inner == nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fmt.Errorf("file references are not set up")}
	}
	p := filepath.FromSlash(name)
	if !filepath.IsAbs(p) {
		p = filepath.Join(c.dir, p)
	}
	p = filepath.Clean(p)
	rel, err := filepath.Rel(c.dir, p)
	if err != nil || !filepath.IsLocal(rel) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fmt.Errorf("outside the spec's folder")}
	}
	return c.inner.OpenWithContext(ctx, p)
}

// GetFiles lists the files read so far.
func (c *confinedFS) GetFiles() map[string]index.RolodexFile {
	if c.inner == nil {
		return map[string]index.RolodexFile{}
	}
	return c.inner.GetFiles()
}
