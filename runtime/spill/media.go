package spill

import (
	"bytes"
	"mime"
	"net/http"
	"strings"
	"unicode/utf8"
)

// Kind is how a body is treated: parsed, shown as text, shown as an image,
// or kept as opaque bytes.
type Kind int

// Kinds of bodies.
const (
	KindJSON Kind = iota + 1
	KindText
	KindImage  // an image MCP clients display: PNG, JPEG, GIF, WebP
	KindBinary // anything else that is not text: never decoded as text
)

// Classify says how to treat a body with the given Content-Type whose
// first bytes are head (up to 512 are looked at). A missing or generic
// content type is sniffed; declared text that is not UTF-8 counts as
// binary, so it is never shown as mojibake. mediaType is the lowercase
// media type without parameters, sniffed where it was missing.
func Classify(contentType string, head []byte) (kind Kind, mediaType string) {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		mt = ""
	}
	mt = strings.ToLower(mt)
	if mt == "" || mt == "application/octet-stream" || mt == "binary/octet-stream" {
		sniffed, _, _ := mime.ParseMediaType(http.DetectContentType(head))
		if mt == "" || sniffed != "text/plain" {
			mt = sniffed
		}
	}
	switch {
	case isJSONType(mt):
		kind = KindJSON
	case isTextType(mt):
		kind = KindText
	case mt == "image/png" || mt == "image/jpeg" || mt == "image/gif" || mt == "image/webp":
		return KindImage, mt
	default:
		return KindBinary, mt
	}
	if !looksText(head) {
		return KindBinary, mt
	}
	return kind, mt
}

func isJSONType(mt string) bool {
	return mt == "application/json" || mt == "text/json" || strings.HasSuffix(mt, "+json")
}

func isTextType(mt string) bool {
	switch mt {
	case "application/xml", "application/yaml", "application/x-yaml", "application/javascript",
		"application/x-www-form-urlencoded", "application/graphql", "application/x-ndjson",
		"application/ld+json", "image/svg+xml":
		return true
	}
	return strings.HasPrefix(mt, "text/") || strings.HasSuffix(mt, "+xml")
}

// looksText reports whether head is UTF-8 without NUL bytes. Only its
// first 512 bytes are looked at, so a character cut there is allowed.
func looksText(head []byte) bool {
	slack := 0
	if len(head) > 512 {
		head, slack = head[:512], utf8.UTFMax-1
	}
	if bytes.IndexByte(head, 0) >= 0 {
		return false
	}
	for k := 0; k <= slack && k <= len(head); k++ {
		if utf8.Valid(head[:len(head)-k]) {
			return true
		}
	}
	return false
}

// knownExt maps media types to file name extensions: a fixed table, not
// mime.ExtensionsByType, whose answers depend on the machine.
func knownExt(mt string) string {
	switch mt {
	case "application/json", "text/json":
		return ".json"
	case "text/plain":
		return ".txt"
	case "text/html":
		return ".html"
	case "text/csv":
		return ".csv"
	case "text/markdown":
		return ".md"
	case "application/xml", "text/xml":
		return ".xml"
	case "application/yaml", "application/x-yaml", "text/yaml":
		return ".yaml"
	case "application/javascript", "text/javascript":
		return ".js"
	case "application/x-ndjson":
		return ".ndjson"
	case "image/svg+xml":
		return ".svg"
	case "image/png":
		return ".png"
	case "image/jpeg":
		return ".jpg"
	case "image/gif":
		return ".gif"
	case "image/webp":
		return ".webp"
	case "image/bmp":
		return ".bmp"
	case "image/tiff":
		return ".tiff"
	case "application/pdf":
		return ".pdf"
	case "application/zip":
		return ".zip"
	case "application/gzip", "application/x-gzip":
		return ".gz"
	case "application/x-tar":
		return ".tar"
	case "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet":
		return ".xlsx"
	case "application/vnd.openxmlformats-officedocument.wordprocessingml.document":
		return ".docx"
	case "audio/mpeg":
		return ".mp3"
	case "video/mp4":
		return ".mp4"
	}
	return ""
}

// Ext is the file name extension for a body of the given kind and media
// type: the type's own where known, else .json, .txt or .bin by kind.
func Ext(kind Kind, mediaType string) string {
	if e := knownExt(mediaType); e != "" {
		return e
	}
	switch {
	case kind == KindJSON || strings.HasSuffix(mediaType, "+json"):
		return ".json"
	case strings.HasSuffix(mediaType, "+xml"):
		return ".xml"
	case kind == KindText:
		return ".txt"
	}
	return ".bin"
}
