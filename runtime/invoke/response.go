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
)

// Response is an API's 2xx answer.
type Response struct {
	StatusCode int
	Headers    map[string]string // lowercase names, secrets dropped, values joined with ", "
	Body       any               // decoded JSON for JSON content, else text; nil when empty
	Truncated  bool              // the body passed MaxBodyBytes: Body is the text of its first bytes
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

// readResponse reads at most limit bytes of resp's body and shapes it.
func readResponse(resp *http.Response, limit int64) (*Response, error) {
	data, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return nil, err
	}
	truncated := int64(len(data)) > limit
	if truncated {
		data = data[:limit]
	}
	ct := resp.Header.Get("Content-Type")
	return &Response{
		StatusCode: resp.StatusCode,
		Headers:    responseHeaders(resp.Header),
		Body:       decodeBody(data, ct, truncated),
		Truncated:  truncated,
	}, nil
}

// decodeBody decodes JSON content (numbers kept exact as json.Number) and
// gives other content as text. A truncated body is text, cut at a whole
// character; content that is not text is described, not returned.
func decodeBody(data []byte, contentType string, truncated bool) any {
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
	if !utf8.Valid(data) {
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
