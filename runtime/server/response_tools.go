package server

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/swag2mcp/swag2mcp/runtime/invoke"
	"github.com/swag2mcp/swag2mcp/runtime/spill"
)

// Tool names of the response tools.
const (
	toolResponseOutline  = "response_outline"
	toolResponseCompress = "response_compress"
	toolResponseSlice    = "response_slice"
)

// codeTooLarge: the answer would pass its size bound; the message says
// how to ask for less.
const codeTooLarge = "result_too_large"

// responses holds the workspace of stored bodies and the limits invoke
// answers by.
type responses struct {
	ws        *spill.Workspace
	maxInline int64
	maxBody   int64
}

// newResponses resolves the response settings (config data, environment,
// caller) and opens the workspace; nothing is created on disk yet.
func newResponses(serverName string, configData []byte, getenv func(string) string, caller ResponseSettings) (*responses, error) {
	s, err := resolveResponses(configData, getenv, caller)
	if err != nil {
		return nil, err
	}
	dir := s.Workspace
	if dir == "" {
		dir = defaultWorkspace(serverName)
	}
	ws, err := spill.New(spill.Options{Dir: dir, MaxFiles: s.KeepFiles, MaxBytes: s.KeepBytes})
	if err != nil {
		return nil, err
	}
	r := &responses{ws: ws, maxInline: s.MaxResponseSize, maxBody: s.MaxBodySize}
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

// responseTools pairs the response tools with their handlers.
func (t *tools) responseTools() []mcpserver.ServerTool {
	return []mcpserver.ServerTool{
		{Tool: responseOutlineTool(), Handler: t.responseOutline},
		{Tool: responseCompressTool(), Handler: t.responseCompress},
		{Tool: responseSliceTool(), Handler: t.responseSlice},
	}
}

const responsePathProp = `"path":{"type":"string","description":"fileRef.path from invoke (or its file name)"}`

func responseOutlineTool() mcp.Tool {
	return mcp.Tool{
		Name: toolResponseOutline,
		Description: "Outline a response invoke saved to a file (its fileRef): every JSON path with types, counts, " +
			"array lengths and sample values; for text, size, line count and first lines. Use it first on a fileRef.",
		RawInputSchema: []byte(`{"type":"object","properties":{` + responsePathProp + `},"required":["path"],"additionalProperties":false}`),
		Annotations:    readOnly("Outline saved response"),
	}
}

func responseCompressTool() mcp.Tool {
	return mcp.Tool{
		Name: toolResponseCompress,
		Description: "Return a saved response in a shorter form. Modes: compact (no whitespace), sample (first 3 items " +
			"of each array plus counts), prune (null and empty members dropped), table (arrays of objects as columns " +
			"and rows). Too large answers are refused with advice.",
		RawInputSchema: []byte(`{"type":"object","properties":{` + responsePathProp + `,` +
			`"mode":{"type":"string","enum":["compact","sample","prune","table"]}},` +
			`"required":["path","mode"],"additionalProperties":false}`),
		Annotations: readOnly("Compress saved response"),
	}
}

func responseSliceTool() mcp.Tool {
	return mcp.Tool{
		Name: toolResponseSlice,
		Description: "Select parts of a saved JSON response with an RFC 9535 JSONPath, e.g. $.items[0:10], " +
			"$.items[*].name or $.items[?@.price>10]; returns the matches with their paths.",
		RawInputSchema: []byte(`{"type":"object","properties":{` + responsePathProp + `,` +
			`"jsonPath":{"type":"string","description":"JSONPath starting with $"}},` +
			`"required":["path","jsonPath"],"additionalProperties":false}`),
		Annotations: readOnly("Slice saved response"),
	}
}

func (t *tools) responseOutline(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a := readArgs(req, "path")
	path := a.string("path", true)
	if terr := a.err(); terr != nil {
		return failure(terr)
	}
	out, err := t.responses.ws.Outline(path)
	if err != nil {
		return failure(spillFailure(err))
	}
	return success(out)
}

func (t *tools) responseCompress(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a := readArgs(req, "path", "mode")
	path, mode := a.string("path", true), a.string("mode", true)
	if terr := a.err(); terr != nil {
		return failure(terr)
	}
	out, err := t.responses.ws.Compress(path, mode)
	if err != nil {
		return failure(spillFailure(err))
	}
	return success(out)
}

func (t *tools) responseSlice(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a := readArgs(req, "path", "jsonPath")
	path, query := a.string("path", true), a.string("jsonPath", true)
	if terr := a.err(); terr != nil {
		return failure(terr)
	}
	out, err := t.responses.ws.Slice(path, query)
	if err != nil {
		return failure(spillFailure(err))
	}
	return success(out)
}

// spillFailure words a response tool's error with its stable code.
func spillFailure(err error) *toolError {
	var tl *spill.TooLargeError
	switch {
	case errors.As(err, &tl):
		return &toolError{Code: codeTooLarge, Message: tl.Error()}
	case errors.Is(err, spill.ErrNotFound):
		return &toolError{Code: codeNotFound, Message: err.Error() + "; invoke the endpoint again for a fresh fileRef"}
	case errors.Is(err, spill.ErrInvalidPath), errors.Is(err, spill.ErrBadMode), errors.Is(err, spill.ErrBadQuery):
		return &toolError{Code: codeValidationFailed, Message: err.Error()}
	}
	return &toolError{Code: codeNotFound, Message: fmt.Sprintf("the file cannot be read: %v", err)}
}

// fileRef tells a model where a stored body is and what to do with it.
type fileRef struct {
	Path        string `json:"path"`
	Size        int64  `json:"size"`
	SizeHint    string `json:"sizeHint"`
	MaxSizeHint string `json:"maxSizeHint"`
	MediaType   string `json:"mediaType,omitempty"`
	Truncated   bool   `json:"truncated,omitempty"` // the body passed max_body_size; the file holds its start
	Message     string `json:"message"`
	OpenCmd     string `json:"openCmd"`
}

// imageRef describes an image answered as MCP image content.
type imageRef struct {
	MediaType string `json:"mediaType"`
	Size      int    `json:"size"`
}

// newFileRef describes f for the answer.
func (r *responses) newFileRef(f *spill.File) *fileRef {
	ref := &fileRef{Path: f.Path, Size: f.Size, SizeHint: spill.FormatSize(f.Size),
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

// shapeBody fills ans from a stored or image body.
func (r *responses) shapeBody(ans *invokeAnswer, resp *invoke.Response) {
	switch {
	case resp.File != nil:
		ans.FileRef = r.newFileRef(resp.File)
		ans.Truncated = false
	case resp.Image != nil:
		ans.Image = &imageRef{MediaType: resp.Image.MediaType, Size: len(resp.Image.Data)}
	}
}

// withBodyContent adds the MCP content a stored or image body calls for:
// the image itself, or a link to a stored binary file.
func withBodyContent(res *mcp.CallToolResult, resp *invoke.Response) *mcp.CallToolResult {
	switch {
	case resp.Image != nil:
		res.Content = append(res.Content, mcp.NewImageContent(base64.StdEncoding.EncodeToString(resp.Image.Data), resp.Image.MediaType))
	case resp.File != nil && (resp.File.Kind == spill.KindBinary || resp.File.Kind == spill.KindImage):
		res.Content = append(res.Content, mcp.NewResourceLink(fileURI(resp.File.Path), resp.File.Name,
			"API response saved by invoke", resp.File.MediaType))
	}
	return res
}

// fileURI is the file: URI of an absolute path.
func fileURI(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // Windows drive letters
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}
