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
// type. Form, multipart, text and binary encoders slot in next to jsonBody.
type bodyEncoder func(raw json.RawMessage) ([]byte, error)

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
	enc, contentType := encoderFor(mediaType)
	if enc == nil {
		return nil, []string{fmt.Sprintf("requestBody: media type %s is not supported yet; this endpoint offers %s",
			mediaType, strings.Join(spec.MediaTypes, ", "))}
	}
	data, err := enc(in.Body)
	if err != nil {
		return nil, []string{"requestBody: " + err.Error()}
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

// encoderFor gives the encoder of a media type and the Content-Type to send,
// or nil when the media type is not supported yet.
func encoderFor(mediaType string) (bodyEncoder, string) {
	switch {
	case isWildcard(mediaType):
		return jsonBody, "application/json"
	case isJSONMediaType(mediaType):
		if strings.Contains(mediaType, "*") {
			return jsonBody, "application/json"
		}
		return jsonBody, mediaType
	}
	return nil, ""
}

// jsonBody sends the JSON as given, compacted; invalid JSON is refused.
func jsonBody(raw json.RawMessage) ([]byte, error) {
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return nil, fmt.Errorf("not valid JSON: %s", err)
	}
	return buf.Bytes(), nil
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
