package invoke

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"mime"
	"mime/multipart"
	"net/textproto"
	"slices"
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// Encoding is an OpenAPI encoding object entry: how one property of a form
// or multipart body is written.
type Encoding struct {
	ContentType   string `json:"contentType,omitempty"`
	Style         string `json:"style,omitempty"`
	Explode       *bool  `json:"explode,omitempty"`
	AllowReserved bool   `json:"allowReserved,omitempty"`
}

// encodingOf reads the encoding object of e's request body for mediaType
// from its inspect document, where the generator keeps it; nil when none.
func encodingOf(e *catalog.Endpoint, mediaType string) map[string]Encoding {
	op := e.Operation.String()
	if op == "" || !strings.Contains(op, `"encoding"`) {
		return nil
	}
	var doc struct {
		RequestBody struct {
			Content map[string]struct {
				Encoding map[string]Encoding `json:"encoding"`
			} `json:"content"`
		} `json:"requestBody"`
	}
	if err := json.Unmarshal([]byte(op), &doc); err != nil {
		return nil
	}
	return doc.RequestBody.Content[mediaType].Encoding
}

// members decodes a JSON object body into its members, sorted by name.
func members(raw json.RawMessage) ([]string, map[string]json.RawMessage, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil || m == nil {
		return nil, nil, fmt.Errorf("must be a JSON object of the form's fields")
	}
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	slices.Sort(names)
	return names, m, nil
}

// formBody writes application/x-www-form-urlencoded: each field as a query
// parameter of style form (explode true) unless its encoding says
// otherwise; a field whose encoding names a JSON content type is sent as
// JSON text.
func formBody(raw json.RawMessage, mediaType string, enc map[string]Encoding) ([]byte, string, error) {
	names, m, err := members(raw)
	if err != nil {
		return nil, "", err
	}
	var pairs []string
	for _, name := range names {
		v := m[name]
		if isNullJSON(v) {
			continue
		}
		e := enc[name]
		if e.ContentType != "" && isJSONMediaType(e.ContentType) {
			var buf bytes.Buffer
			if err := json.Compact(&buf, v); err != nil {
				return nil, "", fmt.Errorf("field %q: %s", name, err)
			}
			pairs = append(pairs, queryText([]token{data(name)}, false)+"="+queryText([]token{data(buf.String())}, e.AllowReserved))
			continue
		}
		p := catalog.Param{Name: name, In: "query", Style: e.Style, AllowReserved: e.AllowReserved}
		if e.Explode != nil {
			p.Explode = catalog.ExplodeFalse
			if *e.Explode {
				p.Explode = catalog.ExplodeTrue
			}
		}
		pieces, err := serialize(p, v)
		if err != nil {
			return nil, "", fmt.Errorf("field %q: %s", name, err)
		}
		for _, pc := range pieces {
			pairs = append(pairs, queryText([]token{data(pc.name)}, false)+"="+queryText(pc.value, e.AllowReserved))
		}
	}
	return []byte(strings.Join(pairs, "&")), mediaType, nil
}

// File is the argument shape of a file part: base64 content with an
// optional file name and content type.
type File struct {
	Content     string `json:"content"`
	Filename    string `json:"filename,omitempty"`
	ContentType string `json:"contentType,omitempty"`
}

// asFile reads v as a File when it is an object with a string "content"
// and no members but content, filename and contentType.
func asFile(v json.RawMessage) (File, bool) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(v, &m); err != nil || m == nil {
		return File{}, false
	}
	if _, ok := m["content"]; !ok {
		return File{}, false
	}
	for k := range m {
		if k != "content" && k != "filename" && k != "contentType" {
			return File{}, false
		}
	}
	var f File
	if err := json.Unmarshal(v, &f); err != nil {
		return File{}, false
	}
	return f, true
}

// multipartBody writes multipart/form-data (or another multipart type):
// one part per field, in name order. A File becomes a file part, an array
// one part per element, an object a JSON part, anything else a text part;
// the field's encoding contentType overrides a part's Content-Type.
func multipartBody(raw json.RawMessage, mediaType string, enc map[string]Encoding) ([]byte, string, error) {
	names, m, err := members(raw)
	if err != nil {
		return nil, "", err
	}
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for _, name := range names {
		v := m[name]
		if isNullJSON(v) {
			continue
		}
		items := []json.RawMessage{v}
		var arr []json.RawMessage
		if _, isFile := asFile(v); !isFile && json.Unmarshal(v, &arr) == nil {
			items = arr
		}
		for _, item := range items {
			if err := writePart(w, name, item, enc[name].ContentType); err != nil {
				return nil, "", fmt.Errorf("field %q: %s", name, err)
			}
		}
	}
	if err := w.Close(); err != nil {
		return nil, "", err
	}
	base, _, err := mime.ParseMediaType(mediaType)
	if err != nil {
		base = "multipart/form-data"
	}
	return buf.Bytes(), mime.FormatMediaType(base, map[string]string{"boundary": w.Boundary()}), nil
}

// quoteParam escapes a Content-Disposition parameter as mime/multipart
// does (its escaper is unexported).
func quoteParam(s string) string {
	return strings.NewReplacer("\\", "\\\\", `"`, "\\\"", "\r", "%0D", "\n", "%0A").Replace(s)
}

// writePart writes one field value as a part.
func writePart(w *multipart.Writer, name string, v json.RawMessage, contentType string) error {
	h := textproto.MIMEHeader{}
	// CreateFormField's quoting, which multipart keeps unexported.
	disposition := `form-data; name="` + quoteParam(name) + `"`
	var body []byte
	if f, ok := asFile(v); ok {
		data, err := decodeBase64(f.Content)
		if err != nil {
			return fmt.Errorf("file content: %s", err)
		}
		body = data
		disposition = multipart.FileContentDisposition(name, firstNonEmpty(f.Filename, name))
		contentType = firstNonEmpty(f.ContentType, contentType, "application/octet-stream")
	} else {
		var s string
		switch {
		case json.Unmarshal(v, &s) == nil:
			body = []byte(s)
		case isObjectOrArray(v):
			var buf bytes.Buffer
			if err := json.Compact(&buf, v); err != nil {
				return err
			}
			body = buf.Bytes()
			contentType = firstNonEmpty(contentType, "application/json")
		default:
			body = bytes.TrimSpace(v) // number or boolean as written
		}
	}
	h.Set("Content-Disposition", disposition)
	if contentType != "" {
		if !validHeaderValue(contentType) {
			return fmt.Errorf("content type must not contain control characters")
		}
		h.Set("Content-Type", contentType)
	}
	pw, err := w.CreatePart(h)
	if err != nil {
		return err
	}
	_, err = pw.Write(body)
	return err
}

// textBody sends a JSON string as its text, and a number or boolean as
// written. Objects and arrays are refused: which text they stand for (XML,
// CSV, …) is the caller's to decide.
func textBody(raw json.RawMessage, mediaType string, _ map[string]Encoding) ([]byte, string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return []byte(s), mediaType, nil
	}
	if isObjectOrArray(raw) || !json.Valid(raw) {
		return nil, "", fmt.Errorf("must be the text to send, as a JSON string")
	}
	return bytes.TrimSpace(raw), mediaType, nil
}

// binaryBody sends the bytes of a base64 string. A wildcard media type
// (image/*) is sent as application/octet-stream.
func binaryBody(raw json.RawMessage, mediaType string, _ map[string]Encoding) ([]byte, string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		if f, ok := asFile(raw); ok {
			s = f.Content
		} else {
			return nil, "", fmt.Errorf("must be the content as a base64 string")
		}
	}
	data, err := decodeBase64(s)
	if err != nil {
		return nil, "", err
	}
	if strings.Contains(mediaType, "*") {
		mediaType = "application/octet-stream"
	}
	return data, mediaType, nil
}

// decodeBase64 accepts standard and URL-safe base64, padded or not, with
// line breaks.
func decodeBase64(s string) ([]byte, error) {
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == ' ' || r == '\t' {
			return -1
		}
		return r
	}, s)
	if strings.ContainsAny(s, "-_") {
		s = strings.NewReplacer("-", "+", "_", "/").Replace(s)
	}
	s = strings.TrimRight(s, "=")
	data, err := base64.RawStdEncoding.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("not valid base64")
	}
	return data, nil
}

func isNullJSON(v json.RawMessage) bool {
	return len(bytes.TrimSpace(v)) == 0 || string(bytes.TrimSpace(v)) == "null"
}

func isObjectOrArray(v json.RawMessage) bool {
	t := bytes.TrimSpace(v)
	return len(t) > 0 && (t[0] == '{' || t[0] == '[')
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}
