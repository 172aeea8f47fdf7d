// Package modzip makes the module zip of a swag2mcp checkout as a module
// proxy would serve it, and a file-system module proxy that serves it: the
// publication test installs swag2mcp from such a proxy, and release builds
// take the zip's checksum for go.sum (scripts/release-build.sh).
package modzip

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/mod/module"
	"golang.org/x/mod/sumdb/dirhash"
	modzip "golang.org/x/mod/zip"
)

// Files lists the files of the checkout at dir that belong to its module:
// what git tracks or would track (ignored files such as .cache/ are left
// out), as they are on disk now, so uncommitted work is included.
func Files(dir string) ([]modzip.File, error) {
	cmd := exec.Command("git", "ls-files", "--cached", "--others", "--exclude-standard", "-z")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-files in %s: %w", dir, err)
	}
	var files []modzip.File
	for _, rel := range strings.Split(string(out), "\x00") {
		if rel == "" {
			continue
		}
		path := filepath.Join(dir, filepath.FromSlash(rel))
		if _, err := os.Lstat(path); os.IsNotExist(err) {
			continue // deleted in the work tree but not yet in the index
		}
		files = append(files, diskFile{rel: rel, path: path})
	}
	return files, nil
}

// diskFile is a modzip.File on disk.
type diskFile struct{ rel, path string }

func (f diskFile) Path() string                 { return f.rel }
func (f diskFile) Lstat() (os.FileInfo, error)  { return os.Lstat(f.path) }
func (f diskFile) Open() (io.ReadCloser, error) { return os.Open(f.path) }

// Zip returns the module zip of the checkout at dir as module path@version.
func Zip(dir, path, version string) ([]byte, error) {
	files, err := Files(dir)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := modzip.Create(&buf, module.Version{Path: path, Version: version}, files); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Sum is the h1: checksum go.sum records for a module zip.
func Sum(zip []byte) (string, error) {
	tmp, err := os.CreateTemp("", "modzip-*.zip")
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(zip); err != nil {
		tmp.Close()
		return "", err
	}
	if err := tmp.Close(); err != nil {
		return "", err
	}
	return dirhash.HashZip(tmp.Name(), dirhash.Hash1)
}

// WriteProxy lays out a GOPROXY=file://root directory that serves the
// checkout at dir as module path@version: @v/list, .info, .mod and .zip.
func WriteProxy(root, dir, path, version string) error {
	zip, err := Zip(dir, path, version)
	if err != nil {
		return err
	}
	gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return err
	}
	escPath, err := module.EscapePath(path)
	if err != nil {
		return err
	}
	escVersion, err := module.EscapeVersion(version)
	if err != nil {
		return err
	}
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{version, time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		return err
	}
	at := filepath.Join(root, filepath.FromSlash(escPath), "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		return err
	}
	for name, data := range map[string][]byte{
		"list":               []byte(version + "\n"),
		escVersion + ".info": info,
		escVersion + ".mod":  gomod,
		escVersion + ".zip":  zip,
	} {
		if err := os.WriteFile(filepath.Join(at, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
