package load

import (
	"context"
	"errors"
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
	dir     string // the spec's folder as libopenapi sees it
	realDir string // dir with symbolic links resolved
	inner   *index.LocalFS
}

func newConfinedFS(dir, realDir string) *confinedFS {
	return &confinedFS{dir: dir, realDir: realDir}
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
	// The real path decides: "../" and symbolic links alike.
	if _, err := resolveInside(c.realDir, p); err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	return c.inner.OpenWithContext(ctx, p)
}

// errOutside is why a file outside the spec's folder is not read.
var errOutside = errors.New("outside the spec's folder")

// resolveInside resolves every symbolic link of p and returns the real path
// when it lies inside realDir (itself resolved); otherwise errOutside, or
// the error that stopped the resolution (a missing file). Nothing is read:
// a refused file's content is never seen, so it cannot leak into messages.
func resolveInside(realDir, p string) (string, error) {
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(realDir, real)
	if err != nil || !filepath.IsLocal(rel) {
		return "", errOutside
	}
	return real, nil
}

// GetFiles lists the files read so far.
func (c *confinedFS) GetFiles() map[string]index.RolodexFile {
	if c.inner == nil {
		return map[string]index.RolodexFile{}
	}
	return c.inner.GetFiles()
}
