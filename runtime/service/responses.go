package service

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/config"
	"github.com/swag2mcp/swag2mcp/runtime/invoke"
	"github.com/swag2mcp/swag2mcp/runtime/spill"
)

// responses holds the workspace of stored bodies and the limits invoke
// answers by.
type responses struct {
	ws        *spill.Workspace
	maxInline int64
	maxBody   int64
}

// newResponses opens the workspace the configuration names; nothing is
// created on disk yet.
func newResponses(serverName string, c *config.Config) (*responses, error) {
	dir := c.Workspace
	if dir == "" {
		dir = defaultWorkspace(serverName)
	}
	ws, err := spill.New(spill.Options{Dir: dir, MaxFiles: c.KeepFiles, MaxBytes: c.KeepBytes})
	if err != nil {
		return nil, err
	}
	r := &responses{ws: ws, maxInline: c.MaxResponseSize, maxBody: c.MaxBodySize}
	if r.maxInline <= 0 {
		r.maxInline = invoke.DefaultMaxInlineBytes
	}
	if r.maxBody <= 0 {
		r.maxBody = invoke.DefaultMaxBodyBytes
	}
	return r, nil
}

// defaultWorkspace is <user cache dir>/swag2mcp/<server name>, or under
// the temporary folder when the system names no cache folder.
func defaultWorkspace(serverName string) string {
	base, err := os.UserCacheDir()
	if err != nil {
		base = os.TempDir()
	}
	name := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.' {
			return r
		}
		return '_'
	}, serverName)
	if strings.Trim(name, ".") == "" {
		name = "server"
	}
	return filepath.Join(base, "swag2mcp", name)
}

// clientOptions are the invoke client's body settings.
func (r *responses) clientOptions() invoke.ResponseOptions {
	return invoke.ResponseOptions{MaxInlineBytes: r.maxInline, Spill: r.ws}
}

// Outline describes a saved response: every JSON path with types, counts
// and samples, or a text's size and first lines.
func (s *Service) Outline(path string) (*spill.Outline, error) {
	if strings.TrimSpace(path) == "" {
		return nil, validationFailed("path is required")
	}
	out, err := s.responses.ws.Outline(path)
	if err != nil {
		return nil, spillFailure(err)
	}
	return out, nil
}

// Compress returns a saved response in a shorter form (mode compact,
// sample, prune or table).
func (s *Service) Compress(path, mode string) (*spill.Compressed, error) {
	if p := requiredProblems(map[string]string{"path": path, "mode": mode}); p != "" {
		return nil, validationFailed("%s", p)
	}
	out, err := s.responses.ws.Compress(path, mode)
	if err != nil {
		return nil, spillFailure(err)
	}
	return out, nil
}

// Slice selects parts of a saved JSON response with an RFC 9535 JSONPath.
func (s *Service) Slice(path, jsonPath string) (*spill.Sliced, error) {
	if p := requiredProblems(map[string]string{"path": path, "jsonPath": jsonPath}); p != "" {
		return nil, validationFailed("%s", p)
	}
	out, err := s.responses.ws.Slice(path, jsonPath)
	if err != nil {
		return nil, spillFailure(err)
	}
	return out, nil
}

// SaveJSON saves a JSON value too large to answer inline (a script's
// result) and describes the file; what says what the value is.
func (s *Service) SaveJSON(v json.RawMessage, what string) (*FileRef, error) {
	r := s.responses
	f, err := r.ws.Store(bytes.NewReader(v), spill.KindJSON, "application/json", r.maxBody)
	if err != nil {
		return nil, err
	}
	s.metrics.Spilled()
	ref := r.newFileRef(f)
	ref.Message = fmt.Sprintf("%s (%s) passes the %s inline limit and was saved to disk. "+
		"Explore it with response_outline, then response_slice or response_compress, passing this path.", what, ref.SizeHint, ref.MaxSizeHint)
	return ref, nil
}

// requiredProblems names the blank ones of the required string arguments,
// in name order.
func requiredProblems(args map[string]string) string {
	var problems []string
	for _, name := range slices.Sorted(maps.Keys(args)) {
		if strings.TrimSpace(args[name]) == "" {
			problems = append(problems, name+" is required")
		}
	}
	return strings.Join(problems, "; ")
}

// spillFailure words a response tool's error with its stable code.
func spillFailure(err error) *Error {
	var tl *spill.TooLargeError
	switch {
	case errors.As(err, &tl):
		return &Error{Code: CodeTooLarge, Message: tl.Error()}
	case errors.Is(err, spill.ErrNotFound):
		return &Error{Code: CodeNotFound, Message: err.Error() + "; invoke the endpoint again for a fresh fileRef"}
	case errors.Is(err, spill.ErrInvalidPath), errors.Is(err, spill.ErrBadMode), errors.Is(err, spill.ErrBadQuery):
		return &Error{Code: CodeValidationFailed, Message: err.Error()}
	}
	return &Error{Code: CodeNotFound, Message: fmt.Sprintf("the file cannot be read: %v", err)}
}

// FileRef tells a model where a stored body is and what to do with it.
type FileRef struct {
	Path        string `json:"path"`
	Size        int64  `json:"size"`
	SizeHint    string `json:"sizeHint"`
	MaxSizeHint string `json:"maxSizeHint"`
	MediaType   string `json:"mediaType,omitempty"`
	Truncated   bool   `json:"truncated,omitempty"` // the body passed max_body_size; the file holds its start
	Message     string `json:"message"`
	OpenCmd     string `json:"openCmd"`
}

// ImageRef describes an image answered as MCP image content.
type ImageRef struct {
	MediaType string `json:"mediaType"`
	Size      int    `json:"size"`
}

// newFileRef describes f for the answer.
func (r *responses) newFileRef(f *spill.File) *FileRef {
	ref := &FileRef{Path: f.Path, Size: f.Size, SizeHint: spill.FormatSize(f.Size),
		MaxSizeHint: spill.FormatSize(r.maxInline), MediaType: f.MediaType, Truncated: f.Truncated,
		OpenCmd: spill.OpenCommand(f.Path)}
	switch {
	case f.Kind == spill.KindBinary || f.Kind == spill.KindImage:
		ref.Message = fmt.Sprintf("The response is binary (%s, %s) and was saved to disk instead of shown. "+
			"Tell the user the path or open it with openCmd; the response tools read only JSON and text.", f.MediaType, ref.SizeHint)
	default:
		ref.Message = fmt.Sprintf("The response (%s) passes the %s inline limit and was saved to disk. "+
			"Explore it with response_outline, then response_slice or response_compress, passing this path.", ref.SizeHint, ref.MaxSizeHint)
	}
	if f.Truncated {
		ref.Message += fmt.Sprintf(" The body was longer than the %s read limit; the file holds its first %s.",
			spill.FormatSize(r.maxBody), ref.SizeHint)
	}
	return ref
}

// shapeBody fills ans from a saved or image body.
func (r *responses) shapeBody(ans *InvokeResult, resp *invoke.Response) {
	switch {
	case resp.File != nil:
		ans.FileRef = r.newFileRef(resp.File)
		ans.Truncated = false
		if resp.File.Kind == spill.KindBinary || resp.File.Kind == spill.KindImage {
			ans.Media = &Media{MediaType: resp.File.MediaType, File: resp.File.Path, FileName: resp.File.Name}
		}
	case resp.Image != nil:
		ans.Image = &ImageRef{MediaType: resp.Image.MediaType, Size: len(resp.Image.Data)}
		ans.Media = &Media{MediaType: resp.Image.MediaType, Image: resp.Image.Data}
	}
}
