package invoke

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/swag2mcp/swag2mcp/runtime/spill"
)

// Response is an API's 2xx answer. Its body comes back one way: Body
// (JSON decoded, or text), Image, or File when it was stored in the
// workspace.
type Response struct {
	StatusCode int
	Headers    map[string]string // lowercase names, secrets dropped, values joined with ", "
	Body       any               // decoded JSON for JSON content, else text; nil when empty, stored or an image
	Size       int64             // bytes of the body read (a stored body's included)
	// Truncated: the body passed the read bound, so Body (or File) holds
	// only its first bytes.
	Truncated bool
	Image     *Image      // an image within the inline limit
	File      *spill.File // the body, stored because it passed the inline limit or is binary
}

// Image is an image body small enough to answer inline.
type Image struct {
	MediaType string // image/png, image/jpeg, image/gif or image/webp
	Data      []byte
}

// Defaults of ResponseOptions.
const (
	DefaultMaxInlineBytes = 1 << 20
	DefaultMaxBodyBytes   = 1 << 30
)

// ResponseOptions decide how a body comes back.
type ResponseOptions struct {
	// MaxInlineBytes is the largest body answered inline
	// (max_response_size); 0: DefaultMaxInlineBytes.
	MaxInlineBytes int64
	// Spill stores 2xx bodies larger than MaxInlineBytes, and binary
	// bodies other than images of any size. Nil: such bodies are cut at
	// MaxInlineBytes, and binary ones only described.
	Spill *spill.Workspace
}

// HTTPError is an API's answer outside 2xx, including a redirect that was
// not followed.
type HTTPError struct {
	StatusCode int
	Headers    map[string]string
	Body       any
	Truncated  bool
}

func (e *HTTPError) Error() string {
	msg := fmt.Sprintf("the API answered %d %s", e.StatusCode, http.StatusText(e.StatusCode))
	switch e.StatusCode {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		msg += " (redirects to another origin are not followed)"
	}
	return strings.TrimSpace(msg)
}

// readResponse reads resp's body and shapes it: inline within the inline
// limit, else (2xx with a workspace) streamed to a response file up to the
// read bound, where it is cut. Error bodies are never stored: they are cut
// at the inline limit.
func (c *Client) readResponse(resp *http.Response) (*Response, error) {
	inline := c.responses.MaxInlineBytes
	if inline <= 0 {
		inline = DefaultMaxInlineBytes
	}
	limit := min(inline, c.maxBody)
	head, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return nil, err
	}
	over := int64(len(head)) > limit
	ct := resp.Header.Get("Content-Type")
	kind, mediaType := spill.Classify(ct, head)
	out := &Response{StatusCode: resp.StatusCode, Headers: responseHeaders(resp.Header), Size: int64(len(head))}
	ok := resp.StatusCode >= 200 && resp.StatusCode <= 299
	if c.responses.Spill != nil && ok && len(head) > 0 && (over || kind == spill.KindBinary) {
		f, err := c.responses.Spill.Store(io.MultiReader(bytes.NewReader(head), resp.Body), kind, mediaType, c.maxBody)
		if err != nil {
			return nil, err
		}
		out.File, out.Size, out.Truncated = f, f.Size, f.Truncated
		return out, nil
	}
	if over {
		head = head[:limit]
		out.Size, out.Truncated = limit, true
	}
	if kind == spill.KindImage && !over {
		out.Image = &Image{MediaType: mediaType, Data: head}
		return out, nil
	}
	out.Body = decodeBody(head, ct, kind, over)
	return out, nil
}

// decodeBody decodes JSON content (numbers kept exact as json.Number) and
// gives other content as text. A truncated body is text, cut at a whole
// character; content that is not text is described, not returned.
func decodeBody(data []byte, contentType string, kind spill.Kind, truncated bool) any {
	if len(data) == 0 {
		return nil
	}
	if !truncated && isJSONMediaType(contentType) {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		var v any
		if err := dec.Decode(&v); err == nil {
			if _, err := dec.Token(); err == io.EOF {
				return v
			}
		}
	}
	if truncated {
		data = trimPartialRune(data)
	}
	if kind == spill.KindImage || kind == spill.KindBinary || !utf8.Valid(data) {
		return fmt.Sprintf("[%d bytes of binary content (%s) not shown]", len(data), mediaTypeOrUnknown(contentType))
	}
	return string(data)
}

// trimPartialRune drops an incomplete UTF-8 sequence a cut left at the end.
func trimPartialRune(data []byte) []byte {
	for k := 0; k < utf8.UTFMax && k < len(data); k++ {
		if utf8.Valid(data[:len(data)-k]) {
			return data[:len(data)-k]
		}
	}
	return data
}

func mediaTypeOrUnknown(ct string) string {
	if ct == "" {
		return "no content type"
	}
	return ct
}

// responseHeaders lowercases names, joins repeated values with ", " and
// drops headers that may carry credentials.
func responseHeaders(h http.Header) map[string]string {
	out := make(map[string]string, len(h))
	for name, vals := range h {
		lower := strings.ToLower(name)
		if secretHeader(lower) {
			continue
		}
		out[lower] = strings.Join(vals, ", ")
	}
	return out
}

// secretHeader says whether a (lowercase) response header name suggests a
// credential: cookies, authorization echoes, tokens, keys, sessions.
// WWW-Authenticate stays: it names the scheme the API wants, no secret.
func secretHeader(name string) bool {
	return slices.ContainsFunc([]string{
		"cookie", "authorization", "authentication-info", "token", "secret",
		"api-key", "apikey", "api_key", "password", "session", "credential",
	}, func(s string) bool { return strings.Contains(name, s) })
}
