package invoke

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime"
	"strings"

	"github.com/swag2mcp/swag2mcp/runtime/catalog"
)

// encodedBody is a request body ready to send.
type encodedBody struct {
	data        []byte
	contentType string
}

// bodyEncoder turns invoke's requestBody (JSON) into the bytes of one media
// type and the Content-Type to send them with.
type bodyEncoder func(raw json.RawMessage, mediaType string, enc map[string]Encoding) ([]byte, string, error)

// maxRequestBody bounds an encoded request body.
const maxRequestBody = 32 << 20

// encodeBody picks the media type and encodes in.Body. A nil result with no
// problems means no body. Problems are for the model to fix.
func encodeBody(in *Input) (*encodedBody, []string) {
	spec := in.Endpoint.Body
	if len(in.Body) == 0 {
		if spec != nil && spec.Required {
			return nil, []string{"requestBody is required"}
		}
		return nil, nil
	}
	if spec == nil {
		return nil, []string{"this endpoint takes no requestBody"}
	}
	mediaType, problem := chooseMediaType(spec, in.MediaType)
	if problem != "" {
		return nil, []string{problem}
	}
	var encoding map[string]Encoding
	if k := kindOf(mediaType); k == formMedia || k == multipartMedia {
		encoding = encodingOf(in.Endpoint, mediaType)
	}
	data, contentType, err := encoderFor(mediaType)(in.Body, mediaType, encoding)
	if err != nil {
		return nil, []string{fmt.Sprintf("requestBody (%s): %s", mediaType, err)}
	}
	if len(data) > maxRequestBody {
		return nil, []string{fmt.Sprintf("requestBody: %d bytes encoded, more than the %d allowed", len(data), maxRequestBody)}
	}
	return &encodedBody{data: data, contentType: contentType}, nil
}

// chooseMediaType returns the caller's media type when the endpoint offers
// it, else the endpoint's first JSON media type, else application/json for an
// endpoint that lists none or only wildcards.
func chooseMediaType(spec *catalog.Body, chosen string) (string, string) {
	if chosen != "" {
		for _, mt := range spec.MediaTypes {
			if strings.EqualFold(mt, chosen) {
				return mt, ""
			}
		}
		return "", fmt.Sprintf("media type %q is not offered by this endpoint; choose one of: %s",
			chosen, strings.Join(spec.MediaTypes, ", "))
	}
	for _, mt := range spec.MediaTypes {
		if isJSONMediaType(mt) {
			return mt, ""
		}
	}
	if len(spec.MediaTypes) == 0 || isWildcard(spec.MediaTypes[0]) {
		return "application/json", ""
	}
	return spec.MediaTypes[0], ""
}

// mediaKind is how a media type's body is encoded.
type mediaKind int

const (
	jsonMedia mediaKind = iota
	formMedia
	multipartMedia
	textMedia
	binaryMedia
)

// kindOf classifies a media type: JSON (and */*), form, multipart, text
// (text/* and XML) or binary (everything else).
func kindOf(mediaType string) mediaKind {
	base, _, err := mime.ParseMediaType(mediaType)
	if err != nil {
		base = strings.ToLower(strings.TrimSpace(mediaType))
	}
	typ, sub, _ := strings.Cut(base, "/")
	switch {
	case base == "*/*" || base == "*" || isJSONMediaType(base):
		return jsonMedia
	case base == "application/x-www-form-urlencoded":
		return formMedia
	case typ == "multipart":
		return multipartMedia
	case typ == "text" || sub == "xml" || strings.HasSuffix(sub, "+xml"):
		return textMedia
	}
	return binaryMedia
}

// encoderFor gives the encoder of a media type.
func encoderFor(mediaType string) bodyEncoder {
	switch kindOf(mediaType) {
	case formMedia:
		return formBody
	case multipartMedia:
		return multipartBody
	case textMedia:
		return textBody
	case binaryMedia:
		return binaryBody
	}
	return jsonBody
}

// jsonBody sends the JSON as given, compacted; invalid JSON is refused. A
// wildcard media type is sent as application/json.
func jsonBody(raw json.RawMessage, mediaType string, _ map[string]Encoding) ([]byte, string, error) {
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return nil, "", fmt.Errorf("not valid JSON: %s", err)
	}
	if strings.Contains(mediaType, "*") {
		mediaType = "application/json"
	}
	return buf.Bytes(), mediaType, nil
}

// isJSONMediaType matches application/json, text/json and any +json type.
func isJSONMediaType(mt string) bool {
	base, _, err := mime.ParseMediaType(mt)
	if err != nil {
		base = strings.ToLower(strings.TrimSpace(mt))
	}
	_, sub, _ := strings.Cut(base, "/")
	return sub == "json" || strings.HasSuffix(sub, "+json")
}

// isWildcard matches */* and type/*.
func isWildcard(mt string) bool {
	base, _, err := mime.ParseMediaType(mt)
	if err != nil {
		base = strings.TrimSpace(mt)
	}
	_, sub, _ := strings.Cut(base, "/")
	return sub == "*"
}
