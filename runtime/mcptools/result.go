package mcptools

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/swag2mcp/swag2mcp/runtime/service"
)

// success answers a call with v as structured content and the same JSON as
// text. A value that cannot be encoded is a server fault, so it becomes a
// JSON-RPC error.
func success(v any) (*mcp.CallToolResult, error) {
	b, err := service.Encode(v)
	if err != nil {
		return nil, fmt.Errorf("encode result: %w", err)
	}
	return &mcp.CallToolResult{
		Content:           []mcp.Content{mcp.NewTextContent(string(b))},
		StructuredContent: json.RawMessage(b),
	}, nil
}

// failure answers a call with e as {"error": e}, structured and as text,
// flagged as an error so the model sees it and can correct its call.
func failure(e *service.Error) (*mcp.CallToolResult, error) {
	res, err := success(struct {
		Error *service.Error `json:"error"`
	}{e})
	if err != nil {
		return nil, err
	}
	res.IsError = true
	return res, nil
}

// withMedia adds the MCP content an image or saved binary body calls
// for: the image itself, or a link to the saved file.
func withMedia(res *mcp.CallToolResult, m *service.Media) *mcp.CallToolResult {
	switch {
	case m == nil:
	case m.Image != nil:
		res.Content = append(res.Content, mcp.NewImageContent(base64.StdEncoding.EncodeToString(m.Image), m.MediaType))
	case m.File != "":
		res.Content = append(res.Content, mcp.NewResourceLink(fileURI(m.File), m.FileName, "API response saved by invoke", m.MediaType))
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
