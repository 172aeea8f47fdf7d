package spill

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Errors of Open, to be told apart with errors.Is.
var (
	// ErrNotFound: no such response file (never stored, or removed by
	// retention).
	ErrNotFound = errors.New("not found")
	// ErrInvalidPath: the path is not a response file of this workspace.
	ErrInvalidPath = errors.New("invalid path")
)

// validName reports whether name has the shape Store gives: response_,
// 8 to 32 lowercase hex digits, an extension of 1 to 8 letters or digits.
func validName(name string) bool {
	rest, ok := strings.CutPrefix(name, "response_")
	if !ok {
		return false
	}
	id, ext, ok := strings.Cut(rest, ".")
	if !ok || len(id) < 8 || len(id) > 32 || len(ext) < 1 || len(ext) > 8 {
		return false
	}
	for _, r := range id {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f') {
			return false
		}
	}
	for _, r := range ext {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z') {
			return false
		}
	}
	return true
}

// Open opens a stored response file for reading. path is either the
// absolute path Store returned or the bare file name. Anything else is
// refused: relative paths with folders, traversal, absolute paths outside
// the responses folder, files there that Store did not name, symbolic
// links and folders. The opened file is checked to be the one inspected,
// so a file swapped in between is refused too.
func (w *Workspace) Open(path string) (*os.File, error) {
	name, err := w.fileName(strings.TrimSpace(path))
	if err != nil {
		return nil, err
	}
	full := filepath.Join(w.responses, name)
	info, err := os.Lstat(full)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%w: no response file %s (it may have been removed to keep the workspace small)", ErrNotFound, name)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %s cannot be read", ErrNotFound, name)
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%w: %s is not a regular file", ErrInvalidPath, name)
	}
	f, err := os.Open(full)
	if errors.Is(err, os.ErrNotExist) {
		// Removed between the two looks, by retention here or in another
		// replica sharing the folder.
		return nil, fmt.Errorf("%w: no response file %s (it may have been removed to keep the workspace small)", ErrNotFound, name)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %s cannot be read", ErrNotFound, name)
	}
	opened, err := f.Stat()
	if err != nil || !os.SameFile(info, opened) {
		f.Close()
		return nil, fmt.Errorf("%w: %s changed while being opened", ErrInvalidPath, name)
	}
	return f, nil
}

// fileName checks path's shape and gives the response file name it names.
func (w *Workspace) fileName(path string) (string, error) {
	if path == "" {
		return "", fmt.Errorf("%w: path is empty; pass the fileRef path invoke returned", ErrInvalidPath)
	}
	name := path
	if filepath.IsAbs(path) {
		clean := filepath.Clean(path)
		if !w.inResponses(filepath.Dir(clean)) {
			return "", fmt.Errorf("%w: only files in %s can be read; pass the fileRef path invoke returned", ErrInvalidPath, w.responses)
		}
		name = filepath.Base(clean)
	} else if strings.ContainsAny(path, `/\`) || path == "." || path == ".." {
		return "", fmt.Errorf("%w: pass the absolute fileRef path invoke returned, or just its file name", ErrInvalidPath)
	}
	if !validName(name) {
		return "", fmt.Errorf("%w: %q is not a stored response (names look like response_<id>.json)", ErrInvalidPath, name)
	}
	return name, nil
}

// inResponses reports whether dir is the responses folder, directly or
// through symbolic links in the workspace's own path (e.g. /tmp on macOS).
func (w *Workspace) inResponses(dir string) bool {
	if dir == w.responses {
		return true
	}
	real, err := filepath.EvalSymlinks(w.responses)
	if err != nil {
		return false
	}
	other, err := filepath.EvalSymlinks(dir)
	return err == nil && other == real
}
